/* API tokens (include/bridgemp/ledger_token.h, ruling W-2): created from
 * libsodium's random bytes, shown once, stored as a BLAKE2b-256 hash and
 * looked up by that hash; scoped to a club's uploads or a body's secretary;
 * revoked by date, never deleted.  Creating and revoking are audited. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_token.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

#define TOKEN_PREFIX "bmp_"

void ledger_secret_hash(const char *token, char hex[65])
{
    unsigned char h[32];
    crypto_generichash(h, sizeof h, (const unsigned char *)token, strlen(token), NULL, 0);
    sodium_bin2hex(hex, 65, h, sizeof h);
}

static bool copy_part(char *dst, size_t size, const char *s, size_t n)
{
    if (n == 0 || n >= size)
        return false;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return true;
}

bmp_status bmp_token_scope_parse(const char *scope, bmp_token_scope *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    const char *s = scope ? scope : "";
    const char *c1 = strchr(s, ':');
    bool ok = false;
    if (c1 && strncmp(s, "club:", 5) == 0) {
        const char *c2 = strchr(c1 + 1, ':');
        out->kind = BMP_TOKEN_CLUB;
        ok = c2 && copy_part(out->body, sizeof out->body, c1 + 1, (size_t)(c2 - c1 - 1)) &&
             copy_part(out->club, sizeof out->club, c2 + 1, strlen(c2 + 1));
    } else if (c1 && strncmp(s, "secretary:", 10) == 0) {
        out->kind = BMP_TOKEN_SECRETARY;
        ok = copy_part(out->body, sizeof out->body, c1 + 1, strlen(c1 + 1)) &&
             !strchr(out->body, ':');
    }
    if (!ok)
        return bmp_error_set(err, BMP_EINVAL,
                             "token scope \"%s\": expected club:<body>:<number> or "
                             "secretary:<body>",
                             s);
    return BMP_OK;
}

/* The scope names a body the ledger knows and, for a club, a club of it. */
static bmp_status scope_exists(bmp_ledger *l, const bmp_token_scope *sc, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, sc->body, &b, err);
    if (rc || sc->kind != BMP_TOKEN_CLUB)
        return rc;
    int64_t id = 0;
    bool found = false;
    rc = lq_int(l, &id, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                "is", b.id, sc->club);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "token scope: no club %s in %s", sc->club, b.code);
    return rc;
}

static bmp_status insert_token(bmp_ledger *l, const char *scope, const char *label,
                               const char *hash, int64_t *id, bmp_error *err)
{
    char at[40];
    ledger_now(l, at);
    bool found = false;
    bmp_status rc = lq_int(l, id, &found, err,
                           "INSERT INTO token (scope, label, hash, who, created_at) "
                           "VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
                           "sssss", scope, label ? label : "", hash, l->who, at);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_EIO, "database: the token was not stored");
    if (!rc)
        rc = ledger_touch_id(l, "token", *id, err);
    if (!rc) {
        char *d = core_asprintf("token %lld created: %s", (long long)*id, scope);
        rc = d ? ledger_audit(l, "token", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

bmp_status bmp_ledger_token_create(bmp_ledger *l, const char *scope, const char *label,
                                   int64_t *id, char *token, bmp_error *err)
{
    bmp_token_scope sc;
    token[0] = '\0';
    bmp_status rc = bmp_token_scope_parse(scope, &sc, err);
    if (!rc)
        rc = ledger_text_check("label", label, CORE_TEXT_NAME_MAX, false, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = scope_exists(l, &sc, err);
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    strcpy(token, TOKEN_PREFIX);
    sodium_bin2base64(token + strlen(TOKEN_PREFIX), BMP_TOKEN_SIZE - strlen(TOKEN_PREFIX), raw,
                      sizeof raw, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof raw);
    char hex[65];
    ledger_secret_hash(token, hex);
    if (!rc)
        rc = insert_token(l, scope, label, hex, id, err);
    if (!rc)
        rc = lq_commit(l, err);
    if (rc) {
        lq_rollback(l);
        sodium_memzero(token, BMP_TOKEN_SIZE);
    }
    return rc;
}

bmp_status bmp_ledger_token_list(bmp_ledger *l, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"id", "scope", "label", "who", "created_at",
                                       "revoked_at", NULL};
    bmp_status rc = bmp_table_title(out, "tokens");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT id, scope, label, who, created_at, COALESCE(revoked_at, '') "
                      "FROM token ORDER BY id",
                      "");
    bool row = true;
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        for (int k = 0; !rc && row && k < 6; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
    }
    lq_finalize(l, st);
    return rc;
}

/* The revocation in bmp_ledger_token_revoke's transaction (ctx: the id). */
static bmp_status revoke_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    int64_t id = *(const int64_t *)ctx;
    int64_t one = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &one, &found, err, "SELECT id FROM token WHERE id = ?1", "i", id);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no token %lld", (long long)id);
    char at[40];
    ledger_now(l, at);
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE token SET revoked_at = COALESCE(revoked_at, ?2) WHERE id = ?1", "is",
                    id, at);
    if (!rc)
        rc = ledger_touch_id(l, "token", id, err);
    if (!rc) {
        char *d = core_asprintf("token %lld revoked", (long long)id);
        rc = d ? ledger_audit(l, "token", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

bmp_status bmp_ledger_token_revoke(bmp_ledger *l, int64_t id, bmp_error *err)
{
    return ledger_tx(l, revoke_step, &id, err);
}

bmp_status bmp_ledger_token_check(bmp_ledger *l, const char *token, bmp_token_scope *out,
                                  bmp_error *err)
{
    memset(out, 0, sizeof *out);
    if (!token || strncmp(token, TOKEN_PREFIX, strlen(TOKEN_PREFIX)) != 0 ||
        strlen(token) >= BMP_TOKEN_SIZE)
        return bmp_error_set(err, BMP_ENOTFOUND, "not a bridgemp token");
    char hex[65];
    ledger_secret_hash(token, hex);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT id, scope, label FROM token "
                             "WHERE hash = ?1 AND revoked_at IS NULL",
                             "s", hex);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "unknown or revoked token");
    if (!rc)
        rc = bmp_token_scope_parse(lq_col_text(l, st, 1), out, err);
    if (!rc) {
        out->id = lq_col_int(l, st, 0);
        snprintf(out->label, sizeof out->label, "%s", lq_col_text(l, st, 2));
    }
    lq_finalize(l, st);
    return rc;
}

/* verify (issue 45): every token row is named by its creation entry, as
 * bmp_ledger_token_create writes it (action "token", "token N created:
 * SCOPE").  A row slipped in behind the program's back with a chain entry
 * of its own imaging it (anyone who can write the database can append
 * one: the chain has no key) replays, but has none; as a session without
 * its login entry (sessions.c), it is named. */
bmp_status ledger_tokens_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT t.id, t.scope, t.label, t.who, (SELECT count(*) FROM audit a "
                             "WHERE a.action = 'token' AND a.detail = ?1 || CAST(t.id AS TEXT) || "
                             "?2 || t.scope) FROM token t ORDER BY t.id",
                             "ss", "token ", " created: ");
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (lq_col_int(l, st, 4) > 0)
            continue;
        const char *label = lq_col_text(l, st, 2);
        problems_add(pp, "token %lld (%s%s%s, by %s): no creation entry in the audit chain "
                     "names it (written behind the program's back)",
                     (long long)lq_col_int(l, st, 0), lq_col_text(l, st, 1),
                     *label ? ", label " : "", label, lq_col_text(l, st, 3));
        (*bad)++;
    }
    lq_finalize(l, st);
    return rc;
}
