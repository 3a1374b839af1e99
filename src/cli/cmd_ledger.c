/* `bridgemp ledger`: the masterpoint ledger from the command line
 * (docs/ledger.md).  Exit codes as in main.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"
#include "bridgemp/ledger.h"
#include "cmd_ledger.h"

static const char *const ledger_help =
    "usage: bridgemp ledger [--db FILE] COMMAND [ARGS]\n"
    "\n"
    "The masterpoint ledger: registry, award batches, period closes, reports.\n"
    "The database is --db FILE (SQLite) or --db postgresql://... (PostgreSQL), else\n"
    "$BRIDGEMP_DB, else ./bridgemp.db.\n"
    "\n"
    "commands:\n"
    "  init                         create the ledger (or migrate it)\n"
    "  player add|import|export     the player register (CSV)\n"
    "  club add|import|export       the club register (CSV)\n"
    "  import FILE...               award batches: events (JSON, USEBIO), USEBIO with\n"
    "                               MASTER_POINTS, ABF credit files, CSV adjustments\n"
    "  batches                      list batches and their states\n"
    "  approve ID...|--all          provisional -> approved\n"
    "  reject ID --reason R         provisional or approved -> rejected\n"
    "  correct ID --reason R        reverse a posted batch (a new batch)\n"
    "  release NUMBER --date D      credit held points of a now registered player\n"
    "  convert NUMBER --foreign K --points P --ref R --date D  credit another body's points\n"
    "  capitation YEAR --body B     the annual capitation charge run\n"
    "  members YEAR --body B        the annual schedule of registered home members\n"
    "  grade ID GRADE --body B      record a batch's event grade (for the levy)\n"
    "  levy QUARTER --body B        the quarterly masterpoint levy run (yyyy-Qn)\n"
    "  cancel YEAR FILE --body B    the annual cancellation run of members\n"
    "  affiliated CLUB DATE --body B  when a club first affiliated (ABF-112)\n"
    "  daily DATE --body B          the batches processed on a day (ABF-106)\n"
    "  b4c PERIOD --body B          B4c/B4s/B5i points processed in a month (ABF-107)\n"
    "  charges RUN --body B         the lines of a capitation or levy run\n"
    "  fees MONTH --body nzb --fees F  NZ's monthly fee run (NZ-93, NZ-96)\n"
    "  invoice RUN|list|show|credit invoices of a charge run, credit notes\n"
    "  annual YEAR --body nzb       NZ rating points and gradings (NZ-92); gradings YEAR\n"
    "  payment record|list, balances DATE, overdue DATE, event-levy ID, certificates PERIOD\n"
    "  expire --body nzb --date D   cancel expired Temporary players' points (NZ-87)\n"
    "  gold DATE --body ebu         EBU Gold Points at a date (EBU-3)\n"
    "  ums MONTH --body ebu --rates F  the EBU's UMS charge run (EBU-17, EBU-18)\n"
    "  licences MONTH --body ebu --events E --rates F  EBU licence fees (EBU-26)\n"
    "  close PERIOD --body B        post approved batches, re-rank, promotions, freeze\n"
    "  report statement|club|promotions|top|batches\n"
    "  verify                       recompute the audit chain, totals and holdings\n"
    "  token create|list|revoke     API tokens for 'bridgemp serve' (docs/serve.md)\n"
    "\n"
    "common options: --db FILE, --who NAME (recorded in the audit log),\n"
    "--body abf|nzb|ebu|acbl, --format table|csv|json.  'bridgemp ledger CMD --help'.\n";

static const char *const help_init =
    "usage: bridgemp ledger [--db FILE] init\n\nCreate the ledger database (SQLite, WAL) and "
    "apply the schema migrations.\nAn existing ledger is migrated; one newer than this program "
    "is refused.\n";
static const char *const help_player =
    "usage: bridgemp ledger player add --body B --name NAME [--number N] [--status S]\n"
    "                                  [--club HOME] [--alternates C1;C2] [--overseas] [--youth]\n"
    "       bridgemp ledger player import FILE --body B\n"
    "       bridgemp ledger player export --body B [--output FILE]\n"
    "\n"
    "Player register CSV columns: number,name,status,home_club,alternates,overseas,\n"
    "youth,registered_from,registered_to,pre1982_red.  Statuses: Active, Dormant,\n"
    "Temporary, Resigned, Deceased, Unknown (NZ-88).  An empty number is allocated\n"
    "where the body allocates (NZ computer numbers, NZ-89).  Every bad row is\n"
    "reported by line and nothing is imported if any row is bad.\n";
static const char *const help_club =
    "usage: bridgemp ledger club add --body B --number N --name NAME [--dummy]\n"
    "       bridgemp ledger club import FILE --body B\n"
    "       bridgemp ledger club export --body B [--output FILE]\n"
    "\n"
    "Club register CSV columns: number,name,dummy (a dummy club is an organiser\n"
    "that is not a club, NZ-98).\n";
static const char *const help_import =
    "usage: bridgemp ledger import FILE... [--body B] [--club C] [--control TYPE=POINTS]...\n"
    "                              [--kind event|usebio-mp|abf-credit|adjustment]\n"
    "                              [--grade G] [--edition E] [--status S] [--sidecar F]\n"
    "                              [--replaces ID --reason R]\n"
    "\n"
    "Each FILE becomes one provisional batch, all or nothing: every bad line is\n"
    "listed and the ledger is unchanged.  Kinds (from the file unless --kind):\n"
    "  JSON or USEBIO event  awards computed on import by the body's rules\n"
    "  USEBIO with MASTER_POINTS  the points the file carries\n"
    "  .grn .red .gld .rag   ABF credit files (App. D)\n"
    "  .csv                  adjustments: number,point_type,points,event,reason (NZ-91)\n"
    "The same content again is refused, naming the batch that holds it.\n"
    "--control green=12.34 checks the batch's control total per point type.\n"
    "--replaces ID --reason R: a corrected event replaces batch ID in the same\n"
    "transaction (a posted batch is reversed, a pending one rejected; NZ-44).\n";
static const char *const help_batches =
    "usage: bridgemp ledger batches [--state S] [--format table|csv|json] [--output FILE]\n";
static const char *const help_approve =
    "usage: bridgemp ledger approve ID... | --all\n\nApprove provisional batches (ABF-103); "
    "they are posted at the next close.\n";
static const char *const help_reject =
    "usage: bridgemp ledger reject ID --reason R\n\nReject a provisional or approved batch; "
    "its lines stay in the history.\n";
static const char *const help_correct =
    "usage: bridgemp ledger correct ID --reason R [--who NAME]\n\nReverse a posted batch "
    "(NZ-91, NZ-44): a new provisional batch negates every\nline; posted rows are never "
    "changed.  Import the corrected event afterwards.\n";
static const char *const help_close =
    "usage: bridgemp ledger close PERIOD --body B\n\nClose month PERIOD (yyyy-mm): post the "
    "approved batches, recompute the\ntouched players' holdings and ranks, record promotions "
    "and freeze the period,\nin one transaction.\n";
static const char *const help_release =
    "usage: bridgemp ledger release NUMBER --body B --date yyyy-mm-dd\n\nCredit the points held "
    "for a player who has now registered or renewed on\nDATE, as a provisional batch: under the "
    "ABF only those earned in the quarter\nof renewal and the quarter before (ABF-99); under the "
    "EBU all (EBU-5).\n";
static const char *const help_expire =
    "usage: bridgemp ledger expire --body nzb --date yyyy-mm-dd\n\nNZ-87: one provisional "
    "adjustment batch cancelling the points of every\nplayer still Temporary six months after "
    "their first points.\n";
static const char *const help_verify =
    "usage: bridgemp ledger verify\n\nRecompute the audit log's hash chain, each batch's "
    "control totals and every\nholding from the journal; exit 1 on any difference.\n";

int ledger_fail(const bmp_error *e, bmp_status st)
{
    fprintf(stderr, "bridgemp ledger: %s\n", e->msg[0] ? e->msg : bmp_status_name(st));
    return st == BMP_ENOTSUP ? LEDGER_EXIT_NOTSUP : LEDGER_EXIT_INPUT;
}

int ledger_fail_problems(const bmp_problems *p, const bmp_error *e, bmp_status st)
{
    if (p->count <= 1)
        return ledger_fail(e, st);
    fprintf(stderr, "bridgemp ledger: %zu problems, nothing written:\n", p->count);
    for (size_t i = 0; i < p->count; i++)
        fprintf(stderr, "  %s\n", p->msgs[i]);
    return LEDGER_EXIT_INPUT;
}

void ledger_money(int64_t cents, char buf[32])
{
    /* unsigned: the magnitude of INT64_MIN too */
    unsigned long long c = cents < 0 ? 0ULL - (unsigned long long)cents : (unsigned long long)cents;
    snprintf(buf, 32, "%s%llu.%02llu", cents < 0 ? "-" : "", c / 100, c % 100);
}

void ledger_print_run(const char *what, const char *period, const bmp_ledger_run *r)
{
    char total[32];
    ledger_money(r->total, total);
    printf("%s %s: run %lld %s: %zu line(s), total %s\n", what, period, (long long)r->id,
           r->already ? "already made, nothing changed" : "made", r->lines, total);
}

bool ledger_doc_format(const ledger_args *a, bmp_invoice_format *f)
{
    *f = BMP_INVOICE_HTML;
    if (a->as && !bmp_invoice_format_parse(a->as, f)) {
        fprintf(stderr, "bridgemp ledger %s: --as: expected html, csv or json, got \"%s\"\n",
                a->pos[0], a->as);
        return false;
    }
    return true;
}

bool ledger_number(const char *s, long long min, long long max, long long *out)
{
    char *end = NULL;
    if (!s)
        return false;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* The output goes through a memory stream so that a file is written whole
 * or not at all, and a full disk or closed pipe is an error, not a short
 * file. */
bmp_status ledger_put(const ledger_args *a, ledger_write_fn write, const void *arg, bmp_error *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return bmp_error_oom(e);
    bmp_status st = write(f, arg, e);
    if (fclose(f) != 0 && !st)
        st = bmp_error_oom(e);
    if (!st)
        st = bmp_file_write_atomic(a->output ? a->output : "-", buf, len, e);
    free(buf);
    return st;
}

typedef struct put_table {
    const bmp_table *t;
    bmp_output_format fmt;
} put_table;

static bmp_status write_table(FILE *f, const void *arg, bmp_error *e)
{
    const put_table *p = arg;
    return bmp_table_write(p->t, p->fmt, f, e);
}

bmp_status ledger_put_table(const bmp_table *t, const ledger_args *a, bmp_error *e)
{
    put_table p = {t, a->fmt};
    return ledger_put(a, write_table, &p, e);
}

bmp_status ledger_open_db(const ledger_args *a, bool create, bmp_ledger **l, bmp_error *e)
{
    const char *db = a->db ? a->db : getenv("BRIDGEMP_DB");
    bmp_ledger_opts o = {.size = sizeof o, .create = create, .who = a->who,
                         .now = getenv("BRIDGEMP_NOW")};
    return bmp_ledger_open(db && *db ? db : "bridgemp.db", &o, l, e);
}

int ledger_run(const ledger_args *a, ledger_step_fn step, const void *arg)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (!st) {
        st = step(l, a, arg, &p, &e);
        bmp_ledger_close(l);
    }
    int rc = st ? ledger_fail_problems(&p, &e, st) : 0;
    bmp_problems_free(&p);
    return rc;
}

typedef struct report {
    ledger_fill_fn fill;
    const void *arg;
} report;

bmp_status ledger_fill_put(bmp_ledger *l, const ledger_args *a, ledger_fill_fn fill,
                           const void *arg, bmp_error *e)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_status st = fill(l, a, arg, &t, e);
    if (!st)
        st = ledger_put_table(&t, a, e);
    bmp_table_free(&t);
    return st;
}

static bmp_status report_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    const report *r = arg;
    return ledger_fill_put(l, a, r->fill, r->arg, e);
}

int ledger_report_table(const ledger_args *a, ledger_fill_fn fill, const void *arg)
{
    report r = {fill, arg};
    return ledger_run(a, report_step, &r);
}

/* ---- arguments ---------------------------------------------------------- */

typedef struct opt {
    const char *name;
    size_t off;      /* offset of the const char * field, or of the bool for flags */
    bool flag;
} opt;

#define S(f) {"--" #f, offsetof(ledger_args, f), false}
static const opt opts[] = {
    S(db), S(who), S(body), S(club), S(number), S(name), S(status), S(alternates), S(reason),
    S(state), S(period), S(output), S(kind), S(grade), S(edition), S(classification),
    S(rating), S(sidecar), S(limit), S(replaces), S(date), S(scope),
    S(foreign), S(points), S(ref), S(earned), S(as), S(fees), S(rate),
    S(rates), S(exemptions), S(events),
    {"--usebio-status", offsetof(ledger_args, usebio_status), false},
    {"--dummy", offsetof(ledger_args, dummy), true},
    {"--overseas", offsetof(ledger_args, overseas), true},
    {"--youth", offsetof(ledger_args, youth), true},
    {"--all", offsetof(ledger_args, all), true},
    {"--exempt", offsetof(ledger_args, exempt), true},
    S(invoice), S(amount), {"--no-club-number", offsetof(ledger_args, no_club_number), true},
    {"--tour", offsetof(ledger_args, tour), true}, /* cmd_ledger_pay.c */
    {NULL, 0, false}};

static int parse_args(int argc, char **argv, ledger_args *a)
{
    a->pos = calloc((size_t)argc + 1, sizeof *a->pos);
    a->control = calloc((size_t)argc + 1, sizeof *a->control);
    if (!a->pos || !a->control)
        return LEDGER_EXIT_INPUT;
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            a->help = true;
            continue;
        }
        if (strncmp(s, "--", 2) != 0 || s[2] == '\0') {
            a->pos[a->npos++] = s;
            continue;
        }
        const char *eq = strchr(s, '=');
        size_t n = eq ? (size_t)(eq - s) : strlen(s);
        const char *val = eq ? eq + 1 : NULL;
        bool known = false;
        bool needs = true;
        const char **slot = NULL;
        if (n == 8 && strncmp(s, "--format", 8) == 0) {
            known = true;
        } else if (n == 9 && strncmp(s, "--control", 9) == 0) {
            known = true;
        } else {
            for (const opt *o = opts; o->name; o++)
                if (strlen(o->name) == n && strncmp(s, o->name, n) == 0) {
                    known = true;
                    if (o->flag) {
                        *(bool *)((char *)a + o->off) = true;
                        needs = false;
                    } else {
                        slot = (const char **)((char *)a + o->off);
                    }
                }
        }
        if (!known) {
            fprintf(stderr, "bridgemp ledger: unknown option \"%.*s\"\n", (int)n, s);
            return LEDGER_EXIT_USAGE;
        }
        if (!needs)
            continue;
        if (!val) {
            if (i + 1 >= argc) {
                fprintf(stderr, "bridgemp ledger: %s needs a value\n", s);
                return LEDGER_EXIT_USAGE;
            }
            val = argv[++i];
        }
        if (slot) {
            *slot = val;
        } else if (strncmp(s, "--control", 9) == 0) {
            a->control[a->ncontrol++] = val;
        } else if (!bmp_output_format_parse(val, &a->fmt)) {
            fprintf(stderr, "bridgemp ledger: --format: expected table, csv or json, got \"%s\"\n",
                    val);
            return LEDGER_EXIT_USAGE;
        }
    }
    return 0;
}

int ledger_usage(const ledger_args *a, const char *help)
{
    fputs(help, a->help ? stdout : stderr);
    return a->help ? 0 : LEDGER_EXIT_USAGE;
}

/* ---- commands ----------------------------------------------------------- */

static int cmd_init(ledger_args *a)
{
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, true, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    printf("ledger %s: schema %d (%s)\n",
           a->db ? a->db : getenv("BRIDGEMP_DB") ? getenv("BRIDGEMP_DB") : "bridgemp.db",
           bmp_ledger_schema_version(l), bmp_ledger_backend(l));
    bmp_ledger_close(l);
    return 0;
}

typedef struct register_export {
    bmp_ledger *l;
    const char *body;
    bool players;
} register_export;

static bmp_status write_register(FILE *f, const void *arg, bmp_error *e)
{
    const register_export *x = arg;
    return x->players ? bmp_ledger_export_players(x->l, x->body, f, e)
                      : bmp_ledger_export_clubs(x->l, x->body, f, e);
}

/* player|club import FILE, export, add: pos[1] is checked. */
static bmp_status register_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_problems *p, bmp_error *e)
{
    bool players = *(const bool *)arg;
    const char *sub = a->pos[1];
    bmp_status st;
    if (strcmp(sub, "import") == 0) {
        size_t n = 0;
        st = players ? bmp_ledger_import_players(l, a->body, a->pos[2], &n, p, e)
                     : bmp_ledger_import_clubs(l, a->body, a->pos[2], &n, p, e);
        if (!st)
            printf("%s: %zu %s imported\n", a->pos[2], n, players ? "players" : "clubs");
    } else if (strcmp(sub, "export") == 0) {
        register_export x = {l, a->body, players};
        st = ledger_put(a, write_register, &x, e);
    } else if (players) {
        bmp_ledger_player pl = {.number = a->number, .name = a->name, .status = a->status,
                                .home_club = a->club, .alternates = a->alternates,
                                .overseas = a->overseas, .youth = a->youth};
        char num[16];
        st = bmp_ledger_add_player(l, a->body, &pl, num, sizeof num, e);
        if (!st)
            printf("player %s %s\n", num, a->name);
    } else {
        bmp_ledger_club c = {.number = a->number, .name = a->name, .dummy = a->dummy};
        st = bmp_ledger_add_club(l, a->body, &c, e);
        if (!st)
            printf("club %s %s\n", a->number, a->name);
    }
    return st;
}

static int cmd_register(ledger_args *a, bool players)
{
    const char *help = players ? help_player : help_club;
    const char *sub = a->npos >= 2 ? a->pos[1] : "";
    bool ok = (strcmp(sub, "import") == 0 && a->npos == 3) ||
              ((strcmp(sub, "export") == 0 || strcmp(sub, "add") == 0) && a->npos == 2);
    if (a->help || !a->body || !ok)
        return ledger_usage(a, help);
    return ledger_run(a, register_step, &players);
}

static bool parse_kind(const char *s, bmp_batch_source *out)
{
    static const char *const names[] = {"auto", "event", "usebio-mp", "abf-credit", "adjustment"};
    for (int i = 0; i < 5; i++)
        if (!s || strcmp(s, names[i]) == 0) {
            *out = s ? (bmp_batch_source)i : BMP_BATCH_AUTO;
            return true;
        }
    return false;
}

static int cmd_import(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_import);
    bmp_batch_source src;
    long long replaces = 0;
    if (a->npos < 2 || !parse_kind(a->kind, &src))
        return ledger_usage(a, help_import);
    if (a->replaces) {
        if (!ledger_number(a->replaces, 1, INT64_MAX, &replaces) || a->npos != 2) {
            fputs("bridgemp ledger import: --replaces takes one batch number and one FILE\n",
                  stderr);
            return LEDGER_EXIT_USAGE;
        }
    }
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_usebio_opts uo = {.body = a->body, .edition = a->edition, .grade = a->grade,
                          .classification = a->classification, .status = a->usebio_status,
                          .rating = a->rating, .sidecar = a->sidecar};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = a->body, .source = src, .club = a->club,
                                .control = a->control, .ncontrol = a->ncontrol, .usebio = &uo,
                                .replaces = replaces, .reason = a->reason};
    int rc = 0;
    for (size_t i = 1; i < a->npos; i++) {
        bmp_problems p = {0};
        int64_t id = 0;
        memset(&e, 0, sizeof e);
        st = bmp_ledger_import(l, a->pos[i], &o, &id, &p, &e);
        if (st)
            rc = ledger_fail_problems(&p, &e, st);
        else
            printf("%s: batch %lld provisional\n", a->pos[i], (long long)id);
        bmp_problems_free(&p);
    }
    bmp_ledger_close(l);
    return rc;
}

static int cmd_batch_ids(ledger_args *a, const char *help, int which)
{
    if (a->help || (a->npos < 2 && !(which == 0 && a->all)) ||
        (which != 0 && (!a->reason || a->npos != 2)))
        return ledger_usage(a, help);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    int rc = 0;
    bmp_table t;
    bmp_table_init(&t);
    size_t n = a->npos - 1;
    if (which == 0 && a->all) {
        st = bmp_ledger_batches(l, "provisional", &t, &e);
        n = st ? 0 : t.nrows;
    }
    for (size_t i = 0; i < n && !rc; i++) {
        const char *s = (which == 0 && a->all) ? bmp_table_get(&t, i, 0) : a->pos[i + 1];
        char *end = NULL;
        long long id = strtoll(s, &end, 10);
        if (!*s || *end) {
            fprintf(stderr, "bridgemp ledger: expected a batch number, got \"%s\"\n", s);
            rc = LEDGER_EXIT_USAGE;
            break;
        }
        int64_t rev = 0;
        st = which == 0   ? bmp_ledger_approve(l, id, &e)
             : which == 1 ? bmp_ledger_reject(l, id, a->reason, &e)
                          : bmp_ledger_correct(l, id, a->reason, &rev, &e);
        if (st)
            rc = ledger_fail(&e, st);
        else if (which == 2)
            printf("batch %lld reverses batch %lld (provisional)\n", (long long)rev, id);
        else
            printf("batch %lld %s\n", id, which == 0 ? "approved" : "rejected");
    }
    if (st && !rc)
        rc = ledger_fail(&e, st);
    bmp_table_free(&t);
    bmp_ledger_close(l);
    return rc;
}

static bmp_status close_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                             bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_close_stats s;
    bmp_status st = bmp_ledger_close_period(l, a->body, a->pos[1], &s, e);
    if (!st)
        printf("%s %s closed: %zu batches posted (%zu lines), %zu players re-ranked, "
               "%zu promotions\n",
               a->body, a->pos[1], s.batches, s.lines, s.players, s.promotions);
    return st;
}

static int cmd_close(ledger_args *a)
{
    if (a->help || a->npos != 2 || !a->body)
        return ledger_usage(a, help_close);
    return ledger_run(a, close_step, NULL);
}

static bmp_status verify_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)a;
    (void)arg;
    bmp_status st = bmp_ledger_verify(l, p, e);
    if (!st)
        printf("ledger verified: audit chain, control totals and holdings agree\n");
    return st;
}

static bmp_status dump_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                            bmp_problems *p, bmp_error *e)
{
    (void)a;
    (void)arg;
    (void)p;
    char *s = NULL;
    bmp_status st = bmp_ledger_dump(l, &s, e);
    if (!st)
        fputs(s, stdout);
    free(s);
    return st;
}

static int cmd_verify(ledger_args *a, bool dump)
{
    if (a->help)
        return ledger_usage(a, help_verify);
    return ledger_run(a, dump ? dump_step : verify_step, NULL);
}

static bmp_status release_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    int64_t id = 0;
    size_t n = 0;
    bmp_status st = bmp_ledger_release_held(l, a->body, a->pos[1], a->date, &id, &n, e);
    if (!st)
        printf("batch %lld provisional: %zu held line(s) released\n", (long long)id, n);
    return st;
}

static int cmd_release(ledger_args *a)
{
    if (a->help || a->npos != 2 || !a->body || !a->date)
        return ledger_usage(a, help_release);
    return ledger_run(a, release_step, NULL);
}

static bmp_status expire_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    int64_t id = 0;
    size_t n = 0;
    bmp_status st = bmp_ledger_expire_temporary(l, a->body, a->date, &id, &n, e);
    if (!st)
        printf("batch %lld provisional: %zu holding(s) of Temporary players cancelled "
               "(NZ-87)\n",
               (long long)id, n);
    return st;
}

static int cmd_expire(ledger_args *a)
{
    if (a->help || a->npos != 1 || !a->body || !a->date)
        return ledger_usage(a, help_expire);
    return ledger_run(a, expire_step, NULL);
}

static int dispatch(ledger_args *a)
{
    if (a->npos == 0) {
        return ledger_usage(a, ledger_help);
    }
    const char *c = a->pos[0];
    if (strcmp(c, "init") == 0) {
        return a->help || a->npos != 1 ? ledger_usage(a, help_init) : cmd_init(a);
    }
    if (strcmp(c, "player") == 0)
        return cmd_register(a, true);
    if (strcmp(c, "club") == 0)
        return cmd_register(a, false);
    if (strcmp(c, "import") == 0)
        return cmd_import(a);
    if (strcmp(c, "batches") == 0) {
        if (a->help)
            return ledger_usage(a, help_batches);
        a->pos[1] = "batches"; /* the same as 'report batches' */
        a->npos = 2;
        return ledger_cmd_report(a);
    }
    if (strcmp(c, "approve") == 0)
        return cmd_batch_ids(a, help_approve, 0);
    if (strcmp(c, "reject") == 0)
        return cmd_batch_ids(a, help_reject, 1);
    if (strcmp(c, "correct") == 0)
        return cmd_batch_ids(a, help_correct, 2);
    if (strcmp(c, "close") == 0)
        return cmd_close(a);
    if (strcmp(c, "release") == 0)
        return cmd_release(a);
    if (strcmp(c, "expire") == 0)
        return cmd_expire(a);
    if (strcmp(c, "report") == 0)
        return ledger_cmd_report(a);
    if (strcmp(c, "token") == 0)
        return ledger_cmd_token(a);
    int (*admin)(ledger_args *) = ledger_admin_command(c); /* cmd_ledger_charges.c */
    if (admin)
        return admin(a);
    int (*ebu)(ledger_args *) = ledger_ebu_command(c); /* cmd_ledger_ebu.c */
    if (ebu)
        return ebu(a);
    if ((admin = ledger_pay_command(c))) /* cmd_ledger_pay.c */
        return admin(a);
    if (strcmp(c, "verify") == 0)
        return cmd_verify(a, false);
    if (strcmp(c, "dump") == 0)
        return cmd_verify(a, true);
    fprintf(stderr, "bridgemp ledger: unknown command \"%s\"\n\n%s", c, ledger_help);
    return LEDGER_EXIT_USAGE;
}

int bmp_cli_ledger(int argc, char **argv)
{
    ledger_args a = {0};
    int rc = parse_args(argc - 1, argv + 1, &a);
    if (!rc)
        rc = dispatch(&a);
    free(a.pos);
    free(a.control);
    return rc;
}
