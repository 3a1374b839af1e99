/* NZ ranks, stars, gradings, rating points and the C->B conversion
 * ("5. Masterpoint Rankings", "4. Masterpoint Gradings", "6. Rating Points",
 * "3. Masterpoint Awards"). */
#include <stdbool.h>
#include <strings.h>

#include "bridgemp/nzb.h"

static const struct {
    const char *name;
    int total, min_a;
} ranks[BMP_NZ_NRANKS] = {
    {"Novice", 0, 0},
    {"Certificate of Proficiency", 5, 0},
    {"Club Master", 20, 0},
    {"Local Master", 50, 0},
    {"Provincial Master", 100, 50},
    {"Master", 200, 100},
    {"National Master", 350, 175},
    {"Life Master", 500, 250},
    {"Grand Master", 1000, 500},
    {"Silver Grand Master", 2500, 1250},
    {"Gold Grand Master", 4000, 2500},
};

const char *bmp_nz_rank_name(bmp_nz_rank r)
{
    return r >= 0 && r < BMP_NZ_NRANKS ? ranks[r].name : "?";
}

void bmp_nz_rank_thresholds(bmp_nz_rank r, bmp_points *total, bmp_points *min_a)
{
    bool ok = r >= 0 && r < BMP_NZ_NRANKS;
    *total = ok ? (bmp_points)ranks[r].total * 100 : 0;
    *min_a = ok ? (bmp_points)ranks[r].min_a * 100 : 0;
}

/* NZ-3: the highest rank whose two thresholds are both met; NZ-4 stars. */
bmp_status bmp_nz_rank_of(bmp_points a, bmp_points b, bmp_nz_rank *rank, int *stars, bmp_error *err)
{
    if (a < 0 || b < 0)
        return bmp_error_set(err, BMP_EINVAL, "NZ rank: A and B points must not be negative");
    bmp_points total = a + b;
    int r = 0;
    for (int i = 1; i < BMP_NZ_NRANKS; i++)
        if (total >= (bmp_points)ranks[i].total * 100 && a >= (bmp_points)ranks[i].min_a * 100)
            r = i;
    int s = 0;
    /* Stars for a player held back by the A requirement of the next rank;
     * ranks below Local Master never are (no A minimum up to LM). */
    if (r >= BMP_NZ_LOCAL_MASTER && r + 1 < BMP_NZ_NRANKS &&
        a < (bmp_points)ranks[r + 1].min_a * 100) {
        s = (int)(total / ((bmp_points)ranks[r].total * 100)) - 1;
        if (s < 0)
            s = 0;
    }
    *rank = (bmp_nz_rank)r;
    if (stars)
        *stars = s;
    return BMP_OK;
}

const char *bmp_nz_grading_name(bmp_nz_grading g)
{
    return g == BMP_NZ_OPEN ? "Open" : g == BMP_NZ_INTERMEDIATE ? "Intermediate" : "Junior";
}

/* NZ-5 ("4. Masterpoint Gradings"). */
bmp_nz_grading bmp_nz_grading_of(bmp_nz_rank rank, int stars, bmp_points rating, bmp_points a)
{
    if (rank > BMP_NZ_LOCAL_MASTER)
        return BMP_NZ_OPEN; /* Provincial Master or higher */
    if (rank == BMP_NZ_LOCAL_MASTER)
        /* LM 5* and above; LM 0*-4* with 100+ RP (exactly 100: Open, A-4) */
        return stars >= 5 || rating >= 10000 ? BMP_NZ_OPEN : BMP_NZ_INTERMEDIATE;
    /* Club Master or lower */
    if (rating > 3000 || a >= 500)
        return BMP_NZ_INTERMEDIATE;
    return BMP_NZ_JUNIOR;
}

/* NZ-6: previous x 0.8 (= x 4/5, rounded half up to 0.01) + earned. */
bmp_points bmp_nz_rating_points(bmp_points previous, bmp_points earned_ab)
{
    return bmp_mul_ratio(previous, 4, 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT) + earned_ab;
}

/* NZ-2: 100 C = 1 B. */
bmp_points bmp_nz_c_to_b(bmp_points c, bmp_points *remainder)
{
    if (c < 0)
        c = 0;
    bmp_points blocks = c / 10000;
    if (remainder)
        *remainder = c - blocks * 10000;
    return blocks * 100;
}

/* NZ-102 ("8. Overseas Masterpoints and/or Players" (a)). */
bmp_status bmp_nz_transfer(const char *kind, bmp_points points, bmp_points *out, char *letter,
                           bmp_error *err)
{
    if (points < 0)
        return bmp_error_set(err, BMP_EINVAL, "NZ transfer: points must not be negative");
    if (kind && !strcasecmp(kind, "gold")) {
        *out = points;
        *letter = 'A';
        return BMP_OK;
    }
    if (kind && !strcasecmp(kind, "klinger-red")) {
        *out = points;
        *letter = 'B';
        return BMP_OK;
    }
    if (kind && (!strcasecmp(kind, "green") || !strcasecmp(kind, "red")))
        return bmp_not_supported(err, "transfer of ABF green/red points", "NZ-102",
                                 "8. Overseas Masterpoints (a)",
                                 "the green and red rates are not legible in the document (A-29)");
    return bmp_error_set(err, BMP_EINVAL,
                         "NZ transfer: expected gold, klinger-red, green or red, got \"%s\"",
                         kind ? kind : "");
}
