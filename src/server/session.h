/* Sessions of `bridgemp serve`'s pages (issue 29): who is logged in, what
 * they may do, and the CSRF token of their forms (session.c, login.c;
 * docs/serve.md "Accounts and sessions").
 *
 * The login page (GET /login, POST /login) checks the password (Argon2id,
 * include/bridgemp/ledger_user.h), refuses with 429 and Retry-After while
 * the account or the address is locked by failed logins, and answers a new
 * session id in the cookie "bmp_session" (HttpOnly, SameSite=Strict, Secure
 * under TLS or --behind-tls); the id the browser presented before is ended,
 * never promoted.  POST /logout ends the session.  The server keeps only
 * the id's hash; a session expires when idle (--session-idle) or old
 * (--session-max), and ends at once when the account is disabled.
 *
 * ---- For page handlers (pages_internal.h, struct page) --------------------
 *
 * Every page handler receives a `page *p` that carries the request's user:
 * p->user is the logged-in bmp_user (name, roles), or NULL.  A handler:
 *
 *   int st = page_require(p, BMP_ROLE_SECRETARY, "abf", NULL);
 *   if (st) return st;   // answered: 303 to /login?next=<this page> for
 *                        // nobody, a 403 page for a user without the role
 *   st = page_require(p, BMP_ROLE_SCORER, "abf", "2074");  // that club's scorer
 *   st = page_require_any(p);                              // anyone logged in
 *   bmp_user_has_role(p->user, kind, body, club)  // a test, nothing answered
 *
 *   page_form_open(p, "/batch/7", "decide");  // <form method="post"
 *                                             // action="/batch/7" id="decide">
 *                                             // + <input type="hidden" name="csrf" ...>
 *   ... inputs, buttons ...
 *   core_buf_puts(p->out, "</form>");
 *   (or page_csrf_input(p) alone, inside a form the handler opens itself)
 *
 * A page takes POSTs when its row in pages.c's page_routes has a `post`
 * handler (the fourth column, e.g. {"batch", 1, page_batch,
 * page_batch_post}).  A POST reaches it only from a live session whose form
 * carried that session's CSRF token: site.c answers 403 before any handler
 * runs otherwise, so the ledger is unchanged.  In the post handler, check
 * the role again (page_require), then:
 *
 *   char buf[520];
 *   const char *reason = page_form(p, "reason", buf, sizeof buf); // NULL: absent
 *   bmp_error e = {0};
 *   bmp_status s = page_write(p, my_write, &args, &e);
 *       // bmp_status my_write(bmp_ledger *w, void *args, bmp_error *e) runs on
 *       // a writing connection whose `who` is the user's name (every write
 *       // audited by name), under the server's write lock
 *   return s ? page_fail(p, s, &e) : page_redirect(p, "/batch/7"); // 303
 *
 * Tests render a page as a user without a server: fill a web_ctx (pages.h)
 * with .user and .csrf and call web_page_serve (tests/server/test_pages.c).
 *
 * ---- For the server (srv_req level) ----------------------------------------
 *
 * srv_session_user(rq): the request's user (the cookie read once per
 * request, the session's last-seen time refreshed); NULL when none.
 * srv_csrf_ok(rq): the POST body's "csrf" field equals the session's token
 * (constant-time compare); the body urlencoded, or multipart/form-data (a
 * file upload's form, read by form.h's post processor).  A page reads a
 * multipart form's fields with page_form and its file with page_form_file.  srv_login_route(rq, rs): answers /login and
 * /logout (true when it did). */
#ifndef BMP_SERVER_SESSION_H
#define BMP_SERVER_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/ledger_user.h"
#include "server/http_internal.h"

#define SRV_SESSION_COOKIE "bmp_session"
#define SRV_LOGIN_COOKIE "bmp_login" /* the login form's own CSRF token (no session yet) */

/* The logged-in user of the request, or NULL. */
const bmp_user *srv_session_user(srv_req *rq);
/* The session's CSRF token (hex), "" when there is no session. */
const char *srv_session_csrf(srv_req *rq);
/* Does the POST's form field "csrf" hold the session's token? */
bool srv_csrf_ok(srv_req *rq);
/* A field of an application/x-www-form-urlencoded body, decoded into buf;
 * false when absent (or longer than size - 1). */
bool srv_form_field(const char *body, size_t len, const char *name, char *buf, size_t size);
/* GET/POST /login, POST /logout: true when rq was one of them (rs filled). */
bool srv_login_route(srv_req *rq, srv_resp *rs);
/* Set-Cookie of the session (sid) or its removal (sid NULL). */
void srv_session_cookie(srv_req *rq, srv_resp *rs, const char *sid);
/* Run fn on a writing connection as the logged-in user (write lock held). */
bmp_status srv_write_as(srv_req *rq, const char *who,
                        bmp_status (*fn)(bmp_ledger *w, void *arg, bmp_error *e), void *arg,
                        bmp_error *e);

#endif
