/* RFC 4180 CSV reading for the ledger (csv.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/shared/csv.h"

/* The fields array grows by doubling: grown by one, a line of 4,000
 * commas cost 4,000 reallocs copying up to 32 KB each (fuzz_registers
 * spent a fifth of its time there). */
static int row_push(lcsv_row *r, core_buf *field)
{
    char **f = core_grow(r->f, &r->cap, r->n, sizeof *f);
    if (!f)
        return -1;
    r->f = f;
    char *s = core_buf_take(field, NULL);
    r->f[r->n++] = s ? s : strdup("");
    return r->f[r->n - 1] ? 0 : -1;
}

static int rows_push(lcsv *c, lcsv_row *r)
{
    lcsv_row *rows = core_grow(c->rows, &c->cap, c->nrows, sizeof *rows);
    if (!rows)
        return -1;
    c->rows = rows;
    c->rows[c->nrows++] = *r;
    memset(r, 0, sizeof *r);
    return 0;
}

static bool blank_row(const lcsv_row *r)
{
    return r->n == 1 && r->f[0][0] == '\0';
}

bmp_status lcsv_parse(const char *data, size_t len, const char *source, lcsv *out,
                      bmp_error *err)
{
    memset(out, 0, sizeof *out);
    lcsv_row row = {0};
    core_buf field = {0};
    size_t line = 1, i = 0;
    bool quoted = false, any = false, closed = false;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        i = 3; /* UTF-8 byte order mark */
    row.line = 1;
    size_t qline = 0;
    for (; i <= len; i++) {
        char c = i < len ? data[i] : '\n';
        bool at_end = i == len;
        if (quoted) {
            if (at_end) {
                core_buf_free(&field);
                for (size_t k = 0; k < row.n; k++)
                    free(row.f[k]);
                free(row.f);
                lcsv_free(out);
                return bmp_error_set(err, BMP_EPARSE, "%s:%zu: unterminated quoted field", source,
                                     qline);
            }
            if (c == '"' && i + 1 < len && data[i + 1] == '"') {
                if (core_buf_putc(&field, '"'))
                    goto oom;
                i++;
            } else if (c == '"') {
                quoted = false;
                closed = true;
            } else {
                if (c == '\n')
                    line++;
                if (core_buf_putc(&field, c))
                    goto oom;
            }
            continue;
        }
        if (closed && c != ',' && c != '\n' && c != '\r' && !out->stray)
            out->stray = line; /* "a"b: text after the closing quote */
        if (c == '"' && field.len == 0 && !closed) {
            quoted = true;
            qline = line;
            any = true;
        } else if (c == ',') {
            if (row_push(&row, &field))
                goto oom;
            any = true;
            closed = false;
        } else if (c == '\r' && i + 1 < len && data[i + 1] == '\n') {
            continue;
        } else if (c == '\n') {
            if (at_end && !any && field.len == 0 && row.n == 0)
                break;
            if (row_push(&row, &field))
                goto oom;
            if (blank_row(&row)) {
                free(row.f[0]);
                free(row.f);
                memset(&row, 0, sizeof row);
            } else if (rows_push(out, &row)) {
                goto oom;
            }
            line++;
            row.line = line;
            any = false;
            closed = false;
        } else {
            /* a run of plain characters appended at once (a quote inside
             * an unquoted field is a character, as above) */
            size_t j = i + 1;
            while (j < len && data[j] != ',' && data[j] != '\n' && data[j] != '\r')
                j++;
            if (!out->stray && memchr(data + i, '"', j - i))
                out->stray = line;
            if (core_buf_append(&field, data + i, j - i))
                goto oom;
            i = j - 1;
            any = true;
        }
    }
    core_buf_free(&field);
    for (size_t k = 0; k < row.n; k++)
        free(row.f[k]);
    free(row.f);
    return BMP_OK;
oom:
    core_buf_free(&field);
    for (size_t k = 0; k < row.n; k++)
        free(row.f[k]);
    free(row.f);
    lcsv_free(out);
    return bmp_error_set(err, BMP_ENOMEM, "%s: out of memory", source);
}

void lcsv_free(lcsv *c)
{
    for (size_t r = 0; r < c->nrows; r++) {
        for (size_t k = 0; k < c->rows[r].n; k++)
            free(c->rows[r].f[k]);
        free(c->rows[r].f);
    }
    free(c->rows);
    memset(c, 0, sizeof *c);
}

int lcsv_col(const lcsv *c, const char *name)
{
    if (c->nrows == 0)
        return -1;
    for (size_t k = 0; k < c->rows[0].n; k++)
        if (strcasecmp(c->rows[0].f[k], name) == 0)
            return (int)k;
    return -1;
}

const char *lcsv_get(const lcsv *c, size_t r, int col)
{
    if (col < 0 || r >= c->nrows || (size_t)col >= c->rows[r].n)
        return "";
    return c->rows[r].f[col];
}
