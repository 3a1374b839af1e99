/* The fields of an ACBL event (internal to src/acbl/fields*.c): the
 * whole field or its flights, strata, stratiflighted strata or brackets,
 * each with its tables, limit and first-place award. */
#ifndef BMP_ACBL_FIELDS_H
#define BMP_ACBL_FIELDS_H

#include <stdint.h>
#include "acbl/acbl_internal.h"

typedef enum { F_WHOLE, F_FLIGHT, F_STRATUM, F_STRATIFLIGHTED, F_BRACKET } field_kind;

typedef struct field {
    const char *name;      /* "overall" or the group's name */
    const bmp_group *g;    /* NULL for the whole field */
    double own;            /* actual tables */
    double credit;         /* tables for B */
    double m;
    int64_t ul;
    bmp_points first;
    bool top;              /* in the strata that may be gold (ACBL-88/70) */
    bool eligible;         /* ACBL-67: lowest stratum needs 3 tables */
    char flight;           /* stratiflighted: 'A' or 'B' */
    bool is_x;             /* stratiflighted X stratum */
    bool stratiflighted;   /* gold by ACBL-70 */
    int cap_places;        /* ACBL-73: 35% of actual competitors, 0 = none */
    char why[512];
} field;

static inline int64_t ul_key(int64_t ul)
{
    return ul == BMP_NO_LIMIT ? INT64_MAX : ul;
}

static inline double per_table(acbl_type t)
{
    return t == ACBL_TYPE_INDIVIDUAL ? 4.0 : acbl_type_is_teams(t) ? 1.0 : 2.0;
}

/* "flight", "stratum", "bracket" or "field". */
const char *acbl_field_kind_word(field_kind k);

/* The fields from the groups the contestants name (fields_build.c). */
bmp_status acbl_build_fields(acbl_calc *c, field **out, size_t *nout, field_kind *kind,
                             bmp_error *err);

#endif
