/* EBU Green events of 6.1.5, 6.3 and 6.4 (EBU-120, EBU-125 .. EBU-133):
 * Green Points per round won or drawn (6.4.7) from matches[], and ranking
 * awards from the organiser's published scale (params.green_scale), held
 * against the top, minimum and number of awards the handbook gives
 * (green_spec.c).  Without a published scale the answer is `not supported`
 * naming what the handbook fixes (EBU-137, 6.6: the EBU's calculator). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/award_ctx.h"
#include "ebu/green_spec.h"

typedef struct scale_ctx {
    const bmp_points *v;
    int n;
} scale_ctx;

static bmp_status scale_place(void *ctx, int place, core_exact *v)
{
    const scale_ctx *s = ctx;
    *v = core_exact_q(place >= 1 && place <= s->n ? s->v[place - 1] : 0, 100);
    return BMP_OK;
}

static int field_of(const bmp_event *ev)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += !ev->contestants[i].phantom && ev->contestants[i].place.lo > 0;
    return n;
}

static void input_of(const bmp_event *ev, ebu_gp_in *in)
{
    const bmp_params *p = &ev->params;
    memset(in, 0, sizeof *in);
    in->event = bmp_params_string(p, "green_event", "");
    in->section = bmp_params_string(p, "green_section", NULL);
    in->format = bmp_params_string(p, "county_pairs_format", "final");
    in->teams = ebu_teams_like_kind(ev->kind);
    in->tables = ev->tables;
    in->original_tables = bmp_params_number(p, "original_tables", ev->tables);
    in->other_tables = bmp_params_number(p, "other_flight_tables", 0);
    /* EG-3: the field is the entry of `tables` (teams; pairs 2 per table),
     * or the contestants ranked when more are listed. */
    int entry = (int)(in->teams ? ev->tables + 1e-9 : ev->tables * 2 + 1e-9);
    in->field = field_of(ev) > entry ? field_of(ev) : entry;
    in->toe = (int)bmp_params_number(p, "toe", 0);
    in->has_c = bmp_params_bool(p, "c_final", false);
}

/* 6.4.7 (EBU-133): boards/29 per round won, a draw shared, both up to 0.01. */
static bmp_status round_awards(const bmp_event *ev, bmp_points *acc, bmp_error *err)
{
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
        if (boards < 1)
            return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: expected the boards "
                                                  "of the round (or boards_per_match) (6.4.7)", k);
        const char *w = m->winner;
        if (!w && m->has_score)
            w = m->home_score > m->away_score   ? m->home
                : m->away_score > m->home_score ? m->away
                                                : "tie";
        if (!w)
            continue;
        bool draw = strcmp(w, "tie") == 0;
        const char *ids[2] = {draw ? m->home : w, draw ? m->away : NULL};
        for (int s = 0; s < 2 && ids[s]; s++) {
            const bmp_contestant *ct = bmp_event_contestant(ev, ids[s]);
            if (!ct)
                return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu]: no contestant \"%s\"", k,
                                     ids[s]);
            acc[ct - ev->contestants] += ebu_green_round(boards, draw);
        }
    }
    return BMP_OK;
}

static bmp_status emit_one(const bmp_event *ev, size_t i, bmp_points pts, const char *kind,
                           const char *rule, const char *sect, const char *why, bmp_awards *out,
                           bmp_error *err)
{
    bmp_award aw = {0};
    aw.contestant = i;
    aw.player = BMP_ALL_PLAYERS;
    aw.place = ev->contestants[i].place;
    aw.points = pts;
    bmp_award_set(&aw, kind, "overall", "green", rule, sect);
    return ebu_emit(ev, out, err, &aw, "%s", why);
}

/* 2.5.1 (EBU-3): 5 Green Points or more in one event also earn Gold. */
static bmp_status gold(const bmp_event *ev, size_t i, bmp_points total, bmp_awards *out,
                       bmp_error *err)
{
    if (total < 500)
        return BMP_OK;
    char why[64];
    snprintf(why, sizeof why, "Gold = %.2f Green / 5 (2.5.1)", (double)total / 100);
    bmp_award g = {0};
    g.contestant = i;
    g.player = BMP_ALL_PLAYERS;
    g.place = ev->contestants[i].place;
    g.points = bmp_div_round(total, 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    bmp_award_set(&g, "gold", "event", "gold", "EBU-3", "2.5.1");
    return ebu_emit(ev, out, err, &g, "%s", why);
}

/* The ranking award of each contestant from the scale (ties share, up to
 * 0.01, 3.4 / core/tie.h); 6.4.3 c iii Open Teams: 0.25 to the winner, and
 * 0.25 more to params.overall_winner. */
static void ranking_awards(const bmp_event *ev, const bmp_points *v, int n, bmp_points *bonus)
{
    scale_ctx sc = {v, n};
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo <= 0)
            continue;
        core_exact share;
        core_tie_share_exact(ct->place.lo, ct->place.hi, -1, scale_place, &sc, &share);
        bonus[i] = core_exact_round(share, BMP_ROUND_CEIL, BMP_UNIT_CENT);
    }
}

static bmp_status scale_of(const bmp_event *ev, const ebu_gp_spec *s, bmp_points **v, int *n,
                           bmp_error *err)
{
    const char *text = bmp_params_string(&ev->params, "green_scale", NULL);
    char need[200];
    snprintf(need, sizeof need, "give the organiser's published scale in params.green_scale: "
             "%d awards from %.2f down to %.2f (%s)", s->count, (double)s->top / 100,
             (double)s->min / 100, s->count_doc);
    if (!text)
        return bmp_not_supported(err, "intermediate Green awards by the EBU's standard formula",
                                 s->rule, s->sect, need);
    bmp_status st = ebu_gp_scale_parse(text, v, n, err);
    if (!st && (st = ebu_gp_scale_check(s, *v, *n, err))) {
        free(*v);
        *v = NULL;
    }
    return st;
}

static bmp_status emit_all(const bmp_event *ev, const ebu_gp_spec *s, const bmp_points *round,
                           const bmp_points *bonus, bmp_awards *out, bmp_error *err)
{
    bmp_status st = BMP_OK;
    char why[160];
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        if (round[i] > 0) {
            snprintf(why, sizeof why, "rounds won or drawn: boards/29 each, up to 0.01 (6.4.7)");
            st = emit_one(ev, i, round[i], "match", "EBU-133", "6.4.7", why, out, err);
        }
        if (!st && bonus[i] > 0) {
            snprintf(why, sizeof why, "ranking: top %.2f, minimum %.2f, %d awards: %s",
                     (double)s->top / 100, (double)s->min / 100, s->count, s->count_doc);
            st = emit_one(ev, i, bonus[i], "ranking", s->rule, s->sect, why, out, err);
        }
        if (!st)
            st = gold(ev, i, round[i] + bonus[i], out, err);
    }
    return st;
}

static bmp_status open_teams(const bmp_event *ev, bmp_points *bonus, ebu_gp_spec *s)
{
    static const bmp_points v[1] = {25};
    ranking_awards(ev, v, 1, bonus);
    const char *ow = bmp_params_string(&ev->params, "overall_winner", NULL);
    const bmp_contestant *ct = ow ? bmp_event_contestant(ev, ow) : NULL;
    if (ct)
        bonus[ct - ev->contestants] += 25;
    s->rule = "EBU-129";
    s->sect = "6.4.3";
    s->top = s->min = 25;
    s->count = 1;
    s->count_doc = "0.25 to the section winner, 0.25 more to the overall winner (6.4.3 c iii)";
    return BMP_OK;
}

static bool carry_qualifier(const ebu_gp_in *in)
{
    return strcmp(in->event, "multiple-pairs-carry") == 0 && in->section &&
           strcmp(in->section, "qualifier") == 0;
}

bmp_status ebu_gp_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    ebu_gp_in in;
    ebu_gp_spec s = {0};
    input_of(ev, &in);
    size_t n = ev->ncontestants;
    bmp_points *round = calloc(n ? 2 * n : 1, sizeof *round);
    bmp_points *v = NULL;
    int nv = 0;
    if (!round)
        return bmp_error_oom(err);
    bmp_points *bonus = round + n; /* only once round is known (no offset from NULL) */
    bool open = strcmp(in.event, "multiple-teams") == 0 && in.section &&
                strcmp(in.section, "open") == 0;
    bool spec = open ? false : ebu_gp_spec_of(&in, &s);
    bmp_status st = round_awards(ev, round, err);
    if (!st && strcmp(in.event, "flighted-swiss") == 0 &&
        (!in.section || (strcmp(in.section, "A") != 0 && strcmp(in.section, "B") != 0)))
        st = bmp_error_set(err, BMP_EINVAL, "$.params.green_section: a flighted Swiss is "
                                            "awarded flight by flight: expected \"A\" or \"B\" "
                                            "(6.4.2, EBU-128)");
    if (!st && open)
        st = open_teams(ev, bonus, &s);
    else if (!st && !spec && !carry_qualifier(&in))
        st = bmp_error_set(err, BMP_EINVAL, "$.params.green_section: \"%s\" is not a part of "
                                            "a %s event (6.4, EBU-137)",
                           in.section ? in.section : "", in.event);
    else if (!st && !spec) /* 6.4.6 a: a carry-forward qualifier earns nothing */
        st = bmp_awards_note(out, err, "no Green awards for the qualifying round of a "
                                       "carry-forward event (EBU-132, 6.4.6 a)")
                 ? bmp_error_oom(err) : BMP_OK;
    else if (!st && !(st = scale_of(ev, &s, &v, &nv, err)))
        ranking_awards(ev, v, nv, bonus);
    if (!st && (open || spec))
        st = emit_all(ev, &s, round, bonus, out, err);
    if (!st && s.raised && bmp_awards_note(out, err, "A flight raised to the B flight's top award "
                                                     "(6.4.2 c, EBU-128)"))
        st = bmp_error_oom(err);
    free(v);
    free(round);
    return st;
}
