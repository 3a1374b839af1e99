/* ACBL session awards of an event, one session ranking at a time
 * (ACBL-17..24, ACBL-75, ACBL-89, ACBL-92; later §I "B. Session Awards",
 * "Adjustments To Session Awards"): which table count, field and scale a
 * ranking is awarded on, the adjustments, and each entry's award.  The
 * scales themselves are in session.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"
#include "core/strindex.h"

/* Cuts before session s (ACBL-20). */
static int cuts_before(const bmp_params *pp, int session)
{
    int n = 0;
    double c1 = bmp_params_number(pp, "cut1_after_session", 0);
    double c2 = bmp_params_number(pp, "cut2_after_session", 0);
    if (c1 > 0 && session > c1)
        n++;
    if (c2 > 0 && session > c2)
        n++;
    if (c1 <= 0 && c2 <= 0)
        n = (int)bmp_params_number(pp, "cuts", 0);
    return n > 2 ? 2 : n;
}

/* One (contestant, ranking) entry; a ranking's entries are listed by
 * core_buckets_make in contestant order (linear time). */
typedef struct rank_ref {
    size_t ci, r;
    const char *key;
} rank_ref;

static const char *rank_ref_key(const void *arr, size_t i)
{
    return ((const rank_ref *)arr)[i].key;
}

/* One session ranking being awarded: what its first entry says, the scale,
 * the adjustments and the awards by place. */
typedef struct sess {
    const char *key;
    const bmp_ranking_entry *proto;
    size_t pi, pr;               /* the first entry: contestant, ranking */
    const bmp_group *g;          /* the section's group, if the ranking names one */
    const bmp_group *strat;      /* ACBL-151: the stratum a stratum section ranking names */
    bool strat_top;              /* in the top two strata (gold, ACBL-88) */
    size_t strat_n;              /* contestants in the stratum comparison */
    double m;                    /* M of the ranking: the event's, or the stratum's */
    double tables, field, btables;
    acbl_session_scale scale;
    const char *rule;
    bool ind1;                   /* one-winner individual (ACBL-24) */
    bmp_points first;
    int depth, gold_places;
    bool half_table;             /* ACBL-150: a half table counted as full */
    int64_t num, den;            /* the adjustment factor num/den */
    char adj[200];               /* and its derivation text */
    bmp_points *awards;          /* by place, 1..depth */
} sess;

/* ACBL-151: the stratum a session ranking names: "ranking": "<stratum>",
 * or "<stratum> session 1 A NS" as the ACBLscore reader writes it; NULL
 * for an open section ranking. */
static const bmp_group *ranking_stratum(const bmp_event *ev, const bmp_ranking_entry *re)
{
    if (!re->session || !re->ranking)
        return NULL;
    const bmp_group *g = bmp_event_group(ev, re->ranking);
    const char *cut = g ? NULL : strstr(re->ranking, " session ");
    if (cut && cut > re->ranking && (size_t)(cut - re->ranking) < 128) {
        char name[128];
        memcpy(name, re->ranking, (size_t)(cut - re->ranking));
        name[cut - re->ranking] = '\0';
        g = bmp_event_group(ev, name);
    }
    return g && g->type && strcasecmp(g->type, "stratum") == 0 ? g : NULL;
}

/* Whether contestant ct takes part in session s of ranking proto's section
 * and direction (any ranking of it names them). */
static bool in_comparison(const bmp_contestant *ct, const bmp_ranking_entry *proto)
{
    for (size_t r = 0; r < ct->nrankings; r++) {
        const bmp_ranking_entry *e = &ct->rankings[r];
        if (e->session == proto->session &&
            (e->section == proto->section ||
             (e->section && proto->section && strcmp(e->section, proto->section) == 0)) &&
            (e->direction == proto->direction ||
             (e->direction && proto->direction && strcmp(e->direction, proto->direction) == 0)))
            return true;
    }
    return false;
}

/* ACBL-151 (later §IV.A "Stratified Events": "the appropriate M factor,
 * and the actual number of tables in each stratum plus all tables in lower
 * strata"): a stratum's section ranking compares the contestants of the
 * section (and direction) in the stratum and the strata below it (by upper
 * limit, the same flight when stratiflighted); its tables are those
 * contestants' tables, its M the stratum's.  The lowest stratum needs three
 * competitors in direct comparison (ACBL-67). */
static bmp_status stratum_tables(const acbl_calc *c, sess *s, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    const char *fl = bmp_params_string(&s->strat->params, "flight", "");
    int64_t own = s->strat->upper_limit == BMP_NO_LIMIT ? INT64_MAX : s->strat->upper_limit;
    size_t n = 0, higher = 0;
    bool lowest = true;
    for (size_t gi = 0; gi < ev->ngroups; gi++) {
        const bmp_group *g = &ev->groups[gi];
        if (!g->type || strcasecmp(g->type, "stratum") != 0 ||
            strcasecmp(bmp_params_string(&g->params, "flight", ""), fl) != 0)
            continue;
        int64_t ul = g->upper_limit == BMP_NO_LIMIT ? INT64_MAX : g->upper_limit;
        lowest = lowest && ul >= own;
        higher += ul > own;
    }
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        const bmp_group *g = bmp_event_group(ev, ct->group);
        bool sat_out = ct->phantom && bmp_params_bool(&ct->params, "eligible", true);
        if (sat_out || !g || !g->type || strcasecmp(g->type, "stratum") != 0 ||
            strcasecmp(bmp_params_string(&g->params, "flight", ""), fl) != 0)
            continue;
        int64_t ul = g->upper_limit == BMP_NO_LIMIT ? INT64_MAX : g->upper_limit;
        if (ul <= own && in_comparison(ct, s->proto))
            n++;
    }
    if (n == 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].rankings[%zu]: stratum \"%s\" section ranking: "
                             "no contestant of the stratum or a lower one (contestants[].group) "
                             "plays in session %d%s%s: expected the section's contestants with "
                             "their groups (ACBL-151)",
                             s->pi, s->pr, s->strat->name, s->proto->session,
                             s->proto->section ? " section " : "",
                             s->proto->section ? s->proto->section : "");
    double per = c->type == ACBL_TYPE_INDIVIDUAL ? 4 : acbl_type_is_teams(c->type) ? 1 : 2;
    if (s->proto->direction && !acbl_type_is_teams(c->type))
        per /= 2;
    s->field = (double)n;
    s->strat_n = n;
    s->tables = (double)n / per;
    s->strat_top = higher < 2;
    s->m = acbl_factor_m(s->strat->upper_limit == BMP_NO_LIMIT ? ev->upper_limit
                                                                : s->strat->upper_limit,
                         c->rating);
    if (s->m > c->m_cap)
        s->m = c->m_cap;
    s->rule = "ACBL-151";
    if (lowest && n < 3)
        s->field = 0; /* ACBL-67: not eligible: depth 0 */
    return BMP_OK;
}

/* ACBL-17, ACBL-23: a ranking that names a section is scored within it;
 * ACBL-23 ("scoring is done across multiple sections", 26+ tables) is for
 * rankings across sections.  A section of 26+ tables is almost always the
 * event's tables standing in for a section group that is missing (audit). */
static bmp_status session_tables(const acbl_calc *c, sess *s, bmp_error *err)
{
    s->tables = s->g && s->g->tables > 0 ? s->g->tables : c->tables;
    if (s->proto->section && s->tables >= 26 && !c->club)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].rankings[%zu].section: section \"%s\" with %g "
                             "tables%s: expected %s (session awards are based on the section, "
                             "ACBL-17; 26+ tables are scored across sections, ACBL-23, in a "
                             "ranking that names no section)",
                             s->pi, s->pr, s->proto->section, s->tables,
                             s->g ? "" : " (the event's: no group of that name)",
                             s->g ? "a section of fewer than 26 tables"
                                  : "a group of that name giving the section's tables");
    return BMP_OK;
}

/* ACBL-18: the field the 40% depth counts, the group's "field" or the
 * contestants the tables seat. */
static bmp_status session_field(const acbl_calc *c, sess *s, bmp_error *err)
{
    if (s->g && bmp_params_has(&s->g->params, "field")) {
        s->field = bmp_params_number(&s->g->params, "field", 0);
        if (!(s->field >= 1))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.groups[%zu].params.field: expected the number of "
                                 "contestants the session ranking compares (1 or more) for the "
                                 "40%% depth (ACBL-18), got %g",
                                 (size_t)(s->g - c->ev->groups), s->field);
        return BMP_OK;
    }
    double per_table = c->type == ACBL_TYPE_INDIVIDUAL ? 4 : acbl_type_is_teams(c->type) ? 1 : 2;
    if (s->proto->direction && !acbl_type_is_teams(c->type))
        per_table /= 2;
    s->field = s->tables * per_table;
    /* ACBL-150: in a Mitchell a half table counts as a full table (8.5
     * tables = 9 pairs in each direction); a one-winner field is its pairs
     * (5.5 tables = 11 pairs), which the product already gives. */
    if (s->proto->direction && c->type == ACBL_TYPE_PAIRS && s->field != floor(s->field)) {
        s->field = ceil(s->field);
        s->half_table = true;
    }
    return BMP_OK;
}

/* The scale: standard (ACBL-18), club games on the 4-session scale
 * (ACBL-21, ACBL-22), across sections of 26+ tables (ACBL-23). */
static bmp_status session_scale(const acbl_calc *c, sess *s, bmp_error *err)
{
    s->scale = ACBL_SESSION_STANDARD;
    s->rule = "ACBL-18";
    s->btables = s->tables;
    if (c->club) {
        double pairs = s->tables * 2, r;
        bmp_status rs = acbl_factor_r(c->cls, &r, err);
        if (rs)
            return rs;
        if (c->type != ACBL_TYPE_PAIRS || pairs < 16)
            return bmp_not_supported(err, "club game session awards", "ACBL-95", "IV.F",
                                     "club awards follow the club scale of Handbook chapter 4, "
                                     "which is not part of the regulation");
        if (pairs < 60)
            return bmp_not_supported(
                err, "club/Internet games of 16 to 59 pairs", "ACBL-22", "I, App. D",
                "Appendix D takes the lower of the 4-session scale and the club scale for first "
                "place without a cap; the club scale (Handbook chapter 4) is not part of the "
                "regulation");
        s->scale = ACBL_SESSION_FOUR_SESSION;
        s->rule = "ACBL-21";
    }
    if (s->tables >= 26 && !c->club) {
        s->scale = ACBL_SESSION_MULTI_SECTION;
        s->rule = "ACBL-23";
        s->btables = acbl_multisection_tables(s->tables);
    }
    return BMP_OK;
}

/* Adjustments applied to each calculated award: side game series 80%
 * (ACBL-75), Flight A +10% at Sectionals and higher (ACBL-19), +10% / +20%
 * after one / two cuts (ACBL-20). */
static void session_factor(const acbl_calc *c, sess *s)
{
    const bmp_event *ev = c->ev;
    s->num = 100;
    s->den = 100;
    s->adj[0] = '\0';
    if (c->session_factor != 1.0) {
        s->num = 80;
        snprintf(s->adj, sizeof s->adj, " x 0.80 Side Game Series game (ACBL-75)");
    }
    if (bmp_params_bool(&ev->params, "flight_a", false) && c->cls >= ACBL_CLASS_SECTIONAL) {
        s->num *= 110;
        s->den *= 100;
        size_t l = strlen(s->adj);
        snprintf(s->adj + l, sizeof s->adj - l, " x 1.10 Flight A (ACBL-19)");
    }
    int cuts = cuts_before(&ev->params, s->proto->session);
    if (cuts > 0) {
        s->num *= 100 + 10 * cuts;
        s->den *= 100;
        size_t l = strlen(s->adj);
        snprintf(s->adj + l, sizeof s->adj - l, " x %s after %d cut%s (ACBL-20)",
                 cuts == 1 ? "1.10" : "1.20", cuts, cuts == 1 ? "" : "s");
    }
}

/* First place (ACBL-17, ACBL-24), the depth (ACBL-18), the derivation
 * note, and the award of every place down to the depth. */
static bmp_status session_places(const acbl_calc *c, sess *s, bmp_awards *out, bmp_error *err)
{
    s->ind1 = c->type == ACBL_TYPE_INDIVIDUAL && c->ev->movement == BMP_MOVEMENT_ONE_WINNER;
    double frac = acbl_session_fraction(s->ind1);
    double b = acbl_factor_b(s->btables);
    double real = frac * b * c->r * s->m * c->p * c->t;
    s->first = acbl_round_award(real);
    s->depth = acbl_session_depth(s->field);
    char fs[32];
    bmp_points_format(s->first, fs, sizeof fs);
    bool multi = s->scale == ACBL_SESSION_MULTI_SECTION;
    bmp_awards_note(out, err,
                    "%s: session 1st = %.2f x B(%s%.4g) x R x M x P x T = %.2f x %.6f x %.2f x "
                    "%.6f x %.2f x %.2f = %.6f -> %s (%s%s); depth 40%% of %g = %d (ACBL-18%s)%s",
                    s->key, frac, multi ? "2 sqrt(13 (T - 13)) = " : "", s->btables, frac, b,
                    c->r, s->m, c->p, c->t, real, fs, s->ind1 ? "ACBL-24" : "ACBL-17",
                    multi ? ", ACBL-23" : "", s->field, s->depth,
                    s->half_table ? "; ACBL-150: a half table counts as a full table, Handbook "
                                    "§3 I. Calculating the Awards"
                                  : "",
                    s->adj);
    s->awards = calloc((size_t)s->depth + 1, sizeof *s->awards);
    if (!s->awards)
        return bmp_error_oom(err);
    for (int pos = 1; pos <= s->depth; pos++) {
        s->awards[pos - 1] = acbl_session_place(s->first, pos, s->scale);
        if (s->num != s->den)
            s->awards[pos - 1] = bmp_mul_ratio(s->awards[pos - 1], s->num, s->den,
                                               BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    }
    return BMP_OK;
}

/* ACBL-92: combined sections pay as many gold session places as sections
 * combined (each at least 9 tables). */
static void session_gold_places(const acbl_calc *c, sess *s, bmp_awards *out, bmp_error *err)
{
    s->gold_places = 1;
    int combined = (int)bmp_params_number(&c->ev->params, "sections_combined", 0);
    if (s->proto->section || combined <= 1)
        return;
    if (s->tables / combined >= 9)
        s->gold_places = combined;
    bmp_awards_note(out, err, "%s: %d sections combined%s (ACBL-92)", s->key, combined,
                    s->tables / combined >= 9 ? ": gold session places = sections combined"
                                              : ", but sections under 9 tables: one gold place");
}

/* ACBL-89 later: a tie for a section top shares gold and red: the share of
 * the gold places is gold, the rest red (with combined sections, ACBL-92, a
 * tie across the last gold place likewise; audit). */
static bmp_status tie_gold_red(const sess *s, const bmp_ranking_entry *re, bmp_award *aw,
                               const char *avg, bmp_awards *out, bmp_error *err)
{
    int64_t w[2] = {0, 0};
    for (int p = re->place.lo; p <= re->place.hi; p++)
        w[p > s->gold_places] += p <= s->depth ? s->awards[p - 1] : 0;
    bmp_points parts[2];
    bmp_split(aw->points, w, 2, BMP_ROUND_HALF_UP, parts);
    char g[32], rd[32];
    bmp_points_format(parts[0], g, sizeof g);
    bmp_points_format(parts[1], rd, sizeof rd);
    aw->points = parts[0];
    bmp_award_set(aw, NULL, NULL, "gold", "ACBL-89", NULL);
    bmp_status st = bmp_awards_add(out, err, aw,
                                   "tie %d/%d for section top: average %s shared gold %s / red "
                                   "%s in proportion to the tied places' awards (ACBL-89 later; "
                                   "C-2)",
                                   re->place.lo, re->place.hi, avg, g, rd);
    aw->points = parts[1];
    bmp_award_set(aw, NULL, NULL, "red", "ACBL-89", NULL);
    if (!st && parts[1])
        st = bmp_awards_add(out, err, aw, "red part of the shared section top (ACBL-89 later)");
    return st;
}

/* A single place: its award, the derivation showing the cent-rounded
 * award before any factor (ACBL-R8). */
static bmp_status single_place(const sess *s, const bmp_ranking_entry *re, bmp_award *aw,
                               const char *colour, const char *crule, bmp_awards *out,
                               bmp_error *err)
{
    char d[128], a[32], base[40] = "";
    aw->points = s->awards[re->place.lo - 1];
    acbl_session_describe(s->first, re->place.lo, s->scale, d, sizeof d);
    bmp_points_format(aw->points, a, sizeof a);
    if (s->num != s->den) {
        char bv[32];
        bmp_points_format(acbl_session_place(s->first, re->place.lo, s->scale), bv, sizeof bv);
        snprintf(base, sizeof base, " -> %s", bv);
    }
    /* ACBL-150: a place the half table adds is explained where it is paid. */
    bool added = s->half_table && re->place.lo > acbl_session_depth(s->field - 0.5);
    return bmp_awards_add(out, err, aw, "session place %d: %s%s%s -> %s; colour %s (%s)%s",
                          re->place.lo, d, base, s->adj, a, colour, crule,
                          added ? "; within the depth because the half table counts as a full "
                                  "table (ACBL-150, Handbook §3 I. Calculating the Awards)"
                                : "");
}

/* The award of one contestant's entry in the ranking: its colour, then a
 * tie's average (C-2) or its place's award. */
static bmp_status entry_award(acbl_calc *c, const sess *s, size_t i, const bmp_ranking_entry *re,
                              bmp_awards *out, bmp_error *err)
{
    acbl_colour_in ci;
    bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = re->place};
    bool top = re->place.lo <= s->gold_places;
    if (s->strat)
        acbl_calc_colour(c, s->strat->upper_limit == BMP_NO_LIMIT ? c->ev->upper_limit
                                                                   : s->strat->upper_limit,
                         top, s->strat_top, &ci);
    else
        acbl_calc_colour(c, c->ev->upper_limit, top, true, &ci);
    const char *crule;
    const char *colour = acbl_calc_colour_name(c, &ci, &crule);
    const char *arule = s->strat ? "ACBL-151"
                        : re->place.lo == 1 && !re->place.tied ? (s->ind1 ? "ACBL-24" : "ACBL-17")
                                                               : s->rule;
    bool adjusted = s->scale == ACBL_SESSION_MULTI_SECTION || s->scale == ACBL_SESSION_FOUR_SESSION;
    bmp_award_set(&aw, "session", s->key, colour, arule,
                  s->strat ? (c->ed == ACBL_ED_2003 ? "2003 Stratified Events"
                                                    : "later §IV.A Stratified Events")
                  : adjusted ? (c->ed == ACBL_ED_2003 ? "2003 p.3" : "later §I Adjustments")
                             : c->sec_session);
    if (re->place.hi <= re->place.lo)
        return single_place(s, re, &aw, colour, crule, out, err);
    char a[32];
    aw.points = bmp_tie_share(s->awards, (size_t)s->depth, re->place.lo, re->place.hi,
                              BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    bmp_points_format(aw.points, a, sizeof a);
    if (strcmp(colour, "gold") == 0 && c->ed == ACBL_ED_CURRENT && re->place.hi > s->gold_places)
        return tie_gold_red(s, re, &aw, a, out, err);
    return bmp_awards_add(out, err, &aw,
                          "tie %d/%d shares the average of the tied session awards -> %s (C-2); "
                          "colour %s (%s%s)",
                          re->place.lo, re->place.hi, a, colour, crule,
                          top && strcmp(colour, "gold") == 0 ? ", ACBL-89 2003: gold" : "");
}

/* Session awards of one ranking (ACBL-17..24), whose entries are
 * refs[items[0..m)]. */
static bmp_status session_ranking(acbl_calc *c, const char *key, const rank_ref *refs,
                                  const size_t *items, size_t m, bmp_awards *out,
                                  bmp_error *err)
{
    const bmp_event *ev = c->ev;
    sess s = {.key = key, .pi = refs[items[0]].ci, .pr = refs[items[0]].r};
    s.proto = &ev->contestants[s.pi].rankings[s.pr];
    s.g = s.proto->section ? bmp_event_group(ev, s.proto->section) : NULL;
    s.m = c->m;
    s.strat = ranking_stratum(ev, s.proto);
    bmp_status st = s.strat ? stratum_tables(c, &s, err) : session_tables(c, &s, err);
    if (!st && !s.strat)
        st = session_field(c, &s, err);
    if (!st && s.strat)
        st = bmp_awards_note(out, err,
                             "%s: stratum %s section award (ACBL-151, later §IV.A Stratified "
                             "Events): %g contestants of strata %s and lower in comparison = %g "
                             "tables, M of the stratum %.6f%s",
                             key, s.strat->name, (double)s.strat_n, s.strat->name,
                             s.tables, s.m,
                             s.field ? "" : "; the lowest stratum has fewer than 3 competitors "
                                            "in direct comparison: no section awards (ACBL-67)");
    if (!st)
        st = session_scale(c, &s, err);
    if (!st) {
        session_factor(c, &s);
        st = session_places(c, &s, out, err);
    }
    if (!st)
        session_gold_places(c, &s, out, err);
    for (size_t k = 0; k < m && !st; k++) {
        size_t i = refs[items[k]].ci;
        const bmp_ranking_entry *re = &ev->contestants[i].rankings[refs[items[k]].r];
        if (!ev->contestants[i].phantom && re->place.lo <= s.depth)
            st = entry_award(c, &s, i, re, out, err);
    }
    free(s.awards);
    return st;
}

/* Each ranking once, at its first entry; the validity of every entry in
 * order (as before any ranking after it is awarded). */
/* ACBL-151 tags: each session award's session and whether it is the open
 * section award or a stratum's (named), for "the larger of". */
typedef struct tags {
    int *scope;
    const char **group;
    size_t n, cap, from;
    bool any_stratum;
} tags;

static bmp_status tag_awards(tags *t, const bmp_awards *out, int session, const char *stratum,
                             bmp_error *err)
{
    while (t->from + t->n < out->count) {
        if (t->n == t->cap) {
            size_t cap = t->cap ? 2 * t->cap : 64;
            int *sc = realloc(t->scope, cap * sizeof *sc);
            if (sc)
                t->scope = sc;
            const char **gr = sc ? realloc(t->group, cap * sizeof *gr) : NULL;
            if (!gr)
                return bmp_error_oom(err);
            t->group = gr;
            t->cap = cap;
        }
        t->scope[t->n] = session;
        t->group[t->n++] = stratum ? stratum : "open section award";
    }
    t->any_stratum |= stratum != NULL;
    return BMP_OK;
}

static bmp_status session_rankings(acbl_calc *c, const rank_ref *refs, const core_buckets *b,
                                   tags *tg, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    size_t e = 0, k = 0;
    for (size_t i = 0; i < ev->ncontestants && !st; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings && !st; r++, e++) {
            const bmp_ranking_entry *re = &ev->contestants[i].rankings[r];
            if (re->session == 0) {
                /* a stratum ranking: overall awards (fields.c) */
                const bmp_group *g = bmp_event_group(ev, re->ranking);
                if (!g || !g->type || strcasecmp(g->type, "stratum") != 0)
                    return bmp_error_set(err, BMP_EINVAL,
                                         "$.contestants[%zu].rankings[%zu].ranking: \"%s\" is "
                                         "not a session: expected a session number or the name "
                                         "of a group of type \"stratum\"",
                                         i, r, re->ranking);
                continue;
            }
            if (re->session > ev->sessions)
                return bmp_error_set(err, BMP_EINVAL,
                                     "$.contestants[%zu].rankings[%zu].session: expected a "
                                     "session from 1 to %d (the event's sessions), got %d",
                                     i, r, ev->sessions, re->session);
            /* Buckets are numbered in order of first entry. */
            while (k < b->nb && b->items[b->start[k]] < e)
                k++;
            if (k < b->nb && b->items[b->start[k]] == e) {
                st = session_ranking(c, refs[e].key, refs, &b->items[b->start[k]],
                                     b->start[k + 1] - b->start[k], out, err);
                bool strat = ranking_stratum(ev, re) != NULL;
                if (!st)
                    st = tag_awards(tg, out, re->session, strat ? refs[e].key : NULL, err);
            }
        }
    return st;
}

/* ACBL-151: a stratum's section ranking is one ranking per session,
 * section and direction: its key "stratum B, session 1 A NS" (false on
 * out of memory). */
static bool stratum_key(const bmp_event *ev, const bmp_ranking_entry *re, char **key)
{
    *key = NULL;
    const bmp_group *g = ranking_stratum(ev, re);
    if (!g)
        return true;
    int n = snprintf(NULL, 0, "stratum %s, session %d%s%s%s%s", g->name, re->session,
                     re->section ? " " : "", re->section ? re->section : "",
                     re->direction ? " " : "", re->direction ? re->direction : "");
    *key = malloc((size_t)n + 1);
    if (*key)
        snprintf(*key, (size_t)n + 1, "stratum %s, session %d%s%s%s%s", g->name,
                 re->session, re->section ? " " : "", re->section ? re->section : "",
                 re->direction ? " " : "", re->direction ? re->direction : "");
    return *key != NULL;
}

/* Every session ranking of the event, each once (linear in the entries). */
bmp_status acbl_session_ranking_awards(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    size_t nrefs = 0, e = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        nrefs += ev->contestants[i].nrankings;
    rank_ref *refs = malloc((nrefs ? nrefs : 1) * sizeof *refs);
    char **own = calloc(nrefs ? nrefs : 1, sizeof *own); /* composite stratum keys */
    bool ok = refs && own;
    for (size_t i = 0; ok && i < ev->ncontestants; i++)
        for (size_t r = 0; ok && r < ev->contestants[i].nrankings; r++, e++) {
            refs[e] = (rank_ref){i, r, ev->contestants[i].rankings[r].ranking};
            ok = stratum_key(ev, &ev->contestants[i].rankings[r], &own[e]);
            if (own[e])
                refs[e].key = own[e];
        }
    core_buckets b;
    tags tg = {.from = out->count};
    bmp_status st = BMP_OK;
    if (!ok || !core_buckets_make(&b, nrefs, rank_ref_key, refs))
        st = bmp_error_oom(err);
    else {
        st = session_rankings(c, refs, &b, &tg, out, err);
        core_buckets_free(&b);
    }
    /* ACBL-151: a contestant's stratum and open section awards of one
     * session are not added: the larger is paid (ruling ACBL-R50). */
    if (!st && tg.any_stratum)
        st = acbl_keep_larger(out, tg.from, tg.scope, tg.group, "ACBL-151",
                              "one section award per session, the largest of its strata "
                              "(ruling ACBL-R50)",
                              err);
    for (size_t k = 0; own && k < nrefs; k++)
        free(own[k]);
    free(own);
    free(tg.scope);
    free(tg.group);
    free(refs);
    return st;
}

