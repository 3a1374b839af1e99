/* EBU Green ranking awards of 6.1.5, 6.3, 6.4 (EBU-120, EBU-125..132):
 * what the handbook states, and the check of a published scale. */
#ifndef BMP_EBU_GREEN_SPEC_H
#define BMP_EBU_GREEN_SPEC_H

#include <stdbool.h>

#include "ebu/ebu_internal.h"

typedef struct ebu_gp_in {
    const char *event;      /* congress, county-pairs, swiss, flighted-swiss, multiple-teams,
                               multiple-pairs, multiple-pairs-finals, multiple-pairs-carry */
    const char *section;    /* A|B|C|open|qualifier|session|overall|all, or NULL */
    const char *format;     /* county pairs: final|one-day|two-session */
    bool teams;             /* a teams event (else pairs) */
    double tables;          /* this event's tables (teams for teams) */
    double original_tables; /* multiple events: the original entry's tables */
    double other_tables;    /* flighted Swiss A: the B flight's tables */
    int field;              /* contestants ranked in this event */
    int toe;                /* county pairs: total original entry, pairs */
    bool has_c;             /* multiple pairs: there is a C final */
} ebu_gp_in;

typedef struct ebu_gp_spec {
    const char *rule, *sect; /* rule ID and section */
    bmp_points top, min;     /* hundredths */
    int count;               /* number of awards */
    const char *count_doc;
    bool raised;             /* flighted A raised to the B flight's awards (6.4.2 c) */
} ebu_gp_spec;

/* ceil_{step}(tables/24 + add) in hundredths (add, step in hundredths). */
bmp_points ebu_gp_top_formula(double tables, int add, int step);
/* false when the event/section has no ranking scale (a carry-forward
 * qualifier, Open Teams) or is unknown. */
bool ebu_gp_spec_of(const ebu_gp_in *in, ebu_gp_spec *s);
/* "3.00, 2.50, ..." -> hundredths (malloc'd). */
bmp_status ebu_gp_scale_parse(const char *text, bmp_points **out, int *n, bmp_error *err);
/* The published scale against the handbook: count, top, non-increasing, minimum. */
bmp_status ebu_gp_scale_check(const ebu_gp_spec *s, const bmp_points *v, int n, bmp_error *err);
/* The Green event of params.green_event (rankings, round awards). */
bmp_status ebu_gp_event(const bmp_event *ev, bmp_awards *out, bmp_error *err);

#endif
