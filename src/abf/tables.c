/* Tables 1A-3C (3.2, 3.3, 3.4) computed from the formulae, and
 * `bridgemp scale abf <table>`.  Every printed cell is reproduced by the
 * formula with the table's weight, rounded once half-up (abf.md §3.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/abf_internal.h"

/* 3.2-3.4: printed row ranges.  1A/1B T = 4..20, 1C 4..40; 2A-2C 2..13;
 * 3A/3B 2..40, 3C 2..82 (S = 2..10 throughout). */
void abf_table_range(char kind, char letter, int *tmin, int *tmax)
{
    bool c = letter == 'C' || letter == 'c';
    switch (kind) {
    case '1': *tmin = 4; *tmax = c ? 40 : 20; break;
    case '2': *tmin = 2; *tmax = 13; break;
    default: *tmin = 2; *tmax = c ? 82 : 40; break;
    }
}

/* One cell at the table's own weight.  Session tables print 9 places,
 * blank beyond the places paid (4.1.1: Mitchell floor(T/2), Howell T). */
static bool cell_w(char kind, int w100, int tables, int col, bmp_round_mode mode,
                   bmp_points *out)
{
    if (kind == '3') {
        if (col < 2)
            return false;
        *out = abf_round(abf_outright_winner(tables, col, w100), mode);
        return true;
    }
    bool one = kind == '2';
    if (col < 1 || col > abf_session_places(one, false, tables))
        return false;
    *out = abf_round(abf_place_award(abf_session_winner(one, tables, w100), col), mode);
    return true;
}

bool abf_table_cell(char kind, char letter, int tables, int col, bmp_round_mode mode,
                    bmp_points *out)
{
    int w = abf_table_w100(letter);
    if (!w)
        return false;
    return cell_w(kind, w, tables, col, mode, out);
}

static const char *const session_cols[] = {"T",   "1st", "2nd", "3rd", "4th", "5th",
                                           "6th", "7th", "8th", "9th", NULL};
static const char *const outright_cols[] = {"T",   "S=2", "S=3", "S=4", "S=5", "S=6",
                                            "S=7", "S=8", "S=9", "S=10", NULL};

/* `bridgemp scale abf 1A .. 3C`.  Options: --grade G prints the grade's own
 * awards (formula with the grade's weight, 3.1.1-3.1.3) instead of the
 * printed table; --teams yes uses the teams weight; --rounding half-even
 * applies 4.4.2's literal tie rule (AMB-1). */
bmp_status abf_scale(const char *name, const bmp_params *opts, bmp_table *out, bmp_error *err)
{
    if (strlen(name) != 2 || !strchr("123", name[0]) || !strchr("ABCabc", name[1]))
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown abf table \"%s\"", name);
    char kind = name[0], letter = (char)(name[1] & ~0x20);
    int w100 = abf_table_w100(letter);
    bmp_round_mode mode = BMP_ROUND_HALF_UP;
    const char *r = bmp_params_string(opts, "rounding", NULL);
    if (r && !bmp_round_mode_parse(r, &mode))
        return bmp_error_set(err, BMP_EINVAL,
                             "--rounding: expected half-up, half-even, half-down, floor, ceil "
                             "or trunc, got \"%s\"", r);
    const char *gname = bmp_params_string(opts, "grade", NULL);
    const abf_grade *g = NULL;
    if (gname) {
        if (!(g = abf_grade_find(gname)))
            return bmp_error_set(err, BMP_EINVAL,
                                 "--grade: unknown ABF grade \"%s\" (expected F, E, D, C, B4c, "
                                 "B5i, B4s, B5, B4, B3, B, A2 or A)", gname);
        const char *t = bmp_params_string(opts, "teams", "no");
        w100 = abf_grade_w100(g, strcasecmp(t, "yes") == 0 || strcmp(t, "1") == 0 ||
                                     strcasecmp(t, "true") == 0);
    }
    int tmin, tmax;
    abf_table_range(kind, letter, &tmin, &tmax);
    const char *tm = bmp_params_string(opts, "max-tables", NULL);
    if (tm) {
        int v = atoi(tm);
        if (v < tmin || v > 10000)
            return bmp_error_set(err, BMP_EINVAL, "--max-tables: expected %d..10000, got \"%s\"",
                                 tmin, tm);
        tmax = v;
    }
    static const char *const titles[] = {"Session awards - two winners (Mitchell)",
                                         "Session awards - one winner (Howell)",
                                         "Outright winners' awards"};
    char title[160];
    if (g)
        snprintf(title, sizeof title, "ABF Table %c%c - %s - grade %s (W = %d.%02d)", kind,
                 letter, titles[kind - '1'], g->code, w100 / 100, w100 % 100);
    else
        snprintf(title, sizeof title, "ABF Table %c%c - %s - weight %d.%d", kind, letter,
                 titles[kind - '1'], w100 / 100, (w100 % 100) / 10);
    bmp_status st;
    if ((st = bmp_table_title(out, title)) ||
        (st = bmp_table_columns(out, kind == '3' ? outright_cols : session_cols)))
        return bmp_error_oom(err);
    for (int t = tmin; t <= tmax; t++) {
        if ((st = bmp_table_cell(out, "%d", t)))
            return bmp_error_oom(err);
        for (int c = 0; c < 9; c++) {
            bmp_points p;
            int col = kind == '3' ? c + 2 : c + 1;
            char buf[32] = "";
            if (cell_w(kind, w100, t, col, mode, &p))
                bmp_points_format(p, buf, sizeof buf);
            if ((st = bmp_table_cell(out, "%s", buf)))
                return bmp_error_oom(err);
        }
    }
    bmp_table_note(out, "Computed from the formulae of clause %s, each cell rounded once to "
                        "0.01 (%s); lower places by clause 4.1.1.",
                   kind == '3' ? "3.1.2 (S=2/S=3 clamped to 44-52%/72-80% of S=4)" : "3.1.1",
                   bmp_round_mode_name(mode));
    return BMP_OK;
}
