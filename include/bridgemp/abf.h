/* bridgemp: ABF administration (Masterpoint Scheme, 27/07/2025).
 *
 * What the ABF Masterpoint Centre computes besides the awards themselves:
 * master rankings and promotions (1.8, 1.4.4), the One Thousand Club (1.9),
 * McCutcheon groups (1.7), reciprocity (1.3.4), levies, capitation and fines
 * as dated data (8.x), State and club entitlements (2.x, 6.x), ABF numbers
 * and the Appendix D credit files.  Rule IDs are those of
 * shared/spec/abf.md (ABF-52..62, ABF-86..121).
 *
 * Points are bmp_points (hundredths); money is int64 cents of a dollar.
 * Dates are ISO "yyyy-mm-dd" strings.
 */
#ifndef BRIDGEMP_ABF_H
#define BRIDGEMP_ABF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Master rankings (1.8, ABF-86..89) ---------------------------------- */

#define BMP_ABF_NRANKS 21
#define BMP_ABF_RANK_NONE 0       /* fewer than 2 points: no master rank yet */
#define BMP_ABF_RANK_LIFE 13      /* first rank of note (1) */
#define BMP_ABF_RANK_GRAND 17     /* first rank of note (2) */

typedef struct bmp_abf_rank_req {
    const char *name;        /* "Graduate", ..., "Diamond Grand" (1.8 table) */
    bmp_points total;        /* minimum lifetime total */
    bmp_points red_gold;     /* minimum red + gold (0 = none) */
    bmp_points gold;         /* minimum gold (0 = none) */
    int pre1982_pct;         /* % of pre-1982 red points that reduces red_gold and gold */
} bmp_abf_rank_req;

/* Requirements of rank 1..21; NULL outside. */
const bmp_abf_rank_req *bmp_abf_rank_requirements(int rank);
/* "Graduate Master" ... "Diamond Grand Master"; "Nil" for BMP_ABF_RANK_NONE. */
const char *bmp_abf_rank_name(int rank);
/* Rank by short name ("Bronze Life") or full name ("Bronze Life Master"),
 * case-insensitive; -1 if unknown. */
int bmp_abf_rank_parse(const char *s);

typedef struct bmp_abf_totals {
    bmp_points green, red, gold; /* lifetime totals per colour */
    bmp_points pre1982_red;      /* part of `red` earned before 1982 (PRE82.TXT) */
} bmp_abf_totals;

/* The rank the totals earn: the highest rank in the 1.8 order whose minima are
 * all met (rulings ABF-admin: AMB-8), with the pre-1982 allowance.  EINVAL on
 * negative totals or pre1982_red > red. */
bmp_status bmp_abf_rank(const bmp_abf_totals *t, int *rank, bmp_error *err);

/* Monthly promotion (1.4.4, 1.8): ranks never go down, so the new rank is
 * max(held, earned).  *promoted says whether a certificate is due. */
bmp_status bmp_abf_promote(int held, const bmp_abf_totals *at_close, int *new_rank,
                           bool *promoted, bmp_error *err);

/* One Thousand Club (1.9): lifetime total >= 1000, no colour requirement. */
bool bmp_abf_one_thousand_club(const bmp_abf_totals *t);

/* ---- McCutcheon (1.7.2, 1.7.3, ABF-90..91) ------------------------------ */

/* McCutcheon group of a rank held at the start of the year: Silver Grand and
 * Gold Grand share one group (returned as the Silver Grand rank, 18); every
 * other rank is its own group; BMP_ABF_RANK_NONE has no group (-1). */
int bmp_abf_mccutcheon_group(int rank_at_start);

typedef struct bmp_abf_year_player {
    int rank_at_start;        /* master rank on January 1 */
    bmp_points points;        /* masterpoints won in the calendar year (all colours) */
    bool foreign;             /* member of a 1.3.3 overseas players' club */
    bool immigrant_ranked;    /* already held an equivalent or higher rank abroad */
} bmp_abf_year_player;

/* Winners of the McCutcheon award of `group` (group = -1: the McCutcheon
 * Trophy, open to every player).  Writes the indices of every player tied on
 * the most points into winners[0..cap) and their count into *nwinners (0 if
 * nobody is eligible). */
bmp_status bmp_abf_mccutcheon(const bmp_abf_year_player *p, size_t n, int group,
                              size_t *winners, size_t cap, size_t *nwinners, bmp_error *err);

/* ---- Reciprocity (1.3.4, ABF-105) --------------------------------------- */

typedef enum bmp_abf_foreign {
    BMP_ABF_NZ_A, BMP_ABF_NZ_B, BMP_ABF_NZ_C,
    BMP_ABF_UK_LOCAL, BMP_ABF_UK_BLUE, BMP_ABF_UK_GREEN,
    BMP_ABF_FOREIGN__COUNT
} bmp_abf_foreign;

/* "nz-a", "nz-b", "nz-c", "uk-local", "uk-blue", "uk-green" (also the CSV
 * wording "NZ A point", "UK green point"). */
bool bmp_abf_foreign_parse(const char *s, bmp_abf_foreign *out);
const char *bmp_abf_foreign_name(bmp_abf_foreign f);

/* Australian credit for `foreign` hundredths of foreign points: its colour
 * ("gold", "red", "green") and the points, rounded half-up to 0.01. */
bmp_status bmp_abf_reciprocity(bmp_abf_foreign kind, bmp_points foreign, const char **colour,
                               bmp_points *credit, bmp_error *err);

/* ---- Levies, capitation and fines (8.x, ABF-110..115) ------------------- */

typedef struct bmp_abf_fees {
    const char *effective;          /* first date the schedule is in force */
    int64_t levy_b3_b4_b5;          /* cents per masterpoint, GST included */
    int64_t levy_c_d_e_f;
    int64_t levy_b4c_b4s_b5i;
    int64_t levy_a_a2_b;
    int64_t capitation_apr_sep;     /* cents per home player registered 1 Apr - 30 Sep */
    int64_t capitation_oct_dec;     /* 1 Oct - 31 Dec */
    int64_t capitation_jan_mar;     /* 1 Jan - 31 Mar */
    int64_t new_player_commission;  /* cents credited to the club per NEW player */
    int late_file_pct_per_month;    /* 8.4 */
    int late_file_grace_days;
    int overdue_pct_per_quarter;
    int overdue_grace_days;
    int64_t no_club_number_fee;     /* cents per payment */
} bmp_abf_fees;

/* The schedule in force on `date`.  A date before the first known schedule
 * is ENOTFOUND (never a guess); a malformed date EINVAL. */
bmp_status bmp_abf_fees_on(const char *date, const bmp_abf_fees **out, bmp_error *err);

/* Levy rate (cents per masterpoint) for a grade ("B4", "E", "B4c" ...). */
bmp_status bmp_abf_levy_rate(const bmp_abf_fees *f, const char *grade, int64_t *cents,
                             bmp_error *err);
/* Masterpoint levy on `points` issued at `grade` under the schedule in force
 * on `date`: points x rate, rounded half-up to the cent. */
bmp_status bmp_abf_levy(const char *date, const char *grade, bmp_points points, int64_t *cents,
                        bmp_error *err);

typedef struct bmp_abf_member {
    const char *date;              /* registration, reactivation or renewal date */
    bool new_player;               /* never previously in the scheme (new ABF number) */
    bool exempt_club;              /* overseas players' club (1.3.3) or Youth Players' Club (1.3.6) */
    const char *club_affiliated;   /* date the home club first affiliated; NULL = older club */
} bmp_abf_member;

/* Capitation fee (cents) and commission to the club (cents) for one home
 * player (8.2, 8.3). */
bmp_status bmp_abf_capitation(const bmp_abf_member *m, int64_t *fee, int64_t *commission,
                              bmp_error *err);

/* 8.4 late credit-file penalty on the levy of a gold or red event lodged more
 * than 30 days after it ended: pct per started 30-day month beyond the grace
 * days.  exempt: club B4c/B5i, GNOT and GNP events; green events pay none. */
bmp_status bmp_abf_late_file_penalty(const char *grade, bool exempt, int64_t levy_cents,
                                     const char *ended, const char *lodged, int64_t *penalty,
                                     bmp_error *err);
/* 8.4 overdue account penalty: pct per started 90-day quarter beyond 90 days. */
bmp_status bmp_abf_overdue_penalty(const char *due, const char *paid, int64_t balance_cents,
                                   int64_t *penalty, bmp_error *err);
/* 8.4 administration fee for `payments` payments made without the club number. */
bmp_status bmp_abf_no_club_number_fee(const char *date, int payments, int64_t *cents,
                                      bmp_error *err);

/* Days from a to b (b - a) for ISO dates; EINVAL if malformed. */
bmp_status bmp_abf_days_between(const char *a, const char *b, long *days, bmp_error *err);

/* ---- Entitlements (2.x, 6.x, ABF-52..62) -------------------------------- */

/* ABF-52 (2.3): may a club run a grade D championship of `sessions` sessions
 * when it has already run `held` this year?  EINVAL with the reason if not. */
bmp_status bmp_abf_grade_d_check(int held, int sessions, bmp_error *err);

typedef struct bmp_abf_b4c_input {
    bool affiliated_sep30;       /* affiliated at September 30 of the preceding year */
    int scheduled_sessions;      /* sessions scheduled in the entitlement year (Directory) */
    bmp_points green_issued;     /* green issued in the 12 months to that September 30 */
    bool remote;                 /* > 40 km from the nearest club, application granted */
    int anniversary_sessions;    /* extra sessions approved for a 25-year Bridge Day */
    const char *new_club_registered; /* new club registered after Sep 30: its date, else NULL */
    int year;                    /* the calendar year of the entitlement */
} bmp_abf_b4c_input;

/* ABF-55 (2.6): B4c sessions a club may run in the year. */
bmp_status bmp_abf_b4c_sessions(const bmp_abf_b4c_input *in, int *sessions, bmp_error *err);
/* The green-point part of ABF-55 alone: 0 below 35, else 1 + floor((G-35)/65). */
int bmp_abf_b4c_green_extra(bmp_points green_issued);

/* ABF-56 (2.6): check B4c use: `used` sessions in all (<= entitlement), of
 * which `off_night` held outside regular sessions (<= 2), each of which must
 * be a single session (off_night_max_sessions <= 1). */
bmp_status bmp_abf_b4c_usage_check(int entitlement, int used, int off_night,
                                   int off_night_max_sessions, bmp_error *err);

/* ABF-57 (2.6 NOTE): does the Centre process `submitted` points against an
 * authorisation of `authorised` points?  Non-participating States: always. */
bool bmp_abf_b4c_authorised(bool state_participates, bmp_points authorised,
                            bmp_points submitted);

/* ABF-58 (2.7): may a club take part in one more B5i event of `sessions`
 * sessions when it has taken part in `held` this year? */
bmp_status bmp_abf_b5i_check(int held, int sessions, bool remote_permitted, bmp_error *err);

/* ABF-59 (6.2.1): B4s sessions a State may run: 10 + ceil(members / 500). */
int bmp_abf_b4s_sessions(long members_sep30);

/* ABF-60 (6.2.2): check a State's championship programme: sessions[i] of each
 * championship (concurrent events counted once), how many are eclectic. */
bmp_status bmp_abf_state_championships_check(const int *sessions, size_t n, int eclectic,
                                             bmp_error *err);

/* ABF-62 (6.3): Australia-Wide Pairs placing awards for `entitled` place
 * getters, from the standard awards standard[0..nstandard) (places beyond
 * are 0): the standard award while it exceeds 0.20, then 0.20 for half of
 * the rest (rounded up), then 0.10. */
bmp_status bmp_abf_awp_awards(const bmp_points *standard, size_t nstandard, size_t entitled,
                              bmp_points *out, bmp_error *err);

/* ---- Membership (1.3, ABF-98, ABF-99, ABF-102) -------------------------- */

/* ABF-98 (1.3.1): the membership year containing `date` runs from April 1 of
 * the year written into *start_year to March 31 of the next. */
bmp_status bmp_abf_membership_year(const char *date, int *start_year, bmp_error *err);

/* ABF-99 (1.3.2): are points earned on `earned` while the player was not
 * registered credited when the player renews on `renewed`?  Only those of the
 * calendar quarter of renewal and the quarter before it (AMB-19). */
bmp_status bmp_abf_unregistered_credited(const char *earned, const char *renewed, bool *credited,
                                         bmp_error *err);

/* ABF-102 (1.3.6): may a player born on `born` join the Youth Players' Club
 * for calendar year `year` (under 26 on January 1), and the last year of
 * membership (*until: the year the player turns 26). */
bmp_status bmp_abf_youth_eligible(const char *born, int year, bool *eligible, int *until,
                                  bmp_error *err);

/* ---- ABF numbers (App. D, ABF-93) --------------------------------------- */

/* The mod-11 check digit of a 7-digit (zero-filled) ABF number: weights
 * 7,6,5,4,3,2 on its first six digits, r = sum mod 11, check = 0 if r = 0,
 * 1 if r = 1, else 11 - r (docs/rulings.md, ABF-admin). */
int bmp_abf_check_digit(const char *number7);

/* Validate an ABF number given as 1..7 digits (not all zero); with
 * check_digit, also its mod-11 check digit.  On success writes the 7-digit
 * zero-filled form into out7 (8 bytes) if not NULL. */
bmp_status bmp_abf_number_validate(const char *s, bool check_digit, char *out7,
                                   bmp_error *err);

/* ---- Credit files (App. D, ABF-117..121) -------------------------------- */

typedef enum bmp_abf_credit_kind {
    BMP_ABF_CREDIT_GREEN,  /* .grn: 13 digits */
    BMP_ABF_CREDIT_RED,    /* .red: 13 digits */
    BMP_ABF_CREDIT_GOLD,   /* .gld: 13 digits */
    BMP_ABF_CREDIT_RAG     /* .rag, legacy .mp5: 19 digits, red then green */
} bmp_abf_credit_kind;

/* Kind from a file name's extension (case-insensitive).  Bad extension:
 * EINVAL; legacy .mpN other than .mp5: ENOTSUP (colour not stated). */
bmp_status bmp_abf_credit_kind_of(const char *path, bmp_abf_credit_kind *kind,
                                  bmp_error *err);
const char *bmp_abf_credit_ext(bmp_abf_credit_kind kind); /* "grn", "red", "gld", "rag" */
int bmp_abf_credit_width(bmp_abf_credit_kind kind);       /* 13 or 19 */

typedef struct bmp_abf_credit_rec {
    char abf[8];          /* 7 digits, zero-filled */
    bmp_points points;    /* single-colour award, or red in a .rag */
    bmp_points green;     /* green in a .rag; 0 otherwise */
    bool crlf;            /* line ended with CR LF (for byte-exact round trip) */
} bmp_abf_credit_rec;

typedef struct bmp_abf_credit_problem {
    size_t line;          /* 1-based line number; 0 = the file as a whole */
    char msg[160];
} bmp_abf_credit_problem;

typedef struct bmp_abf_credit_file {
    bmp_abf_credit_kind kind;
    bmp_abf_credit_rec *recs;
    size_t nrecs, cap;
    bool final_newline;   /* last line ends with a line ending */
    bmp_abf_credit_problem *problems;  /* every malformed line */
    size_t nproblems, pcap;
} bmp_abf_credit_file;

typedef struct bmp_abf_credit_opts {
    size_t size;          /* sizeof(bmp_abf_credit_opts), or 0 */
    bool check_digit;     /* also require a valid mod-11 check digit */
} bmp_abf_credit_opts;

void bmp_abf_credit_init(bmp_abf_credit_file *f, bmp_abf_credit_kind kind);
void bmp_abf_credit_free(bmp_abf_credit_file *f);

/* Parse credit-file bytes.  Every malformed line is recorded in f->problems
 * (and not in f->recs); the status is EPARSE if there is any, with the first
 * in err.  opts may be NULL. */
bmp_status bmp_abf_credit_parse(const char *data, size_t len, const bmp_abf_credit_opts *opts,
                                bmp_abf_credit_file *f, bmp_error *err);
/* Read a file: kind from its extension, then bmp_abf_credit_parse.  f is
 * initialised here (free it even on error). */
bmp_status bmp_abf_credit_read(const char *path, const bmp_abf_credit_opts *opts,
                               bmp_abf_credit_file *f, bmp_error *err);
/* Append one record (ABF number validated; points 0..9999.99). */
bmp_status bmp_abf_credit_add(bmp_abf_credit_file *f, const char *abf, bmp_points points,
                              bmp_points green, bool crlf, bmp_error *err);
/* Format as bytes (malloc'ed, caller frees). */
bmp_status bmp_abf_credit_format(const bmp_abf_credit_file *f, char **out, size_t *len,
                                 bmp_error *err);
bmp_status bmp_abf_credit_save(const bmp_abf_credit_file *f, const char *path, bmp_error *err);
/* ABF-120 (App. G "Merge"): add src's credits to dst, both of the same kind
 * (colour), summing per ABF number (a new number is appended at the end).
 * ERANGE if a sum exceeds 9999.99; EINVAL for different kinds. */
bmp_status bmp_abf_credit_merge(bmp_abf_credit_file *dst, const bmp_abf_credit_file *src,
                                bmp_error *err);
/* Sum of the credits (ABF-120 "total credits"): points, and green of a .rag. */
void bmp_abf_credit_totals(const bmp_abf_credit_file *f, bmp_points *points, bmp_points *green);

/* The credit files of the awards, in memory: files[BMP_ABF_CREDIT_GREEN],
 * [_RED] and [_GOLD] (initialised here; free all three even on error), each
 * summed per player (player id = ABF number), sorted by ABF number, players
 * at 0.00 left out, CR LF line ends.  Errors as bmp_abf_credit_write. */
bmp_status bmp_abf_credit_from_awards(const bmp_event *ev, const bmp_awards *aw,
                                      const bmp_abf_credit_opts *opts,
                                      bmp_abf_credit_file files[3], bmp_error *err);
/* Write PREFIX.grn / .red / .gld, one file per colour present in the awards,
 * summing per player (player id = ABF number).  A player without a valid ABF
 * number, or an award of another colour, is an error naming the contestant.
 * Lines are sorted by ABF number and end in CR LF (DOS text, App. D). */
bmp_status bmp_abf_credit_write(const bmp_event *ev, const bmp_awards *aw,
                                const char *path_prefix, bmp_error *err);
/* The same with options; *written (if not NULL) gets a bit (1 << kind) per
 * file written. */
bmp_status bmp_abf_credit_write_opts(const bmp_event *ev, const bmp_awards *aw,
                                     const char *path_prefix, const bmp_abf_credit_opts *opts,
                                     unsigned *written, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
