/* bridgemp: a body's point types (colours) and how they combine.
 *
 * Every award names a point type of its body in bmp_award.colour ("green",
 * "local", "a").  A body's table (bmp_rules.point_types) says, per type, its
 * unit (hundredths or whole points), how one hundredth of it counts into the
 * body's total holding, whether it counts towards rank, and how USEBIO files
 * spell it.  Amounts of different types are never added blindly: an EBU Local
 * Point is one master point, a Blue Point a hundred (EBU-1).
 */
#ifndef BRIDGEMP_POINTTYPE_H
#define BRIDGEMP_POINTTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most point types a body has (EBU: local, blue, green, gold). */
#define BMP_MAX_POINT_TYPES 8

typedef struct bmp_point_type {
    const char *name;        /* award colour, lower case: "green", "local", "a" */
    const char *label;       /* "Green Points", "Local Points (black)", "\"A\" Points" */
    const char *colour;      /* the colour it is printed in ("black" for EBU local) */
    bmp_points unit;         /* smallest amount recorded: BMP_UNIT_CENT or BMP_UNIT_WHOLE */
    /* Hundredths of the body's total holding per hundredth of this type:
     * 1 for ABF, ACBL and NZ A/B; EBU 1 for Local and 100 for Blue and Green
     * (2.6.1); 0 where the type is outside the total (EBU Gold, NZ C). */
    int total_weight;
    bool rank;               /* counts towards the body's ranks */
    const char *combine;     /* one line: how it combines into totals and ranks */
    const char *rule;        /* rule ID defining it: "NZ-1", "EBU-1", "ABF-86" */
    /* USEBIO MASTER_POINT_TYPE spellings, NULL-terminated; [0] is written. */
    const char *const *usebio_types;
    /* Hundredths of this type per MASTER_POINTS_AWARDED unit: 1 where the
     * file counts hundredths (57 = 0.57), 100 where it counts whole points
     * (EBU local: 36 = 36.00; rulings U-20). */
    bmp_points usebio_unit;
} bmp_point_type;

struct bmp_rules;

/* The body's point type named `name` (case-insensitive); NULL if none. */
const bmp_point_type *bmp_rules_point_type(const struct bmp_rules *r, const char *name);
/* Index of point type `name` in r->point_types, or -1. */
int bmp_rules_point_type_index(const struct bmp_rules *r, const char *name);
/* Number of point types of the body. */
size_t bmp_rules_point_type_count(const struct bmp_rules *r);
/* Check that `colour` names a point type of the body: EINVAL naming the
 * body's point types if not. */
bmp_status bmp_rules_check_colour(const struct bmp_rules *r, const char *colour, bmp_error *err);

/* The point type a USEBIO MASTER_POINT_TYPE spelling names (case-insensitive),
 * NULL if the body has no such spelling. */
const bmp_point_type *bmp_rules_usebio_point_type(const struct bmp_rules *r, const char *type);
/* "GREEN, RED, GOLD": the spellings the writer uses, for error messages. */
void bmp_rules_usebio_types(const struct bmp_rules *r, char *buf, size_t n);

/* The body's total holding of per-point-type amounts (hundredths, indexed
 * like r->point_types): sum of amount x total_weight, in hundredths of the
 * body's total unit (EBU: master points, 2.6.1). */
bmp_points bmp_rules_total(const struct bmp_rules *r, const bmp_points *amounts);

/* Points of type `type` (case-insensitive) one player of contestant c
 * receives.  Use this, not bmp_awards_player_total, where an event's awards
 * may be of several types. */
bmp_points bmp_awards_player_type_total(const bmp_awards *a, size_t contestant, int player,
                                        const char *type);
/* Every type at once: out[i] for r->point_types[i].  EINVAL naming the award
 * if one names a colour that is not a point type of the body. */
bmp_status bmp_awards_player_totals(const struct bmp_rules *r, const bmp_awards *a,
                                    size_t contestant, int player,
                                    bmp_points out[BMP_MAX_POINT_TYPES], bmp_error *err);
/* Check that every award names a point type of the body (EINVAL naming the
 * first that does not, by index and contestant). */
bmp_status bmp_rules_check_awards(const struct bmp_rules *r, const bmp_awards *a,
                                  bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
