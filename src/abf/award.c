/* ABF awards for one event: dispatch, the event factors (4.4.9, 4.4.10,
 * 6.2.2), congresses (5.x) and national events (7.5).  The families are
 * session.c, match_awards.c and outright.c (award_families.h); what they
 * share is award_ctx.c.  The event fields and params used are documented in
 * abf.c. */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/award_ctx.h"
#include "abf/award_families.h"

/* ---- event factors and dispatch ---------------------------------------- */

static void add_factor(abf_ctx *c, int64_t num, int64_t den, const char *what)
{
    core_exact f = core_exact_mul(core_exact_q(c->fnum, c->fden), num, den);
    c->fnum = f.num;
    c->fden = f.den;
    snprintf(c->fdesc + strlen(c->fdesc), sizeof c->fdesc - strlen(c->fdesc), " x %s", what);
}

static bmp_status factors(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    const bmp_params *p = &ev->params;
    c->fnum = c->fden = 1;
    char what[96];
    /* ABF-48 (4.4.9) master factor. */
    if (bmp_params_has(p, "master_factor")) {
        double f = bmp_params_number(p, "master_factor", 1);
        if (!(f > 0 && f <= 2))
            return abf_fail_at(c, BMP_ERANGE, "$.params.master_factor",
                               "expected a factor from the 4.4.9 table (0 < f <= 2), got %g", f);
        snprintf(what, sizeof what, "%g master factor (4.4.9)", f);
        add_factor(c, llround(f * 1000), 1000, what);
    } else if (bmp_params_has(p, "master_rank")) {
        int f;
        bmp_status st =
            abf_master_factor(c->g, bmp_params_string(p, "master_rank", ""), &f, c->err);
        if (st) {
            bmp_error_prefix(c->err, "$.params.master_rank: ");
            return st;
        }
        snprintf(what, sizeof what, "%d.%03d master factor %s (4.4.9)", f / 1000, f % 1000,
                 bmp_params_string(p, "master_rank", ""));
        add_factor(c, f, 1000, what);
    } else if (bmp_params_has(p, "master_field")) {
        int64_t n, d;
        const char *method = bmp_params_string(p, "master_method", "median");
        bool avg = !strcasecmp(method, "average");
        /* 4.4.9 names two methods only: a misspelt one must not silently
         * become the median. */
        if (!avg && strcasecmp(method, "median"))
            return abf_fail_at(c, BMP_EINVAL, "$.params.master_method",
                               "expected \"median\" (default) or \"average\" (4.4.9), got \"%s\"",
                               method);
        bmp_status st = abf_master_factor_field(c->g, bmp_params_string(p, "master_field", ""), avg,
                                                &n, &d, c->err);
        if (st) {
            bmp_error_prefix(c->err, "$.params.master_field: ");
            return st;
        }
        snprintf(what, sizeof what, "%lld/%lld master factor, %s (4.4.9)", (long long)n,
                 (long long)d, avg ? "average" : "median");
        add_factor(c, n, d, what);
    }
    /* ABF-49 (4.4.10) restriction factor; ABF-79 7.5.3's -25 % is the same
     * factor (AMB-25: not applied twice). */
    /* 4.4.10 names Grade A2 *National (minor) Championships*: an A2 ABF
     * Super Congress (5.1.4, 7.4) is not in the list, nor is any other
     * congress grade (audit 2). */
    bool restricted = abf_restriction_applies(c->g, ev) && !bmp_params_has(p, "congress");
    /* 7.5.3: the Mixed Teams Playoff is a Mixed event by definition: its
     * awards are "reduced by 25 %" without restating the restriction. */
    if (c->nat && !strcmp(c->nat->name, "playoff-mixed"))
        restricted = true;
    if (bmp_params_bool(p, "restriction_factor", restricted))
        add_factor(c, 3, 4, "0.75 restricted by age/gender (4.4.10)");
    /* ABF-50 (6.2.2): "+" State Championships get 75 % of the grade B award. */
    if (bmp_params_bool(p, "reduced_championship", false)) {
        if (strcmp(c->g->code, "B"))
            return abf_fail_at(
                c, BMP_EINVAL, "$.params.reduced_championship",
                "the 75%% \"+\" championships are grade B State Championships (6.2.2), "
                "got grade %s",
                c->g->code);
        add_factor(c, 3, 4, "0.75 \"+\" State Championship (6.2.2)");
    }
    return BMP_OK;
}

/* 1.5.1: the event's grade, required and known. */
static bmp_status read_grade(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    if (!ev->grade)
        return abf_fail_at(c, BMP_EINVAL, "$.grade",
                           "missing required field for ABF awards (expected a grade: F, E, D, C, "
                           "B4c, B5i, B4s, B5, B4, B3, B, A2 or A; 1.5.1)");
    if (!(c->g = abf_grade_find(ev->grade)))
        return abf_fail_at(c, BMP_EINVAL, "$.grade",
                           "unknown ABF grade \"%s\" (expected F, E, D, C, B4c, B5i, B4s, B5, "
                           "B4, B3, B, A2 or A; 1.5.1)",
                           ev->grade);
    return BMP_OK;
}

/* The formula or the table route (3.1), and the rounding (4.4.2). */
static bmp_status read_route(abf_ctx *c)
{
    const bmp_params *p = &c->ev->params;
    const char *route = bmp_params_string(p, "route", "formula");
    if (!strcasecmp(route, "table"))
        c->table_route = true;
    else if (strcasecmp(route, "formula"))
        return abf_fail_at(c, BMP_EINVAL, "$.params.route",
                           "expected \"formula\" (3.1.1/3.1.2 with the grade weight, rounded once: "
                           "4.4.2) or \"table\" (3.1.3 table x factor), got \"%s\"",
                           route);
    const char *rounding = bmp_params_string(p, "rounding", NULL);
    if (rounding && !bmp_round_mode_parse(rounding, &c->mode))
        return abf_fail_at(c, BMP_EINVAL, "$.params.rounding",
                           "expected half-up (default, as the printed tables) or half-even (4.4.2 "
                           "literal), got \"%s\"",
                           rounding);
    return BMP_OK;
}

/* 4.1.1: teams and Butler pairs pay the top third; Butler pairs keep the
 * pairs weight for table awards (4.2.3: "awards listed in clause 4.2.1").
 * ABF-37: Singles are treated as Pairs even if played as Teams. */
static void read_kind(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    c->teams = bmp_event_kind_is_teams(ev->kind);
    /* U-40: a one-session Butler of short matches gets the plain 4.2.1
     * session awards; "only ... the top third" goes with the placing
     * awards of 2+ sessions (4.2.3; Compscore pays 4 of 8 pairs). */
    c->top_third = c->teams || (ev->kind == BMP_KIND_BUTLER && ev->sessions >= 2);
    c->individual = ev->kind == BMP_KIND_INDIVIDUAL;
    if (bmp_params_bool(&ev->params, "singles", false))
        c->teams = c->top_third = false;
}

/* Congresses (ABF-63/64/71, ABF-32): the grade the congress gives the
 * event, its checks, and the acceleration (5.4.2). */
static bmp_status read_congress(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    const bmp_params *p = &ev->params;
    const char *ctype = bmp_params_string(p, "congress", NULL);
    if (!ctype)
        return BMP_OK;
    const char *role = bmp_params_string(p, "congress_event", "championship");
    const char *cg;
    bmp_status st = abf_congress_grade(ctype, role, &cg, c->err);
    if (st) {
        bmp_error_prefix(c->err, "$.params.congress: ");
        return st;
    }
    /* 5.1.5 (ABF-69): at a Bridge Festival every multi-session event is B4
     * (only single-session events are B5); the "minor" ones simply get no
     * acceleration. */
    if (!strcasecmp(ctype, "festival") && !strcasecmp(role, "minor") && ev->sessions >= 2)
        cg = "B4";
    if (strcasecmp(cg, c->g->code))
        return abf_fail_at(c, BMP_EINVAL, "$.grade",
                           "a %s congress %s event is grade %s (5.1-5.3), got \"%s\"", ctype,
                           role, cg, ev->grade);
    const char *why = abf_congress_check(ctype, role, ev->sessions,
                                         bmp_params_number(p, "tables_per_director", 0));
    if (why)
        return abf_fail_at(c, BMP_EINVAL, "$.params.congress", "%s", why);
    /* 5.3.2 (ABF-51): restricted events "are subject to an adjustment by the
     * appropriate Master Factor": without one the award would silently be
     * the open championship's. */
    if (!strcasecmp(role, "restricted") && !bmp_params_has(p, "master_factor") &&
        !bmp_params_has(p, "master_rank") && !bmp_params_has(p, "master_field"))
        return abf_fail_at(c, BMP_EINVAL, "$.params.master_rank",
                           "a restricted congress event takes the Master Factor of its field "
                           "(5.3.2, 4.4.9): give params.master_rank, master_field or "
                           "master_factor");
    c->accel = abf_congress_acceleration(ctype, role);
    c->tour = !strcasecmp(ctype, "tour");
    if (bmp_params_has(p, "acceleration_applies") && !bmp_params_bool(p, "acceleration_applies", true))
        c->accel = 0; /* 5.4.2: a second competition of the same format */
    return BMP_OK;
}

/* params.acceleration: extra sessions given outright (5.4.2). */
static bmp_status read_acceleration(abf_ctx *c)
{
    const bmp_params *p = &c->ev->params;
    if (!bmp_params_has(p, "acceleration"))
        return BMP_OK;
    double a = bmp_params_number(p, "acceleration", 0);
    if (!(a >= 0 && a <= 10) || a != floor(a))
        return abf_fail_at(c, BMP_ERANGE, "$.params.acceleration",
                           "expected a whole number of extra sessions (5.4.2: 1), got %g", a);
    c->accel = (int)a;
    return BMP_OK;
}

/* National events (ABF-77..84) and table amplification (7.5.2). */
static bmp_status read_national(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    const bmp_params *p = &ev->params;
    const char *nat = bmp_params_string(p, "national_event", NULL);
    if (nat) {
        if (!(c->nat = abf_national_find(nat)))
            return abf_fail_at(c, BMP_EINVAL, "$.params.national_event",
                               "unknown national event \"%s\" (expected playoff, playoff-mixed, "
                               "state-playoff, butler, interstate-teams, interstate-pairs, "
                               "gnot-qualifying, gnot-national or not)",
                               nat);
        if (strcmp(c->nat->grade, c->g->code))
            return abf_fail_at(c, BMP_EINVAL, "$.grade", "the %s is grade %s (%s), got \"%s\"",
                               c->nat->description, c->nat->grade, c->nat->section, ev->grade);
        c->amplify = c->nat->amplify10 / 10.0;
    }
    if (bmp_params_has(p, "amplification")) {
        c->amplify = bmp_params_number(p, "amplification", 1);
        if (!(c->amplify >= 1 && c->amplify <= 10))
            return abf_fail_at(c, BMP_ERANGE, "$.params.amplification",
                               "expected a table amplification factor from 1 to 10 (7.5.2: 1.5 "
                               "or 3), got %g", c->amplify);
    }
    return BMP_OK;
}

/* 7.1, 5.1.4 (ABF-74, ABF-68): gold-point entry is limited to registered
 * players (an ABF number) and overseas visitors (player param "overseas"):
 * a warning for each other player. */
static bmp_status warn_gold_entry(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    if (strcmp(c->g->colour, "gold") != 0)
        return BMP_OK;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers; j++) {
            const bmp_player *pl = &ev->contestants[i].players[j];
            if (!pl->id && !bmp_params_bool(&pl->params, "overseas", false) &&
                bmp_awards_note(c->out, c->err,
                                "warning: $.contestants[%zu].players[%zu] (%s) has no ABF "
                                "number: gold-point entry is limited to registered players and "
                                "overseas visitors (7.1)",
                                i, j, pl->name ? pl->name : "?"))
                return BMP_ENOMEM;
        }
    return BMP_OK;
}

/* 4.1.2 (ABF-27) shares awards in teams of 5 or 6 members (4/5, 2/3); a
 * larger team has no stated share: an input error, not a guess. */
static bmp_status check_team_sizes(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; c->teams && i < ev->ncontestants; i++) {
        size_t np = 0;
        const bmp_contestant *ct = &ev->contestants[i];
        for (size_t j = 0; j < ct->nplayers; j++)
            np += !bmp_params_bool(&ct->players[j].params, "npc", false);
        if (np > 6) {
            char at[64];
            snprintf(at, sizeof at, "$.contestants[%zu].players", i);
            return abf_fail_at(c, BMP_EINVAL, at,
                               "team \"%s\" has %zu playing members; 4.1.2 shares awards in teams "
                               "of 4, 5 or 6 (non-playing captains: \"npc\")",
                               ct->id, np);
        }
    }
    return BMP_OK;
}

/* Everything about the event that is not a place: grade, route, kind,
 * congress, national event, then the checks and the notes. */
static bmp_status read_event_setup(abf_ctx *c)
{
    bmp_status st;
    if ((st = read_grade(c)) || (st = bmp_params_check_event(c->ev, &abf_param_specs, c->err)) ||
        (st = read_route(c)))
        return st;
    read_kind(c);
    return BMP_OK;
}

/* The awards: match or session awards, then the outright awards of an
 * event of two sessions or more (4.2, 4.3). */
static bmp_status award_families(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    bmp_status st = ev->nmatches > 0 ? abf_match_awards(c) : abf_session_awards(c);
    if (!st && ev->sessions >= 2)
        st = abf_outright_awards(c);
    else if (!st)
        st = bmp_awards_note(c->out, c->err,
                             "single session: session awards only, no outright award (4.2)");
    return st;
}

bmp_status abf_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    abf_ctx c = {.ev = ev, .out = out, .err = err, .mode = BMP_ROUND_HALF_UP, .amplify = 1.0};
    bmp_status st = read_event_setup(&c);
    if (st)
        return st;
    /* ABF-44 (4.4.8): handicap events: no masterpoints unless awarded on the
     * pre-handicap scores (which the event file then carries). */
    if (bmp_params_bool(&ev->params, "handicap", false) &&
        !bmp_params_bool(&ev->params, "pre_handicap_scores", false))
        return bmp_awards_reason(out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "ABF-44", "4.4.8",
                                 "handicap event: no masterpoints (4.4.8)")
                   ? bmp_error_oom(err)
                   : BMP_OK;
    if ((st = read_congress(&c)) || (st = read_acceleration(&c)) || (st = read_national(&c)))
        return st;
    /* 1.6, 5.4.1, 7.5.1 (ABF-73, ABF-76): who issues these points. */
    if (bmp_awards_note(out, err, "%s points, masterpointed by the %s", c.g->colour,
                        abf_masterpointed_by(c.g, c.nat && !strcmp(c.nat->name, "gnot-qualifying"))))
        return BMP_ENOMEM;
    if ((st = warn_gold_entry(&c)) || (st = check_team_sizes(&c)) || (st = factors(&c)))
        return st;
    if (bmp_awards_note(out, err, "grade %s (%s, %s): %s weight W = %.2f; %s; rounding %s%s%s",
                        c.g->code, c.g->description, c.g->colour, c.teams ? "teams" : "pairs",
                        abf_ctx_weight(&c) / 100.0,
                        c.table_route ? "table x factor route (3.1.3)"
                                      : "formula with W, rounded once (3.1, 4.4.2)",
                        bmp_round_mode_name(c.mode), *c.fdesc ? "; factors" : "", c.fdesc))
        return BMP_ENOMEM;
    return award_families(&c);
}
