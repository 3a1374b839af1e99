/* ABF awards for one event: session awards (4.2), match awards (4.2.3),
 * outright awards (4.3) and the factors of 4.2.5, 4.4.9, 4.4.10, 5.4.2 and
 * 7.5.  The event fields and params used are documented in abf.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/abf_internal.h"

typedef struct ctx {
    const bmp_event *ev;
    const abf_grade *g;
    bool teams;          /* teams weights (4.1.2 team shares) */
    bool top_third;      /* places to the top third (4.1.1: teams, Butler) */
    bool individual;
    bool table_route;    /* 3.1.3 table x factor instead of formula with W (AMB-2) */
    bmp_round_mode mode;
    int64_t fnum, fden;  /* event factor: master x restriction x reduced championship */
    char fdesc[256];
    const abf_national *nat;
    int accel;           /* 5.4.2 extra sessions */
    bool tour;           /* a Bridge Tour or Cruise (5.1.2) */
    double amplify;      /* 7.5.2 table amplification */
    bmp_awards *out;
    bmp_error *err;
} ctx;

static bmp_status fail_at(const ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The caller (CLI) prefixes the file name, as for every award error. */
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

static int weight(const ctx *c)
{
    return abf_grade_w100(c->g, c->teams);
}

static char table_letter(const ctx *c)
{
    return c->teams ? c->g->teams_table : c->g->pairs_table;
}

static int table_factor100(const ctx *c)
{
    return c->teams ? c->g->teams_factor100 : c->g->pairs_factor100;
}

static void fmt_pts(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
}

/* 4.1.2 (ABF-27): a team of 5 members gets 4/5 each, of 6 2/3 each;
 * non-playing captains (player param "npc") get nothing and do not count. */
static void team_share(const ctx *c, const bmp_contestant *ct, int64_t *num, int64_t *den)
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

/* Add an award for contestant ci to every player whose participation
 * reaches min_part (ABF-16 75 % for session awards, ABF-42 40 % for
 * outright awards), or to all players at once when all do. */
static bmp_status emit(ctx *c, size_t ci, const char *kind, const char *ranking, bmp_place place,
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
            double shares[16];
            size_t np = ct->nplayers < 16 ? ct->nplayers : 16;
            for (size_t p = 0; p < np; p++)
                shares[p] = ct->players[p].participation >= 0.40
                                ? 1.0
                                : bmp_params_number(&ct->players[p].params, "pqp_share", 0);
            bmp_points parts[16];
            abf_pqp_split(pts, shares, np, c->mode, parts);
            for (size_t p = 0; p < np; p++) {
                if (parts[p] <= 0)
                    continue;
                bmp_award a2 = {0};
                a2.contestant = ci;
                a2.place = place;
                a2.points = parts[p];
                a2.player = (int)p;
                bmp_award_set(&a2, kind, ranking, c->g->colour, "ABF-43", "4.4.5");
                if (bmp_awards_add(c->out, &a2, "%s; PQP share %.2f (4.4.5 NOTE)", explain,
                                   shares[p]))
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
        return bmp_awards_add(c->out, &aw, "%s", explain) ? bmp_error_set(c->err, BMP_ENOMEM,
                                                                          "out of memory")
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
typedef struct winner_spec {
    int kind; /* 1 Mitchell, 2 Howell, 3 outright */
    int tables, sessions;
} winner_spec;

static abf_val winner_at(winner_spec s, int w100)
{
    if (s.kind == 3)
        return abf_outright_winner(s.tables, s.sessions, w100);
    return abf_session_winner(s.kind == 2, s.tables, w100);
}

static bool place_value(const ctx *c, winner_spec s, int paid, int lo, int hi, abf_val *out,
                        char *how, size_t hown)
{
    abf_val v;
    if (!c->table_route) {
        if (!abf_tie_share(winner_at(s, weight(c)), paid, lo, hi, &v))
            return false;
        snprintf(how, hown, "formula W=%.2f: %.6g", weight(c) / 100.0, abf_dbl(v));
        *out = v;
        return true;
    }
    char letter = table_letter(c);
    if (!abf_tie_share(winner_at(s, abf_table_w100(letter)), paid, lo, hi, &v))
        return false;
    bmp_points cell = abf_round(v, c->mode);
    char b[32];
    fmt_pts(cell, b, sizeof b);
    snprintf(how, hown, "Table %d%c %s x %.2f", s.kind, letter, b, table_factor100(c) / 100.0);
    *out = abf_mul(abf_q(cell, 100), table_factor100(c), 100);
    return true;
}

/* ---- session awards from session rankings (4.2.1, 4.2.5) --------------- */

static bmp_status session_awards(ctx *c)
{
    const bmp_event *ev = c->ev;
    bool percentage = bmp_params_bool(&ev->params, "percentage_awards", false);
    int nconsol = 0;
    for (size_t i = 0; i < ev->ngroups; i++)
        nconsol += ev->groups[i].type && !strcasecmp(ev->groups[i].type, "consolation");
    nconsol = (int)bmp_params_number(&ev->params, "consolations", nconsol);
    bool graded = bmp_params_bool(&ev->params, "consolations_graded", true);
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom)
            continue;
        /* A single-session event without session rankings ranks by place. */
        bmp_ranking_entry implicit = {0};
        const bmp_ranking_entry *list = ct->rankings;
        size_t n = ct->nrankings;
        bool has_session = false;
        for (size_t r = 0; r < n; r++)
            has_session |= list[r].session > 0;
        if (!has_session && ev->sessions <= 1 && ct->place.lo > 0) {
            implicit.ranking = "session 1";
            implicit.session = 1;
            implicit.section = ct->group;
            implicit.place = ct->place;
            implicit.score = ct->score;
            implicit.has_score = ct->has_score;
            list = &implicit;
            n = 1;
        }
        for (size_t r = 0; r < n; r++) {
            const bmp_ranking_entry *re = &list[r];
            if (re->session <= 0 || re->place.lo <= 0)
                continue;
            const bmp_group *grp = re->section ? bmp_event_group(ev, re->section) : NULL;
            double tables = grp && grp->tables > 0 ? grp->tables : ev->tables;
            int T = abf_round_tables(tables);
            /* ABF-8: two winners when the ranking is by direction; teams with
             * matches < 5 boards use the one-winner awards (4.2.3, ABF-23). */
            bool one = !re->direction;
            if (ev->movement == BMP_MOVEMENT_TWO_WINNER && !re->direction && !c->teams &&
                !c->individual)
                return fail_at(c, BMP_EINVAL, "$.contestants",
                               "contestant \"%s\": a two-winner (Mitchell) session ranking needs "
                               "\"direction\": \"NS\" or \"EW\"", ct->id);
            /* ABF-14 (4.4.3): Howell/individual >= 2 tables, Mitchell >= 4;
             * teams session awards are made whatever the field size. */
            if (!c->teams && T < (one ? 2 : 4))
                continue;
            int paid = c->top_third ? abf_places_top_third(c->teams ? T : 2 * T)
                                    : abf_session_places(one, c->individual, T);
            /* ABF-15 (4.4.7): short sessions factored down. */
            int boards = grp ? (int)bmp_params_number(&grp->params, "boards", ev->boards) : ev->boards;
            int64_t sn, sd;
            if (!abf_short_session(c->g, boards, &sn, &sd))
                continue;
            winner_spec ws = {one ? 2 : 1, T, 0};
            char how[160], pre[200] = "";
            abf_val v;
            const char *rule = one ? "ABF-7" : "ABF-6";
            const char *section = "4.2.1";
            if (percentage && re->has_score) {
                /* ABF-13 (4.2.2): by percentage, rounded down. */
                bmp_points p = abf_percentage_award(re->score, weight(c));
                v = abf_q(p, 100);
                snprintf(how, sizeof how, "4.2.2: P=%d%% W=%.2f -> %.2f", (int)floor(re->score),
                         weight(c) / 100.0, p / 100.0);
                rule = "ABF-13";
                section = "4.2.2";
            } else if (!place_value(c, ws, paid, re->place.lo, re->place.hi, &v, how, sizeof how)) {
                continue;
            }
            if (sn != sd) {
                v = abf_mul(v, sn, sd);
                snprintf(pre + strlen(pre), sizeof pre - strlen(pre), " x %d/%lld boards (4.4.7)",
                         boards, (long long)sd);
            }
            if (grp && grp->type && !strcasecmp(grp->type, "final") &&
                !bmp_params_bool(&ev->params, "walk_in_final", false)) {
                int64_t pn, pd;
                abf_final_premium(tables, ev->tables, &pn, &pd);
                v = abf_mul(v, pn, pd);
                snprintf(pre + strlen(pre), sizeof pre - strlen(pre), " x %lld/%lld final (4.2.5)",
                         (long long)pn, (long long)pd);
                rule = "ABF-46";
                section = "4.2.5";
            } else if (grp && grp->type && !strcasecmp(grp->type, "consolation")) {
                int k = (int)bmp_params_number(&grp->params, "consolation", 1);
                int64_t kn, kd;
                bmp_status st = abf_consolation_session_factor(c->g, k, nconsol ? nconsol : 1,
                                                               graded, c->teams, &kn, &kd, c->err);
                if (st)
                    return st;
                v = abf_mul(v, kn, kd);
                snprintf(pre + strlen(pre), sizeof pre - strlen(pre),
                         " x %lld/%lld consolation %d (4.2.5)", (long long)kn, (long long)kd, k);
                rule = "ABF-47";
                section = "4.2.5";
            }
            int64_t tn, td;
            team_share(c, ct, &tn, &td);
            v = abf_mul(abf_mul(v, c->fnum, c->fden), tn, td);
            bmp_points p = abf_round(v, !strcmp(rule, "ABF-13") ? BMP_ROUND_FLOOR : c->mode);
            char pl[24], ps[32];
            bmp_place_format(re->place, pl, sizeof pl);
            fmt_pts(p, ps, sizeof ps);
            char ex[1024];
            snprintf(ex, sizeof ex, "%s T=%d %s place %s of %d paid: %s%s%s%s = %s", re->ranking,
                     T, one ? "one-winner" : "two-winner", pl, paid, how, pre, c->fdesc,
                     tn != td ? (tn == 4 ? " x 4/5 (team of 5)" : " x 2/3 (team of 6)") : "", ps);
            bmp_status st = emit(c, ci, "session", re->ranking, re->place, p, rule, section, 0.75, ex);
            if (st)
                return st;
        }
    }
    return BMP_OK;
}

/* ---- match awards (4.2.3) ---------------------------------------------- */

typedef struct acc {
    abf_val normal, final;
    int halves_normal, halves_final; /* wins counted in halves */
    int matches;
    abf_val unit[2];   /* the per-win award, for --explain */
    bool has_unit[2], mixed[2];
} acc;

static bmp_status match_awards(ctx *c)
{
    const bmp_event *ev = c->ev;
    size_t n = ev->ncontestants;
    acc *a = calloc(n ? n : 1, sizeof *a);
    if (!a)
        return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++)
        a[i].normal = a[i].final = abf_q(0, 1);
    bmp_status st = BMP_OK;
    bool vp = !strcasecmp(bmp_params_string(&ev->params, "scores", "imps"), "vp");
    for (size_t mi = 0; mi < ev->nmatches && !st; mi++) {
        const bmp_match *m = &ev->matches[mi];
        char path[64];
        snprintf(path, sizeof path, "$.matches[%zu]", mi);
        int boards = m->boards ? m->boards : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
        if (boards <= 0) {
            st = fail_at(c, BMP_EINVAL, path, "a match needs \"boards\" (or the event's "
                                              "\"boards_per_match\") for its award (4.2.3)");
            break;
        }
        bool triangle = bmp_params_bool(&m->params, "triangle", false);
        if (boards < 5 && !triangle) {
            st = bmp_not_supported(c->err, "match awards for matches under 5 boards", "ABF-23",
                                   "4.2.3", "give contestant places and no matches: such events "
                                            "use the one-winner tables");
            break;
        }
        bool final = (m->stage && !strcasecmp(m->stage, "final")) ||
                     bmp_params_bool(&m->params, "final", false);
        /* Rate per board in 1e-5 (ABF-5); national events (ABF-78..84). */
        int64_t rate = abf_rate_per_board_e5(c->g);
        if (c->nat && c->nat->rate_e5)
            rate = final ? c->nat->final_rate_e5 : c->nat->rate_e5;
        int64_t pn = 1, pd = 1;
        if (final && !(c->nat && c->nat->rate_e5)) {
            pn = 3; /* 4.2.4/4.2.5: +50 % premium (ABF-25, ABF-46) */
            pd = 2;
        }
        if (bmp_params_has(&m->params, "rate"))
            rate = llround(bmp_params_number(&m->params, "rate", 0) * 100000);
        abf_val per_win = abf_mul(abf_q(rate * boards, 100000), pn, pd);
        /* 4.2.3 NOTE (iii) (ABF-22): a single-round triangle with half-matches
         * under 5 boards: half the masterpoints for a normal win. */
        if (triangle)
            per_win = abf_mul(per_win, 1, 2);
        if (c->table_route) /* Appendix B: the per-win award is rounded first */
            per_win = abf_q(abf_round(per_win, c->mode), 100);
        const bmp_contestant *h = bmp_event_contestant(ev, m->home);
        const bmp_contestant *w = bmp_event_contestant(ev, m->away);
        size_t hi = (size_t)(h - ev->contestants), wi = (size_t)(w - ev->contestants);
        int out; /* 1 home wins, 0 away wins, -1 shared */
        if (m->winner)
            out = !strcmp(m->winner, "tie") ? -1 : !strcmp(m->winner, m->home) ? 1 : 0;
        else if (!m->has_score) {
            st = fail_at(c, BMP_EINVAL, path, "a match needs \"home_score\"/\"away_score\" (IMPs) "
                                              "or \"winner\" for its award (4.2.3)");
            break;
        } else if (vp)
            out = m->home_score == m->away_score ? -1 : m->home_score > m->away_score;
        else
            out = abf_match_outcome(m->home_score, m->away_score, boards);
        int hh = out == 1 ? 2 : out == -1 ? 1 : 0, wh = 2 - hh;
        abf_val hv = abf_mul(per_win, hh, 2), wv = abf_mul(per_win, wh, 2);
        size_t who[2] = {hi, wi};
        for (int k = 0; k < 2; k++) {
            acc *x = &a[who[k]];
            if (!x->has_unit[final]) {
                x->unit[final] = per_win;
                x->has_unit[final] = true;
            } else if (abf_cmp(x->unit[final], per_win) != 0) {
                x->mixed[final] = true;
            }
        }
        if (final) {
            a[hi].final = abf_add(a[hi].final, hv);
            a[wi].final = abf_add(a[wi].final, wv);
            a[hi].halves_final += hh;
            a[wi].halves_final += wh;
        } else {
            a[hi].normal = abf_add(a[hi].normal, hv);
            a[wi].normal = abf_add(a[wi].normal, wv);
            a[hi].halves_normal += hh;
            a[wi].halves_normal += wh;
        }
        a[hi].matches++;
        a[wi].matches++;
    }
    for (size_t ci = 0; ci < n && !st; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom)
            continue;
        for (int f = 0; f < 2 && !st; f++) {
            abf_val v = f ? a[ci].final : a[ci].normal;
            int halves = f ? a[ci].halves_final : a[ci].halves_normal;
            if (halves == 0)
                continue;
            int64_t tn, td;
            team_share(c, ct, &tn, &td);
            abf_val raw = v;
            v = abf_mul(abf_mul(v, c->fnum, c->fden), tn, td);
            bmp_points p = abf_round(v, c->mode);
            char ps[32], ex[1024];
            fmt_pts(p, ps, sizeof ps);
            char unit[64] = " x per-win awards";
            if (!a[ci].mixed[f])
                snprintf(unit, sizeof unit, " x %.6g%s", abf_dbl(a[ci].unit[f]),
                         c->table_route ? " (rounded per-win award)" : " (rate x boards)");
            snprintf(ex, sizeof ex, "%s%g win(s)%s = %.6g%s%s -> %s", f ? "final: " : "",
                     halves / 2.0, unit, abf_dbl(raw), c->fdesc,
                     tn != td ? (tn == 4 ? " x 4/5 (team of 5)" : " x 2/3 (team of 6)") : "", ps);
            bmp_place none = {0, 0, false};
            st = emit(c, ci, f ? "final-match" : "match", f ? "final matches" : "matches", none, p,
                      f ? "ABF-46" : "ABF-19", f ? "4.2.5" : "4.2.3", 0.0, ex);
        }
    }
    free(a);
    return st;
}

/* ---- outright awards (4.3) --------------------------------------------- */

static int count_in_group(const bmp_event *ev, const char *group)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom &&
            ((!group && !ev->contestants[i].group) ||
             (group && ev->contestants[i].group && !strcmp(group, ev->contestants[i].group))))
            n++;
    return n;
}

static int outright_sessions(const ctx *c)
{
    const bmp_event *ev = c->ev;
    if (bmp_params_has(&ev->params, "outright_sessions"))
        return (int)bmp_params_number(&ev->params, "outright_sessions", 0);
    if (bmp_params_bool(&ev->params, "walk_in_final", false))
        return 2; /* 5.3.3 */
    int min = strcmp(c->g->code, "F") == 0 ? 15 : 24; /* ABF-38 */
    if (ev->nmatches > 0) {
        /* ABF-26/ABF-31: the most boards played by a contestant, / 24. */
        int best = 0;
        for (size_t i = 0; i < ev->ncontestants; i++) {
            int b = 0;
            for (size_t m = 0; m < ev->nmatches; m++) {
                const bmp_match *mt = &ev->matches[m];
                if (!strcmp(mt->home, ev->contestants[i].id) ||
                    !strcmp(mt->away, ev->contestants[i].id))
                    b += mt->boards ? mt->boards
                                    : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
            }
            if (b > best)
                best = b;
        }
        if (!ev->sessions || best < ev->sessions * min)
            return abf_sessions_from_boards(best, min);
        return ev->sessions;
    }
    if (ev->boards > 0 && ev->boards < min)
        return abf_sessions_from_boards(ev->boards * ev->sessions, min);
    return ev->sessions;
}

static bmp_status outright_awards(ctx *c)
{
    const bmp_event *ev = c->ev;
    int S0 = outright_sessions(c);
    if (S0 < 2) {
        /* ABF-17: single-session events get only 4.2.1/4.2.3 awards. */
        return bmp_awards_note(c->out, "no outright award: S = %d session(s) (4.2, 4.3.1)", S0)
                   ? BMP_ENOMEM : BMP_OK;
    }
    double tables = bmp_params_number(&ev->params, "outright_tables", ev->tables);
    if (bmp_params_has(&ev->params, "walk_in_average"))
        tables = abf_walkin_tables(bmp_params_number(&ev->params, "walk_in_average", 0),
                                   bmp_params_number(&ev->params, "walk_in_qualified", 1e9));
    int T = abf_round_tables(tables * c->amplify);
    int field = (int)bmp_params_number(&ev->params, "field", 0);
    if (field <= 0) {
        /* 4.1.1 NOTE: the field is the original entry: its tables hold one
         * team, two pairs or four individuals each (half tables: 17 pairs). */
        double per = c->teams ? 1 : c->individual ? 4 : 2;
        field = (int)floor(tables * per + 1e-9);
    }
    /* ABF-11, ABF-39: places are the top part of the (amplified) field. */
    int afield = (int)floor(field * c->amplify + 1e-9);
    bool walkin = bmp_params_has(&ev->params, "walk_in_average");
    int paid = (c->top_third && !walkin) ? abf_places_top_third(afield) : abf_places_top_half(afield);
    /* ABF-34: with a final, to the lesser of that and the final's size,
     * except teams events without parallel consolations. */
    const bmp_group *final = NULL;
    int nconsol = 0;
    for (size_t i = 0; i < ev->ngroups; i++) {
        if (ev->groups[i].type && !strcasecmp(ev->groups[i].type, "final"))
            final = &ev->groups[i];
        if (ev->groups[i].type && !strcasecmp(ev->groups[i].type, "consolation"))
            nconsol++;
    }
    if (final && !(c->teams && nconsol == 0)) {
        int fc = count_in_group(ev, final->name);
        if (fc < paid)
            paid = fc;
    }
    int S = S0 + c->accel;
    if (bmp_awards_note(c->out, "outright: T = %d%s, S = %d%s, %d place(s) paid of a field of %d%s",
                        T, c->amplify != 1.0 ? " (amplified, 7.5.2)" : "", S,
                        c->accel ? " (congress acceleration +1, 5.4.2)" : "", paid, afield,
                        c->top_third ? " (top third)" : " (top half)"))
        return BMP_ENOMEM;
    nconsol = (int)bmp_params_number(&ev->params, "consolations", nconsol);
    bool graded = bmp_params_bool(&ev->params, "consolations_graded", true);
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom || ct->place.lo <= 0)
            continue;
        const bmp_group *grp = ct->group ? bmp_event_group(ev, ct->group) : NULL;
        bool consol = grp && grp->type && !strcasecmp(grp->type, "consolation");
        /* ABF-34: each recipient's own sessions when they differ. */
        int s = (int)bmp_params_number(&ct->params, "sessions_played", S0) + c->accel;
        winner_spec ws = {3, T, s};
        int cpaid = paid;
        /* ABF-36 (4.3.4): winners of separate fields that cannot be compared
         * each get an outright award on their own field's tables. */
        if (grp && grp->type && !strcasecmp(grp->type, "field") && grp->tables > 0) {
            ws.tables = abf_round_tables(grp->tables * c->amplify);
            double per = c->teams ? 1 : c->individual ? 4 : 2;
            int gf = (int)floor(grp->tables * per * c->amplify + 1e-9);
            cpaid = c->top_third ? abf_places_top_third(gf) : abf_places_top_half(gf);
        }
        /* ABF-37 (App. A "Singles"): a player needs at least a third of the
         * qualifying sessions (rounded up) as partnerships. */
        if (bmp_params_bool(&ev->params, "singles", false) &&
            bmp_params_has(&ct->params, "partnerships")) {
            int need = abf_singles_min_partnerships(
                (int)bmp_params_number(&ev->params, "qualifying_sessions", S0));
            int have = (int)bmp_params_number(&ct->params, "partnerships", 0);
            if (have < need) {
                if (bmp_awards_note(c->out, "%s: %d partnership(s) < %d required: no outright "
                                            "award (App. A Singles)", ct->id, have, need))
                    return BMP_ENOMEM;
                continue;
            }
        }
        char how[160], pre[256] = "";
        abf_val v;
        const char *rule = "ABF-28", *section = "4.3.1";
        if (consol) {
            /* ABF-35 (4.3.3): a proportion of the final's award. */
            /* Its field: the consolation's tables when given (a two-winner
             * Mitchell ranks T pairs per direction), else its contestants. */
            bool two = bmp_params_bool(&grp->params, "two_winners", false);
            int cfield = count_in_group(ev, grp->name);
            if (grp->tables > 0) {
                int ct_ = abf_round_tables(grp->tables);
                cfield = c->teams ? ct_ : (two ? ct_ : 2 * ct_);
            }
            cpaid = c->top_third ? abf_places_top_third(cfield) : abf_places_top_half(cfield);
            int k = (int)bmp_params_number(&grp->params, "consolation", 1);
            int64_t on, od, rn, rd;
            bmp_status st = abf_consolation_outright(k, nconsol ? nconsol : 1, graded, &on, &od, c->err);
            if (st)
                return st;
            if (!place_value(c, ws, cpaid, ct->place.lo, ct->place.hi, &v, how, sizeof how))
                continue;
            /* the consolation's place k gets the final's place-k award x proportion */
            double ft = final && final->tables > 0 ? final->tables : 0;
            abf_consolation_size_ratio(grp->tables, ft > 0 ? ft : grp->tables, &rn, &rd);
            v = abf_mul(abf_mul(v, on, od), rn, rd);
            snprintf(pre, sizeof pre, " x %lld/%lld consolation %d x %lld/%lld size", (long long)on,
                     (long long)od, k, (long long)rn, (long long)rd);
            if (two) {
                v = abf_mul(v, 65, 100);
                strncat(pre, " x 0.65 (two winners)", sizeof pre - strlen(pre) - 1);
            }
            rule = "ABF-35";
            section = "4.3.3";
        } else if (!place_value(c, ws, cpaid, ct->place.lo, ct->place.hi, &v, how, sizeof how)) {
            continue;
        }
        int64_t tn, td;
        team_share(c, ct, &tn, &td);
        v = abf_mul(abf_mul(v, c->fnum, c->fden), tn, td);
        bmp_points p = abf_round(v, c->mode);
        char pl[24], ps[32], ex[1024];
        bmp_place_format(ct->place, pl, sizeof pl);
        fmt_pts(p, ps, sizeof ps);
        snprintf(ex, sizeof ex, "outright T=%d S=%d place %s of %d paid: %s%s%s%s = %s", ws.tables, s, pl,
                 cpaid, how, pre, c->fdesc,
                 tn != td ? (tn == 4 ? " x 4/5 (team of 5)" : " x 2/3 (team of 6)") : "", ps);
        bmp_status st = emit(c, ci, "outright", consol ? grp->name : "overall", ct->place, p, rule,
                             section, 0.40, ex);
        if (st)
            return st;
    }
    return BMP_OK;
}

/* ---- event factors and dispatch ---------------------------------------- */

static void add_factor(ctx *c, int64_t num, int64_t den, const char *what)
{
    abf_val f = abf_mul(abf_q(c->fnum, c->fden), num, den);
    c->fnum = f.num;
    c->fden = f.den;
    snprintf(c->fdesc + strlen(c->fdesc), sizeof c->fdesc - strlen(c->fdesc), " x %s", what);
}

static bmp_status factors(ctx *c)
{
    const bmp_event *ev = c->ev;
    const bmp_params *p = &ev->params;
    c->fnum = c->fden = 1;
    char what[96];
    /* ABF-48 (4.4.9) master factor. */
    if (bmp_params_has(p, "master_factor")) {
        double f = bmp_params_number(p, "master_factor", 1);
        if (!(f > 0 && f <= 2))
            return fail_at(c, BMP_ERANGE, "$.params.master_factor",
                           "expected a factor from the 4.4.9 table (0 < f <= 2), got %g", f);
        snprintf(what, sizeof what, "%g master factor (4.4.9)", f);
        add_factor(c, llround(f * 1000), 1000, what);
    } else if (bmp_params_has(p, "master_rank")) {
        int f;
        bmp_status st = abf_master_factor(c->g, bmp_params_string(p, "master_rank", ""), &f, c->err);
        if (st) {
            bmp_error_prefix(c->err, "$.params.master_rank: ");
            return st;
        }
        snprintf(what, sizeof what, "%d.%03d master factor %s (4.4.9)", f / 1000, f % 1000,
                 bmp_params_string(p, "master_rank", ""));
        add_factor(c, f, 1000, what);
    } else if (bmp_params_has(p, "master_field")) {
        int64_t n, d;
        bool avg = !strcasecmp(bmp_params_string(p, "master_method", "median"), "average");
        bmp_status st = abf_master_factor_field(c->g, bmp_params_string(p, "master_field", ""),
                                                avg, &n, &d, c->err);
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
    if (bmp_params_bool(p, "restriction_factor", abf_restriction_applies(c->g, ev)))
        add_factor(c, 3, 4, "0.75 restricted by age/gender (4.4.10)");
    /* ABF-50 (6.2.2): "+" State Championships get 75 % of the grade B award. */
    if (bmp_params_bool(p, "reduced_championship", false)) {
        if (strcmp(c->g->code, "B"))
            return fail_at(c, BMP_EINVAL, "$.params.reduced_championship",
                           "the 75%% \"+\" championships are grade B State Championships (6.2.2), "
                           "got grade %s", c->g->code);
        add_factor(c, 3, 4, "0.75 \"+\" State Championship (6.2.2)");
    }
    return BMP_OK;
}

bmp_status abf_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    ctx c = {.ev = ev, .out = out, .err = err, .mode = BMP_ROUND_HALF_UP, .amplify = 1.0};
    if (!ev->grade)
        return fail_at(&c, BMP_EINVAL, "$.grade",
                       "missing required field for ABF awards (expected a grade: F, E, D, C, B4c, "
                       "B5i, B4s, B5, B4, B3, B, A2 or A; 1.5.1)");
    if (!(c.g = abf_grade_find(ev->grade)))
        return fail_at(&c, BMP_EINVAL, "$.grade",
                       "unknown ABF grade \"%s\" (expected F, E, D, C, B4c, B5i, B4s, B5, B4, B3, "
                       "B, A2 or A; 1.5.1)", ev->grade);
    const bmp_params *p = &ev->params;
    const char *route = bmp_params_string(p, "route", "formula");
    if (!strcasecmp(route, "table"))
        c.table_route = true;
    else if (strcasecmp(route, "formula"))
        return fail_at(&c, BMP_EINVAL, "$.params.route",
                       "expected \"formula\" (3.1.1/3.1.2 with the grade weight, rounded once: "
                       "4.4.2) or \"table\" (3.1.3 table x factor), got \"%s\"", route);
    const char *rounding = bmp_params_string(p, "rounding", NULL);
    if (rounding && !bmp_round_mode_parse(rounding, &c.mode))
        return fail_at(&c, BMP_EINVAL, "$.params.rounding",
                       "expected half-up (default, as the printed tables) or half-even (4.4.2 "
                       "literal), got \"%s\"", rounding);
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
        return bmp_awards_note(out, "handicap event: no masterpoints (4.4.8)") ? BMP_ENOMEM : BMP_OK;
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
        if (strcasecmp(cg, c.g->code))
            return fail_at(&c, BMP_EINVAL, "$.grade",
                           "a %s congress %s event is grade %s (5.1-5.3), got \"%s\"", ctype, role,
                           cg, ev->grade);
        const char *why = abf_congress_check(ctype, role, ev->sessions,
                                             bmp_params_number(p, "tables_per_director", 0));
        if (why)
            return fail_at(&c, BMP_EINVAL, "$.params.congress", "%s", why);
        c.accel = abf_congress_acceleration(ctype, role);
        c.tour = !strcasecmp(ctype, "tour");
        if (bmp_params_has(p, "acceleration_applies") && !bmp_params_bool(p, "acceleration_applies", true))
            c.accel = 0; /* 5.4.2: a second competition of the same format */
    }
    if (bmp_params_has(p, "acceleration"))
        c.accel = (int)bmp_params_number(p, "acceleration", 0);
    /* National events (ABF-77..84). */
    const char *nat = bmp_params_string(p, "national_event", NULL);
    if (nat) {
        if (!(c.nat = abf_national_find(nat)))
            return fail_at(&c, BMP_EINVAL, "$.params.national_event",
                           "unknown national event \"%s\" (expected playoff, playoff-mixed, "
                           "butler, interstate-teams, interstate-pairs, gnot-qualifying, "
                           "gnot-national or not)", nat);
        if (strcmp(c.nat->grade, c.g->code))
            return fail_at(&c, BMP_EINVAL, "$.grade", "the %s is grade %s (%s), got \"%s\"",
                           c.nat->description, c.nat->grade, c.nat->section, ev->grade);
        c.amplify = c.nat->amplify10 / 10.0;
    }
    if (bmp_params_has(p, "amplification"))
        c.amplify = bmp_params_number(p, "amplification", 1);
    /* 1.6, 5.4.1, 7.5.1 (ABF-73, ABF-76): who issues these points. */
    if (bmp_awards_note(out, "%s points, masterpointed by the %s", c.g->colour,
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
                    bmp_awards_note(out, "warning: $.contestants[%zu].players[%zu] (%s) has no ABF "
                                         "number: gold-point entry is limited to registered "
                                         "players and overseas visitors (7.1)",
                                    i, j, pl->name ? pl->name : "?"))
                    return BMP_ENOMEM;
            }
    bmp_status st = factors(&c);
    if (st)
        return st;
    if (bmp_awards_note(out, "grade %s (%s, %s): %s weight W = %.2f; %s; rounding %s%s%s",
                        c.g->code, c.g->description, c.g->colour, c.teams ? "teams" : "pairs",
                        weight(&c) / 100.0,
                        c.table_route ? "table x factor route (3.1.3)"
                                      : "formula with W, rounded once (3.1, 4.4.2)",
                        bmp_round_mode_name(c.mode), *c.fdesc ? "; factors" : "", c.fdesc))
        return BMP_ENOMEM;
    if (ev->nmatches > 0)
        st = match_awards(&c);
    else
        st = session_awards(&c);
    if (!st && ev->sessions >= 2)
        st = outright_awards(&c);
    else if (!st)
        st = bmp_awards_note(out, "single session: session awards only, no outright award (4.2)")
                 ? BMP_ENOMEM : BMP_OK;
    return st;
}
