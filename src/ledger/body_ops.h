/* What the ledger core asks of a governing body (internal): one constant
 * table per body, defined in the body's room (src/ledger/abf/ops.c,
 * ebu/ops.c, nzb/ops.c, acbl/ops.c) and listed in bodies.c, the way
 * bmp_rules describes a body's awards.  The core reaches a room only
 * through this table and never tests a body's name; a room may call the
 * core.  A NULL hook or field means the body has no such rule: the core's
 * default applies. */
#ifndef BMP_LEDGER_BODY_OPS_H
#define BMP_LEDGER_BODY_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/ledger_convert.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_payments.h"
#include "bridgemp/ledger_runs.h"
#include "ledger/ledger_internal.h"

/* The most one event can give of one point type (issue 26, rulings
 * L-26-1); a list ends with {NULL, max}, the bound of any other type. */
typedef struct ledger_point_bound {
    const char *type;   /* "green"; NULL: every type not listed */
    int64_t max;        /* hundredths */
    const char *why;    /* the evidence, in messages: "App. D, ABF-117" */
} ledger_point_bound;

/* One player of a calendar year's list (report_year.c, issue 28): what a
 * body's annual awards are decided on. */
/* One of a body's fixed list of regions: its stored code and its name
 * (RG-1: the ABF's "NSW", "New South Wales"). */
typedef struct ledger_region_code {
    const char *code, *name;
} ledger_region_code;

typedef struct ledger_year_player {
    const char *number, *name;
    int rank_at_start;        /* the body's rank ordinal on January 1 */
    const char *rank_name;    /* ... its name */
    bmp_points points;        /* won in the year: the body's total (all types
                                 counting into it) */
    bool overseas;            /* registered as an overseas player (ABF-100) */
} ledger_year_player;
#define LEDGER_AWARD_SIZE 112 /* an award's text on the year's list */

typedef struct ledger_body_ops {
    const char *code;   /* "abf": the body row's code and bmp_rules' name (other
                           spellings, "nz", are bmp_rules_find's) */
    const char *title;  /* in messages: "the ABF", "NZ Bridge" */

    /* -- results files and batches (sources.c, batch.c) -- */
    const char *file_rule;        /* points carried in a results file: ABF-103 */
    const char *adjustment_rule;  /* an adjustment file's lines (NZ-91); NULL: "adjustment" */
    /* An unregistered player's credit refused: the rule's words (NZ-9);
     * NULL: "... of BODY (RULE)" with the body row's rule. */
    const char *members_only;
    bool overseas_no_points;      /* NZ-103: overseas players earn none */
    /* A line of a player the register does not hold (or Dormant, Resigned):
     * held for the secretary (true) or refused (false), under `unknown_rule`
     * (ABF-99, EBU-5 hold; NZ-9, ACBL refuse).  The body row's
     * unknown_players and rule columns are kept in the schema, not read. */
    bool hold_unknown;
    const char *unknown_rule;

    /* -- the register (registry.c) -- */
    /* A national ID, normalised into out; NULL: 1 to 8 digits, named
     * `number_name`. */
    bmp_status (*number_check)(const char *in, char *out, size_t size, bmp_error *err);
    const char *number_name;      /* "NZB computer", "EBU" */
    /* NZ-89: a number for each new player of one import or add, numbers[i]
     * (of `size` bytes) empty; the non-empty ones are taken.  NULL: the body
     * does not allocate, a number is required (the body row's
     * allocates_numbers column is kept in the schema, not read). */
    bmp_status (*allocate_numbers)(bmp_ledger *l, const ledger_body *b, char *const *numbers,
                                   size_t n, size_t size, bmp_error *err);

    /* -- ranks (ranks_glue.c) -- */
    /* NZ-2: C counted as B for rank, in whole blocks (bmp_nz_c_to_b): the B
     * points of c, *left the C left over; NULL: C is not counted as B. */
    bmp_points (*c_to_b)(bmp_points c, bmp_points *left);
    bool ranks_for_life;          /* ABF-88 1.4.4: a rank never goes down */

    /* -- held points, conversions, approval, payments, certificates -- */
    /* Is a held line earned on `earned` credited on renewal `renewed`?
     * NULL: all are (EBU-5). */
    bmp_status (*held_creditable)(const char *earned, const char *renewed, bool *ok,
                                  bmp_error *err);
    /* Foreign points into this body's (ABF-105, NZ-102); NULL: no rates. */
    bmp_status (*convert_rate)(const bmp_ledger_conversion *c, bmp_ledger_converted *out,
                               bmp_error *err);
    /* May batch be approved (ABF-116)?  NULL: always. */
    bmp_status (*approve_gate)(bmp_ledger *l, int64_t batch, bmp_error *err);
    /* A payment recorded without the club number (ABF-115); NULL: nothing. */
    bmp_status (*no_club_number)(bmp_ledger *l, const ledger_body *b,
                                 const bmp_ledger_payment *p, int64_t club,
                                 bmp_ledger_paid *out, bmp_error *err);
    const char *cert_prefix, *cert_rule;  /* promotion certificates (ABF-88); NULL: none */

    /* -- administration runs (ledger_runs.h) -- */
    const bmp_ledger_run_spec *runs;
    size_t nruns;

    /* -- carried points (carried.c, issue 26) -- */
    const ledger_point_bound *max_event_points;  /* NULL: the ledger's own bound */
    /* A player's region (region.c, RG-1): the body's word for it ("state",
     * "county", "unit"; NULL: "region") and, where the body lists them, its
     * regions (NULL: free text). */
    const char *region_word;
    const ledger_region_code *regions;
    size_t nregions;

    /* -- published lists (report_year.c, issue 28) -- */
    /* The body's annual awards on a calendar year's list: award[i] for
     * player i ("" for none) and a note on t per award naming its rule;
     * NULL: the body has none. */
    bmp_status (*year_awards)(const ledger_year_player *p, size_t n, char (*award)[LEDGER_AWARD_SIZE],
                              bmp_table *t, bmp_error *err);
    /* The rule of the club report's quarter (home members, alternates,
     * players who earned at the club in the quarter ending at the period:
     * "ABF-96"); NULL: the report names the periods without a rule. */
    const char *club_quarter_rule;
    /* The register fields of this body's own rules among overseas, youth,
     * registered_from, registered_to, pre1982_red (ABF-98..102; NZ-103
     * overseas), NULL-ended; NULL: none (issue 44: the EBU's register page
     * showed the ABF's "Red points before 1982"). */
    const char *const *register_fields;
} ledger_body_ops;

/* The table of body `code` as given on input (any case, or a spelling
 * bmp_rules_find accepts: "nz"); NULL if unknown. */
const ledger_body_ops *ledger_body_ops_find(const char *code);
/* The table of a body row's code, exactly ("nzb", not "NZ"); NULL if none. */
const ledger_body_ops *ledger_body_ops_of(const char *code);
/* Does `given` (any case, or a spelling bmp_rules_find accepts) name body `code`? */
bool ledger_body_names(const char *given, const char *code);
/* The bodies' codes for a message, from the one list: "abf, acbl, ebu or nzb". */
const char *ledger_body_codes(char *buf, size_t size);

/* A run adapter's definition, the generic signature (bmp_ledger_run_fn). */
#define LEDGER_RUN_DEF(name)                                                                  \
    bmp_status name(bmp_ledger *l, const char *body, const bmp_ledger_run_in *in,              \
                    bmp_ledger_run_out *out, bmp_problems *probs, bmp_error *err)

/* For the rooms' run adapters (runs.c).  Reset out (a text run) and find
 * the spec of run `name` of `body`: EINVAL unless the body has that run
 * ("the EBU has no capitation run; its runs: gold, ums, licences"), and
 * unless `in` has the spec's arguments and required options. */
bmp_status ledger_run_check(const char *body, const char *name, const bmp_ledger_run_in *in,
                            bmp_ledger_run_out *out, const bmp_ledger_run_spec **spec,
                            bmp_error *err);
/* Option i of the run's input (NULL when absent). */
const char *ledger_run_opt(const bmp_ledger_run_in *in, size_t i);
/* A positional year (1..9999), else EINVAL naming the run. */
bmp_status ledger_run_year(const char *name, const char *s, int *year, bmp_error *err);
/* A whole number in min..max, else EINVAL naming the run and what. */
bmp_status ledger_run_number(const char *name, const char *what, const char *s, long long min,
                             long long max, long long *out, bmp_error *err);
/* out->text from a format (allocation failure: ENOMEM). */
bmp_status ledger_run_say(bmp_ledger_run_out *out, bmp_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* A charge run's line, "NAME PERIOD: run N made: L line(s), total T". */
bmp_status ledger_run_text(bmp_ledger_run_out *out, const char *name, const char *period,
                           bmp_error *err);
/* An invoiced run's line, "WHAT: charge run N, L line(s), T; invoiced". */
bmp_status ledger_run_invoiced(bmp_ledger_run_out *out, const char *what, const char *dir,
                               bmp_error *err);
/* --as html|csv|json (html when absent), else EINVAL naming the run. */
bmp_status ledger_run_doc_format(const char *name, const char *as, bmp_invoice_format *f,
                                 bmp_error *err);
/* Money in cents as "-12.34". */
void ledger_run_money(int64_t cents, char buf[32]);
/* certificates PERIOD [--as F] [--output FILE] (ABF-88, NZ-99): shared. */
bmp_status ledger_run_certificates(bmp_ledger *l, const char *body, const bmp_ledger_run_in *in,
                                   bmp_ledger_run_out *out, bmp_problems *probs, bmp_error *err);

#endif
