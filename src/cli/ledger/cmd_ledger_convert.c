/* `bridgemp ledger convert`: another body's points credited on application
 * at the receiving body's stated rate (bmp_ledger_convert). */
#include <stdio.h>

#include "bridgemp/ledger_convert.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_convert =
    "Credit points a player earned under another body, at the receiving body's stated\n"
    "rate, as one provisional adjustment batch citing the rule (ABF-105: KIND is nz-a,\n"
    "nz-b, nz-c, uk-local, uk-blue or uk-green; NZ-102: abf-gold or abf-red-tour, with\n"
    "--earned, the year earned: gold of the same year is flagged NZ-106).  REF is the\n"
    "foreign body's record of\n"
    "the points; the same points (player, kind, REF) are refused a second time.\n";

static bmp_status convert_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_ledger_converted out;
    bmp_status st = bmp_ledger_convert(l, arg, &out, e);
    if (st)
        return st;
    char pts[32];
    bmp_points_format(out.points, pts, sizeof pts);
    printf("batch %lld provisional: %s %s credited %s %s (%s)%s%s\n", (long long)out.batch,
           out.foreign, a->points, pts, out.point_type, out.rule, out.note[0] ? "; " : "",
           out.note);
    return BMP_OK;
}

static int cmd_convert(void *arg)
{
    ledger_args *a = arg;
    bmp_ledger_conversion c = {a->body, a->pos[1], a->foreign, 0, a->ref, a->date, a->earned};
    if (!a->body || !a->foreign || !a->points || !a->ref || !a->date)
        return ledger_usage(a);
    if (!bmp_points_parse(a->points, &c.points)) {
        fprintf(stderr, "bridgemp ledger: --points '%s': expected points such as 12.34\n",
                a->points);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, convert_step, &c);
}

static const cli_opt opts_convert[] = {
    LOPT_BODY, LOPT_REQ(foreign, "KIND", "the foreign points' kind (nz-a, uk-local, abf-gold ...)"),
    LOPT_REQ(points, "P", "the foreign points"),
    LOPT_REQ(ref, "REF", "the foreign body's record of the points"),
    LOPT_REQ(date, "yyyy-mm-dd", "the day they are credited"),
    LOPT(earned, "yyyy", "the year they were earned (NZ-102)"), CLI_OPT_END};

const cli_cmd ledger_cmds_convert[] = {
    {"convert", "NUMBER", "credit another body's points", help_convert, opts_convert, 1, 1,
     cmd_convert, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
