/* The upload's options (POST /api/v1/batches, docs/openapi.yaml): every
 * option `ledger import` takes (issue 26 item 4: "the upload API takes
 * every option the CLI takes"), each checked with a 400 and the reason,
 * never ignored.  The CLI's --sidecar FILE is sidecar= here, the file's
 * text (a JSON object of the event's fields, read by the same code:
 * bmp_usebio_opts.sidecar_json), so that no file is written; --set
 * KEY=VALUE is set=KEY=VALUE, repeatable. */
#include <stdio.h>
#include <string.h>

#include "server/upload_opts.h"

/* The query parameters an upload takes (the CLI import's options, and
 * filename for the file's name). */
static const char *const known[] = {"filename", "kind",     "body",   "club",
                                    "control",  "grade",    "edition", "status",
                                    "usebio-status", "classification", "rating",
                                    "sidecar",  "set",      "replaces", "reason", NULL};

typedef struct scan {
    srv_upload_opts *u;
    const char *unknown, *bad; /* the first unknown name; the first bad value */
    const char *why;
} scan;

static enum MHD_Result each_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                const char *value)
{
    (void)kind;
    scan *s = cls;
    bool ok = false;
    for (size_t i = 0; known[i] && !ok; i++)
        ok = strcmp(known[i], key) == 0;
    if (!ok && !s->unknown)
        s->unknown = key;
    if (strcmp(key, "control") == 0) {
        if (s->u->ncontrol < SRV_UPLOAD_MAX_CONTROL)
            s->u->control[s->u->ncontrol++] = value ? value : "";
        else if (!s->bad)
            s->bad = "control", s->why = "more than 8 control totals";
    } else if (strcmp(key, "set") == 0) {
        const char *eq = value ? strchr(value, '=') : NULL;
        if ((!eq || eq == value) && !s->bad)
            s->bad = value ? value : "", s->why = "set";
        else if (s->u->nset < SRV_UPLOAD_MAX_SET)
            s->u->set[s->u->nset++] = value;
        else if (!s->bad)
            s->bad = "set", s->why = "more than 16 set= parameters";
    }
    return MHD_YES;
}

/* sidecar=: a JSON object (its fields are checked by the reader, which
 * names them "sidecar: $.field"). */
static bool sidecar_ok(srv_resp *rs, const char *text)
{
    json_error_t je;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &je);
    bool ok = j && json_is_object(j);
    if (!j)
        srv_error(rs, 400, "sidecar: line %d, column %d: invalid JSON: %s (expected the "
                           "sidecar file's text, a JSON object of the event's fields)",
                  je.line, je.column, je.text);
    else if (!ok)
        srv_error(rs, 400, "sidecar: expected a JSON object of the event's fields (body, "
                           "edition, grade, name, date, ...), as a --sidecar file holds");
    json_decref(j);
    return ok;
}

bool srv_upload_opts_read(srv_req *rq, srv_resp *rs, srv_upload_opts *u)
{
    memset(u, 0, sizeof *u);
    scan s = {.u = u};
    MHD_get_connection_values(rq->conn, MHD_GET_ARGUMENT_KIND, each_arg, &s);
    const char *status = srv_arg(rq, "status"), *old = srv_arg(rq, "usebio-status");
    const char *side = srv_arg(rq, "sidecar");
    if (s.unknown) {
        srv_error(rs, 400, "unknown parameter \"%s\": an upload takes filename, kind, body, club, "
                           "control, grade, edition, status, usebio-status, classification, "
                           "rating, sidecar, set, replaces and reason", s.unknown);
        return false;
    }
    if (s.bad && strcmp(s.why, "set") == 0) {
        srv_error(rs, 400, "set \"%s\": expected KEY=VALUE, an event parameter (as --set)",
                  s.bad);
        return false;
    }
    if (s.bad) {
        srv_error(rs, 400, "%s: %s", s.bad, s.why);
        return false;
    }
    if (status && old && strcmp(status, old) != 0) {
        srv_error(rs, 400, "status %s and usebio-status %s disagree (they are one option)", status,
                  old);
        return false;
    }
    if (side && !sidecar_ok(rs, side))
        return false;
    u->uo = (bmp_usebio_opts){.size = sizeof u->uo, .edition = srv_arg(rq, "edition"),
                              .grade = srv_arg(rq, "grade"),
                              .classification = srv_arg(rq, "classification"),
                              .status = status ? status : old, .rating = srv_arg(rq, "rating"),
                              .set = u->nset ? u->set : NULL, .nset = u->nset,
                              .sidecar_json = side};
    return true;
}
