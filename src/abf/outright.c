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
/* Boards each contestant played in the listed matches (byes aside), in
 * one pass over the matches; NULL when out of memory. */
static int *boards_each(const bmp_event *ev)
{
    int *b = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *b);
    for (size_t m = 0; b && m < ev->nmatches; m++) {
        const bmp_match *mt = &ev->matches[m];
        const bmp_contestant *h = bmp_event_contestant(ev, mt->home);
        const bmp_contestant *a = bmp_event_contestant(ev, mt->away);
        if ((h && h->phantom) || (a && a->phantom))
            continue; /* a bye: no boards played (4.2.4) */
        int n = mt->boards ? mt->boards
                           : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
        if (h)
            b[h - ev->contestants] += n;
        if (a && a != h)
            b[a - ev->contestants] += n;
    }
    return b;
}

/* 4.3.1, 4.2.4, 4.3.3, 5.3.3 (ABF-26, ABF-31, ABF-38): S for the outright
 * award, before any congress acceleration. */
static int outright_sessions(const abf_ctx *c, const int *played)
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
        for (size_t i = 0; i < ev->ncontestants; i++)
            if (played[i] > best)
                best = played[i];
        if (!ev->sessions || best < ev->sessions * min || c->nat)
            return abf_sessions_from_boards(best, min);
        return ev->sessions;
    }
    if (ev->boards > 0 && ev->boards < min)
        return abf_sessions_from_boards(ev->boards * ev->sessions, min);
    return ev->sessions;
}

/* What an event's outright awards share: sessions, tables, places paid. */
typedef struct outright {
    int S0;                 /* sessions counted (4.3.1), before acceleration */
    int T;                  /* tables (amplified, 7.5.2) */
    int paid;               /* places paid of the field */
    const bmp_group *final; /* the final group, if any */
    int nconsol;            /* consolations (params.consolations wins) */
    bool graded;            /* consolations graded (4.3.3) */
} outright;

/* 4.1.1 NOTE: the field is the original entry: its tables hold one team,
 * two pairs or four individuals each (half tables: 17 pairs). */
static int field_of(const abf_ctx *c, double tables)
{
    double per = c->teams ? 1 : c->individual ? 4 : 2;
    return (int)floor(tables * per + 1e-9);
}

static int top_part(const abf_ctx *c, int field, bool walkin)
{
    return (c->top_third && !walkin) ? abf_places_top_third(field) : abf_places_top_half(field);
}

/* ABF-34: with a final, places go to the lesser of the paid places and the
 * final's size, except teams events without parallel consolations. */
static void limit_to_final(const abf_ctx *c, outright *o)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < ev->ngroups; i++) {
        if (ev->groups[i].type && !strcasecmp(ev->groups[i].type, "final"))
            o->final = &ev->groups[i];
        if (ev->groups[i].type && !strcasecmp(ev->groups[i].type, "consolation"))
            o->nconsol++;
    }
    if (o->final && !(c->teams && o->nconsol == 0)) {
        int fc = abf_count_in_group(ev, o->final->name);
        if (fc < o->paid)
            o->paid = fc;
    }
}

/* 4.1.1 NOTE: name the field a walk-in event used (params.field or its
 * default). */
static bmp_status note_walkin_field(abf_ctx *c, int field)
{
    return bmp_awards_note(c->out, c->err, "walk-in event: field %d %s", field,
                           bmp_params_number(&c->ev->params, "field", 0) > 0
                               ? "from params.field"
                               : "from the walk-in tables (params.field not set: set it to the "
                                 "number that entered, e.g. --set field=N)");
}

/* The event's side of 4.3: *none when it pays no outright award (with a
 * note saying why). */
static bmp_status outright_setup(abf_ctx *c, const int *played, outright *o, bool *none)
{
    const bmp_event *ev = c->ev;
    *none = true;
    o->S0 = outright_sessions(c, played);
    /* The congress acceleration (5.4.2) is added to the counted sessions
     * first: a 2-session championship of 21-board sessions counts S = 1
     * (4.3.1) and is accelerated to S = 2 (audit ruling).  ABF-17:
     * single-session events get only 4.2.1/4.2.3 awards. */
    if (o->S0 + c->accel < 2)
        return bmp_awards_note(c->out, c->err,
                               "no outright award: S = %d session(s) (4.2, 4.3.1)", o->S0);
    double tables = bmp_params_number(&ev->params, "outright_tables", ev->tables);
    bool walkin = bmp_params_has(&ev->params, "walk_in_average");
    if (walkin)
        tables = abf_walkin_tables(bmp_params_number(&ev->params, "walk_in_average", 0),
                                   bmp_params_number(&ev->params, "walk_in_qualified", 1e9));
    o->T = abf_round_tables(tables * c->amplify);
    /* AMB-29: Tables 3A-3C start at T = 2 and 4.4.3 asks 2 full tables of
     * the smallest events: a one-table field has no outright award. */
    if (o->T < 2)
        return bmp_awards_note(c->out, c->err, "no outright award: T = %d table(s), fewer "
                                               "than 2 (Tables 3A-3C, 4.4.3)", o->T);
    int field = (int)bmp_params_number(&ev->params, "field", 0);
    if (field <= 0)
        field = field_of(c, tables);
    /* ABF-11, ABF-39: places are the top part of the (amplified) field. */
    int afield = (int)floor(field * c->amplify + 1e-9);
    bmp_status st = walkin ? note_walkin_field(c, field) : BMP_OK;
    if (st)
        return st;
    o->paid = top_part(c, afield, walkin);
    if (c->nat && !strcmp(c->nat->name, "gnot-national"))
        o->paid = field; /* 7.5.7: all players who reached the National preliminary */
    if (c->nat && !strcmp(c->nat->name, "gnot-qualifying") &&
        !bmp_params_bool(&ev->params, "direct_to_national_final", false))
        return bmp_awards_note(c->out, c->err,
                               "GNOT qualifying event whose winners do not go directly to the "
                               "National Finals: session awards only (7.5.7)");
    limit_to_final(c, o);
    if (bmp_awards_note(c->out, c->err,
                        "outright: T = %d%s, S = %d%s, %d place(s) paid of a field of %d%s",
                        o->T, c->amplify != 1.0 ? " (amplified, 7.5.2)" : "", o->S0 + c->accel,
                        c->accel ? " (congress acceleration +1, 5.4.2)" : "", o->paid, afield,
                        c->top_third ? " (top third)" : " (top half)"))
        return BMP_ENOMEM;
    o->nconsol = (int)bmp_params_number(&ev->params, "consolations", o->nconsol);
    o->graded = bmp_params_bool(&ev->params, "consolations_graded", true);
    *none = false;
    return BMP_OK;
}

/* ABF-34: each recipient's own sessions when they differ; 7.5.3: national
 * events count each team's own 24-board sessions. */
static int own_sessions(const abf_ctx *c, const outright *o, size_t ci, const int *played)
{
    const bmp_event *ev = c->ev;
    int own = o->S0;
    if (c->nat && ev->nmatches > 0 && !bmp_params_has(&ev->params, "outright_sessions"))
        own = abf_sessions_from_boards(played[ci], 24);
    return (int)bmp_params_number(&ev->contestants[ci].params, "sessions_played", own) + c->accel;
}

/* ABF-37 (App. A "Singles"): a player needs at least a third of the
 * qualifying sessions (rounded up) as partnerships; *ok false (with a
 * note) when short. */
static bmp_status singles_ok(abf_ctx *c, const outright *o, const bmp_contestant *ct, bool *ok)
{
    const bmp_event *ev = c->ev;
    *ok = true;
    if (!bmp_params_bool(&ev->params, "singles", false) ||
        !bmp_params_has(&ct->params, "partnerships"))
        return BMP_OK;
    int need = abf_singles_min_partnerships(
        (int)bmp_params_number(&ev->params, "qualifying_sessions", o->S0));
    int have = (int)bmp_params_number(&ct->params, "partnerships", 0);
    if (have >= need)
        return BMP_OK;
    *ok = false;
    return bmp_awards_note(c->out, c->err,
                           "%s: %d partnership(s) < %d required: no outright award (App. A "
                           "Singles)", ct->id, have, need)
               ? BMP_ENOMEM
               : BMP_OK;
}

/* ABF-36 (4.3.4): winners of separate fields that cannot be compared each
 * get an outright award on their own field's tables. */
static void separate_field(const abf_ctx *c, const bmp_group *grp, abf_winner_spec *ws, int *paid)
{
    if (!grp || !grp->type || strcasecmp(grp->type, "field") || grp->tables <= 0)
        return;
    ws->tables = abf_round_tables(grp->tables * c->amplify);
    int gf = (int)floor(grp->tables * (c->teams ? 1 : c->individual ? 4 : 2) * c->amplify + 1e-9);
    *paid = c->top_third ? abf_places_top_third(gf) : abf_places_top_half(gf);
}

/* ABF-35 (4.3.3): a consolation's place k gets the final's place-k award x
 * its proportion x its size against the final's (x 0.65 for two winners).
 * Its field: the consolation's tables when given (a two-winner Mitchell
 * ranks T pairs per direction), else its contestants.  *paid false: the
 * place is not paid. */
static bmp_status consolation_value(abf_ctx *c, const outright *o, const bmp_contestant *ct,
                                    const bmp_group *grp, abf_winner_spec ws, core_exact *v,
                                    char *how, size_t hsize, char *pre, size_t psize, int *cpaid,
                                    bool *paid)
{
    const bmp_event *ev = c->ev;
    bool two = bmp_params_bool(&grp->params, "two_winners", false);
    int cfield = abf_count_in_group(ev, grp->name);
    if (grp->tables > 0) {
        int t = abf_round_tables(grp->tables);
        cfield = c->teams ? t : (two ? t : 2 * t);
    }
    *cpaid = c->top_third ? abf_places_top_third(cfield) : abf_places_top_half(cfield);
    int k = (int)bmp_params_number(&grp->params, "consolation", 1);
    int64_t on, od, rn, rd;
    bmp_status st =
        abf_consolation_outright(k, o->nconsol ? o->nconsol : 1, o->graded, &on, &od, c->err);
    if (st) {
        bmp_error_prefix(c->err, "$.groups[%zu].params.consolation: ", (size_t)(grp - ev->groups));
        return st;
    }
    double ft = o->final && o->final->tables > 0 ? o->final->tables : 0;
    if (ft > 0 && !(grp->tables > 0)) {
        char at[64];
        snprintf(at, sizeof at, "$.groups[%zu].tables", (size_t)(grp - ev->groups));
        return abf_fail_at(c, BMP_EINVAL, at,
                           "consolation \"%s\" needs \"tables\" to compare with the final's %g "
                           "(4.3.3 NOTE: 75 %% to 150 %% of the final)",
                           grp->name, ft);
    }
    *paid = abf_place_value(c, ws, *cpaid, ct->place.lo, ct->place.hi, v, how, hsize);
    if (!*paid)
        return BMP_OK;
    abf_consolation_size_ratio(grp->tables, ft > 0 ? ft : grp->tables, &rn, &rd);
    *v = core_exact_mul(core_exact_mul(*v, on, od), rn, rd);
    snprintf(pre, psize, " x %lld/%lld consolation %d x %lld/%lld size", (long long)on,
             (long long)od, k, (long long)rn, (long long)rd);
    if (two) {
        *v = core_exact_mul(*v, 65, 100);
        strncat(pre, " x 0.65 (two winners)", psize - strlen(pre) - 1);
    }
    return BMP_OK;
}

/* One contestant's outright award (4.3.1, or 4.3.3 in a consolation). */
static bmp_status contestant_outright(abf_ctx *c, const outright *o, size_t ci, const int *played)
{
    const bmp_event *ev = c->ev;
    const bmp_contestant *ct = &ev->contestants[ci];
    if (ct->phantom || ct->place.lo <= 0)
        return BMP_OK;
    const bmp_group *grp = ct->group ? bmp_event_group(ev, ct->group) : NULL;
    bool consol = grp && grp->type && !strcasecmp(grp->type, "consolation"), ok = true;
    int s = own_sessions(c, o, ci, played), cpaid = o->paid;
    if (s < 2)
        return BMP_OK;
    abf_winner_spec ws = {3, o->T, s};
    separate_field(c, grp, &ws, &cpaid);
    bmp_status st = singles_ok(c, o, ct, &ok);
    if (st || !ok)
        return st;
    char how[160], pre[256] = "";
    core_exact v;
    bool paid = false;
    if (consol)
        st = consolation_value(c, o, ct, grp, ws, &v, how, sizeof how, pre, sizeof pre, &cpaid,
                               &paid);
    else
        paid = abf_place_value(c, ws, cpaid, ct->place.lo, ct->place.hi, &v, how, sizeof how);
    if (st || !paid)
        return st;
    int64_t tn, td;
    abf_team_share(c, ct, &tn, &td);
    v = core_exact_mul(core_exact_mul(v, c->fnum, c->fden), tn, td);
    bmp_points p = abf_round(v, c->mode);
    char pl[24], ps[32], ex[1024];
    bmp_place_format(ct->place, pl, sizeof pl);
    abf_fmt_pts(p, ps, sizeof ps);
    snprintf(ex, sizeof ex, "outright T=%d S=%d place %s of %d paid: %s%s%s%s = %s", ws.tables,
             s, pl, cpaid, how, pre, c->fdesc, abf_team_share_text(tn, td), ps);
    return abf_emit(c, ci, "outright", consol ? grp->name : "overall", ct->place, p,
                    consol ? "ABF-35" : "ABF-28", consol ? "4.3.3" : "4.3.1", 0.40, ex);
}

/* 4.3 (ABF-28..37): outright awards to the top part of the original field,
 * with finals, consolations, separate fields and amplification. */
static bmp_status outright_awards(abf_ctx *c, const int *played)
{
    outright o = {0};
    bool none = true;
    bmp_status st = outright_setup(c, played, &o, &none);
    for (size_t ci = 0; !st && !none && ci < c->ev->ncontestants; ci++)
        st = contestant_outright(c, &o, ci, played);
    return st;
}

bmp_status abf_outright_awards(abf_ctx *c)
{
    int *played = boards_each(c->ev);
    bmp_status st = played ? outright_awards(c, played) : BMP_ENOMEM;
    free(played);
    return st;
}
