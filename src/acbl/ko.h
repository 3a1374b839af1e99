/* ACBL knockout teams (2003 p.3-5, p.12-13; later §II, §IV.C), NABC
 * championships (2003 p.5-8; later §III) and WBF events (2003 p.15; later
 * §V).  Internal to the ACBL rule files.
 *
 * Conventions: KO factors and first places are real valued (log10 in B,
 * the Computed Award's interpolation); every KO place below first is taken
 * from the UNROUNDED first (ACBL-8: "all events except KOs" round first
 * first) and rounded once, half-up to the cent.  A KO tie (3/4, 5/8, ...)
 * shares the average of the tied positions' percentages.  NABC fixed
 * awards are exact hundredths; their proportional reductions use integer
 * ratios (bmp_mul_ratio).
 */
#ifndef BMP_ACBL_KO_H
#define BMP_ACBL_KO_H

#include "acbl/acbl_internal.h"

/* ---- Both editions ------------------------------------------------------ */

/* ACBL-25 (2003: Unit 26, Sectional 30, Regional 46, National 70) and
 * ACBL-36 (later: K = R/14).  Clubs have a K only in the club table
 * (ACBL-96: 8.00 / 12.00). */
bmp_status acbl_ko_k(acbl_class c, acbl_edition ed, double *k, bmp_error *err);

/* Options that select a KO position's percentage. */
typedef struct acbl_ko_pct_opts {
    int rounds;          /* later: rounds in the bracket (3, 4, 5+) */
    bool down_to_12;     /* 2003: the event came down to 12 teams (9-12 = 12%) */
    bool non_power_of_two; /* later ACBL-42: below 8th = 1/rank, ties with 9th >= 10% */
    bool playoff;        /* the contestant won a playoff for this place (ACBL-35/43) */
} acbl_ko_pct_opts;

/* ACBL-33 (2003) / ACBL-41, ACBL-42 (later): fraction of first for
 * position pos (1 = 1.0); 0 when the position is not paid. */
double acbl_ko_fraction(acbl_edition ed, int pos, const acbl_ko_pct_opts *o);
/* The fraction for a place lo..hi: the average of the tied positions'
 * fractions; ACBL-42's 10% minimum for a tie including 9th;
 * ACBL-35 / ACBL-43 playoff winners for 3/4 (3rd) 22.50%. */
double acbl_ko_place_fraction(acbl_edition ed, int lo, int hi, const acbl_ko_pct_opts *o);

/* ACBL-35 (2003): positions that playoffs may fill: 8-15 teams -> 4,
 * 16-31 -> 8, 32+ -> 16; 0 = no playoffs (fewer than 8 teams). */
int acbl_ko_playoff_positions_2003(int teams);

/* Bracket and flight gold (ACBL-50, ACBL-51) are acbl_ko_bracket_gold and
 * acbl_ko_flight_gold in pigment.c (acbl_internal.h). */

/* ACBL-46: places paid in a compact KO by original entry: 9+ -> 4, 5-8
 * -> 2, 3-4 -> 1; fewer than 3 -> 0. */
int acbl_ko_compact_depth(int teams);

/* ACBL-48: the place whose award a team that forfeited from place p
 * receives: that of the team it beat in its previous match (2 -> 3/4,
 * 3/4 -> 5/8, 5/8 -> 9/16 ...).  A winner cannot forfeit: lo 0. */
bmp_place acbl_ko_forfeit_place(bmp_place p);

/* ---- 2003 (ACBL-25..35) ------------------------------------------------- */

/* ACBL-31: credit for lower-bracket teams by the top team's average MP per
 * player: 300+ -> 1, 100-299 -> 0.5, below 100 -> 0. */
double acbl_ko_lower_credit_2003(double top_team_average);

typedef struct acbl_ko_count {
    double own;     /* teams in the bracket */
    double half;    /* lower teams counted at 1/2 (top bracket only) */
    double third;   /* at 1/3 */
    double fifth;   /* at 1/5 */
    double credit;  /* ACBL-31 factor on the lower part */
    double t;       /* table count for B */
} acbl_ko_count;

/* ACBL-29 / ACBL-10 as Appendix F reproduces them: brackets top
 * first, teams[k] in bracket k, credit[k] its ACBL-31 factor (NULL = all
 * 1).  Fills out[0..n-1]. */
void acbl_ko_counts_2003(const double *teams, const double *credit, size_t n,
                         acbl_ko_count *out);

typedef struct acbl_ko_bracket_2003 {
    double teams;          /* teams credited (ACBL-49 largest group when split) */
    double entered;        /* teams actually entered, for the 18-team test (0 = teams) */
    double top_team_average; /* ACBL-31 */
    double player_average; /* average MP of all players, for the prestige factor */
    double m;              /* M of the bracket */
    int peer;              /* ACBL-49: nonzero id shared by the parallel groups of a split
                            * lowest flight (last in the chain): they do not count or cap
                            * each other */
    /* out */
    acbl_ko_count count;
    double b, base;        /* B(T), B x K x L x M x P */
    double real;           /* first after the adjustments, unrounded */
    bool three_session, minimum, prestige, capped;
} acbl_ko_bracket_2003;

/* ACBL-25, 27, 28, 29..31 with A-11's order: 70% for a Regional KO of 3
 * scheduled sessions, the top-bracket 16-table minimum (18+ teams), the
 * 10% prestige factor (top bracket players average over 7500), the 90% cap
 * top-down. */
void acbl_ko_firsts_2003(acbl_ko_bracket_2003 *br, size_t n, double k, double l, double p,
                         bool regional_three_sessions);

/* ---- later (ACBL-36..45) ------------------------------------------------ */

/* ACBL-37: Computed Award from the bracket's AVG MP. */
double acbl_ko_computed_award(double avg_mp);
/* ACBL-38: one team's AvgMP = 4 x team MP / players, at most 45,000. */
double acbl_ko_team_average(double team_mp, int players);
/* ACBL-39: reduction factor in thousandths for 5..16 teams; 1000 above 16
 * 0 below 5 (undefined). */
int acbl_ko_reduction_factor(int teams);
/* rounds of a bracket: ceil(log2(teams)). */
int acbl_ko_rounds(int teams);

typedef struct acbl_ko_bracket_cur {
    int teams;
    double avg_mp;        /* bracket AVG MP (ACBL-38) */
    int rf;               /* reduction factor, thousandths (compact consolation: 400) */
    int peer;             /* ACBL-49: as in acbl_ko_bracket_2003 (no 105% between peers) */
    /* out */
    double computed, basic, real;
    bool raised105;       /* ACBL-40 */
    bool minimum;         /* ACBL-45 compact minimum */
} acbl_ko_bracket_cur;

/* ACBL-36, 39, 40, 45: Basic = Computed x RF, raised bottom-up to 105% of
 * the next lower bracket's Basic; first = Basic x K x L x P; the
 * compact minimum (min_factor 8.00, consolation 3.20; 0 = none) x K x L. */
void acbl_ko_firsts_current(acbl_ko_bracket_cur *br, size_t n, double k, double l, double p,
                            double min_factor);

/* ACBL-44: 7.5% of the (unrounded) first, within [0.75, 3.00] x K x L. */
bmp_points acbl_ko_match_award_current(double first_real, double k, double l, bool *clamped);

/* ---- Dispatch from acbl.c ---------------------------------------------- */

/* A knockout event (kind "knockout") of either edition. */
bmp_status acbl_award_knockout(const bmp_event *ev, const char *edition, bmp_awards *out,
                               bmp_error *err);
/* ACBL-47: a Zip KO (params.zip) is a one-session Swiss teams side game:
 * fills *as_swiss (a shallow copy sharing ev's storage: never free it) and
 * returns true. */
bool acbl_ko_zip_as_swiss(const bmp_event *ev, bmp_event *as_swiss);

/* Whether ev names an NABC fixed-award event / a WBF event. */
bool acbl_is_nabc_event(const bmp_event *ev);
bool acbl_is_wbf_event(const bmp_event *ev);
bmp_status acbl_award_nabc(const bmp_event *ev, const char *edition, bmp_awards *out,
                           bmp_error *err);
bmp_status acbl_award_wbf(const bmp_event *ev, const char *edition, bmp_awards *out,
                          bmp_error *err);

/* ---- NABC tables (nabc.c) ---------------------------------------------- */

typedef enum acbl_nabc_kind {
    NABC_PAIRS,       /* ACBL-53: fixed (or formula max) first, decay by sessions */
    NABC_TEAMS,       /* ACBL-55: Swiss / BAM */
    NABC_KO_FIXED,    /* ACBL-57: 1, 2, 3/4, 5/8, 9-16, 17-32 fixed */
    NABC_KO_FORMULA,  /* ACBL-60: first fixed (or formula max), KO percentages below */
    NABC_FORMULA      /* the General Formula throughout (R 22.50) */
} acbl_nabc_kind;

typedef struct acbl_nabc_event {
    const char *key;      /* "blue-ribbon-pairs" */
    const char *name;     /* as printed */
    int editions;         /* bit 1 = current, bit 2 = 2003 */
    acbl_nabc_kind kind;
    int sessions;
    bmp_points first;     /* fixed first; 0 = formula */
    bmp_points max;       /* "Formula; Max = N", 0 = none */
    bool x;               /* "Min Tables X" */
    bool starred;         /* "**" */
    bool reduce75;        /* 2003: Canadian Women's / National (B): 75% below 32 teams */
    bmp_points ranks[5];  /* KO fixed: 2nd, 3/4, 5/8, 9-16, 17-32 (0 = not paid) */
    bmp_points match;     /* match award per full day; 0 = none listed */
    bool gnt;             /* Grand National Teams flight (2003 depth 8 / 4) */
} acbl_nabc_event;

#define ACBL_ED_BIT(ed) ((ed) == ACBL_ED_CURRENT ? 1 : 2)

/* NULL-terminated walk: the i-th event of edition ed, NULL past the end. */
const acbl_nabc_event *acbl_nabc_event_at(acbl_edition ed, size_t i);
const acbl_nabc_event *acbl_nabc_find(acbl_edition ed, const char *name);

/* ACBL-54: pair events marked X: per-mille of the full award by tables. */
int acbl_nabc_pairs_min_pm(acbl_edition ed, double tables);
/* ACBL-56 (and ACBL-58/59 for 2003 ** / 75% teams): per-mille by teams for
 * team events marked X or ** (later) / X (2003). */
int acbl_nabc_teams_min_pm(acbl_edition ed, double teams);
/* ACBL-58: 2003 ** KO first place by teams: 140 / 120 / 100 / 80. */
bmp_points acbl_nabc_starred_first_2003(int teams);
/* ACBL-61: 3-/4-way match: 2 wins full, 1 win half, 0 none. */
bmp_points acbl_nabc_multiway_award(bmp_points full, int wins);

typedef struct acbl_wbf_event {
    const char *key, *name;
    int editions;
    int wbf_award;
    const char *equivalent;   /* printed closest NABC equivalent */
    const char *nabc_key;     /* the NABC table entry whose formulas apply */
    bmp_points first;
} acbl_wbf_event;

const acbl_wbf_event *acbl_wbf_event_at(acbl_edition ed, size_t i);
const acbl_wbf_event *acbl_wbf_find(acbl_edition ed, const char *name);

/* Scale tables (bridgemp scale acbl ...): BMP_ENOTFOUND when name is not a
 * KO/NABC/WBF table. */
bmp_status acbl_ko_scale(const char *name, acbl_edition ed, const bmp_params *opts,
                         bmp_table *out, bmp_error *err);

#endif
