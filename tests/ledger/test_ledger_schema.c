/* Issue 45 items 3 and 4: verify trusts no schema, and a session row
 * written behind the program's back is no login.
 *
 * 3. The view player_resolved replaced so that player 1002's awards go to
 *    1003, an adjustment imported, approved and closed, the view put back:
 *    the award still goes to 1002 (the import reads the base tables), and
 *    verify names the view while it is swapped and, after it is put back,
 *    the entry written under it.  All the triggers dropped: verify names
 *    each.  (SQLite: DROP and CREATE VIEW; PostgreSQL: CREATE OR REPLACE.)
 * 4. A session row inserted with the hash of a chosen id for the
 *    secretary's account is refused, and verify names it; so is one with
 *    a forged login entry appended to the chain (no key, no seal), and a
 *    real session moved to another account.  A token row written with a
 *    chain entry of its own (the chain's hashes right, as anyone who can
 *    write the database can append one) but no creation entry: verify
 *    names the row, as it names a session without its login.
 * Each runs on SQLite and, as test_ledger_schema_pg, on PostgreSQL. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_user.h"
#include "bridgemp/ledger_token.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

#define ADJ "number,point_type,points,event,reason\n"
#define PW "correct horse battery"

/* One text value of a query (freshly allocated). */
static char *one_text(bmp_ledger *l, const char *sql)
{
    ledger_stmt *st = NULL;
    bmp_error e = {0};
    bool row = false;
    assert_int_equal(lq_query(l, &st, &e, sql, NULL), BMP_OK);
    assert_int_equal(lq_step(l, st, &row, &e), BMP_OK);
    assert_true(row);
    char *s = strdup(lq_col_text(l, st, 0));
    lq_finalize(l, st);
    return s;
}

/* SQL behind the program's back, on the test's database. */
static void raw(lt *t, const char *sql)
{
    if (lt_on_postgres()) {
        lt_pg_exec(t->db, sql);
        return;
    }
    bmp_error e = {0};
    if (lq_run(t->l, &e, sql, NULL))
        fail_msg("%s: %s", sql, e.msg);
}

/* verify's problems (it must fail), into p. */
static void verify_fails(lt *t, bmp_problems *p)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_verify(t->l, p, &e), BMP_EINVAL);
}

static void verify_ok(lt *t)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_verify(t->l, &p, &e);
    for (size_t i = 0; st && i < p.count; i++)
        fprintf(stderr, "  problem: %s\n", p.msgs[i]);
    assert_int_equal(st, BMP_OK);
    bmp_problems_free(&p);
}

static int64_t holding(lt *t, const char *number)
{
    int64_t v = 0;
    bool found = false;
    bmp_error e = {0};
    assert_int_equal(lq_int(t->l, &v, &found, &e,
                            "SELECT coalesce(sum(h.points), 0) FROM holding h JOIN player p ON "
                            "p.id = h.player_id WHERE p.number = ?1 AND h.point_type = 'green'",
                            "s", number),
                     BMP_OK);
    return v;
}

static size_t count_with(const bmp_problems *p, const char *s)
{
    size_t n = 0;
    for (size_t i = 0; i < p->count; i++)
        n += strstr(p->msgs[i], s) != NULL;
    return n;
}

/* The swapped view: 1002's number reaches 1003. */
#define SWAPPED                                                                            \
    " player_resolved AS SELECT p.body_id, p.number, CASE WHEN p.number = '0001002' THEN "  \
    "(SELECT q.id FROM player q WHERE q.number = '0001003') ELSE p.id END AS id, p.status, " \
    "p.overseas FROM player p"

static void view_swapped_import_close_restored(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    verify_ok(&t);
    char *orig = one_text(t.l, lt_on_postgres()
                                   ? "SELECT 'CREATE OR REPLACE VIEW player_resolved AS ' || "
                                     "pg_get_viewdef('player_resolved'::regclass)"
                                   : "SELECT sql FROM sqlite_master WHERE name = 'player_resolved'");
    if (lt_on_postgres()) {
        raw(&t, "CREATE OR REPLACE VIEW" SWAPPED);
    } else {
        raw(&t, "DROP VIEW player_resolved");
        raw(&t, "CREATE VIEW" SWAPPED);
    }
    /* swapped: verify names the view */
    bmp_problems p = {0};
    verify_fails(&t, &p);
    lt_has(&p, "schema: view player_resolved differs from the migrations'");
    assert_int_equal(p.count, 1);
    bmp_problems_free(&p);
    /* an award to 1002 imported, approved and closed under the swapped view */
    bmp_error e = {0};
    int64_t id = lt_import(&t, lt_file(&t, "adj.csv", ADJ "1002,green,6.00,Pairs,late entry\n"),
                           "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-12", NULL, &e), BMP_OK);
    assert_int_equal(holding(&t, "0001002"), 600); /* the base tables decided: 1002's */
    assert_int_equal(holding(&t, "0001003"), 0);
    /* the view put back */
    if (lt_on_postgres()) {
        raw(&t, orig);
    } else {
        raw(&t, "DROP VIEW player_resolved");
        raw(&t, orig);
    }
    free(orig);
    /* the live schema is the migrations' again, but the entries written
     * under the swapped view say so */
    verify_fails(&t, &p);
    assert_int_equal(count_with(&p, "schema: "), 0);
    lt_has(&p, "written under a schema that is not the migrations'");
    lt_has(&p, "view player_resolved differs from the migrations'");
    bmp_problems_free(&p);
    /* a later change records the schema as it is now; the evidence stays */
    bmp_ledger_club c = {.number = "4000", .name = "Later Club"};
    assert_int_equal(bmp_ledger_add_club(t.l, "abf", &c, &e), BMP_OK);
    verify_fails(&t, &p);
    assert_int_equal(count_with(&p, "written under a schema that is not the migrations'"), 1);
    bmp_problems_free(&p);
    lt_done(&t);
}

/* Every trigger dropped: verify names each; the next entry records it. */
static void triggers_dropped(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *drops = one_text(t.l, lt_on_postgres()
                                    ? "SELECT string_agg(format('DROP TRIGGER %I ON %I', tgname, "
                                      "tgrelid::regclass), '; ') FROM pg_trigger "
                                      "WHERE NOT tgisinternal"
                                    : "SELECT group_concat('DROP TRIGGER ' || name, '; ') FROM "
                                      "sqlite_master WHERE type = 'trigger'");
    char *count = one_text(t.l, lt_on_postgres()
                                    ? "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal"
                                    : "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'");
    size_t n = (size_t)strtoul(count, NULL, 10);
    free(count);
    assert_true(n >= 45); /* every trigger the migrations make (47 at schema 18; 45 since
                             migration 025 made the holding's bound a CHECK) */
    if (lt_on_postgres()) {
        raw(&t, drops);
    } else { /* one statement at a time */
        for (char *s = drops, *end; s && *s; s = end ? end + 2 : NULL) {
            end = strstr(s, "; ");
            if (end)
                *end = '\0';
            raw(&t, s);
        }
    }
    free(drops);
    bmp_problems p = {0};
    verify_fails(&t, &p);
    assert_int_equal(count_with(&p, "is missing"), n); /* each one named */
    lt_has(&p, "schema: trigger journal_no_update is missing");
    lt_has(&p, "schema: trigger audit_no_delete is missing");
    lt_has(&p, "schema: trigger batch_lifecycle is missing");
    bmp_problems_free(&p);
    bmp_error e = {0};
    bmp_ledger_club c = {.number = "4000", .name = "Later Club"};
    assert_int_equal(bmp_ledger_add_club(t.l, "abf", &c, &e), BMP_OK);
    verify_fails(&t, &p);
    lt_has(&p, "written under a schema that is not the migrations'");
    lt_has(&p, "trigger journal_no_update is missing");
    bmp_problems_free(&p);
    lt_done(&t);
}

/* PostgreSQL: a rewrite rule or a trigger disabled changes no view or
 * trigger definition, and is named too. */
static void pg_rule_and_disabled_trigger(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    lt t;
    lt_abf(&t);
    raw(&t, "CREATE RULE journal_nothing AS ON INSERT TO journal DO INSTEAD NOTHING");
    raw(&t, "ALTER TABLE audit DISABLE TRIGGER audit_no_update");
    bmp_problems p = {0};
    verify_fails(&t, &p);
    lt_has(&p, "schema: rule journal_nothing is not made by the migrations (added)");
    lt_has(&p, "schema: trigger audit_no_update differs from the migrations'");
    assert_int_equal(p.count, 2);
    bmp_problems_free(&p);
    lt_done(&t);
}

/* ---- 4. sessions ---------------------------------------------------------- */

static void secretary(lt *t, bmp_user *u)
{
    bmp_error e = {0};
    const char *roles[1] = {"secretary:abf"};
    assert_int_equal(bmp_ledger_user_add(t->l, "sec", PW, roles, 1, &e), BMP_OK);
    assert_int_equal(bmp_ledger_password_check(t->l, "sec", PW, u, &e), BMP_OK);
}

static void forged_session_row(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_user u, got;
    secretary(&t, &u);
    bmp_error e = {0};
    int64_t now = 1800000000, seen = 0;
    /* a real login: a session, bound and sealed */
    char sid[BMP_SESSION_SIZE];
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now, sid, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 1, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    assert_string_equal(got.name, "sec");
    verify_ok(&t);
    /* the attack: the hash of a chosen id for the secretary's account */
    static const char chosen[] = "mallory-chose-this-session-id-0123456789";
    char hex[65], sql[400];
    ledger_secret_hash(chosen, hex);
    snprintf(sql, sizeof sql,
             "INSERT INTO session (id_hash, account_id, created, seen) VALUES ('%s', %lld, %lld, "
             "%lld)", hex, (long long)u.id, (long long)now, (long long)now);
    raw(&t, sql);
    assert_int_equal(bmp_ledger_session_get(t.l, chosen, now + 2, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(got.id, 0);
    bmp_problems p = {0};
    verify_fails(&t, &p);
    char want[160];
    snprintf(want, sizeof want, "session %.16s of account sec (id %lld): no login entry in the "
             "audit chain names it", hex, (long long)u.id);
    lt_has(&p, want);
    assert_int_equal(p.count, 1);
    bmp_problems_free(&p);
    lt_done(&t);
}

/* A forger who also appends a login entry to the chain (its hashes right,
 * as anyone who can write the database can): without the key the row has
 * no seal, so it is still refused; verify, with the key at hand, names it. */
static void forged_login_entry(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_user u, got;
    secretary(&t, &u);
    bmp_error e = {0};
    int64_t now = 1800000000, seen = 0;
    char sid[BMP_SESSION_SIZE];
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now, sid, &e), BMP_OK); /* a key */
    static const char chosen[] = "mallory-chose-this-session-id-0123456789";
    char hex[65], detail[128], sql[600], sql2[600]; /* lq_run keys its cache by address */
    ledger_secret_hash(chosen, hex);
    snprintf(detail, sizeof detail, "user sec logged in (session %.16s)", hex);
    bmp_ledger_head h;
    assert_int_equal(bmp_ledger_head_get(t.l, &h, &e), BMP_OK);
    char hash[65];
    ledger_audit_hash_rows(h.hash, h.entries + 1, "2027-01-15T08:00:00Z", "sec", "session", detail,
                           "", hash);
    snprintf(sql, sizeof sql,
             "INSERT INTO audit (seq, at, who, action, detail, prev_hash, hash, rows_hash) VALUES "
             "(%lld, '2027-01-15T08:00:00Z', 'sec', 'session', '%s', '%s', '%s', '')",
             (long long)h.entries + 1, detail, h.hash, hash);
    raw(&t, sql);
    snprintf(sql2, sizeof sql2,
             "INSERT INTO session (id_hash, account_id, created, seen, login_seq, mac) VALUES "
             "('%s', %lld, %lld, %lld, %lld, '%064d')",
             hex, (long long)u.id, (long long)now, (long long)now, (long long)h.entries + 1, 0);
    raw(&t, sql2);
    assert_int_equal(bmp_ledger_session_get(t.l, chosen, now + 2, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    bmp_problems p = {0};
    verify_fails(&t, &p);
    char want[160];
    snprintf(want, sizeof want, "session %.16s of account sec (id %lld): its seal does not "
             "match", hex, (long long)u.id);
    lt_has(&p, want);
    assert_int_equal(p.count, 1);
    bmp_problems_free(&p);
    /* the real session still works */
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 3, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    lt_done(&t);
}

/* A scorer's real session moved to the secretary's account: refused. */
static void session_moved_to_another_account(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_user sec, sco, got;
    secretary(&t, &sec);
    bmp_error e = {0};
    const char *roles[1] = {"scorer:abf:2074"};
    assert_int_equal(bmp_ledger_user_add(t.l, "sco", PW, roles, 1, &e), BMP_OK);
    assert_int_equal(bmp_ledger_password_check(t.l, "sco", PW, &sco, &e), BMP_OK);
    int64_t now = 1800000000, seen = 0;
    char sid[BMP_SESSION_SIZE], sql[200];
    assert_int_equal(bmp_ledger_session_start(t.l, &sco, NULL, now, sid, &e), BMP_OK);
    snprintf(sql, sizeof sql, "UPDATE session SET account_id = %lld", (long long)sec.id);
    raw(&t, sql);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 1, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    bmp_problems p = {0};
    verify_fails(&t, &p);
    lt_has(&p, "of account sec");
    lt_has(&p, "no login entry in the audit chain names it");
    bmp_problems_free(&p);
    lt_done(&t);
}

/* ---- 4. tokens ------------------------------------------------------------ */

/* A secretary token slipped in behind the program's back, imaged by an
 * entry the forger appended (any action but a token's creation): the
 * chain replays, but no "token N created" entry names the row. */
static void token_without_creation_entry(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t real = 0;
    char tok[BMP_TOKEN_SIZE];
    assert_int_equal(bmp_ledger_token_create(t.l, "club:abf:2074", "scorer", &real, tok, &e),
                     BMP_OK);
    verify_ok(&t);
    char hex[65];
    ledger_secret_hash("bmp_mallory-chose-this-token", hex);
    int64_t id = 0;
    bool found = false;
    assert_int_equal(lq_begin(t.l, &e), BMP_OK);
    assert_int_equal(lq_int(t.l, &id, &found, &e,
                            "INSERT INTO token (scope, label, hash, who, created_at) VALUES "
                            "('secretary:abf', 'backdoor', ?1, 'mallory', "
                            "'2025-10-05T00:00:00Z') RETURNING id",
                            "s", hex),
                     BMP_OK);
    assert_true(found);
    assert_int_equal(ledger_touch_id(t.l, "token", id, &e), BMP_OK);
    assert_int_equal(ledger_audit(t.l, "note", "routine maintenance", &e), BMP_OK);
    assert_int_equal(lq_commit(t.l, &e), BMP_OK);
    bmp_token_scope sc;
    assert_int_equal(bmp_ledger_token_check(t.l, "bmp_mallory-chose-this-token", &sc, &e),
                     BMP_OK); /* the row grants, which is why verify must name it */
    bmp_problems p = {0};
    verify_fails(&t, &p);
    char want[200];
    snprintf(want, sizeof want, "token %lld (secretary:abf, label backdoor, by mallory): no "
             "creation entry in the audit chain names it (written behind the program's back)",
             (long long)id);
    lt_has(&p, want);
    assert_int_equal(p.count, 1);
    bmp_problems_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(view_swapped_import_close_restored),
        cmocka_unit_test(triggers_dropped),
        cmocka_unit_test(pg_rule_and_disabled_trigger),
        cmocka_unit_test(forged_session_row),
        cmocka_unit_test(forged_login_entry),
        cmocka_unit_test(session_moved_to_another_account),
        cmocka_unit_test(token_without_creation_entry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
