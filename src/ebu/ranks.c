/* EBU master point ranks (2.6, EBU-4) and the overall holding (2.6.1,
 * EBU-1): a pure function of Local, Blue and Green Points. */
#include <stdio.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* 2.6.2, in increasing order of seniority: name, overall holding, Green
 * Points, and for a star family the holding (or Green) per further star and
 * the star cap (0 = none). */
typedef struct rank_row {
    const char *name;
    int64_t total;
    int green;
    int64_t star_total; /* further star per this much overall holding */
    int star_green;     /* further star per this many Green Points */
    int max_stars;
} rank_row;

static const rank_row ranks[BMP_EBU_NRANKS] = {
    {"Local Master", 100, 0, 0, 0, 0},
    {"Club Master", 200, 0, 0, 0, 0},
    {"Area Master", 500, 0, 0, 0, 0},
    {"District Master", 1000, 0, 0, 0, 0},
    {"County Master", 2500, 0, 0, 0, 0},
    {"Master", 5000, 0, 0, 0, 0},
    {"Advanced Master", 7500, 0, 0, 0, 0},
    {"* Master", 10000, 0, 0, 0, 0},
    {"** Master", 15000, 0, 0, 0, 0},
    {"*** Master", 20000, 0, 0, 0, 0},
    {"**** Master", 25000, 0, 0, 0, 0},
    {"***** Master", 30000, 0, 0, 0, 0},
    {"Tournament Master", 40000, 0, 0, 0, 0},
    {"Tournament Master", 50000, 0, 10000, 0, 0},          /* * TM, +1 star per 10,000 */
    {"Premier Master", 5000, 10, 0, 0, 0},
    {"Premier Master", 10000, 10, 5000, 0, 5},             /* * PM, +1 per 5,000, max 5 */
    {"Premier Tournament Master", 40000, 10, 0, 0, 0},
    {"Premier Tournament Master", 50000, 10, 10000, 0, 0},
    {"Regional Master", 10000, 25, 0, 0, 0},
    {"Regional Master", 20000, 25, 10000, 0, 0},
    {"Premier Regional Master", 20000, 50, 0, 0, 0},
    {"Premier Regional Master", 30000, 50, 10000, 0, 0},
    {"National Master", 30000, 75, 0, 0, 0},
    {"Premier National Master", 40000, 100, 0, 0, 0},
    {"Life Master", 60000, 150, 0, 0, 0},
    {"Premier Life Master", 90000, 300, 0, 0, 0},
    {"Grand Master", 120000, 600, 0, 0, 0},
    {"Grand Master", 120000, 800, 0, 200, 0},              /* * GM, +1 per 200 GP */
    {"Premier Grand Master", 0, 1500, 0, 0, 0},
};

int64_t bmp_ebu_total(const bmp_ebu_holding *h)
{
    /* Blue and Green are held in hundredths = master points (2.4.3). */
    return h->local + h->blue + h->green;
}

bool bmp_ebu_rank_requirements(int seniority, const char **name, int64_t *total, int *green)
{
    if (seniority < 1 || seniority > BMP_EBU_NRANKS)
        return false;
    const rank_row *r = &ranks[seniority - 1];
    if (name)
        *name = r->name;
    if (total)
        *total = r->total;
    if (green)
        *green = r->green;
    return true;
}

/* 2.4.2 b: a Green requirement g is met by Green + min(Blue, 150)/3 (up to 50
 * Green replaced at 3 Blue = 1 Green), compared exactly in hundredths x 3. */
static bool green_met(const bmp_ebu_holding *h, int64_t g_hundredths)
{
    int64_t blue = h->blue < 15000 ? h->blue : 15000;
    return 3 * h->green + blue >= 3 * g_hundredths;
}

bmp_status bmp_ebu_rank_of(const bmp_ebu_holding *h, bmp_ebu_rank *out, bmp_error *err)
{
    if (h->local < 0 || h->blue < 0 || h->green < 0)
        return bmp_error_set(err, BMP_EINVAL, "a master point holding cannot be negative");
    int64_t total = bmp_ebu_total(h);
    out->seniority = 0;
    out->stars = 0;
    snprintf(out->name, sizeof out->name, "%s", "no rank");
    for (int i = BMP_EBU_NRANKS; i >= 1; i--) {
        const rank_row *r = &ranks[i - 1];
        if (total < r->total || !green_met(h, (int64_t)r->green * 100))
            continue;
        int stars = 0;
        if (r->star_total) {
            stars = 1 + (int)((total - r->total) / r->star_total);
            if (r->max_stars && stars > r->max_stars)
                stars = r->max_stars;
        } else if (r->star_green) {
            /* Green for the star count: the same Blue allowance. */
            int64_t blue = h->blue < 15000 ? h->blue : 15000;
            int64_t g3 = 3 * h->green + blue; /* 3 x effective Green, hundredths */
            stars = 1 + (int)((g3 - 3 * (int64_t)r->green * 100) / (3 * (int64_t)r->star_green * 100));
        }
        out->seniority = i;
        out->stars = stars;
        if (stars > 0)
            snprintf(out->name, sizeof out->name, "%.*s %s", stars, "**********************",
                     r->name);
        else
            snprintf(out->name, sizeof out->name, "%s", r->name);
        return BMP_OK;
    }
    return BMP_OK;
}

/* ---- The generic rank (bmp_rules.rank) ----------------------------------- */

static void add_missing(bmp_rank *out, const char *what, bmp_points p)
{
    if (p <= 0 || out->nmissing >= BMP_RANK_MAX_MISSING)
        return;
    bmp_rank_missing *m = &out->missing[out->nmissing++];
    snprintf(m->what, sizeof m->what, "%s", what);
    m->points = p;
}

/* Green Points (hundredths) still missing for a requirement of g whole Green
 * Points once the Blue allowance is used (2.4.2 b): the least x with
 * 3 (green + x) + min(blue, 150 BP) >= 3 g. */
static bmp_points green_short(const bmp_ebu_holding *h, int g)
{
    int64_t blue = h->blue < 15000 ? h->blue : 15000;
    int64_t need3 = 3 * (int64_t)g * 100 - 3 * h->green - blue;
    return need3 <= 0 ? 0 : (need3 + 2) / 3;
}

/* 2.6 (EBU-1, EBU-4) in the shape of every body.  Local Points are whole
 * (3.4.1); Blue and Green are hundredths. */
bmp_status ebu_rules_rank(const bmp_holding *hd, bmp_rank *out, bmp_error *err)
{
    if (hd->points[EBU_PT_LOCAL] % 100)
        return bmp_error_set(err, BMP_EINVAL,
                             "EBU rank: Local Points are whole (3.4.1), got %lld.%02lld",
                             (long long)(hd->points[EBU_PT_LOCAL] / 100),
                             (long long)(hd->points[EBU_PT_LOCAL] % 100));
    bmp_ebu_holding h = {hd->points[EBU_PT_LOCAL] / 100, hd->points[EBU_PT_BLUE],
                         hd->points[EBU_PT_GREEN]};
    bmp_ebu_rank r;
    bmp_status st = bmp_ebu_rank_of(&h, &r, err);
    if (st)
        return st;
    snprintf(out->name, sizeof out->name, "%s", r.name);
    out->ordinal = r.seniority;
    out->top = BMP_EBU_NRANKS;
    out->stars = r.stars;
    out->total = bmp_ebu_total(&h) * 100; /* master points, in hundredths */
    out->rule = "EBU-4";
    if (r.seniority >= BMP_EBU_NRANKS)
        return BMP_OK;
    const rank_row *q = &ranks[r.seniority];
    snprintf(out->next, sizeof out->next, "%s%s", q->star_total || q->star_green ? "* " : "",
             q->name);
    add_missing(out, "total", q->total * 100 > out->total ? q->total * 100 - out->total : 0);
    add_missing(out, "green", green_short(&h, q->green));
    return BMP_OK;
}

bool ebu_rules_rank_info(int ordinal, bmp_rank_info *out)
{
    if (ordinal < 0 || ordinal > BMP_EBU_NRANKS)
        return false;
    if (ordinal == 0) {
        snprintf(out->name, sizeof out->name, "no rank");
        snprintf(out->requires, sizeof out->requires, "fewer than 100 master points");
        return true;
    }
    const rank_row *q = &ranks[ordinal - 1];
    snprintf(out->name, sizeof out->name, "%s%s", q->star_total || q->star_green ? "* " : "",
             q->name);
    int n = q->total ? snprintf(out->requires, sizeof out->requires, "total %lld master points",
                                (long long)q->total)
                     : 0;
    if (q->green && n >= 0 && (size_t)n < sizeof out->requires)
        n += snprintf(out->requires + n, sizeof out->requires - (size_t)n,
                      "%sgreen %d (up to 50 as 3 blue each)", n ? ", " : "", q->green);
    if (q->star_total && n > 0 && (size_t)n < sizeof out->requires)
        n += snprintf(out->requires + n, sizeof out->requires - (size_t)n,
                      "; a further star per %lld", (long long)q->star_total);
    if (q->star_green && n > 0 && (size_t)n < sizeof out->requires)
        n += snprintf(out->requires + n, sizeof out->requires - (size_t)n,
                      "; a further star per %d green", q->star_green);
    if (q->max_stars && n > 0 && (size_t)n < sizeof out->requires)
        snprintf(out->requires + n, sizeof out->requires - (size_t)n, " (at most %d)",
                 q->max_stars);
    return true;
}
