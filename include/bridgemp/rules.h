/* bridgemp: the one rules interface every governing body implements.
 *
 * A body (ACBL, EBU, ABF, NZB) is a const bmp_rules: its editions, the
 * regulation tables it can print, award (event -> awards) and scale (print a
 * regulation table computed by the engine); its point types (pointtype.h);
 * its player ID syntax and check; its ranks in one shape (rank.h); its other
 * named functions (NZ gradings, rating points, C->B); and what file formats
 * need to know of it (USEBIO defaults).  Callers reach everything a body
 * defines through here and never test a body's name.  The registry
 * (bmp_rules_find) is a constant table; nothing here is mutable.
 */
#ifndef BRIDGEMP_RULES_H
#define BRIDGEMP_RULES_H

#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/pointtype.h"
#include "bridgemp/rank.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_scale_info {
    const char *name;        /* "appendix-a" */
    const char *description; /* "B factor by tables (§I.A, Appendix A)" */
    /* The options the table reads from its params bag (name, type, values,
     * default, rule, one line of doc), ended by a NULL key; NULL: none.
     * bmp_scale refuses any other (bmp_scale_check_options). */
    const bmp_param_spec *options;
} bmp_scale_info;

/* A USEBIO flavour: data, named for `bridgemp --usebio-flavour NAME`. */
typedef struct bmp_usebio_flavour {
    const char *name;          /* "abf", "ebu", "nz" */
    bool flat;                 /* flat MASTER_POINTS_AWARDED form where it fits */
    bool tie_equals;           /* a tied PLACE "3=" (else "3" for each tied entry) */
    bool explicit_zero;        /* flat MASTER_POINTS_AWARDED 0 where there is no award */
    const char *evidence;      /* the programs it follows */
} bmp_usebio_flavour;

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

    /* ---- Point types (pointtype.h) ---- */
    const bmp_point_type *point_types; /* terminated by {NULL}; every award's colour is one */
    const char *total_doc;             /* how the types make the total holding, with rule ID */

    /* ---- Player IDs ---- */
    const char *player_id_doc;         /* "1 to 7 digits, not zero (App. D, ABF-93)" */
    /* Check a national player number; flags BMP_ID_* (a flag the body does
     * not know is ignored).  EINVAL saying what was expected. */
    bmp_status (*player_id_check)(const char *id, unsigned flags, bmp_error *err);

    /* ---- Ranks (rank.h) ---- */
    const bmp_rank_input *rank_inputs; /* terminated by {NULL}; may be NULL */
    /* The rank of a holding (called through bmp_rules_rank, which checks
     * the amounts).  A body without a rank table answers "not supported". */
    bmp_status (*rank)(const bmp_holding *h, bmp_rank *out, bmp_error *err);
    /* Rank `ordinal` (0..top) of the body's table for listing; false
     * outside it or where the body has no table. */
    bool (*rank_info)(int ordinal, bmp_rank_info *out);

    /* ---- Other named functions (NZ gradings ...), terminated by {NULL}; may be NULL ---- */
    const bmp_admin_fn *admin;

    /* ---- What file formats need to know ---- */
    /* USEBIO MASTER_POINT_TYPE assumed where a file gives none (ABF club
     * sessions: GREEN; EBU: BLACK); NULL: none. */
    const char *usebio_default_type;
    /* The USEBIO writer's flat MASTER_POINTS form is the default where it
     * fits (one colour, pairs: Compscore and Cobalt, ABF). */
    bool usebio_flat_default;
    /* USEBIO MASTER_POINT_SCALE names that are the event's status, NULL-
     * terminated, as written (EBU "Club" .. "National", 3.2; rulings U-19);
     * the status is the lower-case name.  NULL: the scale is not a status. */
    const char *const *usebio_status_scales;
    /* What the body's scoring programs write in USEBIO and its readers
     * expect (docs/usebio.md "Flavours", rulings UX-3); NULL: plain 1.2
     * (nested MASTER_POINTS, a tie "3=", no zero awards). */
    const struct bmp_usebio_flavour *usebio_flavour;

    /* The parameters the body reads at each level (name, type, values,
     * default, unit, rule, doc); its award refuses any other. */
    const bmp_param_specs *params;

    /* The event field that sets the event's scale, and the option that
     * gives it: "grade" (--grade), "status" (--status) or "classification"
     * (--classification, with --rating); NULL: none (issue 26). */
    const char *scale_option;
    /* That option's values, "a|b|c" as written in an event (issue 29: the
     * submission form's choices); NULL: none (no scale option). */
    const char *scale_values;

    /* ---- Added in 0.x (issue 43): guests and placeholders ---- */
    /* True when id is one of the body's guest or placeholder numbers (EBU
     * 88888888; ACBL non-member "NM"), which identify nobody; NULL: the
     * body has none (docs/rulings.md RI-5).  A guest's award line is kept
     * and flagged, never refused (issue 43). */
    bool (*player_id_guest)(const char *id);
    /* Other words the body's programs write as USEBIO MASTER_POINT_SCALE,
     * each with the usebio_status_scales name it means, as {word, name}
     * pairs ending in {NULL, NULL}, matched in any case (EBU: EBUScoreTeams'
     * "EBU", Salliere's letters A-E and QA-QE; rulings U-48); NULL: none. */
    const char *const (*usebio_scale_words)[2];
} bmp_rules;

/* player_id_check flags. */
#define BMP_ID_CHECK_DIGIT 1u /* also require a check digit where one is known (ABF mod-11) */

/* NULL-terminated list of every body. */
const bmp_rules *const *bmp_rules_list(void);
/* Case-insensitive lookup ("ACBL", "acbl", "nz" and "nzb" both NZ Bridge). */
const bmp_rules *bmp_rules_find(const char *body);
/* The edition to use: `requested` if given (validated), else the default. */
bmp_status bmp_rules_edition(const bmp_rules *r, const char *requested, const char **out,
                             bmp_error *err);

/* r's parameter spec (r->params: what `bridgemp params BODY` prints), for
 * programs that read the registry without the struct's layout (the Python
 * module); NULL for a NULL r or a body without one. */
const bmp_param_specs *bmp_rules_param_specs(const bmp_rules *r);

/* Dispatch ev to its body's rules under the event's edition. */
bmp_status bmp_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);

/* Dispatch to a body's scale, after bmp_scale_check_options: an option the
 * table does not declare is refused before anything is computed. */
bmp_status bmp_scale(const char *body, const char *name, const char *edition,
                     const bmp_params *opts, bmp_table *out, bmp_error *err);

/* The table `name` (case-insensitive) of `body`, with its declared options;
 * NULL and BMP_ENOTFOUND in err ("unknown body ...", "unknown <body> table
 * ... (known: ...)") when there is none. */
const bmp_scale_info *bmp_scale_find(const char *body, const char *name, bmp_error *err);

/* Check opts against the options table s declares (s->options), by name:
 * an option it does not declare is BMP_EINVAL, "<key>: not an option of
 * table <name> (its options: a, b)" or "... (its options: none)".  A string
 * is accepted for any declared option (the command line gives every value
 * as text; the table converts it and refuses a bad value with its own
 * message); a number or bool for an option of another type is BMP_EINVAL,
 * "<key>: expected a string".  bmp_scale calls it before computing; a front
 * end calls it first to tell a usage error (the CLI's exit 2: an option
 * that is not the table's) from a bad value (bmp_scale's later errors). */
bmp_status bmp_scale_check_options(const bmp_scale_info *s, const bmp_params *opts,
                                   bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
