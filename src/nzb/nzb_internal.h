/* NZ Bridge (Manual Part E, Sept 2017): internal interface of the engine.
 * Award tables come from one formula (nzb.md §3, formula.c); the special
 * 25A tables are data (special.c); grades carry the event requirement
 * matrix (grades.c). */
#ifndef BMP_NZB_INTERNAL_H
#define BMP_NZB_INTERNAL_H
#include <stdbool.h>
#include "bridgemp/bridgemp.h"

/* One event grade ("status"): 25A ... 3A, 8B, 5B, 3B, 40C. */
typedef struct nzb_grade {
    const char *code;       /* "20A" */
    char letter;            /* 'A', 'B' or 'C': the points of the overall grid */
    int top;                /* M: winner's award (40 for C) */
    int c_factor;           /* session C multiplier, pairs (NZ-40, NZ-50, NZ-82) */
    int match_factor;       /* match-play multiplier (NZ-41, NZ-51, NZ-83) */
    int min_pairs;          /* minimum deals, pairs (NZ-84, NZ-45, NZ-82) */
    int min_teams;          /* minimum deals, teams / Swiss (NZ-84, NZ-83) */
    int min_swiss_pairs;    /* minimum deals, Swiss pairs (NZ-68: 3A page 44) */
    const char *pairs_rule; /* the grade's pairs page: "NZ-55" */
    const char *teams_rule;
    const char *swiss_rule; /* NULL: no Swiss pairs page */
    const char *heading;    /* the page heading, for explanations */
} nzb_grade;

const nzb_grade *nzb_grade_find(const char *code);
const nzb_grade *nzb_grade_at(int i); /* NULL after the last */

/* §3 formula: whole points for place p in a field of n2/2 contestants
 * (n2 = twice N, so that uneven Mitchell halves can be evaluated), winner
 * top, a straight line to exactly 1 at place f*N + 1, floored; 0 when below
 * 1.  f = fnum/fden.  Integer arithmetic only. */
int nzb_formula(int top, int fnum, int fden, int n2, int p);
/* Places paid: floor(f*N) + 1 (0 when n2 <= 0). */
int nzb_formula_places(int top, int fnum, int fden, int n2);
/* The Basic C Table (NZ-26): top 40, f = 35 %. */
int nzb_c_basic(int n, int p);
/* A grade's overall grid (NZ-55..NZ-74): pairs f = 25 %, teams f = 35 %.
 * Not for 25A (special tables) nor 40C. */
int nzb_grid(const nzb_grade *g, bool teams, int n, int p);

/* 25A special tables (NZ-53, NZ-54), data transcribed from the document.
 * Return false when the place/field is outside the printed table. */
int nzb_a25_pairs_final(int place);                           /* 1..28, else 0 */
int nzb_a25_pairs_plate(int place);                           /* Final - 10 */
bool nzb_a25_pairs_semifinal(int field, int place, int *out); /* field 78 or 104 */
bool nzb_a25_teams(int teams, int place, int *out);           /* teams 50..130 */
int nzb_a25_teams_band(int teams);                            /* 0..3, or -1 */

/* Interprovincial events (NZ-75, NZ-76): 1st-3rd awards.  category is
 * "open", "women", "senior" or "intermediate". */
bool nzb_interprovincial(bool trials, const char *category, int place, int *out, char *letter);

/* `bridgemp scale nzb <table>`. */
bmp_status nzb_scale(const char *name, const bmp_params *opts, bmp_table *out, bmp_error *err);
/* Event -> awards. */
bmp_status nzb_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);
/* params.c: the NZ parameter spec; nzb_award_event refuses anything else. */
extern const bmp_param_specs nzb_param_specs;

/* ---- Ranks, gradings and conversions through bmp_rules (ranks.c) ------- */

/* Holding indices: the order of nzb_rules.point_types. */
enum { NZB_PT_A, NZB_PT_B, NZB_PT_C };
bmp_status nzb_rules_rank(const bmp_holding *h, bmp_rank *out, bmp_error *err);
bool nzb_rules_rank_info(int ordinal, bmp_rank_info *out);
extern const bmp_admin_fn nzb_admin[];

#endif
