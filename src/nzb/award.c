/* NZ awards for one event: dispatch by grade and kind and the event
 * requirements (NZ-27, NZ-84, NZ-85).  The families are session.c, matches.c
 * and overall.c (award_families.h); what they share, eligibility and
 * emitting awards, is award_ctx.c.  The inputs are listed in nzb.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nzb/award_families.h"

/* ---- dispatch ----------------------------------------------------------- */

static bool teams_kind(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_ROUND_ROBIN ||
           k == BMP_KIND_KNOCKOUT || k == BMP_KIND_MATCH || k == BMP_KIND_BAM;
}

/* NZ-5: a player's grading, where given, is one of the three. */
static bmp_status check_gradings(nzb_ctx *c)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers; j++) {
            char path[96];
            snprintf(path, sizeof path, "$.contestants[%zu].players[%zu]", i, j);
            const char *gr =
                bmp_params_string(&ev->contestants[i].players[j].params, "grading", NULL);
            if (gr && nzb_grading_rank(gr) < 0)
                return nzb_fail(c, BMP_EINVAL, path,
                                "params.grading: expected open, intermediate or junior (NZ-5), got "
                                "\"%s\"",
                                gr);
        }
    return BMP_OK;
}

/* The grade or the interprovincial event, and the kinds the rules define. */
static bmp_status read_grade_and_kind(nzb_ctx *c)
{
    const bmp_event *ev = c->ev;
    c->ip = bmp_params_string(&ev->params, "interprovincial", NULL);
    if (c->ip && strcasecmp(c->ip, "trials") && strcasecmp(c->ip, "championship"))
        return nzb_fail(c, BMP_EINVAL, "$.params.interprovincial",
                        "expected \"trials\" or \"championship\", got \"%s\"", c->ip);
    c->ip_cat = bmp_params_string(&ev->params, "category", "open");
    c->g = nzb_grade_find(ev->grade);
    if (!c->ip && !c->g)
        return nzb_fail(c, BMP_EINVAL, "$.grade",
                        "expected an NZ grade (25A, 20A, 15A, 10A, 5A, 3A, 8B, 5B, 3B or 40C), got "
                        "%s%s%s",
                        ev->grade ? "\"" : "", ev->grade ? ev->grade : "nothing",
                        ev->grade ? "\"" : "");
    c->teams = teams_kind(ev->kind);
    c->swiss_pairs = ev->kind == BMP_KIND_SWISS_PAIRS;
    c->club = c->g && c->g->letter == 'C' && !c->ip;
    if (!c->teams && !c->swiss_pairs && ev->kind != BMP_KIND_PAIRS &&
        ev->kind != BMP_KIND_INDIVIDUAL)
        return bmp_not_supported(c->err, "NZ awards for this kind of event", "NZ-17",
                                 "Club Sessions",
                                 "pairs, individual, Swiss pairs and teams events are defined");
    if (c->g && !strcmp(c->g->code, "25A") && c->swiss_pairs)
        return bmp_not_supported(c->err, "25A Swiss pairs", "NZ-53", "25A point",
                                 "no 25A Swiss pairs event is defined");
    return BMP_OK;
}

static bool ip_trials(const nzb_ctx *c) { return c->ip && !strcasecmp(c->ip, "trials"); }

/* NZ-76: the Championships page prints placings only, for pairs as for
 * teams (Audit ruling NZ-L18). */
static bmp_status note_no_ip_sessions(nzb_ctx *c)
{
    return bmp_awards_note(c->out, c->err, "Interprovincial Championships: no session awards "
                                           "are printed (NZ-76)")
               ? bmp_error_oom(c->err)
               : BMP_OK;
}

/* Teams and Swiss pairs: match awards (NZ-31, NZ-41, NZ-51, NZ-75). */
static bmp_status match_part(nzb_ctx *c, int *max_deals)
{
    char letter = c->ip ? 'A' : c->g->letter == 'A' ? 'A' : 'C';
    int factor = c->ip ? 1 : c->g->match_factor;
    const char *rule = c->ip ? "NZ-75" : letter == 'A' ? "NZ-41" : c->club ? "NZ-31" : "NZ-51";
    const char *sec = c->ip            ? "Interprovincial Teams Trials"
                      : letter == 'A' ? "A Point Tournaments 4.1"
                      : c->club        ? "Club Sessions, Basic C Tables B"
                                      : "B Point Tournaments 4";
    if (c->ip && !ip_trials(c))
        return note_no_ip_sessions(c);
    return nzb_match_awards(c, factor, letter, rule, sec, max_deals);
}

/* Pairs and individuals: session awards (NZ-26, NZ-40, NZ-50, NZ-75),
 * which need the deals per session. */
static bmp_status session_part(nzb_ctx *c, int *max_deals)
{
    const bmp_event *ev = c->ev;
    bool ip_inter = c->ip && !strcasecmp(c->ip_cat, "intermediate");
    int factor = c->ip ? (ip_inter ? 1 : 2) : c->g->c_factor;
    const char *rule = c->ip ? "NZ-75" : c->club ? "NZ-26" : c->g->letter == 'A' ? "NZ-40"
                                                                                 : "NZ-50";
    const char *sec = c->ip                 ? "Interprovincial Teams Trials"
                      : c->club             ? "Club Sessions, Basic C Tables A"
                      : c->g->letter == 'A' ? "A Point Tournaments 3.2"
                                            : "B Point Tournaments 3.2";
    if (!c->club && !c->ip && ev->boards <= 0)
        return nzb_fail(c, BMP_EINVAL, "$.boards",
                        "the deals per session are needed for session awards (NZ-39, NZ-40)");
    if (c->club && ev->boards <= 0)
        return nzb_fail(c, BMP_EINVAL, "$.boards",
                        "the deals in circulation are needed for C points (NZ-28)");
    if (c->ip && ev->boards <= 0)
        return nzb_fail(c, BMP_EINVAL, "$.boards", "the deals per session are needed (NZ-75)");
    bmp_status st = nzb_session_awards(c, factor, !c->club && !c->ip, rule, sec);
    *max_deals = ev->boards * (ev->sessions > 0 ? ev->sessions : 1);
    return st;
}

static const char *kind_word(const nzb_ctx *c)
{
    return c->teams ? "teams" : c->swiss_pairs ? "Swiss pairs" : "pairs";
}

/* NZ-84, NZ-45, NZ-75: the event's minimum deals.  The 60 / 44 deals are the
 * Trials' item 3; the Championships page prints no minimum (Audit ruling
 * NZ-L18).  Match-play events count the deals of their matches. */
static bmp_status check_min_deals(nzb_ctx *c, int max_deals)
{
    const bmp_params *p = &c->ev->params;
    bool ip_inter = c->ip && !strcasecmp(c->ip_cat, "intermediate");
    int total = (int)bmp_params_number(p, "total_deals", max_deals);
    int min = c->ip && !ip_trials(c) ? 0
              : c->ip              ? (ip_inter ? 44 : 60)
              : c->swiss_pairs ? (c->g->min_swiss_pairs ? c->g->min_swiss_pairs : c->g->min_teams)
              : c->teams       ? c->g->min_teams
                               : c->g->min_pairs;
    if (total >= min || bmp_params_bool(p, "min_deals_approved", false))
        return BMP_OK;
    bool matches = c->teams || c->swiss_pairs;
    return nzb_fail(c, BMP_ERANGE,
                    bmp_params_has(p, "total_deals") ? "$.params.total_deals"
                    : matches                         ? "$.matches"
                                                      : "$.boards",
                    "an NZ %s %s event needs at least %d deals (%s), got %d%s; "
                    "params.min_deals_approved records the Chief Director's approval of fewer",
                    c->ip ? "interprovincial" : c->g->code, kind_word(c), min,
                    c->ip ? "NZ-75" : "NZ-84, §9 Minimum number of boards", total,
                    matches && !bmp_params_has(p, "total_deals")
                        ? " (the most deals a contestant played in matches[]; give "
                          "params.total_deals when the matches are not listed)"
                        : "");
}

/* NZ-85: two complete tables; A-20: the Trials' "proportional on field if
 * fewer than six" has no formula (Audit ruling NZ-L18). */
static bmp_status check_min_field(nzb_ctx *c, int contestants, int field)
{
    const bmp_event *ev = c->ev;
    int need = c->teams ? 2 : ev->kind == BMP_KIND_INDIVIDUAL ? 8 : 4;
    if (contestants < need && !bmp_params_bool(&ev->params, "min_contestants_approved", false))
        return nzb_fail(c, BMP_ERANGE, "$.contestants",
                        "an NZ tournament needs two complete tables (%d %s) (NZ-85), got %d", need,
                        c->teams ? "teams" : "contestants", contestants);
    if (ip_trials(c) && field < 6)
        return bmp_not_supported(c->err, "Interprovincial award with fewer than six contestants",
                                 "NZ-75", "Interprovincial Teams Trials",
                                 "\"proportional on field\" gives no formula (A-20)");
    return BMP_OK;
}

/* The overall awards on the Total field, and the 8B non-open bonus. */
static bmp_status overall_part(nzb_ctx *c, int field)
{
    if (bmp_awards_note(c->out, c->err, "NZ %s %s event, overall field N=%d",
                        c->ip ? "interprovincial" : c->g->code, kind_word(c), field))
        return bmp_error_oom(c->err);
    bmp_status st = nzb_overall_awards(c, field);
    if (!st && !c->ip && !strcmp(c->g->code, "8B") && !c->teams && !c->swiss_pairs)
        st = nzb_non_open_bonus(c, field);
    return st;
}

bmp_status nzb_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    nzb_ctx c = {.ev = ev, .out = out, .err = err};
    const bmp_params *p = &ev->params;
    bmp_status st;
    if ((st = bmp_params_check_event(ev, &nzb_param_specs, err)) || (st = check_gradings(&c)) ||
        (st = read_grade_and_kind(&c)))
        return st;
    /* NZ-75: restricted or partly selected trials earn no masterpoints. */
    if (ip_trials(&c) && !bmp_params_bool(p, "open_entry", true))
        return bmp_awards_note(out, err, "Interprovincial Trials not open to all registered "
                                         "members of the Region: no masterpoints (NZ-75)");
    int contestants = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        contestants += !ev->contestants[i].phantom;
    int field = (int)bmp_params_number(p, "field", contestants);
    /* The Total field (NZ-77) includes every contestant of the event: a
     * smaller one would read a smaller row and silently cut awards. */
    if (field < contestants)
        return nzb_fail(&c, BMP_EINVAL, "$.params.field",
                        "the Total field (%d) cannot be smaller than the %d contestants of the "
                        "event (NZ-25, NZ-77)",
                        field, contestants);
    /* Session / match awards first; they tell the deals played. */
    int max_deals = 0;
    if (c.teams || c.swiss_pairs)
        st = match_part(&c, &max_deals);
    else if (c.ip && !ip_trials(&c))
        st = note_no_ip_sessions(&c);
    else
        st = session_part(&c, &max_deals);
    if (st || c.club) /* 40C: session awards only */
        return st;
    if ((st = check_min_deals(&c, max_deals)) || (st = check_min_field(&c, contestants, field)))
        return st;
    return overall_part(&c, field);
}
