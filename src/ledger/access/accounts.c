/* Staff and club accounts (include/bridgemp/ledger_user.h, issue 29):
 * names, Argon2id password strings (libsodium crypto_pwhash_str), roles;
 * added, given a new password and disabled, each in one transaction with
 * its audit entry; a new password and a disable end the account's
 * sessions in the same transaction. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "bridgemp/ledger_user.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

static bool copy_part(char *dst, size_t size, const char *s, size_t n)
{
    if (n == 0 || n >= size || memchr(s, ':', n))
        return false;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return true;
}

bmp_status bmp_role_parse(const char *s, bmp_role *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    const char *r = s ? s : "";
    bool ok = false;
    if (strncmp(r, "secretary:", 10) == 0) {
        out->kind = BMP_ROLE_SECRETARY;
        ok = copy_part(out->body, sizeof out->body, r + 10, strlen(r + 10));
    } else if (strncmp(r, "scorer:", 7) == 0) {
        const char *c = strchr(r + 7, ':');
        out->kind = BMP_ROLE_SCORER;
        ok = c && copy_part(out->body, sizeof out->body, r + 7, (size_t)(c - r - 7)) &&
             copy_part(out->club, sizeof out->club, c + 1, strlen(c + 1));
    }
    if (!ok)
        return bmp_error_set(err, BMP_EINVAL,
                             "role \"%s\": expected secretary:<body> or scorer:<body>:<club>", r);
    return BMP_OK;
}

bool bmp_user_has_role(const bmp_user *u, bmp_role_kind kind, const char *body,
                       const char *club)
{
    for (size_t i = 0; u && body && i < u->nroles; i++) {
        const bmp_role *r = &u->roles[i];
        if (r->kind == kind && strcasecmp(r->body, body) == 0 &&
            (kind == BMP_ROLE_SECRETARY || (club && strcmp(r->club, club) == 0)))
            return true;
    }
    return false;
}

bmp_status bmp_ledger_batch_owner(bmp_ledger *l, int64_t batch, char body[8], char club[32],
                                  bmp_error *err)
{
    body[0] = club[0] = '\0';
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT y.code, coalesce(c.number, '') FROM batch b JOIN body y ON "
                             "y.id = b.body_id LEFT JOIN club c ON c.id = b.club_id WHERE b.id = ?1",
                             "i", batch);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        snprintf(body, 8, "%s", lq_col_text(l, st, 0));
        snprintf(club, 32, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    return rc;
}

static bmp_status password_ok(const char *pw, bmp_error *err)
{
    size_t n = pw ? strlen(pw) : 0;
    if (n < BMP_PASSWORD_MIN || n > BMP_PASSWORD_MAX)
        return bmp_error_set(err, BMP_EINVAL, "password: expected %d to %d bytes, got %zu",
                             BMP_PASSWORD_MIN, BMP_PASSWORD_MAX, n);
    return BMP_OK;
}

/* Argon2id at libsodium's interactive limits (64 MiB, 2 passes). */
static bmp_status hash_password(const char *pw, char out[crypto_pwhash_STRBYTES], bmp_error *err)
{
    if (crypto_pwhash_str_alg(out, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                              crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13))
        return bmp_error_oom(err);
    return BMP_OK;
}

/* The role's body and club exist. */
static bmp_status role_exists(bmp_ledger *l, bmp_role *r, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, r->body, &b, err);
    if (!rc)
        snprintf(r->body, sizeof r->body, "%s", b.code);
    if (rc || r->kind != BMP_ROLE_SCORER)
        return rc;
    int64_t id = 0;
    bool found = false;
    rc = lq_int(l, &id, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                "is", b.id, r->club);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "role scorer:%s:%s: no club %s in %s", r->body,
                           r->club, r->club, b.code);
    return rc;
}

static bmp_status insert_roles(bmp_ledger *l, int64_t id, const char *const *roles, size_t n,
                               bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; !rc && i < n; i++) {
        bmp_role r;
        rc = bmp_role_parse(roles[i], &r, err);
        if (!rc)
            rc = role_exists(l, &r, err);
        if (!rc)
            rc = lq_run(l, err,
                        "INSERT INTO account_role (account_id, role, body, club) "
                        "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                        "isss", id, r.kind == BMP_ROLE_SECRETARY ? "secretary" : "scorer",
                        r.body, r.club);
    }
    return rc;
}

static bmp_status audit_account(bmp_ledger *l, int64_t id, const char *what, const char *name,
                                bmp_error *err)
{
    bmp_status rc = ledger_touch_id(l, "account", id, err);
    if (!rc)
        rc = ledger_touch_id(l, "account_role", id, err);
    char *d = rc ? NULL : core_asprintf("account %lld (%s) %s", (long long)id, name, what);
    if (!rc)
        rc = d ? ledger_audit(l, "account", d, err) : bmp_error_oom(err);
    free(d);
    return rc;
}

bmp_status bmp_ledger_user_add(bmp_ledger *l, const char *name, const char *password,
                               const char *const *roles, size_t nroles, bmp_error *err)
{
    bmp_status rc = ledger_text_check("user name", name, 63, true, err);
    if (!rc)
        rc = password_ok(password, err);
    if (!rc && (nroles == 0 || nroles > BMP_USER_MAX_ROLES))
        rc = bmp_error_set(err, BMP_EINVAL, "user %s: expected 1 to %d roles (--role)", name,
                           BMP_USER_MAX_ROLES);
    char hash[crypto_pwhash_STRBYTES];
    if (!rc)
        rc = hash_password(password, hash, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    int64_t id = 0;
    bool found = false;
    rc = lq_int(l, &id, &found, err, "SELECT id FROM account WHERE name = ?1", "s", name);
    if (!rc && found)
        rc = bmp_error_set(err, BMP_EINVAL, "user %s: the name is taken", name);
    char at[40];
    ledger_now(l, at);
    if (!rc)
        rc = lq_int(l, &id, &found, err,
                    "INSERT INTO account (name, pw_hash, who, created_at) "
                    "VALUES (?1, ?2, ?3, ?4) RETURNING id",
                    "ssss", name, hash, l->who, at);
    sodium_memzero(hash, sizeof hash);
    if (!rc)
        rc = insert_roles(l, id, roles, nroles, err);
    if (!rc)
        rc = audit_account(l, id, "added", name, err);
    return ledger_tx_end(l, rc, err);
}

/* The live account's id in *id (ENOTFOUND: none of that name). */
static bmp_status account_id(bmp_ledger *l, const char *name, int64_t *id, bmp_error *err)
{
    bool found = false;
    bmp_status rc = lq_int(l, id, &found, err, "SELECT id FROM account WHERE name = ?1", "s",
                           name ? name : "");
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no user %s", name ? name : "");
    return rc;
}

/* End every live session of the account (a new password, a disable). */
static bmp_status end_sessions(bmp_ledger *l, int64_t id, bmp_error *err)
{
    return lq_run(l, err, "UPDATE session SET ended = ?2 WHERE account_id = ?1 AND ended IS NULL",
                  "ii", id, (int64_t)time(NULL));
}

bmp_status bmp_ledger_user_passwd(bmp_ledger *l, const char *name, const char *password,
                                  bmp_error *err)
{
    char hash[crypto_pwhash_STRBYTES];
    bmp_status rc = password_ok(password, err);
    if (!rc)
        rc = hash_password(password, hash, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    int64_t id = 0;
    rc = account_id(l, name, &id, err);
    if (!rc)
        rc = lq_run(l, err, "UPDATE account SET pw_hash = ?2 WHERE id = ?1", "is", id, hash);
    sodium_memzero(hash, sizeof hash);
    if (!rc)
        rc = end_sessions(l, id, err);
    if (!rc)
        rc = audit_account(l, id, "password changed, sessions ended", name, err);
    return ledger_tx_end(l, rc, err);
}

/* The account disabled in bmp_ledger_user_disable's transaction (ctx: its
 * name). */
static bmp_status disable_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const char *name = *(const char *const *)ctx;
    int64_t id = 0;
    bmp_status rc = account_id(l, name, &id, err);
    char at[40];
    ledger_now(l, at);
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE account SET disabled_at = COALESCE(disabled_at, ?2) WHERE id = ?1",
                    "is", id, at);
    if (!rc)
        rc = end_sessions(l, id, err);
    if (!rc)
        rc = audit_account(l, id, "disabled, sessions ended", name, err);
    return rc;
}

bmp_status bmp_ledger_user_disable(bmp_ledger *l, const char *name, bmp_error *err)
{
    return ledger_tx(l, disable_step, &name, err);
}

/* The role's change inside the transaction: *changed false when the
 * account already held it (add) or did not (remove). */
static bmp_status change_role(bmp_ledger *l, int64_t id, const bmp_role *r, bool add,
                              bool *changed, bmp_error *err)
{
    const char *kind = r->kind == BMP_ROLE_SECRETARY ? "secretary" : "scorer";
    int64_t held = 0, n = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &held, &found, err,
                           "SELECT count(*) FROM account_role WHERE account_id = ?1 AND role = ?2 "
                           "AND body = ?3 AND club = ?4", "isss", id, kind, r->body, r->club);
    if (!rc)
        rc = lq_int(l, &n, &found, err, "SELECT count(*) FROM account_role WHERE account_id = ?1",
                    "i", id);
    *changed = !rc && (add ? held == 0 : held > 0);
    if (rc || !*changed)
        return rc;
    if (add && n >= BMP_USER_MAX_ROLES)
        return bmp_error_set(err, BMP_EINVAL, "an account holds at most %d roles",
                             BMP_USER_MAX_ROLES);
    if (!add && n == 1)
        return bmp_error_set(err, BMP_EINVAL, "that is the account's only role: give it "
                                              "another first, or disable the account");
    if (add)
        return lq_run(l, err, "INSERT INTO account_role (account_id, role, body, club) "
                              "VALUES (?1, ?2, ?3, ?4)", "isss", id, kind, r->body, r->club);
    return lq_run(l, err, "DELETE FROM account_role WHERE account_id = ?1 AND role = ?2 AND "
                          "body = ?3 AND club = ?4", "isss", id, kind, r->body, r->club);
}

bmp_status bmp_ledger_user_role(bmp_ledger *l, const char *name, const char *role, bool add,
                                bool *changed, bmp_error *err)
{
    bool ch = false;
    bmp_role r;
    bmp_status rc = bmp_role_parse(role, &r, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    int64_t id = 0;
    rc = account_id(l, name, &id, err);
    if (!rc && add)
        rc = role_exists(l, &r, err);
    else if (!rc) { /* the body as the ledger writes it; a club since removed still goes */
        bmp_role n = r;
        (void)role_exists(l, &n, NULL); /* n.body: the body's code when it exists */
        snprintf(r.body, sizeof r.body, "%s", n.body);
    }
    if (!rc)
        rc = change_role(l, id, &r, add, &ch, err);
    if (!rc && ch) {
        char what[96];
        snprintf(what, sizeof what, "role %s: %s%s%s%s", add ? "added" : "removed",
                 r.kind == BMP_ROLE_SECRETARY ? "secretary:" : "scorer:", r.body,
                 r.club[0] ? ":" : "", r.club);
        rc = audit_account(l, id, what, name, err);
    }
    if (changed)
        *changed = !rc && ch;
    return ledger_tx_end(l, rc, err);
}

bmp_status bmp_ledger_user_list(bmp_ledger *l, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"id", "name", "roles", "who", "created_at",
                                       "disabled_at", "open_sessions", NULL};
    bmp_status rc = bmp_table_title(out, "users");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(
            l, &st, err,
            "SELECT a.id, a.name, COALESCE((SELECT group_concat(r.role || ':' || r.body || "
            "CASE WHEN r.club = '' THEN '' ELSE ':' || r.club END, ' ') FROM (SELECT * FROM "
            "account_role WHERE account_id = a.id ORDER BY role, body, club) r), ''), a.who, "
            "a.created_at, COALESCE(a.disabled_at, ''), (SELECT count(*) FROM session s WHERE "
            "s.account_id = a.id AND s.ended IS NULL) FROM account a ORDER BY a.id",
            "");
    bool row = true;
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        for (int k = 0; !rc && row && k < 7; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
    }
    lq_finalize(l, st);
    return rc;
}
