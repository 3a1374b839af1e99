/* EBU engine internals (Master Points and Licensing Handbook 2024).
 * Rule IDs are those of shared/spec/ebu.md (EBU-1 ... EBU-137). */
#ifndef BMP_EBU_INTERNAL_H
#define BMP_EBU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "bridgemp/bridgemp.h"
#include "core/tie.h"

/* ---- Status (3.2) ---------------------------------------------------------
 * A status is carried as its multiplier of Club in quarters (m4), so that
 * every level the handbook names is a whole number: one below Club 3 (x3/4,
 * 4.2.7), Club 4, District 6, County 8, Regional 12, National 16, one above
 * National 24 (2 x Regional, Scale E note); sections and leagues also use
 * 2 1/2 and 3 1/2 x Club (10, 14). */
enum { EBU_M4_BELOW_CLUB = 3, EBU_M4_CLUB = 4, EBU_M4_DISTRICT = 6, EBU_M4_COUNTY = 8,
       EBU_M4_REGIONAL = 12, EBU_M4_NATIONAL = 16, EBU_M4_ABOVE_NATIONAL = 24 };

/* "club", "district", "county", "regional", "national" -> m4; 0 if unknown. */
int ebu_status_parse(const char *s);
/* "Club", "District", ... or "x<m>" for other levels (static text per level). */
const char *ebu_status_name(int m4);
/* Move `steps` levels up (>0) or down (<0) the ladder 3,4,6,8,12,16,24.
 * Returns 0 when the level is undefined (EBU ruling AMB-8: two above
 * National, or a change from a half level). */
int ebu_status_shift(int m4, int steps);
/* Like ebu_status_shift, but never below Club (4.3.3, 1.6 side events). */
int ebu_status_down_min_club(int m4);

/* ---- Movements and durations (4.1) --------------------------------------- */
typedef enum ebu_move {
    EBU_TEAMS,       /* teams, two-winner pairs (per direction), four-winner individual */
    EBU_PAIRS_1W,    /* single-winner pairs */
    EBU_INDIV_1W     /* single-winner individual (Scale F) */
} ebu_move;

typedef enum ebu_band { EBU_B12_17, EBU_B18_35, EBU_B36 } ebu_band;

/* Duration band of an event of `boards` boards; false below 12 (EBU-28). */
bool ebu_band_of(int boards, ebu_band *band);
const char *ebu_band_name(ebu_band b);

/* ---- A linear scale: awards top, top - top/n, ..., top/n (4.1, 4.2, 4.4) --- */
typedef struct ebu_scale {
    int m4;          /* status multiplier x4 */
    int step2;       /* Club step x2 (20 teams, 12 1w pairs, 6 indiv, 36 QA teams ...) */
    int pct;         /* 100, or 150 for the +50 % of 72+-board match-won ranking */
    int k;           /* number of awards the scale gives */
    int n;           /* places of the linear decrease: k, or F finalists when fewer (4.2.4) */
    int tables;      /* N (full tables / teams / original entry) */
    int max_club;    /* theoretical maximum at Club (0 = none) */
    int t;           /* tables at which the maximum is reached (the sqrt divisor, 4.4.9) */
    int min2;        /* minimum award at Club x2 (12 = 6; strat 10/8/6/4) */
    bool capped;     /* top is the (enlarged) maximum rather than step x k (4.4.3) */
} ebu_scale;

/* Uncapped scale top step*k*m*pct in hundredths (exact; fractions kept). */
int64_t ebu_scale_uncapped_x800(const ebu_scale *s); /* top x 800 (exact integer) */
/* Apply the theoretical maximum and the sqrt enlargement (4.4.3, 4.4.9). */
void ebu_scale_cap(ebu_scale *s);
/* The top award as a real number (for explanations only). */
double ebu_scale_top(const ebu_scale *s);
/* Award, whole Local Points rounded up, for a contestant covering places
 * lo..hi (a tie shares the places' awards, each raised to the minimum;
 * the share is raised to the minimum; places beyond n count 0) (3.4, 3.5). */
bmp_points ebu_scale_share(const ebu_scale *s, int lo, int hi);
/* Place i of a linear scale of *(int *)n awards counts n - i + 1 steps
 * (a core_place_value_fn for core/tie.h: ladders 4.11, leagues 4.8). */
bmp_status ebu_linear_steps(void *n, int place, core_exact *steps);
/* Award for place i alone (no tie). */
bmp_points ebu_scale_award(const ebu_scale *s, int i);
/* Minimum award in whole points (rounded up). */
bmp_points ebu_scale_min(const ebu_scale *s);

/* Basic event scale (Scales A-F, 4.1): N full tables (teams: teams; two-winner:
 * tables, per direction), status m4, band, movement; qualifying = a first
 * qualifying stage of 36+ boards (max 180, 4.2.1). */
ebu_scale ebu_basic_scale(int m4, ebu_band band, ebu_move mv, int tables, bool qualifying);

/* Quali-final scales QA-QE (4.2): original entry N, finalists (0 = at
 * least k); later_stage = a second or later qualifying stage (max 180). */
ebu_scale ebu_qa_scale(int m4, ebu_move mv, int original, int finalists, bool later_stage);
/* Scale QF (4.6.6 b): qualified finals of match-won events. */
ebu_scale ebu_qf_scale(int m4, ebu_move mv, int original, int finalists, bool later_stage);

/* Stratified categories (Scale S, QS; 4.12): cat 0 = unstratified, 1..4 = A..D. */
ebu_scale ebu_s_scale(int m4, ebu_band band, ebu_move mv, int tables, int cat);
ebu_scale ebu_qs_scale(int m4, ebu_move mv, int original, int cat);

/* Minimum full tables for any award (3.1.1, EBU-27); four_winner for a
 * fixed-direction individual. */
int ebu_min_tables(ebu_move mv, bool two_winner_pairs, bool four_winner);

/* ---- Fixed tables ---------------------------------------------------------- */
/* 4.6.3 award per match won (whole Local Points), by boards in the match. */
int ebu_match_won(int m4, int boards);
/* 4.7.7 KO award per match won at Club: type 0 single-elim teams, 1 double-
 * elim teams, 2 single-elim pairs; round 0 = preliminary, 1.. = rounds.
 * Rounds beyond the maximum get the preliminary award (4.7.4); returns 0
 * for a type out of range. */
int ebu_ko_club(int type, int round);
int ebu_ko_max_rounds(int type);
/* 4.7.9: round number of a KO stage of `stage` teams (a power of 2) from an
 * original entry of `original` teams; 0 if undefined. */
int ebu_ko_round(int original, int stage);
/* 4.8.5-4.8.7 league key figure K = num/den exactly for division d of n;
 * org m4 = Club 4, District 6, County 8.  Printed values are ceil(K). */
bool ebu_league_key(int org_m4, int n, int d, int64_t *num, int64_t *den);
/* 4.9.4-4.9.8 multiplier of Club (num/den) of section s of n; org as above. */
bool ebu_section_mult(int org_m4, int n, int s, int64_t *num, int64_t *den);
/* 4.4.9 actual maximum: max x sqrt(a/t), rounded up. */
bmp_points ebu_sqrt_max(int max_whole, int a, int t);
/* 6.4.7 Green Points per round won (draw = half) in hundredths of a GP. */
bmp_points ebu_green_round(int boards, bool draw);
/* 4.11.5-4.11.7 ladder bonus: n awards of unit (Club), by average tables;
 * kind 0 teams, 1 pairs, 2 individual. */
void ebu_ladder(int avg_tables, int kind, int *n, int *unit);
/* 6.2.2 Green Points (hundredths) per KO match won: row by teams (see
 * ebu_green_ko_row), col 0 = round of 65+ ... 6 = final; 0 = no such round. */
bmp_points ebu_green_ko(int row, int col);
int ebu_green_ko_row(int teams);
/* 4.6.6 a and 4.6.7: match-award multiplier x2 by the proportion qualified. */
int ebu_qualified_mult2(int finalists, int original);
int ebu_consolation_mult2(int consolation, int original);

/* ---- Engine --------------------------------------------------------------- */
/* Add tmpl for each player of its contestant who played >= 1/3 of the
 * boards (3.3.2); explain is printf-style. */
bmp_status ebu_emit(const bmp_event *ev, bmp_awards *out, bmp_error *err, const bmp_award *tmpl,
                    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
bmp_status ebu_ko_event(const bmp_event *ev, int m4, bool green, const char *colour,
                        bmp_awards *out, bmp_error *err);
bmp_status ebu_league_event(const bmp_event *ev, int org_m4, int duration, const char *colour,
                            bool blue, bmp_awards *out, bmp_error *err);
bmp_status ebu_green_league_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);
bmp_points ebu_green_league_match(int division, int boards, bool draw);
int ebu_green_league_bonus(int teams, int place);
bmp_status ebu_ladder_event(const bmp_event *ev, int m4, const char *colour, bool blue,
                            bmp_awards *out, bmp_error *err);
bmp_points ebu_green_heat(int teams, int boards, int place);
/* 6.2.4 (EBU-123): double-elimination county teams KO in Green (green_double.c). */
bmp_status ebu_green_double_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);
/* 4.7.7, 4.7.8 (EBU-87, EBU-91): double-elimination KO in Local (ko_double.c). */
bmp_status ebu_ko_double_event(const bmp_event *ev, int m4, const char *colour, bmp_awards *out,
                               bmp_error *err);
/* 4.5.9 (EBU-78): *no_awards for a ranking play-off (playoff.c). */
bmp_status ebu_ranking_playoff_check(const bmp_event *ev, bool *no_awards, bmp_awards *out,
                                     bmp_error *err);
/* 1.2.7 b, 4.10.3 (EBU-16): an inter-organisation event: a basic event on
 * its actual entry; params of earlier stages refused (playoff.c). */
bmp_status ebu_inter_organisation_check(const bmp_event *ev, bmp_awards *out, bmp_error *err);
/* 3.10.1 (EBU-39): *no_awards for a handicap event not re-scored (handicap.c). */
bmp_status ebu_handicap_check(const bmp_event *ev, bool *no_awards, bmp_awards *out,
                              bmp_error *err);
/* 3.8 (EBU-37), 4.8.9 (EBU-99): an event with section groups awarded
 * within each section by `award` (the dispatcher, passed in: no include
 * circle) (*done), or one ranked across params.field_sections sections
 * checked against 3.8.1 (sections.c). */
typedef bmp_status (*ebu_award_fn)(const bmp_event *ev, bmp_awards *out, bmp_error *err);
bmp_status ebu_sections_event(const bmp_event *ev, ebu_award_fn award, bool *done,
                              bmp_awards *out, bmp_error *err);
/* 4.8.9 (EBU-99): league play-offs; a sub-division play-off's status (sections.c). */
bmp_status ebu_playoff_status(const bmp_event *ev, int *m4, bmp_awards *out, bmp_error *err);
/* 3.11.1 (EBU-40): a stage including a carried-forward score (carry.c). */
bmp_status ebu_carry_forward_check(const bmp_event *ev, bmp_awards *out, bmp_error *err);
bmp_status ebu_green_heat_event(const bmp_event *ev, int duration, bmp_awards *out,
                                bmp_error *err);
bmp_status ebu_strat_counts(const bmp_event *ev, int count[5], bmp_error *err);
bmp_status ebu_strat_best(const bmp_event *ev, size_t i, const int count[5], int m4,
                          ebu_band band, ebu_move mv, bool qs, int pct, bmp_points *best,
                          int *best_list, bmp_place *bp, bmp_error *err);
bmp_status ebu_strat_event(const bmp_event *ev, int m4, ebu_band band, ebu_move mv, bool qs,
                           int pct, const char *colour, bool blue, bmp_awards *out, bmp_error *err);
bmp_status ebu_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);

/* params.c: the EBU parameter spec; ebu_award_event refuses anything else. */
extern const bmp_param_specs ebu_param_specs;
bmp_status ebu_scale_table(const char *name, const bmp_params *opts, bmp_table *out,
                           bmp_error *err);

/* ---- Ranks through bmp_rules (ranks.c) --------------------------------- */

/* Holding indices: the order of ebu_rules.point_types. */
enum { EBU_PT_LOCAL, EBU_PT_BLUE, EBU_PT_GREEN, EBU_PT_GOLD };
bmp_status ebu_rules_rank(const bmp_holding *h, bmp_rank *out, bmp_error *err);
bool ebu_rules_rank_info(int ordinal, bmp_rank_info *out);

#endif
