/* bridgemp: EBU master point ranks (Master Points and Licensing Handbook
 * 2024, 2.6) as a pure function of a player's holding.  Rule IDs are those
 * of shared/spec/ebu.md (EBU-1, EBU-4). */
#ifndef BRIDGEMP_EBU_H
#define BRIDGEMP_EBU_H

#include <stdbool.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_EBU_NRANKS 29

typedef struct bmp_ebu_holding {
    int64_t local;     /* Local Points (whole) */
    bmp_points blue;   /* Blue Points in hundredths (= blue master points) */
    bmp_points green;  /* Green Points in hundredths (= green master points) */
} bmp_ebu_holding;

typedef struct bmp_ebu_rank {
    int seniority;     /* 1 (Local Master) .. 29 (Premier Grand Master); 0 = no rank */
    int stars;         /* stars within a star family (0 otherwise) */
    char name[64];     /* e.g. "Local Master", "*** Tournament Master", "Premier Grand Master" */
} bmp_ebu_rank;

/* 2.6.1 (EBU-1): overall holding in master points: Local + 100 x Blue +
 * 100 x Green (7.25 GP + 2.75 BP + 4,344 LP = 5,344). */
int64_t bmp_ebu_total(const bmp_ebu_holding *h);

/* 2.6.2, 2.4.2 b (EBU-4): the most senior rank whose conditions are met; up
 * to 50 of the Green Points a rank requires may be replaced by Blue Points at
 * 3 Blue = 1 Green.  EINVAL on a negative holding. */
bmp_status bmp_ebu_rank_of(const bmp_ebu_holding *h, bmp_ebu_rank *out, bmp_error *err);

/* Requirements of the rank of seniority 1..29 as printed (2.6.2): minimum
 * overall holding and Green Points (whole); false outside. */
bool bmp_ebu_rank_requirements(int seniority, const char **name, int64_t *total, int *green);

#ifdef __cplusplus
}
#endif
#endif
