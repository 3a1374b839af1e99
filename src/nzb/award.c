/* NZ awards for one event: dispatch by grade and kind, the event
 * requirements (NZ-27, NZ-84, NZ-85), eligibility (NZ-7, NZ-8, NZ-12,
 * NZ-15) and emitting awards.  Session awards are in session.c, match play
 * in matches.c, overall placings in overall.c; the inputs are listed in
 * nzb.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nzb/award_ctx.h"

bmp_status nzb_fail(const nzb_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

bmp_status nzb_oom(const nzb_ctx *c)
{
    return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
}

const char *nzb_fmtp(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
    return buf;
}

/* NZ-7, NZ-8: a player graded (player param "grading") above what the
 * tournament admits is not eligible: 5B (Intermediate) admits players below
 * Open, 3B (Junior) Juniors only, a Restricted 8B (params.restricted) any
 * pair but Open-Open. */
int nzb_grading_rank(const char *g)
{
    if (!g)
        return -1;
    return !strcasecmp(g, "open")           ? 2
           : !strcasecmp(g, "intermediate") ? 1
           : !strcasecmp(g, "junior")       ? 0
                                            : -2;
}

static bool player_ineligible(const nzb_ctx *c, const bmp_contestant *ct, size_t p)
{
    const bmp_params *pp = &ct->players[p].params;
    if (bmp_params_bool(pp, "ineligible", false))
        return true;
    int gr = nzb_grading_rank(bmp_params_string(pp, "grading", NULL));
    if (gr < 0 || !c->g || c->ip)
        return false;
    if (!strcmp(c->g->code, "5B"))
        return gr >= 2;
    if (!strcmp(c->g->code, "3B"))
        return gr >= 1;
    if (!strcmp(c->g->code, "8B") && bmp_params_bool(&c->ev->params, "restricted", false) &&
        gr == 2) {
        size_t open = 0;
        for (size_t k = 0; k < ct->nplayers; k++)
            open +=
                nzb_grading_rank(bmp_params_string(&ct->players[k].params, "grading", NULL)) == 2;
        return ct->nplayers == 2 && open == 2;
    }
    return false;
}

/* One award to every player of contestant ci. */
bmp_status nzb_emit(nzb_ctx *c, size_t ci, int player, const char *kind, const char *ranking,
                    bmp_place place, bmp_points pts, char letter, const char *rule,
                    const char *section, const char *explain)
{
    if (pts <= 0)
        return BMP_OK;
    const bmp_contestant *ct = &c->ev->contestants[ci];
    bool has_inel = false;
    for (size_t p = 0; p < ct->nplayers; p++)
        has_inel |= player_ineligible(c, ct, p);
    if (has_inel && !c->club) {
        /* NZ-12: a non-eligible player in a Tournament: partners and
         * team-mates receive no masterpoints either. */
        return bmp_awards_note(c->out,
                               "%s: a non-eligible player took part (NZ-7/NZ-8 grading "
                               "or not eligible): no %s award to the pair or team (NZ-12)",
                               ct->id ? ct->id : "?", kind)
                   ? nzb_oom(c)
                   : BMP_OK;
    }
    if (has_inel && player == BMP_ALL_PLAYERS) {
        /* NZ-15 (i): club sessions award on gross scores: the eligible
         * players keep their award, the non-eligible player gets none. */
        for (size_t p = 0; p < ct->nplayers; p++) {
            if (player_ineligible(c, ct, p))
                continue;
            bmp_status st = nzb_emit(c, ci, (int)p, kind, ranking, place, pts, letter, "NZ-15",
                                     "Issue of Masterpoints 7", explain);
            if (st)
                return st;
        }
        return BMP_OK;
    }
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.player = player;
    aw.place = place;
    aw.points = pts;
    char colour[2] = {letter, '\0'};
    bmp_award_set(&aw, kind, ranking, colour, rule, section);
    return bmp_awards_add(c->out, &aw, "%s", explain) ? nzb_oom(c) : BMP_OK;
}

/* ---- dispatch ----------------------------------------------------------- */

static bool teams_kind(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_ROUND_ROBIN ||
           k == BMP_KIND_KNOCKOUT || k == BMP_KIND_MATCH || k == BMP_KIND_BAM;
}

bmp_status nzb_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    nzb_ctx c = {.ev = ev, .out = out, .err = err};
    const bmp_params *p = &ev->params;
    c.g = nzb_grade_find(ev->grade);
    bmp_status st = bmp_params_check_event(ev, &nzb_param_specs, err); /* params.c */
    if (st)
        return st;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers; j++) {
            char path[96];
            snprintf(path, sizeof path, "$.contestants[%zu].players[%zu]", i, j);
            const char *gr =
                bmp_params_string(&ev->contestants[i].players[j].params, "grading", NULL);
            if (gr && nzb_grading_rank(gr) < 0)
                return nzb_fail(&c, BMP_EINVAL, path,
                                "params.grading: expected open, intermediate or junior (NZ-5), got "
                                "\"%s\"",
                                gr);
        }
    c.ip = bmp_params_string(p, "interprovincial", NULL);
    if (c.ip && strcasecmp(c.ip, "trials") && strcasecmp(c.ip, "championship"))
        return nzb_fail(&c, BMP_EINVAL, "$.params.interprovincial",
                        "expected \"trials\" or \"championship\", got \"%s\"", c.ip);
    c.ip_cat = bmp_params_string(p, "category", "open");
    c.g = nzb_grade_find(ev->grade);
    if (!c.ip && !c.g)
        return nzb_fail(&c, BMP_EINVAL, "$.grade",
                        "expected an NZ grade (25A, 20A, 15A, 10A, 5A, 3A, 8B, 5B, 3B or 40C), got "
                        "%s%s%s",
                        ev->grade ? "\"" : "", ev->grade ? ev->grade : "nothing",
                        ev->grade ? "\"" : "");
    c.teams = teams_kind(ev->kind);
    c.swiss_pairs = ev->kind == BMP_KIND_SWISS_PAIRS;
    c.club = c.g && c.g->letter == 'C' && !c.ip;
    if (!c.teams && !c.swiss_pairs && ev->kind != BMP_KIND_PAIRS && ev->kind != BMP_KIND_INDIVIDUAL)
        return bmp_not_supported(err, "NZ awards for this kind of event", "NZ-17", "Club Sessions",
                                 "pairs, individual, Swiss pairs and teams events are defined");
    if (c.g && !strcmp(c.g->code, "25A") && c.swiss_pairs)
        return bmp_not_supported(err, "25A Swiss pairs", "NZ-53", "25A point",
                                 "no 25A Swiss pairs event is defined");
    bool ip_trials = c.ip && !strcasecmp(c.ip, "trials");
    bool ip_inter = c.ip && !strcasecmp(c.ip_cat, "intermediate");

    /* NZ-75: restricted or partly selected trials earn no masterpoints. */
    if (ip_trials && !bmp_params_bool(p, "open_entry", true)) {
        return bmp_awards_note(out, "Interprovincial Trials not open to all registered members "
                                    "of the Region: no masterpoints (NZ-75)")
                   ? nzb_oom(&c)
                   : BMP_OK;
    }

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
    if (c.teams || c.swiss_pairs) {
        char letter = c.ip ? 'A' : c.g->letter == 'A' ? 'A' : 'C';
        int factor = c.ip ? 1 : c.g->match_factor;
        const char *rule = c.ip ? "NZ-75" : letter == 'A' ? "NZ-41" : c.club ? "NZ-31" : "NZ-51";
        const char *sec = c.ip            ? "Interprovincial Teams Trials"
                          : letter == 'A' ? "A Point Tournaments 4.1"
                          : c.club        ? "Club Sessions, Basic C Tables B"
                                          : "B Point Tournaments 4";
        if (c.ip && !ip_trials) {
            if (bmp_awards_note(out, "Interprovincial Championships: no session awards are "
                                     "printed (NZ-76)"))
                return nzb_oom(&c);
        } else if ((st = nzb_match_awards(&c, factor, letter, rule, sec, &max_deals)))
            return st;
    } else if (c.ip && !ip_trials) {
        /* NZ-76: the Championships page prints placings only, for pairs as
         * for teams (Audit ruling NZ-L18). */
        if (bmp_awards_note(out, "Interprovincial Championships: no session awards are "
                                 "printed (NZ-76)"))
            return nzb_oom(&c);
    } else {
        int factor = c.ip ? (ip_inter ? 1 : 2) : c.g->c_factor;
        const char *rule = c.ip                 ? "NZ-75"
                           : c.club             ? "NZ-26"
                           : c.g->letter == 'A' ? "NZ-40"
                                                : "NZ-50";
        const char *sec = c.ip                 ? "Interprovincial Teams Trials"
                          : c.club             ? "Club Sessions, Basic C Tables A"
                          : c.g->letter == 'A' ? "A Point Tournaments 3.2"
                                               : "B Point Tournaments 3.2";
        if (!c.club && !c.ip && ev->boards <= 0)
            return nzb_fail(&c, BMP_EINVAL, "$.boards",
                            "the deals per session are needed for session awards (NZ-39, NZ-40)");
        if (c.club && ev->boards <= 0)
            return nzb_fail(&c, BMP_EINVAL, "$.boards",
                            "the deals in circulation are needed for C points (NZ-28)");
        if (c.ip && ev->boards <= 0)
            return nzb_fail(&c, BMP_EINVAL, "$.boards", "the deals per session are needed (NZ-75)");
        if ((st = nzb_session_awards(&c, factor, !c.club && !c.ip, rule, sec)))
            return st;
        max_deals = ev->boards * (ev->sessions > 0 ? ev->sessions : 1);
    }
    if (c.club)
        return BMP_OK; /* 40C: session awards only */

    /* NZ-84, NZ-45, NZ-75: the event's minimum deals.  The 60 / 44 deals
     * are the Trials' item 3; the Championships page prints no minimum
     * (Audit ruling NZ-L18). */
    int total = (int)bmp_params_number(p, "total_deals", max_deals);
    int min = c.ip && !ip_trials ? 0
              : c.ip             ? (ip_inter ? 44 : 60)
              : c.swiss_pairs ? (c.g->min_swiss_pairs ? c.g->min_swiss_pairs : c.g->min_teams)
              : c.teams       ? c.g->min_teams
                              : c.g->min_pairs;
    if (total < min && !bmp_params_bool(p, "min_deals_approved", false))
        /* Match-play events count the deals of their matches, not boards. */
        return nzb_fail(&c, BMP_ERANGE,
                        bmp_params_has(p, "total_deals") ? "$.params.total_deals"
                        : c.teams || c.swiss_pairs       ? "$.matches"
                                                         : "$.boards",
                        "an NZ %s %s event needs at least %d deals (%s), got %d%s; "
                        "params.min_deals_approved records the Chief Director's approval of fewer",
                        c.ip ? "interprovincial" : c.g->code,
                        c.teams         ? "teams"
                        : c.swiss_pairs ? "Swiss pairs"
                                        : "pairs",
                        min, c.ip ? "NZ-75" : "NZ-84, §9 Minimum number of boards", total,
                        (c.teams || c.swiss_pairs) && !bmp_params_has(p, "total_deals")
                            ? " (the most deals a contestant played in matches[]; give "
                              "params.total_deals when the matches are not listed)"
                            : "");
    /* NZ-85: two complete tables. */
    int need = c.teams ? 2 : ev->kind == BMP_KIND_INDIVIDUAL ? 8 : 4;
    if (contestants < need && !bmp_params_bool(p, "min_contestants_approved", false))
        return nzb_fail(&c, BMP_ERANGE, "$.contestants",
                        "an NZ tournament needs two complete tables (%d %s) (NZ-85), got %d", need,
                        c.teams ? "teams" : "contestants", contestants);
    /* "proportional on field if fewer than six" has no formula; it
     * is printed under the Trials only (Audit ruling NZ-L18). */
    if (ip_trials && field < 6)
        return bmp_not_supported(err, "Interprovincial award with fewer than six contestants",
                                 "NZ-75", "Interprovincial Teams Trials",
                                 "\"proportional on field\" gives no formula (A-20)");
    if ((st = bmp_awards_note(out, "NZ %s %s event, overall field N=%d",
                              c.ip ? "interprovincial" : c.g->code,
                              c.teams         ? "teams"
                              : c.swiss_pairs ? "Swiss pairs"
                                              : "pairs",
                              field)))
        return nzb_oom(&c);
    if ((st = nzb_overall_awards(&c, field)))
        return st;
    if (!c.ip && !strcmp(c.g->code, "8B") && !c.teams && !c.swiss_pairs)
        return nzb_non_open_bonus(&c, field);
    return BMP_OK;
}
