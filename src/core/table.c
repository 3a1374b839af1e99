/* Regulation tables computed by the engine, printed as text, CSV or JSON. */
#include "bridgemp/table.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/table_rows.h"
#include "core/text_safe.h"
#include "core/util.h"

void bmp_table_init(bmp_table *t)
{
    memset(t, 0, sizeof *t);
}

void bmp_table_free(bmp_table *t)
{
    if (!t)
        return;
    free(t->title);
    for (size_t i = 0; i < t->ncols; i++)
        free(t->columns[i]);
    free(t->columns);
    for (size_t i = 0; i < t->nrows * t->ncols + t->cur; i++)
        free(t->cells[i]);
    free(t->cells);
    for (size_t i = 0; i < t->nnotes; i++)
        free(t->notes[i]);
    free(t->notes);
    memset(t, 0, sizeof *t);
}

bmp_status bmp_table_title(bmp_table *t, const char *title)
{
    free(t->title);
    t->title = core_strdup(title);
    return t->title ? BMP_OK : BMP_ENOMEM;
}

bmp_status bmp_table_columns(bmp_table *t, const char *const *names)
{
    size_t n = 0;
    while (names[n])
        n++;
    t->columns = calloc(n, sizeof *t->columns);
    if (!t->columns)
        return BMP_ENOMEM;
    t->ncols = n;
    for (size_t i = 0; i < n; i++)
        if (!(t->columns[i] = core_strdup(names[i])))
            return BMP_ENOMEM;
    return BMP_OK;
}

bmp_status bmp_table_cell(bmp_table *t, const char *fmt, ...)
{
    if (t->ncols == 0)
        return BMP_EINVAL;
    size_t used = t->nrows * t->ncols + t->cur;
    char **n = core_grow(t->cells, &t->cap, used, sizeof *n);
    if (!n)
        return BMP_ENOMEM;
    t->cells = n;
    va_list ap;
    va_start(ap, fmt);
    char *s;
    if (strcmp(fmt, "%s") == 0) { /* the ledger's reads, cell by cell: a copy, not two printfs */
        const char *v = va_arg(ap, const char *);
        s = core_strdup(v ? v : "(null)"); /* as glibc's printf writes NULL */
    } else {
        s = core_vasprintf(fmt, ap);
    }
    va_end(ap);
    if (!s)
        return BMP_ENOMEM;
    t->cells[used] = s;
    if (++t->cur == t->ncols) {
        t->cur = 0;
        t->nrows++;
    }
    return BMP_OK;
}

bmp_status bmp_table_note(bmp_table *t, const char *fmt, ...)
{
    char **n = realloc(t->notes, (t->nnotes + 1) * sizeof *n);
    if (!n)
        return BMP_ENOMEM;
    t->notes = n;
    va_list ap;
    va_start(ap, fmt);
    char *s = core_vasprintf(fmt, ap);
    va_end(ap);
    if (!s)
        return BMP_ENOMEM;
    t->notes[t->nnotes++] = s;
    return BMP_OK;
}

const char *bmp_table_get(const bmp_table *t, size_t row, size_t col)
{
    if (row >= t->nrows || col >= t->ncols)
        return NULL;
    return t->cells[row * t->ncols + col];
}

size_t bmp_table_find_row(const bmp_table *t, const char *key)
{
    for (size_t r = 0; r < t->nrows; r++)
        if (strcmp(t->cells[r * t->ncols], key) == 0)
            return r;
    return (size_t)-1;
}


static bmp_status write_text(const bmp_table *t, FILE *out, bmp_error *err);
static bmp_status write_plain(const bmp_table *t, FILE *out, bmp_error *err);

bmp_status bmp_table_write(const bmp_table *t, bmp_output_format fmt, FILE *out, bmp_error *err)
{
    if (fmt == BMP_OUT_CSV) {
        for (size_t c = 0; c < t->ncols; c++) {
            if (c)
                fputc(',', out);
            core_csv_put(out, t->columns[c], true, 0);
        }
        fputc('\n', out);
        for (size_t r = 0; r < t->nrows; r++) {
            for (size_t c = 0; c < t->ncols; c++) {
                if (c)
                    fputc(',', out);
                core_csv_put(out, t->cells[r * t->ncols + c], true, 0);
            }
            fputc('\n', out);
        }
    } else if (fmt == BMP_OUT_JSON) {
        json_t *root = json_object(), *cols = json_array(), *rows = json_array(),
               *notes = json_array();
        if (t->title)
            json_object_set_new(root, "title", json_string(t->title));
        for (size_t c = 0; c < t->ncols; c++)
            json_array_append_new(cols, json_string(t->columns[c]));
        for (size_t r = 0; r < t->nrows; r++) {
            json_t *row = json_array();
            for (size_t c = 0; c < t->ncols; c++)
                json_array_append_new(row, json_string(t->cells[r * t->ncols + c]));
            json_array_append_new(rows, row);
        }
        for (size_t i = 0; i < t->nnotes; i++)
            json_array_append_new(notes, json_string(t->notes[i]));
        json_object_set_new(root, "columns", cols);
        json_object_set_new(root, "rows", rows);
        json_object_set_new(root, "notes", notes);
        int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', out);
        json_decref(root);
        if (rc != 0)
            return bmp_error_set(err, BMP_EIO, "could not write JSON table");
    } else {
        return write_text(t, out, err);
    }
    return ferror(out) ? bmp_error_set(err, BMP_EIO, "write error") : BMP_OK;
}

/* s escaped, or s itself when escaping leaves it as it is (printable
 * ASCII: most cells), so the table is not copied to be printed. */
static char *escaped(const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p >= 0x20 && *p < 0x7F)
        p++;
    return s && !*p ? (char *)s : core_text_escape(s);
}

/* Text: every cell with its control characters escaped (a player's name
 * must not move the cursor or recolour the terminal). */
static bmp_status write_text(const bmp_table *t, FILE *out, bmp_error *err)
{
    size_t ncells = t->nrows * t->ncols, n = ncells + t->ncols + t->nnotes + 1;
    char **cells = calloc(n + 1, sizeof *cells);
    const char **orig = calloc(n + 1, sizeof *orig);
    if (!cells || !orig) {
        free(cells);
        free(orig);
        return bmp_error_oom(err);
    }
    char **heads = cells + ncells, **notes = heads + t->ncols, **title = notes + t->nnotes;
    for (size_t i = 0; i < ncells; i++)
        orig[i] = t->cells[i];
    for (size_t i = 0; i < t->ncols; i++)
        orig[ncells + i] = t->columns[i];
    for (size_t i = 0; i < t->nnotes; i++)
        orig[ncells + t->ncols + i] = t->notes[i];
    orig[n - 1] = t->title;
    bool ok = true;
    for (size_t i = 0; i < n - 1 && ok; i++)
        ok = (cells[i] = escaped(orig[i])) != NULL;
    if (ok && t->title)
        ok = (*title = escaped(t->title)) != NULL;
    bmp_table e = *t;
    e.cells = cells;
    e.columns = heads;
    e.notes = notes;
    e.title = t->title ? *title : NULL;
    bmp_status st =
        ok ? write_plain(&e, out, err) : bmp_error_oom(err);
    for (size_t i = 0; i < n; i++)
        if (cells[i] != orig[i])
            free(cells[i]);
    free(cells);
    free(orig);
    return st;
}

/* sep, then s right-aligned in w columns (printf's "%s%*s"). */
static void put_cell(FILE *out, const char *sep, size_t w, const char *s)
{
    static const char spaces[] = "                                ";
    size_t l = strlen(s);
    fputs(sep, out);
    for (size_t pad = l < w ? w - l : 0; pad;) {
        size_t k = pad < sizeof spaces - 1 ? pad : sizeof spaces - 1;
        fwrite(spaces, 1, k, out);
        pad -= k;
    }
    fwrite(s, 1, l, out);
}

static bmp_status write_plain(const bmp_table *t, FILE *out, bmp_error *err)
{
    {
        size_t *w = calloc(t->ncols ? t->ncols : 1, sizeof *w);
        if (!w)
            return bmp_error_oom(err);
        for (size_t c = 0; c < t->ncols; c++) {
            w[c] = strlen(t->columns[c]);
            for (size_t r = 0; r < t->nrows; r++) {
                size_t l = strlen(t->cells[r * t->ncols + c]);
                if (l > w[c])
                    w[c] = l;
            }
        }
        if (t->title)
            fprintf(out, "%s\n\n", t->title);
        for (size_t c = 0; c < t->ncols; c++)
            put_cell(out, c ? "  " : "", w[c], t->columns[c]);
        fputc('\n', out);
        for (size_t c = 0; c < t->ncols; c++) {
            fputs(c ? "  " : "", out);
            for (size_t i = 0; i < w[c]; i++)
                fputc('-', out);
        }
        fputc('\n', out);
        for (size_t r = 0; r < t->nrows; r++) {
            for (size_t c = 0; c < t->ncols; c++)
                put_cell(out, c ? "  " : "", w[c], t->cells[r * t->ncols + c]);
            fputc('\n', out);
        }
        for (size_t i = 0; i < t->nnotes; i++)
            fprintf(out, "%s%s\n", i ? "" : "\n", t->notes[i]);
        free(w);
    }
    return ferror(out) ? bmp_error_set(err, BMP_EIO, "write error") : BMP_OK;
}

char *bmp_text_escape(const char *s)
{
    return core_text_escape(s);
}

/* ---- Tables written as their rows are made (core/table_rows.h) ------------ */

enum { ROW_MAX_COLS = CORE_TABLE_MAX_COLS };

static size_t rows_ncols(const core_table_rows *t)
{
    size_t n = 0;
    while (t->columns[n])
        n++;
    return n;
}

/* Row r's cells, NULL ones as "(null)"; *skip as the row function says. */
static bmp_status row_cells(const core_table_rows *t, size_t ncols, size_t r, const char **cells,
                            bool *skip, bmp_error *err)
{
    *skip = false;
    bmp_status st = t->row(t->ctx, r, cells, skip, err);
    for (size_t c = 0; !st && !*skip && c < ncols; c++)
        if (!cells[c])
            cells[c] = "(null)";
    return st;
}

bmp_status core_table_rows_measure(const core_table_rows *t, size_t *widths, size_t *shown,
                                   bmp_error *err)
{
    size_t ncols = rows_ncols(t);
    if (ncols > ROW_MAX_COLS)
        return bmp_error_set(err, BMP_EINVAL, "table: %zu columns", ncols);
    for (size_t c = 0; c < ncols; c++)
        widths[c] = strlen(t->columns[c]); /* headings are printable ASCII */
    *shown = 0;
    const char *cells[ROW_MAX_COLS];
    for (size_t r = 0; r < t->nrows; r++) {
        bool skip;
        bmp_status st = row_cells(t, ncols, r, cells, &skip, err);
        if (st)
            return st;
        for (size_t c = 0; !skip && c < ncols; c++) {
            char *e = escaped(cells[c]);
            if (!e)
                return bmp_error_oom(err);
            size_t l = strlen(e);
            if (e != cells[c])
                free(e);
            if (l > widths[c])
                widths[c] = l;
        }
        *shown += !skip;
    }
    return BMP_OK;
}

/* A text row's bytes gathered for one fwrite (issue 46, award46w: a
 * separator, the padding and the cell were two or three stdio calls a cell,
 * 2.9 M calls for a flagged 40,000-contestant event's table). */
typedef struct row_buf {
    char b[4096];
    size_t n;
    FILE *out;
} row_buf;

static void rb_put(row_buf *r, const char *s, size_t l)
{
    if (l > sizeof r->b - r->n) {
        fwrite(r->b, 1, r->n, r->out);
        r->n = 0;
        if (l > sizeof r->b) {
            fwrite(s, 1, l, r->out);
            return;
        }
    }
    memcpy(r->b + r->n, s, l);
    r->n += l;
}

/* put_cell's bytes into r. */
static void rb_cell(row_buf *r, const char *sep, size_t w, const char *s)
{
    static const char spaces[] = "                                ";
    size_t l = strlen(s);
    rb_put(r, sep, strlen(sep));
    for (size_t pad = l < w ? w - l : 0; pad;) {
        size_t k = pad < sizeof spaces - 1 ? pad : sizeof spaces - 1;
        rb_put(r, spaces, k);
        pad -= k;
    }
    rb_put(r, s, l);
}

/* One row: text (sep and padding, escaped) or CSV (guarded). */
static bmp_status put_row(const char *const *cells, size_t ncols, const size_t *widths, FILE *out,
                          bmp_error *err)
{
    if (!widths) {
        for (size_t c = 0; c < ncols; c++) {
            if (c)
                fputc(',', out);
            core_csv_put(out, cells[c], true, 0);
        }
        fputc('\n', out);
        return BMP_OK;
    }
    row_buf r;
    r.n = 0;
    r.out = out;
    for (size_t c = 0; c < ncols; c++) {
        char *e = escaped(cells[c]);
        if (!e) {
            fwrite(r.b, 1, r.n, out); /* what was written before the failure, as before */
            return bmp_error_oom(err);
        }
        rb_cell(&r, c ? "  " : "", widths[c], e);
        if (e != cells[c])
            free(e);
    }
    rb_put(&r, "\n", 1);
    fwrite(r.b, 1, r.n, out);
    return BMP_OK;
}

bmp_status core_table_rows_write(const core_table_rows *t, const size_t *widths, bool csv,
                                 FILE *out, bmp_error *err)
{
    size_t ncols = rows_ncols(t);
    if (ncols > ROW_MAX_COLS || (!csv && !widths))
        return bmp_error_set(err, BMP_EINVAL, "table: %zu columns", ncols);
    if (csv)
        widths = NULL;
    bmp_status st = BMP_OK;
    if (widths && t->title) {
        char *e = escaped(t->title);
        if (!e)
            return bmp_error_oom(err);
        fprintf(out, "%s\n\n", e);
        if (e != t->title)
            free(e);
    }
    st = put_row(t->columns, ncols, widths, out, err);
    for (size_t c = 0; widths && c < ncols; c++) {
        fputs(c ? "  " : "", out);
        for (size_t i = 0; i < widths[c]; i++)
            fputc('-', out);
    }
    if (widths)
        fputc('\n', out);
    const char *cells[ROW_MAX_COLS];
    for (size_t r = 0; !st && r < t->nrows; r++) {
        bool skip;
        st = row_cells(t, ncols, r, cells, &skip, err);
        if (!st && !skip)
            st = put_row(cells, ncols, widths, out, err);
    }
    if (!st && ferror(out))
        st = bmp_error_set(err, BMP_EIO, "write error");
    return st;
}
