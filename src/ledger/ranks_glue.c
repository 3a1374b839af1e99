/* Adapter from the ledger's holdings to each body's rank functions
 * (include/bridgemp/{abf,ebu,nzb}.h): the only file that names them. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/abf.h"
#include "bridgemp/ebu.h"
#include "bridgemp/nzb.h"
#include "ledger/ledger_internal.h"
#include "ledger/ranks_glue.h"

static const char *const abf_types[] = {"green", "red", "gold", NULL};
static const char *const nzb_types[] = {"a", "b", "c", NULL};
static const char *const ebu_types[] = {"local", "blue", "green", "gold", NULL};
static const char *const acbl_types[] = {"black", "silver", "red", "gold", "platinum", NULL};

const char *const *ledger_point_types(const char *body)
{
    if (strcmp(body, "abf") == 0)
        return abf_types;
    if (strcmp(body, "nzb") == 0)
        return nzb_types;
    if (strcmp(body, "ebu") == 0)
        return ebu_types;
    if (strcmp(body, "acbl") == 0)
        return acbl_types;
    return NULL;
}

bool ledger_point_type_ok(const char *body, const char *type)
{
    const char *const *t = ledger_point_types(body);
    for (; t && *t; t++)
        if (strcmp(*t, type) == 0)
            return true;
    return false;
}

/* §1.8, 1.4.4 ABF ranks (ABF-86..88): the earned rank, never lower than held */
static bmp_status abf_rank(const bmp_points *h, bmp_points pre82, const ledger_rank *held,
                           ledger_rank *out, bmp_error *err)
{
    bmp_abf_totals t = {.green = h[0], .red = h[1], .gold = h[2],
                        .pre1982_red = pre82 > h[1] ? h[1] : pre82};
    int r = 0;
    bmp_status st = bmp_abf_promote(held ? held->rank : 0, &t, &r, NULL, err);
    if (st)
        return st;
    out->rank = r;
    out->stars = 0;
    snprintf(out->name, sizeof out->name, "%s", bmp_abf_rank_name(r));
    return BMP_OK;
}

/* §2.6.2 EBU ranks (EBU-1, EBU-4): local whole points, blue and green in hundredths */
static bmp_status ebu_rank(const bmp_points *h, ledger_rank *out, bmp_error *err)
{
    bmp_ebu_holding eh = {.local = h[0] / 100, .blue = h[1], .green = h[2]};
    bmp_ebu_rank r;
    bmp_status st = bmp_ebu_rank_of(&eh, &r, err);
    if (st)
        return st;
    out->rank = r.seniority;
    out->stars = r.stars;
    snprintf(out->name, sizeof out->name, "%s", r.seniority ? r.name : "No rank");
    return BMP_OK;
}

/* §5 NZ ranks (NZ-2..4): A and B, with C converted to B in blocks of 100 */
static bmp_status nzb_rank(const bmp_points *h, ledger_rank *out, bmp_error *err)
{
    bmp_points rem = 0;
    bmp_points b = h[1] + bmp_nz_c_to_b(h[2], &rem);
    bmp_nz_rank r;
    int stars = 0;
    bmp_status st = bmp_nz_rank_of(h[0], b, &r, &stars, err);
    if (st)
        return st;
    out->rank = (int)r;
    out->stars = stars;
    if (stars)
        snprintf(out->name, sizeof out->name, "%s %d*", bmp_nz_rank_name(r), stars);
    else
        snprintf(out->name, sizeof out->name, "%s", bmp_nz_rank_name(r));
    return BMP_OK;
}

bmp_status ledger_rank_of(const char *body, const bmp_points *h, bmp_points pre1982_red,
                          const ledger_rank *held, ledger_rank *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    if (strcmp(body, "abf") == 0)
        return abf_rank(h, pre1982_red, held, out, err);
    if (strcmp(body, "ebu") == 0)
        return ebu_rank(h, out, err);
    if (strcmp(body, "nzb") == 0)
        return nzb_rank(h, out, err);
    return bmp_not_supported(err, "ACBL ranks in the ledger", "ACBL", "masterpoint ranks",
                             "the ACBL rank table is not transcribed");
}

static size_t put_missing(char *buf, size_t size, size_t at, const char *what, bmp_points need)
{
    if (need <= 0 || at >= size)
        return at;
    char p[32];
    bmp_points_format(need, p, sizeof p);
    int n = snprintf(buf + at, size - at, "%s%s %s", at && buf[at - 1] != ' ' ? ", " : "", p,
                     what);
    return n > 0 ? at + (size_t)n : at;
}

void ledger_next_rank(const char *body, const bmp_points *h, bmp_points pre1982_red,
                      const ledger_rank *cur, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t at = 0;
    if (strcmp(body, "abf") == 0) {
        const bmp_abf_rank_req *q = bmp_abf_rank_requirements(cur->rank + 1);
        if (!q)
            return;
        bmp_points allow = pre1982_red * q->pre1982_pct / 100;
        at = (size_t)snprintf(buf, size, "%s Master: ", q->name);
        at = put_missing(buf, size, at, "total", q->total - (h[0] + h[1] + h[2]));
        at = put_missing(buf, size, at, "red+gold", q->red_gold - allow - (h[1] + h[2]));
        at = put_missing(buf, size, at, "gold", q->gold - allow - h[2]);
    } else if (strcmp(body, "ebu") == 0) {
        const char *name = NULL;
        int64_t total = 0;
        int green = 0;
        if (!bmp_ebu_rank_requirements(cur->rank + 1, &name, &total, &green))
            return;
        bmp_ebu_holding eh = {.local = h[0] / 100, .blue = h[1], .green = h[2]};
        at = (size_t)snprintf(buf, size, "%s: ", name);
        at = put_missing(buf, size, at, "master points", (total - bmp_ebu_total(&eh)) * 100);
        at = put_missing(buf, size, at, "green (blue may stand in, EBU-4)",
                         (bmp_points)green * 100 - h[2]);
    } else if (strcmp(body, "nzb") == 0) {
        if (cur->rank + 1 >= BMP_NZ_NRANKS)
            return;
        bmp_points total = 0, min_a = 0, rem = 0;
        bmp_nz_rank_thresholds((bmp_nz_rank)(cur->rank + 1), &total, &min_a);
        bmp_points b = h[1] + bmp_nz_c_to_b(h[2], &rem);
        at = (size_t)snprintf(buf, size, "%s: ", bmp_nz_rank_name((bmp_nz_rank)(cur->rank + 1)));
        at = put_missing(buf, size, at, "A+B", total - (h[0] + b));
        at = put_missing(buf, size, at, "A", min_a - h[0]);
    }
    (void)at;
}
