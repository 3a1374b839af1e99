/* What changed in a row between two of its images (chain.h): the fields
 * of both images split once ("col=value" between unescaped '|'), then
 * compared field by field in the new image's order, without a copy of any
 * value (an opening diffs one image a player: issue 28's bench). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "ledger/chain/chain.h"

/* One field of an image: its name and its value (still escaped). */
typedef struct field {
    const char *name, *value;
    size_t nlen, vlen;
} field;

/* The fields of an image, in order, into f[0..cap) (*n of them; false:
 * more than cap); a field without '=' ends the list (no image the chain
 * writes has one). */
static bool fields_of(const char *image, field *f, size_t cap, size_t *n)
{
    *n = 0;
    for (const char *p = image; *p;) {
        const char *end = p;
        while (*end && *end != '|')
            end += end[0] == '\\' && end[1] ? 2 : 1;
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (!eq)
            break;
        if (*n == cap)
            return false;
        f[(*n)++] = (field){p, eq + 1, (size_t)(eq - p), (size_t)(end - eq - 1)};
        p = *end ? end + 1 : end;
    }
    return true;
}

/* The fields of an image into a[0..cap) or, when more, a new array (*heap). */
static field *fields(const char *image, field *a, size_t cap, size_t *n, field **heap)
{
    *heap = NULL;
    if (fields_of(image, a, cap, n))
        return a;
    size_t all = 1;
    for (const char *p = image; *p; p++)
        all += *p == '|';
    *heap = malloc(all * sizeof **heap);
    return *heap && fields_of(image, *heap, all, n) ? *heap : NULL;
}

/* The field of `f` named like `name` (NULL: none; a row's columns have
 * distinct names); f[at] is tried first (two images of a row have their
 * columns in one order). */
static const field *named(const field *f, size_t n, const field *name, size_t at)
{
    if (at < n && f[at].nlen == name->nlen && memcmp(f[at].name, name->name, name->nlen) == 0)
        return &f[at];
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
    enum { FIELDS = 48 }; /* a register's row has fewer: no allocation */
    field ao[FIELDS], an[FIELDS], *ho = NULL, *hn = NULL;
    size_t no = 0, nn = 0;
    const field *fo = fields(old, ao, FIELDS, &no, &ho), *fn = fields(new_, an, FIELDS, &nn, &hn);
    core_buf b = {0};
    for (size_t i = 0; fo && fn && i < nn; i++) {
        const field *was = named(fo, no, &fn[i], i);
        if (was && was->vlen == fn[i].vlen && memcmp(was->value, fn[i].value, was->vlen) == 0)
            continue;
        char a[96], z[96];
        shown(was ? was->value : NULL, was ? was->vlen : 0, a, sizeof a);
        shown(fn[i].value, fn[i].vlen, z, sizeof z);
        core_buf_puts(&b, b.len ? "; " : "");
        core_buf_append(&b, fn[i].name, fn[i].nlen);
        core_buf_puts(&b, ": ");
        core_buf_puts(&b, a);
        core_buf_puts(&b, " -> ");
        core_buf_puts(&b, z);
    }
    core_buf_puts(&b, "");
    bool failed = b.failed || !fo || !fn;
    free(ho);
    free(hn);
    if (failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}
