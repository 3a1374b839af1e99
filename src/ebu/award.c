/* EBU awards for one event: the dispatcher.  It checks the params, finds
 * the status (3.2), the kind of points (5.4, 6.2, 6.5), the movement
 * (4.1.4), duration and entry (3.1, 3.9, 4.1.3, 4.2.3), and hands the event
 * to its family: knock-outs, leagues, ladders, stratified events
 * (ebu_internal.h), match-won events (match_won.c) or ranked events
 * (ranked.c).  What they share is award_ctx.c.  The event fields and params
 * used are listed in ebu.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ebu/award_families.h"
#include "ebu/green_spec.h"

/* The movement of the event (4.1.4, EBU-45). */
static bmp_status movement(ebu_ctx *c, ebu_move *mv, bool *two_winner, bool *four_winner)
{
    const bmp_event *ev = c->ev;
    *two_winner = false;
    *four_winner = bmp_params_bool(&ev->params, "four_winner", false);
    switch (ev->kind) {
    case BMP_KIND_PAIRS:
    case BMP_KIND_SWISS_PAIRS:
        if (ev->movement == BMP_MOVEMENT_TWO_WINNER) {
            *mv = EBU_TEAMS; /* two-winner pairs use the teams scale per direction */
            *two_winner = true;
        } else {
            *mv = EBU_PAIRS_1W;
        }
        return BMP_OK;
    case BMP_KIND_INDIVIDUAL:
        if (*four_winner) {
            *mv = EBU_TEAMS; /* 4.1.4: teams scale, equal awards in every direction */
            *two_winner = true;
        } else {
            *mv = EBU_INDIV_1W;
        }
        return BMP_OK;
    case BMP_KIND_TEAMS:
    case BMP_KIND_SWISS_TEAMS:
    case BMP_KIND_ROUND_ROBIN:
    case BMP_KIND_BAM:
        *mv = EBU_TEAMS;
        return BMP_OK;
    default:
        return bmp_not_supported(c->err, "EBU awards for this kind of event", "EBU-36", "3.7",
                                 "Butler, team-of-two and single matches are not implemented");
    }
}

/* 4.7 (EBU-86..93) knock-outs, in Local Points or, for a county teams KO,
 * Green (6.2.2); 1.2.4 (EBU-13): a major championship knock-out is one level
 * up (the 3-session limit applies "apart from knock-outs"). */
static bmp_status knockout(ebu_ctx *c, int m4, const char *pts)
{
    const bmp_event *ev = c->ev;
    bool green = strcmp(pts, "green") == 0;
    bmp_status st;
    if (!green && strcmp(pts, "local") != 0 && strcmp(pts, "blue") != 0)
        return ebu_fail(c, BMP_EINVAL, "$.params.points",
                        "expected \"local\", \"blue\" or \"green\", got \"%s\"", pts);
    if (strcmp(pts, "blue") == 0)
        return bmp_not_supported(c->err, "EBU Blue Point knock-outs", "EBU-117", "5.4", NULL);
    if (!green && bmp_params_bool(&ev->params, "major", false)) {
        m4 = ebu_status_shift(m4, 1);
        if (m4 == 0)
            return bmp_not_supported(c->err, "EBU status changes beyond the defined levels",
                                     "EBU-13", "1.2.4", NULL);
        if ((st = ebu_note(c, "major championship: status +1 (1.2.4)")))
            return st;
    }
    return ebu_ko_event(ev, m4, green, green ? "green" : "local", c->out, c->err);
}

/* 5.4 Blue Points (EBU-117): the Local scale / 100.  6.5 (EBU-134..136)
 * inter-county Green leagues and 6.2.3 (EBU-122) county teams heats are
 * computable tables; other Green events are not.  *done when the event was
 * awarded (or refused) here. */
static bmp_status points_kind(ebu_ctx *c, const char *pts, bool *done)
{
    const bmp_event *ev = c->ev;
    *done = false;
    if (strcmp(pts, "blue") == 0) {
        c->blue = true;
        c->colour = "blue";
        return BMP_OK;
    }
    if (strcmp(pts, "local") == 0)
        return BMP_OK;
    *done = true;
    if (strcmp(pts, "green") != 0)
        return ebu_fail(c, BMP_EINVAL, "$.params.points",
                        "expected \"local\", \"blue\" or \"green\", got \"%s\"", pts);
    if (bmp_params_bool(&ev->params, "league", false) && ebu_teams_like_kind(ev->kind))
        return ebu_green_league_event(ev, c->out, c->err);
    if (ebu_teams_like_kind(ev->kind) &&
        strcmp(bmp_params_string(&ev->params, "stage", "basic"), "qualifying") == 0) {
        int sessions = ev->sessions > 0 ? ev->sessions : 1;
        int duration =
            (int)bmp_params_number(&ev->params, "duration", (double)ev->boards * sessions);
        return ebu_green_heat_event(ev, duration, c->out, c->err);
    }
    if (bmp_params_has(&ev->params, "green_event"))
        return ebu_gp_event(ev, c->out, c->err); /* 6.1.5, 6.3, 6.4 (green_events.c) */
    return bmp_not_supported(c->err,
                             "EBU Green Point events other than the county teams "
                             "knock-out, its heats and inter-county leagues",
                             "EBU-137", "6.6",
                             "their intermediate awards use the EBU's standard formula, "
                             "which the handbook does not give");
}

/* 4.9 (EBU-100, EBU-101): a section of an event in sections of differing
 * status has its own status, from the organisation's. */
static bmp_status section_status(ebu_ctx *c, int *m4)
{
    const bmp_event *ev = c->ev;
    if (!bmp_params_has(&ev->params, "sections") && !bmp_params_has(&ev->params, "section"))
        return BMP_OK;
    int ns = (int)bmp_params_number(&ev->params, "sections", 1);
    int sct = (int)bmp_params_number(&ev->params, "section", 1);
    int64_t num, den;
    if (*m4 != EBU_M4_CLUB && *m4 != EBU_M4_DISTRICT && *m4 != EBU_M4_COUNTY)
        return bmp_not_supported(c->err, "EBU sections of differing status above County",
                                 "EBU-101", "4.9.4", "the handbook tables Club, District "
                                 "league and County organisations");
    if (sct > ns || !ebu_section_mult(*m4, ns, sct, &num, &den))
        return ebu_fail(c, BMP_EINVAL, "$.params.section",
                        "expected a section from 1 to params.sections (%d), got %d", ns, sct);
    if ((4 * num) % den != 0)
        return bmp_not_supported(c->err, "EBU section status between quarter levels",
                                 "EBU-101", "4.9.8", "constant reductions between the top "
                                 "and bottom sections give a multiplier that is not a "
                                 "quarter of Club");
    int org = *m4;
    *m4 = (int)(4 * num / den);
    return ebu_note(c, "section %d of %d of a %s organisation: %s (4.9)", sct, ns,
                    ebu_status_name(org), ebu_status_name(*m4));
}

/* 3.9.1 (EBU-38): duration = the most boards scheduled for any competitor;
 * 3.1.2 (EBU-28) at least 12 boards; 3.1.4 (EBU-29) a pairs event needs
 * every competitor scheduled for 70 % of the boards in play.  *none when
 * the event earns no master points (noted). */
static bmp_status duration_band(ebu_ctx *c, ebu_entry *e, bool *none)
{
    const bmp_event *ev = c->ev;
    *none = true;
    int sessions = ev->sessions > 0 ? ev->sessions : 1;
    e->duration = (int)bmp_params_number(&ev->params, "duration", (double)ev->boards * sessions);
    if (e->duration <= 0)
        return ebu_fail(c, BMP_EINVAL, "$.boards",
                        "expected the boards played (boards per session, or params.duration) "
                        "(3.9.1)");
    if (!ebu_band_of(e->duration, &e->band))
        return ebu_note(c, "EBU: no master points: competitors must be scheduled for at least "
                           "12 boards (3.1.2, EBU-28); this event has %d",
                        e->duration);
    if ((ev->kind == BMP_KIND_PAIRS || ev->kind == BMP_KIND_SWISS_PAIRS) &&
        bmp_params_has(&ev->params, "boards_in_play")) {
        int used = (int)bmp_params_number(&ev->params, "boards_in_play", 0);
        /* The rule is per movement ("21 boards in a session, no more than 30
         * in play"): compare the boards of one session, not the event's
         * total (Audit ruling, docs/rulings.md EBU). */
        int sched = ev->boards > 0 ? ev->boards : e->duration;
        if (10 * (int64_t)sched < 7 * (int64_t)used)
            return ebu_note(c, "EBU: no master points: %d boards scheduled of %d in play is "
                               "below 70 %% (3.1.4, EBU-29)",
                            sched, used);
    }
    *none = false;
    return BMP_OK;
}

/* 4.1.3 (EBU-44): whole tables only; 3.3.3: teams count as tables; 4.2.3
 * (EBU-53): the original entry is the first stage's full tables, never
 * fewer than this stage's; 3.1.1 (EBU-27): the minimum entry.  *none when
 * the entry is below the minimum (noted). */
static bmp_status entry_size(ebu_ctx *c, ebu_entry *e, bool *none)
{
    const bmp_event *ev = c->ev;
    *none = true;
    e->tables = (int)floor(ev->tables + 1e-9);
    int minimum = ebu_min_tables(e->mv, e->two_winner && !e->four_winner &&
                                            e->mv == EBU_TEAMS && ev->kind != BMP_KIND_INDIVIDUAL,
                                 e->four_winner);
    e->original = (int)bmp_params_number(&ev->params, "original_tables", e->tables);
    if (bmp_params_has(&ev->params, "stage_tables")) {
        /* 4.2.11 (EBU-62): a section of a later stage not scored across the
         * field: the original entry pro rata, whole tables down (EG-10). */
        int all = (int)bmp_params_number(&ev->params, "stage_tables", e->tables);
        if (all < e->tables)
            return ebu_fail(c, BMP_EINVAL, "$.params.stage_tables",
                            "the stage's tables in all sections (%d) cannot be fewer than this "
                            "section's %d (4.2.11)", all, e->tables);
        int whole = e->original;
        e->original = (int)((int64_t)whole * e->tables / all);
        bmp_status st = ebu_note(c, "sectioned later stage: original entry %d x %d/%d = %d "
                                    "(4.2.11)", whole, e->tables, all, e->original);
        if (st)
            return st;
    }
    if (e->original < e->tables)
        return ebu_fail(c, BMP_EINVAL, "$.params.original_tables",
                        "the original entry (%d full tables) cannot be smaller than this "
                        "stage's %d full tables (4.2.3)",
                        e->original, e->tables);
    if (e->original < minimum)
        return ebu_note(c, "EBU: no master points: the original entry (%d full tables) is "
                           "below the minimum of %d (3.1.1, EBU-27)",
                        e->original, minimum);
    *none = false;
    return BMP_OK;
}

/* 4.12 (EBU-107..113): stratified basic events; 4.12.7: match awards as
 * usual with ranking by Scale QS. */
static bmp_status stratified(ebu_ctx *c, const ebu_entry *e, int m4)
{
    const bmp_event *ev = c->ev;
    if (e->two_winner || e->mv == EBU_INDIV_1W)
        return bmp_not_supported(c->err, "EBU stratified two-winner or individual events",
                                 "EBU-111", "4.12.6", NULL);
    if (strcmp(e->stage, "basic") != 0)
        return bmp_not_supported(c->err, "EBU stratified finals", "EBU-112", "4.12.7", NULL);
    bool tl = ebu_teams_like_kind(ev->kind);
    bool mw = e->duration >= 36 && (tl || ebu_match_length(ev) >= 6);
    if (mw)
        return ebu_match_won_event(c, m4, e->mv, e->tables, e->duration, "basic");
    if (e->duration >= 72) {
        m4 = ebu_status_shift(m4, 1);
        if (m4 == 0)
            return bmp_not_supported(c->err, "EBU status changes beyond the defined levels",
                                     "EBU-48", "4.1.7", NULL);
    }
    return ebu_strat_event(ev, m4, e->band, e->mv, false, 100, c->colour, c->blue, c->out,
                           c->err);
}

/* 4.5.1 (EBU-70): stages of 36+ boards with matches of 6+ boards, and any
 * teams event of 36+ boards, have an award per match won; 4.5.6, 4.6.1
 * (EBU-75): a 2- or 3-team final (or later stage) of an original entry of
 * 5+ full tables is a knock-out final, its round numbered as in 4.7.9. */
static bmp_status match_won(ebu_ctx *c, const ebu_entry *e, int m4)
{
    const bmp_event *ev = c->ev;
    const char *stage = e->stage;
    bmp_status st;
    if (strcmp(stage, "later-qualifying") == 0 || strcmp(stage, "qualifying") == 0)
        return bmp_not_supported(c->err, "EBU qualifying stages with an award per match won",
                                 "EBU-59", "4.2.8", NULL);
    if (strcmp(stage, "basic") != 0 && strcmp(stage, "final") != 0 &&
        strcmp(stage, "consolation") != 0)
        return ebu_fail(c, BMP_EINVAL, "$.params.stage",
                        "expected basic, qualifying, final, later-qualifying or consolation, "
                        "got \"%s\"", stage);
    if (ebu_teams_like_kind(ev->kind) && strcmp(stage, "final") == 0 && e->tables <= 3 &&
        e->original >= 5) {
        if (e->tables == 3)
            return bmp_not_supported(c->err, "EBU 3-team finals", "EBU-75", "4.5.6",
                                     "a 3-team final is a knock-out stage whose round "
                                     "number (4.7.9) the handbook does not define");
        if ((st = ebu_note(c, "2-team final of an original entry of %d: a knock-out final "
                              "(4.5.6, 4.6.1)",
                           e->original)))
            return st;
        return ebu_ko_event(ev, m4, false, c->colour, c->out, c->err);
    }
    return ebu_match_won_event(c, m4, e->mv, e->tables, e->duration, stage);
}

/* 3.2 (EBU-24): the status of the event. */
static bmp_status status_of(ebu_ctx *c, int *m4)
{
    const char *s = c->ev->status;
    *m4 = ebu_status_parse(s);
    if (!s || *m4 == 0 || strlen(s) == 1)
        return ebu_fail(c, BMP_EINVAL, "$.status",
                        "expected the EBU status: club, district, county, regional or national "
                        "(3.2)%s%s",
                        s ? ", got " : "", s ? s : "");
    return BMP_OK;
}

bmp_status ebu_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    ebu_ctx c = {.ev = ev, .out = out, .err = err, .blue = false, .colour = "local"};
    ebu_entry e = {0};
    int m4;
    bool done = false;
    bmp_status st;
    /* the parameter spec is in params.c */
    if ((st = bmp_params_check_event(ev, &ebu_param_specs, err)) || (st = status_of(&c, &m4)))
        return st;
    if ((st = ebu_sections_event(ev, ebu_award_event, &done, out, err)) || done) /* 3.8 */
        return st;
    if ((st = ebu_handicap_check(ev, &done, out, err)) || done) /* 3.10.1, EBU-39 */
        return st;
    if ((st = ebu_carry_forward_check(ev, out, err)) || /* 3.11.1, EBU-40 */
        (st = ebu_playoff_status(ev, &m4, out, err)))  /* 4.8.9, EBU-99 */
        return st;
    const char *pts = bmp_params_string(&ev->params, "points", "local");
    if (ev->kind == BMP_KIND_KNOCKOUT)
        return knockout(&c, m4, pts);
    c.sim = bmp_params_bool(&ev->params, "sim_pairs", false);
    if (c.sim && strcmp(pts, "local") != 0)
        return ebu_fail(&c, BMP_EINVAL, "$.params.points",
                        "an EBU Sim Pairs awards Local Points split with Blue (5.1.2, EBU-114): "
                        "expected \"local\", got \"%s\"", pts);
    if ((st = points_kind(&c, pts, &done)) || done)
        return st;
    if ((st = section_status(&c, &m4)))
        return st;
    /* 4.11 (EBU-103..106): the series bonus of a ladder. */
    if (bmp_params_bool(&ev->params, "ladder", false))
        return ebu_ladder_event(ev, m4, c.colour, c.blue, out, err);
    e.mv = EBU_TEAMS;
    if ((st = movement(&c, &e.mv, &e.two_winner, &e.four_winner)))
        return st;
    if ((st = duration_band(&c, &e, &done)) || done)
        return st;
    if ((st = entry_size(&c, &e, &done)) || done)
        return st;
    e.stage = bmp_params_string(&ev->params, "stage", "basic");
    if (bmp_params_bool(&ev->params, "major", false)) {
        /* 1.2.4 (EBU-13): a major championship is one level higher */
        m4 = ebu_status_shift(m4, 1);
        if ((st = ebu_note(&c, "major championship: status +1 (1.2.4)")))
            return st;
    }
    /* 4.8 (EBU-94..99): teams leagues, status of the organisation. */
    if (bmp_params_bool(&ev->params, "league", false)) {
        if (!ebu_teams_like_kind(ev->kind))
            return ebu_fail(&c, BMP_EINVAL, "$.params.league", "a league is a teams event (4.8)");
        return ebu_league_event(ev, m4, e.duration, c.colour, c.blue, out, err);
    }
    if (bmp_params_bool(&ev->params, "stratified", false))
        return stratified(&c, &e, m4);
    bool has_matches = ev->boards_per_match > 0 || ev->nmatches > 0;
    if (e.duration >= 36 &&
        (ebu_teams_like_kind(ev->kind) || (has_matches && ebu_match_length(ev) >= 6)))
        return match_won(&c, &e, m4);
    return ebu_ranked_event(&c, &e, m4);
}
