/* ABF awards for one event: dispatch, the event factors (4.4.9, 4.4.10,
 * 6.2.2), congresses (5.x) and national events (7.5), and emitting awards
 * per player (4.1.2, 4.4.4, 4.4.5).  Session awards are in session.c, match
 * awards in match_awards.c, outright awards in outright.c.  The event fields
 * and params used are documented in abf.c. */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/award_ctx.h"

bmp_status abf_fail_at(const abf_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The caller (CLI) prefixes the file name, as for every award error. */
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

int abf_ctx_weight(const abf_ctx *c)
{
    return abf_grade_w100(c->g, c->teams);
}

static char table_letter(const abf_ctx *c)
{
    return c->teams ? c->g->teams_table : c->g->pairs_table;
}

static int table_factor100(const abf_ctx *c)
{
    return c->teams ? c->g->teams_factor100 : c->g->pairs_factor100;
}

void abf_fmt_pts(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
}

/* 4.1.2 (ABF-27): a team of 5 members gets 4/5 each, of 6 2/3 each;
 * non-playing captains (player param "npc") get nothing and do not count. */
void abf_team_share(const abf_ctx *c, const bmp_contestant *ct, int64_t *num, int64_t *den)
{
    *num = *den = 1;
    if (!c->teams)
        return;
    size_t n = 0;
    for (size_t i = 0; i < ct->nplayers; i++)
        n += !bmp_params_bool(&ct->players[i].params, "npc", false);
    if (n == 5) {
        *num = 4;
        *den = 5;
    } else if (n >= 6) {
        *num = 2;
        *den = 3;
    }
}

/* The derivation text of a team share. */
const char *abf_team_share_text(int64_t num, int64_t den)
{
    if (num == den)
        return "";
    return num == 4 ? " x 4/5 (team of 5)" : " x 2/3 (team of 6)";
}

/* Add an award for contestant ci to every player whose participation
 * reaches min_part (ABF-16 75 % for session awards, ABF-42 40 % for
 * outright awards), or to all players at once when all do. */
bmp_status abf_emit(abf_ctx *c, size_t ci, const char *kind, const char *ranking, bmp_place place,
                    bmp_points pts, const char *rule, const char *section, double min_part,
                    const char *explain)
{
    const bmp_contestant *ct = &c->ev->contestants[ci];
    if (pts <= 0)
        return BMP_OK;
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.place = place;
    aw.points = pts;
    bmp_award_set(&aw, kind, ranking, c->g->colour, rule, section);
    /* 4.4.5 NOTE (ABF-43): in National teams finals, a player under 40 %
     * with a share of the Playoff Qualifying Points (player param
     * "pqp_share") gets that share; the rest goes to the eligible mates. */
    if (c->nat && ct->nplayers > 0) {
        bool any = false;
        for (size_t p = 0; p < ct->nplayers; p++)
            any |= bmp_params_has(&ct->players[p].params, "pqp_share");
        if (any) {
            /* Non-playing captains take no part (4.1.2): not in the split. */
            double shares[16];
            size_t who[16], np = 0;
            for (size_t p = 0; p < ct->nplayers && np < 16; p++) {
                if (bmp_params_bool(&ct->players[p].params, "npc", false))
                    continue;
                who[np] = p;
                shares[np++] = ct->players[p].participation >= 0.40
                                   ? 1.0
                                   : bmp_params_number(&ct->players[p].params, "pqp_share", 0);
            }
            bmp_points parts[16];
            abf_pqp_split(pts, shares, np, c->mode, parts);
            for (size_t k = 0; k < np; k++) {
                size_t p = who[k];
                if (parts[k] <= 0)
                    continue;
                bmp_award a2 = {0};
                a2.contestant = ci;
                a2.place = place;
                a2.points = parts[k];
                a2.player = (int)p;
                bmp_award_set(&a2, kind, ranking, c->g->colour, "ABF-43", "4.4.5");
                if (bmp_awards_add(c->out, &a2, "%s; PQP share %.2f (4.4.5 NOTE)", explain,
                                   shares[k]))
                    return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
            }
            return BMP_OK;
        }
    }
    bool all = true;
    for (size_t p = 0; p < ct->nplayers; p++)
        if (ct->players[p].participation < min_part ||
            bmp_params_bool(&ct->players[p].params, "npc", false) ||
            (c->tour && bmp_params_bool(&ct->players[p].params, "local", false)))
            all = false;
    if (all) {
        aw.player = BMP_ALL_PLAYERS;
        return bmp_awards_add(c->out, &aw, "%s", explain)
                   ? bmp_error_set(c->err, BMP_ENOMEM, "out of memory")
                   : BMP_OK;
    }
    for (size_t p = 0; p < ct->nplayers; p++) {
        const bmp_player *pl = &ct->players[p];
        if (bmp_params_bool(&pl->params, "npc", false))
            continue;
        if (pl->participation < min_part) {
            if (bmp_awards_note(c->out, "%s: player %s played %.0f%% < %.0f%%: no %s award (%s)",
                                ct->id, pl->id ? pl->id : pl->name, pl->participation * 100,
                                min_part * 100, kind, min_part > 0.5 ? "4.4.4" : "4.4.5"))
                return BMP_ENOMEM;
            continue;
        }
        aw.player = (int)p;
        /* 5.1.2 (ABF-66): on a Bridge Tour, players living within 50 km who
         * are not tour members (player param "local") get green points only. */
        bool local = c->tour && bmp_params_bool(&pl->params, "local", false);
        snprintf(aw.colour, sizeof aw.colour, "%s", local ? "green" : c->g->colour);
        if (bmp_awards_add(c->out, &aw, "%s%s", explain,
                           local ? "; green only: local non-member of the tour (5.1.2)" : ""))
            return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
    }
    return BMP_OK;
}

/* The unrounded award for places lo..hi (tied) of a field whose winner gets
 * winner_at(w100), with `paid` places.  Formula route: evaluated with the
 * grade weight (3.1.1/3.1.2 with W).  Table route: evaluated at the table's
 * weight, rounded as the table prints it, then x the 3.1.3 factor. */

static abf_val winner_at(abf_winner_spec s, int w100)
{
    if (s.kind == 3)
        return abf_outright_winner(s.tables, s.sessions, w100);
    return abf_session_winner(s.kind == 2, s.tables, w100);
}

bool abf_place_value(const abf_ctx *c, abf_winner_spec s, int paid, int lo, int hi, abf_val *out,
                     char *how, size_t hown)
{
    abf_val v;
    if (!c->table_route) {
        if (!abf_tie_share(winner_at(s, abf_ctx_weight(c)), paid, lo, hi, &v))
            return false;
        snprintf(how, hown, "formula W=%.2f: %.6g", abf_ctx_weight(c) / 100.0, abf_dbl(v));
        *out = v;
        return true;
    }
    char letter = table_letter(c);
    if (!abf_tie_share(winner_at(s, abf_table_w100(letter)), paid, lo, hi, &v))
        return false;
    bmp_points cell = abf_round(v, c->mode);
    char b[32];
    abf_fmt_pts(cell, b, sizeof b);
    snprintf(how, hown, "Table %d%c %s x %.2f", s.kind, letter, b, table_factor100(c) / 100.0);
    *out = abf_mul(abf_q(cell, 100), table_factor100(c), 100);
    return true;
}

/* ---- event factors and dispatch ---------------------------------------- */

static void add_factor(abf_ctx *c, int64_t num, int64_t den, const char *what)
{
    abf_val f = abf_mul(abf_q(c->fnum, c->fden), num, den);
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

bmp_status abf_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    abf_ctx c = {.ev = ev, .out = out, .err = err, .mode = BMP_ROUND_HALF_UP, .amplify = 1.0};
    if (!ev->grade)
        return abf_fail_at(
            &c, BMP_EINVAL, "$.grade",
            "missing required field for ABF awards (expected a grade: F, E, D, C, B4c, "
            "B5i, B4s, B5, B4, B3, B, A2 or A; 1.5.1)");
    if (!(c.g = abf_grade_find(ev->grade)))
        return abf_fail_at(
            &c, BMP_EINVAL, "$.grade",
            "unknown ABF grade \"%s\" (expected F, E, D, C, B4c, B5i, B4s, B5, B4, B3, "
            "B, A2 or A; 1.5.1)",
            ev->grade);
    bmp_status pst = bmp_params_check_event(ev, &abf_param_specs, err); /* params.c */
    if (pst)
        return pst;
    const bmp_params *p = &ev->params;
    const char *route = bmp_params_string(p, "route", "formula");
    if (!strcasecmp(route, "table"))
        c.table_route = true;
    else if (strcasecmp(route, "formula"))
        return abf_fail_at(&c, BMP_EINVAL, "$.params.route",
                           "expected \"formula\" (3.1.1/3.1.2 with the grade weight, rounded once: "
                           "4.4.2) or \"table\" (3.1.3 table x factor), got \"%s\"",
                           route);
    const char *rounding = bmp_params_string(p, "rounding", NULL);
    if (rounding && !bmp_round_mode_parse(rounding, &c.mode))
        return abf_fail_at(&c, BMP_EINVAL, "$.params.rounding",
                           "expected half-up (default, as the printed tables) or half-even (4.4.2 "
                           "literal), got \"%s\"",
                           rounding);
    c.teams = bmp_event_kind_is_teams(ev->kind);
    /* 4.1.1: teams and Butler pairs pay the top third; Butler pairs keep the
     * pairs weight for table awards (4.2.3: "awards listed in clause 4.2.1"). */
    c.top_third = c.teams || ev->kind == BMP_KIND_BUTLER;
    c.individual = ev->kind == BMP_KIND_INDIVIDUAL;
    /* ABF-37: Singles are treated as Pairs even if played as Teams. */
    if (bmp_params_bool(p, "singles", false))
        c.teams = c.top_third = false;
    /* ABF-44 (4.4.8): handicap events: no masterpoints unless awarded on the
     * pre-handicap scores (which the event file then carries). */
    if (bmp_params_bool(p, "handicap", false) && !bmp_params_bool(p, "pre_handicap_scores", false))
        return bmp_awards_note(out, "handicap event: no masterpoints (4.4.8)") ? BMP_ENOMEM
                                                                               : BMP_OK;
    /* Congresses (ABF-63/64/71, ABF-32). */
    const char *ctype = bmp_params_string(p, "congress", NULL);
    if (ctype) {
        const char *role = bmp_params_string(p, "congress_event", "championship");
        const char *cg;
        bmp_status st = abf_congress_grade(ctype, role, &cg, err);
        if (st) {
            bmp_error_prefix(err, "$.params.congress: ");
            return st;
        }
        /* 5.1.5 (ABF-69): at a Bridge Festival every multi-session event is
         * B4 (only single-session events are B5); the "minor" ones simply
         * get no acceleration. */
        if (!strcasecmp(ctype, "festival") && !strcasecmp(role, "minor") && ev->sessions >= 2)
            cg = "B4";
        if (strcasecmp(cg, c.g->code))
            return abf_fail_at(&c, BMP_EINVAL, "$.grade",
                               "a %s congress %s event is grade %s (5.1-5.3), got \"%s\"", ctype,
                               role, cg, ev->grade);
        const char *why = abf_congress_check(ctype, role, ev->sessions,
                                             bmp_params_number(p, "tables_per_director", 0));
        if (why)
            return abf_fail_at(&c, BMP_EINVAL, "$.params.congress", "%s", why);
        /* 5.3.2 (ABF-51): restricted events "are subject to an adjustment
         * by the appropriate Master Factor": without one the award would
         * silently be the open championship's. */
        if (!strcasecmp(role, "restricted") && !bmp_params_has(p, "master_factor") &&
            !bmp_params_has(p, "master_rank") && !bmp_params_has(p, "master_field"))
            return abf_fail_at(&c, BMP_EINVAL, "$.params.master_rank",
                               "a restricted congress event takes the Master Factor of its "
                               "field (5.3.2, 4.4.9): give params.master_rank, master_field or "
                               "master_factor");
        c.accel = abf_congress_acceleration(ctype, role);
        c.tour = !strcasecmp(ctype, "tour");
        if (bmp_params_has(p, "acceleration_applies") &&
            !bmp_params_bool(p, "acceleration_applies", true))
            c.accel = 0; /* 5.4.2: a second competition of the same format */
    }
    if (bmp_params_has(p, "acceleration")) {
        double a = bmp_params_number(p, "acceleration", 0);
        if (!(a >= 0 && a <= 10) || a != floor(a))
            return abf_fail_at(&c, BMP_ERANGE, "$.params.acceleration",
                               "expected a whole number of extra sessions (5.4.2: 1), got %g", a);
        c.accel = (int)a;
    }
    /* National events (ABF-77..84). */
    const char *nat = bmp_params_string(p, "national_event", NULL);
    if (nat) {
        if (!(c.nat = abf_national_find(nat)))
            return abf_fail_at(&c, BMP_EINVAL, "$.params.national_event",
                               "unknown national event \"%s\" (expected playoff, playoff-mixed, state-playoff, "
                               "butler, interstate-teams, interstate-pairs, gnot-qualifying, "
                               "gnot-national or not)",
                               nat);
        if (strcmp(c.nat->grade, c.g->code))
            return abf_fail_at(&c, BMP_EINVAL, "$.grade", "the %s is grade %s (%s), got \"%s\"",
                               c.nat->description, c.nat->grade, c.nat->section, ev->grade);
        c.amplify = c.nat->amplify10 / 10.0;
    }
    if (bmp_params_has(p, "amplification")) {
        c.amplify = bmp_params_number(p, "amplification", 1);
        if (!(c.amplify >= 1 && c.amplify <= 10))
            return abf_fail_at(&c, BMP_ERANGE, "$.params.amplification",
                               "expected a table amplification factor from 1 to 10 (7.5.2: 1.5 "
                               "or 3), got %g", c.amplify);
    }
    /* 1.6, 5.4.1, 7.5.1 (ABF-73, ABF-76): who issues these points. */
    if (bmp_awards_note(
            out, "%s points, masterpointed by the %s", c.g->colour,
            abf_masterpointed_by(c.g, c.nat && !strcmp(c.nat->name, "gnot-qualifying"))))
        return BMP_ENOMEM;
    /* 7.1, 5.1.4 (ABF-74, ABF-68): gold-point entry is limited to registered
     * players (an ABF number) and overseas visitors (player param
     * "overseas"). */
    if (!strcmp(c.g->colour, "gold"))
        for (size_t i = 0; i < ev->ncontestants; i++)
            for (size_t j = 0; j < ev->contestants[i].nplayers; j++) {
                const bmp_player *pl = &ev->contestants[i].players[j];
                if (!pl->id && !bmp_params_bool(&pl->params, "overseas", false) &&
                    bmp_awards_note(out,
                                    "warning: $.contestants[%zu].players[%zu] (%s) has no ABF "
                                    "number: gold-point entry is limited to registered "
                                    "players and overseas visitors (7.1)",
                                    i, j, pl->name ? pl->name : "?"))
                    return BMP_ENOMEM;
            }
    /* 4.1.2 (ABF-27) shares awards in teams of 5 or 6 members (4/5, 2/3);
     * a larger team has no stated share: an input error, not a guess. */
    if (c.teams)
        for (size_t i = 0; i < ev->ncontestants; i++) {
            size_t np = 0;
            const bmp_contestant *ct = &ev->contestants[i];
            for (size_t j = 0; j < ct->nplayers; j++)
                np += !bmp_params_bool(&ct->players[j].params, "npc", false);
            if (np > 6) {
                char at[64];
                snprintf(at, sizeof at, "$.contestants[%zu].players", i);
                return abf_fail_at(&c, BMP_EINVAL, at,
                                   "team \"%s\" has %zu playing members; 4.1.2 shares awards "
                                   "in teams of 4, 5 or 6 (non-playing captains: \"npc\")",
                                   ct->id, np);
            }
        }
    bmp_status st = factors(&c);
    if (st)
        return st;
    if (bmp_awards_note(out, "grade %s (%s, %s): %s weight W = %.2f; %s; rounding %s%s%s",
                        c.g->code, c.g->description, c.g->colour, c.teams ? "teams" : "pairs",
                        abf_ctx_weight(&c) / 100.0,
                        c.table_route ? "table x factor route (3.1.3)"
                                      : "formula with W, rounded once (3.1, 4.4.2)",
                        bmp_round_mode_name(c.mode), *c.fdesc ? "; factors" : "", c.fdesc))
        return BMP_ENOMEM;
    if (ev->nmatches > 0)
        st = abf_match_awards(&c);
    else
        st = abf_session_awards(&c);
    if (!st && ev->sessions >= 2)
        st = abf_outright_awards(&c);
    else if (!st)
        st = bmp_awards_note(out, "single session: session awards only, no outright award (4.2)")
                 ? BMP_ENOMEM
                 : BMP_OK;
    return st;
}
