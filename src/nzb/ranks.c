/* NZ ranks, stars, gradings, rating points and the C->B conversion
 * ("5. Masterpoint Rankings", "4. Masterpoint Gradings", "6. Rating Points",
 * "3. Masterpoint Awards"). */
#include <stdbool.h>
#include <stdio.h>
#include <strings.h>

#include "bridgemp/nzb.h"
#include "nzb/nzb_internal.h"

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

/* ---- The generic rank (bmp_rules.rank) and named functions --------------- */

static void add_missing(bmp_rank *out, const char *what, bmp_points p)
{
    if (p <= 0 || out->nmissing >= BMP_RANK_MAX_MISSING)
        return;
    bmp_rank_missing *m = &out->missing[out->nmissing++];
    snprintf(m->what, sizeof m->what, "%s", what);
    m->points = p;
}

/* NZ-3, NZ-4 in the shape of every body: A and B count, C only once
 * converted to B (NZ-2, the c-to-b function). */
bmp_status nzb_rules_rank(const bmp_holding *h, bmp_rank *out, bmp_error *err)
{
    bmp_points a = h->points[NZB_PT_A], b = h->points[NZB_PT_B];
    bmp_nz_rank r;
    int stars;
    bmp_status st = bmp_nz_rank_of(a, b, &r, &stars, err);
    if (st)
        return st;
    snprintf(out->name, sizeof out->name, "%s", ranks[r].name);
    out->ordinal = (int)r;
    out->top = BMP_NZ_NRANKS - 1;
    out->stars = stars;
    out->total = a + b;
    out->rule = "NZ-3";
    if (stars)
        snprintf(out->extra, sizeof out->extra, "%d star%s (NZ-4)", stars, stars > 1 ? "s" : "");
    if (r + 1 >= BMP_NZ_NRANKS)
        return BMP_OK;
    bmp_points total, min_a;
    bmp_nz_rank_thresholds(r + 1, &total, &min_a);
    snprintf(out->next, sizeof out->next, "%s", ranks[r + 1].name);
    add_missing(out, "A+B", total - (a + b));
    add_missing(out, "A", min_a - a);
    return BMP_OK;
}

bool nzb_rules_rank_info(int ordinal, bmp_rank_info *out)
{
    if (ordinal < 0 || ordinal >= BMP_NZ_NRANKS)
        return false;
    snprintf(out->name, sizeof out->name, "%s", ranks[ordinal].name);
    if (ordinal == 0)
        snprintf(out->requires, sizeof out->requires, "fewer than 5 A+B");
    else if (ranks[ordinal].min_a)
        snprintf(out->requires, sizeof out->requires, "A+B %d, A %d", ranks[ordinal].total,
                 ranks[ordinal].min_a);
    else
        snprintf(out->requires, sizeof out->requires, "A+B %d", ranks[ordinal].total);
    return true;
}

/* NZ-5: args a, b (lifetime), rating (at 1 January). */
static bmp_status admin_grading(const bmp_points *args, bmp_admin_result *out, bmp_error *err)
{
    if (args[0] < 0 || args[1] < 0 || args[2] < 0)
        return bmp_error_set(err, BMP_EINVAL, "NZ grading: points must not be negative");
    bmp_nz_rank r;
    int stars;
    bmp_status st = bmp_nz_rank_of(args[0], args[1], &r, &stars, err);
    if (st)
        return st;
    bmp_admin_text(out, "grading", bmp_nz_grading_name(bmp_nz_grading_of(r, stars, args[2],
                                                                          args[0])));
    bmp_admin_text(out, "rank", ranks[r].name);
    char s[16];
    snprintf(s, sizeof s, "%d", stars);
    bmp_admin_text(out, "stars", s);
    return BMP_OK;
}

/* NZ-6: args previous, earned. */
static bmp_status admin_rating(const bmp_points *args, bmp_admin_result *out, bmp_error *err)
{
    if (args[0] < 0 || args[1] < 0)
        return bmp_error_set(err, BMP_EINVAL, "NZ rating points: points must not be negative");
    bmp_admin_points(out, "rating", bmp_nz_rating_points(args[0], args[1]));
    return BMP_OK;
}

/* NZ-2: arg c. */
static bmp_status admin_c_to_b(const bmp_points *args, bmp_admin_result *out, bmp_error *err)
{
    if (args[0] < 0)
        return bmp_error_set(err, BMP_EINVAL, "NZ C to B: C points must not be negative");
    bmp_points left;
    bmp_admin_points(out, "b", bmp_nz_c_to_b(args[0], &left));
    bmp_admin_points(out, "c_left", left);
    return BMP_OK;
}

static const bmp_admin_arg grading_args[] = {
    {"a", "lifetime \"A\" points"},
    {"b", "lifetime \"B\" points"},
    {"rating", "rating points at 1 January (NZ-6)"},
    {NULL, NULL}};
static const bmp_admin_arg rating_args[] = {
    {"previous", "rating points a year ago"},
    {"earned", "A and B points earned in the past year"},
    {NULL, NULL}};
static const bmp_admin_arg c_args[] = {{"c", "\"C\" points held"}, {NULL, NULL}};

const bmp_admin_fn nzb_admin[] = {
    {"grading", "NZ-5", "4. Masterpoint Gradings",
     "Open, Intermediate or Junior at 1 January from rank, stars, rating points and A points",
     grading_args, admin_grading},
    {"rating-points", "NZ-6", "6. Rating Points",
     "rating points: previous x 0.8 (to 0.01, half up) + A and B earned in the past year",
     rating_args, admin_rating},
    {"c-to-b", "NZ-2", "3. Masterpoint Awards",
     "C points to B at 100 C = 1 B in whole blocks, the remainder kept", c_args, admin_c_to_b},
    {NULL, NULL, NULL, NULL, NULL, NULL}};
