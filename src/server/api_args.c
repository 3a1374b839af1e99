/* The REST API's query parameters checked (issue 30: every parameter
 * validated, 400 with the reason): no parameter a route does not take, a
 * body the registry knows, a date given, a month. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/rules.h"
#include "server/api_args.h"

typedef struct arg_check {
    const char *const *allowed;
    const char *bad;
} arg_check;

static enum MHD_Result check_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *value)
{
    (void)kind;
    (void)value;
    arg_check *c = cls;
    for (size_t i = 0; c->allowed[i]; i++)
        if (strcmp(key, c->allowed[i]) == 0)
            return MHD_YES;
    c->bad = key;
    return MHD_NO;
}

bool srv_args_only(srv_req *rq, srv_resp *rs, const char *const *allowed)
{
    arg_check c = {allowed, NULL};
    MHD_get_connection_values(rq->conn, MHD_GET_ARGUMENT_KIND, check_arg, &c);
    if (!c.bad)
        return true;
    char list[160] = "";
    size_t at = 0;
    for (size_t i = 0; allowed[i] && at < sizeof list; i++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", allowed[i]);
    srv_error(rs, 400, "unknown parameter \"%s\": %s takes %s", c.bad, rq->path,
              allowed[0] ? list : "none");
    return false;
}

/* The registry's bodies, ", " between them. */
static void body_names(char *buf, size_t size)
{
    const bmp_rules *const *all = bmp_rules_list();
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; all && all[i] && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : "", all[i]->body);
}

const char *srv_body_arg(srv_req *rq, srv_resp *rs)
{
    const char *body = srv_arg(rq, "body");
    if (body && *body && bmp_rules_find(body))
        return body;
    char names[128];
    body_names(names, sizeof names);
    if (!body || !*body)
        srv_error(rs, 400, "body: expected ?body= one of %s", names);
    else
        srv_error(rs, 400, "body \"%s\": expected one of %s", body, names);
    return NULL;
}

bool srv_date_arg(srv_req *rq, srv_resp *rs, const char *name, const char **out)
{
    *out = srv_arg(rq, name);
    if (*out && **out)
        return true;
    srv_error(rs, 400, "%s: expected ?%s=yyyy-mm-dd", name, name);
    return false;
}

bool srv_month_arg(srv_req *rq, srv_resp *rs, const char *name, const char **out)
{
    const char *s = srv_arg(rq, name);
    *out = s;
    if (!s)
        return true;
    bool ok = strlen(s) == 7 && s[4] == '-';
    for (size_t i = 0; ok && i < 7; i++)
        ok = i == 4 || (s[i] >= '0' && s[i] <= '9');
    if (ok && strcmp(s + 5, "01") >= 0 && strcmp(s + 5, "12") <= 0 && strncmp(s, "0000", 4))
        return true;
    srv_error(rs, 400, "%s \"%s\": expected a month yyyy-mm (01 to 12)", name, s);
    return false;
}
