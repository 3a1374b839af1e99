/* ACBL club games: Club Masterpoint games (open, invitational, restricted,
 * newcomer; stratified; special fund games) and Club Championships
 * (ACBL-C1..C12, docs/coverage.md).
 *
 * Inputs (docs/event-format.md "ACBL club games"):
 *   classification  club-masterpoint | club-championship
 *   params.game_type  open (default) | invitational | restricted | newcomer
 *                   (restricted and newcomer need upper_limit)
 *   params.special  a special or upgraded game (club_special.c)
 *   groups[] type "section" (its tables: the comparison groups) and type
 *                   "stratum" (upper_limit; none for the top stratum)
 *   contestants[].rankings  section places {"session": 1, "section": "A",
 *                   "direction": "NS", "place": 1} (the whole field of the
 *                   group) and a stratum's {"ranking": "B", "session": 1,
 *                   "section": "A", "direction": "NS", "place": 1};
 *                   contestants[].group names the contestant's stratum
 *   contestants[].place and rankings {"ranking": "B", "place": n} without a
 *                   session: overall places (club championships, ACBL-C7)
 *
 * Section awards (ACBL-C1..C5): per comparison group, first place = rate x
 * contestants in the group (at most the cap), 70 / 50 / 35 %, then 1/pos;
 * 40 % of the group paid; each stratum at its own rate; a contestant takes
 * the largest of its strata's awards in a session. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"
#include "acbl/club.h"
#include "core/strindex.h"

#define SEC_CALC "Handbook §3 I"
#define SEC_CHAMP "Handbook ch.4 V"

typedef struct club_ctx {
    const bmp_event *ev;
    acbl_club_game game;
    acbl_club_rate rate;           /* the game's own rate */
    const acbl_club_special *special;
    acbl_club_basis basis;
    const char *colour, *colour_rule;
} club_ctx;

/* One entry of a section ranking, keyed by stratum, session, section and
 * direction. */
typedef struct club_ref {
    size_t ci, r;
    char *key;
} club_ref;

static const char *club_ref_key(const void *arr, size_t i)
{
    return ((const club_ref *)arr)[i].key;
}

/* One ranking's chart: its group, rate, first place, depth and awards. */
typedef struct club_rank {
    const bmp_group *stratum;
    int field, depth;
    acbl_club_rate rate;
    bmp_points first;
    bmp_points awards[64];
    char what[400];
} club_rank;

/* Club games this file computes: not a knockout (ko_common.c), not a
 * Club/Internet game (params.internet: ACBL-21/22, session_ranking.c), not
 * Swiss match awards (the club D, ACBL-96: swiss.c). */
bool acbl_is_club_event(const bmp_event *ev)
{
    acbl_class c;
    if (ev->kind == BMP_KIND_KNOCKOUT || !acbl_class_parse(ev->classification, &c) ||
        bmp_params_bool(&ev->params, "internet", false))
        return false;
    /* A STaC is a Sectional held at clubs (the ACBLscore reader's
     * "sectional" + "stac"): its chart is club_nap.c's (ACBL-C13). */
    const char *sp = bmp_params_string(&ev->params, "special", NULL);
    if (sp && strcmp(sp, "stac") == 0 &&
        (c == ACBL_CLASS_SECTIONAL || c == ACBL_CLASS_CLUB_MASTERPOINT ||
         c == ACBL_CLASS_CLUB_CHAMPIONSHIP))
        return true;
    if (c != ACBL_CLASS_CLUB_MASTERPOINT && c != ACBL_CLASS_CLUB_CHAMPIONSHIP)
        return false;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (ev->contestants[i].match_wins > 0)
            return false;
    return true;
}

/* ACBL-C5: a stratum's rate: the top stratum the game's; a lower one the
 * restricted (newcomer) row of its limit, never above the game's. */
static bmp_status stratum_rate(const club_ctx *k, const bmp_group *sg, acbl_club_rate *r,
                               bmp_error *err)
{
    *r = k->rate;
    if (!sg || sg->upper_limit == BMP_NO_LIMIT)
        return BMP_OK;
    acbl_club_rate s;
    bmp_status st = acbl_club_rate_of(k->game == ACBL_CLUB_NEWCOMER ? ACBL_CLUB_NEWCOMER
                                                                 : ACBL_CLUB_RESTRICTED,
                                   sg->upper_limit, &s, err);
    if (st)
        return st;
    if (s.per < r->per) {
        *r = s;
        size_t l = strlen(r->why);
        snprintf(r->why + l, sizeof r->why - l, " for stratum %s", sg->name);
    }
    return BMP_OK;
}

/* ACBL-C3: contestants in the comparison group of re: the section's
 * "field" if given; for the whole field the section's tables; for a
 * stratum the contestants of that stratum or lower seated in the group
 * (their group), else the entries ranked (n). */
static int rank_field(const club_ctx *k, const bmp_ranking_entry *re, const bmp_group *sg,
                      size_t n, char *how, size_t hn)
{
    const bmp_event *ev = k->ev;
    const bmp_group *sec = re->section ? bmp_event_group(ev, re->section) : NULL;
    if (!sg) {
        if (sec && bmp_params_has(&sec->params, "field")) {
            snprintf(how, hn, "the section's field");
            return (int)bmp_params_number(&sec->params, "field", 0);
        }
        double t = sec && sec->tables > 0 ? sec->tables : ev->tables;
        snprintf(how, hn, "%g tables, %s", t,
                 re->direction ? "a Mitchell direction (a half table as a full one)"
                               : "one field");
        return acbl_club_group_field(t, ev->kind, re->direction != NULL);
    }
    int cnt = 0;
    bool grouped = false;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        grouped |= c->group != NULL;
        if (acbl_club_counted(ev, i) && acbl_club_same_group(c, re) && acbl_club_in_stratum(ev, i, sg))
            cnt++;
    }
    if (!grouped || cnt == 0) {
        snprintf(how, hn, "stratum %s: the %zu contestants ranked", sg->name, n);
        return (int)n;
    }
    snprintf(how, hn, "stratum %s and lower in the group", sg->name);
    return cnt;
}

static bmp_status rank_setup(const club_ctx *k, const bmp_ranking_entry *re, const char *key,
                             size_t n, club_rank *rk, bmp_awards *out, bmp_error *err)
{
    rk->stratum = acbl_club_ranking_stratum(k->ev, re);
    bmp_status st = stratum_rate(k, rk->stratum, &rk->rate, err);
    if (st)
        return st;
    char how[120];
    rk->field = rank_field(k, re, rk->stratum, n, how, sizeof how);
    rk->first = acbl_club_first(&rk->rate, rk->field);
    if (rk->stratum && acbl_club_stratum_pairs(k->ev, rk->stratum) < 5) /* ACBL-C5 */
        rk->first = 0;
    rk->depth = acbl_club_depth(rk->field);
    if (rk->depth > 64)
        rk->depth = 64;
    for (int p = 1; p <= rk->depth; p++)
        rk->awards[p - 1] = acbl_club_place(rk->first, p);
    char f[32];
    bmp_points_format(rk->first, f, sizeof f);
    snprintf(rk->what, sizeof rk->what,
             "%d contestants (%s, ACBL-C3); 1st = %s -> %s (%s); depth 40%% = %d (ACBL-C4)",
             rk->field, how, rk->rate.why, f, SEC_CALC, rk->depth);
    return bmp_awards_note(out, err, "section ranking %s: %s", key, rk->what);
}

/* The award of one entry in its ranking (ties share, C-2). */
static bmp_points entry_points(const club_rank *rk, const bmp_ranking_entry *re, char *d,
                               size_t dn)
{
    if (re->place.lo > rk->depth)
        return 0;
    if (re->place.hi > re->place.lo) {
        bmp_points p = bmp_tie_share(rk->awards, (size_t)rk->depth, re->place.lo,
                                     re->place.hi, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        snprintf(d, dn, "tie %d/%d shares the tied places' awards (C-2)", re->place.lo,
                 re->place.hi);
        return p;
    }
    acbl_club_place_describe(rk->first, re->place.lo, d, dn);
    return rk->awards[re->place.lo - 1];
}

/* Every section ranking's chart, and each entry's ranking (by bucket). */
typedef struct club_sections {
    club_ref *refs;
    size_t nrefs;
    size_t *bucket_of;     /* refs[e] -> its ranking */
    club_rank *ranks;
    core_buckets b;
} club_sections;

static void sections_free(club_sections *s)
{
    for (size_t e = 0; s->refs && e < s->nrefs; e++) /* refs NULL: its calloc failed */
        free(s->refs[e].key);
    free(s->refs);
    free(s->bucket_of);
    free(s->ranks);
    core_buckets_free(&s->b);
}

static char *ref_key(const bmp_event *ev, const bmp_ranking_entry *re)
{
    const bmp_group *sg = acbl_club_ranking_stratum(ev, re);
    char buf[256];
    snprintf(buf, sizeof buf, "%s%ssession %d%s%s%s%s", sg ? sg->name : "", sg ? " " : "",
             re->session, re->section ? " " : "", re->section ? re->section : "",
             re->direction ? " " : "", re->direction ? re->direction : "");
    return strdup(buf);
}

static bmp_status sections_build(const club_ctx *k, club_sections *s, bmp_awards *out,
                                 bmp_error *err)
{
    const bmp_event *ev = k->ev;
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++)
            s->nrefs += ev->contestants[i].rankings[r].session > 0;
    s->refs = calloc(s->nrefs ? s->nrefs : 1, sizeof *s->refs);
    s->bucket_of = calloc(s->nrefs ? s->nrefs : 1, sizeof *s->bucket_of);
    if (!s->refs || !s->bucket_of)
        return bmp_error_oom(err);
    size_t e = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++) {
            const bmp_ranking_entry *re = &ev->contestants[i].rankings[r];
            if (re->session <= 0)
                continue;
            s->refs[e] = (club_ref){i, r, ref_key(ev, re)};
            if (!s->refs[e++].key)
                return bmp_error_oom(err);
        }
    if (!core_buckets_make(&s->b, s->nrefs, club_ref_key, s->refs))
        return bmp_error_oom(err);
    s->ranks = calloc(s->b.nb ? s->b.nb : 1, sizeof *s->ranks);
    if (!s->ranks)
        return bmp_error_oom(err);
    bmp_status st = BMP_OK;
    for (size_t b = 0; b < s->b.nb && !st; b++) {
        size_t first = s->b.items[s->b.start[b]], n = s->b.start[b + 1] - s->b.start[b];
        for (size_t j = s->b.start[b]; j < s->b.start[b + 1]; j++)
            s->bucket_of[s->b.items[j]] = b;
        const club_ref *f = &s->refs[first];
        st = rank_setup(k, &ev->contestants[f->ci].rankings[f->r], f->key, n, &s->ranks[b], out,
                        err);
    }
    return st;
}

/* ACBL-C5: one contestant's award in one session: the largest of its
 * entries' (the whole field's and its strata's rankings). */
static bmp_status session_award(const club_ctx *k, const club_sections *s, size_t e0,
                                bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = k->ev;
    size_t i = s->refs[e0].ci;
    int session = ev->contestants[i].rankings[s->refs[e0].r].session;
    size_t best = e0, nent = 0;
    bmp_points bp = -1;
    char bd[96] = "";
    for (size_t e = e0; e < s->nrefs && s->refs[e].ci == i; e++) {
        const bmp_ranking_entry *re = &ev->contestants[i].rankings[s->refs[e].r];
        if (re->session != session)
            continue;
        char d[96];
        bmp_points p = entry_points(&s->ranks[s->bucket_of[e]], re, d, sizeof d);
        nent++;
        if (p > bp) {
            bp = p;
            best = e;
            snprintf(bd, sizeof bd, "%s", d);
        }
    }
    if (bp <= 0)
        return BMP_OK;
    const bmp_ranking_entry *re = &ev->contestants[i].rankings[s->refs[best].r];
    const club_rank *rk = &s->ranks[s->bucket_of[best]];
    bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = re->place, .points = bp};
    const char *rule = nent > 1 ? "ACBL-C5" : re->place.lo == 1 ? "ACBL-C1" : "ACBL-C2";
    bmp_award_set(&aw, "section", s->refs[best].key, k->colour, rule, SEC_CALC);
    char a[32];
    bmp_points_format(bp, a, sizeof a);
    return bmp_awards_add(out, err, &aw, "%s: %s; %s -> %s (ACBL-C2)%s; colour %s (%s)",
                          s->refs[best].key, rk->what, bd, a,
                          nent > 1 ? "; the largest of its strata's awards (ACBL-C5)" : "",
                          k->colour, k->colour_rule);
}

/* ACBL-C1..C5: every contestant's section award, session by session. */
static bmp_status section_awards(const club_ctx *k, bmp_awards *out, bmp_error *err)
{
    club_sections s;
    bmp_status st = sections_build(k, &s, out, err);
    for (size_t e = 0; e < s.nrefs && !st; e++) {
        size_t i = s.refs[e].ci;
        if (k->ev->contestants[i].phantom)
            continue;
        int session = k->ev->contestants[i].rankings[s.refs[e].r].session;
        bool seen = false;
        for (size_t p = e; p-- > 0 && s.refs[p].ci == i;)
            seen |= k->ev->contestants[i].rankings[s.refs[p].r].session == session;
        if (!seen)
            st = session_award(k, &s, e, out, err);
    }
    sections_free(&s);
    return st;
}

static acbl_type club_type(bmp_event_kind kind)
{
    switch (kind) {
    case BMP_KIND_SWISS_TEAMS: return ACBL_TYPE_SWISS;
    case BMP_KIND_BAM: return ACBL_TYPE_BAM;
    case BMP_KIND_INDIVIDUAL: return ACBL_TYPE_INDIVIDUAL;
    case BMP_KIND_TEAM_OF_TWO: return ACBL_TYPE_TEAM_OF_TWO;
    default: return ACBL_TYPE_PAIRS;
    }
}

/* One overall ranking of a club championship (ACBL-C7): the whole field
 * (sg NULL) or a stratum. */
typedef struct champ_rank {
    bmp_points first, awards[6];
    int field, depth;
    char what[400];
} champ_rank;

/* ACBL-C7: first = B x R 6.50 x S x T (ACBL-96, the General Formula with
 * the club championship R; ACBL-2, 4, 7), half a table as a full one, then
 * the game's (stratum's) percentage of the open chart; 75 % a place, at
 * most six places and 40 % of the field. */
static bmp_status champ_setup(const club_ctx *k, const bmp_group *sg, champ_rank *cr,
                              bmp_error *err)
{
    const bmp_event *ev = k->ev;
    acbl_club_rate rate;
    bmp_status st = stratum_rate(k, sg, &rate, err);
    double s;
    if (!st)
        st = acbl_factor_s(ev->sessions, &s, err);
    if (st)
        return st;
    double tables = ev->tables;
    if (sg) {
        int cnt = 0;
        for (size_t i = 0; i < ev->ncontestants; i++)
            cnt += acbl_club_counted(ev, i) && acbl_club_in_stratum(ev, i, sg);
        int per = acbl_club_group_field(1, ev->kind, false);
        tables = (double)cnt / per;
    }
    double tf = (double)acbl_club_group_field(tables, ev->kind, false) /
                acbl_club_group_field(1, ev->kind, false);
    double b = acbl_factor_b(tf), t = acbl_factor_t(club_type(ev->kind));
    bmp_points full = acbl_round_award(b * 6.50 * s * t);
    cr->first = bmp_mul_ratio(full, rate.per, 10, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    cr->field = acbl_club_group_field(tables, ev->kind, false);
    cr->depth = acbl_club_depth(cr->field);
    if (cr->depth > 6)
        cr->depth = 6;
    for (int p = 1; p <= cr->depth; p++)
        cr->awards[p - 1] = acbl_club_overall_place(cr->first, p);
    char fs[32], fl[32];
    bmp_points_format(full, fl, sizeof fl);
    bmp_points_format(cr->first, fs, sizeof fs);
    snprintf(cr->what, sizeof cr->what,
             "%s%s: 1st = B(%g tables) x R 6.50 x S x T = %.6f x 6.50 x %.2f x %.2f -> %s "
             "(ACBL-96, ACBL-C7) x %lld/10 (%s) = %s; 75%% a place, %d places (ACBL-C7, %s)",
             sg ? "stratum " : "overall", sg ? sg->name : "", tf, b, s, t, fl,
             (long long)rate.per, rate.why, fs, cr->depth, SEC_CHAMP);
    return BMP_OK;
}

/* The overall place of contestant i in ranking sg (NULL: its place). */
static const bmp_place *overall_place(const bmp_event *ev, size_t i, const bmp_group *sg)
{
    const bmp_contestant *c = &ev->contestants[i];
    if (!sg)
        return c->place.lo > 0 ? &c->place : NULL;
    for (size_t r = 0; r < c->nrankings; r++)
        if (c->rankings[r].session == 0 && acbl_club_ranking_stratum(ev, &c->rankings[r]) == sg)
            return &c->rankings[r].place;
    return NULL;
}

static bool any_overall(const bmp_event *ev)
{
    for (size_t i = 0; i < ev->ncontestants; i++) {
        if (ev->contestants[i].place.lo > 0)
            return true;
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++)
            if (ev->contestants[i].rankings[r].session == 0)
                return true;
    }
    return false;
}

/* ACBL-C7, C5: each contestant's largest overall award (whole field or a
 * stratum). */
static bmp_status champ_awards(const club_ctx *k, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = k->ev;
    size_t ng = 0;
    const bmp_group *gs[16] = {NULL};
    champ_rank cr[16];
    ng = 1;
    for (size_t g = 0; g < ev->ngroups && ng < 16; g++)
        if (ev->groups[g].type && strcasecmp(ev->groups[g].type, "stratum") == 0)
            gs[ng++] = &ev->groups[g];
    bmp_status st = BMP_OK;
    for (size_t g = 0; g < ng && !st; g++)
        if (!(st = champ_setup(k, gs[g], &cr[g], err)))
            st = bmp_awards_note(out, err, "%s", cr[g].what);
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        if (ev->contestants[i].phantom)
            continue;
        bmp_points bp = 0;
        size_t bg = 0;
        const bmp_place *bpl = NULL;
        for (size_t g = 0; g < ng; g++) {
            const bmp_place *pl = overall_place(ev, i, gs[g]);
            if (!pl || pl->lo > cr[g].depth)
                continue;
            bmp_points p = bmp_tie_share(cr[g].awards, (size_t)cr[g].depth, pl->lo, pl->hi,
                                         BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            if (p > bp) {
                bp = p;
                bg = g;
                bpl = pl;
            }
        }
        if (!bpl)
            continue;
        bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = *bpl, .points = bp};
        bmp_award_set(&aw, gs[bg] ? "stratum" : "overall", gs[bg] ? gs[bg]->name : "overall",
                      k->colour, "ACBL-C7", SEC_CHAMP);
        char a[32];
        bmp_points_format(bp, a, sizeof a);
        st = bmp_awards_add(out, err, &aw, "%s; place %d%s -> %s; colour %s (%s)", cr[bg].what,
                            bpl->lo, bpl->hi > bpl->lo ? " tied (C-2)" : "", a, k->colour,
                            k->colour_rule);
    }
    return st;
}

/* ACBL-C6: regular club games pay overall awards from 16 tables only; the
 * chart of those awards is not in the sources at hand. */
static bmp_status regular_overall(const club_ctx *k, bmp_awards *out, bmp_error *err)
{
    if (!any_overall(k->ev))
        return BMP_OK;
    if (k->ev->tables < 16)
        return bmp_awards_note(out, err,
                               "overall places given, but a regular club game of %g tables "
                               "pays no overall awards: they are authorized from 16 tables "
                               "(ACBL-C6; ACBL-96 later)",
                               k->ev->tables);
    return bmp_not_supported(err, "overall awards of a regular club game of 16+ tables",
                             "ACBL-C6", "Handbook ch.4 charts",
                             "the chart of regular club games' overall awards is not in the "
                             "sources at hand (docs/rulings.md ACBL-RC6)");
}

/* params.game_type, params.special and the classification (ACBL-C8,
 * C9, C10). */
static bmp_status club_setup(const bmp_event *ev, club_ctx *k, bmp_awards *out, bmp_error *err)
{
    memset(k, 0, sizeof *k);
    k->ev = ev;
    acbl_class cls;
    acbl_class_parse(ev->classification, &cls);
    const char *gt = bmp_params_string(&ev->params, "game_type", NULL);
    if (!acbl_club_game_parse(gt, &k->game))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.game_type: expected open, invitational, restricted or "
                             "newcomer, got \"%s\"",
                             gt);
    const char *sp = bmp_params_string(&ev->params, "special", NULL);
    k->basis = cls == ACBL_CLASS_CLUB_CHAMPIONSHIP ? ACBL_CLUB_BASIS_CHAMPIONSHIP
                                                   : ACBL_CLUB_BASIS_REGULAR;
    k->colour = "black";
    k->colour_rule = "ACBL-85: club events are black";
    if (sp) {
        k->special = acbl_club_special_find(sp);
        if (!k->special)
            return bmp_not_supported(err, sp, "ACBL-C10", "Handbook ch.4 §IV, §5",
                                     "not a special club game rating bridgemp knows "
                                     "(docs/event-format.md lists them)");
        if (k->special->basis == ACBL_CLUB_BASIS_NONE)
            return bmp_not_supported(err, sp, k->special->rule, k->special->sec,
                                     k->special->why);
        if (k->special->basis != ACBL_CLUB_BASIS_REGULAR)
            k->basis = k->special->basis;
        k->colour = k->special->colour;
        k->colour_rule = "ACBL-C8: the special game's colour";
    }
    bmp_status st = acbl_club_rate_of(k->game, ev->upper_limit, &k->rate, err);
    if (st)
        return st;
    if (!(ev->tables > 0))
        return bmp_error_set(err, BMP_EINVAL, "$.tables: expected more than 0 tables");
    if (k->basis == ACBL_CLUB_BASIS_RATED) /* its chart's rates, not the club chart's */
        return bmp_awards_note(out, err, "ACBL club game: %s, %s game, %g tables, %d session%s, "
                               "special %s; %s",
                               ev->classification, acbl_club_game_name(k->game), ev->tables,
                               ev->sessions, ev->sessions == 1 ? "" : "s", sp, k->special->why);
    return bmp_awards_note(out, err,
                           "ACBL club game: %s, %s game, %g tables, %d session%s%s%s; %s "
                           "(%s)%s%s",
                           ev->classification, acbl_club_game_name(k->game), ev->tables,
                           ev->sessions, ev->sessions == 1 ? "" : "s", sp ? ", special " : "",
                           sp ? sp : "", k->rate.why, SEC_CALC,
                           k->special ? "; " : "", k->special ? k->special->why : "");
}

/* Ruling ACBL-RC5: in a one-session club game a pair receives the larger
 * of its overall and its section award, not both (ACBLscore's stored award
 * set, the 2017 files); awards from index `from` on. */
static void keep_larger(const bmp_event *ev, bmp_awards *out, size_t from)
{
    if (ev->sessions != 1)
        return;
    for (size_t i = from; i < out->count; i++) {
        bmp_award *a = &out->items[i];
        if (strcmp(a->kind, "section") != 0)
            continue;
        for (size_t j = from; j < out->count; j++) {
            bmp_award *o = &out->items[j];
            if (j == i || o->contestant != a->contestant || strcmp(o->kind, "section") == 0 ||
                a->points < 0)
                continue;
            bmp_award *lose = a->points > o->points ? o : a;
            lose->points = -1; /* marked, removed below */
        }
    }
    size_t w = from;
    for (size_t i = from; i < out->count; i++) {
        if (out->items[i].points < 0) {
            free(out->items[i].explain);
            continue;
        }
        out->items[w++] = out->items[i];
    }
    out->count = w;
}

/* ACBL-C11, C13, C14: a sectional-rated game at a club (club_nap.c).  A
 * STaC pays pairs (1st B x 11.25) and Swiss teams (B x 9.00, no match
 * awards) only: the sources give no other kind (ruling ACBL-RC15). */
static bmp_status rated_awards(const club_ctx *k, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = k->ev;
    const acbl_club_chart *ch = acbl_club_chart_of(k->special->name, ev->kind);
    bool stac = strcmp(k->special->name, "stac") == 0;
    if (stac && ev->kind != BMP_KIND_PAIRS && ev->kind != BMP_KIND_SWISS_TEAMS)
        return bmp_not_supported(err, "STaC events other than pairs and Swiss teams", "ACBL-C13",
                                 "STaC",
                                 "the sources give the STaC's first place for pair and Swiss "
                                 "games only (docs/rulings.md ACBL-RC15)");
    for (size_t i = 0; stac && !ch->sections && i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        bool session = false;
        for (size_t r = 0; r < c->nrankings; r++)
            session |= c->rankings[r].session > 0;
        if (c->match_wins > 0 || session)
            return bmp_not_supported(err, "STaC Swiss match and session awards", "ACBL-C13",
                                     "STaC",
                                     "the sources give a STaC Swiss its first overall only "
                                     "(1.50 + 0.15 x teams; docs/rulings.md ACBL-RC15)");
    }
    if (!ch)
        return bmp_not_supported(err, k->special->name, k->special->rule, k->special->sec,
                                 "no chart for this kind of event");
    return acbl_club_rated_awards(ev, ch, out, err);
}

bmp_status acbl_award_club(const bmp_event *ev, const char *edition, bmp_awards *out,
                           bmp_error *err)
{
    size_t from = out->count;
    acbl_edition ed;
    bmp_status st = bmp_params_check_event(ev, &acbl_param_specs, err);
    if (!st)
        st = acbl_edition_parse(edition, &ed, err);
    club_ctx k;
    if (!st)
        st = club_setup(ev, &k, out, err);
    if (!st && k.basis == ACBL_CLUB_BASIS_RATED)
        return rated_awards(&k, out, err);
    if (!st)
        st = section_awards(&k, out, err);
    if (!st)
        st = k.basis == ACBL_CLUB_BASIS_CHAMPIONSHIP
                 ? (any_overall(ev) ? champ_awards(&k, out, err) : BMP_OK)
                 : regular_overall(&k, out, err);
    if (!st && k.basis == ACBL_CLUB_BASIS_CHAMPIONSHIP && ev->sessions == 1) {
        keep_larger(ev, out, from);
        st = bmp_awards_note(out, err,
                             "each pair receives the larger of its overall and its section "
                             "award (one-session club game: ruling ACBL-RC5)");
    }
    return st;
}
