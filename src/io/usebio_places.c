/* USEBIO reader: places -- "3=" ties resolved, missing places rebuilt from
 * the scores (rulings U-4), every ranking checked. */
#define _GNU_SOURCE /* qsort_r */
#include <ctype.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/param_keys.h"
#include "core/strindex.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

/* ---- places ------------------------------------------------------------ */

static bmp_place *slot_place(rd *r, const slot *s)
{
    bmp_contestant *c = &r->ev->contestants[s->ci];
    return s->rank < 0 ? &c->place : &c->rankings[s->rank].place;
}

static int by_score_desc(const void *a, const void *b)
{
    const slot *x = *(const slot *const *)a, *y = *(const slot *const *)b;
    return (x->score < y->score) - (x->score > y->score);
}

/* True when the n places are untied and distinct within 1..n: then they are
 * already resolved and consistent (what bmp_places_resolve would accept
 * unchanged), checked in linear time.  seen has room for n + 1 flags. */
static bool distinct_untied(const bmp_place *pl, size_t n, bool *seen)
{
    memset(seen, 0, (n + 1) * sizeof *seen);
    for (size_t k = 0; k < n; k++) {
        if (pl[k].tied || pl[k].hi != pl[k].lo || pl[k].lo < 1 || (size_t)pl[k].lo > n ||
            seen[pl[k].lo])
            return false;
        seen[pl[k].lo] = true;
    }
    return true;
}

/* Resolve "3=" extents and check each ranking; rebuild a ranking from the
 * scores when any of its places is missing (ecosystem.md §2.3 PLACE). */
static const char *slot_key(const void *arr, size_t i)
{
    return ((const slot *)arr)[i].key;
}

/* §2.3 PLACE: one plain place held by several entries is a tie (U-22):
 * mark every lo..lo place that more than one entry holds, via a sort. */
static int cmp_lo(const void *a, const void *b, void *arg)
{
    const bmp_place *pl = arg;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    return pl[i].lo != pl[j].lo ? (pl[i].lo > pl[j].lo) - (pl[i].lo < pl[j].lo)
                                : (i > j) - (i < j);
}

static bool mark_plain_ties(bmp_place *pl, size_t m)
{
    size_t *ord = malloc((m ? m : 1) * sizeof *ord), k = 0;
    if (!ord)
        return false;
    for (size_t q = 0; q < m; q++)
        if (pl[q].hi == pl[q].lo)
            ord[k++] = q;
    qsort_r(ord, k, sizeof *ord, cmp_lo, pl);
    for (size_t a = 0; a < k;) {
        size_t e = a + 1;
        while (e < k && pl[ord[e]].lo == pl[ord[a]].lo)
            e++;
        for (size_t q = a; e - a > 1 && q < e; q++)
            pl[ord[q]].tied = true;
        a = e;
    }
    free(ord);
    return true;
}

/* ---- one field across sections (rulings UX-4) -------------------------
 * NZ Scorer through scorer-to-usebio ranks every pair of the event as one
 * field ("we need to report them overall across sections"): places 1-66
 * over sections of 26, 20 and 20.  When some section's event-level places
 * run past its own size and all sections' places together form one valid
 * ranking, they are that one ranking: the keys lose their section. */

/* The key of slot s with its section taken out, for event-level entries
 * of a section; NULL for others. */
static const char *merged_key(rd *r, const slot *s)
{
    if (s->rank < 0)
        return strncmp(s->key, "overall:", 8) == 0 && s->key[8] ? "overall:" : NULL;
    const bmp_ranking_entry *e = &r->ev->contestants[s->ci].rankings[s->rank];
    if (e->session != (r->ev->sessions <= 1 ? 1 : 0) || !e->section || !r->has_overall)
        return NULL;
    return e->direction;
}

/* Whether the slots idx[0..m) hold a place past their section's size. */
static bool overflows(rd *r, const size_t *idx, size_t m)
{
    for (size_t a = 0; a < m; a++) {
        const slot *s = &r->slots[idx[a]];
        size_t in_section = 0;
        for (size_t b = 0; b < m; b++)
            in_section += strcmp(r->slots[idx[b]].key, s->key) == 0;
        if ((size_t)slot_place(r, s)->lo > in_section)
            return true;
    }
    return false;
}

static bmp_status merge_one(rd *r, const char *key, size_t *idx, bmp_place *pl, bool *merged)
{
    size_t m = 0;
    for (size_t i = 0; i < r->nslots; i++) {
        const char *k = merged_key(r, &r->slots[i]);
        if (k && strcmp(k, key) == 0) {
            if (!r->slots[i].has_place)
                return BMP_OK; /* places rebuilt per section (U-4) */
            idx[m++] = i;
        }
    }
    if (m < 2 || !overflows(r, idx, m))
        return BMP_OK;
    for (size_t k = 0; k < m; k++)
        pl[k] = *slot_place(r, &r->slots[idx[k]]);
    bmp_error e2 = {0};
    if (!mark_plain_ties(pl, m))
        return ub_oom(r);
    if (bmp_places_resolve(pl, m, &e2))
        return BMP_OK; /* not one field either: the per-section check reports */
    for (size_t k = 0; k < m; k++) {
        slot *s = &r->slots[idx[k]];
        char *nk = core_param_str(key);
        if (!nk)
            return ub_oom(r);
        core_param_str_free(s->key);
        s->key = nk;
        if (s->rank >= 0) {
            bmp_ranking_entry *e = &r->ev->contestants[s->ci].rankings[s->rank];
            char *nr = core_param_str(key);
            if (!nr)
                return ub_oom(r);
            core_param_str_free(e->ranking);
            e->ranking = nr;
            core_param_str_free(e->section);
            e->section = NULL;
        }
    }
    *merged = true;
    return BMP_OK;
}

bmp_status ub_merge_sections(rd *r, bool *merged)
{
    *merged = false;
    if (!r->multi_section)
        return BMP_OK;
    size_t *idx = calloc(r->nslots ? r->nslots : 1, sizeof *idx);
    bmp_place *pl = calloc(r->nslots ? r->nslots : 1, sizeof *pl);
    bmp_status st = idx && pl ? BMP_OK : ub_oom(r);
    static const char *const keys[] = {"overall:", "NS", "EW"};
    for (size_t k = 0; k < 3 && !st; k++)
        st = merge_one(r, keys[k], idx, pl, merged);
    free(idx);
    free(pl);
    return st;
}

/* A ranking with a place missing: rebuilt from the scores, highest first,
 * equal scores sharing the places they span (U-4).  A percentage and a
 * total are on different scales: with some entries giving only
 * TOTAL_SCORE, rebuild from the totals when every entry has one, else
 * refuse rather than mix (U-23). */
static bmp_status rebuild_places(rd *r, slot **group, size_t m)
{
    bmp_status st = BMP_OK;
    for (size_t k = 0; k < m; k++)
        if (!group[k]->has_score)
            return ub_fail(r, group[k]->node, BMP_EINVAL,
                           "PLACE is missing in ranking \"%s\" and this entry has no "
                           "PERCENTAGE or TOTAL_SCORE to rebuild it from",
                           group[k]->key);
    bool any_pct = false, all_pct = true;
    for (size_t k = 0; k < m; k++) {
        any_pct |= group[k]->score_is_pct;
        all_pct &= group[k]->score_is_pct;
    }
    for (size_t k = 0; any_pct && !all_pct && k < m && !st; k++) {
        bmp_contestant *c = &r->ev->contestants[group[k]->ci];
        const char *key = "usebio.total_score";
        /* Session rankings keep no total of their own: refuse. */
        if ((group[k]->rank >= 0 && c->rankings[group[k]->rank].session > 0) ||
            !bmp_params_has(&c->params, key))
            st = ub_fail(r, group[k]->node, BMP_EINVAL,
                         "PLACE is missing in ranking \"%s\" and its entries "
                         "cannot be compared: some give PERCENTAGE, this one %s",
                         group[k]->key,
                         group[k]->score_is_pct ? "has no TOTAL_SCORE" : "only TOTAL_SCORE");
        else
            group[k]->score = bmp_params_number(&c->params, key, 0);
    }
    if (st)
        return st;
    qsort(group, m, sizeof *group, by_score_desc);
    for (size_t k = 0; k < m;) {
        size_t e = k;
        while (e + 1 < m && group[e + 1]->score == group[k]->score)
            e++;
        for (size_t q = k; q <= e; q++)
            *slot_place(r, group[q]) = (bmp_place){(int)k + 1, (int)e + 1, e > k};
        k = e + 1;
    }
    return io_param_bool(&r->ev->params, "usebio.places_rebuilt", true) ? ub_oom(r)
                                                                              : BMP_OK;
}

/* bmp_places_resolve's refusal as the file's: the entry's PLACE, the
 * ranking, and a hint when NS and EW pairs share one field with clashing
 * places (most likely a Mitchell whose file lacks WINNER_TYPE 2, U-5). */
static bmp_status places_refused(rd *r, slot **group, size_t m, bmp_status st,
                                 const bmp_error *e2)
{
    size_t bad = 0;
    sscanf(e2->msg, "[%zu]", &bad);
    if (bad >= m)
        bad = 0;
    const char *rest = strchr(e2->msg, ':');
    xmlNode *w = ub_child(group[bad]->node, "PLACE");
    const char *k = group[bad]->key;
    bool ns = false, ew = false;
    for (size_t q = 0; q < m; q++) {
        const char *d =
            bmp_params_string(&r->ev->contestants[group[q]->ci].params, "usebio.direction", "");
        ns |= strcmp(d, "NS") == 0;
        ew |= strcmp(d, "EW") == 0;
    }
    return ub_fail(r, w ? w : group[bad]->node, st, "%s (ranking \"%s\")%s",
                   rest ? rest + 2 : e2->msg,
                   strncmp(k, "overall:", 8) == 0 ? (k[8] ? k + 8 : "overall") : k,
                   !r->two_winner && ns && ew
                       ? "; NS and EW are ranked as one field: if each direction has "
                         "its own winner the file needs WINNER_TYPE 2"
                       : "");
}

/* One ranking's places as written: "3=" extents resolved and checked.
 * pl and seen are work space for m (+ 2) entries. */
static bmp_status resolve_ranking(rd *r, slot **group, size_t m, bmp_place *pl, bool *seen)
{
    for (size_t k = 0; k < m; k++)
        pl[k] = *slot_place(r, group[k]);
    /* §2.3 PLACE: the "=" is optional ("possibly with ="; IU and JS strip
     * it), so one plain place held by several entries ("2", "2", then "4")
     * is the same tie as "2=" written twice; bmp_places_resolve still checks
     * that the places it spans are free (rulings U-22). */
    if (!mark_plain_ties(pl, m))
        return ub_oom(r);
    if (distinct_untied(pl, m, seen))
        return BMP_OK; /* nothing to resolve; skips the quadratic general check */
    bmp_error e2 = {0};
    bmp_status st = bmp_places_resolve(pl, m, &e2);
    if (st)
        return places_refused(r, group, m, st, &e2);
    for (size_t k = 0; k < m; k++)
        *slot_place(r, group[k]) = pl[k];
    return BMP_OK;
}

bmp_status ub_resolve_places(rd *r)
{
    bool merged = false;
    bmp_status st = ub_merge_sections(r, &merged);
    if (st)
        return st;
    if (merged && io_param_bool(&r->ev->params, "usebio.ranked_across_sections", true))
        return ub_oom(r);
    slot **group = calloc(r->nslots ? r->nslots : 1, sizeof *group);
    bmp_place *pl = calloc(r->nslots ? r->nslots : 1, sizeof *pl);
    bool *seen = calloc(r->nslots + 2, sizeof *seen);
    core_buckets b = {0};
    if (!group || !pl || !seen || !core_buckets_make(&b, r->nslots, slot_key, r->slots))
        st = ub_oom(r);
    /* Each ranking's entries (slots with one key), in order of first entry. */
    for (size_t bk = 0; bk < b.nb && !st; bk++) {
        size_t m = 0;
        bool missing = false;
        for (size_t q = b.start[bk]; q < b.start[bk + 1]; q++) {
            group[m++] = &r->slots[b.items[q]];
            missing |= !r->slots[b.items[q]].has_place;
        }
        st = missing ? rebuild_places(r, group, m) : resolve_ranking(r, group, m, pl, seen);
    }
    core_buckets_free(&b);
    free(group);
    free(pl);
    free(seen);
    return st;
}
