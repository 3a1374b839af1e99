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

/* A value as shown() shows it, appended to b: a short one without a
 * format call (a close diffs a few fields of every re-ranked player). */
static void put_shown(core_buf *b, const char *v, size_t len)
{
    char out[96];
    if (!v || len > 60 || (len == 2 && memcmp(v, "\\N", 2) == 0)) {
        shown(v, len, out, sizeof out);
        core_buf_puts(b, out);
        return;
    }
    out[0] = '\'';
    memcpy(out + 1, v, len);
    out[len + 1] = '\'';
    for (size_t i = 1; i <= len; i++)
        out[i] = out[i] == '\n' || out[i] == '\r' || out[i] == '\t' ? ' ' : out[i];
    core_buf_append(b, out, len + 2);
}

/* One changed field into the diff: "name: 'A' -> 'B'" (was NULL: the
 * field was not in the old image). */
static void put_change(core_buf *b, const field *was, const field *now)
{
    if (was && was->vlen == now->vlen && memcmp(was->value, now->value, was->vlen) == 0)
        return;
    core_buf_puts(b, b->len ? "; " : "");
    core_buf_append(b, now->name, now->nlen);
    core_buf_puts(b, ": ");
    put_shown(b, was ? was->value : NULL, was ? was->vlen : 0);
    core_buf_puts(b, " -> ");
    put_shown(b, now->value, now->vlen);
}

/* The field at *p (as fields_of reads it: up to the next unescaped '|',
 * its name up to the first '='), *p moved past it; false at the end of the
 * image or at a field without '=' (fields_of ends the list there). */
static bool next_field(const char **p, field *f)
{
    const char *s = *p, *end = s;
    if (!*s)
        return false;
    for (;;) { /* as fields_of steps: a '\\' takes the byte after it along */
        end += strcspn(end, "|\\");
        if (*end != '\\')
            break;
        end += end[1] ? 2 : 1;
    }
    const char *eq = memchr(s, '=', (size_t)(end - s));
    if (!eq)
        return false;
    *f = (field){s, eq + 1, (size_t)(eq - s), (size_t)(end - eq - 1)};
    *p = *end ? end + 1 : end;
    return true;
}

/* The diff of two images whose fields have the same names in the same
 * order as far as the new one goes (two images of one row, the usual
 * case: issue 46's close diffs a player a re-rank), both walked once and
 * together with no field list.  False, with b untouched, when they do not
 * (then the general walk below, which gives these same bytes here: each
 * new field is found at its own place in the old image). */
static bool diff_in_step(const char *old, const char *new_, core_buf *b)
{
    for (const char *po = old, *pn = new_;;) {
        field fn, fo;
        if (!next_field(&pn, &fn))
            return true;
        /* the old image holding the same bytes here, the delimiter after
         * them too, is the same field: nothing to show, old not parsed
         * (most of a re-ranked player's fields; issue 46) */
        size_t len = (size_t)(fn.value + fn.vlen - fn.name), i = 0;
        while (i < len && po[i] == fn.name[i])
            i++;
        if (i == len && po[len] == fn.name[len]) {
            po += po[len] ? len + 1 : len;
            continue;
        }
        if (!next_field(&po, &fo) || fo.nlen != fn.nlen || memcmp(fo.name, fn.name, fn.nlen) != 0) {
            core_buf_reset(b);
            return false;
        }
        put_change(b, &fo, &fn);
    }
}

/* "name: 'A' -> 'B'; status: 'Active' -> 'Deceased'" between two images
 * of one row (column by column, in the new image's order). */
char *ledger_chain_diff(const char *old, const char *new_)
{
    core_buf b = {0};
    if (diff_in_step(old, new_, &b)) {
        core_buf_puts(&b, "");
        if (b.failed) {
            core_buf_free(&b);
            return NULL;
        }
        return core_buf_take(&b, NULL);
    }
    enum { FIELDS = 48 }; /* a register's row has fewer: no allocation */
    field ao[FIELDS], an[FIELDS], *ho = NULL, *hn = NULL;
    size_t no = 0, nn = 0;
    const field *fo = fields(old, ao, FIELDS, &no, &ho), *fn = fields(new_, an, FIELDS, &nn, &hn);
    for (size_t i = 0; fo && fn && i < nn; i++)
        put_change(&b, named(fo, no, &fn[i], i), &fn[i]);
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
