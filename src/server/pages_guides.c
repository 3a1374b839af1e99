/* The rank thresholds drawn on a player's chart (issue 30 item 1, ruling
 * W-30p2), found through the rules interface only (bmp_rules_rank and its
 * `missing`), never a body's table:
 *
 * - the next rank's: the player's total now plus the total the rules say
 *   is missing for it (ABF 5.10 + 9.90 = 15.00 for Local Master);
 * - the ranks below it: a holding climbed from nothing, one rank at a time,
 *   meeting first what the rules say is missing besides the total (red+gold,
 *   A, green), then the total.  Where the total is what a rank still needs,
 *   its requirement is exactly the total plus that (a guide); a rank whose
 *   total was already met on the way (ABF State Master after Bronze
 *   Regional) has no guide: its total is not what decides it.
 *
 * The total is the one the rank rules use (bmp_rank.total, the body's
 * total_doc), in the unit of bmp_rules_total. */
#include <string.h>
#include <strings.h>

#include "bridgemp/rank.h"
#include "bridgemp/rules.h"
#include "server/pages_internal.h"

#define CLIMB_STEPS 96

/* Is requirement `what` the body's total: "total", or its types joined
 * by '+' (NZ "A+B": every type with a total weight, in its order)? */
static bool is_total(const bmp_rules *r, const char *what)
{
    if (strcasecmp(what, "total") == 0)
        return true;
    char joined[64] = "";
    size_t n = 0;
    for (size_t k = 0; r->point_types[k].name; k++)
        if (r->point_types[k].total_weight > 0 && n < sizeof joined)
            n += (size_t)snprintf(joined + n, sizeof joined - n, "%s%s", n ? "+" : "",
                                  r->point_types[k].name);
    return n && strcasecmp(what, joined) == 0;
}

/* `need` hundredths of type k, rounded up to the type's unit. */
static bmp_points in_unit(const bmp_point_type *t, bmp_points need)
{
    bmp_points u = t->unit > 0 ? t->unit : 1;
    return (need + u - 1) / u * u;
}

/* Add what rank `rk` says is missing to h: each requirement other than the
 * total into the first type it names ("red+gold": red), or, with
 * `total`, the total into the first type counting towards rank and the
 * total.  False when a requirement names no type. */
static bool meet(const bmp_rules *r, const bmp_rank *rk, bool total, bmp_holding *h)
{
    for (size_t i = 0; i < rk->nmissing; i++) {
        const bmp_rank_missing *m = &rk->missing[i];
        if (is_total(r, m->what) != total)
            continue;
        int k = -1;
        bmp_points need = m->points;
        if (total) {
            for (size_t j = 0; r->point_types[j].name && k < 0; j++)
                if (r->point_types[j].rank && r->point_types[j].total_weight > 0)
                    k = (int)j;
            if (k >= 0)
                need = (need + r->point_types[k].total_weight - 1) /
                       r->point_types[k].total_weight;
        } else {
            char first[32];
            snprintf(first, sizeof first, "%.*s", (int)strcspn(m->what, "+"), m->what);
            k = bmp_rules_point_type_index(r, first);
        }
        if (k < 0 || k >= BMP_MAX_POINT_TYPES)
            return false;
        h->points[k] += in_unit(&r->point_types[k], need);
    }
    return true;
}

/* The total still missing for rk.next (0 when met or not asked). */
static bmp_points total_missing(const bmp_rules *r, const bmp_rank *rk)
{
    for (size_t i = 0; i < rk->nmissing; i++)
        if (is_total(r, rk->missing[i].what))
            return rk->missing[i].points;
    return 0;
}

static size_t add(chart_guide *g, size_t n, size_t max, const char *name, bmp_points total,
                  bool next)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(g[i].name, name) == 0) {
            g[i].total = total;
            g[i].next = next;
            return n;
        }
    if (n == max)
        return n;
    snprintf(g[n].name, sizeof g[n].name, "%s", name);
    g[n].total = total;
    g[n].next = next;
    return n + 1;
}

/* The ranks below `upto` (a total) climbed from nothing. */
static size_t climb(const bmp_rules *r, bmp_points upto, chart_guide *g, size_t max)
{
    bmp_holding h;
    memset(&h, 0, sizeof h);
    size_t n = 0;
    for (int step = 0; step < CLIMB_STEPS; step++) {
        bmp_rank rk, after;
        if (bmp_rules_rank(r, &h, &rk, NULL) || !rk.next[0])
            break;
        bmp_points t = total_missing(r, &rk);
        if (t > 0 && rk.total + t >= upto)
            break;
        if (t > 0)
            n = add(g, n, max, rk.next, rk.total + t, false);
        if (!meet(r, &rk, false, &h) || bmp_rules_rank(r, &h, &after, NULL))
            break;
        if (after.ordinal == rk.ordinal && after.stars == rk.stars &&
            (!meet(r, &after, true, &h) || bmp_rules_rank(r, &h, &after, NULL) ||
             (after.ordinal == rk.ordinal && after.stars == rk.stars)))
            break; /* no progress: the rules ask for something not added */
    }
    return n;
}

size_t page_rank_guides(const char *body, const bmp_ledger_summary *s, chart_guide *g,
                        size_t max)
{
    const bmp_rules *r = bmp_rules_find(body);
    if (!r || !r->rank || !r->point_types || !s)
        return 0;
    bmp_holding h;
    memset(&h, 0, sizeof h);
    for (size_t k = 0; k < s->ntypes && k < BMP_MAX_POINT_TYPES; k++)
        h.points[k] = s->holding[k] > 0 ? s->holding[k] : 0;
    bmp_rank now;
    if (bmp_rules_rank(r, &h, &now, NULL))
        return 0;
    bmp_points t = now.next[0] ? total_missing(r, &now) : 0;
    bmp_points upto = t > 0 ? now.total + t : now.total + 1;
    size_t n = climb(r, upto, g, max);
    if (t > 0)
        n = add(g, n, max, now.next, now.total + t, true);
    return n;
}
