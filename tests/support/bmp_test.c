#include "bmp_test.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *dup_range(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

void bmp_csv_load(bmp_csv *csv, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BMP_TEST_DATA, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open test data %s", path);
    memset(csv, 0, sizeof *csv);
    char line[8192];
    size_t cap = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = '\0';
        if (len == 0)
            continue;
        if (csv->nrows == cap) {
            cap = cap ? cap * 2 : 64;
            csv->rows = realloc(csv->rows, cap * sizeof *csv->rows);
            csv->ncells = realloc(csv->ncells, cap * sizeof *csv->ncells);
        }
        char **cells = NULL;
        size_t n = 0;
        const char *p = line;
        for (;;) {
            cells = realloc(cells, (n + 1) * sizeof *cells);
            if (*p == '"') {
                char buf[8192];
                size_t k = 0;
                p++;
                while (*p && !(*p == '"' && p[1] != '"')) {
                    if (*p == '"')
                        p++;
                    buf[k++] = *p++;
                }
                if (*p == '"')
                    p++;
                cells[n++] = dup_range(buf, k);
            } else {
                size_t k = strcspn(p, ",");
                cells[n++] = dup_range(p, k);
                p += k;
            }
            if (*p != ',')
                break;
            p++;
        }
        csv->rows[csv->nrows] = cells;
        csv->ncells[csv->nrows++] = n;
    }
    fclose(f);
}

void bmp_csv_free(bmp_csv *csv)
{
    for (size_t r = 0; r < csv->nrows; r++) {
        for (size_t c = 0; c < csv->ncells[r]; c++)
            free(csv->rows[r][c]);
        free(csv->rows[r]);
    }
    free(csv->rows);
    free(csv->ncells);
    memset(csv, 0, sizeof *csv);
}

size_t bmp_csv_col(const bmp_csv *csv, const char *name)
{
    for (size_t c = 0; csv->nrows && c < csv->ncells[0]; c++)
        if (strcmp(csv->rows[0][c], name) == 0)
            return c;
    fail_msg("CSV has no column \"%s\"", name);
    return 0;
}

const char *bmp_csv_get(const bmp_csv *csv, size_t row, size_t col)
{
    if (row >= csv->nrows || col >= csv->ncells[row])
        return "";
    return csv->rows[row][col];
}

void bmp_assert_points(bmp_points p, const char *s, const char *file, int line)
{
    bmp_points want;
    if (!bmp_points_parse(s, &want))
        fail_msg("%s:%d: bad expected points \"%s\"", file, line, s);
    if (p != want) {
        char got[32];
        bmp_points_format(p, got, sizeof got);
        fail_msg("%s:%d: points %s, expected %s", file, line, got, s);
    }
}

bmp_event *bmp_test_event(const char *json)
{
    bmp_error e = {0};
    bmp_event *ev = NULL;
    if (bmp_event_load_string(json, "test.json", &ev, &e))
        fail_msg("event did not load: %s", e.msg);
    return ev;
}

bmp_status bmp_test_event_error(const char *json, bmp_error *err)
{
    bmp_event *ev = NULL;
    bmp_status st = bmp_event_load_string(json, "test.json", &ev, err);
    if (st == BMP_OK) {
        bmp_event_free(ev);
        fail_msg("event loaded but an error was expected");
    }
    return st;
}

bmp_status bmp_test_run(const char *json, bmp_awards *aw, bmp_error *err)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards_init(aw);
    bmp_status st = bmp_award_event(ev, aw, err);
    bmp_event_free(ev);
    return st;
}

void bmp_test_run_ok(const char *json, bmp_awards *aw)
{
    bmp_error e = {0};
    if (bmp_test_run(json, aw, &e))
        fail_msg("award failed: %s", e.msg);
}

void bmp_test_walk(const char *dir, const char *ext, void (*fn)(const char *path, void *arg),
                   void *arg)
{
    DIR *d = opendir(dir);
    if (!d)
        fail_msg("%s: cannot open the directory", dir);
    struct dirent *de;
    size_t el = strlen(ext);
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0)
            continue;
        size_t l = strlen(path);
        if (S_ISDIR(sb.st_mode))
            bmp_test_walk(path, ext, fn, arg);
        else if (l >= el && strcmp(path + l - el, ext) == 0)
            fn(path, arg);
    }
    closedir(d);
}

char *bmp_test_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("%s: cannot open the file", path);
    size_t n = 0, cap = 4096;
    char *buf = malloc(cap);
    assert_non_null(buf);
    for (;;) {
        if (cap - n < 2) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        if (got == 0)
            break;
        n += got;
    }
    if (ferror(f))
        fail_msg("%s: cannot read the file", path);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

char *bmp_test_slurp_exact(const char *path, size_t *len)
{
    char *s = bmp_test_slurp(path, len);
    assert_true(*len > 0);
    char *buf = malloc(*len);
    assert_non_null(buf);
    memcpy(buf, s, *len);
    free(s);
    return buf;
}
