/* ACBL internals shared by the ACBL rule files (not public API).
 *
 * The General Formula factors (later §I.A; 2003 p.1), the overall decay and
 * depth (later §I.B; 2003 p.2), session awards (later §I "B. Session
 * Awards" and "Adjustments"; 2003 p.2-3) and pigmentation (later §IV.E;
 * 2003 p.14).  Knockout, NABC and WBF files build on the same functions.
 *
 * Conventions: factors are doubles (the regulation's formulas are real
 * valued: log10); every award at rest is bmp_points, rounded half-up to the
 * cent (docs/rulings.md C-1).  Steps that are ratios of whole numbers (the
 * 75% chain, n/(pos+2n-3), 1/pos, 70/50/35 %) use exact integer arithmetic
 * on the rounded first place (ACBL-8, ACBL-11).
 */
#ifndef BMP_ACBL_INTERNAL_H
#define BMP_ACBL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bridgemp/bridgemp.h"

/* ---- Editions ---------------------------------------------------------- */

typedef enum acbl_edition {
    ACBL_ED_CURRENT, /* "current": Masterpoint Awards Rules & Regulations (later) */
    ACBL_ED_2003     /* "2003": MPBOOK.041, Rev. 11/2003 */
} acbl_edition;

/* "current" (or NULL) / "2003"; BMP_ENOTFOUND otherwise. */
bmp_status acbl_edition_parse(const char *name, acbl_edition *out, bmp_error *err);
/* How sections of this edition are cited: "later" or "2003". */
const char *acbl_edition_cite(acbl_edition ed);

/* ---- Event classification (ACBL-3, ACBL-62..64) ----------------------- */

typedef enum acbl_class {
    ACBL_CLASS_CLUB_MASTERPOINT,
    ACBL_CLASS_CLUB_CHAMPIONSHIP,
    ACBL_CLASS_UNIT,      /* Unit Championship */
    ACBL_CLASS_SECTIONAL,
    ACBL_CLASS_REGIONAL,
    ACBL_CLASS_NATIONAL
} acbl_class;

typedef enum acbl_rating {
    ACBL_RATING_CHAMPIONSHIP,
    ACBL_RATING_NON_CHAMPIONSHIP, /* side games, events over the permitted number */
    ACBL_RATING_CONSOLATION,
    ACBL_RATING_CHARITY           /* special beneficiary: championship rating */
} acbl_rating;

/* The event types the T factor and the depth tables distinguish. */
typedef enum acbl_type {
    ACBL_TYPE_PAIRS,
    ACBL_TYPE_SWISS,       /* Swiss teams */
    ACBL_TYPE_BAM,         /* board-a-match teams */
    ACBL_TYPE_INDIVIDUAL,
    ACBL_TYPE_TEAM_OF_TWO  /* computed as BAM teams with T = 1.00 (ACBL-76) */
} acbl_type;

/* Name parsing: class "club-masterpoint" | "club-championship" | "unit" |
 * "sectional" | "regional" | "national"; rating "championship" |
 * "non-championship" | "consolation" | "charity".  false when unknown. */
bool acbl_class_parse(const char *s, acbl_class *out);
bool acbl_rating_parse(const char *s, acbl_rating *out);
const char *acbl_class_name(acbl_class c);
const char *acbl_rating_name(acbl_rating r);
const char *acbl_type_name(acbl_type t);
/* Depth family of a type: teams (Swiss, BAM, team-of-two) count tables as
 * teams and use the team depth table. */
bool acbl_type_is_teams(acbl_type t);

/* ---- General Formula factors (later §I.A; 2003 p.1) -------------------- */

/* ACBL-2: B = (tables + 10)/60 below 61 tables, log10(tables/4) from 61.
 * Fractional tables are allowed (KO and bracketed credit); between 60 and 61
 * the linear branch is used. tables must be > 0. */
double acbl_factor_b(double tables);

/* ACBL-3: R by classification.  Club Championship is 6.50 (club table,
 * ACBL-96); Club Masterpoint has no R in either edition -> BMP_ENOTSUP. */
bmp_status acbl_factor_r(acbl_class c, double *r, bmp_error *err);

/* ACBL-4: S for 1..6 sessions; nothing is defined beyond 6 -> BMP_ENOTSUP. */
bmp_status acbl_factor_s(int sessions, double *s, bmp_error *err);

/* ACBL-5: M from the upper limit, uncapped (UL >= 1). */
double acbl_factor_m_formula(int64_t upper_limit);
/* ACBL-5 with its caps: 1.0 at most (no limit = 1.0); non-championship and
 * consolation events at most 0.65 (ACBL-62, ACBL-63); charity keeps the
 * championship rating (ACBL-64).  upper_limit BMP_NO_LIMIT = none. */
double acbl_factor_m(int64_t upper_limit, acbl_rating rating);
#define ACBL_M_SIDE_GAME_CAP 0.65

/* ACBL-6: P by number of participant restrictions (women, senior, junior,
 * mixed): 0 -> 1.00, 1 -> 0.80, more -> 0.70. */
double acbl_factor_p(int restrictions);
/* Whether a restriction name counts for P (A-21: masterpoint limits and
 * other conditions do not). */
bool acbl_restriction_counts(const char *name);

/* ACBL-7 (and ACBL-76): T by event type. */
double acbl_factor_t(acbl_type t);

/* ACBL-26: L by boards per match: boards/24 for 2-23, 1.00 for 24-47, 1.50
 * from 48.  Below 2 boards nothing is defined: returns 0. */
double acbl_factor_l(int boards);

/* Round a real factor to 4 decimals, half-up, as the appendices print it:
 * returns ten-thousandths. */
int64_t acbl_round4(double x);
/* Format ten-thousandths as "1.2345". */
void acbl_format4(int64_t v, char *buf, size_t n);

/* ---- Overall awards (later §I.B; 2003 p.2) ----------------------------- */

/* ACBL-1/ACBL-8: B x R x S x M x P x T, rounded half-up to the cent. */
bmp_points acbl_round_award(double real_points);

/* ACBL-9 (2003) / ACBL-10 (later) with ACBL-11 arithmetic: the award for
 * overall position pos >= 1 from the rounded first place, exactly:
 *   chain:   first x 3^(pos-1) / 4^(pos-1)   (75% of the unrounded previous)
 *   n-sess:  first x n / (pos + 2n - 3)
 *   1/pos:   first / pos
 * each rounded half-up once.  sessions >= 1. */
bmp_points acbl_overall_place(bmp_points first, int pos, int sessions, acbl_edition ed);
/* The rule (ACBL-9 or ACBL-10) and a short formula text for pos. */
const char *acbl_overall_rule(acbl_edition ed);
void acbl_overall_describe(bmp_points first, int pos, int sessions, acbl_edition ed, char *buf,
                           size_t n);

/* ---- Depth of overall awards (ACBL-12..16) ----------------------------- */

typedef struct acbl_depth_in {
    acbl_edition ed;
    acbl_type type;
    double tables;        /* tables (teams for team events) */
    int sessions;
    bmp_points first;     /* rounded first overall */
    double r, m, p;       /* for the floor 0.2 x R x M x P */
    bool nabc;            /* held as a nationally-rated NABC event */
    int final_qualifiers; /* 6-session NABC pairs: pairs in the final two sessions (0 = unknown) */
} acbl_depth_in;

typedef struct acbl_depth_out {
    int places;           /* places paid */
    int table_places;     /* from the depth table (ACBL-12/13/14) */
    bool extended;        /* above the table: extra places by the floor */
    bmp_points floor;     /* 0.2 x R x M x P rounded to the cent */
    int by_floor;         /* last position whose award >= floor */
    int min_places;       /* at least 5% (pairs, individual) / 10% (teams) of field, rounded up */
    int max_places;       /* at most 35% (25% 4-session NABC pairs, later), rounded down */
    int abs_limit;        /* ACBL-15, 0 = not applied (ACBL-16) */
    double field;         /* pairs, teams or players */
    const char *rule;     /* "ACBL-12", "ACBL-13" or "ACBL-14" */
    char why[512];        /* one-line derivation */
} acbl_depth_out;

/* below the smallest depth row nothing is paid (places = 0). */
bmp_status acbl_overall_depth(const acbl_depth_in *in, acbl_depth_out *out, bmp_error *err);
/* ACBL-15: absolute limit by sessions (25, 40, 45, 50, 55, 60). */
int acbl_absolute_depth_limit(int sessions);

/* ---- Session awards (ACBL-17..24) -------------------------------------- */

typedef enum acbl_session_scale {
    ACBL_SESSION_STANDARD,     /* ACBL-18: 70/50/35 %, then first/pos */
    ACBL_SESSION_FOUR_SESSION, /* ACBL-21: club/Internet >= 30 tables: 4-session overall decay */
    ACBL_SESSION_MULTI_SECTION /* ACBL-23: across sections, 26+ tables */
} acbl_session_scale;

/* ACBL-23: effective tables 2 x sqrt(13 x (T - 13)) for T >= 26. */
double acbl_multisection_tables(double tables);
/* ACBL-17 (0.50) / ACBL-24 (0.33, individual one-winner movement). */
double acbl_session_fraction(bool individual_one_winner);
/* ACBL-18: depth = 40% of the field, rounded half-up. */
int acbl_session_depth(double field);
/* Award for session position pos from the rounded session first. */
bmp_points acbl_session_place(bmp_points first, int pos, acbl_session_scale scale);
void acbl_session_describe(bmp_points first, int pos, acbl_session_scale scale, char *buf,
                           size_t n);

/* ---- Pigmentation (ACBL-85..94) ---------------------------------------- */

typedef struct acbl_colour_in {
    acbl_edition ed;
    acbl_class cls;
    acbl_rating rating;
    int sessions;
    int64_t upper_limit;  /* BMP_NO_LIMIT = none */
    bool junior;          /* upper age limit (junior/youth) */
    bool overall_or_top;  /* an overall award or a section top */
    bool top_two_strata;  /* the award is in the top two strata (or unstratified) */
    bool nabc;
} acbl_colour_in;

/* Colour of an award and the rule that decides it ("ACBL-85" ...). */
const char *acbl_colour(const acbl_colour_in *in, const char **rule);
/* Whether Regional gold applies to this event/stratum (ACBL-88): 2+
 * sessions, championship rating, upper limit none or >= 750. */
bool acbl_gold_event(const acbl_colour_in *in);


/* ---- Special structures and table credit (ACBL-65..83) ----------------- */

/* ACBL-67 (strata), ACBL-68 (stratum A), ACBL-73 (flights): the tables
 * credited to group k of n ordered top first: its own plus all lower ones. */
double acbl_credit_lower(const double *own, size_t n, size_t k);

/* ACBL-65: unrestricted two-session events at Regionals and Sectionals:
 * own + the restricted tables in totally concurrent events, shared equally
 * among the concurrent unrestricted events (A-31: an unused share is not
 * redistributed), at most 3 x own. */
double acbl_unrestricted_credit(double own, double concurrent_restricted,
                                int unrestricted_events);

/* ACBL-66: split Regionals, 1st and 2nd in gold-point pair events: the
 * larger of 80% of the combined-attendance award and the single-site
 * award.  80% is taken of the cent-rounded combined award. */
bmp_points acbl_split_regional(bmp_points combined, bmp_points single_site);

/* ACBL-69: the stratum X first place.  x, a: actual tables in X and A;
 * flight_b_first: the rounded first of Flight B; x_only_first: the General
 * Formula first on X's tables alone.  why gets the comparison. */
bmp_points acbl_stratum_x_first(double x, double a, bmp_points flight_b_first,
                                bmp_points x_only_first, char *why, size_t n);

/* ACBL-74: Flight A is at least 110% of Flight B. */
bmp_points acbl_flight_a_floor(bmp_points a_first, bmp_points b_first);

/* ACBL-82 / ACBL-83: tables credited to bracket k (0 = top) of a bracketed
 * Swiss / round robin: own + lower (<= 40 at 100%, rest 1/3) for the top,
 * own + lower (<= 20, rest 1/3) for the second, own + lower/3 below. */
double acbl_bracket_tables(size_t k, double own, double lower);

/* ACBL-79 (and ACBL-34's 2003 National D, ACBL-96 club D): D by
 * classification; later has no National D -> BMP_ENOTSUP. */
bmp_status acbl_factor_d(acbl_class c, acbl_edition ed, double *d, bmp_error *err);
/* ACBL-79: one match award D x L x M x P, rounded to the cent; later: +20%
 * for stratiflighted A (or A/X) games. */
bmp_points acbl_match_award(double d, double l, double m, double p, bool stratiflighted_a,
                            acbl_edition ed);


/* ---- The event being computed (acbl.c builds it; fields.c, swiss.c,
 * classify.c and later KO/NABC files read it) ----------------------------- */

typedef struct acbl_calc {
    const bmp_event *ev;
    acbl_edition ed;
    acbl_class cls;
    acbl_rating rating;
    acbl_type type;
    int sessions;          /* sessions the formula uses (S, decay, limit) */
    double tables;         /* tables entered (teams for team events) */
    double credit_extra;   /* ACBL-65 share of concurrent restricted tables, 0 if none */
    int unrestricted_events; /* ACBL-65 concurrent unrestricted events sharing it (>= 1) */
    double b, r, s, m, p, t;
    double first_factor;   /* extra multiplier on overall first (ACBL-75 series 0.80), 1 = none */
    double m_cap;          /* ACBL-72/75 caps on M besides the rating's, 1 = none */
    double session_factor; /* ACBL-75 series game session awards 0.80, 1 = none */
    int nrestrictions;
    bool junior, nabc, club;
    bool larger_overall;   /* ACBL-152: the larger of overall and summed section awards */
    bool nap_club;         /* ACBL-153: NAP club level, half red half black */
    bool restricted_colour; /* ACBL-91: black (or silver) only */
    const char *restricted_colour_name;
    bmp_points first;      /* rounded first overall of the whole field */
    char sec_overall[32];  /* "later §I.B" / "2003 p.2" */
    char sec_session[48];
} acbl_calc;

/* Session awards of every session ranking of the event (session_ranking.c). */
bmp_status acbl_session_ranking_awards(acbl_calc *c, bmp_awards *out, bmp_error *err);

/* The colour input for an award of this event in a field with upper limit
 * ul (BMP_NO_LIMIT = none) and gold eligibility of its stratum. */
void acbl_calc_colour(const acbl_calc *c, int64_t ul, bool overall_or_top, bool top_strata,
                      acbl_colour_in *ci);
/* Colour with ACBL-91 applied. */
const char *acbl_calc_colour_name(const acbl_calc *c, const acbl_colour_in *ci,
                                  const char **rule);

/* larger.c: "the larger of" two sets of one contestant's awards.  For each
 * award from `from` on, scope[k - from] and group[k - from] (NULL = not
 * compared): per contestant and scope, the group whose awards total most is
 * kept (a tie keeps the first listed), the others are removed, and the kept
 * award's derivation names them with rule and why (ACBL-151, ACBL-152). */
bmp_status acbl_keep_larger(bmp_awards *out, size_t from, const int *scope,
                            const char *const *group, const char *rule, const char *why,
                            bmp_error *err);

/* special.c: params.special (NAP/GNT stages, ACBL-153) and
 * params.concurrent_tables (ACBL-155); after setup.  Sets larger_overall. */
/* ACBL-155: params.concurrent_tables refused outside ACBL-65 (special.c). */
bmp_status acbl_concurrent_tables(const bmp_event *ev, acbl_class cls, bmp_error *err);
bmp_status acbl_special(acbl_calc *c, bmp_awards *out, bmp_error *err);
/* special.c: ACBL-152, the awards from index `from` on when larger_overall. */
bmp_status acbl_larger_overall(const acbl_calc *c, size_t from, bmp_awards *out,
                               bmp_error *err);
/* special.c: ACBL-153, a NAP club-level game's awards half red, half black. */
bmp_status acbl_nap_club_colours(const acbl_calc *c, size_t from, bmp_awards *out,
                                 bmp_error *err);
/* eligible.c: ACBL-154, contestants[].params.eligible false.  copy is ev
 * with the ineligible contestants unpaid (phantom) and every ranking's
 * eligible contestants re-ranked; free with acbl_eligible_event_free. */
bool acbl_any_ineligible(const bmp_event *ev);
bmp_status acbl_eligible_event(const bmp_event *ev, bmp_event *copy, bmp_awards *out,
                               bmp_error *err);
void acbl_eligible_event_free(const bmp_event *ev, bmp_event *copy);

/* params.c: the ACBL parameter spec; award() refuses anything else. */
extern const bmp_param_specs acbl_param_specs;
/* fields.c: overall awards of the whole field, flights, strata,
 * stratiflighted strata and brackets (ACBL-1, 8..16, 66..74, 78, 81, 82). */
bmp_status acbl_overall_awards(acbl_calc *c, bmp_awards *out, bmp_error *err);
/* swiss.c: Swiss team match awards (ACBL-79..81, 96). */
bmp_status acbl_match_awards(acbl_calc *c, bmp_awards *out, bmp_error *err);
/* classify.c: barometer finals, side game series, unrestricted credit,
 * restricted tournaments (ACBL-65, 72, 75, 91); after the factors. */
bmp_status acbl_classify(acbl_calc *c, bmp_awards *out, bmp_error *err);

/* ACBL-71/94 (= ACBL-50): gold share of overall awards in a Regional
 * bracketed KO: the top bracket 100%; lower brackets by the average
 * masterpoints per player of the bracket's top team: 750+ all gold, 500-749
 * 2/3, 300-499 1/2, under 300 1/3.  Writes the gold:red weights. */
void acbl_ko_bracket_gold(bool top_bracket, double top_team_avg, int64_t *gold, int64_t *red);
/* ACBL-94 (= ACBL-51): Regional flighted KO: the second flight is 100% gold
 * if its upper limit is 750 or higher; the third flight has no gold.
 * flight is 1-based; returns true when all gold, false when none. */
bool acbl_ko_flight_gold(int flight, int64_t upper_limit);
/* Split an award into gold and red by weights, exactly (bmp_split). */
void acbl_split_gold_red(bmp_points award, int64_t gold, int64_t red, bmp_points *gold_part,
                         bmp_points *red_part);

/* ---- Regulation tables (ACBL-98) -------------------------------------- */

bmp_status acbl_scale(const char *name, acbl_edition ed, const bmp_params *opts, bmp_table *out,
                      bmp_error *err);

#endif
