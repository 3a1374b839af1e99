/* Responses: JSON bodies, errors from ledger calls, security headers, ETags
 * (docs/serve.md). */
#include <sodium.h> /* sodium_bin2hex: the ETag's digits */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "server/http_internal.h"

static int dump_cb(const char *s, size_t n, void *data)
{
    return core_buf_append(data, s, n);
}

void srv_json(srv_resp *rs, int status, json_t *j)
{
    core_buf_reset(&rs->body);
    rs->status = status;
    rs->ctype = "application/json";
    if (!j || json_dump_callback(j, dump_cb, &rs->body, JSON_COMPACT | JSON_ENSURE_ASCII) != 0 ||
        core_buf_append(&rs->body, "\n", 1) != 0) {
        rs->status = 500;
        core_buf_reset(&rs->body);
        core_buf_append(&rs->body, "{\"error\":\"out of memory\"}\n", 26);
    }
    json_decref(j);
}

/* Length of the valid UTF-8 sequence at s, 0 if there is none. */
static size_t utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 && s[0] >= 0xC2 ? 2
             : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return n;
}

/* Bytes of a message that are not UTF-8 (a request path echoed back may
 * hold any byte) become '?': JSON strings are UTF-8 only. */
void srv_utf8_clean(char *s)
{
    while (*s) {
        size_t n = utf8_len((const unsigned char *)s);
        if (n)
            s += n;
        else
            *s++ = '?';
    }
}

json_t *srv_jstr(const char *s)
{
    json_t *j = json_string(s ? s : "");
    if (j || !s)
        return j;
    char *copy = strdup(s);
    if (copy) {
        srv_utf8_clean(copy);
        j = json_string(copy);
    }
    free(copy);
    return j;
}

void srv_error(srv_resp *rs, int status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    srv_utf8_clean(msg);
    srv_json(rs, status, json_pack("{s:s}", "error", msg));
}

/* "f: already imported: batch 7 (provisional) ..." -> 7, else 0 (W-6). */
static long long duplicate_of(const char *msg)
{
    const char *d = strstr(msg, "already imported: batch ");
    return d ? strtoll(d + strlen("already imported: batch "), NULL, 10) : 0;
}

void srv_ledger_error(srv_resp *rs, bmp_status st, const bmp_error *e, const bmp_problems *p)
{
    const char *msg = e->msg[0] ? e->msg : bmp_status_name(st);
    long long dup = duplicate_of(msg);
    /* issue 45: another club's batch of the same content, not named */
    bool elsewhere = strstr(msg, ": already submitted by another club (") != NULL;
    int status = dup || elsewhere       ? 409
                 : st == BMP_ENOTFOUND ? 404
                 : st == BMP_ENOTSUP   ? 422
                 : st == BMP_EINVAL || st == BMP_EPARSE || st == BMP_ERANGE ? 400
                                                                          : 500;
    json_t *errs = json_array();
    if (p && p->count > 1)
        for (size_t i = 0; i < p->count; i++)
            json_array_append_new(errs, srv_jstr(p->msgs[i]));
    else
        json_array_append_new(errs, srv_jstr(msg));
    json_t *j = json_pack("{s:o,s:o}", "error", srv_jstr(msg), "errors", errs);
    if (j && dup)
        json_object_set_new(j, "batch", json_integer(dup));
    srv_json(rs, status, j);
}

json_t *srv_table_json(const bmp_table *t)
{
    json_t *rows = json_array();
    for (size_t r = 0; rows && r < t->nrows; r++) {
        json_t *o = json_object();
        for (size_t c = 0; o && c < t->ncols; c++)
            json_object_set_new(o, t->columns[c], srv_jstr(bmp_table_get(t, r, c)));
        json_array_append_new(rows, o);
    }
    return rows;
}

/* A strong ETag: XXH3-128 of the body, 32 hex digits in XXH128's canonical
 * (big-endian) order.  It only has to change when the body of one URL
 * does: no secret rests on it, so a non-cryptographic hash serves, at a
 * fraction of BLAKE2b's cost (ruling W-7, docs/serve.md "ETags"). */
static void etag_of(const core_buf *b, char out[36])
{
    XXH128_canonical_t h;
    XXH128_canonicalFromHash(&h, XXH3_128bits(b->len ? b->data : "", b->len));
    out[0] = '"';
    sodium_bin2hex(out + 1, 33, h.digest, sizeof h.digest); /* 32 digits and a NUL */
    out[33] = '"';
    out[34] = '\0';
}

static bool etag_matches(const char *inm, const char *tag)
{
    if (!inm)
        return false;
    if (strcmp(inm, "*") == 0)
        return true;
    return strstr(inm, tag) != NULL; /* one of a list of tags */
}

static void security_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; script-src 'self'; style-src 'self'; "
                            "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
                            "form-action 'self'");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
}

/* What a logged-in answer adds: never stored, its cookies, a redirect, a
 * 429's wait (issue 29). */
static void session_headers(struct MHD_Response *r, const srv_resp *rs)
{
    MHD_add_response_header(r, "Cache-Control", rs->private_ ? "no-store" : "no-cache");
    if (rs->private_)
        MHD_add_response_header(r, "Vary", "Cookie");
    for (int i = 0; i < 2; i++)
        if (rs->cookie[i][0])
            MHD_add_response_header(r, "Set-Cookie", rs->cookie[i]);
    if (rs->location[0])
        MHD_add_response_header(r, "Location", rs->location);
    if (rs->retry_after) {
        char v[24];
        snprintf(v, sizeof v, "%u", rs->retry_after);
        MHD_add_response_header(r, "Retry-After", v);
    }
}

bool srv_resp_public(const srv_resp *rs)
{
    return rs->cacheable && rs->status == 200 && !rs->private_ && !rs->cookie[0][0] &&
           !rs->cookie[1][0];
}

void srv_resp_etag(srv_resp *rs)
{
    if (srv_resp_public(rs) && !rs->etag[0])
        etag_of(&rs->body, rs->etag);
}

/* The body handed to libmicrohttpd, which frees it (no copy). */
static struct MHD_Response *response_of(srv_resp *rs)
{
    if (!rs->body.len || !rs->body.data)
        return MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    size_t len = 0;
    char *data = core_buf_take(&rs->body, &len);
    struct MHD_Response *r = MHD_create_response_from_buffer(len, data, MHD_RESPMEM_MUST_FREE);
    if (!r)
        free(data);
    return r;
}

struct MHD_Response *srv_mhd_response(srv_resp *rs, struct MHD_Connection *c)
{
    srv_resp_etag(rs);
    if (rs->etag[0]) {
        const char *inm = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "If-None-Match");
        if (etag_matches(inm, rs->etag)) {
            rs->status = 304;
            rs->body.len = 0;
        }
    }
    struct MHD_Response *r = response_of(rs);
    core_buf_free(&rs->body);
    if (!r)
        return NULL;
    security_headers(r);
    session_headers(r, rs);
    if (rs->status != 304 && rs->ctype)
        MHD_add_response_header(r, "Content-Type", rs->ctype);
    if (rs->etag[0])
        MHD_add_response_header(r, "ETag", rs->etag);
    if (rs->xcache)
        MHD_add_response_header(r, "X-Cache", rs->xcache);
    if (rs->allow[0])
        MHD_add_response_header(r, "Allow", rs->allow);
    if (rs->challenge)
        MHD_add_response_header(r, "WWW-Authenticate", "Bearer realm=\"bridgemp\"");
    if (rs->close)
        MHD_add_response_header(r, "Connection", "close");
    return r;
}

/* The cached body's owner, told by libmicrohttpd when the last response
 * using it is done (NULL: a response that failed, the cache keeps it). */
static void cached_free(void *holder)
{
    void **mem = holder;
    if (*mem)
        srv_cache_mem_free(*mem);
    free(mem);
}

static bool all_headers(struct MHD_Response *r, const srv_cached *h)
{
    srv_resp rs = {.status = h->status, .ctype = h->ctype, .cacheable = true};
    security_headers(r);
    session_headers(r, &rs);
    return MHD_add_response_header(r, "Content-Type", h->ctype) == MHD_YES &&
           MHD_add_response_header(r, "ETag", h->etag) == MHD_YES &&
           MHD_add_response_header(r, "X-Cache", "hit") == MHD_YES &&
           MHD_get_response_header(r, "X-Frame-Options") &&
           MHD_get_response_header(r, "Cache-Control");
}

struct MHD_Response *srv_mhd_cached(const srv_cached *h, const char *body, size_t len,
                                    void *mem)
{
    void **holder = malloc(sizeof *holder);
    if (!holder)
        return NULL;
    *holder = mem;
    struct MHD_Response *r =
        MHD_create_response_from_buffer_with_free_callback_cls(len, (void *)body, cached_free,
                                                               holder);
    if (!r) {
        free(holder);
        return NULL;
    }
    if (!all_headers(r, h)) { /* out of memory: mem stays the cache's */
        *holder = NULL;
        MHD_destroy_response(r);
        return NULL;
    }
    return r;
}

const char *srv_arg(srv_req *rq, const char *name)
{
    return MHD_lookup_connection_value(rq->conn, MHD_GET_ARGUMENT_KIND, name);
}

static bool parse_size(const char *s, size_t lo, size_t hi, size_t *out)
{
    char *end = NULL;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || v < (long long)lo || v > (long long)hi)
        return false;
    *out = (size_t)v;
    return true;
}

bool srv_paging(srv_req *rq, srv_resp *rs, size_t *page, size_t *per_page)
{
    const char *p = srv_arg(rq, "page"), *n = srv_arg(rq, "per_page");
    *page = 1;
    *per_page = 50;
    if (p && !parse_size(p, 1, 1000000000, page)) {
        srv_error(rs, 400, "page \"%s\": expected a whole number from 1", p);
        return false;
    }
    if (n && !parse_size(n, 1, 500, per_page)) {
        srv_error(rs, 400, "per_page \"%s\": expected a whole number from 1 to 500", n);
        return false;
    }
    return true;
}

/* A page of a listing: {items, page, per_page, total} (takes items). */
json_t *srv_page_json(json_t *items, size_t page, size_t per_page, size_t total)
{
    return json_pack("{s:o,s:I,s:I,s:I}", "items", items, "page", (json_int_t)page, "per_page",
                     (json_int_t)per_page, "total", (json_int_t)total);
}
