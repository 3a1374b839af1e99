/* API tokens and read-only connections for `bridgemp serve` (issue 14,
 * docs/serve.md, rulings W-1..W-3). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_token.h"

/* W-2: a token is shown once, stored only as its hash, checked to its
 * scope, and refused once revoked. */
static void create_check_revoke(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    assert_int_equal(bmp_ledger_token_create(t.l, "club:abf:2074", "scorer", &id, tok, &e),
                     BMP_OK);
    assert_int_equal(id, 1);
    /* "bmp_" + 43 characters of URL-safe base64 (32 bytes) */
    assert_int_equal(strlen(tok), 47);
    assert_memory_equal(tok, "bmp_", 4);
    char *dump = lt_dump(&t);
    assert_null(strstr(dump, tok + 4)); /* never stored */
    assert_non_null(strstr(dump, "club:abf:2074"));
    free(dump);
    bmp_token_scope sc;
    assert_int_equal(bmp_ledger_token_check(t.l, tok, &sc, &e), BMP_OK);
    assert_int_equal(sc.kind, BMP_TOKEN_CLUB);
    assert_string_equal(sc.body, "abf");
    assert_string_equal(sc.club, "2074");
    assert_string_equal(sc.label, "scorer");
    tok[10] ^= 1; /* one character off */
    assert_int_equal(bmp_ledger_token_check(t.l, tok, &sc, &e), BMP_ENOTFOUND);
    tok[10] ^= 1;
    assert_int_equal(bmp_ledger_token_revoke(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_token_check(t.l, tok, &sc, &e), BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_token_revoke(t.l, 9, &e), BMP_ENOTFOUND);
    /* the list shows when it was revoked, never the token */
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_token_list(t.l, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1);
    assert_string_equal(lt_cell(&tb, 0, "revoked_at"), "2026-11-24T12:00:00Z");
    bmp_table_free(&tb);
    /* creating and revoking are audited: the chain still verifies */
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    bmp_problems_free(&p);
    lt_done(&t);
}

/* W-3: scopes name a known body and, for a club, a club of that body. */
static void scopes(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_token_create(t.l, "club:abf:9999", NULL, &id, tok, &e),
                     BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "no club 9999 in abf"));
    assert_int_equal(bmp_ledger_token_create(t.l, "secretary:wbf", NULL, &id, tok, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_token_create(t.l, "admin", NULL, &id, tok, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected club:<body>:<number> or secretary:<body>"));
    assert_int_equal(bmp_ledger_token_create(t.l, "club:abf", NULL, &id, tok, &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    bmp_token_scope sc;
    assert_int_equal(bmp_token_scope_parse("secretary:abf", &sc, &e), BMP_OK);
    assert_int_equal(sc.kind, BMP_TOKEN_SECRETARY);
    assert_string_equal(sc.body, "abf");
    lt_done(&t);
}

/* W-1: a read-only connection reads, and every write fails with the
 * database unchanged. */
static void read_only(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_ledger *ro = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .read_only = true};
    assert_int_equal(bmp_ledger_open(t.db, &o, &ro, &e), BMP_OK);
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_snapshot_begin(ro, &e), BMP_OK);
    assert_int_equal(bmp_ledger_player_summary(ro, "abf", "1003", &s, &e), BMP_OK);
    assert_string_equal(s.number, "0001003");
    bmp_ledger_snapshot_end(ro);
    bmp_ledger_club c = {.number = "9000", .name = "Read Only Club"};
    assert_int_not_equal(bmp_ledger_add_club(ro, "abf", &c, &e), BMP_OK);
    char tok[BMP_TOKEN_SIZE];
    int64_t id = 0;
    assert_int_not_equal(bmp_ledger_token_create(ro, "secretary:abf", NULL, &id, tok, &e), BMP_OK);
    bmp_ledger_close(ro);
    lt_unchanged(&t, before);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(create_check_revoke),
        cmocka_unit_test(scopes),
        cmocka_unit_test(read_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
