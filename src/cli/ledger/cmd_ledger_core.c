/* `bridgemp ledger` core subcommands: init, the registers, import, the
 * batch lifecycle (approve, reject, correct, release), close, verify. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_init =
    "Create the ledger database (SQLite, WAL) and apply the schema migrations.\n"
    "An existing ledger is migrated; one newer than this program is refused.\n";
static const char *const help_player =
    "Player register CSV columns: number,name,status,home_club,alternates,overseas,\n"
    "youth,registered_from,registered_to,pre1982_red.  Statuses: Active, Dormant,\n"
    "Temporary, Resigned, Deceased, Unknown (NZ-88).  An empty number is allocated\n"
    "where the body allocates (NZ computer numbers, NZ-89).  Every bad row is\n"
    "reported by line and nothing is imported if any row is bad.\n";
static const char *const help_club =
    "Club register CSV columns: number,name,dummy (a dummy club is an organiser\n"
    "that is not a club, NZ-98).\n";
static const char *const help_import =
    "Each FILE becomes one provisional batch, all or nothing: every bad line is\n"
    "listed and the ledger is unchanged.  Kinds (from the file unless --kind):\n"
    "  JSON or USEBIO event  awards computed on import by the body's rules\n"
    "  USEBIO with MASTER_POINTS  the points the file carries\n"
    "  ACBLscore game file   the awards it stored, checked as carried points; a\n"
    "                        file of several events: one batch each, --event N\n"
    "  .grn .red .gld .rag   ABF credit files (App. D)\n"
    "  .csv                  adjustments: number,point_type,points,event,reason (NZ-91)\n"
    "The same content again is refused, naming the batch that holds it; the same\n"
    "event (organiser + event id + date, else name + date + club) with other\n"
    "awards is refused with the per-player difference unless --replaces names it.\n"
    "--control green=12.34 checks the batch's control total per point type.\n"
    "A player with a guest's, no or an invalid number does not refuse the file: his\n"
    "line is held with its reason (guest, no number, not a valid <BODY> number;\n"
    "RI-7), never credited; --strict-numbers refuses the file as before issue 43.\n"
    "--replaces ID --reason R: a corrected event replaces batch ID in the same\n"
    "transaction (a posted batch is reversed, a pending one rejected; NZ-44).\n";
static const char *const help_approve =
    "Approve provisional batches (ABF-103); they are posted at the next close.\n"
    "--all --body B approves only body B's.  --reason R is kept as the batch's reason\n"
    "and in the audit entry with --who.\n";
static const char *const help_reject =
    "Reject a provisional or approved batch; its lines stay in the history.\n";
static const char *const help_correct =
    "Reverse a posted batch (NZ-91, NZ-44): a new provisional batch negates every\n"
    "line; posted rows are never changed.  Import the corrected event afterwards.\n";
static const char *const help_close =
    "Close month PERIOD (yyyy-mm): post the approved batches, recompute the\n"
    "touched players' holdings and ranks, record promotions and freeze the period,\n"
    "in one transaction.  A month not begun by the ledger's clock is refused.\n"
    "--dry-run: the postings and promotions it would make; nothing changed.\n";
static const char *const help_release =
    "Credit the points held for a player who has now registered or renewed on\n"
    "DATE, as a provisional batch: under the ABF only those earned in the quarter\n"
    "of renewal and the quarter before (ABF-99); under the EBU all (EBU-5).\n";
static const char *const help_dump =
    "Print every table's rows in a stable text form, table by table: two ledgers,\n"
    "or one before and after a change, compared with diff.  Changes nothing.\n";
static const char *const help_verify_head =
    "Recompute the audit log's hash chain, replay its row images against every\n"
    "table (a row the chain does not explain, or an entry whose row is gone, is\n"
    "named by table and key), each batch's control totals and every holding from\n"
    "the journal; exit 1 on any difference.  Prints the head of the chain, \"head\n"
    "N:HASH\": keep it outside the database (docs/ledger.md, \"Audit and backups\").\n"
    "--head N:HASH: the chain's tail was neither cut nor rewritten since that head.\n"
    "--since N:HASH: only the chain after that head: entry N must still have that\n"
    "hash, then each later entry's link, hash and row images, and the schema; time\n"
    "in proportion to what was added.  Run a full verify now and then.\n";

static int cmd_init(void *arg)
{
    ledger_args *a = arg;
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
static int register_run(ledger_args *a, ledger_step_fn step, const bool *players)
{
    if (!a->body)
        return ledger_usage(a);
    return ledger_run(a, step, players);
}

static int cmd_player_add(void *arg)
{
    ledger_args *a = arg;
    return register_run(a, add_player_step, &players_register);
}

static int cmd_player_export(void *arg)
{
    ledger_args *a = arg;
    return register_run(a, export_register_step, &players_register);
}

static int cmd_club_add(void *arg)
{
    ledger_args *a = arg;
    return register_run(a, add_club_step, &clubs_register);
}

static int cmd_club_import(void *arg)
{
    ledger_args *a = arg;
    return register_run(a, import_register_step, &clubs_register);
}

static int cmd_club_export(void *arg)
{
    ledger_args *a = arg;
    return register_run(a, export_register_step, &clubs_register);
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

static int cmd_import(void *arg)
{
    ledger_args *a = arg;
    bmp_batch_source src;
    long long replaces = 0;
    if (!parse_kind(a->kind, &src))
        return ledger_usage(a);
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
    long long event = 0; /* issue 42: an ACBLscore file's event */
    if (a->event && !ledger_number(a->event, 1, 50, &event)) {
        fputs("bridgemp ledger import: --event takes an event number from 1 to 50\n", stderr);
        return LEDGER_EXIT_USAGE;
    }
    bmp_error e = {0};
    bmp_limits lim = {.size = sizeof lim}; /* issue 45: --limits KEY=N,... */
    if (a->limits && bmp_limits_parse(a->limits, &lim, &e)) {
        fprintf(stderr, "bridgemp ledger import: --%s\n", e.msg);
        return LEDGER_EXIT_USAGE;
    }
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_usebio_opts uo = {.body = a->body, .edition = a->edition, .grade = a->grade,
                          .classification = a->classification, .status = status,
                          .rating = a->rating, .sidecar = a->sidecar};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = a->body, .source = src, .club = a->club,
                                .control = a->control.v, .ncontrol = a->control.n, .usebio = &uo,
                                .replaces = replaces, .reason = a->reason,
                                .strict_numbers = a->strict_numbers, .event = (int)event,
                                .limits = &lim};
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

static int cmd_batch_ids(ledger_args *a, int which)
{
    if ((a->npos < 2 && !(which == 0 && a->all)) || (which != 0 && !a->reason))
        return ledger_usage(a);
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

static int cmd_close(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_run(a, close_step, NULL);
}

/* verify --since N:HASH (issue 46): the chain after a head. */
static bmp_status verify_since_step(bmp_ledger *l, const ledger_args *a, bmp_problems *p,
                                    bmp_error *e)
{
    int64_t checked = 0;
    bmp_status st = bmp_ledger_verify_since(l, a->since, &checked, p, e);
    bmp_ledger_head h;
    char hs[96];
    if (!st)
        st = bmp_ledger_head_get(l, &h, e);
    if (!st) {
        bmp_ledger_head_format(&h, hs, sizeof hs);
        printf("ledger verified since head %s: %lld entries checked (chain, row images, "
               "schema)\n", a->since, (long long)checked);
        printf("head %s\n", hs);
    }
    return st;
}

static bmp_status verify_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    if (a->since)
        return verify_since_step(l, a, p, e);
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

static int cmd_verify(void *a) { return ledger_run(a, verify_step, NULL); }

static int cmd_dump(void *a) { return ledger_run(a, dump_step, NULL); }

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

static int cmd_release(void *arg)
{
    ledger_args *a = arg;
    if (!a->body || !a->date)
        return ledger_usage(a);
    return ledger_run(a, release_step, NULL);
}

static int cmd_approve(void *a) { return cmd_batch_ids(a, 0); }

static int cmd_reject(void *a) { return cmd_batch_ids(a, 1); }

static int cmd_correct(void *a) { return cmd_batch_ids(a, 2); }

static const cli_opt opts_player_add[] = {
    LOPT_BODY, LOPT(club, "HOME", "the home club's number"),
    LOPT(number, "N", "the player's number (else allocated where the body allocates)"),
    LOPT_REQ(name, "NAME", "the player's name"),
    LOPT(status, "S", "Active, Dormant, Temporary, Resigned, Deceased or Unknown"),
    LOPT(alternates, "C1;C2", "alternate clubs' numbers"),
    LFLAG(overseas, "--overseas", "an overseas player"), LFLAG(youth, "--youth", "a youth player"),
    CLI_OPT_END};
static const cli_opt opts_body_output[] = {LOPT_BODY, LOPT_OUTPUT, CLI_OPT_END};
static const cli_opt opts_body[] = {LOPT_BODY, CLI_OPT_END};
static const cli_opt opts_club_add[] = {
    LOPT_BODY, LOPT_REQ(number, "N", "the club's number"), LOPT_REQ(name, "NAME", "the club's name"),
    LFLAG(dummy, "--dummy", "an organiser that is not a club (NZ-98)"), CLI_OPT_END};
static const cli_opt opts_import[] = {
    LOPT(body, "B", "the governing body (else the file's)"),
    LOPT(club, "C", "the club that ran the event"),
    LOPT(status, "S", "what a USEBIO file cannot say: the event's status (EBU scale)"),
    LOPT_REASON, LOPT(kind, "K", "event, usebio-mp, abf-credit or adjustment (else from the file)"),
    LOPT(grade, "G", "... the grade"), LOPT(edition, "E", "... the body's edition"),
    LOPT(classification, "C", "... the classification"), LOPT(rating, "R", "... the rating"),
    LOPT(sidecar, "F", "a JSON object with the event format's fields"),
    LOPT(replaces, "ID", "the batch this corrected event replaces (with --reason)"),
    CLI_VALUE_AT(ledger_args, usebio_status, "--usebio-status", 0, "S", "the older name of --status"),
    CLI_LIST_AT(ledger_args, control, "--control", 0, "TYPE=POINTS",
                "the batch's control total of a point type"),
    LFLAG(strict_numbers, "--strict-numbers",
          "refuse a file with a guest, no or an invalid player number (else held, RI-7)"),
    LOPT(event, "N", "the event of an ACBLscore game file that holds several"),
    LOPT(limits, "KEY=N,...", "the work a file may ask for: players=16, contestants=10000, "
                              "credit-lines=100000, near-lines=1000 (the defaults)"),
    CLI_OPT_END};
static const cli_opt opts_approve[] = {
    LFLAG(all, "--all", "every provisional batch (not one held for its carried points)"),
    LOPT(body, "B", "with --all: only this body's batches"), LOPT_REASON, CLI_OPT_END};
static const cli_opt opts_reason[] = {LOPT_REASON_REQ, CLI_OPT_END};
static const cli_opt opts_close[] = {
    LOPT_BODY, LFLAG(dry_run, "--dry-run", "print what the close would do; nothing changed"),
    LOPT(format, "F", "with --dry-run: table (default) or json"), CLI_OPT_END};
static const cli_opt opts_release[] = {
    LOPT_BODY, LOPT_REQ(date, "yyyy-mm-dd", "the day the player registered or renewed"),
    CLI_OPT_END};
static const cli_opt opts_verify[] = {
    LOPT(head, "N:HASH", "a head printed earlier: entry N must still have that hash"),
    LOPT(since, "N:HASH", "check only the chain after this head (printed by verify)"),
    CLI_OPT_END};

const cli_cmd ledger_cmds_core[] = {
    {"init", "", "create the ledger (or migrate it)", help_init, NULL, 0, 0, cmd_init, 0},
    {"player add", "", "add a player to the register", help_player, opts_player_add, 0, 0,
     cmd_player_add, 0},
    {"player export", "", "the player register as CSV", help_player, opts_body_output, 0, 0,
     cmd_player_export, 0},
    {"club add", "", "add a club to the register", help_club, opts_club_add, 0, 0, cmd_club_add, 0},
    {"club import", "FILE", "clubs from CSV", help_club, opts_body, 1, 1, cmd_club_import, 0},
    {"club export", "", "the club register as CSV", help_club, opts_body_output, 0, 0,
     cmd_club_export, 0},
    {"import", "FILE...",
     "award batches: events (JSON, USEBIO), USEBIO with\nMASTER_POINTS, ABF credit files, CSV "
     "adjustments",
     help_import, opts_import, 1, LEDGER_MANY, cmd_import, 0},
    {"approve", "ID...", "provisional -> approved (--all: every one)", help_approve, opts_approve,
     0, LEDGER_MANY, cmd_approve, 0},
    {"reject", "ID", "provisional or approved -> rejected", help_reject, opts_reason, 1, 1,
     cmd_reject, 0},
    {"correct", "ID", "reverse a posted batch (a new batch)", help_correct, opts_reason, 1, 1,
     cmd_correct, 0},
    {"close", "PERIOD", "post approved batches, re-rank, promotions, freeze", help_close,
     opts_close, 1, 1, cmd_close, 0},
    {"release", "NUMBER", "credit held points of a now registered player", help_release,
     opts_release, 1, 1, cmd_release, 0},
    {"verify", "", "recompute the audit chain, totals and holdings", help_verify_head,
     opts_verify, 0, 0, cmd_verify, 0},
    {"dump", "", "every table's rows as text (for comparing ledgers)", help_dump, NULL, 0, 0,
     cmd_dump, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
