/* The upload's options (POST /api/v1/batches, docs/openapi.yaml): every
 * option `ledger import` takes (issue 26 item 4: "the upload API takes
 * every option the CLI takes"), each checked with a 400 and the reason,
 * never ignored.  The CLI's --sidecar FILE is sidecar= here, the file's
 * text (a JSON object of the event's fields, read by the same code:
 * bmp_usebio_opts.sidecar_json), so that no file is written; --set
 * KEY=VALUE is set=KEY=VALUE, repeatable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/upload_opts.h"

/* The query parameters an upload takes (the CLI import's options, and
 * filename for the file's name). */
static const char *const known[] = {"filename", "kind",     "body",   "club",
                                    "control",  "grade",    "edition", "status",
                                    "usebio-status", "classification", "rating",
                                    "sidecar",  "set",      "replaces", "reason",
                                    "strict-numbers", "event", NULL};

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
                           "rating, sidecar, set, replaces, reason, strict-numbers and event", s.unknown);
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

/* ---- the request: its file, its kind, the token's scope (issue 29: the
 * upload's and the preview's, one set of checks) ---------------------------- */

/* A file name as the upload names it: letters, digits, '.', '_', '-'. */
static bool name_ok(const char *n)
{
    size_t len = strlen(n);
    if (len == 0 || len > 128 || n[0] == '.' || !strchr(n, '.'))
        return false;
    return strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == len;
}

/* The scope allows this upload: a club token, its own club and body, and
 * not an adjustment (.csv: the body's own corrections, W-3). */
static bool upload_allowed(srv_req *rq, srv_resp *rs, const char *name)
{
    const char *club = srv_arg(rq, "club"), *body = srv_arg(rq, "body");
    const char *kind = srv_arg(rq, "kind");
    const char *ext = strrchr(name, '.');
    if (rq->scope.kind != BMP_TOKEN_CLUB)
        srv_error(rs, 403, "uploads need a club token (club:<body>:<number>)");
    else if (club && strcmp(club, rq->scope.club) != 0)
        srv_error(rs, 403, "this token uploads club %s's results, not club %s's",
                  rq->scope.club, club);
    else if (body && strcasecmp(body, rq->scope.body) != 0)
        srv_error(rs, 403, "this token uploads %s results, not %s", rq->scope.body, body);
    else if ((kind && strcmp(kind, "adjustment") == 0) || (ext && strcasecmp(ext, ".csv") == 0))
        srv_error(rs, 403, "adjustments are the body's: a club token uploads events, USEBIO "
                           "and ABF credit files");
    else
        return true;
    return false;
}

/* The ledger refused the upload because the file is another club's
 * (ledger_club_check): the token may not upload it (403, issue 26). */
bool srv_upload_club_refused(const bmp_error *e)
{
    return e->code == BMP_EINVAL && strstr(e->msg, "'s event, not club ") != NULL;
}

static bool parse_kind(const char *s, bmp_batch_source *out)
{
    static const char *const names[] = {"auto", "event", "usebio-mp", "abf-credit"};
    for (int i = 0; i < 4; i++)
        if (!s || strcmp(s, names[i]) == 0) {
            *out = s ? (bmp_batch_source)i : BMP_BATCH_AUTO;
            return true;
        }
    return false;
}

bool srv_upload_check(srv_req *rq, srv_resp *rs, const char **name, bmp_batch_source *src)
{
    if (srv_auth(rq, rs))
        return false;
    *name = srv_arg(rq, "filename");
    *src = BMP_BATCH_AUTO;
    const char *n = *name;
    if (!n || !name_ok(n))
        srv_error(rs, 400, "filename \"%s\": expected the results file's name with its "
                           "extension (.json, .xml, .grn ...), letters, digits, . _ - only",
                  n ? n : "");
    else if (!parse_kind(srv_arg(rq, "kind"), src) &&
             !(srv_arg(rq, "kind") && strcmp(srv_arg(rq, "kind"), "adjustment") == 0))
        srv_error(rs, 400, "kind \"%s\": expected auto, event, usebio-mp or abf-credit",
                  srv_arg(rq, "kind"));
    else if (!upload_allowed(rq, rs, n))
        ; /* 403 in rs */
    else if (rq->body_len == 0)
        srv_error(rs, 400, "empty upload: send the results file as the request body");
    else
        return true;
    return false;
}

bool srv_upload_import_opts(srv_req *rq, srv_resp *rs, bmp_batch_source src, srv_upload_opts *u,
                            bmp_ledger_import_opts *o)
{
    if (!srv_upload_opts_read(rq, rs, u))
        return false;
    *o = (bmp_ledger_import_opts){.size = sizeof *o, .body = rq->scope.body, .source = src,
                                  .club = rq->scope.club, .control = u->control,
                                  .ncontrol = u->ncontrol, .usebio = &u->uo,
                                  .club_view = true, /* issue 45: others' batches unnamed */
                                  .limits = &rq->s->o.limits};
    /* a corrected event (issue 26): replaces=ID&reason=R, as --replaces */
    const char *rep = srv_arg(rq, "replaces");
    char *end = NULL;
    long long rv = rep ? strtoll(rep, &end, 10) : 0;
    if (rep && (!*rep || *end || rv <= 0)) {
        srv_error(rs, 400, "replaces \"%s\": expected a batch number", rep);
        return false;
    }
    o->replaces = rv;
    o->reason = srv_arg(rq, "reason");
    /* issue 43: strict-numbers=true refuses a file for a player's number,
     * as --strict-numbers; else such lines are held (RI-7) */
    const char *sn = srv_arg(rq, "strict-numbers");
    if (sn && strcmp(sn, "true") != 0 && strcmp(sn, "false") != 0) {
        srv_error(rs, 400, "strict-numbers \"%s\": expected true or false", sn);
        return false;
    }
    o->strict_numbers = sn && strcmp(sn, "true") == 0;
    /* issue 42: event=N, the event of an ACBLscore game file, as --event
     * (a file of several events is refused without it, naming them) */
    const char *ev = srv_arg(rq, "event");
    long en = ev ? strtol(ev, &end, 10) : 0;
    if (ev && (!*ev || *end || en < 1 || en > 50)) {
        srv_error(rs, 400, "event \"%s\": expected an event number from 1 to 50 (the event of "
                           "an ACBLscore game file)", ev);
        return false;
    }
    o->event = (int)en;
    return true;
}
