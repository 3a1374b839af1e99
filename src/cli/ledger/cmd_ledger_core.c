/* `bridgemp ledger` core subcommands: init, the registers, import, the
 * batch lifecycle (approve, reject, correct, release), close, verify. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_init =
    "usage: bridgemp ledger [--db FILE] init\n\nCreate the ledger database (SQLite, WAL) and "
    "apply the schema migrations.\nAn existing ledger is migrated; one newer than this program "
    "is refused.\n";
static const char *const help_player =
    "usage: bridgemp ledger player add --body B --name NAME [--number N] [--status S]\n"
    "                                  [--club HOME] [--alternates C1;C2] [--overseas] [--youth]\n"
    "       bridgemp ledger player import FILE --body B [--dry-run]\n"
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
    "The same content again is refused, naming the batch that holds it; the same\n"
    "event (organiser + event id + date, else name + date + club) with other\n"
    "awards is refused with the per-player difference unless --replaces names it.\n"
    "--control green=12.34 checks the batch's control total per point type.\n"
    "--replaces ID --reason R: a corrected event replaces batch ID in the same\n"
    "transaction (a posted batch is reversed, a pending one rejected; NZ-44).\n";
static const char *const help_approve =
    "usage: bridgemp ledger approve ID... | --all [--body B] [--reason R]\n\nApprove provisional "
    "batches (ABF-103); they are posted at the next close.\n--all --body B approves only body "
    "B's.  --reason R is kept as the batch's reason\nand in the audit entry with --who.\n";
static const char *const help_reject =
    "usage: bridgemp ledger reject ID --reason R\n\nReject a provisional or approved batch; "
    "its lines stay in the history.\n";
static const char *const help_correct =
    "usage: bridgemp ledger correct ID --reason R [--who NAME]\n\nReverse a posted batch "
    "(NZ-91, NZ-44): a new provisional batch negates every\nline; posted rows are never "
    "changed.  Import the corrected event afterwards.\n";
static const char *const help_close =
    "usage: bridgemp ledger close PERIOD --body B [--dry-run [--format table|json]]\n\nClose "
    "month PERIOD (yyyy-mm): post the "
    "approved batches, recompute the\ntouched players' holdings and ranks, record promotions "
    "and freeze the period,\nin one transaction.  A month not begun by the ledger's clock is "
    "refused.\n--dry-run: the postings and promotions it would make; nothing changed.\n";
static const char *const help_release =
    "usage: bridgemp ledger release NUMBER --body B --date yyyy-mm-dd\n\nCredit the points held "
    "for a player who has now registered or renewed on\nDATE, as a provisional batch: under the "
    "ABF only those earned in the quarter\nof renewal and the quarter before (ABF-99); under the "
    "EBU all (EBU-5).\n";
static const char *const help_verify =
    "usage: bridgemp ledger verify\n\nRecompute the audit log's hash chain, each batch's "
    "control totals and every\nholding from the journal; exit 1 on any difference.\n";

static const char *const help_verify_head =
    "usage: bridgemp ledger verify\n       bridgemp ledger verify --head N:HASH\n\n"
    "Recompute the audit log's hash chain, "
    "replay its row images against every\ntable (a row the chain does not explain, or an entry "
    "whose row is gone, is\nnamed by table and key), each batch's control totals and every "
    "holding from\nthe journal; exit 1 on any difference.  Prints the head of the chain, "
    "\"head\nN:HASH\": keep it outside the database (docs/ledger.md, \"Audit and backups\").\n"
    "--head N:HASH  a head printed earlier: entry N must still have that hash\n"
    "               (the chain's tail was neither cut nor rewritten since).\n";

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

/* player|club import FILE (arg: whether players). */
static bmp_status import_register_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                       bmp_problems *p, bmp_error *e)
{
    bool players = *(const bool *)arg;
    size_t n = 0;
    bmp_status st = players ? bmp_ledger_import_players(l, a->body, a->pos[2], &n, p, e)
                            : bmp_ledger_import_clubs(l, a->body, a->pos[2], &n, p, e);
    if (!st)
        printf("%s: %zu %s imported\n", a->pos[2], n, players ? "players" : "clubs");
    return st;
}

/* player|club export (arg: whether players). */
static bmp_status export_register_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                       bmp_problems *p, bmp_error *e)
{
    (void)p;
    register_export x = {l, a->body, *(const bool *)arg};
    return ledger_put(a, write_register, &x, e);
}

static bmp_status add_player_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                  bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_player pl = {.number = a->number, .name = a->name, .status = a->status,
                            .home_club = a->club, .alternates = a->alternates,
                            .overseas = a->overseas, .youth = a->youth};
    char num[16];
    bmp_status st = bmp_ledger_add_player(l, a->body, &pl, num, sizeof num, e);
    if (!st)
        printf("player %s %s\n", num, a->name);
    return st;
}

static bmp_status add_club_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_club c = {.number = a->number, .name = a->name, .dummy = a->dummy};
    bmp_status st = bmp_ledger_add_club(l, a->body, &c, e);
    if (!st)
        printf("club %s %s\n", a->number, a->name);
    return st;
}

static const bool players_register = true, clubs_register = false;

/* Every register subcommand needs --body. */
static int register_run(ledger_args *a, const char *help, ledger_step_fn step, const bool *players)
{
    if (!a->body)
        return ledger_usage(a, help);
    return ledger_run(a, step, players);
}

static int cmd_player_add(ledger_args *a)
{
    return register_run(a, help_player, add_player_step, &players_register);
}

static int cmd_player_export(ledger_args *a)
{
    return register_run(a, help_player, export_register_step, &players_register);
}

static int cmd_club_add(ledger_args *a)
{
    return register_run(a, help_club, add_club_step, &clubs_register);
}

static int cmd_club_import(ledger_args *a)
{
    return register_run(a, help_club, import_register_step, &clubs_register);
}

static int cmd_club_export(ledger_args *a)
{
    return register_run(a, help_club, export_register_step, &clubs_register);
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
    bmp_batch_source src;
    long long replaces = 0;
    if (!parse_kind(a->kind, &src))
        return ledger_usage(a, help_import);
    if (a->replaces) {
        if (!ledger_number(a->replaces, 1, INT64_MAX, &replaces) || a->npos != 2) {
            fputs("bridgemp ledger import: --replaces takes one batch number and one FILE\n",
                  stderr);
            return LEDGER_EXIT_USAGE;
        }
    }
    /* --status is the event's status (the EBU's scale), as `award` spells it;
     * --usebio-status its older name here.  It was accepted and ignored
     * (issue 26 item 4: a scale option is never ignored). */
    const char *status = a->usebio_status ? a->usebio_status : a->status;
    if (a->status && a->usebio_status && strcmp(a->status, a->usebio_status) != 0) {
        fprintf(stderr, "bridgemp ledger import: --status %s and --usebio-status %s disagree "
                        "(they are one option)\n", a->status, a->usebio_status);
        return LEDGER_EXIT_USAGE;
    }
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_usebio_opts uo = {.body = a->body, .edition = a->edition, .grade = a->grade,
                          .classification = a->classification, .status = status,
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
            ledger_print_imported(l, a->pos[i], id); /* held: says why (issue 26) */
        char *near = NULL; /* held lines' near matches (issue 26) */
        if (!st && bmp_ledger_held_near(l, id, &near, &e) == BMP_OK)
            printf("%s", near);
        free(near);
        bmp_problems_free(&p);
    }
    bmp_ledger_close(l);
    return rc;
}

static int cmd_batch_ids(ledger_args *a, const char *help, int which)
{
    if ((a->npos < 2 && !(which == 0 && a->all)) || (which != 0 && !a->reason))
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
        if (which == 0 && a->all && a->body && strcmp(bmp_table_get(&t, i, 1), a->body) != 0)
            continue; /* --all --body B: only B's batches (issue 26) */
        char *end = NULL;
        long long id = strtoll(s, &end, 10);
        if (!*s || *end) {
            fprintf(stderr, "bridgemp ledger: expected a batch number, got \"%s\"\n", s);
            rc = LEDGER_EXIT_USAGE;
            break;
        }
        int64_t rev = 0;
        if (which == 0 && a->all && ledger_skip_held(l, id))
            continue; /* issue 26: held for its carried points, said and skipped */
        st = which == 0   ? bmp_ledger_approve_reason(l, id, a->reason, &e)
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
    if (a->dry_run)
        return cli_ledger_close_preview(l, a, e); /* nothing changed (issue 26) */
    bmp_status st = bmp_ledger_close_period(l, a->body, a->pos[1], &s, e);
    if (!st)
        printf("%s %s closed: %zu batches posted (%zu lines), %zu players re-ranked, "
               "%zu promotions\n",
               a->body, a->pos[1], s.batches, s.lines, s.players, s.promotions);
    return st;
}

static int cmd_close(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_close);
    return ledger_run(a, close_step, NULL);
}

static bmp_status verify_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    bmp_error he = {0}; /* issue 27: the chain still passes through a head kept outside */
    bmp_status hst = a->head ? bmp_ledger_head_check(l, a->head, &he) : BMP_OK;
    bmp_status st = bmp_ledger_verify(l, p, e);
    if (st && hst) /* said first: a cut or rewritten tail explains what verify found */
        fprintf(stderr, "bridgemp ledger: %s\n", he.msg);
    else if (hst) {
        *e = he;
        st = hst;
    }
    bmp_ledger_head h;
    char hs[96];
    if (!st)
        st = bmp_ledger_head_get(l, &h, e);
    if (!st) {
        bmp_ledger_head_format(&h, hs, sizeof hs);
        printf("ledger verified: audit chain, control totals and holdings agree\n");
        if (a->head)
            printf("head %s is in the chain\n", a->head);
        printf("head %s\n", hs);
    }
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

static int cmd_verify(ledger_args *a) { return ledger_run(a, verify_step, NULL); }

static int cmd_dump(ledger_args *a) { return ledger_run(a, dump_step, NULL); }

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
    if (!a->body || !a->date)
        return ledger_usage(a, help_release);
    return ledger_run(a, release_step, NULL);
}

static int cmd_approve(ledger_args *a) { return cmd_batch_ids(a, help_approve, 0); }

static int cmd_reject(ledger_args *a) { return cmd_batch_ids(a, help_reject, 1); }

static int cmd_correct(ledger_args *a) { return cmd_batch_ids(a, help_correct, 2); }

#define IMPORT_OPTS                                                                          \
    (LO(BODY) | LO(CLUB) | LO(CONTROL) | LO(KIND) | LO(GRADE) | LO(EDITION) | LO(STATUS) |    \
     LO(USEBIO_STATUS) | LO(CLASSIFICATION) | LO(RATING) | LO(SIDECAR) | LO(REPLACES) |      \
     LO(REASON))
#define PLAYER_ADD_OPTS                                                                      \
    (LO(BODY) | LO(NAME) | LO(NUMBER) | LO(STATUS) | LO(CLUB) | LO(ALTERNATES) |             \
     LO(OVERSEAS) | LO(YOUTH))

const ledger_cmd ledger_cmds_core[] = {
    {"init", help_init, 0, 0, 0, cmd_init},
    {"player add", help_player, PLAYER_ADD_OPTS, 0, 0, cmd_player_add},
    {"player export", help_player, LO(BODY) | LO(OUTPUT), 0, 0, cmd_player_export},
    {"club add", help_club, LO(BODY) | LO(NUMBER) | LO(NAME) | LO(DUMMY), 0, 0, cmd_club_add},
    {"club import", help_club, LO(BODY), 1, 1, cmd_club_import},
    {"club export", help_club, LO(BODY) | LO(OUTPUT), 0, 0, cmd_club_export},
    {"import", help_import, IMPORT_OPTS, 1, LEDGER_MANY, cmd_import},
    {"approve", help_approve, LO(ALL) | LO(BODY) | LO(REASON), 0, LEDGER_MANY, cmd_approve},
    {"reject", help_reject, LO(REASON), 1, 1, cmd_reject},
    {"correct", help_correct, LO(REASON), 1, 1, cmd_correct},
    {"close", help_close, LO(BODY) | LO(DRY_RUN) | LO(FORMAT), 1, 1, cmd_close},
    {"release", help_release, LO(BODY) | LO(DATE), 1, 1, cmd_release},
    {"verify", help_verify_head, LO(HEAD), 0, 0, cmd_verify},
    {"dump", help_verify, 0, 0, 0, cmd_dump},
    {NULL, NULL, 0, 0, 0, NULL}};
