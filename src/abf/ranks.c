/* ABF master rankings, promotions, One Thousand Club and McCutcheon groups
 * (Masterpoint Scheme 1.7, 1.8, 1.9; ABF-86..91). */
#include "bridgemp/abf.h"
#include "abf/abf_internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MP(x) ((bmp_points)(x) * 100)

/* 1.8 MASTER RANKINGS, in the printed order (which is the rank order even
 * where the total is not monotonic: State 50 follows Bronze Regional 100). */
static const bmp_abf_rank_req ranks[BMP_ABF_NRANKS] = {
    {"Graduate", MP(2), 0, 0, 0},
    {"Club", MP(5), 0, 0, 0},
    {"Local", MP(15), 0, 0, 0},
    {"Bronze Local", MP(25), 0, 0, 0},
    {"Silver Local", MP(35), 0, 0, 0},
    {"Regional", MP(50), 0, 0, 0},
    {"Bronze Regional", MP(100), 0, 0, 0},
    {"State", MP(50), MP(25), 0, 0},
    {"Bronze State", MP(100), MP(50), 0, 0},
    {"National", MP(150), MP(75), 0, 0},
    {"Bronze National", MP(200), MP(100), 0, 0},
    {"Silver National", MP(300), MP(150), 0, 0},
    {"Life", MP(300), MP(180), MP(30), 20},               /* note (1) */
    {"Bronze Life", MP(400), MP(240), MP(40), 20},
    {"Silver Life", MP(500), MP(300), MP(50), 20},
    {"Gold Life", MP(750), MP(450), MP(75), 20},
    {"Grand", MP(1000), MP(700), MP(200), 40},           /* note (2) */
    {"Silver Grand", MP(2500), MP(1900), MP(600), 40},
    {"Gold Grand", MP(5000), MP(4000), MP(1400), 40},
    {"Emerald Grand", MP(10000), MP(8500), MP(3000), 40},
    {"Diamond Grand", MP(15000), MP(13000), MP(5000), 40},
};

static const char *const full_names[BMP_ABF_NRANKS + 1] = {
    "Nil",
    "Graduate Master", "Club Master", "Local Master", "Bronze Local Master",
    "Silver Local Master", "Regional Master", "Bronze Regional Master", "State Master",
    "Bronze State Master", "National Master", "Bronze National Master",
    "Silver National Master", "Life Master", "Bronze Life Master", "Silver Life Master",
    "Gold Life Master", "Grand Master", "Silver Grand Master", "Gold Grand Master",
    "Emerald Grand Master", "Diamond Grand Master",
};

const bmp_abf_rank_req *bmp_abf_rank_requirements(int rank)
{
    return rank >= 1 && rank <= BMP_ABF_NRANKS ? &ranks[rank - 1] : NULL;
}

const char *bmp_abf_rank_name(int rank)
{
    return rank >= 0 && rank <= BMP_ABF_NRANKS ? full_names[rank] : NULL;
}

int bmp_abf_rank_parse(const char *s)
{
    if (!s)
        return -1;
    for (int r = 0; r <= BMP_ABF_NRANKS; r++) {
        if (strcasecmp(s, full_names[r]) == 0 || (r > 0 && strcasecmp(s, ranks[r - 1].name) == 0))
            return r;
    }
    return -1;
}

/* A minimum of `req` reduced by pct% of the pre-1982 red points (1.8 notes
 * (1), (2)) is met when 100*have >= 100*req - pct*pre82: integer arithmetic,
 * no rounding of the allowance is ever needed.  A reduced requirement below 0
 * is simply met (AMB-9). */
static bool meets(bmp_points have, bmp_points req, int pct, bmp_points pre82)
{
    return have * 100 >= req * 100 - (bmp_points)pct * pre82;
}

/* 1.8: the highest rank in the printed order whose minima are all met. */
bmp_status bmp_abf_rank(const bmp_abf_totals *t, int *rank, bmp_error *err)
{
    if (t->green < 0 || t->red < 0 || t->gold < 0 || t->pre1982_red < 0)
        return bmp_error_set(err, BMP_EINVAL, "ABF rank: masterpoint totals must not be negative");
    if (t->pre1982_red > t->red)
        return bmp_error_set(err, BMP_EINVAL,
                             "ABF rank: pre-1982 red points exceed the red total (1.8: they are "
                             "part of it)");
    bmp_points total = t->green + t->red + t->gold, red_gold = t->red + t->gold;
    int best = BMP_ABF_RANK_NONE;
    for (int r = 1; r <= BMP_ABF_NRANKS; r++) {
        const bmp_abf_rank_req *q = &ranks[r - 1];
        /* The allowance never counts towards the total (1.8, last sentence). */
        if (total >= q->total && meets(red_gold, q->red_gold, q->pre1982_pct, t->pre1982_red) &&
            meets(t->gold, q->gold, q->pre1982_pct, t->pre1982_red))
            best = r;
    }
    *rank = best;
    return BMP_OK;
}

/* 1.4.4, 1.8: promotions happen once a month; a rank, once held, is kept. */
bmp_status bmp_abf_promote(int held, const bmp_abf_totals *at_close, int *new_rank,
                           bool *promoted, bmp_error *err)
{
    if (held < 0 || held > BMP_ABF_NRANKS)
        return bmp_error_set(err, BMP_EINVAL, "ABF promotion: held rank %d is not 0..%d", held,
                             BMP_ABF_NRANKS);
    int earned;
    bmp_status st = bmp_abf_rank(at_close, &earned, err);
    if (st)
        return st;
    *new_rank = earned > held ? earned : held;
    if (promoted)
        *promoted = earned > held;
    return BMP_OK;
}

/* 1.9 */
bool bmp_abf_one_thousand_club(const bmp_abf_totals *t)
{
    return t->green + t->red + t->gold >= MP(1000);
}

/* 1.7.3: one group per rank, Gold and Silver Grand combined. */
int bmp_abf_mccutcheon_group(int rank_at_start)
{
    if (rank_at_start < 1 || rank_at_start > BMP_ABF_NRANKS)
        return -1;
    return rank_at_start == 19 ? 18 : rank_at_start;
}

/* 1.7.2 (group -1, the Trophy) and 1.7.3 (the awards). */
bmp_status bmp_abf_mccutcheon(const bmp_abf_year_player *p, size_t n, int group,
                              size_t *winners, size_t cap, size_t *nwinners, bmp_error *err)
{
    if (group != -1 && bmp_abf_mccutcheon_group(group) != group)
        return bmp_error_set(err, BMP_EINVAL, "McCutcheon: %d is not a ranking group", group);
    bmp_points best = -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (group != -1) {
            if (p[i].foreign || bmp_abf_mccutcheon_group(p[i].rank_at_start) != group)
                continue;
            /* Immigrants holding an equivalent rank abroad: not below Life. */
            if (p[i].immigrant_ranked && group < BMP_ABF_RANK_LIFE)
                continue;
        }
        if (p[i].points <= 0 || p[i].points < best)
            continue;
        if (p[i].points > best) {
            best = p[i].points;
            k = 0;
        }
        if (k >= cap)
            return bmp_error_set(err, BMP_ERANGE, "McCutcheon: more than %zu tied winners", cap);
        winners[k++] = i;
    }
    *nwinners = k;
    return BMP_OK;
}

/* ---- The generic rank (bmp_rules.rank) ----------------------------------- */

/* Hundredths still needed for `have` to meet minimum `req` less pct% of the
 * pre-1982 red points: the least h with 100*h >= 100*req - pct*pre82. */
static bmp_points short_of(bmp_points have, bmp_points req, int pct, bmp_points pre82)
{
    bmp_points need100 = req * 100 - (bmp_points)pct * pre82;
    bmp_points need = need100 <= 0 ? 0 : (need100 + 99) / 100;
    return need > have ? need - have : 0;
}

static void add_missing(bmp_rank *out, const char *what, bmp_points p)
{
    if (p <= 0 || out->nmissing >= BMP_RANK_MAX_MISSING)
        return;
    bmp_rank_missing *m = &out->missing[out->nmissing++];
    snprintf(m->what, sizeof m->what, "%s", what);
    m->points = p;
}

/* 1.8 (ABF-86, ABF-87) and 1.9 (ABF-89) in the shape of every body. */
bmp_status abf_rules_rank(const bmp_holding *h, bmp_rank *out, bmp_error *err)
{
    bmp_abf_totals t = {h->points[ABF_PT_GREEN], h->points[ABF_PT_RED], h->points[ABF_PT_GOLD],
                        h->inputs[0]};
    int r;
    bmp_status st = bmp_abf_rank(&t, &r, err);
    if (st)
        return st;
    snprintf(out->name, sizeof out->name, "%s", bmp_abf_rank_name(r));
    out->ordinal = r;
    out->top = BMP_ABF_NRANKS;
    out->total = t.green + t.red + t.gold;
    out->rule = "ABF-86";
    if (bmp_abf_one_thousand_club(&t))
        snprintf(out->extra, sizeof out->extra, "One Thousand Club");
    if (r >= BMP_ABF_NRANKS)
        return BMP_OK;
    const bmp_abf_rank_req *q = &ranks[r];
    snprintf(out->next, sizeof out->next, "%s", bmp_abf_rank_name(r + 1));
    /* The allowance never counts towards the total (1.8, last sentence). */
    add_missing(out, "total", q->total > out->total ? q->total - out->total : 0);
    add_missing(out, "red+gold", short_of(t.red + t.gold, q->red_gold, q->pre1982_pct,
                                          t.pre1982_red));
    add_missing(out, "gold", short_of(t.gold, q->gold, q->pre1982_pct, t.pre1982_red));
    return BMP_OK;
}

bool abf_rules_rank_info(int ordinal, bmp_rank_info *out)
{
    if (ordinal < 0 || ordinal > BMP_ABF_NRANKS)
        return false;
    snprintf(out->name, sizeof out->name, "%s", bmp_abf_rank_name(ordinal));
    if (ordinal == 0) {
        snprintf(out->requires, sizeof out->requires, "fewer than 2 masterpoints");
        return true;
    }
    const bmp_abf_rank_req *q = &ranks[ordinal - 1];
    int n = snprintf(out->requires, sizeof out->requires, "total %lld",
                     (long long)(q->total / 100));
    if (q->red_gold && n > 0 && (size_t)n < sizeof out->requires)
        n += snprintf(out->requires + n, sizeof out->requires - (size_t)n, ", red+gold %lld",
                      (long long)(q->red_gold / 100));
    if (q->gold && n > 0 && (size_t)n < sizeof out->requires)
        n += snprintf(out->requires + n, sizeof out->requires - (size_t)n, ", gold %lld",
                      (long long)(q->gold / 100));
    if (q->pre1982_pct && n > 0 && (size_t)n < sizeof out->requires)
        snprintf(out->requires + n, sizeof out->requires - (size_t)n,
                 " (less %d%% of pre-1982 red)", q->pre1982_pct);
    return true;
}
