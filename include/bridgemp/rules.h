/* bridgemp: the one rules interface every governing body implements.
 *
 * A body (ACBL, EBU, ABF, NZB) is a const bmp_rules with its editions, the
 * regulation tables it can print, and two entry points: award (event ->
 * awards) and scale (print a regulation table computed by the engine).  The
 * registry (bmp_rules_find) is a constant table; nothing here is mutable.
 */
#ifndef BRIDGEMP_RULES_H
#define BRIDGEMP_RULES_H

#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_scale_info {
    const char *name;        /* "appendix-a" */
    const char *description; /* "B factor by tables (§I.A, Appendix A)" */
} bmp_scale_info;

typedef struct bmp_rules {
    const char *body;                 /* "acbl" */
    const char *name;                 /* "American Contract Bridge League" */
    const char *const *editions;      /* NULL-terminated; editions[0] is the default */
    const char *const *edition_docs;  /* parallel to editions: the regulation each follows */
    const bmp_scale_info *scales;     /* terminated by {NULL, NULL} */
    /* Compute the awards of ev under `edition` (never NULL: resolved by
     * bmp_award_event).  Appends to out. */
    bmp_status (*award)(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err);
    /* Compute regulation table `name` under `edition`; opts carries
     * table-specific options (e.g. "sessions"). */
    bmp_status (*scale)(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err);
    /* The parameters the body reads at each level (name, type, values,
     * default, unit, rule, doc); its award refuses any other. */
    const bmp_param_specs *params;
} bmp_rules;

/* NULL-terminated list of every body. */
const bmp_rules *const *bmp_rules_list(void);
/* Case-insensitive lookup ("ACBL", "acbl", "nz" and "nzb" both NZ Bridge). */
const bmp_rules *bmp_rules_find(const char *body);
/* The edition to use: `requested` if given (validated), else the default. */
bmp_status bmp_rules_edition(const bmp_rules *r, const char *requested, const char **out,
                             bmp_error *err);

/* Dispatch ev to its body's rules under the event's edition. */
bmp_status bmp_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);

/* Dispatch to a body's scale. */
bmp_status bmp_scale(const char *body, const char *name, const char *edition,
                     const bmp_params *opts, bmp_table *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
