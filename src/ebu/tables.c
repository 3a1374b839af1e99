/* `bridgemp scale ebu <TABLE>`: every EBU table the engine generates, printed
 * from the same functions the awards use (Appendix scales, 4.6.3, 4.7.7,
 * 4.8, 4.9, 4.4.9, 4.11, 6.2.2, 6.4.7, 2.6).  Scale cells are the scale's
 * top award (whole Local Points, rounded up) and its number of awards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

#define TRY(x)                                                                                 \
    do {                                                                                       \
        bmp_status st_ = (x);                                                                  \
        if (st_)                                                                               \
            return st_;                                                                        \
    } while (0)

static bmp_status cell_pts(bmp_table *t, bmp_points p)
{
    return bmp_table_cell(t, "%lld", (long long)(p / 100));
}

/* The top award of a scale, rounded up (the printed figure). */
static bmp_points top_of(const ebu_scale *s)
{
    return s->k > 0 ? ebu_scale_award(s, 1) : 0;
}

/* A numeric option: the CLI passes options as strings. */
static int opt_int(const bmp_params *opts, const char *key, int dflt)
{
    const bmp_param *p = opts ? bmp_params_get(opts, key) : NULL;
    if (!p)
        return dflt;
    if (p->type == BMP_PARAM_NUMBER)
        return (int)p->number;
    if (p->type == BMP_PARAM_STRING && p->string)
        return atoi(p->string);
    return dflt;
}

static int opt_status(const bmp_params *opts, int dflt)
{
    const char *s = opts ? bmp_params_string(opts, "status", NULL) : NULL;
    return s ? ebu_status_parse(s) : dflt;
}

/* Scales A-E (4.1, Appendix): per full tables N, the awards and top for each
 * duration band, teams/two-winner and single-winner pairs. */
static bmp_status basic_table(int m4, const char *letter, bmp_table *t)
{
    static const char *const cols[] = {"tables",      "12-17 2w k", "12-17 2w top", "12-17 1w k",
                                       "12-17 1w top", "18-35 2w k", "18-35 2w top", "18-35 1w k",
                                       "18-35 1w top", "36+ 2w k",   "36+ 2w top",   "36+ 1w k",
                                       "36+ 1w top",   NULL};
    char title[96];
    snprintf(title, sizeof title, "EBU Scale %s: basic events, %s (4.1)", letter,
             ebu_status_name(m4));
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int n = 3; n <= 60; n++) {
        TRY(bmp_table_cell(t, "%d", n));
        for (int b = 0; b < 3; b++)
            for (int mv = 0; mv < 2; mv++) {
                ebu_scale s = ebu_basic_scale(m4, (ebu_band)b, mv ? EBU_PAIRS_1W : EBU_TEAMS, n,
                                              false);
                TRY(bmp_table_cell(t, "%d", s.k));
                TRY(cell_pts(t, top_of(&s)));
            }
    }
    TRY(bmp_table_note(t, "k = awards: top 1/4 (12-17), 1/3 (18-35), 1/2 (36+) of N per "
                          "direction (teams, two-winner) or 2N pairs (one-winner) (4.1.5)"));
    TRY(bmp_table_note(t, "top = step x k x m (10 teams/2w, 6 1w), capped at the theoretical "
                          "maximum x sqrt(N/t) (4.4.2, 4.4.9); minimum award 6 x m"));
    return BMP_OK;
}

static bmp_status scale_f(bmp_table *t)
{
    static const char *const cols[] = {"tables", "band", "awards", "Club", "District", "County",
                                       "Regional", "National", "last (Club)", NULL};
    static const int m4s[5] = {4, 6, 8, 12, 16};
    TRY(bmp_table_title(t, "EBU Scale F: basic single-winner individual (4.1)"));
    TRY(bmp_table_columns(t, cols));
    for (int b = 0; b < 3; b++)
        for (int n = 2; n <= 50; n++) {
            ebu_scale s = ebu_basic_scale(4, (ebu_band)b, EBU_INDIV_1W, n, false);
            TRY(bmp_table_cell(t, "%d", n));
            TRY(bmp_table_cell(t, "%s", ebu_band_name((ebu_band)b)));
            TRY(bmp_table_cell(t, "%d", s.k));
            for (int i = 0; i < 5; i++) {
                ebu_scale si = ebu_basic_scale(m4s[i], (ebu_band)b, EBU_INDIV_1W, n, false);
                TRY(cell_pts(t, top_of(&si)));
            }
            TRY(cell_pts(t, ebu_scale_award(&s, s.k)));
        }
    return bmp_table_note(t, "awards: N (12-17), ceil(4N/3) (18-35), 2N (36+); step 3 x m, "
                             "minimum 6 x m");
}

static bmp_status scale_x(bmp_table *t)
{
    static const char *const cols[] = {"tables", "2w awards", "2w A", "2w B", "2w C", "2w D",
                                       "2w E", "1w awards", "1w A", "1w B", "1w C", "1w D",
                                       "1w E", NULL};
    static const int m4s[5] = {4, 6, 8, 12, 16};
    TRY(bmp_table_title(t, "EBU Scale X: Scales A-E for 18-35 boards"));
    TRY(bmp_table_columns(t, cols));
    for (int n = 3; n <= 30; n++) {
        TRY(bmp_table_cell(t, "%d", n));
        for (int mv = 0; mv < 2; mv++) {
            ebu_scale s = ebu_basic_scale(4, EBU_B18_35, mv ? EBU_PAIRS_1W : EBU_TEAMS, n, false);
            TRY(bmp_table_cell(t, "%d", s.k));
            for (int i = 0; i < 5; i++) {
                ebu_scale si =
                    ebu_basic_scale(m4s[i], EBU_B18_35, mv ? EBU_PAIRS_1W : EBU_TEAMS, n, false);
                TRY(cell_pts(t, top_of(&si)));
            }
        }
    }
    return BMP_OK;
}

static bmp_status scale_q(int m4, bool qf, const char *letter, bmp_table *t)
{
    static const char *const cols[] = {"original tables", "teams/2w awards", "teams/2w top",
                                       "1w pairs awards", "1w pairs top", "1w indiv awards",
                                       "1w indiv top", NULL};
    char title[96];
    snprintf(title, sizeof title, "EBU Scale %s: %s, %s", letter,
             qf ? "qualified finals of match-won events (4.6.6)" : "finals (4.2)",
             ebu_status_name(m4));
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int n = 1; n <= 70; n++) {
        TRY(bmp_table_cell(t, "%d", n));
        for (int mv = 0; mv < 3; mv++) {
            ebu_scale s = qf ? ebu_qf_scale(m4, (ebu_move)mv, n, 0, false)
                             : ebu_qa_scale(m4, (ebu_move)mv, n, 0, false);
            TRY(bmp_table_cell(t, "%d", s.k));
            TRY(cell_pts(t, top_of(&s)));
        }
    }
    return bmp_table_note(t, qf ? "awards to the top 1/8 of the original entry; steps 40 / 24 / "
                                  "12 x m; maximum 300 x m"
                                : "awards to the top 1/4 of the original entry; steps 18 / 11 / "
                                  "5.5 x m; maximum 300 x m");
}

static bmp_status scale_strat(bool qs, const bmp_params *opts, bmp_table *t, bmp_error *err)
{
    static const char *const cols[] = {"movement",   "tables", "awards", "unstratified", "A",
                                       "B",          "C",      "D",      NULL};
    int m4 = opt_status(opts, EBU_M4_CLUB);
    if (m4 == 0)
        return bmp_error_set(err, BMP_EINVAL, "status: expected club, district, county, "
                                              "regional or national");
    int boards = opt_int(opts, "boards", 24);
    ebu_band band;
    if (!ebu_band_of(boards, &band))
        return bmp_error_set(err, BMP_EINVAL, "boards: expected 12 or more");
    char title[128];
    snprintf(title, sizeof title, "EBU Scale %s: stratified %s, %s%s%s", qs ? "QS" : "S",
             qs ? "ranking awards (4.12.7)" : "basic events (4.12)", ebu_status_name(m4),
             qs ? "" : ", ", qs ? "" : ebu_band_name(band));
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int mv = 0; mv < 2; mv++)
        for (int n = 3; n <= 40; n++) {
            ebu_move m = mv ? EBU_PAIRS_1W : EBU_TEAMS;
            TRY(bmp_table_cell(t, "%s", mv ? "1w pairs" : "teams/2w"));
            TRY(bmp_table_cell(t, "%d", n));
            ebu_scale s0 = qs ? ebu_qs_scale(m4, m, n, 0) : ebu_s_scale(m4, band, m, n, 0);
            TRY(bmp_table_cell(t, "%d", s0.k));
            for (int cat = 0; cat < 5; cat++) {
                ebu_scale s = qs ? ebu_qs_scale(m4, m, n, cat) : ebu_s_scale(m4, band, m, n, cat);
                TRY(cell_pts(t, top_of(&s)));
            }
        }
    return BMP_OK;
}

static bmp_status match_won(bmp_table *t)
{
    static const char *const cols[] = {"boards", "Club", "District", "County", "Regional",
                                       "National", NULL};
    static const int m4s[5] = {4, 6, 8, 12, 16};
    TRY(bmp_table_title(t, "EBU award per match won (4.6.3)"));
    TRY(bmp_table_columns(t, cols));
    for (int b = 1; b <= 19; b++) {
        int boards = b <= 17 ? b : b == 18 ? 18 : 36;
        if (b <= 17)
            TRY(bmp_table_cell(t, "%d", b));
        else
            TRY(bmp_table_cell(t, "%s", b == 18 ? "18-35" : "36+"));
        for (int i = 0; i < 5; i++)
            TRY(bmp_table_cell(t, "%d", ebu_match_won(m4s[i], boards)));
    }
    return bmp_table_note(t, "boards x 1 1/2 x m rounded up; 18-35 = the 18-board value; 36+ = "
                             "1 1/2 x the 18-35 value");
}

static bmp_status ko(bmp_table *t)
{
    static const char *const cols[] = {"type",    "prelim",  "round 1", "round 2", "round 3",
                                       "round 4", "round 5", "round 6", "round 7", "round 8",
                                       NULL};
    static const char *const names[3] = {"single-elimination teams", "double-elimination teams",
                                         "single-elimination pairs"};
    TRY(bmp_table_title(t, "EBU knock-out award per match won, Club, 18-35 boards (4.7.7)"));
    TRY(bmp_table_columns(t, cols));
    for (int ty = 0; ty < 3; ty++) {
        TRY(bmp_table_cell(t, "%s", names[ty]));
        for (int r = 0; r <= 8; r++) {
            if (r > ebu_ko_max_rounds(ty))
                TRY(bmp_table_cell(t, "-"));
            else
                TRY(bmp_table_cell(t, "%d", ebu_ko_club(ty, r)));
        }
    }
    return bmp_table_note(t, "x status (4.7.6); 36+-board matches +1 status, fewer than 18 "
                             "boards pro rata (4.7.3)");
}

static int opt_org(const bmp_params *opts)
{
    const char *o = opts ? bmp_params_string(opts, "org", "club") : "club";
    return strcasecmp(o, "club") == 0       ? EBU_M4_CLUB
           : strcasecmp(o, "district") == 0 ? EBU_M4_DISTRICT
           : strcasecmp(o, "county") == 0   ? EBU_M4_COUNTY
                                            : 0;
}

static bmp_status league(const bmp_params *opts, bmp_table *t, bmp_error *err)
{
    int org = opt_org(opts);
    if (!org)
        return bmp_error_set(err, BMP_EINVAL, "org: expected club, district or county");
    static const char *const cols[] = {"divisions", "div 1", "div 2", "div 3", "div 4", "div 5",
                                       "div 6",     "div 7", "div 8", "div 9", "div 10", NULL};
    char title[96];
    snprintf(title, sizeof title, "EBU teams-league key figures, %s organisation (4.8.5-4.8.7)",
             ebu_status_name(org));
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int n = 1; n <= 10; n++) {
        TRY(bmp_table_cell(t, "%d", n));
        for (int d = 1; d <= 10; d++) {
            int64_t num, den;
            if (d <= n && ebu_league_key(org, n, d, &num, &den))
                TRY(bmp_table_cell(t, "%lld", (long long)((num + den - 1) / den)));
            else
                TRY(bmp_table_cell(t, "%s", ""));
        }
    }
    return bmp_table_note(t, "award per match won K; ranking awards k x K, (k-1) x K, ..., K "
                             "to the top 1/4 of each division (4.8.3, 4.8.4)");
}

static bmp_status sections(const bmp_params *opts, bmp_table *t, bmp_error *err)
{
    int org = opt_org(opts);
    if (!org)
        return bmp_error_set(err, BMP_EINVAL, "org: expected club, district or county");
    static const char *const cols[] = {"sections", "1", "2", "3", "4", "5", "6", "7", "8",
                                       NULL};
    char title[96];
    snprintf(title, sizeof title,
             "EBU sections of differing status, multiple of Club, %s (4.9.4-4.9.8)",
             org == EBU_M4_DISTRICT ? "District league" : ebu_status_name(org));
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int n = 1; n <= 8; n++) {
        TRY(bmp_table_cell(t, "%d", n));
        for (int s = 1; s <= 8; s++) {
            int64_t num, den;
            if (s <= n && ebu_section_mult(org, n, s, &num, &den)) {
                int64_t a = num, b = den;
                while (b) {
                    int64_t r = a % b;
                    a = b;
                    b = r;
                }
                if (den / a == 1)
                    TRY(bmp_table_cell(t, "%lld", (long long)(num / a)));
                else
                    TRY(bmp_table_cell(t, "%lld/%lld", (long long)(num / a),
                                       (long long)(den / a)));
            } else {
                TRY(bmp_table_cell(t, "%s", ""));
            }
        }
    }
    return BMP_OK;
}

static bmp_status sqrt_table(const bmp_params *opts, bmp_table *t, bmp_error *err)
{
    static const char *const cols[] = {"tables", "actual maximum", NULL};
    int max = opt_int(opts, "max", 100);
    int tt = opt_int(opts, "t", 25);
    if (max < 1 || tt < 1)
        return bmp_error_set(err, BMP_EINVAL, "max and t: expected whole numbers >= 1");
    char title[128];
    snprintf(title, sizeof title, "EBU actual maximum = %d x sqrt(tables/%d), rounded up (4.4.9)",
             max, tt);
    TRY(bmp_table_title(t, title));
    TRY(bmp_table_columns(t, cols));
    for (int a = 30; a <= 180; a += 10) {
        TRY(bmp_table_cell(t, "%d", a));
        TRY(cell_pts(t, ebu_sqrt_max(max, a, tt)));
    }
    return BMP_OK;
}

static bmp_status ladder(bmp_table *t)
{
    static const char *const cols[] = {"average tables", "teams", "pairs", "individual", NULL};
    static const int reps[3] = {8, 17, 18};
    static const char *const labels[3] = {"up to 8", "9-17", "18+"};
    TRY(bmp_table_title(t, "EBU ladder bonus, Club: n awards at u (4.11.5-4.11.7)"));
    TRY(bmp_table_columns(t, cols));
    for (int r = 0; r < 3; r++) {
        TRY(bmp_table_cell(t, "%s", labels[r]));
        for (int k = 0; k < 3; k++) {
            int n, u;
            ebu_ladder(reps[r], k, &n, &u);
            TRY(bmp_table_cell(t, "%d x %d", n, u));
        }
    }
    return bmp_table_note(t, "n awards at u = n u, (n-1) u, ..., u; x status; +1 status with 18+ "
                             "games, +1 when used to qualify for a final (4.11.8, 4.11.9)");
}

static bmp_status gp_round(bmp_table *t)
{
    static const char *const cols[] = {"boards", "win", "draw", NULL};
    TRY(bmp_table_title(t, "EBU Green Points per round won or drawn (6.4.7)"));
    TRY(bmp_table_columns(t, cols));
    for (int b = 2; b <= 12; b++) {
        char w[32], d[32];
        bmp_points_format(ebu_green_round(b, false), w, sizeof w);
        bmp_points_format(ebu_green_round(b, true), d, sizeof d);
        TRY(bmp_table_cell(t, "%d", b));
        TRY(bmp_table_cell(t, "%s", w));
        TRY(bmp_table_cell(t, "%s", d));
    }
    return bmp_table_note(t, "boards / 29 rounded up to 0.01; a draw boards / 58");
}

static bmp_status gp_ko(bmp_table *t)
{
    static const char *const cols[] = {"teams", "R65+", "R33-64", "R17-32", "R9-16",
                                       "QF",    "SF",   "final",  NULL};
    static const char *const rows[6] = {"3-4", "5-8", "9-16", "17-32", "33-64", "65+"};
    TRY(bmp_table_title(t, "EBU Green Points per KO match won, county teams (6.2.2)"));
    TRY(bmp_table_columns(t, cols));
    for (int r = 0; r < 6; r++) {
        TRY(bmp_table_cell(t, "%s", rows[r]));
        for (int c = 0; c < 7; c++) {
            bmp_points p = ebu_green_ko(r, c);
            if (p <= 0) {
                TRY(bmp_table_cell(t, "-"));
            } else {
                char b[32];
                bmp_points_format(p, b, sizeof b);
                TRY(bmp_table_cell(t, "%s", b));
            }
        }
    }
    return bmp_table_note(t, "every KO match at least 24 boards (6.2.1); double elimination: "
                             "value - 0.25, minimum 0.25 (6.2.4)");
}

static bmp_status ranks(bmp_table *t)
{
    static const char *const cols[] = {"seniority", "rank", "overall holding", "Green Points",
                                       NULL};
    TRY(bmp_table_title(t, "EBU master point ranks (2.6)"));
    TRY(bmp_table_columns(t, cols));
    for (int i = 1; i <= BMP_EBU_NRANKS; i++) {
        const char *name;
        int64_t total;
        int green;
        bmp_ebu_rank_requirements(i, &name, &total, &green);
        bool star = i == 14 || i == 16 || i == 18 || i == 20 || i == 22 || i == 28;
        TRY(bmp_table_cell(t, "%d", i));
        TRY(bmp_table_cell(t, "%s%s", star ? "* " : "", name));
        TRY(bmp_table_cell(t, "%lld", (long long)total));
        TRY(bmp_table_cell(t, "%d", green));
    }
    return bmp_table_note(t, "up to 50 of the Green Points may be replaced by Blue Points at 3 "
                             "Blue = 1 Green (2.4.2 b)");
}

bmp_status ebu_scale_table(const char *name, const bmp_params *opts, bmp_table *out,
                           bmp_error *err)
{
    static const char *const letters[5] = {"A", "B", "C", "D", "E"};
    static const int m4s[5] = {4, 6, 8, 12, 16};
    for (int i = 0; i < 5; i++) {
        if (strcasecmp(name, letters[i]) == 0)
            return basic_table(m4s[i], letters[i], out);
        char q[3] = {'Q', letters[i][0], 0};
        if (strcasecmp(name, q) == 0)
            return scale_q(m4s[i], false, q, out);
    }
    if (strcasecmp(name, "F") == 0)
        return scale_f(out);
    if (strcasecmp(name, "X") == 0)
        return scale_x(out);
    if (strcasecmp(name, "QF") == 0) {
        int m4 = opt_status(opts, EBU_M4_CLUB);
        if (!m4)
            return bmp_error_set(err, BMP_EINVAL, "status: expected club, district, county, "
                                                  "regional or national");
        return scale_q(m4, true, "QF", out);
    }
    if (strcasecmp(name, "S") == 0 || strcasecmp(name, "QS") == 0)
        return scale_strat(strcasecmp(name, "QS") == 0, opts, out, err);
    if (strcasecmp(name, "match-won") == 0)
        return match_won(out);
    if (strcasecmp(name, "ko") == 0)
        return ko(out);
    if (strcasecmp(name, "league") == 0)
        return league(opts, out, err);
    if (strcasecmp(name, "sections") == 0)
        return sections(opts, out, err);
    if (strcasecmp(name, "sqrt") == 0)
        return sqrt_table(opts, out, err);
    if (strcasecmp(name, "ladder") == 0)
        return ladder(out);
    if (strcasecmp(name, "gp-round") == 0)
        return gp_round(out);
    if (strcasecmp(name, "gp-ko") == 0)
        return gp_ko(out);
    if (strcasecmp(name, "ranks") == 0)
        return ranks(out);
    return bmp_error_set(err, BMP_ENOTFOUND,
                         "unknown EBU table \"%s\" (expected A-F, X, QA-QF, S, QS, match-won, "
                         "ko, league, sections, sqrt, ladder, gp-round, gp-ko or ranks)",
                         name);
}
