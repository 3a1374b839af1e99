/* Accounts, sessions and failed logins in the ledger (issue 29,
 * include/bridgemp/ledger_user.h, docs/serve.md "Accounts and sessions"):
 * the password kept only as Argon2id, roles checked against the registry,
 * a session stored only as its hash and expiring idle and absolutely,
 * disable and passwd ending sessions, the login lock's arithmetic, and the
 * audit chain still verifying after all of it. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_user.h"

#define PW "correct-horse-battery"

static void add_user(lt *t, const char *name, const char *role, bmp_status want)
{
    bmp_error e = {0};
    const char *roles[] = {role};
    assert_int_equal(bmp_ledger_user_add(t->l, name, PW, roles, 1, &e), want);
}

static void roles_and_passwords(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_role r;
    assert_int_equal(bmp_role_parse("scorer:abf:2074", &r, &e), BMP_OK);
    assert_int_equal(r.kind, BMP_ROLE_SCORER);
    assert_string_equal(r.club, "2074");
    assert_int_equal(bmp_role_parse("scorer:abf", &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected secretary:<body> or scorer:<body>:<club>"));
    assert_int_equal(bmp_role_parse("admin:abf", &r, &e), BMP_EINVAL);
    const char *two[] = {"secretary:abf", "scorer:abf:3101"};
    assert_int_equal(bmp_ledger_user_add(t.l, "sally", PW, two, 2, &e), BMP_OK);
    add_user(&t, "sally", "secretary:abf", BMP_EINVAL); /* the name is taken */
    add_user(&t, "sam", "scorer:abf:9999", BMP_ENOTFOUND);
    add_user(&t, "sam", "secretary:xyz", BMP_ENOTFOUND);
    const char *one[] = {"scorer:abf:2074"};
    assert_int_equal(bmp_ledger_user_add(t.l, "sam", "short", one, 1, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "password: expected 10 to 1024 bytes, got 5"));
    assert_int_equal(bmp_ledger_user_add(t.l, "sam", PW, one, 0, &e), BMP_EINVAL);
    add_user(&t, "sam", "scorer:abf:2074", BMP_OK);
    /* the password is nowhere in the ledger; its Argon2id string is */
    char *dump = lt_dump(&t);
    assert_null(strstr(dump, PW));
    free(dump);
    bmp_user u;
    assert_int_equal(bmp_ledger_password_check(t.l, "sally", PW, &u, &e), BMP_OK);
    assert_string_equal(u.name, "sally");
    assert_int_equal(u.nroles, 2);
    assert_true(bmp_user_has_role(&u, BMP_ROLE_SECRETARY, "ABF", NULL));
    assert_true(bmp_user_has_role(&u, BMP_ROLE_SCORER, "abf", "3101"));
    assert_false(bmp_user_has_role(&u, BMP_ROLE_SCORER, "abf", "2074"));
    assert_int_equal(bmp_ledger_password_check(t.l, "sally", PW "x", &u, &e), BMP_ENOTFOUND);
    assert_int_equal(u.id, 0);
    assert_int_equal(bmp_ledger_password_check(t.l, "nobody", PW, &u, &e), BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_user_passwd(t.l, "sam", "another-password", &e), BMP_OK);
    assert_int_equal(bmp_ledger_password_check(t.l, "sam", PW, &u, &e), BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_password_check(t.l, "sam", "another-password", &u, &e), BMP_OK);
    assert_int_equal(bmp_ledger_user_disable(t.l, "sam", &e), BMP_OK);
    assert_int_equal(bmp_ledger_user_disable(t.l, "sam", &e), BMP_OK); /* twice is OK */
    assert_int_equal(bmp_ledger_password_check(t.l, "sam", "another-password", &u, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_user_disable(t.l, "nobody", &e), BMP_ENOTFOUND);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_user_list(t.l, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(bmp_table_get(&tb, 0, 2), "scorer:abf:3101 secretary:abf");
    assert_string_equal(bmp_table_get(&tb, 1, 5), "2026-11-24T12:00:00Z"); /* disabled_at */
    bmp_table_free(&tb);
    /* the chained account rows verify */
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

static void sessions(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    add_user(&t, "sally", "secretary:abf", BMP_OK);
    bmp_error e = {0};
    bmp_user u, got;
    int64_t seen = 0, now = 1000000;
    assert_int_equal(bmp_ledger_password_check(t.l, "sally", PW, &u, &e), BMP_OK);
    char sid[BMP_SESSION_SIZE], sid2[BMP_SESSION_SIZE];
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now, sid, &e), BMP_OK);
    assert_int_equal(strlen(sid), 43); /* 32 bytes, URL-safe base64 */
    char *dump = lt_dump(&t);
    assert_null(strstr(dump, sid)); /* only its hash is stored */
    free(dump);
    /* idle 600, absolute 3600 */
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 600, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    assert_string_equal(got.name, "sally");
    assert_int_equal(got.nroles, 1);
    assert_int_equal(seen, now);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 601, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND); /* idle 601 > 600 */
    assert_int_equal(bmp_ledger_session_touch(t.l, sid, now + 500, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 1100, 600, 3600, &got, &seen, &e),
                     BMP_OK); /* idle 600 since the touch at +500 */
    for (int64_t at = now + 1000; at <= now + 3600; at += 500)
        assert_int_equal(bmp_ledger_session_touch(t.l, sid, at, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 3601, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND); /* busy, but 3601 s after the login */
    /* a new login ends the session the browser presented */
    assert_int_equal(bmp_ledger_session_start(t.l, &u, sid, now + 10, sid2, &e), BMP_OK);
    assert_string_not_equal(sid, sid2);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 11, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_session_get(t.l, sid2, now + 11, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    /* the CSRF token: per session, not the id, not its hash */
    char c1[65], c2[65];
    bmp_session_csrf(sid, c1);
    bmp_session_csrf(sid2, c2);
    assert_string_not_equal(c1, c2);
    bmp_session_csrf(sid2, c1);
    assert_string_equal(c1, c2);
    /* logout ends it; ending twice is ENOTFOUND */
    assert_int_equal(bmp_ledger_session_end(t.l, sid2, now + 20, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_get(t.l, sid2, now + 21, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_session_end(t.l, sid2, now + 22, &e), BMP_ENOTFOUND);
    /* disable ends a live session */
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now + 30, sid, &e), BMP_OK);
    assert_int_equal(bmp_ledger_user_disable(t.l, "sally", &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 31, 600, 3600, &got, &seen, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}


/* user role add|remove (issue 29: "a user may hold several roles"): a
 * role added and removed, each audited with who; adding a held role or
 * removing one not held changes nothing; the only role stays; a live
 * session sees the change at its next request. */
static void roles_added_and_removed(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    add_user(&t, "sam", "scorer:abf:2074", BMP_OK);
    bmp_error e = {0};
    bool changed = false;
    bmp_user u, got;
    int64_t seen = 0, now = 1000000;
    char sid[BMP_SESSION_SIZE];
    assert_int_equal(bmp_ledger_password_check(t.l, "sam", PW, &u, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now, sid, &e), BMP_OK);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:ABF:3101", true, &changed, &e),
                     BMP_OK);
    assert_true(changed);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 1, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    assert_int_equal(got.nroles, 2);
    assert_true(bmp_user_has_role(&got, BMP_ROLE_SCORER, "abf", "3101"));
    /* again: nothing changes, nothing audited */
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:abf:3101", true, &changed, &e),
                     BMP_OK);
    assert_false(changed);
    lt_unchanged(&t, before);
    /* refused: no such club, body or account, a bad role; nothing written */
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:abf:9999", true, &changed, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "secretary:xyz", true, &changed, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_user_role(t.l, "nobody", "secretary:abf", true, &changed, &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "admin:abf", true, &changed, &e),
                     BMP_EINVAL);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "secretary:abf", true, &changed, &e),
                     BMP_OK);
    /* removed: the session loses it at once */
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:abf:2074", false, &changed, &e),
                     BMP_OK);
    assert_true(changed);
    assert_int_equal(bmp_ledger_session_get(t.l, sid, now + 2, 600, 3600, &got, &seen, &e),
                     BMP_OK);
    assert_false(bmp_user_has_role(&got, BMP_ROLE_SCORER, "abf", "2074"));
    assert_int_equal(got.nroles, 2);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:abf:2074", false, &changed, &e),
                     BMP_OK);
    assert_false(changed);
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "secretary:abf", false, &changed, &e),
                     BMP_OK);
    /* the only role left: refused */
    assert_int_equal(bmp_ledger_user_role(t.l, "sam", "scorer:abf:3101", false, &changed, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "only role"));
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_user_list(t.l, &tb, &e), BMP_OK);
    assert_string_equal(bmp_table_get(&tb, 0, 2), "scorer:abf:3101");
    bmp_table_free(&tb);
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "(sam) role added: scorer:abf:3101"));
    assert_non_null(strstr(dump, "(sam) role removed: scorer:abf:2074"));
    assert_non_null(strstr(dump, "(sam) role removed: secretary:abf"));
    free(dump);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

/* The lock: 5 free failures of an account within 900 s; the 6th locks for
 * 30 s, the 7th for 60 s, the 8th for 120 s (30 << (failures - 6)), capped
 * at 3600; the address's 20 free failures count all accounts from it. */
static void login_lock(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    const bmp_login_limits lim = BMP_LOGIN_LIMITS_DEFAULT;
    int64_t now = 5000, wait = -1;
    for (int i = 1; i <= 5; i++) {
        assert_int_equal(bmp_ledger_login_failed(t.l, "bob", "10.0.0.1", now, &lim, &wait, &e),
                         BMP_OK);
        assert_int_equal(wait, 0);
    }
    assert_int_equal(bmp_ledger_login_wait(t.l, "bob", "10.0.0.2", now, &wait, &e), BMP_OK);
    assert_int_equal(wait, 0);
    assert_int_equal(bmp_ledger_login_failed(t.l, "bob", "10.0.0.1", now, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 30);
    assert_int_equal(bmp_ledger_login_wait(t.l, "bob", "10.0.0.2", now + 10, &wait, &e), BMP_OK);
    assert_int_equal(wait, 20); /* the account, from any address */
    assert_int_equal(bmp_ledger_login_wait(t.l, "amy", "10.0.0.1", now + 10, &wait, &e), BMP_OK);
    assert_int_equal(wait, 0); /* the address: 6 failures of 20 */
    assert_int_equal(bmp_ledger_login_failed(t.l, "bob", "10.0.0.1", now + 40, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 60);
    assert_int_equal(bmp_ledger_login_failed(t.l, "bob", "10.0.0.1", now + 100, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 120);
    /* the window is over 901 s after its first failure: counting starts again */
    assert_int_equal(bmp_ledger_login_failed(t.l, "bob", "10.0.0.3", now + 901, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 0);
    /* 20 failures of different names from one address, then the 21st locks it */
    for (int i = 0; i < 20; i++) {
        char name[16];
        snprintf(name, sizeof name, "n%d", i);
        assert_int_equal(bmp_ledger_login_failed(t.l, name, "10.9.9.9", now, &lim, &wait, &e),
                         BMP_OK);
        assert_int_equal(wait, 0);
    }
    assert_int_equal(bmp_ledger_login_failed(t.l, "n20", "10.9.9.9", now, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 30);
    assert_int_equal(bmp_ledger_login_wait(t.l, "sally", "10.9.9.9", now + 1, &wait, &e), BMP_OK);
    assert_int_equal(wait, 29);
    /* a login forgets the account's failures, not the address's */
    add_user(&t, "sally", "secretary:abf", BMP_OK);
    for (int i = 0; i < 6; i++)
        assert_int_equal(
            bmp_ledger_login_failed(t.l, "sally", "10.0.0.7", now, &lim, &wait, &e), BMP_OK);
    assert_int_equal(wait, 30);
    bmp_user u;
    char sid[BMP_SESSION_SIZE];
    assert_int_equal(bmp_ledger_password_check(t.l, "sally", PW, &u, &e), BMP_OK);
    assert_int_equal(bmp_ledger_session_start(t.l, &u, NULL, now + 31, sid, &e), BMP_OK);
    assert_int_equal(bmp_ledger_login_failed(t.l, "sally", "10.0.0.8", now + 32, &lim, &wait, &e),
                     BMP_OK);
    assert_int_equal(wait, 0); /* failure 1 of a new count */
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roles_and_passwords),
        cmocka_unit_test(sessions),
        cmocka_unit_test(login_lock),
        cmocka_unit_test(roles_added_and_removed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
