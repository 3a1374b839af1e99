/* bridgemp: NZ Bridge ranks, gradings, rating points and conversions
 * (NZ Bridge Manual Part E, Sept 2017: "5. Masterpoint Rankings",
 * "4. Masterpoint Gradings", "6. Rating Points", "3. Masterpoint Awards").
 * Pure functions of a player's totals; the ledger that keeps the totals is
 * not part of the library.  Rule IDs are those of shared/spec/nzb.md.
 * Points are bmp_points (hundredths). */
#ifndef BRIDGEMP_NZB_H
#define BRIDGEMP_NZB_H

#include "bridgemp/error.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NZ-3: the eleven ranks, in order. */
typedef enum bmp_nz_rank {
    BMP_NZ_NOVICE = 0,
    BMP_NZ_CERTIFICATE, /* Certificate of Proficiency */
    BMP_NZ_CLUB_MASTER,
    BMP_NZ_LOCAL_MASTER,
    BMP_NZ_PROVINCIAL_MASTER,
    BMP_NZ_MASTER,
    BMP_NZ_NATIONAL_MASTER,
    BMP_NZ_LIFE_MASTER,
    BMP_NZ_GRAND_MASTER,
    BMP_NZ_SILVER_GRAND_MASTER,
    BMP_NZ_GOLD_GRAND_MASTER,
    BMP_NZ_NRANKS
} bmp_nz_rank;

const char *bmp_nz_rank_name(bmp_nz_rank r);
/* Thresholds of rank r: total A+B and minimum A (whole points, NZ-3). */
void bmp_nz_rank_thresholds(bmp_nz_rank r, bmp_points *total, bmp_points *min_a);

/* NZ-3, NZ-4: the rank earned by lifetime A and B points (C excluded: only
 * its conversion to B counts, NZ-2), and the stars of a player held at that
 * rank for want of A points: floor(total / own threshold) - 1 while the A
 * points for the next rank are missing (exact for Local Master; ruling
 * NZ-L8 for the others, A-3).  EINVAL on negative points. */
bmp_status bmp_nz_rank_of(bmp_points a, bmp_points b, bmp_nz_rank *rank, int *stars,
                          bmp_error *err);

typedef enum bmp_nz_grading { BMP_NZ_JUNIOR = 0, BMP_NZ_INTERMEDIATE, BMP_NZ_OPEN } bmp_nz_grading;
const char *bmp_nz_grading_name(bmp_nz_grading g);

/* NZ-5: the grading fixed at 1 January from the rank, stars, rating points
 * and lifetime A points.  Exactly 100 RP is Open. */
bmp_nz_grading bmp_nz_grading_of(bmp_nz_rank rank, int stars, bmp_points rating, bmp_points a);

/* NZ-6: RP_new = RP_prev x 0.8 + A and B earned in the past year, kept to
 * 0.01 (x 0.8 rounded half up; A-6). */
bmp_points bmp_nz_rating_points(bmp_points previous, bmp_points earned_ab);

/* NZ-2: C points convert to B at 100 C = 1 B, in whole blocks, the
 * remainder carried.  Returns the whole B points (in hundredths);
 * *remainder gets the C left over.  C in hundredths of a C point. */
bmp_points bmp_nz_c_to_b(bmp_points c, bmp_points *remainder);

/* NZ-102: points earned overseas by NZ-registered players, transferred:
 * ABF "gold" 1 Gold = 1 A; "klinger-red" (Klinger holidays and cruises)
 * 1 Red = 1 B.  Other ABF colours: the rates are not legible in the
 * document: not supported.  *letter gets 'A' or 'B'. */
bmp_status bmp_nz_transfer(const char *kind, bmp_points points, bmp_points *out, char *letter,
                           bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
