/* The published reports written with the ledger head they were made from
 * (include/bridgemp/ledger_publish.h): table (the head a note), JSON (a
 * "head" field), CSV (a ledger_head column) and HTML (a page). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_publish.h"
#include "core/text_safe.h"
#include "core/util.h"

bool bmp_report_format_parse(const char *s, bmp_report_format *out)
{
    static const char *const names[] = {"table", "csv", "json", "html"};
    for (int i = 0; s && i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (bmp_report_format)i;
            return true;
        }
    return false;
}

/* CSV: the table with a last column ledger_head, N:HASH on every row. */
static bmp_status write_csv(const bmp_table *t, const char *head, FILE *f, bmp_error *err)
{
    bmp_table c;
    bmp_table_init(&c);
    const char **cols = calloc(t->ncols + 2, sizeof *cols);
    bmp_status rc = cols ? BMP_OK : bmp_error_oom(err);
    for (size_t k = 0; cols && k < t->ncols; k++)
        cols[k] = t->columns[k];
    if (cols)
        cols[t->ncols] = "ledger_head";
    if (!rc && bmp_table_columns(&c, cols))
        rc = bmp_error_oom(err);
    for (size_t r = 0; r < t->nrows && !rc; r++) {
        for (size_t k = 0; k < t->ncols && !rc; k++)
            rc = bmp_table_cell(&c, "%s", bmp_table_get(t, r, k)) ? bmp_error_oom(err) : BMP_OK;
        if (!rc && bmp_table_cell(&c, "%s", head))
            rc = bmp_error_oom(err);
    }
    if (!rc)
        rc = bmp_table_write(&c, BMP_OUT_CSV, f, err);
    free(cols);
    bmp_table_free(&c);
    return rc;
}

/* JSON: bmp_table's object with "head" after "title". */
static bmp_status write_json(const bmp_table *t, const char *head, FILE *f, bmp_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return bmp_error_oom(err);
    bmp_status rc = bmp_table_write(t, BMP_OUT_JSON, m, err);
    if (fclose(m) != 0 && !rc)
        rc = bmp_error_oom(err);
    json_t *root = rc ? NULL : json_loadb(buf, len, 0, NULL), *out = json_object();
    const char *k;
    json_t *v;
    if (root && out) {
        json_object_foreach(root, k, v)
        {
            json_object_set(out, k, v);
            if (strcmp(k, "title") == 0)
                json_object_set_new(out, "head", json_string(head));
        }
        if (!json_object_get(out, "head"))
            json_object_set_new(out, "head", json_string(head));
    }
    if (!rc && (!root || !out || json_dumpf(out, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0))
        rc = bmp_error_set(err, BMP_EIO, "could not write JSON table");
    if (!rc)
        fputc('\n', f);
    json_decref(root);
    json_decref(out);
    free(buf);
    return rc;
}

static void cell(FILE *f, const char *tag, const char *s)
{
    fprintf(f, "<%s>", tag);
    core_html_put(f, s);
    fprintf(f, "</%s>", tag);
}

/* HTML: a printable page, every value escaped. */
static bmp_status write_html(const bmp_table *t, const char *head, FILE *f, bmp_error *err)
{
    const char *title = t->title ? t->title : "report";
    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
    core_html_put(f, title);
    fputs("</title><style>body{font:15px/1.4 sans-serif;margin:2rem}table{border-collapse:"
          "collapse}th,td{border-bottom:1px solid #ccc;padding:.25rem .5rem;text-align:left}"
          "</style></head><body>\n",
          f);
    cell(f, "h1", title);
    fputs("\n<table><thead><tr>", f);
    for (size_t k = 0; k < t->ncols; k++)
        cell(f, "th", t->columns[k]);
    fputs("</tr></thead><tbody>\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        fputs("<tr>", f);
        for (size_t k = 0; k < t->ncols; k++)
            cell(f, "td", bmp_table_get(t, r, k));
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
    for (size_t i = 0; i < t->nnotes; i++) {
        cell(f, "p", t->notes[i]);
        fputc('\n', f);
    }
    if (head && !t->nnotes) {
        fputs("<p class=\"head\">ledger head ", f);
        core_html_put(f, head);
        fputs("</p>\n", f);
    }
    fputs("</body></html>\n", f);
    return ferror(f) ? bmp_error_set(err, BMP_EIO, "write error") : BMP_OK;
}

bmp_status bmp_ledger_report_write(const bmp_table *t, const bmp_ledger_head *head,
                                   bmp_report_format fmt, FILE *f, bmp_error *err)
{
    char h[96] = "";
    if (head)
        bmp_ledger_head_format(head, h, sizeof h);
    if (fmt == BMP_REPORT_HTML)
        return write_html(t, head ? h : NULL, f, err);
    if (head && fmt == BMP_REPORT_CSV)
        return write_csv(t, h, f, err);
    if (head && fmt == BMP_REPORT_JSON)
        return write_json(t, h, f, err);
    return bmp_table_write(t, fmt == BMP_REPORT_CSV    ? BMP_OUT_CSV
                              : fmt == BMP_REPORT_JSON ? BMP_OUT_JSON
                                                       : BMP_OUT_TABLE,
                           f, err);
}
