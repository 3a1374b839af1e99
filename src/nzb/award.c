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
        return bmp_awards_note(out, err,
                               "Interprovincial Trials not open to all registered members "
                                    "of the Region: no masterpoints (NZ-75)");
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
            if (bmp_awards_note(out, err, "Interprovincial Championships: no session awards are "
                                     "printed (NZ-76)"))
                return bmp_error_oom(err);
        } else if ((st = nzb_match_awards(&c, factor, letter, rule, sec, &max_deals)))
            return st;
    } else if (c.ip && !ip_trials) {
        /* NZ-76: the Championships page prints placings only, for pairs as
         * for teams (Audit ruling NZ-L18). */
        if (bmp_awards_note(out, err, "Interprovincial Championships: no session awards are "
                                 "printed (NZ-76)"))
            return bmp_error_oom(err);
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
    if ((st = bmp_awards_note(out, err, "NZ %s %s event, overall field N=%d",
                              c.ip ? "interprovincial" : c.g->code,
                              c.teams         ? "teams"
                              : c.swiss_pairs ? "Swiss pairs"
                                              : "pairs",
                              field)))
        return bmp_error_oom(err);
    if ((st = nzb_overall_awards(&c, field)))
        return st;
    if (!c.ip && !strcmp(c.g->code, "8B") && !c.teams && !c.swiss_pairs)
        return nzb_non_open_bonus(&c, field);
    return BMP_OK;
}
