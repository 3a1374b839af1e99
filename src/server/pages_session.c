/* Sessions, roles and forms for page handlers (pages_internal.h; the
 * contract is in session.h's header comment, issue 29). */
#include <stdio.h>
#include <string.h>

#include "server/pages_internal.h"
#include "server/session.h"

int page_redirect(page *p, const char *to)
{
    if (!to) /* its URL lost (page_built) */
        return page_error(p, 500, "out of memory");
    core_buf_reset(p->out);
    if (p->web && p->web->location)
        snprintf(p->web->location, 256, "%s", to);
    core_buf_puts(p->out, "<!doctype html>\n<title>See other</title><p><a href=\"");
    web_buf_html(p->out, to);
    core_buf_puts(p->out, "\">Continue</a></p>\n");
    return 303;
}

static int to_login(page *p)
{
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "/login?next=");
    page_url(&b, p->path ? p->path : "/");
    int st = page_redirect(p, page_built(p, &b));
    core_buf_free(&b);
    return st;
}

int page_require_any(page *p)
{
    return p->user ? 0 : to_login(p);
}

int page_require(page *p, bmp_role_kind kind, const char *body, const char *club)
{
    if (!p->user)
        return to_login(p);
    if (bmp_user_has_role(p->user, kind, body, club))
        return 0;
    char msg[160];
    if (kind == BMP_ROLE_SECRETARY)
        snprintf(msg, sizeof msg, "%s is not a secretary of %s.", p->user->name,
                 body ? body : "this body");
    else
        snprintf(msg, sizeof msg, "%s is not a scorer of club %s of %s.", p->user->name,
                 club ? club : "?", body ? body : "?");
    return page_error(p, 403, msg);
}

int page_refuse_post(page *p, bool logged_in)
{
    return page_error(p, 403, logged_in
                                  ? "The form's CSRF token is missing or wrong: nothing was done."
                                  : "Log in first: nothing was done.");
}

void page_form_open(page *p, const char *action, const char *id)
{
    core_buf_puts(p->out, "<form method=\"post\" action=\"");
    web_buf_html(p->out, action);
    if (id) {
        core_buf_puts(p->out, "\" id=\"");
        web_buf_html(p->out, id);
    }
    core_buf_puts(p->out, "\">");
    page_csrf_input(p);
}

const char *page_form(page *p, const char *key, char *buf, size_t size)
{
    if (p->web && p->web->field) { /* multipart: a text field, no NUL inside */
        size_t n = 0;
        const char *v = p->web->field(p->web->ctx, key, &n, NULL);
        if (!v || n >= size || memchr(v, '\0', n))
            return NULL;
        memcpy(buf, v, n);
        buf[n] = '\0';
        return buf;
    }
    if (!p->web || !p->web->body)
        return NULL;
    return srv_form_field(p->web->body, p->web->body_len, key, buf, size) ? buf : NULL;
}

const char *page_form_file(page *p, const char *key, size_t *len, const char **filename)
{
    if (!p->web || !p->web->field)
        return NULL;
    return p->web->field(p->web->ctx, key, len, filename);
}

bmp_status page_write(page *p, web_write_fn fn, void *arg, bmp_error *e)
{
    if (!p->user || !p->web || !p->web->write)
        return bmp_error_set(e, BMP_EINVAL, "a write needs a logged-in user");
    return p->web->write(p->web->ctx, p->user->name, fn, arg, e);
}
