/* `bridgemp ledger capitation`: a charge run (bmp_ledger_capitation_run). */
#include <stdio.h>
#include <stdlib.h>

#include "bridgemp/file.h"

#include "bridgemp/ledger_charges.h"
#include "cli/cmd_ledger.h"

static const char *const help_capitation =
    "usage: bridgemp ledger capitation YEAR --body B [--output FILE.csv]\n\n"
    "The annual capitation run of membership year YEAR (1 April YEAR to 31 March):\n"
    "one line in cents per Active home player of each club (ABF-111; none for\n"
    "overseas and youth players, ABF-100, ABF-102) and a commission credit per new\n"
    "player.  All or nothing; run again, it changes nothing and says so.  --output\n"
    "writes the run's lines as CSV club,player,rule,charge,cents.\n";

int ledger_cmd_capitation(ledger_args *a)
{
    if (a->help) {
        fputs(help_capitation, stdout);
        return 0;
    }
    char *end = NULL;
    long year = a->npos == 2 ? strtol(a->pos[1], &end, 10) : 0;
    if (a->npos != 2 || !a->body || !end || *end || end == a->pos[1]) {
        fputs(help_capitation, stderr);
        return LEDGER_EXIT_USAGE;
    }
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_ledger_run r;
    st = bmp_ledger_capitation_run(l, a->body, (int)year, a->output, &r, &e);
    bmp_ledger_close(l);
    if (st)
        return ledger_fail(&e, st);
    printf("capitation %ld: run %lld %s: %zu line(s), total %lld.%02lld\n", year,
           (long long)r.id, r.already ? "already made, nothing changed" : "made", r.lines,
           (long long)(r.total / 100), (long long)llabs(r.total % 100));
    return 0;
}

static const char *const help_members =
    "usage: bridgemp ledger members YEAR --body B [--format F] [--output FILE]\n\n"
    "The annual schedule of registered home members of membership year YEAR (1 April\n"
    "YEAR to 31 March), by club, for the cancellation process (ABF-109).  --output\n"
    "writes it to FILE (an atomic write).\n";

static bmp_status write_table(const bmp_table *t, const ledger_args *a, bmp_error *e)
{
    if (!a->output)
        return bmp_table_write(t, a->fmt, stdout, e);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return bmp_error_set(e, BMP_ENOMEM, "out of memory");
    bmp_status st = bmp_table_write(t, a->fmt, f, e);
    fclose(f);
    if (!st)
        st = bmp_file_write_atomic(a->output, buf, len, e);
    free(buf);
    return st;
}

int ledger_cmd_members(ledger_args *a)
{
    if (a->help) {
        fputs(help_members, stdout);
        return 0;
    }
    char *end = NULL;
    long year = a->npos == 2 ? strtol(a->pos[1], &end, 10) : 0;
    if (a->npos != 2 || !a->body || !end || *end || end == a->pos[1]) {
        fputs(help_members, stderr);
        return LEDGER_EXIT_USAGE;
    }
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_table t;
    bmp_table_init(&t);
    st = bmp_ledger_member_schedule(l, a->body, (int)year, &t, &e);
    if (!st)
        st = write_table(&t, a, &e);
    bmp_table_free(&t);
    bmp_ledger_close(l);
    return st ? ledger_fail(&e, st) : 0;
}
