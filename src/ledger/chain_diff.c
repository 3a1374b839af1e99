/* What changed in a row between two of its images (chain.h): the fields
 * of both images split once ("col=value" between unescaped '|'), then
 * compared field by field in the new image's order, without a copy of any
 * value (an opening diffs one image a player: issue 28's bench). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "ledger/chain.h"

/* One field of an image: its name and its value (still escaped). */
typedef struct field {
    const char *name, *value;
    size_t nlen, vlen;
} field;

/* The fields of an image, in order; a field without '=' ends the list (no
 * image the chain writes has one).  NULL: no memory. */
static field *fields_of(const char *image, size_t *n)
{
    size_t cap = 1;
    for (const char *p = image; *p; p++)
        cap += *p == '|';
    field *f = malloc(cap * sizeof *f);
    *n = 0;
    for (const char *p = image; f && *p && *n < cap;) {
        const char *end = p;
        while (*end && *end != '|')
            end += end[0] == '\\' && end[1] ? 2 : 1;
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (!eq)
            break;
        f[(*n)++] = (field){p, eq + 1, (size_t)(eq - p), (size_t)(end - eq - 1)};
        p = *end ? end + 1 : end;
    }
    return f;
}

/* The first field of `f` named like `name` (NULL: none). */
static const field *named(const field *f, size_t n, const field *name)
{
    for (size_t i = 0; i < n; i++)
        if (f[i].nlen == name->nlen && memcmp(f[i].name, name->name, name->nlen) == 0)
            return &f[i];
    return NULL;
}

/* A value as a diff shows it: quoted, NULL bare, a long one cut, on one
 * line (v NULL: the field was not in the image). */
static void shown(const char *v, size_t len, char *out, size_t size)
{
    if (!v)
        snprintf(out, size, "(none)");
    else if (len == 2 && memcmp(v, "\\N", 2) == 0)
        snprintf(out, size, "NULL");
    else if (len > 60)
        snprintf(out, size, "'%.48s...' (%zu bytes)", v, len);
    else
        snprintf(out, size, "'%.*s'", (int)len, v);
    for (char *p = out; *p; p++)
        *p = *p == '\n' || *p == '\r' || *p == '\t' ? ' ' : *p;
}

/* "name: 'A' -> 'B'; status: 'Active' -> 'Deceased'" between two images
 * of one row (column by column, in the new image's order). */
char *ledger_chain_diff(const char *old, const char *new_)
{
    size_t no = 0, nn = 0;
    field *fo = fields_of(old, &no), *fn = fields_of(new_, &nn);
    core_buf b = {0};
    for (size_t i = 0; fo && fn && i < nn; i++) {
        const field *was = named(fo, no, &fn[i]);
        if (was && was->vlen == fn[i].vlen && memcmp(was->value, fn[i].value, was->vlen) == 0)
            continue;
        char a[96], z[96];
        shown(was ? was->value : NULL, was ? was->vlen : 0, a, sizeof a);
        shown(fn[i].value, fn[i].vlen, z, sizeof z);
        core_buf_puts(&b, b.len ? "; " : "");
        core_buf_append(&b, fn[i].name, fn[i].nlen);
        core_buf_printf(&b, ": %s -> %s", a, z);
    }
    core_buf_puts(&b, "");
    bool failed = b.failed || !fo || !fn;
    free(fo);
    free(fn);
    if (failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}
