/* multipart/form-data read with libmicrohttpd's post processor (form.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/form.h"

bool srv_form_multipart(srv_req *rq)
{
    const char *ct = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_CONTENT_TYPE);
    return ct && strncasecmp(ct, "multipart/form-data", 19) == 0;
}

/* Each piece of a field: a new field starts at offset 0. */
static enum MHD_Result piece(void *cls, enum MHD_ValueKind kind, const char *key,
                             const char *filename, const char *content_type,
                             const char *transfer_encoding, const char *data, uint64_t off,
                             size_t size)
{
    (void)kind;
    (void)content_type;
    (void)transfer_encoding;
    srv_form *f = cls;
    srv_field *last = f->n ? &f->f[f->n - 1] : NULL;
    bool same = last && strcmp(last->name, key ? key : "") == 0 &&
                (off > 0 || last->data.len == 0);
    if (!same) {
        if (f->n == SRV_FORM_MAX_FIELDS || !key || strlen(key) >= sizeof last->name ||
            (filename && strlen(filename) >= sizeof last->filename)) {
            f->bad = true;
            return MHD_NO;
        }
        last = &f->f[f->n++];
        snprintf(last->name, sizeof last->name, "%s", key);
        snprintf(last->filename, sizeof last->filename, "%s", filename ? filename : "");
        core_buf_init(&last->data);
    }
    if (size && core_buf_append(&last->data, data, size) != 0) {
        f->bad = true;
        return MHD_NO;
    }
    return MHD_YES;
}

static srv_form *parse(srv_req *rq)
{
    srv_form *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    struct MHD_PostProcessor *pp = MHD_create_post_processor(rq->conn, 16 * 1024, piece, f);
    if (!pp || MHD_post_process(pp, rq->body, rq->body_len) != MHD_YES)
        f->bad = true;
    if (pp && MHD_destroy_post_processor(pp) != MHD_YES)
        f->bad = true;
    return f;
}

const char *srv_form_get(srv_req *rq, const char *name, size_t *len, const char **filename)
{
    if (!rq->form && !(rq->form = parse(rq)))
        return NULL;
    srv_form *f = rq->form;
    for (size_t i = 0; !f->bad && i < f->n; i++) {
        if (strcmp(f->f[i].name, name) != 0)
            continue;
        if (filename)
            *filename = f->f[i].filename;
        *len = f->f[i].data.len; /* core_buf keeps a NUL after the bytes */
        return f->f[i].data.data ? f->f[i].data.data : "";
    }
    return NULL;
}

void srv_form_free(srv_req *rq)
{
    if (!rq->form)
        return;
    for (size_t i = 0; i < rq->form->n; i++)
        core_buf_free(&rq->form->f[i].data);
    free(rq->form);
    rq->form = NULL;
}
