/* KO, NABC and WBF regulation tables computed by the engine (`bridgemp
 * scale acbl ...`): Appendix F, the KO percentages, reduction factors and
 * Computed Award, the NABC tables and reductions, the WBF table. */
#include <stdio.h>
#include <string.h>

#include "acbl/ko.h"

static bmp_status pct_cell(bmp_table *t, double f)
{
    if (f <= 0)
        return bmp_table_cell(t, "%s", "");
    return bmp_table_cell(t, "%g", f * 100);
}

/* Appendix F (2003 p.18) and DOC-02: the counts, T, B and the first place
 * of each bracket (default: six brackets of 16, Regional K 46, L 1). */
static bmp_status appendix_f(const bmp_params *o, bmp_table *t)
{
    static const char *const cols[] = {"bracket",        "teams_at_100pct", "teams_at_half",
                                       "teams_at_third", "teams_at_fifth",  "T",
                                       "B",              "1st",             NULL};
    int n = (int)bmp_params_number(o, "brackets", 6);
    double teams = bmp_params_number(o, "teams", 16);
    double k = bmp_params_number(o, "k", 46), l = bmp_params_number(o, "l", 1);
    if (n < 1 || n > 64 || teams < 1)
        return BMP_EINVAL;
    acbl_ko_bracket_2003 br[64];
    memset(br, 0, sizeof br);
    for (int i = 0; i < n; i++)
        br[i] = (acbl_ko_bracket_2003){.teams = teams, .top_team_average = 300,
                                       .m = 1.0};
    acbl_ko_firsts_2003(br, (size_t)n, k, l, 1.0, false);
    bmp_status st = bmp_table_title(t, "ACBL Appendix F (2003): KO bracket table counts and first "
                                       "places (ACBL-25, ACBL-29, ACBL-10)");
    if (!st)
        st = bmp_table_columns(t, cols);
    for (int i = 0; i < n && !st; i++) {
        char b[32], f[32];
        acbl_format4(acbl_round4(br[i].b), b, sizeof b);
        bmp_points_format(acbl_round_award(br[i].real), f, sizeof f);
        bmp_table_cell(t, "%d", i + 1);
        bmp_table_cell(t, "%g", br[i].count.own);
        bmp_table_cell(t, "%g", br[i].count.half);
        bmp_table_cell(t, "%g", br[i].count.third);
        bmp_table_cell(t, "%g", br[i].count.fifth);
        bmp_table_cell(t, "%.4f", br[i].count.t);
        bmp_table_cell(t, "%s", b);
        st = bmp_table_cell(t, "%s", f);
    }
    if (!st)
        st = bmp_table_note(t, "T = own + 1/2 x first 16 lower + 1/3 x next 50 + 1/5 x rest (top); "
                               "below, the 1/3 pool shrinks by each bracket's own teams (A-12). "
                               "1st = B x K %g x L %g x M 1 x P 1 after the ACBL-28 adjustments.",
                            k, l);
    return st;
}

static bmp_status overall_pct(acbl_edition ed, bmp_table *t)
{
    static const char *const c03[] = {"position", "pct_of_first", NULL};
    static const char *const cl[] = {"position", "rounds_5plus", "rounds_4", "rounds_3", NULL};
    bmp_status st = bmp_table_title(t, ed == ACBL_ED_2003
                                           ? "ACBL KO overall awards, % of first (2003 p.4, ACBL-33)"
                                           : "ACBL KO overall awards, % of first (later §II.B, "
                                             "ACBL-41)");
    if (!st)
        st = bmp_table_columns(t, ed == ACBL_ED_2003 ? c03 : cl);
    for (int pos = 2; pos <= 9 && !st; pos++) {
        if (pos == 9)
            bmp_table_cell(t, "9-16");
        else
            bmp_table_cell(t, "%d", pos);
        if (ed == ACBL_ED_2003) {
            st = pct_cell(t, acbl_ko_fraction(ed, pos, NULL));
        } else {
            for (int r = 5; r >= 3 && !st; r--) {
                acbl_ko_pct_opts o = {.rounds = r, .playoff = true};
                st = pct_cell(t, acbl_ko_fraction(ed, pos, &o));
            }
        }
    }
    if (!st && ed == ACBL_ED_2003) {
        acbl_ko_pct_opts o = {.playoff = true};
        bmp_table_cell(t, "3/4 playoff winners");
        st = bmp_table_cell(t, "%.2f", acbl_ko_place_fraction(ed, 3, 4, &o) * 100);
        acbl_ko_pct_opts d12 = {.down_to_12 = true};
        if (!st)
            st = bmp_table_note(t, "Events that come down to 12 teams: positions 9-12 %g%%. Ties "
                                   "share the average of the tied positions (A-14).",
                                acbl_ko_fraction(ed, 9, &d12) * 100);
    } else if (!st) {
        st = bmp_table_note(t, "3 rounds: 3rd only by the playoff for a clear 3rd (ACBL-43). Ranks "
                               "not from a power-of-two elimination: below 8th 1/rank, a tie "
                               "including 9th at least 10%% (ACBL-42).");
    }
    return st;
}

static bmp_status reduction_factor(bmp_table *t)
{
    static const char *const cols[] = {"teams_in_bracket", "reduction_factor", NULL};
    bmp_status st = bmp_table_title(t, "ACBL KO reduction factors (later §II.A, ACBL-39)");
    if (!st)
        st = bmp_table_columns(t, cols);
    for (int n = 16; n >= 5 && !st; n--) {
        int rf = acbl_ko_reduction_factor(n);
        bmp_table_cell(t, "%d", n);
        st = bmp_table_cell(t, "%d.%03d", rf / 1000, rf % 1000);
    }
    return st;
}

static bmp_status computed_award(bmp_table *t)
{
    static const char *const cols[] = {"avg_mp_low", "avg_mp_high", "value_at_low", NULL};
    static const int lo[] = {0, 500, 1000, 5000, 10000, 25000, 44000};
    bmp_status st = bmp_table_title(t, "ACBL KO Computed Award by bracket AVG MP (later §II.A, "
                                       "ACBL-37)");
    if (!st)
        st = bmp_table_columns(t, cols);
    for (size_t i = 0; i < 7 && !st; i++) {
        char v[32];
        bmp_points_format(acbl_round_award(acbl_ko_computed_award(lo[i])), v, sizeof v);
        bmp_table_cell(t, "%d", lo[i]);
        if (i < 6)
            bmp_table_cell(t, "%d", lo[i + 1]);
        else
            bmp_table_cell(t, "%s", "");
        st = bmp_table_cell(t, "%s", v);
    }
    if (!st)
        st = bmp_table_note(t, "Linear between the rows: 6 + 5(AVG-500)/500, 11 + 10(AVG-1000)/4000, "
                               "21 + 7(AVG-5000)/5000, 28 + 18(AVG-10000)/15000, 46 + "
                               "19(AVG-25000)/19000; 65.00 from 44000.");
    return st;
}

static void first_cell(bmp_table *t, const acbl_nabc_event *e)
{
    if (e->kind == NABC_FORMULA)
        bmp_table_cell(t, "Formula");
    else if (e->max)
        bmp_table_cell(t, "Formula max %lld", (long long)(e->max / 100));
    else
        bmp_table_cell(t, "%lld", (long long)(e->first / 100));
}

static bmp_status nabc_list(acbl_edition ed, bool teams, bmp_table *t)
{
    static const char *const cols[] = {"key", "event", "sessions", "first", "min_tables_X", NULL};
    bmp_status st = bmp_table_title(t, teams ? "ACBL NABC team events - Swiss & BAM (ACBL-55)"
                                             : "ACBL NABC pair events (ACBL-53)");
    if (!st)
        st = bmp_table_columns(t, cols);
    const acbl_nabc_event *e;
    for (size_t i = 0; (e = acbl_nabc_event_at(ed, i)) && !st; i++) {
        bool is_team = e->kind == NABC_TEAMS;
        bool is_pair = e->kind == NABC_PAIRS || e->kind == NABC_FORMULA;
        if (teams ? !is_team : !is_pair)
            continue;
        bmp_table_cell(t, "%s", e->key);
        bmp_table_cell(t, "%s", e->name);
        if (e->sessions)
            bmp_table_cell(t, "%d", e->sessions);
        else
            bmp_table_cell(t, "%s", "");
        first_cell(t, e);
        st = bmp_table_cell(t, "%s", e->x ? "X" : "");
    }
    return st;
}

static bmp_status nabc_ko(acbl_edition ed, bmp_table *t)
{
    static const char *const cols[] = {"key", "event", "1", "2", "3/4", "5/8", "9-16", "17-32",
                                       "match_award", "starred", NULL};
    bmp_status st = bmp_table_title(t, "ACBL NABC knockout events (ACBL-57, ACBL-60)");
    if (!st)
        st = bmp_table_columns(t, cols);
    const acbl_nabc_event *e;
    for (size_t i = 0; (e = acbl_nabc_event_at(ed, i)) && !st; i++) {
        if (e->kind != NABC_KO_FIXED && e->kind != NABC_KO_FORMULA)
            continue;
        bmp_table_cell(t, "%s", e->key);
        bmp_table_cell(t, "%s", e->name);
        first_cell(t, e);
        for (int k = 0; k < 5; k++) {
            if (e->kind == NABC_KO_FORMULA)
                bmp_table_cell(t, "%s", k == 0 ? "Formula" : "");
            else if (e->ranks[k])
                bmp_table_cell(t, "%lld", (long long)(e->ranks[k] / 100));
            else
                bmp_table_cell(t, "%s", "");
        }
        char m[32] = "";
        if (e->match)
            bmp_points_format(e->match, m, sizeof m);
        bmp_table_cell(t, "%s", m);
        st = bmp_table_cell(t, "%s", e->starred ? "**" : "");
    }
    return st;
}

static bmp_status min_tables(acbl_edition ed, bmp_table *t)
{
    static const char *const cols[] = {"tables", "pairs_X_pct", "teams_pct", "starred_ko_first_2003",
                                       NULL};
    bmp_status st = bmp_table_title(t, ed == ACBL_ED_2003
                                           ? "ACBL NABC minimum tables (2003 p.6-8: ACBL-54, "
                                             "ACBL-56, ACBL-58)"
                                           : "ACBL NABC minimum tables (later §III.A-B: ACBL-54, "
                                             "ACBL-56)");
    if (!st)
        st = bmp_table_columns(t, cols);
    for (int n = 10; n <= 50 && !st; n++) {
        int pp = acbl_nabc_pairs_min_pm(ed, n), tp = acbl_nabc_teams_min_pm(ed, n);
        bmp_table_cell(t, "%d", n);
        bmp_table_cell(t, "%d.%d", pp / 10, pp % 10);
        bmp_table_cell(t, "%d.%d", tp / 10, tp % 10);
        if (ed == ACBL_ED_2003)
            st = bmp_table_cell(t, "%lld", (long long)(acbl_nabc_starred_first_2003(n) / 100));
        else
            st = bmp_table_cell(t, "%s", "");
    }
    return st;
}

static bmp_status wbf_table(acbl_edition ed, bmp_table *t)
{
    static const char *const cols[] = {"key", "wbf_event", "wbf_award", "closest_nabc_equivalent",
                                       "mp_award", NULL};
    bmp_status st = bmp_table_title(t, "ACBL masterpoints for WBF events (ACBL-97)");
    if (!st)
        st = bmp_table_columns(t, cols);
    const acbl_wbf_event *w;
    for (size_t i = 0; (w = acbl_wbf_event_at(ed, i)) && !st; i++) {
        bmp_table_cell(t, "%s", w->key);
        bmp_table_cell(t, "%s", w->name);
        bmp_table_cell(t, "%d", w->wbf_award);
        bmp_table_cell(t, "%s", w->equivalent);
        st = bmp_table_cell(t, "%lld", (long long)(w->first / 100));
    }
    return st;
}

bmp_status acbl_ko_scale(const char *name, acbl_edition ed, const bmp_params *opts,
                         bmp_table *out, bmp_error *err)
{
    bmp_params none = {0};
    if (!opts)
        opts = &none;
    bmp_status st;
    if (strcmp(name, "appendix-f") == 0) {
        if (ed != ACBL_ED_2003)
            return bmp_not_supported(err, "Appendix F", "ACBL-10", "App. F",
                                     "the later edition has no Appendix F: its bracket counting "
                                     "was removed (D30); use --edition 2003");
        st = appendix_f(opts, out);
    } else if (strcmp(name, "ko-overall-pct") == 0)
        st = overall_pct(ed, out);
    else if (strcmp(name, "ko-reduction-factor") == 0 || strcmp(name, "ko-computed-award") == 0) {
        if (ed == ACBL_ED_2003)
            return bmp_not_supported(err, name, "ACBL-36", "II.A",
                                     "the 2003 KO formula is B x K x L x M x P on bracket table "
                                     "counts (ACBL-25; see appendix-f)");
        st = name[3] == 'r' ? reduction_factor(out) : computed_award(out);
    } else if (strcmp(name, "nabc-pairs") == 0)
        st = nabc_list(ed, false, out);
    else if (strcmp(name, "nabc-teams") == 0)
        st = nabc_list(ed, true, out);
    else if (strcmp(name, "nabc-ko") == 0)
        st = nabc_ko(ed, out);
    else if (strcmp(name, "nabc-min-tables") == 0)
        st = min_tables(ed, out);
    else if (strcmp(name, "wbf") == 0)
        st = wbf_table(ed, out);
    else
        return BMP_ENOTFOUND;
    if (st == BMP_EINVAL)
        return bmp_error_set(err, st, "%s: expected brackets 1-64 and teams >= 1", name);
    return st ? bmp_error_oom(err) : BMP_OK;
}
