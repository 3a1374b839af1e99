/* ACBL overall awards of a field and its divisions: the whole field,
 * flights (ACBL-73/74), strata (ACBL-67), stratiflighted strata with X
 * (ACBL-68/69), bracketed Swiss (ACBL-82), split Regionals (ACBL-66),
 * unrestricted table credit (ACBL-65), and team participation (ACBL-78/81).
 * later §I.B, §IV.A-C; 2003 p.2, p.9-12. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"
#include "acbl/fields.h"
#include "core/emit.h"



typedef struct cand {
    size_t contestant;
    bmp_place place;
    bmp_points points;
    size_t field;
    char *explain;
    bool dropped;
} cand;


/* Credited tables, M, gold eligibility per field. */
static bmp_status credit_fields(acbl_calc *c, field *f, size_t n, field_kind kind,
                                bmp_error *err)
{
    double *own = calloc(n ? n : 1, sizeof *own);
    if (!own)
        return bmp_error_oom(err);
    for (size_t i = 0; i < n; i++)
        own[i] = f[i].own;
    for (size_t k = 0; k < n; k++) {
        field *x = &f[k];
        switch (kind) {
        case F_WHOLE: x->credit = x->own; break;
        case F_FLIGHT:  /* ACBL-73 */
        case F_STRATUM: /* ACBL-67 */ x->credit = acbl_credit_lower(own, n, k); break;
        case F_STRATIFLIGHTED: { /* ACBL-68: within the flight */
            size_t end = k;
            while (end < n && f[end].flight == x->flight)
                end++;
            x->credit = acbl_credit_lower(own, end, k);
            x->is_x = x->flight == 'A' && k > 0 && f[k - 1].flight == 'A';
            break;
        }
        case F_BRACKET: { /* ACBL-82; ACBL-83 bracket_position */
            size_t pos = k;
            if (x->g && bmp_params_has(&x->g->params, "bracket_position"))
                pos = (size_t)bmp_params_number(&x->g->params, "bracket_position", 1) - 1;
            x->credit = acbl_bracket_tables(pos, x->own,
                                            k + 1 < n ? acbl_credit_lower(own, n, k + 1) : 0);
            break;
        }
        }
        x->m = x->g ? acbl_factor_m(x->ul, c->rating) : c->m;
        if (x->m > c->m_cap)
            x->m = c->m_cap;
        if (!x->g)
            x->ul = c->ev->upper_limit;
        /* ACBL-88: top two strata (flights, brackets alike); ACBL-70:
         * stratiflighted A, X and B. */
        x->top = kind == F_WHOLE || k < 2;
        /* ACBL-70: "the upper three strata ... (A, X, B)": Flight A's strata
         * and the top stratum of Flight B -- without an X that is A and B,
         * not Flight B's second stratum (audit). */
        if (kind == F_STRATIFLIGHTED)
            x->top = x->flight == 'A' || (k > 0 && f[k - 1].flight == 'A');
        x->stratiflighted = kind == F_STRATIFLIGHTED;
    }
    /* ACBL-67: the lowest stratum needs at least three tables. */
    if ((kind == F_STRATUM || kind == F_STRATIFLIGHTED) && n > 1 && f[n - 1].own < 3)
        f[n - 1].eligible = false;
    /* ACBL-65: the unrestricted (top) field's credit. */
    if (c->credit_extra > 0) {
        /* "Flighted, Stratified and Stratiflighted events count all tables
         * in all flights/strata to determine the number of tables in the
         * unrestricted event (the A Flight or Stratum)": for a
         * stratiflighted event that is Flight B's tables too (audit). */
        double base = f[0].credit;
        if (kind == F_STRATIFLIGHTED)
            base = acbl_credit_lower(own, n, 0);
        f[0].credit = acbl_unrestricted_credit(base, c->credit_extra, c->unrestricted_events);
    }
    free(own);
    return BMP_OK;
}

static bmp_points formula_first(const acbl_calc *c, double tables, double m, double *real)
{
    *real = acbl_factor_b(tables) * c->r * c->s * m * c->p * c->t * c->first_factor;
    return acbl_round_award(*real);
}

/* Place of contestant i in field f, or lo = 0. */
static bmp_place place_in(const acbl_calc *c, const field *f, field_kind kind, size_t i)
{
    const bmp_contestant *ct = &c->ev->contestants[i];
    bmp_place none = {0, 0, false};
    if (ct->phantom)
        return none;
    if (kind == F_STRATUM || kind == F_STRATIFLIGHTED)
        for (size_t r = 0; r < ct->nrankings; r++)
            if (ct->rankings[r].session == 0 && strcmp(ct->rankings[r].ranking, f->name) == 0)
                return ct->rankings[r].place;
    if (!f->g)
        return ct->group ? none : ct->place;
    return ct->group && strcmp(ct->group, f->name) == 0 ? ct->place : none;
}

static bool any_partial(const bmp_contestant *ct)
{
    for (size_t p = 0; p < ct->nplayers; p++)
        if (ct->players[p].participation < 1.0)
            return true;
    return false;
}

/* A team's players under ACBL-78 (1-2 sessions: award x participation) and
 * ACBL-81 (consolation: at least half the matches). */
typedef struct team_share {
    const acbl_calc *c;
    bool consolation;
    const char *rule, *colour, *crule;
} team_share;

static void team_player(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    const team_share *t = ctx;
    double part = ct->players[p].participation;
    if (t->consolation && part < 0.5) {
        pa->award = false; /* ACBL-81: at least half the consolation's matches. */
        return;
    }
    const char *why = "3+ sessions: every eligible player receives the full award (ACBL-78)";
    if (t->c->sessions <= 2) {
        pa->points = acbl_round_award((double)pa->points / 100.0 * part);
        why = "1-2 sessions: award x participation (ACBL-78)";
    }
    pa->rule = part < 1.0 && t->c->sessions <= 2 ? "ACBL-78" : t->rule;
    char a[32];
    bmp_points_format(pa->points, a, sizeof a);
    snprintf(pa->why, sizeof pa->why, "; player participation %.4g: %s -> %s%s; colour %s (%s)",
             part, why, a, t->consolation ? " (played at least half: ACBL-81)" : "", t->colour,
             t->crule);
}

/* Emit one overall award: per player for team participation (ACBL-78) and
 * consolation eligibility (ACBL-81). */
static bmp_status emit(acbl_calc *c, const cand *cd, const field *f, bmp_awards *out,
                       bmp_error *err)
{
    const bmp_contestant *ct = &c->ev->contestants[cd->contestant];
    acbl_colour_in ci;
    acbl_calc_colour(c, f->ul, true, f->top, &ci);
    const char *crule;
    const char *colour = acbl_calc_colour_name(c, &ci, &crule);
    if (f->stratiflighted && strcmp(crule, "ACBL-88") == 0)
        crule = "ACBL-70"; /* the upper three strata A, X, B */
    bmp_award aw = {.contestant = cd->contestant, .player = BMP_ALL_PLAYERS, .place = cd->place,
                    .points = cd->points};
    const char *rule = cd->place.lo == 1 && cd->place.hi == 1 ? "ACBL-8" : acbl_overall_rule(c->ed);
    bmp_award_set(&aw, "overall", f->name, colour, rule, c->sec_overall);
    bool teams = c->type == ACBL_TYPE_SWISS; /* §IV.C "Swiss Teams" */
    bool consolation = c->rating == ACBL_RATING_CONSOLATION && teams;
    bool split = teams && ct->nplayers && ((c->sessions <= 2 && any_partial(ct)) || consolation);
    if (!split)
        return bmp_awards_add(out, err, &aw, "%s; colour %s (%s)", cd->explain, colour, crule);
    team_share t = {c, consolation, rule, colour, crule};
    return core_emit_players(c->ev, out, err, &aw, cd->explain, true, team_player, &t);
}

/* A growing list of overall award candidates, one per contestant per field
 * it places in. */
typedef struct cands {
    cand *items;
    size_t n;
} cands;

static bool any_overall_place(const bmp_event *ev)
{
    for (size_t i = 0; i < ev->ncontestants; i++) {
        if (ev->contestants[i].place.lo)
            return true;
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++)
            if (ev->contestants[i].rankings[r].session == 0)
                return true;
    }
    return false;
}

/* A divided field: every placed contestant names its group. */
static bmp_status check_groups_named(const bmp_event *ev, field_kind kind, bmp_error *err)
{
    for (size_t i = 0; i < ev->ncontestants && kind != F_WHOLE; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        bool placed = ct->place.lo != 0;
        for (size_t r = 0; r < ct->nrankings; r++)
            placed = placed || ct->rankings[r].session == 0;
        if (!ct->group && !ct->phantom && placed)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].group: the event has %ss: expected the "
                                 "name of the contestant's %s",
                                 i, acbl_field_kind_word(kind), acbl_field_kind_word(kind));
    }
    return BMP_OK;
}

/* ACBL-67/68: strata are ranked cumulatively downward: a contestant may
 * place in its own stratum and the higher ones of its flight, never in a
 * lower stratum (its masterpoints exceed that limit) nor in the other flight
 * of a stratiflighted event (a separate event) (audit). */
static bmp_status check_strata_ranked(const bmp_event *ev, const field *f, size_t n,
                                      field_kind kind, bmp_error *err)
{
    if (kind != F_STRATUM && kind != F_STRATIFLIGHTED)
        return BMP_OK;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        size_t own = n;
        for (size_t k = 0; k < n && ct->group; k++)
            if (strcmp(f[k].name, ct->group) == 0)
                own = k;
        for (size_t r = 0; r < ct->nrankings && own < n; r++) {
            if (ct->rankings[r].session != 0)
                continue;
            for (size_t k = 0; k < n; k++)
                if (strcmp(f[k].name, ct->rankings[r].ranking) == 0 &&
                    (k > own || f[k].flight != f[own].flight))
                    return bmp_error_set(
                        err, BMP_EINVAL,
                        "$.contestants[%zu].rankings[%zu].ranking: a contestant of stratum "
                        "\"%s\" cannot place in stratum \"%s\": strata rank their own "
                        "and lower strata%s (ACBL-67)",
                        i, r, f[own].name, f[k].name,
                        kind == F_STRATIFLIGHTED ? " of the same flight" : "");
        }
    }
    return BMP_OK;
}

/* ACBL-68: "provided that the limit of the X stratum is at least 500 points
 * higher than the limit of B stratum". */
static bmp_status check_x_limit(const field *f, size_t n, field_kind kind, bmp_error *err)
{
    if (kind != F_STRATIFLIGHTED)
        return BMP_OK;
    for (size_t k = 1; k < n; k++)
        if (f[k].flight == 'A' && f[k - 1].flight == 'A')
            for (size_t b = k + 1; b < n; b++)
                if (f[b].flight == 'B') {
                    if (f[b].ul != BMP_NO_LIMIT &&
                        (f[k].ul == BMP_NO_LIMIT ? false : f[k].ul < f[b].ul + 500))
                        return bmp_error_set(
                            err, BMP_EINVAL,
                            "stratum X \"%s\" (limit %lld) must be at least 500 above "
                            "stratum B \"%s\" (limit %lld) to split Flight A (ACBL-68)",
                            f[k].name, (long long)f[k].ul, f[b].name, (long long)f[b].ul);
                    break;
                }
    return BMP_OK;
}

/* The divided field is well formed: groups named, strata ranked downward,
 * X above B, and no split-Regional attendance (ACBL-66 names it for 1st and
 * 2nd only; how it would credit flights, strata or brackets is not said:
 * answer rather than ignore it). */
static bmp_status check_divided(const acbl_calc *c, const field *f, size_t n, field_kind kind,
                                bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_status st;
    if ((st = check_groups_named(ev, kind, err)) ||
        (st = check_strata_ranked(ev, f, n, kind, err)) || (st = check_x_limit(f, n, kind, err)))
        return st;
    if (kind != F_WHOLE && bmp_params_has(&ev->params, "combined_tables"))
        return bmp_not_supported(err, "split Regional combined attendance in a divided field",
                                 "ACBL-66", "IV.A",
                                 "the regulation does not say how the combined attendance of "
                                 "both sites is credited to flights, strata or brackets");
    return BMP_OK;
}

/* ACBL-1, ACBL-8: each field's first place from its credited tables. */
static void formula_firsts(const acbl_calc *c, field *f, size_t n, field_kind kind)
{
    for (size_t k = 0; k < n; k++) {
        double real;
        f[k].first = formula_first(c, f[k].credit, f[k].m, &real);
        char fs[32];
        bmp_points_format(f[k].first, fs, sizeof fs);
        char head[80];
        if (kind == F_WHOLE)
            snprintf(head, sizeof head, "overall");
        else
            snprintf(head, sizeof head, "%s %s", acbl_field_kind_word(kind), f[k].name);
        snprintf(f[k].why, sizeof f[k].why,
                 "%s: 1st = B(%g) x R x S x M x P x T%s = %.6f x %.2f x %.2f x %.6f x %.2f x "
                 "%.2f = %.6f -> %s (ACBL-1, ACBL-8%s)",
                 head, f[k].credit, c->first_factor != 1.0 ? " x 0.80" : "",
                 acbl_factor_b(f[k].credit), c->r, c->s, f[k].m, c->p, c->t, real, fs,
                 kind == F_FLIGHT    ? "; tables: own + lower flights, ACBL-73"
                 : kind == F_STRATUM ? "; tables: own + lower strata, ACBL-67"
                 : kind == F_STRATIFLIGHTED ? "; tables: own + lower strata of the flight, ACBL-68"
                 : kind == F_BRACKET        ? "; bracket tables, ACBL-82"
                                            : "");
    }
}

/* ACBL-69: the X stratum against Flight B. */
static bmp_status x_stratum_first(const acbl_calc *c, field *f, size_t n, bmp_error *err)
{
    for (size_t k = 0; k < n; k++) {
        if (!f[k].is_x)
            continue;
        size_t b = k;
        while (b < n && f[b].flight != 'B')
            b++;
        double real;
        bmp_points x_only = formula_first(c, f[k].own, f[k].m, &real);
        if (b == n)
            return bmp_error_set(err, BMP_EINVAL,
                                 "stratum X (\"%s\") is computed against Flight B (ACBL-69), "
                                 "but no group has params.flight \"B\"",
                                 f[k].name);
        char why[400];
        f[k].first = acbl_stratum_x_first(f[k].own, f[k - 1].own, f[b].first, x_only, why,
                                          sizeof why);
        char fs[32];
        bmp_points_format(f[k].first, fs, sizeof fs);
        snprintf(f[k].why, sizeof f[k].why, "stratum %s (X): %s -> %s (ACBL-69)", f[k].name,
                 why, fs);
    }
    return BMP_OK;
}

/* ACBL-74: Flight A at least 110% of Flight B (flighted pairs; flighted
 * Swiss follow the flighted rules, ACBL-80; BAM and individual events use
 * the pair formulas, ACBL-77/84). */
static void flight_a_floor(field *f)
{
    bmp_points a = acbl_flight_a_floor(f[0].first, f[1].first);
    if (a == f[0].first)
        return;
    char fs[32], bs[32];
    bmp_points_format(a, fs, sizeof fs);
    bmp_points_format(f[1].first, bs, sizeof bs);
    size_t l = strlen(f[0].why);
    snprintf(f[0].why + l, sizeof f[0].why - l,
             "; below 110%% of Flight B's %s: raised to %s (ACBL-74)", bs, fs);
    f[0].first = a;
}

/* First places of every field, noted. */
static bmp_status first_places(acbl_calc *c, field *f, size_t n, field_kind kind,
                               bmp_awards *out, bmp_error *err)
{
    formula_firsts(c, f, n, kind);
    bmp_status st;
    if (kind == F_STRATIFLIGHTED && (st = x_stratum_first(c, f, n, err)))
        return st;
    if (kind == F_FLIGHT && n >= 2)
        flight_a_floor(f);
    for (size_t k = 0; k < n; k++)
        bmp_awards_note(out, err, "%s", f[k].why);
    bmp_awards_note(out, err, "lower places from the rounded 1st: %s decay, %s (ACBL-11: exact, "
                              "half-up)",
                    acbl_overall_rule(c->ed), c->sec_overall);
    c->first = f[0].first;
    return BMP_OK;
}

/* The places a field pays (ACBL-9, ACBL-10), with the ACBL-73 cap of a
 * flight and the ruling ACBL-L1 cap of a credited bracket; noted. */
static bmp_status field_depth(const acbl_calc *c, const field *x, field_kind kind,
                              bmp_awards *out, bmp_error *err, int *places)
{
    const bmp_event *ev = c->ev;
    acbl_depth_in din = {.ed = c->ed,
                         .type = c->type,
                         .tables = x->credit,
                         .sessions = c->sessions,
                         .first = x->first,
                         .r = c->r,
                         .m = x->m,
                         .p = c->p,
                         .nabc = c->nabc,
                         .final_qualifiers =
                             (int)bmp_params_number(&ev->params, "final_qualifiers", 0)};
    acbl_depth_out dep;
    bmp_status st;
    if ((st = acbl_overall_depth(&din, &dep, err)))
        return st;
    *places = x->eligible ? dep.places : 0;
    char capwhy[160] = "";
    /* ACBL-73: with 10+ tables, at most 35% of the flight's own
     * competitors. */
    if (kind == F_FLIGHT && c->tables >= 10) {
        int cap = (int)floor(x->own * per_table(c->type) * 0.35 + 1e-9);
        if (*places > cap) {
            *places = cap;
            snprintf(capwhy, sizeof capwhy,
                     "; at most 35%% of the flight's %g competitors = %d (ACBL-73)",
                     x->own * per_table(c->type), cap);
        }
    }
    /* Ruling ACBL-L1: a bracket's credited tables (ACBL-82) set its award
     * and its depth, but it pays no more places than an event of its own
     * teams would (as ACBL-73 caps a flight at its actual competitors). */
    if (kind == F_BRACKET && x->credit > x->own) {
        acbl_depth_in own_in = din;
        own_in.tables = x->own;
        acbl_depth_out od;
        if ((st = acbl_overall_depth(&own_in, &od, err)))
            return st;
        if (*places > od.places) {
            *places = od.places;
            snprintf(capwhy, sizeof capwhy,
                     "; at most the %d place%s its own %g teams would pay (ruling ACBL-L1)",
                     od.places, od.places == 1 ? "" : "s", x->own);
        }
    }
    bmp_awards_note(out, err, "%s%s%s depth: %s%s%s", kind == F_WHOLE ? "" : acbl_field_kind_word(kind),
                    kind == F_WHOLE ? "" : " ", x->name, dep.why, capwhy,
                    x->eligible ? "" : "; lowest stratum below 3 tables: no overall awards "
                                       "(ACBL-67)");
    return BMP_OK;
}

/* ACBL-66: split Regionals, 1st and 2nd of gold-point pair events: the
 * larger of 80% of the combined-attendance award and this site's. */
static void split_regional(const acbl_calc *c, const field *x, double combined, int places,
                           bmp_points *awards, bmp_awards *out, bmp_error *err)
{
    acbl_colour_in ci;
    acbl_calc_colour(c, x->ul, true, true, &ci);
    if (c->type != ACBL_TYPE_PAIRS || c->cls != ACBL_CLASS_REGIONAL || !acbl_gold_event(&ci)) {
        bmp_awards_note(out, err,
                        "combined_tables ignored: split-Regional combined attendance "
                        "counts only for gold-point pair events (ACBL-66)");
        return;
    }
    double real;
    bmp_points cf = formula_first(c, combined, x->m, &real);
    for (int pos = 1; pos <= 2 && pos <= places; pos++) {
        bmp_points comb = acbl_overall_place(cf, pos, c->sessions, c->ed);
        bmp_points r = acbl_split_regional(comb, awards[pos - 1]);
        char a1[32], a2[32], a3[32];
        bmp_points_format(comb, a1, sizeof a1);
        bmp_points_format(awards[pos - 1], a2, sizeof a2);
        bmp_points_format(r, a3, sizeof a3);
        bmp_awards_note(out, err,
                        "split Regional, place %d: max(80%% of %s (combined %g tables), %s "
                        "(this site)) = %s (ACBL-66)",
                        pos, a1, combined, a2, a3);
        awards[pos - 1] = r;
    }
}

/* The derivation of contestant i's award at place pl of field x. */
static void describe_place(const acbl_calc *c, const field *x, field_kind kind,
                           const bmp_points *awards, int places, bmp_place pl, bool combined,
                           bmp_points pts, char *d, size_t dn)
{
    char a[32];
    bmp_points_format(pts, a, sizeof a);
    if (pl.hi > pl.lo) {
        char list[256] = "";
        for (int p = pl.lo; p <= pl.hi; p++) {
            char v[32];
            bmp_points_format(p <= places ? awards[p - 1] : 0, v, sizeof v);
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", p > pl.lo ? " + " : "", v);
        }
        snprintf(d, dn, "tie %d/%d shares the average: (%s) / %d -> %s (C-2)", pl.lo, pl.hi,
                 list, pl.hi - pl.lo + 1, a);
    } else {
        char desc[128];
        acbl_overall_describe(x->first, pl.lo, c->sessions, c->ed, desc, sizeof desc);
        snprintf(d, dn, "place %d: %s -> %s%s", pl.lo, desc, a,
                 pl.lo <= 2 && combined && kind == F_WHOLE ? " (ACBL-66)" : "");
    }
    if (kind != F_WHOLE) {
        char tmp[700];
        snprintf(tmp, sizeof tmp, "%s %s, %s", acbl_field_kind_word(kind), x->name, d);
        snprintf(d, dn, "%.600s", tmp);
    }
}

/* One candidate per contestant placed in field k (a tie shares the places'
 * awards, core bmp_tie_share). */
static bmp_status field_candidates(const acbl_calc *c, const field *f, size_t k, field_kind kind,
                                   const bmp_points *awards, int places, bool combined,
                                   cands *cs, bmp_error *err)
{
    const field *x = &f[k];
    for (size_t i = 0; i < c->ev->ncontestants; i++) {
        bmp_place pl = place_in(c, x, kind, i);
        if (!pl.lo || pl.lo > places)
            continue;
        cand cd = {.contestant = i, .place = pl, .field = k};
        cd.points = pl.hi > pl.lo ? bmp_tie_share(awards, (size_t)places, pl.lo, pl.hi,
                                                  BMP_ROUND_HALF_UP, BMP_UNIT_CENT)
                                  : awards[pl.lo - 1];
        char d[640];
        describe_place(c, x, kind, awards, places, pl, combined, cd.points, d, sizeof d);
        cd.explain = malloc(strlen(d) + 1);
        cand *nc = realloc(cs->items, (cs->n + 1) * sizeof *nc);
        if (nc)
            cs->items = nc;
        if (!cd.explain || !nc) {
            free(cd.explain);
            return bmp_error_oom(err);
        }
        strcpy(cd.explain, d);
        cs->items[cs->n++] = cd;
    }
    return BMP_OK;
}

/* The places field k pays and their awards; its candidates. */
static bmp_status field_places(acbl_calc *c, const field *f, size_t k, field_kind kind,
                               cands *cs, bmp_awards *out, bmp_error *err)
{
    const field *x = &f[k];
    int places;
    bmp_status st = field_depth(c, x, kind, out, err, &places);
    if (st)
        return st;
    bmp_points *awards = calloc((size_t)places + 2, sizeof *awards);
    if (!awards)
        return bmp_error_oom(err);
    for (int pos = 1; pos <= places; pos++)
        awards[pos - 1] = acbl_overall_place(x->first, pos, c->sessions, c->ed);
    double combined = bmp_params_number(&c->ev->params, "combined_tables", 0);
    if (combined > 0 && kind == F_WHOLE)
        split_regional(c, x, combined, places, awards, out, err);
    st = field_candidates(c, f, k, kind, awards, places, combined > 0, cs, err);
    free(awards);
    return st;
}

/* Strata are not cumulative: a contestant placing in several strata
 * receives the largest of those awards (docs/rulings.md ACBL-R15). */
static void keep_best_stratum(cands *cs)
{
    for (size_t i = 0; i < cs->n; i++)
        for (size_t j = 0; j < cs->n; j++)
            if (i != j && !cs->items[j].dropped &&
                cs->items[i].contestant == cs->items[j].contestant &&
                (cs->items[j].points > cs->items[i].points ||
                 (cs->items[j].points == cs->items[i].points && j < i))) {
                cs->items[i].dropped = true;
                break;
            }
}

/* ACBL-8..ACBL-11 overall awards of the whole field or of each flight,
 * stratum or bracket (ACBL-67..75, ACBL-82): check the division, credit
 * the tables, first places, depth and places, then emit. */
bmp_status acbl_overall_awards(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    if (!any_overall_place(ev))
        return BMP_OK;
    if (c->club)
        return bmp_not_supported(err, "club game overall awards", "ACBL-95", "IV.F",
                                 "club awards (overall awards are authorized for 16+ tables) "
                                 "follow the club scale of Handbook chapter 4, which is not part "
                                 "of the regulation");
    field *f;
    size_t n;
    field_kind kind;
    bmp_status st = acbl_build_fields(c, &f, &n, &kind, err);
    if (st)
        return st;
    if ((st = check_divided(c, f, n, kind, err))) {
        free(f);
        return st;
    }
    if ((st = credit_fields(c, f, n, kind, err))) {
        free(f);
        return st;
    }
    if (kind == F_STRATUM && bmp_params_bool(&ev->params, "side_game_series", false)) {
        free(f);
        return bmp_error_set(err, BMP_EINVAL, "$.params.side_game_series: Side Game Series "
                                              "overall awards have no stratification (ACBL-75)");
    }
    if ((st = first_places(c, f, n, kind, out, err))) {
        free(f);
        return st;
    }
    cands cs = {NULL, 0};
    for (size_t k = 0; k < n && !st; k++)
        st = field_places(c, f, k, kind, &cs, out, err);
    if (!st && (kind == F_STRATUM || kind == F_STRATIFLIGHTED))
        keep_best_stratum(&cs);
    for (size_t i = 0; i < cs.n; i++) {
        if (!st && !cs.items[i].dropped)
            st = emit(c, &cs.items[i], &f[cs.items[i].field], out, err);
        free(cs.items[i].explain);
    }
    free(cs.items);
    free(f);
    return st;
}
