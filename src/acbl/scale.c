/* ACBL appendices computed from the formulas (ACBL-98): A (B by tables),
 * B (M samples), C (places relative to 1st), E (L by boards).  Layout
 * follows the printed appendices row by row, one value per row. */
#include <stdio.h>
#include <string.h>

#include "acbl/acbl_internal.h"
#include "acbl/ko.h"

/* Appendix A (later App. A: 1-250; 2003 p.16: 0-499). */
static bmp_status appendix_a(acbl_edition ed, bmp_table *t)
{
    static const char *const cols[] = {"tables", "B", NULL};
    bmp_status st = bmp_table_title(t, ed == ACBL_ED_2003
                                           ? "ACBL Appendix A (2003): B values for a given number "
                                             "of tables (ACBL-2)"
                                           : "ACBL Appendix A: B values for a given number of "
                                             "tables (ACBL-2)");
    if (!st)
        st = bmp_table_columns(t, cols);
    int lo = ed == ACBL_ED_2003 ? 0 : 1, hi = ed == ACBL_ED_2003 ? 499 : 250;
    for (int n = lo; n <= hi && !st; n++) {
        char b[32];
        if (n == 0)
            snprintf(b, sizeof b, "0.0000"); /* printed placeholder; no event has 0 tables */
        else
            acbl_format4(acbl_round4(acbl_factor_b(n)), b, sizeof b);
        bmp_table_cell(t, "%d", n);
        st = bmp_table_cell(t, "%s", b);
    }
    if (!st)
        st = bmp_table_note(t, "B = (tables + 10)/60 for 60 or fewer tables, log10(tables/4) for "
                               "61+; rounded half-up to 4 decimals for display.");
    if (!st && ed == ACBL_ED_2003)
        st = bmp_table_note(t, "Row 0 is the printed placeholder 0.0000. At 358 tables the print "
                               "shows 1.9528; the formula gives log10(89.5) = 1.9518 (A-2).");
    return st;
}

/* Appendix B: the printed M samples (ACBL-5). */
static bmp_status appendix_b(bmp_table *t)
{
    static const char *const cols[] = {"masterpoints", "M", NULL};
    static const int ul[] = {100, 300, 500, 1000, 2000, 6136};
    bmp_status st = bmp_table_title(t, "ACBL Appendix B: sample M factor values (ACBL-5)");
    if (!st)
        st = bmp_table_columns(t, cols);
    for (size_t i = 0; i < sizeof ul / sizeof *ul && !st; i++) {
        char m[32];
        acbl_format4(acbl_round4(acbl_factor_m(ul[i], ACBL_RATING_CHAMPIONSHIP)), m, sizeof m);
        bmp_table_cell(t, "%d", ul[i]);
        st = bmp_table_cell(t, "%s", m);
    }
    if (!st)
        st = bmp_table_note(t, "M = log10(UL)/5 + 0.1102 below 500, log10(UL)/3.11 - 0.218 from "
                               "500, at most 1.0000; rounded half-up to 4 decimals.");
    return st;
}

/* Appendix C: overall awards relative to 1st = 1.00 (ACBL-9/10/11).  The
 * printed rows are 1-10, 15, 20; --places N prints 1..N instead. */
static bmp_status appendix_c(acbl_edition ed, int upto, bmp_table *t)
{
    static const char *const cols_2003[] = {"place", "1 or 2 sessions", "4 sessions",
                                            "6 sessions", NULL};
    static const char *const cols_later[] = {"place", "1 session", "2 sessions", "4 sessions",
                                             "6 sessions", NULL};
    static const int s2003[] = {1, 4, 6}, slater[] = {1, 2, 4, 6};
    static const int places[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20};
    const int *ss = ed == ACBL_ED_2003 ? s2003 : slater;
    size_t ns = ed == ACBL_ED_2003 ? 3 : 4;
    bmp_status st = bmp_table_title(
        t, ed == ACBL_ED_2003 ? "ACBL Appendix C (2003): overall awards compared with 1st place"
                              : "ACBL Appendix C: overall awards compared with 1st place");
    if (!st)
        st = bmp_table_columns(t, ed == ACBL_ED_2003 ? cols_2003 : cols_later);
    size_t nrows = upto > 0 ? (size_t)upto : sizeof places / sizeof *places;
    for (size_t i = 0; i < nrows && !st; i++) {
        int place = upto > 0 ? (int)i + 1 : places[i];
        st = bmp_table_cell(t, "%d", place);
        for (size_t k = 0; k < ns && !st; k++) {
            char v[32];
            bmp_points_format(acbl_overall_place(100, place, ss[k], ed), v, sizeof v);
            st = bmp_table_cell(t, "%s", v);
        }
    }
    if (!st)
        st = bmp_table_note(t, "1st = 1.00; lower places by %s (%s), each rounded half-up to "
                               "0.01 (ACBL-11).",
                            acbl_overall_rule(ed), ed == ACBL_ED_2003 ? "2003 p.2" : "later §I.B");
    return st;
}

/* Appendix E: L by boards per match (ACBL-26). */
static bmp_status appendix_e(acbl_edition ed, bmp_table *t)
{
    static const char *const cols[] = {"boards", "L", NULL};
    bmp_status st = bmp_table_title(t, ed == ACBL_ED_2003
                                           ? "ACBL Appendix E (2003): L factor values (ACBL-26)"
                                           : "ACBL Appendix E: sample L factor values (ACBL-26)");
    if (!st)
        st = bmp_table_columns(t, cols);
    char v[32];
    if (ed == ACBL_ED_2003) {
        for (int b = 2; b <= 23 && !st; b++) {
            acbl_format4(acbl_round4(acbl_factor_l(b)), v, sizeof v);
            bmp_table_cell(t, "%d", b);
            st = bmp_table_cell(t, "%s", v);
        }
    } else {
        static const int samples[] = {6, 12};
        for (size_t i = 0; i < 2 && !st; i++) {
            acbl_format4(acbl_round4(acbl_factor_l(samples[i])), v, sizeof v);
            bmp_table_cell(t, "%d", samples[i]);
            st = bmp_table_cell(t, "%s", v);
        }
    }
    if (!st) {
        acbl_format4(acbl_round4(acbl_factor_l(24)), v, sizeof v);
        bmp_table_cell(t, "24-47");
        st = bmp_table_cell(t, "%s", v);
    }
    if (!st) {
        acbl_format4(acbl_round4(acbl_factor_l(48)), v, sizeof v);
        bmp_table_cell(t, ed == ACBL_ED_2003 ? "48 and more" : "48+");
        st = bmp_table_cell(t, "%s", v);
    }
    if (!st)
        st = bmp_table_note(t, "L = boards/24 for 2-23 boards, 1.00 for 24-47, 1.50 for 48+.");
    return st;
}

bmp_status acbl_scale(const char *name, acbl_edition ed, const bmp_params *opts, bmp_table *out,
                      bmp_error *err)
{
    bmp_status st;
    int upto = 0;
    /* appendix-c's one option (acbl.c declares each table's options; bmp_scale
     * refuses any other before this runs) */
    if (strcmp(name, "appendix-c") == 0 && bmp_params_has(opts, "places")) {
        double v = bmp_params_number(opts, "places", -1);
        if (!(v >= 1 && v <= 1000) || v != (int)v)
            return bmp_error_set(err, BMP_EINVAL,
                                 "--places: expected a whole number of places from 1 to 1000");
        upto = (int)v;
    }
    if (strcmp(name, "appendix-a") == 0)
        st = appendix_a(ed, out);
    else if (strcmp(name, "appendix-b") == 0)
        st = appendix_b(out);
    else if (strcmp(name, "appendix-c") == 0)
        st = appendix_c(ed, upto, out);
    else if (strcmp(name, "appendix-e") == 0)
        st = appendix_e(ed, out);
    else if ((st = acbl_ko_scale(name, ed, opts, out, err)) != BMP_ENOTFOUND)
        return st; /* KO, NABC and WBF tables: ko_scale.c */
    else
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown acbl table \"%s\"", name);
    return st ? bmp_error_oom(err) : BMP_OK;
}
