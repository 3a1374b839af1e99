/* A player's region (issue 28 item 4, migration 023, src/ledger/register/region.c,
 * docs/rulings.md RG-1, RG-2): the ABF's state or territory and the EBU's
 * county read by the register import (its documented-header check, a file
 * without the column leaving it as it is, --dry-run from -> to), written
 * out by the export, and the ranking filtered by it; a ledger of the
 * schema before migration 023 upgrades and still verifies, and one whose
 * chain imaged players before 018 is re-imaged once (rulings MG-18).  Both
 * backends (tests/pg.cmake). */
#include "ledger_test_util.h"

#include <sqlite3.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"
#include "bridgemp/ledger_publish.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"
#include "ledger/migrations/sqlite_migrations.h"

#define ADJ "number,point_type,points,event,reason\n"

static void import_ok(lt *t, const char *body, const char *name, const char *csv)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_import_players(t->l, body, lt_file(t, name, csv), NULL, &p, &e);
    if (st)
        fprintf(stderr, "%s: %s\n", name, e.msg);
    assert_int_equal(st, BMP_OK);
    bmp_problems_free(&p);
}

static void post(lt *t, const char *body, const char *csv, const char *period)
{
    bmp_error e = {0};
    int64_t id = lt_import(t, lt_file(t, "adj.csv", csv), body, BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, body, period, NULL, &e), BMP_OK);
}

/* The player's row of the register export (freshly allocated). */
static char *export_row(lt *t, const char *body, const char *number)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_export_players(t->l, body, f, &e), BMP_OK);
    fclose(f);
    char *s = strstr(buf, number);
    assert_non_null(s);
    char *row = strndup(s, strcspn(s, "\n"));
    free(buf);
    return row;
}

static void verify_ok(lt *t)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_verify(t->l, &p, &e);
    for (size_t i = 0; i < p.count; i++)
        fprintf(stderr, "  verify: %s\n", p.msgs[i]);
    assert_int_equal(st, BMP_OK);
    bmp_problems_free(&p);
}

/* The ranking filtered by region into *tb (initialised here); its status. */
static bmp_status ranking_of(lt *t, const char *body, const char *region, bmp_table *tb,
                             bmp_error *e)
{
    bmp_ledger_ranking_opts o = {.size = sizeof o, .region = region};
    bmp_table_init(tb);
    return bmp_ledger_ranking(t->l, body, &o, NULL, tb, e);
}

/* lt_abf's players with points posted (ABF-86: green and red add into the
 * total): 1002 6.00 green + 1.00 red = 7.00; 1004 3.50 green + 0.25 red =
 * 3.75; 1003 2.00 green; 1005 0.50 green. */
static void abf_posted(lt *t)
{
    lt_abf(t);
    post(t, "abf",
         ADJ "1002,green,6.00,old,carried\n1002,red,1.00,old,carried\n"
             "1003,green,2.00,old,carried\n1004,green,3.50,old,carried\n"
             "1004,red,0.25,old,carried\n1005,green,0.50,old,carried\n",
         "2025-12");
}

/* ... in two states: 1002 and 1004 NSW, 1003 VIC, 1005 none. */
static void abf_two_states(lt *t)
{
    abf_posted(t);
    import_ok(t, "abf", "s.csv", "Number,State\n1002,NSW\n1003,vic\n1004,New South Wales\n");
}

/* RG-1: --state NSW lists exactly 1002 and 1004 (by total, 7.00 then
 * 3.75), with their holdings; VIC (as "Victoria", any case) only 1003;
 * Queensland is a state no player has: an empty list; "Sydney" is no
 * state: EINVAL naming the eight. */
static void ranking_by_state(void **state)
{
    (void)state;
    lt t;
    abf_two_states(&t);
    bmp_error e = {0};
    bmp_table tb;
    assert_int_equal(ranking_of(&t, "abf", "nsw", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, 0, "state"), "NSW");
    assert_string_equal(lt_cell(&tb, 0, "green"), "6.00");
    assert_string_equal(lt_cell(&tb, 0, "red"), "1.00");
    assert_string_equal(lt_cell(&tb, 0, "total"), "7.00");
    assert_string_equal(lt_cell(&tb, 1, "number"), "0001004");
    assert_string_equal(lt_cell(&tb, 1, "state"), "NSW");
    assert_string_equal(lt_cell(&tb, 1, "green"), "3.50");
    assert_string_equal(lt_cell(&tb, 1, "red"), "0.25");
    assert_string_equal(lt_cell(&tb, 1, "total"), "3.75");
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "abf", "VICTORIA", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001003");
    assert_string_equal(lt_cell(&tb, 0, "green"), "2.00");
    assert_string_equal(lt_cell(&tb, 0, "total"), "2.00");
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "abf", "Queensland", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 0);
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "abf", "Sydney", &tb, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "state \"Sydney\": expected one of ACT, NSW, NT, QLD, SA, TAS, "
                               "VIC, WA, or its name in full");
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "abf", " ", &tb, &e), BMP_EINVAL);
    bmp_table_free(&tb);
    /* no filter: everyone but the Deceased, 1005 and the Dormant 1007 without a state */
    assert_int_equal(ranking_of(&t, "abf", NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 5);
    assert_string_equal(lt_cell(&tb, 3, "number"), "0001005");
    assert_string_equal(lt_cell(&tb, 3, "state"), "");
    bmp_table_free(&tb);
    verify_ok(&t);
    lt_done(&t);
}

/* RG-1: EBU counties as the register writes them.  W1 (Surrey) 50 local +
 * 1.00 blue = 150.00 (EBU-1: a Blue Point is 100); W3 (Surrey) 30 local;
 * W2 (Kent) 120 local.  "surrey" lists W1 then W3; "Surry" is no county
 * of the register: EINVAL naming the ones it has. */
static void ranking_by_county(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    import_ok(&t, "ebu", "p.csv", "number,name,status,County\n11,W1,Active,Surrey\n"
                                  "12,W2,Active,Kent\n13,W3,Active,Surrey\n14,W4,Active,\n");
    post(&t, "ebu",
         ADJ "11,local,50.00,x,carried\n11,blue,1.00,x,carried\n12,local,120.00,x,carried\n"
             "13,local,30.00,x,carried\n",
         "2024-01");
    bmp_error e = {0};
    bmp_table tb;
    assert_int_equal(ranking_of(&t, "ebu", "surrey", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "name"), "W1");
    assert_string_equal(lt_cell(&tb, 0, "county"), "Surrey");
    assert_string_equal(lt_cell(&tb, 0, "local"), "50.00");
    assert_string_equal(lt_cell(&tb, 0, "blue"), "1.00");
    assert_string_equal(lt_cell(&tb, 0, "total"), "150.00");
    assert_string_equal(lt_cell(&tb, 1, "name"), "W3");
    assert_string_equal(lt_cell(&tb, 1, "total"), "30.00");
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "ebu", "Kent", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1);
    assert_string_equal(lt_cell(&tb, 0, "name"), "W2");
    assert_string_equal(lt_cell(&tb, 0, "total"), "120.00");
    bmp_table_free(&tb);
    assert_int_equal(ranking_of(&t, "ebu", "Surry", &tb, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "county \"Surry\": no player of the register has it; the "
                               "register's are Kent, Surrey");
    bmp_table_free(&tb);
    char *row = export_row(&t, "ebu", "11,W1");
    assert_string_equal(row, "11,W1,Active,,,0,0,,,0.00,Surrey");
    free(row);
    verify_ok(&t);
    lt_done(&t);
}

/* The register import (MI-0, RG-1): --dry-run lists each state from -> to
 * and writes nothing; the import writes it (the export's last column,
 * "state"); a file without the column leaves it; an empty cell clears
 * it; a value that is no state is refused by line, nothing written; a
 * column the body does not use (a county; a region, which an ABF State
 * divides itself into, ABF-53) is refused naming the valid ones. */
static void register_column(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    const char *csv = lt_file(&t, "s.csv", "number,state\n1002,nsw\n1003,Tasmania\n1004,\n");
    char *before = lt_dump(&t);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    bmp_ledger_register_opts o = {.size = sizeof o, .dry_run = true, .changes = f};
    bmp_ledger_register_stats s = {0};
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_register(t.l, "abf", csv, &o, &s, NULL, &e), BMP_OK);
    fclose(f);
    assert_string_equal(out, "0001002 state: \"\" -> \"NSW\"\n"
                             "0001003 state: \"\" -> \"TAS\"\n");
    assert_int_equal(s.changed, 2);
    assert_int_equal(s.unchanged, 1);
    free(out);
    lt_unchanged(&t, before);

    import_ok(&t, "abf", "s.csv", "number,state\n1002,nsw\n1003,Tasmania\n1004,\n");
    char *row = export_row(&t, "abf", "0001002");
    assert_string_equal(row, "0001002,Player 2,Active,2074,3101,0,0,,,0.00,NSW");
    free(row);
    /* a file without the column: the state stays */
    import_ok(&t, "abf", "st.csv", "number,name,status\n1002,Player 2,Dormant\n");
    row = export_row(&t, "abf", "0001002");
    assert_string_equal(row, "0001002,Player 2,Dormant,2074,3101,0,0,,,0.00,NSW");
    free(row);
    /* an empty cell clears it */
    import_ok(&t, "abf", "r.csv", "number,State\n1003,\n");
    row = export_row(&t, "abf", "0001003");
    assert_string_equal(row, "0001003,Player 3,Active,2074,,0,0,,,0.00,");
    free(row);

    before = lt_dump(&t);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "b.csv",
                     "number,state\n1004,VIC\n1005,Sydney\n"), NULL, &p, &e), BMP_EINVAL);
    lt_has(&p, "b.csv:3: state \"Sydney\": expected one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA");
    bmp_problems_free(&p);
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "g.csv",
                     "number,Region\n1004,Hunter\n"), NULL, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "unknown column \"Region\" (did you mean state?)"));
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "c.csv",
                     "number,County\n1004,Kent\n"), NULL, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "c.csv:1: header: unknown column \"County\" (did you mean "
                                  "state?); the columns are "
                                  "number,name,status,home_club,alternates,overseas,youth,"
                                  "registered_from,registered_to,pre1982_red,birth_year,state "
                                  "(docs/ledger.md)"));
    lt_unchanged(&t, before);
    verify_ok(&t);
    lt_done(&t);
}

/* The import's audit entry names the field by the body's word, and the
 * chain images the region's row (its change, from -> to). */
static void region_audited(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    import_ok(&t, "abf", "s.csv", "number,state\n1002,NSW\n");
    import_ok(&t, "abf", "s2.csv", "number,state\n1002,ACT\n");
    bmp_error e = {0};
    bmp_table a;
    bmp_table_init(&a);
    bmp_ledger_audit_filter af = {.action = "import players"};
    assert_int_equal(bmp_ledger_audit_list(t.l, &af, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 3);
    assert_non_null(strstr(lt_cell(&a, 2, "detail"), "\nstate (1): 0001002 \"NSW\" -> \"ACT\""));
    bmp_table_free(&a);
    char *d = lt_dump(&t); /* 1002 is player 1, lt_abf's first */
    assert_non_null(strstr(d, "== player_region\n1|ACT\n=="));
    free(d);
    verify_ok(&t);
    lt_done(&t);
}

/* The back office's edit of one player (bmp_ledger_player_edit, the
 * import's code): the state by the body's word, checked as the import
 * checks it; the record shows it under that word. */
static void edit_one_player(void **state)
{
    (void)state;
    lt t;
    abf_two_states(&t);
    bmp_error e = {0};
    size_t changed = 0;
    bmp_ledger_field f = {"state", "Victoria"};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1002", &f, 1, "moved to Melbourne",
                                            &changed, NULL, &e), BMP_OK);
    assert_int_equal(changed, 1);
    bmp_table tb;
    assert_int_equal(ranking_of(&t, "abf", "VIC", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2); /* 1002 7.00, then 1003 2.00 */
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, 0, "total"), "7.00");
    assert_string_equal(lt_cell(&tb, 1, "number"), "0001003");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_player_register(t.l, "abf", "1002", &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "state"), "VIC");
    bmp_table_free(&tb);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    f = (bmp_ledger_field){"state", "Perth"};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1002", &f, 1, "x", NULL, &p, &e),
                     BMP_EINVAL);
    lt_has(&p, "state \"Perth\": expected one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA");
    bmp_problems_free(&p);
    f = (bmp_ledger_field){"county", "Kent"};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1002", &f, 1, "x", NULL, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "field \"county\": not a field an edit changes; the fields "
                                  "are name,status,home_club,alternates,overseas,youth,"
                                  "registered_from,registered_to,pre1982_red,birth_year,state"));
    lt_unchanged(&t, before);
    verify_ok(&t);
    lt_done(&t);
}

/* Migration 021's covering index player_card exists after an upgrade, and
 * the player summary reads through it: 1003 (lt_abf's Player 3, home club
 * 2074) holding `green` hundredths of green points. */
static void card_index_made(lt *t, bmp_points green)
{
    bmp_error e = {0};
    int64_t n = 0;
    const char *sql = lt_on_postgres()
                          ? "SELECT count(*) FROM pg_indexes WHERE indexname = 'player_card'"
                          : "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = "
                            "'player_card'";
    assert_int_equal(lq_int(t->l, &n, NULL, &e, sql, ""), BMP_OK);
    assert_int_equal(n, 1);
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_player_summary(t->l, "abf", "1003", &s, &e), BMP_OK);
    assert_string_equal(s.name, "Player 3");
    assert_string_equal(s.home_club, "2074");
    assert_string_equal(s.point_type[0], "green");
    assert_int_equal(s.holding[0], green);
}

/* Migration 023 on a ledger made before it, whose players are imaged in
 * the audit chain: the schema before 023 is today's without its table
 * (023 only creates player_region), so the ledger is made, then the table
 * dropped and the version set back.  Opening migrates; verify passes (a
 * column added to player would have changed every player's image, RG-2);
 * a state imported then filters the ranking; verify passes again. */
static void upgrade_from_before_023(void **state)
{
    (void)state;
    int at = 0;
    while (at < ledger_nmigrations && ledger_migrations[at] != ledger_sqlite_migration_023)
        at++;
    if (at != ledger_nmigrations - 4 || ledger_migrations[at + 1] != ledger_sqlite_migration_021 ||
        ledger_migrations[at + 2] != ledger_sqlite_migration_024 ||
        ledger_migrations[at + 3] != ledger_sqlite_migration_025)
        fail_msg("migrations 023, 021, 024, 025 are no longer the last: drop what the later ones "
                 "make too");
    lt t;
    abf_posted(&t); /* a register imaged in the chain, holdings posted */
    bmp_ledger_close(t.l);
    t.l = NULL;
    char sql[256];
    if (lt_on_postgres()) {
        lt_pg_exec(t.db, "DROP TABLE player_region; DROP INDEX player_card; "
                         "ALTER TABLE session DROP COLUMN login_seq, DROP COLUMN mac; "
                         "ALTER TABLE holding DROP CONSTRAINT holding_points_bound");
        snprintf(sql, sizeof sql, "DELETE FROM bmp_schema; INSERT INTO bmp_schema VALUES (%d)",
                 at);
        lt_pg_exec(t.db, sql);
    } else {
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(t.db, &h), SQLITE_OK);
        snprintf(sql, sizeof sql, "DROP TABLE player_region; DROP INDEX player_card; "
                 "ALTER TABLE session DROP COLUMN login_seq; ALTER TABLE session DROP COLUMN mac; "
                 "PRAGMA user_version = %d", at);
        assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
    }
    lt_open(&t);
    assert_int_equal(bmp_ledger_schema_version(t.l), bmp_ledger_schema_latest());
    card_index_made(&t, 200); /* abf_posted's 2.00 green */
    verify_ok(&t);
    import_ok(&t, "abf", "s.csv", "number,state\n1003,WA\n1005,WA\n");
    bmp_error e = {0};
    bmp_table tb;
    assert_int_equal(ranking_of(&t, "abf", "WA", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2); /* 1003 2.00, then 1005 0.50 */
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001003");
    assert_string_equal(lt_cell(&tb, 0, "total"), "2.00");
    assert_string_equal(lt_cell(&tb, 1, "number"), "0001005");
    assert_string_equal(lt_cell(&tb, 1, "total"), "0.50");
    bmp_table_free(&tb);
    verify_ok(&t);
    lt_done(&t);
}

/* ---- migration 018 on a ledger whose chain imaged players before it ---- */

/* The place of migration `m` in the list: the schema version before it. */
static int version_before(const char *m)
{
    int at = 0;
    while (at < ledger_nmigrations && ledger_migrations[at] != m)
        at++;
    assert_true(at < ledger_nmigrations);
    return at;
}

/* Run SQL made at run time (lq_run caches a statement by its text's address). */
static void exec_sql(bmp_ledger *l, const char *sql)
{
    bmp_error e = {0};
    ledger_stmt *st = NULL;
    assert_int_equal(lq_query(l, &st, &e, sql, NULL), BMP_OK);
    bmp_status rc = l->ops->step(st, NULL, &e);
    l->ops->finalize(st);
    if (rc)
        fail_msg("%s: %s", sql, e.msg);
}

/* The chain's no-update triggers (audit, audit_row) off (SQLite: dropped,
 * their SQL kept in saved[]) or back on. */
static void history_writable(bmp_ledger *l, bool writable, char *saved[2])
{
    static const char *const tables[2] = {"audit", "audit_row"};
    bool pg = strcmp(bmp_ledger_backend(l), "postgresql") == 0;
    for (int i = 0; i < 2; i++) {
        char sql[160];
        if (pg) {
            snprintf(sql, sizeof sql, "ALTER TABLE %s %s TRIGGER %s_no_update", tables[i],
                     writable ? "DISABLE" : "ENABLE", tables[i]);
            exec_sql(l, sql);
            continue;
        }
        if (!writable) {
            exec_sql(l, saved[i]);
            free(saved[i]);
            continue;
        }
        bmp_error e = {0};
        ledger_stmt *st = NULL;
        bool row = false;
        snprintf(sql, sizeof sql, "%s_no_update", tables[i]);
        assert_int_equal(lq_query(l, &st, &e, "SELECT sql FROM sqlite_master WHERE name = ?1",
                                  "s", sql), BMP_OK);
        assert_int_equal(l->ops->step(st, &row, &e), BMP_OK);
        assert_true(row);
        saved[i] = strdup(l->ops->col_text(st, 0));
        l->ops->finalize(st);
        snprintf(sql, sizeof sql, "DROP TRIGGER %s_no_update", tables[i]);
        exec_sql(l, sql);
    }
}

/* The register import's entry (the chain's last) as a program at schema
 * 016 or 017 wrote it, before migration 018 added player.birth_year (the
 * row's last column): each player's image without it, its digest, the
 * entry's rows_hash and hash recomputed by the chain's own functions (as
 * test_ledger_chain's older_ledger_baseline writes an entry of a program
 * before 016).  Nothing follows the entry, so no later hash changes.
 * Returns the entry's seq. */
static int64_t players_imaged_at_017(lt *t)
{
    enum { MAXR = 32 };
    bmp_ledger *l = t->l;
    bmp_error e = {0};
    bmp_ledger_head h;
    assert_int_equal(bmp_ledger_head_get(l, &h, &e), BMP_OK);
    int64_t seq = h.entries;
    ledger_stmt *st = NULL;
    bool row = false;
    assert_int_equal(lq_query(l, &st, &e, "SELECT at, who, action, detail, prev_hash FROM audit "
                              "WHERE seq = ?1", "i", seq), BMP_OK);
    assert_int_equal(l->ops->step(st, &row, &e), BMP_OK);
    assert_true(row);
    char *f[5];
    for (int k = 0; k < 5; k++)
        f[k] = strdup(l->ops->col_text(st, k));
    l->ops->finalize(st);
    assert_string_equal(f[2], "import players");
    char *tbl[MAXR], *key[MAXR], *img[MAXR], digest[MAXR][65], lines[8192] = "";
    size_t n = 0, players = 0;
    assert_int_equal(lq_query(l, &st, &e, "SELECT tbl, key, digest, image FROM audit_row WHERE "
                              "seq = ?1 ORDER BY n", "i", seq), BMP_OK);
    for (row = true; n < MAXR; n++) {
        assert_int_equal(l->ops->step(st, &row, &e), BMP_OK);
        if (!row)
            break;
        tbl[n] = strdup(l->ops->col_text(st, 0));
        key[n] = strdup(l->ops->col_text(st, 1));
        img[n] = strdup(l->ops->col_text(st, 3));
        snprintf(digest[n], 65, "%s", l->ops->col_text(st, 2));
        if (strcmp(tbl[n], "player") == 0) {
            size_t len = strlen(img[n]), tail = strlen("|birth_year=\\N");
            if (len < tail || strcmp(img[n] + len - tail, "|birth_year=\\N") != 0)
                fail_msg("player %s: image \"%s\" should end with birth_year NULL", key[n],
                         img[n]);
            img[n][len - tail] = '\0';
            ledger_sha256_hex(img[n], strlen(img[n]), digest[n]);
            players++;
        }
        size_t used = strlen(lines); /* ledger_chain_hash_line's lines */
        snprintf(lines + used, sizeof lines - used, "%s\t%s\t%s\n", tbl[n], key[n], digest[n]);
    }
    l->ops->finalize(st);
    assert_int_equal(players, 6); /* lt_abf's six */
    char rows[65], hash[65];
    ledger_sha256_hex(lines, strlen(lines), rows);
    ledger_audit_hash_rows(f[4], seq, f[0], f[1], f[2], f[3], rows, hash);
    char *saved[2] = {NULL, NULL};
    assert_int_equal(l->ops->begin(l->s, &e), BMP_OK);
    history_writable(l, true, saved);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(tbl[i], "player") == 0)
            assert_int_equal(lq_run(l, &e, "UPDATE audit_row SET digest = ?3, image = ?4 WHERE "
                                           "seq = ?1 AND n = ?2",
                                    "iiss", seq, (int64_t)i + 1, digest[i], img[i]),
                             BMP_OK);
        free(tbl[i]);
        free(key[i]);
        free(img[i]);
    }
    assert_int_equal(lq_run(l, &e, "UPDATE audit SET rows_hash = ?2, hash = ?3 WHERE seq = ?1",
                            "iss", seq, rows, hash), BMP_OK);
    history_writable(l, false, saved);
    assert_int_equal(l->ops->commit(l->s, &e), BMP_OK);
    for (int k = 0; k < 5; k++)
        free(f[k]);
    return seq;
}

/* What migrations 018 and later made, dropped (their SQL: 018 player.
 * birth_year, opening, opening_player, player_merge, player_unmerge with
 * their triggers, view player_resolved; 019 invoice_setting and nine
 * invoice columns; 020 account, account_role, session, login_attempt; 023
 * player_region; 021 index player_card; 024 session's columns, gone with
 * the table; 025 holding's CHECK, on PostgreSQL: SQLite's rebuild runs
 * again as it is), then `more` (an edit behind the
 * program's back or ""), and the version set back to 017's. */
static void schema_back_to_017(lt *t, const char *more)
{
    if (ledger_migrations[ledger_nmigrations - 1] != ledger_sqlite_migration_025 ||
        ledger_migrations[ledger_nmigrations - 2] != ledger_sqlite_migration_024 ||
        ledger_migrations[ledger_nmigrations - 3] != ledger_sqlite_migration_021)
        fail_msg("migrations 021, 024, 025 are no longer the last: drop what the later ones make "
                 "too");
    static const char drop[] =
        "DROP VIEW player_resolved; DROP TABLE player_unmerge; DROP TABLE player_merge; "
        "DROP TABLE opening_player; DROP TABLE opening; DROP TABLE invoice_setting; "
        "DROP TABLE account_role; DROP TABLE session; DROP TABLE login_attempt; "
        "DROP TABLE account; DROP TABLE player_region; DROP INDEX player_card; "
        "ALTER TABLE player DROP COLUMN birth_year; ALTER TABLE invoice DROP COLUMN with_terms; "
        "ALTER TABLE invoice DROP COLUMN due; ALTER TABLE invoice DROP COLUMN net; "
        "ALTER TABLE invoice DROP COLUMN tax; ALTER TABLE invoice DROP COLUMN tax_name; "
        "ALTER TABLE invoice DROP COLUMN tax_rate; ALTER TABLE invoice DROP COLUMN tax_included; "
        "ALTER TABLE invoice DROP COLUMN issuer_address; "
        "ALTER TABLE invoice DROP COLUMN issuer_tax_id; ";
    /* PostgreSQL: each trigger's function (pg_translate.c) outlives its table */
    static const char pg_functions[] =
        "DROP FUNCTION bmp_raise_opening_no_update(); DROP FUNCTION bmp_raise_opening_no_delete(); "
        "DROP FUNCTION bmp_raise_opening_player_no_update(); "
        "DROP FUNCTION bmp_raise_opening_player_no_delete(); "
        "DROP FUNCTION bmp_raise_player_merge_no_update(); "
        "DROP FUNCTION bmp_raise_player_merge_no_delete(); "
        "DROP FUNCTION bmp_raise_player_unmerge_no_update(); "
        "DROP FUNCTION bmp_raise_player_unmerge_no_delete(); "
        "ALTER TABLE holding DROP CONSTRAINT holding_points_bound; ";
    int at = version_before(ledger_sqlite_migration_018);
    char sql[2048];
    if (lt_on_postgres()) {
        snprintf(sql, sizeof sql, "%s%s%s; DELETE FROM bmp_schema; INSERT INTO bmp_schema "
                 "VALUES (%d)", drop, pg_functions, more, at);
        lt_pg_exec(t->db, sql);
    } else {
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
        snprintf(sql, sizeof sql, "%s%s; PRAGMA user_version = %d", drop, more, at);
        char *msg = NULL;
        if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK)
            fail_msg("%s", msg);
        sqlite3_close(h);
    }
}

/* lt_abf's ledger as a program at schema 017 made it (the players' entry
 * in *seq017), closed and rolled back to 017's schema. */
static void ledger_of_017(lt *t, const char *more, int64_t *seq017)
{
    lt_abf(t);
    *seq017 = players_imaged_at_017(t);
    bmp_ledger_close(t->l);
    t->l = NULL;
    schema_back_to_017(t, more);
}

/* verify's problems into p: their count (none: BMP_OK, else EINVAL). */
static size_t verify_problems(lt *t, bmp_problems *p)
{
    bmp_error e = {0};
    bmp_status st = bmp_ledger_verify(t->l, p, &e);
    assert_int_equal(st, p->count ? BMP_EINVAL : BMP_OK);
    return p->count;
}

static int64_t entries(lt *t)
{
    bmp_error e = {0};
    bmp_ledger_head h;
    assert_int_equal(bmp_ledger_head_get(t->l, &h, &e), BMP_OK);
    return h.entries;
}

/* Migration 018 on a ledger whose chain imaged its six players at 017
 * (docs/rulings.md MG-18).  Read-only, the migrated ledger's verify names
 * each player "birth_year: (none) -> NULL" (6) and says to open it
 * writable once (1): 7 problems, nothing written.  Opened writable, one
 * `migrate` entry re-images the six (6 images and the migration's note: 7
 * rows) and verify passes; opened again, no entry is added.  An edit of
 * birth_year behind the program's back is then caught; points post and a
 * period closes as on any ledger, and an edit of birth_year through the
 * register import verifies. */
static void upgrade_from_before_018(void **state)
{
    (void)state;
    lt t;
    int64_t seq017 = 0;
    ledger_of_017(&t, "", &seq017);
    bmp_error e = {0};
    bmp_ledger_opts ro = {.size = sizeof ro, .who = "reader", .read_only = true};
    assert_int_equal(bmp_ledger_open(t.db, &ro, &t.l, &e), BMP_OK);
    assert_int_equal(bmp_ledger_schema_version(t.l), bmp_ledger_schema_latest());
    bmp_problems p = {0};
    assert_int_equal(verify_problems(&t, &p), 6 + 1);
    char want[160];
    snprintf(want, sizeof want, "player (id 1): differs from the audit chain (entry %lld): "
             "birth_year: (none) -> NULL", (long long)seq017);
    lt_has(&p, want);
    lt_has(&p, "open the ledger writable once to re-image them");
    bmp_problems_free(&p);
    assert_int_equal(entries(&t), seq017); /* nothing written */
    bmp_ledger_close(t.l);
    lt_open(&t);
    card_index_made(&t, 0); /* lt_abf's register, no points */
    assert_int_equal(entries(&t), seq017 + 1);
    int64_t n = 0;
    assert_int_equal(lq_int(t.l, &n, NULL, &e, "SELECT count(*) FROM audit_row WHERE seq = ?1",
                            "i", seq017 + 1), BMP_OK);
    assert_int_equal(n, 6 + 1);
    assert_int_equal(lq_int(t.l, &n, NULL, &e, "SELECT count(*) FROM audit WHERE seq = ?1 AND "
                            "action = 'migrate'", "i", seq017 + 1), BMP_OK);
    assert_int_equal(n, 1);
    verify_ok(&t);
    bmp_ledger_close(t.l);
    lt_open(&t);
    assert_int_equal(entries(&t), seq017 + 1); /* once */
    verify_ok(&t);
    assert_int_equal(lq_run(t.l, &e, "UPDATE player SET birth_year = 1950 WHERE id = 2", NULL),
                     BMP_OK);
    assert_int_equal(verify_problems(&t, &p), 1);
    snprintf(want, sizeof want, "player (id 2): differs from the audit chain (entry %lld): "
             "birth_year: NULL -> '1950'", (long long)seq017 + 1);
    lt_has(&p, want);
    bmp_problems_free(&p);
    assert_int_equal(lq_run(t.l, &e, "UPDATE player SET birth_year = NULL WHERE id = 2", NULL),
                     BMP_OK);
    post(&t, "abf", ADJ "1002,green,6.00,old,carried\n1003,green,2.00,old,carried\n", "2025-12");
    verify_ok(&t);
    import_ok(&t, "abf", "b.csv", "number,birth_year\n1003,1961\n");
    verify_ok(&t);
    lt_done(&t);
}

/* A player edited behind the program's back before the upgrade is not
 * re-imaged: its image stays the 017 one and verify names the edit (and
 * the column gained); the other five are re-imaged. */
static void upgrade_from_before_018_edited(void **state)
{
    (void)state;
    lt t;
    int64_t seq017 = 0;
    ledger_of_017(&t, "UPDATE player SET name = 'Mallory' WHERE id = 4", &seq017);
    lt_open(&t);
    bmp_error e = {0};
    int64_t n = 0;
    assert_int_equal(lq_int(t.l, &n, NULL, &e, "SELECT count(*) FROM audit_row WHERE seq = ?1 "
                            "AND tbl = 'player'", "i", seq017 + 1), BMP_OK);
    assert_int_equal(n, 5); /* 6 players, 1 edited */
    bmp_problems p = {0};
    assert_int_equal(verify_problems(&t, &p), 1);
    char want[160];
    snprintf(want, sizeof want, "player (id 4): differs from the audit chain (entry %lld): "
             "name: 'Player 5' -> 'Mallory'; birth_year: (none) -> NULL", (long long)seq017);
    lt_has(&p, want);
    bmp_problems_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranking_by_state),
        cmocka_unit_test(ranking_by_county),
        cmocka_unit_test(register_column),
        cmocka_unit_test(region_audited),
        cmocka_unit_test(edit_one_player),
        cmocka_unit_test(upgrade_from_before_023),
        cmocka_unit_test(upgrade_from_before_018),
        cmocka_unit_test(upgrade_from_before_018_edited),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
