/* Logins and sessions (include/bridgemp/ledger_user.h, issue 29): the
 * password check (Argon2id), failed logins counted per account and per
 * address with an exponential lock, and sessions stored by the hash of
 * their random id, expiring when idle and absolutely, ended by logout.
 * The session and login_attempt tables are exempt from the audit chain
 * (chain_tables.c); a login and a logout are audit entries. */
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* ---- the session key (issue 45) ------------------------------------------
 * A session row is a login only with its seal: a BLAKE2b keyed with 32
 * random bytes kept in a file the database does not hold, mode 0600
 * (BRIDGEMP_KEY_FILE; else beside an SQLite database, DB.key; else for
 * PostgreSQL ~/.bridgemp-session.key).  Someone who can write the
 * database but not read that file cannot make a session the program
 * accepts (docs/serve.md "Accounts and sessions", the threat model). */

static bmp_status key_path(bmp_ledger *l, char *out, size_t size, bmp_error *err)
{
    const char *env = getenv("BRIDGEMP_KEY_FILE");
    const char *home = getenv("HOME");
    if (env && *env)
        snprintf(out, size, "%s", env);
    else if (strcmp(lq_backend(l), "sqlite") == 0)
        snprintf(out, size, "%s.key", l->path);
    else if (home && *home)
        snprintf(out, size, "%s/.bridgemp-session.key", home);
    else
        return bmp_error_set(err, BMP_EINVAL, "no session key: set BRIDGEMP_KEY_FILE");
    return BMP_OK;
}

/* The key from its file; *absent when there is none. */
static bmp_status key_read(const char *path, unsigned char key[32], bool *absent, bmp_error *err)
{
    *absent = false;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        *absent = true;
        return BMP_OK;
    }
    if (fd < 0)
        return bmp_error_set(err, BMP_EIO, "%s: %s", path, strerror(errno));
    struct stat sb;
    char hex[80];
    ssize_t n = fstat(fd, &sb) == 0 ? read(fd, hex, sizeof hex - 1) : -1;
    close(fd);
    if (n >= 0 && (sb.st_mode & 077))
        return bmp_error_set(err, BMP_EINVAL, "%s: the session key is open to others (chmod 600 "
                             "it)", path);
    size_t len = 0;
    bool ok = false;
    if (n >= 64) {
        hex[n] = '\0';
        ok = sodium_hex2bin(key, 32, hex, 64, NULL, &len, NULL) == 0 && len == 32;
    }
    sodium_memzero(hex, sizeof hex);
    if (ok)
        return BMP_OK;
    return bmp_error_set(err, BMP_EINVAL, "%s: not a session key (64 hex digits)", path);
}

/* A new key file, made whole before it appears under its name (a second
 * process making one at once keeps the first). */
static bmp_status key_create(const char *path, bmp_error *err)
{
    char *tmp = core_asprintf("%s.%ld.%08x.tmp", path, (long)getpid(),
                              (unsigned)randombytes_random());
    int fd = tmp ? open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : -1;
    if (fd < 0) {
        bmp_status rc = tmp ? bmp_error_set(err, BMP_EIO, "%s: %s", tmp, strerror(errno))
                            : bmp_error_oom(err);
        free(tmp);
        return rc;
    }
    unsigned char raw[32];
    char hex[66];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(hex, 65, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
    hex[64] = '\n';
    bool ok = write(fd, hex, 65) == 65 && fsync(fd) == 0;
    sodium_memzero(hex, sizeof hex);
    ok = close(fd) == 0 && ok;
    ok = ok && (link(tmp, path) == 0 || errno == EEXIST);
    int saved = errno;
    unlink(tmp);
    bmp_status rc = ok ? BMP_OK : bmp_error_set(err, BMP_EIO, "%s: %s", path, strerror(saved));
    free(tmp);
    return rc;
}

/* The key (made when missing and `create`); *have false: none. */
static bmp_status session_key(bmp_ledger *l, bool create, unsigned char key[32], bool *have,
                              bmp_error *err)
{
    char path[600];
    bool absent = false;
    *have = false;
    bmp_status rc = key_path(l, path, sizeof path, err);
    if (!rc)
        rc = key_read(path, key, &absent, err);
    if (!rc && absent && create) {
        rc = key_create(path, err);
        if (!rc)
            rc = key_read(path, key, &absent, err);
    }
    *have = !rc && !absent;
    return rc;
}

/* The seal of a session row, hex. */
static void session_mac(const unsigned char key[32], const char *id_hash, int64_t account,
                        int64_t created, int64_t login_seq, char out[65])
{
    char msg[160];
    int n = snprintf(msg, sizeof msg, "bridgemp session v1|%s|%lld|%lld|%lld", id_hash,
                     (long long)account, (long long)created, (long long)login_seq);
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)msg, (size_t)n, key, 32);
    sodium_bin2hex(out, 65, h, sizeof h);
}

/* The login entry's detail that names a session ("user NAME logged in
 * (session HASH16)"). */
static char *login_detail(const char *name, const char *id_hash)
{
    return core_asprintf("user %s logged in (session %.16s)", name, id_hash);
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
    unsigned char raw[32], key[32];
    bool have = false;
    if (!rc)
        rc = session_key(l, true, key, &have, err);
    randombytes_buf(raw, sizeof raw);
    sodium_bin2base64(sid, BMP_SESSION_SIZE, raw, sizeof raw,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof raw);
    ledger_secret_hash(sid, hex);
    char *d = rc ? NULL : login_detail(u->name, hex);
    if (!rc) /* the login entry first: the session names it */
        rc = d ? ledger_audit(l, "session", d, err) : bmp_error_oom(err);
    free(d);
    int64_t seq = 0;
    if (!rc)
        rc = lq_int(l, &seq, NULL, err, "SELECT max(seq) FROM audit", NULL);
    char mac[65];
    if (!rc)
        session_mac(key, hex, u->id, now, seq, mac);
    sodium_memzero(key, sizeof key);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO session (id_hash, account_id, created, seen, login_seq, mac) "
                    "VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
                    "siiis", hex, u->id, now, seq, mac);
    if (!rc)
        rc = lq_commit(l, err);
    if (rc) {
        lq_rollback(l);
        sodium_memzero(sid, BMP_SESSION_SIZE);
    }
    return rc;
}

/* The row (account_id, name, created, seen, login_seq, mac, the login
 * entry's action and detail) is a session the program started: sealed
 * with the key, and its login entry names it. */
static bool session_bound(bmp_ledger *l, ledger_stmt *st, const unsigned char key[32],
                          const char *hex)
{
    if (lq_col_null(l, st, 4) || lq_col_null(l, st, 6))
        return false;
    char mac[65];
    session_mac(key, hex, lq_col_int(l, st, 0), lq_col_int(l, st, 2), lq_col_int(l, st, 4), mac);
    const char *got = lq_col_text(l, st, 5);
    if (strlen(got) != 64 || sodium_memcmp(got, mac, 64) != 0)
        return false;
    char *d = login_detail(lq_col_text(l, st, 1), hex);
    bool ok = d && strcmp(lq_col_text(l, st, 6), "session") == 0 &&
              strcmp(lq_col_text(l, st, 7), d) == 0;
    free(d);
    return ok;
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
    unsigned char key[32];
    bool have = false;
    bmp_status rc = session_key(l, false, key, &have, err);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT s.account_id, a.name, s.created, s.seen, s.login_seq, s.mac, "
                      "au.action, au.detail FROM session s JOIN account a ON a.id = s.account_id "
                      "LEFT JOIN audit au ON au.seq = s.login_seq WHERE s.id_hash = ?1 AND "
                      "s.ended IS NULL AND a.disabled_at IS NULL",
                      "s", hex);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && have && now - lq_col_int(l, st, 3) <= idle &&
        now - lq_col_int(l, st, 2) <= absolute &&
        session_bound(l, st, key, hex)) {
        out->id = lq_col_int(l, st, 0);
        snprintf(out->name, sizeof out->name, "%s", lq_col_text(l, st, 1));
        *seen = lq_col_int(l, st, 3);
    }
    sodium_memzero(key, sizeof key);
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

/* verify (issue 45): every session row is bound to its login entry (the
 * entry it names is a login naming its hash, by its account), and sealed
 * with the key when the key is at hand (a copy of the database verified
 * elsewhere may have none). */
bmp_status ledger_sessions_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    unsigned char key[32];
    bool have = false;
    if (session_key(l, false, key, &have, NULL)) /* unreadable: the seals are not checked */
        have = false;
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                      "SELECT s.account_id, coalesce(a.name, ''), s.created, s.seen, s.login_seq, "
                      "s.mac, au.action, au.detail, s.id_hash FROM session s "
                      "LEFT JOIN account a ON a.id = s.account_id "
                      "LEFT JOIN audit au ON au.seq = s.login_seq ORDER BY s.created, s.id_hash",
                      NULL);
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        char hex[65];
        snprintf(hex, sizeof hex, "%s", lq_col_text(l, st, 8));
        char *d = login_detail(lq_col_text(l, st, 1), hex);
        bool logged = !lq_col_null(l, st, 6) && strcmp(lq_col_text(l, st, 6), "session") == 0 &&
                      d && strcmp(lq_col_text(l, st, 7), d) == 0;
        free(d);
        if (!logged)
            problems_add(pp, "session %.16s of account %s (id %lld): no login entry in the audit "
                         "chain names it (written behind the program's back)", hex,
                         lq_col_text(l, st, 1), (long long)lq_col_int(l, st, 0));
        else if (have && !session_bound(l, st, key, hex))
            problems_add(pp, "session %.16s of account %s (id %lld): its seal does not match "
                         "(changed behind the program's back)", hex, lq_col_text(l, st, 1),
                         (long long)lq_col_int(l, st, 0));
        else
            continue;
        (*bad)++;
    }
    sodium_memzero(key, sizeof key);
    lq_finalize(l, st);
    return rc;
}
