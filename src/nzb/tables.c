/* `bridgemp scale nzb <table>`: every printed table, computed by the engine
 * (grids from the §3 formula, 25A and interprovincial tables from data,
 * match-play tables from their rule).  Rows follow the printed ranges:
 * every N from 10 (4 for the C table) to 40, then steps of 5 (10 above 50
 * for the C table) up to the printed maximum; --max-entrants extends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/nzb.h"
#include "nzb/nzb_internal.h"

/* Printed maximum N and printed place columns of each grid
 * (tables/nzb/README.md); the columns shown are the larger of the printed
 * count and the places the formula pays at the last row. */
static int printed_max(const nzb_grade *g, bool teams, int *cols)
{
    static const struct {
        const char *code;
        int pairs, teams, pcols, tcols;
    } m[] = {{"20A", 100, 60, 26, 23}, {"15A", 100, 60, 25, 23}, {"10A", 100, 70, 26, 25},
             {"5A", 70, 50, 19, 18},   {"3A", 60, 50, 17, 18},   {"8B", 50, 40, 14, 16},
             {"5B", 40, 40, 16, 16},   {"3B", 40, 40, 12, 16}};
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (!strcmp(m[i].code, g->code)) {
            *cols = teams ? m[i].tcols : m[i].pcols;
            return teams ? m[i].teams : m[i].pairs;
        }
    *cols = 0;
    return 40;
}

/* Row steps: the C table up to 50 prints every N, the >50 table steps of
 * 10, the A/B grids every N to 40 then steps of 5. */
enum { STEP_GRID, STEP_EVERY, STEP_TEN };
static int next_n(int n, int step)
{
    if (step == STEP_TEN)
        return n + 10;
    return step == STEP_EVERY || n < 40 ? n + 1 : n + 5;
}

static bmp_status set_columns(bmp_table *t, const char *first, const int *places, int n)
{
    const char *names[130];
    char buf[128][8];
    names[0] = first;
    for (int i = 0; i < n && i < 128; i++) {
        snprintf(buf[i], sizeof buf[i], "p%d", places[i]);
        names[i + 1] = buf[i];
    }
    names[n < 128 ? n + 1 : 129] = NULL;
    return bmp_table_columns(t, names);
}

/* A place-by-entrants grid: top M, f = fnum/fden, rows nmin..nmax. */
static bmp_status grid(bmp_table *t, int top, int fnum, int fden, int nmin, int nmax, int step,
                       const int *cols, int ncols, bmp_error *err)
{
    int all[128];
    if (!cols) {
        int paid = nzb_formula_places(top, fnum, fden, 2 * nmax);
        ncols = paid > ncols ? paid : ncols; /* ncols: the printed columns */
        if (ncols > 127)
            ncols = 127;
        for (int i = 0; i < ncols; i++)
            all[i] = i + 1;
        cols = all;
    }
    if (set_columns(t, "entrants", cols, ncols))
        return bmp_error_oom(err);
    for (int n = nmin; n <= nmax; n = next_n(n, step)) {
        if (bmp_table_cell(t, "%d", n))
            return bmp_error_oom(err);
        for (int i = 0; i < ncols; i++)
            if (bmp_table_cell(t, "%d", nzb_formula(top, fnum, fden, 2 * n, cols[i])))
                return bmp_error_oom(err);
    }
    return BMP_OK;
}

static int opt_int(const bmp_params *opts, const char *key, int dflt, int lo, bmp_error *err,
                   bool *bad)
{
    const char *s = bmp_params_string(opts, key, NULL);
    if (!s)
        return dflt;
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > 2000) {
        *bad = true;
        bmp_error_set(err, BMP_EINVAL, "--%s: expected a whole number %d..2000, got \"%s\"", key,
                      lo, s);
        return dflt;
    }
    return (int)v;
}

static bmp_status a25_teams_table(bmp_table *t, bmp_error *err)
{
    static const char *const cols[] = {"place",         "teams_50_100",  "teams_101_110",
                                       "teams_111_120", "teams_121_130", NULL};
    static const int reps[4] = {75, 105, 115, 125};
    if (bmp_table_columns(t, cols))
        return bmp_error_oom(err);
    for (int p = 1; p <= 46;) {
        int v0, hi = p;
        nzb_a25_teams(reps[0], p, &v0);
        /* the printed equal-place rows 3=, 5=, 9= */
        if (p == 3 || p == 5 || p == 9)
            hi = p == 3 ? 4 : p == 5 ? 8 : 16;
        else if (p == 40)
            hi = 46;
        if (hi > p ? bmp_table_cell(t, "%d-%d", p, hi) : bmp_table_cell(t, "%d", p))
            return bmp_error_oom(err);
        for (int b = 0; b < 4; b++) {
            int v;
            nzb_a25_teams(reps[b], p, &v);
            if (bmp_table_cell(t, "%d", v))
                return bmp_error_oom(err);
        }
        p = hi + 1;
    }
    return BMP_OK;
}

/* NZ-26, NZ-23: the C point basic tables (up to and over 50 entrants). */
static bmp_status table_c_basic(const char *name, const bmp_params *opts, bmp_table *out,
                                bmp_error *err)
{
    bool bad = false;
    bool over = !strcasecmp(name, "c-basic-over50");
    int nmax = opt_int(opts, "max-entrants", over ? 300 : 50, over ? 50 : 2, err, &bad);
    int nmin = opt_int(opts, "min-entrants", over ? 50 : 4, 1, err, &bad);
    if (bad)
        return BMP_EINVAL;
    /* the >50 table prints a subset of the places */
    static const int sub[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 15, 20,
                              25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100};
    bmp_table_title(out, over ? "NZ \"C\" Point Basic Table over 50 participants (NZ-26, "
                                "NZ-23)"
                              : "NZ \"C\" Point Basic Table up to 50 participants (NZ-26)");
    bmp_status st = over ? grid(out, 40, 7, 20, nmin, nmax, STEP_TEN, sub, 23, err)
                         : grid(out, 40, 7, 20, nmin, nmax, STEP_EVERY, NULL, 19, err);
    bmp_table_note(out, "C(p) = floor(40 - 39(p-1)/(0.35 N)), paid while >= 1 (nzb.md "
                        "§3); 11-19 deals: half, rounded up (NZ-28).");
    return st;
}

/* NZ-31, NZ-41, NZ-42: the basic match play tables, C and A. */
static bmp_status table_match_play(const char *name, const bmp_params *opts, bmp_table *out,
                                   bmp_error *err)
{
    (void)opts;
    bool a = name[0] == 'a' || name[0] == 'A';
    static const char *const ccols[] = {"deals_per_match", "c_points_win", "c_points_tie",
                                        NULL};
    static const char *const acols[] = {"boards", "a_points_win", "a_points_tie", NULL};
    bmp_table_title(out, a ? "NZ Basic Match Play Table of Session \"A\" Point Awards "
                             "(NZ-41, NZ-42)"
                           : "NZ \"C\" Points Basic Match Play Table (NZ-31)");
    if (bmp_table_columns(out, a ? acols : ccols))
        return bmp_error_oom(err);
    for (int d = 1; d <= (a ? 12 : 60); d++) {
        char w[32], h[32];
        bmp_points_format(a ? 2 * d : 200 * d, w, sizeof w);
        bmp_points_format(a ? d : 100 * d, h, sizeof h);
        if (bmp_table_cell(out, "%d", d) || bmp_table_cell(out, "%s", w) ||
            bmp_table_cell(out, "%s", h))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* NZ-53: the 25A pairs final and plate. */
static bmp_status table_a25_pairs(const char *name, const bmp_params *opts, bmp_table *out,
                                  bmp_error *err)
{
    (void)name;
    (void)opts;
    static const char *const cols[] = {"place", "final", "plate", NULL};
    bmp_table_title(out, "NZ 25A point - Pairs Event: Final and Plate (NZ-53)");
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    for (int p = 1; p <= 28; p++)
        if (bmp_table_cell(out, "%d", p) || bmp_table_cell(out, "%d", nzb_a25_pairs_final(p)) ||
            bmp_table_cell(out, "%d", nzb_a25_pairs_plate(p)))
            return bmp_error_oom(err);
    return BMP_OK;
}

/* NZ-53: the 25A pairs semi-final. */
static bmp_status table_a25_semifinal(const char *name, const bmp_params *opts, bmp_table *out,
                                      bmp_error *err)
{
    (void)name;
    (void)opts;
    static const char *const cols[] = {"semifinal_field_pairs", "place", "a_points", NULL};
    bmp_table_title(out, "NZ 25A point - Pairs Event: semi-final (NZ-53)");
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    static const int fields[2] = {78, 104};
    for (int f = 0; f < 2; f++)
        for (int p = 54; p <= fields[f]; p++) {
            int v = 0;
            nzb_a25_pairs_semifinal(fields[f], p, &v);
            if (bmp_table_cell(out, "%d", fields[f]) || bmp_table_cell(out, "%d", p) ||
                bmp_table_cell(out, "%d", v))
                return bmp_error_oom(err);
        }
    return BMP_OK;
}

/* NZ-54: the 25A teams event. */
static bmp_status table_a25_teams(const char *name, const bmp_params *opts, bmp_table *out,
                                  bmp_error *err)
{
    (void)name;
    (void)opts;
    bmp_table_title(out, "NZ 25A point - Teams Event (NZ-54)");
    return a25_teams_table(out, err);
}

/* NZ-75, NZ-76: the interprovincial trials and championships. */
static bmp_status table_interprovincial(const char *name, const bmp_params *opts, bmp_table *out,
                                        bmp_error *err)
{
    (void)name;
    (void)opts;
    static const char *const cols[] = {"event", "category", "p1", "p2", "p3", NULL};
    bmp_table_title(out, "NZ Interprovincial Teams Trials and Championships (NZ-75, NZ-76)");
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    static const char *const cats[] = {"open", "women", "senior", "intermediate"};
    for (int tr = 1; tr >= 0; tr--)
        for (int c = 0; c < 4; c++) {
            if (bmp_table_cell(out, "%s", tr ? "trials" : "championships") ||
                bmp_table_cell(out, "%s", cats[c]))
                return bmp_error_oom(err);
            for (int p = 1; p <= 3; p++) {
                int v;
                char l;
                nzb_interprovincial(tr, cats[c], p, &v, &l);
                if (bmp_table_cell(out, "%d %c", v, l))
                    return bmp_error_oom(err);
            }
        }
    return BMP_OK;
}

/* NZ-3, NZ-4: the masterpoint rankings. */
static bmp_status table_ranks(const char *name, const bmp_params *opts, bmp_table *out,
                              bmp_error *err)
{
    (void)name;
    (void)opts;
    static const char *const cols[] = {"rank_order", "rank", "min_total_A_plus_B", "min_A",
                                       NULL};
    bmp_table_title(out, "NZ Masterpoint Rankings (NZ-3)");
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    for (int r = 0; r < BMP_NZ_NRANKS; r++) {
        bmp_points t, a;
        bmp_nz_rank_thresholds((bmp_nz_rank)r, &t, &a);
        if (bmp_table_cell(out, "%d", r) ||
            bmp_table_cell(out, "%s", bmp_nz_rank_name((bmp_nz_rank)r)) ||
            bmp_table_cell(out, "%lld", (long long)(t / 100)) ||
            bmp_table_cell(out, "%lld", (long long)(a / 100)))
            return bmp_error_oom(err);
    }
    bmp_table_note(out, "Stars (NZ-4): floor(total / own threshold) - 1 while the A points "
                        "for the next rank are missing.");
    return BMP_OK;
}

/* NZ-82, NZ-83, NZ-84: the summary of event requirements and awards. */
static bmp_status table_summary(const char *name, const bmp_params *opts, bmp_table *out,
                                bmp_error *err)
{
    (void)name;
    (void)opts;
    static const char *const cols[] = {
        "event",         "pairs_min_deals", "teams_min_deals", "pairs_c_factor",
        "session_bonus", "match_factor",    "match_unit",      NULL};
    bmp_table_title(out, "NZ Summary of event requirements and awards (NZ-82, NZ-83, "
                         "NZ-84)");
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    for (int i = 0; nzb_grade_at(i); i++) {
        const nzb_grade *g = nzb_grade_at(i);
        if (bmp_table_cell(out, "%s", g->code) || bmp_table_cell(out, "%d", g->min_pairs) ||
            bmp_table_cell(out, "%d", g->min_teams) || bmp_table_cell(out, "%d", g->c_factor) ||
            bmp_table_cell(out, "%s",
                           g->letter == 'C'   ? "-"
                           : g->letter == 'A' ? "1A"
                                              : "1B") ||
            bmp_table_cell(out, "%d", g->match_factor) ||
            bmp_table_cell(out, "%s", g->letter == 'A' ? "0.02A" : "2C"))
            return bmp_error_oom(err);
    }
    bmp_table_note(out, "8B teams match factor x2 from the 8B Teams page (the summary "
                        "prints x1; A-13).");
    return BMP_OK;
}

/* "<grade>-pairs" / "<grade>-teams" for 20A ... 3B; ENOTFOUND (quietly) for
 * any other name. */
static bmp_status table_grade(const char *name, const bmp_params *opts, bmp_table *out,
                              bmp_error *err)
{
    bool bad = false;
    char title[160], code[8];
    const char *dash = strchr(name, '-');
    if (!dash || dash - name >= 8)
        return BMP_ENOTFOUND;
    memcpy(code, name, (size_t)(dash - name));
    code[dash - name] = '\0';
    const nzb_grade *g = nzb_grade_find(code);
    bool teams = !strcasecmp(dash + 1, "teams");
    if (!g || g->letter == 'C' || !strcmp(g->code, "25A") ||
        (!teams && strcasecmp(dash + 1, "pairs")))
        return BMP_ENOTFOUND;
    int pcols;
    int nmax = opt_int(opts, "max-entrants", printed_max(g, teams, &pcols), 2, err, &bad);
    int nmin = opt_int(opts, "min-entrants", 10, 1, err, &bad);
    if (bad)
        return BMP_EINVAL;
    snprintf(title, sizeof title, "NZ %s - %s Event (%s)", g->heading, teams ? "Teams" : "Pairs",
             teams ? g->teams_rule : g->pairs_rule);
    bmp_table_title(out, title);
    bmp_status st = grid(out, g->top, teams ? 7 : 1, teams ? 20 : 4, nmin, nmax, STEP_GRID, NULL,
                         bmp_params_has(opts, "max-entrants") ? 0 : pcols, err);
    bmp_table_note(out, "award = floor(%d - %d(p-1)/(%s N)), paid while >= 1 (nzb.md §3).",
                   g->top, g->top - 1, teams ? "0.35" : "0.25");
    return st;
}

typedef struct nzb_scale_def {
    const char *name;
    bmp_status (*make)(const char *name, const bmp_params *opts, bmp_table *out, bmp_error *err);
} nzb_scale_def;

static const nzb_scale_def scales[] = {
    {"c-basic", table_c_basic},
    {"c-basic-over50", table_c_basic},
    {"c-match-play", table_match_play},
    {"a-match-play", table_match_play},
    {"25A-pairs", table_a25_pairs},
    {"25A-semifinal", table_a25_semifinal},
    {"25A-teams", table_a25_teams},
    {"interprovincial", table_interprovincial},
    {"ranks", table_ranks},
    {"summary", table_summary},
};

bmp_status nzb_scale(const char *name, const bmp_params *opts, bmp_table *out, bmp_error *err)
{
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++)
        if (!strcasecmp(name, scales[i].name))
            return scales[i].make(name, opts, out, err);
    bmp_status st = table_grade(name, opts, out, err);
    if (st != BMP_ENOTFOUND)
        return st;
    return bmp_error_set(err, BMP_ENOTFOUND,
                         "unknown nzb table \"%s\" (expected c-basic, c-basic-over50, "
                         "c-match-play, a-match-play, <grade>-pairs or <grade>-teams for 20A, "
                         "15A, 10A, 5A, 3A, 8B, 5B, 3B, 25A-pairs, 25A-semifinal, 25A-teams, "
                         "interprovincial, summary)",
                         name);
}
