/* The ledger subcommands' options: one table of every option (its name and
 * where its value goes), the parser that fills ledger_args and records which
 * were given, and the check of those against a subcommand's own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli/ledger/ledger_args.h"

typedef enum opt_kind { OPT_VALUE, OPT_FLAG, OPT_FORMAT, OPT_CONTROL, OPT_SET, OPT_ROLE } opt_kind;

typedef struct opt {
    const char *name;
    size_t off; /* offset of the const char * field, or of the bool for flags */
    opt_kind kind;
} opt;

#define S(f, id) [LO_##id] = {"--" #f, offsetof(ledger_args, f), OPT_VALUE}
#define F(name, f, id) [LO_##id] = {name, offsetof(ledger_args, f), OPT_FLAG}
static const opt opts[LO_COUNT] = {
    S(db, DB), S(who, WHO), S(body, BODY), S(club, CLUB), S(number, NUMBER), S(name, NAME),
    S(status, STATUS), S(alternates, ALTERNATES), S(reason, REASON), S(state, STATE),
    S(period, PERIOD), S(output, OUTPUT), S(kind, KIND), S(grade, GRADE), S(edition, EDITION),
    S(classification, CLASSIFICATION), S(rating, RATING), S(sidecar, SIDECAR), S(limit, LIMIT),
    S(replaces, REPLACES), S(date, DATE), S(scope, SCOPE), S(foreign, FOREIGN),
    S(points, POINTS), S(ref, REF), S(earned, EARNED), S(as, AS), S(fees, FEES), S(rate, RATE),
    S(rates, RATES), S(exemptions, EXEMPTIONS), S(events, EVENTS), S(invoice, INVOICE),
    S(amount, AMOUNT), S(since, SINCE), S(action, ACTION), S(into, INTO), S(head, HEAD),
    [LO_USEBIO_STATUS] = {"--usebio-status", offsetof(ledger_args, usebio_status), OPT_VALUE},
    F("--dummy", dummy, DUMMY), F("--overseas", overseas, OVERSEAS), F("--youth", youth, YOUTH),
    F("--all", all, ALL), F("--exempt", exempt, EXEMPT), F("--tour", tour, TOUR),
    F("--no-club-number", no_club_number, NO_CLUB_NUMBER), F("--dry-run", dry_run, DRY_RUN),
    S(ledger, LEDGER), F("--force-replace", force_replace, FORCE_REPLACE),
    [LO_FORMAT] = {"--format", 0, OPT_FORMAT}, [LO_CONTROL] = {"--control", 0, OPT_CONTROL},
    S(rank, RANK), [LO_SET] = {"--set", 0, OPT_SET}, [LO_ROLE] = {"--role", 0, OPT_ROLE},
    F("--password-stdin", password_stdin, PASSWORD_STDIN), F("--rows", rows, ROWS), S(table, TABLE),
    S(region, REGION), S(county, COUNTY)};

/* One bit each in ledger_args.given and ledger_cmd.opts. */
_Static_assert(LO_COUNT <= 64, "more options than bits in a uint64_t");

/* The option "--NAME" or "--NAME=..." names, or LO_COUNT. */
static int find_opt(const char *s, size_t n)
{
    for (int i = 0; i < LO_COUNT; i++)
        if (opts[i].name && strlen(opts[i].name) == n && strncmp(s, opts[i].name, n) == 0)
            return i;
    return LO_COUNT;
}

/* Note that option i was given (the check names the first wrong one). */
static void mark_given(ledger_args *a, int i)
{
    uint64_t bit = UINT64_C(1) << i;
    if (!(a->given & bit))
        a->order[a->norder++] = (unsigned char)i;
    a->given |= bit;
}

/* Store val as option o's value; non-zero (a usage error) for a bad --format. */
static int set_value(ledger_args *a, const opt *o, const char *val)
{
    if (o->kind == OPT_VALUE) {
        *(const char **)((char *)a + o->off) = val;
    } else if (o->kind == OPT_CONTROL) {
        a->control[a->ncontrol++] = val;
    } else if (o->kind == OPT_SET) {
        a->sets[a->nsets++] = val;
    } else if (o->kind == OPT_ROLE) {
        a->roles[a->nroles++] = val;
    } else if (strcmp(val, "html") == 0) {
        a->html = true; /* a table as a page (bmp_ledger_report_write) */
        a->fmt = BMP_OUT_TABLE;
    } else if (!bmp_output_format_parse(val, &a->fmt)) {
        fprintf(stderr,
                "bridgemp ledger: --format: expected table, csv, json or html, got \"%s\"\n",
                val);
        return LEDGER_EXIT_USAGE;
    } else {
        a->html = false;
    }
    return 0;
}

/* One option at argv[*i] (its value maybe the next argument). */
static int parse_opt(int argc, char **argv, int *i, ledger_args *a)
{
    const char *s = argv[*i];
    const char *eq = strchr(s, '=');
    size_t n = eq ? (size_t)(eq - s) : strlen(s);
    int k = find_opt(s, n);
    if (k == LO_COUNT) {
        fprintf(stderr, "bridgemp ledger: unknown option \"%.*s\"\n", (int)n, s);
        return LEDGER_EXIT_USAGE;
    }
    mark_given(a, k);
    if (opts[k].kind == OPT_FLAG) {
        *(bool *)((char *)a + opts[k].off) = true;
        return 0;
    }
    const char *val = eq ? eq + 1 : NULL;
    if (!val) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "bridgemp ledger: %s needs a value\n", s);
            return LEDGER_EXIT_USAGE;
        }
        val = argv[++*i];
    }
    return set_value(a, &opts[k], val);
}

int ledger_parse_args(int argc, char **argv, ledger_args *a)
{
    a->pos = calloc((size_t)argc + 1, sizeof *a->pos);
    a->control = calloc((size_t)argc + 1, sizeof *a->control);
    a->sets = calloc((size_t)argc + 1, sizeof *a->sets);
    a->roles = calloc((size_t)argc + 1, sizeof *a->roles);
    if (!a->pos || !a->control || !a->sets || !a->roles)
        return LEDGER_EXIT_INPUT;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        int rc = 0;
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0)
            a->help = true;
        else if (strncmp(s, "--", 2) != 0 || s[2] == '\0')
            a->pos[a->npos++] = s;
        else
            rc = parse_opt(argc, argv, &i, a);
        if (rc)
            return rc;
    }
    return 0;
}

int ledger_check_opts(const ledger_args *a, const char *cmd, uint64_t accepted)
{
    accepted |= LEDGER_GLOBAL_OPTS;
    for (size_t i = 0; i < a->norder; i++) {
        if (accepted & (UINT64_C(1) << a->order[i]))
            continue;
        fprintf(stderr, "bridgemp ledger %s: %s is not an option of %s; its options:", cmd,
                opts[a->order[i]].name, cmd);
        for (int k = 0; k < LO_COUNT; k++)
            if (accepted & (UINT64_C(1) << k))
                fprintf(stderr, " %s,", opts[k].name);
        fputs(" --help\n", stderr);
        return LEDGER_EXIT_USAGE;
    }
    return 0;
}

int ledger_opt_index(const char *name)
{
    return name ? find_opt(name, strlen(name)) : LO_COUNT;
}

const char *ledger_opt_value(const ledger_args *a, int k)
{
    if (k < 0 || k >= LO_COUNT || !(a->given & (UINT64_C(1) << k)))
        return NULL;
    if (opts[k].kind == OPT_FLAG)
        return "";
    if (opts[k].kind != OPT_VALUE)
        return NULL;
    return *(const char *const *)((const char *)a + opts[k].off);
}
