/* bridgemp: API tokens of the ledger (`bridgemp ledger token`, used by
 * `bridgemp serve`; docs/serve.md).
 *
 * A token is 32 random bytes (libsodium), written "bmp_" + URL-safe base64;
 * it is returned once by bmp_ledger_token_create and stored only as its
 * BLAKE2b-256 hash.  Scopes:
 *   club:<body>:<number>  uploads results of that club only
 *   secretary:<body>      approves, rejects and corrects that body's batches
 */
#ifndef BRIDGEMP_LEDGER_TOKEN_H
#define BRIDGEMP_LEDGER_TOKEN_H

#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_TOKEN_SIZE 64 /* a token's text with its NUL fits in this */

typedef enum bmp_token_kind { BMP_TOKEN_CLUB = 1, BMP_TOKEN_SECRETARY } bmp_token_kind;

typedef struct bmp_token_scope {
    int64_t id;
    bmp_token_kind kind;
    char body[8];     /* "abf" */
    char club[32];    /* the club number (club tokens) */
    char label[64];
} bmp_token_scope;

/* Create a token for `scope` (the body must exist, and for a club scope the
 * club); the token text goes to token[BMP_TOKEN_SIZE], its id to *id. */
bmp_status bmp_ledger_token_create(bmp_ledger *l, const char *scope, const char *label,
                                   int64_t *id, char *token, bmp_error *err);
/* Every token: id, scope, label, who, created_at, revoked_at (no secrets). */
bmp_status bmp_ledger_token_list(bmp_ledger *l, bmp_table *out, bmp_error *err);
/* Revoke a token (ENOTFOUND when there is none; revoking twice is OK). */
bmp_status bmp_ledger_token_revoke(bmp_ledger *l, int64_t id, bmp_error *err);
/* The scope of a live token; ENOTFOUND for an unknown or revoked token. */
bmp_status bmp_ledger_token_check(bmp_ledger *l, const char *token, bmp_token_scope *out,
                                  bmp_error *err);
/* Parse a scope string (no database): EINVAL naming what was expected. */
bmp_status bmp_token_scope_parse(const char *scope, bmp_token_scope *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
