/* ABF outright (final placing) awards (3.1.2, 4.3, 4.4.5, 7.5.2). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/award_families.h"

/* Contestants (not phantoms) of a group; group NULL = ungrouped. */
int abf_count_in_group(const bmp_event *ev, const char *group)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom &&
            ((!group && !ev->contestants[i].group) ||
             (group && ev->contestants[i].group && !strcmp(group, ev->contestants[i].group))))
            n++;
    return n;
}

/* Boards a contestant played in the event's matches. */
static int boards_played(const bmp_event *ev, const char *id)
{
    int b = 0;
    for (size_t m = 0; m < ev->nmatches; m++) {
        const bmp_match *mt = &ev->matches[m];
        const bmp_contestant *h = bmp_event_contestant(ev, mt->home);
        const bmp_contestant *a = bmp_event_contestant(ev, mt->away);
        if ((h && h->phantom) || (a && a->phantom))
            continue; /* a bye: no boards played (4.2.4) */
        if (!strcmp(mt->home, id) || !strcmp(mt->away, id))
            b += mt->boards ? mt->boards
                            : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
    }
    return b;
}

/* 4.3.1, 4.2.4, 4.3.3, 5.3.3 (ABF-26, ABF-31, ABF-38): S for the outright
 * award, before any congress acceleration. */
static int outright_sessions(const abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    if (bmp_params_has(&ev->params, "outright_sessions"))
        return (int)bmp_params_number(&ev->params, "outright_sessions", 0);
    if (bmp_params_bool(&ev->params, "walk_in_final", false))
        return 2;                                     /* 5.3.3 */
    int min = strcmp(c->g->code, "F") == 0 ? 15 : 24; /* ABF-38 */
    if (ev->nmatches > 0) {
        /* ABF-26/ABF-31: the most boards played by a contestant, / 24;
         * national events always count 24-board sessions (7.5.3, 7.5.4,
         * AMB-23). */
        int best = 0;
        for (size_t i = 0; i < ev->ncontestants; i++) {
            int b = boards_played(ev, ev->contestants[i].id);
            if (b > best)
                best = b;
        }
        if (!ev->sessions || best < ev->sessions * min || c->nat)
            return abf_sessions_from_boards(best, min);
        return ev->sessions;
    }
    if (ev->boards > 0 && ev->boards < min)
        return abf_sessions_from_boards(ev->boards * ev->sessions, min);
    return ev->sessions;
}

/* 4.3 (ABF-28..37): outright awards to the top part of the original field,
 * with finals, consolations, separate fields and amplification. */
bmp_status abf_outright_awards(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    int S0 = outright_sessions(c);
    /* The congress acceleration (5.4.2) is added to the counted sessions
     * first: a 2-session championship of 21-board sessions counts S = 1
     * (4.3.1) and is accelerated to S = 2 (audit ruling). */
    if (S0 + c->accel < 2) {
        /* ABF-17: single-session events get only 4.2.1/4.2.3 awards. */
        return bmp_awards_note(c->out, c->err,
                               "no outright award: S = %d session(s) (4.2, 4.3.1)", S0);
    }
    double tables = bmp_params_number(&ev->params, "outright_tables", ev->tables);
    if (bmp_params_has(&ev->params, "walk_in_average"))
        tables = abf_walkin_tables(bmp_params_number(&ev->params, "walk_in_average", 0),
                                   bmp_params_number(&ev->params, "walk_in_qualified", 1e9));
    int T = abf_round_tables(tables * c->amplify);
    /* AMB-29: Tables 3A-3C start at T = 2 and 4.4.3 asks 2 full tables of
     * the smallest events: a one-table field has no outright award. */
    if (T < 2)
        return bmp_awards_note(c->out, c->err, "no outright award: T = %d table(s), fewer than 2 "
                                       "(Tables 3A-3C, 4.4.3)", T);
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
    /* 4.1.1 NOTE: name the field a walk-in event used (params.field or its default). */
    if (walkin) {
        bmp_status st = bmp_awards_note(
            c->out, c->err, "walk-in event: field %d %s", field,
            bmp_params_number(&ev->params, "field", 0) > 0
                ? "from params.field"
                : "from the walk-in tables (params.field not set: set it to the number that "
                  "entered, e.g. --set field=N)");
        if (st)
            return st;
    }
    int paid =
        (c->top_third && !walkin) ? abf_places_top_third(afield) : abf_places_top_half(afield);
    if (c->nat && !strcmp(c->nat->name, "gnot-national"))
        paid = field; /* 7.5.7: all players who reached the National preliminary */
    if (c->nat && !strcmp(c->nat->name, "gnot-qualifying") &&
        !bmp_params_bool(&ev->params, "direct_to_national_final", false))
        return bmp_awards_note(c->out, c->err,
                               "GNOT qualifying event whose winners do not go directly "
                                       "to the National Finals: session awards only (7.5.7)");
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
        int fc = abf_count_in_group(ev, final->name);
        if (fc < paid)
            paid = fc;
    }
    int S = S0 + c->accel;
    if (bmp_awards_note(c->out, c->err,
                        "outright: T = %d%s, S = %d%s, %d place(s) paid of a field of %d%s",
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
        /* 7.5.3: national events count each team's own 24-board sessions. */
        int own = S0;
        if (c->nat && ev->nmatches > 0 && !bmp_params_has(&ev->params, "outright_sessions"))
            own = abf_sessions_from_boards(boards_played(ev, ct->id), 24);
        int s = (int)bmp_params_number(&ct->params, "sessions_played", own) + c->accel;
        if (s < 2)
            continue;
        abf_winner_spec ws = {3, T, s};
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
                if (bmp_awards_note(c->out, c->err,
                                    "%s: %d partnership(s) < %d required: no outright "
                                    "award (App. A Singles)",
                                    ct->id, have, need))
                    return BMP_ENOMEM;
                continue;
            }
        }
        char how[160], pre[256] = "";
        bmp_exact v;
        const char *rule = "ABF-28", *section = "4.3.1";
        if (consol) {
            /* ABF-35 (4.3.3): a proportion of the final's award. */
            /* Its field: the consolation's tables when given (a two-winner
             * Mitchell ranks T pairs per direction), else its contestants. */
            bool two = bmp_params_bool(&grp->params, "two_winners", false);
            int cfield = abf_count_in_group(ev, grp->name);
            if (grp->tables > 0) {
                int ct_ = abf_round_tables(grp->tables);
                cfield = c->teams ? ct_ : (two ? ct_ : 2 * ct_);
            }
            cpaid = c->top_third ? abf_places_top_third(cfield) : abf_places_top_half(cfield);
            int k = (int)bmp_params_number(&grp->params, "consolation", 1);
            int64_t on, od, rn, rd;
            bmp_status st =
                abf_consolation_outright(k, nconsol ? nconsol : 1, graded, &on, &od, c->err);
            if (st) {
                bmp_error_prefix(c->err, "$.groups[%zu].params.consolation: ",
                                 (size_t)(grp - ev->groups));
                return st;
            }
            double ft = final && final->tables > 0 ? final->tables : 0;
            if (ft > 0 && !(grp->tables > 0)) {
                char at[64];
                snprintf(at, sizeof at, "$.groups[%zu].tables", (size_t)(grp - ev->groups));
                return abf_fail_at(c, BMP_EINVAL, at,
                                   "consolation \"%s\" needs \"tables\" to compare with the "
                                   "final's %g (4.3.3 NOTE: 75 %% to 150 %% of the final)",
                                   grp->name, ft);
            }
            if (!abf_place_value(c, ws, cpaid, ct->place.lo, ct->place.hi, &v, how, sizeof how))
                continue;
            /* the consolation's place k gets the final's place-k award x proportion */
            abf_consolation_size_ratio(grp->tables, ft > 0 ? ft : grp->tables, &rn, &rd);
            v = bmp_exact_mul(bmp_exact_mul(v, on, od), rn, rd);
            snprintf(pre, sizeof pre, " x %lld/%lld consolation %d x %lld/%lld size", (long long)on,
                     (long long)od, k, (long long)rn, (long long)rd);
            if (two) {
                v = bmp_exact_mul(v, 65, 100);
                strncat(pre, " x 0.65 (two winners)", sizeof pre - strlen(pre) - 1);
            }
            rule = "ABF-35";
            section = "4.3.3";
        } else if (!abf_place_value(c, ws, cpaid, ct->place.lo, ct->place.hi, &v, how,
                                    sizeof how)) {
            continue;
        }
        int64_t tn, td;
        abf_team_share(c, ct, &tn, &td);
        v = bmp_exact_mul(bmp_exact_mul(v, c->fnum, c->fden), tn, td);
        bmp_points p = abf_round(v, c->mode);
        char pl[24], ps[32], ex[1024];
        bmp_place_format(ct->place, pl, sizeof pl);
        abf_fmt_pts(p, ps, sizeof ps);
        snprintf(ex, sizeof ex, "outright T=%d S=%d place %s of %d paid: %s%s%s%s = %s", ws.tables,
                 s, pl, cpaid, how, pre, c->fdesc, abf_team_share_text(tn, td), ps);
        bmp_status st = abf_emit(c, ci, "outright", consol ? grp->name : "overall", ct->place, p,
                                 rule, section, 0.40, ex);
        if (st)
            return st;
    }
    return BMP_OK;
}
