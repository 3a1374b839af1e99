/* bridgemp: ranks in one shape for every body, and a body's other named
 * administrative functions (NZ gradings, rating points, C->B conversion).
 *
 * A holding is a player's lifetime points per point type, in hundredths,
 * indexed like the body's bmp_rules.point_types, plus the extra inputs the
 * body's rank rules declare (bmp_rules.rank_inputs: ABF "pre1982", the red
 * points earned before 1982, ABF-87).  bmp_rules_rank answers the rank, its
 * ordinal, stars and other body-specific extras, and the next rank with
 * what is missing for it.
 */
#ifndef BRIDGEMP_RANK_H
#define BRIDGEMP_RANK_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/pointtype.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_RANK_MAX_INPUTS 4
#define BMP_RANK_MAX_MISSING 4

/* An input of a body's rank rules other than a point type. */
typedef struct bmp_rank_input {
    const char *name; /* "pre1982" */
    const char *doc;  /* one line */
    const char *rule; /* "ABF-87" */
} bmp_rank_input;

typedef struct bmp_holding {
    bmp_points points[BMP_MAX_POINT_TYPES]; /* hundredths, by index of r->point_types */
    bmp_points inputs[BMP_RANK_MAX_INPUTS]; /* by index of r->rank_inputs */
} bmp_holding;

/* One requirement of the next rank that the holding does not meet yet. */
typedef struct bmp_rank_missing {
    char what[32];     /* the requirement: "total", "red+gold", "gold", "A", "green" */
    bmp_points points; /* hundredths still needed (of the requirement's point type;
                          "total" in the body's total unit) */
} bmp_rank_missing;

typedef struct bmp_rank {
    char name[64];     /* "State Master", "*** Tournament Master", "Local Master" */
    int ordinal;       /* 0 = the lowest (ABF "Nil", EBU "no rank", NZ "Novice") */
    int top;           /* ordinal of the body's highest rank */
    int stars;         /* stars within the rank (EBU star families, NZ-4); else 0 */
    char extra[64];    /* body-specific, "" if none: "2 stars (NZ-4)", "One Thousand Club" */
    bmp_points total;  /* the total holding the rank rules use (bmp_rules.total_doc) */
    char next[64];     /* the next rank's name; "" at the top */
    bmp_rank_missing missing[BMP_RANK_MAX_MISSING];
    size_t nmissing;   /* what is missing for `next` (0 at the top) */
    const char *rule;  /* rule ID of the rank table: "ABF-86", "EBU-4", "NZ-3" */
} bmp_rank;

/* One rank of a body's table, for listing. */
typedef struct bmp_rank_info {
    char name[64];
    char requires[160]; /* "total 50, red+gold 25" */
} bmp_rank_info;

struct bmp_rules;

/* Set point type or rank input `name` (case-insensitive) of h.  EINVAL
 * naming the valid names if the body has no such type or input. */
bmp_status bmp_holding_set(const struct bmp_rules *r, bmp_holding *h, const char *name,
                           bmp_points v, bmp_error *err);

/* The rank the holding earns under the body's rules.  EINVAL on a negative
 * amount; "not supported" where the body's regulations have no rank table. */
bmp_status bmp_rules_rank(const struct bmp_rules *r, const bmp_holding *h, bmp_rank *out,
                          bmp_error *err);

/* ---- Other named functions of a body ------------------------------------ */

#define BMP_ADMIN_MAX_ARGS 6
#define BMP_ADMIN_MAX_RESULTS 6

typedef struct bmp_admin_arg {
    const char *name; /* "rating" */
    const char *doc;  /* "rating points at 1 January (NZ-6)" */
} bmp_admin_arg;

typedef struct bmp_admin_value {
    char name[32];     /* "grading", "rating", "b", "c_left" */
    bool is_points;    /* points holds the value; else text */
    bmp_points points;
    char text[64];
} bmp_admin_value;

typedef struct bmp_admin_result {
    bmp_admin_value items[BMP_ADMIN_MAX_RESULTS];
    size_t count;
} bmp_admin_result;

/* A body function beyond awards and ranks.  Every argument is an amount of
 * points in hundredths (0 when not given). */
typedef struct bmp_admin_fn {
    const char *name;    /* "grading" */
    const char *rule;    /* "NZ-5" */
    const char *section; /* "4. Masterpoint Gradings" */
    const char *doc;     /* one line */
    const bmp_admin_arg *args; /* terminated by {NULL, NULL}; at most BMP_ADMIN_MAX_ARGS */
    bmp_status (*run)(const bmp_points *args, bmp_admin_result *out, bmp_error *err);
} bmp_admin_fn;

/* The body's function `name` (case-insensitive); NULL if none. */
const bmp_admin_fn *bmp_rules_admin(const struct bmp_rules *r, const char *name);
/* Index of argument `name` of f, or -1. */
int bmp_admin_arg_index(const bmp_admin_fn *f, const char *name);

/* Result helpers for the bodies' functions. */
void bmp_admin_points(bmp_admin_result *out, const char *name, bmp_points v);
void bmp_admin_text(bmp_admin_result *out, const char *name, const char *text);

#ifdef __cplusplus
}
#endif
#endif
