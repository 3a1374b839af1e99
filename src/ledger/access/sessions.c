/* Logins and sessions (include/bridgemp/ledger_user.h, issue 29): the
 * password check (Argon2id), failed logins counted per account and per
 * address with an exponential lock, and sessions stored by the hash of
 * their random id, expiring when idle and absolutely, ended by logout.
 * The session and login_attempt tables are exempt from the audit chain
 * (chain_tables.c); a login and a logout are audit entries. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_user.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

void bmp_session_csrf(const char *sid, char out[65])
{
    static const char what[] = "bridgemp csrf v1";
    unsigned char h[32];
    size_t n = strlen(sid);
    if (n < crypto_generichash_KEYBYTES_MIN) { /* not a session id: a token nobody holds */
        randombytes_buf(h, sizeof h);
    } else {
        crypto_generichash(h, sizeof h, (const unsigned char *)what, sizeof what - 1,
                           (const unsigned char *)sid,
                           n > crypto_generichash_KEYBYTES_MAX ? crypto_generichash_KEYBYTES_MAX
                                                               : n);
    }
    sodium_bin2hex(out, 65, h, sizeof h);
}

static bool sid_ok(const char *sid)
{
    size_t n = sid ? strlen(sid) : 0;
    return n >= 32 && n < BMP_SESSION_SIZE;
}

static bmp_status load_roles(bmp_ledger *l, bmp_user *u, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT role, body, club FROM account_role WHERE account_id = ?1 "
                             "ORDER BY role, body, club",
                             "i", u->id);
    bool row = true;
    u->nroles = 0;
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row || u->nroles == BMP_USER_MAX_ROLES)
            continue;
        bmp_role *r = &u->roles[u->nroles++];
        r->kind = strcmp(lq_col_text(l, st, 0), "secretary") == 0 ? BMP_ROLE_SECRETARY
                                                                     : BMP_ROLE_SCORER;
        snprintf(r->body, sizeof r->body, "%s", lq_col_text(l, st, 1));
        snprintf(r->club, sizeof r->club, "%s", lq_col_text(l, st, 2));
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_login_wait(bmp_ledger *l, const char *name, const char *addr, int64_t now,
                                 int64_t *wait, bmp_error *err)
{
    char *acc = core_asprintf("account:%s", name ? name : "");
    char *ad = core_asprintf("addr:%s", addr ? addr : "");
    int64_t until = 0;
    bool found = false;
    bmp_status rc = acc && ad ? lq_int(l, &until, &found, err,
                                       "SELECT COALESCE(MAX(locked_until), 0) FROM login_attempt "
                                       "WHERE subject IN (?1, ?2)",
                                       "ss", acc, ad)
                              : bmp_error_oom(err);
    free(acc);
    free(ad);
    *wait = !rc && until > now ? until - now : 0;
    return rc;
}

bmp_status bmp_ledger_password_check(bmp_ledger *l, const char *name, const char *password,
                                     bmp_user *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    const char *pw = password ? password : "";
    size_t n = strlen(pw) > BMP_PASSWORD_MAX ? BMP_PASSWORD_MAX : strlen(pw);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT id, pw_hash FROM account WHERE name = ?1 AND "
                             "disabled_at IS NULL",
                             "s", name ? name : "");
    bool row = false, ok = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        ok = crypto_pwhash_str_verify(lq_col_text(l, st, 1), pw, n) == 0;
        out->id = lq_col_int(l, st, 0);
        snprintf(out->name, sizeof out->name, "%s", name);
    } else if (!rc) { /* no such account: spend the same time */
        char h[crypto_pwhash_STRBYTES];
        if (crypto_pwhash_str_alg(h, pw, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                  crypto_pwhash_MEMLIMIT_INTERACTIVE,
                                  crypto_pwhash_ALG_ARGON2ID13))
            rc = bmp_error_oom(err);
    }
    lq_finalize(l, st);
    if (!rc && !ok)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "wrong user name or password");
    if (!rc)
        rc = load_roles(l, out, err);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

/* One more failure of `subject` (a new window when the last is over);
 * *wait raised to the lock it incurs. */
static bmp_status count_failure(bmp_ledger *l, const char *subject, unsigned free_tries,
                                int64_t now, const bmp_login_limits *lim, int64_t *wait,
                                bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT failures, first_at FROM login_attempt WHERE subject = ?1",
                             "s", subject);
    bool row = false;
    int64_t failures = 1, first = now;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && now - lq_col_int(l, st, 1) <= (int64_t)lim->window) {
        failures = lq_col_int(l, st, 0) + 1;
        first = lq_col_int(l, st, 1);
    }
    lq_finalize(l, st);
    int64_t lock = 0;
    if (failures > (int64_t)free_tries) {
        int64_t shift = failures - (int64_t)free_tries - 1;
        lock = (int64_t)lim->base << (shift > 20 ? 20 : shift);
        lock = lock > (int64_t)lim->max_lock ? (int64_t)lim->max_lock : lock;
    }
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO login_attempt (subject, failures, first_at, locked_until) "
                    "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (subject) DO UPDATE SET "
                    "failures = excluded.failures, first_at = excluded.first_at, "
                    "locked_until = excluded.locked_until",
                    "siii", subject, failures, first, lock ? now + lock : 0);
    if (lock > *wait)
        *wait = lock;
    return rc;
}

bmp_status bmp_ledger_login_failed(bmp_ledger *l, const char *name, const char *addr,
                                   int64_t now, const bmp_login_limits *lim, int64_t *wait,
                                   bmp_error *err)
{
    *wait = 0;
    char *acc = core_asprintf("account:%s", name ? name : "");
    char *ad = core_asprintf("addr:%s", addr ? addr : "");
    bmp_status rc = acc && ad ? lq_begin(l, err) : bmp_error_oom(err);
    if (!rc) {
        /* windows over and locks past: forgotten */
        rc = lq_run(l, err,
                    "DELETE FROM login_attempt WHERE first_at < ?1 AND locked_until < ?2", "ii",
                    now - (int64_t)lim->window, now);
        if (!rc)
            rc = count_failure(l, acc, lim->account_free, now, lim, wait, err);
        if (!rc)
            rc = count_failure(l, ad, lim->addr_free, now, lim, wait, err);
        rc = ledger_tx_end(l, rc, err);
    }
    free(acc);
    free(ad);
    return rc;
}

static bmp_status audit_session(bmp_ledger *l, const char *what, const char *name,
                                bmp_error *err)
{
    char *d = core_asprintf("user %s %s", name, what);
    bmp_status rc = d ? ledger_audit(l, "session", d, err) : bmp_error_oom(err);
    free(d);
    return rc;
}

bmp_status bmp_ledger_session_start(bmp_ledger *l, const bmp_user *u, const char *old,
                                    int64_t now, char *sid, bmp_error *err)
{
    sid[0] = '\0';
    bmp_status rc = lq_begin(l, err);
    if (rc)
        return rc;
    char hex[65];
    if (sid_ok(old)) { /* the id the browser had is never the logged-in one */
        ledger_secret_hash(old, hex);
        rc = lq_run(l, err, "UPDATE session SET ended = ?2 WHERE id_hash = ?1 AND ended IS NULL",
                    "si", hex, now);
    }
    char *acc = core_asprintf("account:%s", u->name);
    if (!rc)
        rc = acc ? lq_run(l, err, "DELETE FROM login_attempt WHERE subject = ?1", "s", acc)
                 : bmp_error_oom(err);
    free(acc);
    if (!rc) /* the account's ended sessions, and those idle for a week */
        rc = lq_run(l, err,
                    "DELETE FROM session WHERE account_id = ?1 AND (ended IS NOT NULL OR "
                    "seen < ?2)",
                    "ii", u->id, now - 7 * 86400);
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2base64(sid, BMP_SESSION_SIZE, raw, sizeof raw,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof raw);
    ledger_secret_hash(sid, hex);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO session (id_hash, account_id, created, seen) "
                    "VALUES (?1, ?2, ?3, ?3)",
                    "sii", hex, u->id, now);
    if (!rc)
        rc = audit_session(l, "logged in", u->name, err);
    if (!rc)
        rc = lq_commit(l, err);
    if (rc) {
        lq_rollback(l);
        sodium_memzero(sid, BMP_SESSION_SIZE);
    }
    return rc;
}

bmp_status bmp_ledger_session_get(bmp_ledger *l, const char *sid, int64_t now, int64_t idle,
                                  int64_t absolute, bmp_user *out, int64_t *seen,
                                  bmp_error *err)
{
    memset(out, 0, sizeof *out);
    *seen = 0;
    if (!sid_ok(sid))
        return bmp_error_set(err, BMP_ENOTFOUND, "no session");
    char hex[65];
    ledger_secret_hash(sid, hex);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT s.account_id, a.name, s.created, s.seen FROM session s "
                             "JOIN account a ON a.id = s.account_id WHERE s.id_hash = ?1 AND "
                             "s.ended IS NULL AND a.disabled_at IS NULL",
                             "s", hex);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && now - lq_col_int(l, st, 3) <= idle &&
        now - lq_col_int(l, st, 2) <= absolute) {
        out->id = lq_col_int(l, st, 0);
        snprintf(out->name, sizeof out->name, "%s", lq_col_text(l, st, 1));
        *seen = lq_col_int(l, st, 3);
    }
    lq_finalize(l, st);
    if (!rc && !out->id)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no session, or it ended or expired");
    if (!rc)
        rc = load_roles(l, out, err);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

bmp_status bmp_ledger_session_touch(bmp_ledger *l, const char *sid, int64_t now, bmp_error *err)
{
    if (!sid_ok(sid))
        return BMP_OK;
    char hex[65];
    ledger_secret_hash(sid, hex);
    return lq_run(l, err,
                  "UPDATE session SET seen = ?2 WHERE id_hash = ?1 AND ended IS NULL AND seen < ?2",
                  "si", hex, now);
}

bmp_status bmp_ledger_session_end(bmp_ledger *l, const char *sid, int64_t now, bmp_error *err)
{
    if (!sid_ok(sid))
        return bmp_error_set(err, BMP_ENOTFOUND, "no session");
    char hex[65], name[64] = "";
    ledger_secret_hash(sid, hex);
    bmp_status rc = lq_begin(l, err);
    if (rc)
        return rc;
    ledger_stmt *st = NULL;
    rc = lq_query(l, &st, err,
                  "SELECT a.name FROM session s JOIN account a ON a.id = s.account_id "
                  "WHERE s.id_hash = ?1 AND s.ended IS NULL",
                  "s", hex);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row)
        snprintf(name, sizeof name, "%s", lq_col_text(l, st, 0));
    lq_finalize(l, st);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no session, or it ended");
    if (!rc)
        rc = lq_run(l, err, "UPDATE session SET ended = ?2 WHERE id_hash = ?1", "si", hex, now);
    if (!rc)
        rc = audit_session(l, "logged out", name, err);
    return ledger_tx_end(l, rc, err);
}
