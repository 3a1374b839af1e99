/* ABF Masterpoint Scheme (27/07/2025): internal interface of src/abf.
 *
 * Grades (1.5.1, 3.1.3), the award formulae (3.1, 4.1.1), match awards
 * (4.2.3), factors (4.2.5, 4.4.9, 4.4.10), congresses (5.x) and national
 * events (7.5).  Not public API: the library's users go through bmp_rules.
 *
 * Unrounded awards travel as core_exact (core/exact.h): an exact rational
 * while the computation is linear, a double once an exponential formula is
 * involved.  Each award is rounded once, at the end (4.4.2).
 */
#ifndef BMP_ABF_INTERNAL_H
#define BMP_ABF_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "bridgemp/bridgemp.h"
#include "core/exact.h"

/* ---- Grades (ABF-1 .. ABF-5) ------------------------------------------- */

typedef struct abf_grade {
    const char *code;        /* "E", "B4c", "A2" ... */
    const char *colour;      /* "green", "red", "gold" (1.6) */
    int pairs_w100;          /* pairs weight W x 100 (1.5.1) */
    int teams_w100;          /* teams weight W x 100 */
    const char *description;
    char pairs_table;        /* 'A', 'B' or 'C': Tables 1x/2x/3x used for pairs (3.1.3) */
    int pairs_factor100;     /* multiplying factor x 100 for pairs */
    char teams_table;        /* tables used for teams (matches < 5 boards, outright) */
    int teams_factor100;
} abf_grade;

/* Case-insensitive lookup ("b4c" -> B4c); NULL when unknown. */
const abf_grade *abf_grade_find(const char *code);
/* All grades in 1.5.1 order, NULL-terminated. */
const abf_grade *const *abf_grades(void);
/* Weight of table letter 'A'/'B'/'C' x 100 (1.0, 1.5, 2.5), 0 if bad. */
int abf_table_w100(char letter);
/* Grade weight x 100 for pairs (teams = false) or teams. */
int abf_grade_w100(const abf_grade *g, bool teams);
/* Teams session rate per board in 1/100000 masterpoint (0.008 -> 800). */
int64_t abf_rate_per_board_e5(const abf_grade *g);

/* ---- Exact unrounded values (core/exact.h) ---------------------------- */

/* Round to 0.01 with mode (4.4.2). */
bmp_points abf_round(core_exact v, bmp_round_mode mode);

/* ---- Formulae (3.1.1, 3.1.2, 4.1.1) ------------------------------------ */

/* ABF-6/ABF-7 winner's session award for T tables at weight w100. */
core_exact abf_session_winner(bool one_winner, int tables, int w100);
/* ABF-28 outright winner's award F(T,S) with the S=2/S=3 clamps. */
core_exact abf_outright_winner(int tables, int sessions, int w100);
/* The unclamped formula F(T,S). */
double abf_outright_formula(int tables, int sessions, int w100);
/* ABF-10 award for place k (1-based) given the winner's award. */
core_exact abf_place_award(core_exact winner, int place);
/* ABF-11 places paid: top half rounded down (pairs, individual), or top
 * third rounded up (teams, Butler, matches of >= 5 boards). */
int abf_places_top_half(int field);
int abf_places_top_third(int field);
/* Session places paid for a field of T tables (Mitchell: floor(T/2) per
 * direction; Howell: T; individual: 2T). */
int abf_session_places(bool one_winner, bool individual, int tables);
/* ABF-9/ABF-30 a half table counts as a whole one (ceil). */
int abf_round_tables(double tables);
/* ABF-31 sessions counted from boards: total/24 (15 for F), fraction dropped
 * unless it exceeds 0.83. */
int abf_sessions_from_boards(int total_boards, int session_boards);
/* ABF-40 tie share over places lo..hi when `paid` places are paid, from the
 * unrounded place awards (winner given). Returns false if nothing is paid. */
bool abf_tie_share(core_exact winner, int paid, int lo, int hi, core_exact *out);

/* ABF-37 (App. A "Singles"): partnerships needed = ceil(min sessions / 3). */
int abf_singles_min_partnerships(int min_sessions);
/* ABF-41 (4.4.6 NOTE): neighbours are tied when their scores differ by less
 * than 0.1 of the scoring unit, or by less than 0.01 VP. */
bool abf_scores_tied(double a, double b, double unit, bool vp);

/* ABF-43 (4.4.5 NOTE): split a per-player award among n team members whose
 * shares are 1.0 (eligible) or their fraction of Playoff Qualifying Points;
 * what the others lose is shared equally among the eligible members. */
void abf_pqp_split(bmp_points award, const double *shares, size_t n, bmp_round_mode mode,
                   bmp_points *out);

/* ABF-13 percentage-based session award (4.2.2), rounded down; 0 below 46 %. */
bmp_points abf_percentage_award(double percent, int w100);

/* ---- Tables 1A..3C (3.2-3.4) ------------------------------------------- */

/* Table cell: kind '1','2','3'; letter 'A','B','C'; row T; col = place
 * (1..9) for session tables or S (2..10) for outright tables.  Returns false
 * when the table prints no award there (blank cell). */
bool abf_table_cell(char kind, char letter, int tables, int col, bmp_round_mode mode,
                    bmp_points *out);
/* Printed T range of a table. */
void abf_table_range(char kind, char letter, int *tmin, int *tmax);
bmp_status abf_scale(const char *name, const bmp_params *opts, bmp_table *out, bmp_error *err);

/* ---- Match awards (4.2.3) ---------------------------------------------- */

/* ABF-20: the match result for the home side: 1 win, 0 lose, -1 shared.
 * margin in IMPs (home - away); a win needs margin > 0.2 IMP per board. */
int abf_match_outcome(double home_imps, double away_imps, int boards);
/* ABF-21 matchpoint match: shared when the winner's score <= 52.5 %. */
bool abf_mp_match_shared(double winner_percent);

/* ---- Factors (4.2.5, 4.4.7, 4.4.9, 4.4.10, 6.2.2) ---------------------- */

/* ABF-46 final premium factor x 1000 for a final of `final_tables` from an
 * original entry of `entry_tables`: 1500, reduced proportionally above the
 * limit max(entry/4, 9), never below 1000. Returns num/den via out. */
void abf_final_premium(double final_tables, double entry_tables, int64_t *num, int64_t *den);
/* ABF-47 consolation session factor x 10000 for consolation k (1-based) of
 * n, graded or not, floored at 1/W; green grades use grade E awards. */
bmp_status abf_consolation_session_factor(const abf_grade *g, int k, int n, bool graded,
                                          bool teams, int64_t *num, int64_t *den,
                                          bmp_error *err);
/* ABF-35 consolation outright proportion: num/den. */
bmp_status abf_consolation_outright(int k, int n, bool graded, int64_t *num, int64_t *den,
                                    bmp_error *err);
/* ABF-35 size ratio: consolation tables vs 75 %..150 % of the final. */
void abf_consolation_size_ratio(double cons_tables, double final_tables, int64_t *num,
                                int64_t *den);
/* ABF-48 master factor x 1000 for a grade and a rank column (Graduate,
 * Club, Local, State, Bronze State, National, Bronze National, Life, Grand,
 * or any of the 21 ranks mapped per AMB-7). */
bmp_status abf_master_factor(const abf_grade *g, const char *rank, int *f1000, bmp_error *err);
/* ABF-48 mixed field "Rank:count,Rank:count": median (or average) factor.
 * Result num/den. */
bmp_status abf_master_factor_field(const abf_grade *g, const char *field, bool average,
                                   int64_t *num, int64_t *den, bmp_error *err);
/* ABF-49 restriction factor applies (age/gender restricted, grade A/A2/B). */
bool abf_restriction_applies(const abf_grade *g, const bmp_event *ev);
/* ABF-15 short session factor: boards/24 (15 for F); false = no award (< 12). */
bool abf_short_session(const abf_grade *g, int boards, int64_t *num, int64_t *den);

/* ---- Congresses (5.x) -------------------------------------------------- */

/* ABF-63/64/71 grade of a congress event: type "state", "tour", "super",
 * "abf-super", "festival"; role "championship", "minor", "walk-in",
 * "restricted", "single-session" (festival), "nominated" (5.3.3). */
bmp_status abf_congress_grade(const char *type, const char *role, const char **grade,
                              bmp_error *err);
/* ABF-32 acceleration (extra sessions) for that congress event. */
int abf_congress_acceleration(const char *type, const char *role);
/* ABF-70 (5.3.1): most major championships a congress may hold. */
int abf_congress_max_majors(const char *type, bool alongside_national);
/* ABF-65/67 (5.1.1, 5.1.3, 5.3.1): validate a congress event; NULL if fine,
 * else the requirement broken (static text). */
const char *abf_congress_check(const char *type, const char *role, int sessions,
                               double tables_per_director);
/* ABF-73/76 (5.4.1, 7.5.1): who masterpoints events of a grade. */
const char *abf_masterpointed_by(const abf_grade *g, bool gnot_qualifying);
/* ABF-85 (1.5.2): may a playing director run this event?  qualifying = a
 * qualifying round (State Championship, GNOT, B4s). */
bool abf_playing_director_allowed(const abf_grade *g, bool congress, bool qualifying,
                                  bool gnot);
/* ABF-72 extra nominated minor championships for table-sessions. */
int abf_large_congress_extra(double table_sessions);
/* ABF-33 walk-in T: min(average attendance, 1.25 x qualified tables). */
double abf_walkin_tables(double average_attendance, double qualified_tables);

/* ---- National events (7.5) --------------------------------------------- */

typedef struct abf_national {
    const char *name;        /* "playoff", "interstate-teams", ... */
    const char *description;
    const char *grade;       /* "A", "A2" or "B" */
    int rate_e5;             /* session rate per board (1e-5 gold), standard stage */
    int final_rate_e5;       /* finals rate */
    int amplify10;           /* table amplification x 10 (30 = x3, 15 = x1.5, 10 = none) */
    const char *section;     /* "7.5.3" */
    const char *rule;        /* "ABF-79" */
} abf_national;

const abf_national *abf_national_find(const char *name);

/* ---- The award entry ---------------------------------------------------- */

bmp_status abf_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);
/* params.c: the ABF parameter spec; abf_award_event refuses anything else. */
extern const bmp_param_specs abf_param_specs;

/* ---- Ranks through bmp_rules (ranks.c) --------------------------------- */

/* Holding indices: the order of abf_rules.point_types. */
enum { ABF_PT_GREEN, ABF_PT_RED, ABF_PT_GOLD };
bmp_status abf_rules_rank(const bmp_holding *h, bmp_rank *out, bmp_error *err);
bool abf_rules_rank_info(int ordinal, bmp_rank_info *out);

#endif
