/* bridgemp: staff and club accounts of the ledger, their sessions and the
 * count of failed logins (`bridgemp ledger user`, `bridgemp serve`'s login
 * page; docs/serve.md "Accounts and sessions", issue 29).
 *
 * An account has a name, a password kept only as its Argon2id string
 * (libsodium crypto_pwhash_str), and roles:
 *   secretary:<body>           the body's back office (approve, reject, ...)
 *   scorer:<body>:<club>       that club's submissions and batches
 * Accounts are disabled, never deleted; adding, changing a password and
 * disabling are audited (the ledger's `who`), and the last two end the
 * account's sessions at once.
 *
 * A session is 32 random bytes (libsodium), written URL-safe base64, given
 * to the browser once and stored only as its BLAKE2b-256 hash; it expires
 * after `idle` seconds without a request or `absolute` seconds after the
 * login, and ends at logout.  Times are Unix seconds passed in by the
 * caller (the server's clock; tests pass their own). */
#ifndef BRIDGEMP_LEDGER_USER_H
#define BRIDGEMP_LEDGER_USER_H

#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_SESSION_SIZE 48   /* a session id's text with its NUL fits in this */
#define BMP_USER_MAX_ROLES 16 /* roles of one account */
#define BMP_PASSWORD_MIN 10   /* bytes */
#define BMP_PASSWORD_MAX 1024

typedef enum bmp_role_kind { BMP_ROLE_SECRETARY = 1, BMP_ROLE_SCORER } bmp_role_kind;

typedef struct bmp_role {
    bmp_role_kind kind;
    char body[8];  /* "abf" */
    char club[32]; /* the club number (scorers); "" for a secretary */
} bmp_role;

typedef struct bmp_user {
    int64_t id;
    char name[64];
    size_t nroles;
    bmp_role roles[BMP_USER_MAX_ROLES];
} bmp_user;

/* Parse "secretary:<body>" or "scorer:<body>:<club>" (no database). */
bmp_status bmp_role_parse(const char *s, bmp_role *out, bmp_error *err);
/* Does the user hold this role?  A secretary of the body is not a scorer of
 * its clubs: each page asks for what it needs (club NULL for a secretary). */
bool bmp_user_has_role(const bmp_user *u, bmp_role_kind kind, const char *body,
                       const char *club);

/* The body's code and the club's number ("" for none) of a batch: whose
 * it is, for the pages' role checks.  ENOTFOUND: no such batch. */
bmp_status bmp_ledger_batch_owner(bmp_ledger *l, int64_t batch, char body[8], char club[32],
                                  bmp_error *err);

/* ---- accounts (bridgemp ledger user) ------------------------------------- */

/* A new account with its roles (each body, and club, must exist); EINVAL
 * for a taken name, a password shorter than BMP_PASSWORD_MIN, no role. */
bmp_status bmp_ledger_user_add(bmp_ledger *l, const char *name, const char *password,
                               const char *const *roles, size_t nroles, bmp_error *err);
/* A new password; ends the account's sessions. */
bmp_status bmp_ledger_user_passwd(bmp_ledger *l, const char *name, const char *password,
                                  bmp_error *err);
/* Disable (no more logins) and end its sessions; disabling twice is OK. */
bmp_status bmp_ledger_user_disable(bmp_ledger *l, const char *name, bmp_error *err);
/* Give the account `role` ("secretary:<body>", "scorer:<body>:<club>";
 * the body, and club, must exist) or take it away (add false): audited
 * ("role added: scorer:abf:2074").  Idempotent: *changed (may be NULL) is
 * false when the account already held it, or did not.  EINVAL for a
 * sixteenth-plus role or the account's only role (disable it instead);
 * ENOTFOUND for no such account.  Its sessions read the roles at each
 * request: a removed role is gone at once. */
bmp_status bmp_ledger_user_role(bmp_ledger *l, const char *name, const char *role, bool add,
                                bool *changed, bmp_error *err);
/* Every account: id, name, roles ("scorer:abf:2074 secretary:abf"), who,
 * created_at, disabled_at, open_sessions (not ended by a logout or a
 * disable; some may have expired).  No secrets. */
bmp_status bmp_ledger_user_list(bmp_ledger *l, bmp_table *out, bmp_error *err);

/* ---- logins and sessions (bridgemp serve) -------------------------------- */

/* How failed logins are slowed: after `free` failures of an account (or of
 * an address) within `window` seconds, each further failure locks it for
 * `base` << (failures - free) seconds, at most `max_lock`. */
typedef struct bmp_login_limits {
    unsigned account_free, addr_free;
    unsigned window, base, max_lock;
} bmp_login_limits;
#define BMP_LOGIN_LIMITS_DEFAULT {5, 20, 900, 30, 3600}

/* The seconds until the account or the address may try again (0: now).
 * A read: any handle. */
bmp_status bmp_ledger_login_wait(bmp_ledger *l, const char *name, const char *addr, int64_t now,
                                 int64_t *wait, bmp_error *err);
/* The account, when `password` is its password and it is not disabled;
 * ENOTFOUND otherwise (the same time is spent on an unknown name).  A read. */
bmp_status bmp_ledger_password_check(bmp_ledger *l, const char *name, const char *password,
                                     bmp_user *out, bmp_error *err);
/* Count a failed login of `name` from `addr`; *wait: the lock it incurs. */
bmp_status bmp_ledger_login_failed(bmp_ledger *l, const char *name, const char *addr,
                                   int64_t now, const bmp_login_limits *lim, int64_t *wait,
                                   bmp_error *err);
/* A new session for the account (after bmp_ledger_password_check): its id
 * to sid[BMP_SESSION_SIZE]; the account's failures are forgotten and the
 * session `old` (the one the browser presented, may be NULL) is ended, so
 * that an id set before the login is never the logged-in one.  Audited
 * ("login"), with the handle's `who`. */
bmp_status bmp_ledger_session_start(bmp_ledger *l, const bmp_user *u, const char *old,
                                    int64_t now, char *sid, bmp_error *err);
/* The user of a live session (not ended, not expired, account not
 * disabled), with its roles; *seen its last request.  ENOTFOUND else. */
bmp_status bmp_ledger_session_get(bmp_ledger *l, const char *sid, int64_t now, int64_t idle,
                                  int64_t absolute, bmp_user *out, int64_t *seen,
                                  bmp_error *err);
/* Record a request of the session at `now` (its idle time starts again). */
bmp_status bmp_ledger_session_touch(bmp_ledger *l, const char *sid, int64_t now, bmp_error *err);
/* Logout: end the session (audited "logout"); ENOTFOUND if not live. */
bmp_status bmp_ledger_session_end(bmp_ledger *l, const char *sid, int64_t now, bmp_error *err);
/* The CSRF token of a session: BLAKE2b keyed by the session id, hex into
 * out[65] (nothing stored: it changes with the session, and the stored
 * hash of the id does not give it). */
void bmp_session_csrf(const char *sid, char out[65]);

#ifdef __cplusplus
}
#endif
#endif
