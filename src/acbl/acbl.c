/* American Contract Bridge League: the bmp_rules entry point.  Maps a
 * bmp_event onto the General Formula (later §I; 2003 p.1-3) and prints the
 * appendices (ACBL-98).
 *
 * Event mapping (docs/event-format.md, ACBL):
 *   edition         "current" (default: Masterpoint Awards Rules &
 *                   Regulations, later) or "2003" (MPBOOK.041 Rev. 11/2003)
 *   classification  required: club-masterpoint | club-championship | unit
 *                   (alias unit-championship) | sectional | regional | national  -> R (ACBL-3)
 *   rating          championship (default) | non-championship (alias
 *                   side-game) | consolation | charity (alias
 *                   special-beneficiary)  -> M cap 0.65 (ACBL-62..64)
 *   upper_limit     masterpoint upper limit, none = M 1.0  -> M (ACBL-5)
 *   restrictions    "women", "senior", "junior", "mixed" count for P (ACBL-6);
 *                   any other entry (e.g. "199er", "novice") does not (A-21)
 *   sessions        1..6  -> S (ACBL-4), decay (ACBL-9/10), absolute limit (ACBL-15)
 *   kind            pairs | swiss-teams | bam | individual | team-of-two  -> T (ACBL-7)
 *   tables          tables entered (teams for team events); fractional allowed
 *   movement        "one-winner" with kind individual -> session first 0.33 (ACBL-24)
 *   contestants[].place     overall place ("3", "3=", "3/4"); ties share the
 *                           average of the tied places (C-2)
 *   contestants[].rankings  session places: {"session": 1, "section": "A",
 *                           "direction": "NS", "place": 1}
 *   groups[]        a group named as a ranking's section gives that section's
 *                   `tables` (session B) and optional params.field (session depth)
 *   groups[].type   "flight" (ACBL-73/74), "stratum" (ACBL-67; with
 *                   params.flight "A"/"B": stratiflighted, ACBL-68..70) or
 *                   "bracket" (ACBL-82); contestants name theirs in `group`.
 *                   Flight and bracket places: contestant `place`; strata:
 *                   rankings {"ranking": "<stratum>", "place": n} (one per
 *                   stratum placed in; not cumulative, ruling ACBL-R15).
 *                   A stratum's section award: {"ranking": "<stratum>", "session":
 *                   1, "section": "A", "direction": "NS", "place": n} (ACBL-151;
 *                   the larger of it and the open section award, ruling ACBL-R50).
 *   groups[].params flight ("A"/"B"), bracket_position (ACBL-83, later),
 *                   field (session depth field, ACBL-18)
 *   boards_per_match  L for Swiss match awards (ACBL-26, ACBL-79)
 *   contestants[].match_wins  Swiss matches won (ties count 1/2)
 *   players[].participation   5-6 player teams (ACBL-78, ACBL-81)
 *   params (event; src/acbl/params.c rejects others):
 *     nabc (bool)             a nationally-rated NABC event (ACBL-12 25% cap
 *                             for 4-session pairs, ACBL-16, ACBL-90)
 *     final_qualifiers (num)  6-session NABC pairs: pairs in the final (ACBL-16)
 *     flight_a (bool)         a separate Flight A event: session awards +10% (ACBL-19)
 *     cuts (num)              cuts before every session ranked (ACBL-20), or
 *     cut1_after_session, cut2_after_session (num): sessions after them follow 1 / 2 cuts
 *     concurrent_restricted_tables, concurrent_unrestricted_events (num),
 *     concurrent_open_event (bool)             unrestricted credit (ACBL-65)
 *     combined_tables (num)   split Regional combined attendance (ACBL-66)
 *     barometer_level (1-3), tables_entered (num)   barometer finals (ACBL-72)
 *     side_game_series (bool), series_tables_1/2 (num), series_game (bool)  (ACBL-75)
 *     restricted_tournament, similarly_restricted, open_sectional (bool)  (ACBL-91)
 *     sections_combined (num) gold session places when sections are combined (ACBL-92)
 *     special (str)           NAP/GNT stage: nap-club|nap-unit|nap-district|gnt-club|
 *                             gnt-unit|gnt-district (ACBL-152/153, src/acbl/special.c)
 *     concurrent_tables (num) refused outside ACBL-65 (ACBL-155)
 *   contestants[].params.eligible (bool)  false: placed, unpaid (ACBL-154, eligible.c)
 *
 * Club games (classification club-masterpoint / club-championship, not a
 * knockout) are computed by src/acbl/club_games.c from the club charts
 * (ACBL-C1..C10): params.game_type open (default) | invitational |
 * restricted | newcomer, params.special (charity, acbl-wide-charity,
 * international-fund, education, grass-roots, ...: club_special.c); section
 * places are session rankings, a stratum's with "ranking": "<stratum>".
 *
 * Knockouts (kind "knockout"), NABC fixed-award events (params.nabc_event)
 * and WBF events (params.wbf_event) are dispatched to src/acbl/ko_common.c,
 * nabc.c and wbf.c, which document their inputs (ACBL-25..61, ACBL-97).
 *
 * Awards: overall (kind "overall", ranking "overall") and session (kind
 * "session", ranking as the file names it); each for every player of the
 * contestant.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"
#include "core/params_spec.h"
#include "core/strindex.h"
#include "acbl/ko.h"
#include "acbl/club.h"

static const char *const editions[] = {"current", "2003", NULL};
static const char *const edition_docs[] = {
    "Masterpoint Awards Rules & Regulations (later, undated)",
    "Masterpoint Rules & Regulations MPBOOK.041 (Rev. 11/2003)", NULL};
/* The options tables read (acbl_scale, scale.c; appendix_f, ko_scale.c). */
static const bmp_param_spec appendix_c_options[] = {
    BMP_PNUM("places", ANY, "ACBL-11", "the printed places", "places",
             "extend the table to this many places, a whole number from 1 to 1000"),
    BMP_PEND};
static const bmp_param_spec appendix_f_options[] = {
    BMP_PNUM("brackets", ANY, "ACBL-25", "6", "brackets", "brackets, 1 to 64"),
    BMP_PNUM("teams", ANY, "ACBL-25", "16", "teams", "teams in each bracket, 1 or more"),
    BMP_PNUM("k", ANY, "ACBL-25", "46", "factor", "the K factor (46: Regional)"),
    BMP_PNUM("l", ANY, "ACBL-26", "1", "factor", "the L factor (boards per match)"),
    BMP_PEND};

static const bmp_scale_info scales[] = {
    {"appendix-a", "B factor by tables (ACBL-2; 2003: 0-499, current: 1-250)", NULL},
    {"appendix-b", "sample M factor values (ACBL-5)", NULL},
    {"appendix-c", "overall awards relative to 1st by sessions (ACBL-9/10/11)",
     appendix_c_options},
    {"appendix-e", "L factor by boards per match (ACBL-26)", NULL},
    {"appendix-f", "2003 KO bracket table counts, six brackets of 16 (ACBL-29/30)",
     appendix_f_options},

    {"ko-overall-pct", "KO overall percentages by position (ACBL-33 / ACBL-41)", NULL},
    {"ko-reduction-factor", "later KO reduction factor by teams (ACBL-39)", NULL},
    {"ko-computed-award", "later KO Computed Award by bracket AVG MP (ACBL-37)", NULL},
    {"nabc-pairs", "NABC pair events (ACBL-53)", NULL},
    {"nabc-teams", "NABC Swiss and BAM team events (ACBL-55)", NULL},
    {"nabc-ko", "NABC knockout events, fixed and formula (ACBL-57, ACBL-60)", NULL},
    {"nabc-min-tables", "NABC minimum-table reductions (ACBL-54, ACBL-56, ACBL-58)", NULL},
    {"wbf", "WBF events: fixed first places (ACBL-97)", NULL},
    {NULL, NULL, NULL}};

static bmp_status bad(bmp_error *err, const char *path, const char *fmt, const char *got)
{
    return bmp_error_set(err, BMP_EINVAL, "%s: %s, got \"%s\"", path, fmt, got ? got : "(none)");
}

static bool is_club(acbl_class c)
{
    return c == ACBL_CLASS_CLUB_MASTERPOINT || c == ACBL_CLASS_CLUB_CHAMPIONSHIP;
}

/* Map ev->kind onto the T/depth types; other kinds belong to other rule
 * families. */
static bmp_status map_kind(const bmp_event *ev, acbl_type *out, bmp_error *err)
{
    switch (ev->kind) {
    case BMP_KIND_PAIRS: *out = ACBL_TYPE_PAIRS; return BMP_OK;
    case BMP_KIND_SWISS_TEAMS: *out = ACBL_TYPE_SWISS; return BMP_OK;
    case BMP_KIND_BAM: *out = ACBL_TYPE_BAM; return BMP_OK;
    case BMP_KIND_INDIVIDUAL: *out = ACBL_TYPE_INDIVIDUAL; return BMP_OK;
    case BMP_KIND_TEAM_OF_TWO: *out = ACBL_TYPE_TEAM_OF_TWO; return BMP_OK;
    case BMP_KIND_KNOCKOUT:
        return bmp_not_supported(err, "knockout teams", "ACBL-36", "II.A",
                                 "the Knockout Teams Formula is not implemented yet");
    default: break;
    }
    char why[128];
    snprintf(why, sizeof why, "the ACBL regulation has no T factor for kind \"%s\"",
             bmp_event_kind_name(ev->kind));
    return bmp_not_supported(err, "event type", "ACBL-7", "I.A", why);
}

/* Edition, classification, rating (ACBL-62/63 at NABCs) and event type. */
static bmp_status setup_class(const bmp_event *ev, const char *edition, acbl_calc *c,
                              bmp_error *err)
{
    bmp_status st = acbl_edition_parse(edition, &c->ed, err);
    if (st)
        return st;
    if (!acbl_class_parse(ev->classification, &c->cls))
        return bad(err, "$.classification",
                   "expected club-masterpoint, club-championship, unit, sectional, regional or "
                   "national",
                   ev->classification);
    c->rating = ACBL_RATING_CHAMPIONSHIP;
    if (ev->rating && !acbl_rating_parse(ev->rating, &c->rating))
        return bad(err, "$.rating",
                   "expected championship, non-championship, consolation or charity", ev->rating);
    /* ACBL-62/63: "Side games at NABCs are the same as side games at
     * Regionals", and consolations are computed like them: a nationally
     * rated non-championship event would take R 22.50 and platinum. */
    if (c->cls == ACBL_CLASS_NATIONAL && (c->rating == ACBL_RATING_NON_CHAMPIONSHIP ||
                                          c->rating == ACBL_RATING_CONSOLATION))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.rating: side games and consolations at NABCs are computed as at "
                             "a Regional (ACBL-62, ACBL-63): expected classification "
                             "\"regional\" for a %s event, got \"national\"",
                             acbl_rating_name(c->rating));
    return map_kind(ev, &c->type, err);
}

/* ACBL-5: M needs an upper limit of at least 1, for the event and every
 * division (log10(0) made M infinite and the award -92233720368547758.07,
 * audit); and some tables. */
static bmp_status check_limits(const bmp_event *ev, bmp_error *err)
{
    if (ev->upper_limit == 0)
        return bmp_error_set(err, BMP_ERANGE,
                             "$.upper_limit: M = log10(UL)/5 + 0.1102 needs an upper limit of at "
                             "least 1 (ACBL-5), got 0");
    if (!(ev->tables > 0))
        return bmp_error_set(err, BMP_EINVAL, "$.tables: expected more than 0 tables");
    for (size_t gi = 0; gi < ev->ngroups; gi++)
        if (ev->groups[gi].upper_limit == 0)
            return bmp_error_set(err, BMP_ERANGE,
                                 "$.groups[%zu].upper_limit: M = log10(UL)/5 + 0.1102 needs an "
                                 "upper limit of at least 1 (ACBL-5), got 0",
                                 gi);
    return BMP_OK;
}

/* NABC events are nationally rated; ACBL-16 is a later-edition note for
 * 6-session NABC pair games only (elsewhere final_qualifiers would be
 * silently ignored). */
static bmp_status setup_nabc(const bmp_event *ev, acbl_calc *c, bmp_error *err)
{
    c->nabc = bmp_params_bool(&ev->params, "nabc", false);
    if (c->nabc && c->cls != ACBL_CLASS_NATIONAL)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.nabc: an NABC event is nationally rated: expected "
                             "classification \"national\", got \"%s\"",
                             acbl_class_name(c->cls));
    if (!bmp_params_has(&ev->params, "final_qualifiers"))
        return BMP_OK;
    double fq = bmp_params_number(&ev->params, "final_qualifiers", 0);
    if (c->ed != ACBL_ED_CURRENT || !c->nabc || ev->kind != BMP_KIND_PAIRS || ev->sessions < 6)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.final_qualifiers: only 6-session NABC pair games "
                             "(params.nabc, kind pairs, 6 sessions) of the current edition "
                             "pay every final qualifier (ACBL-16; the 2003 edition has no "
                             "such note)");
    if (!(fq >= 1) || !(fq <= 2 * ev->tables) || fq != (int)fq)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.final_qualifiers: expected the number of pairs in the "
                             "final two sessions (a whole number from 1 to the %g pairs "
                             "entered), got %g",
                             2 * ev->tables, fq);
    return BMP_OK;
}

/* ACBL-5: M from the upper limit, noted with its formula and caps. */
static void factor_m(const bmp_event *ev, acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    c->m = acbl_factor_m(ev->upper_limit, c->rating);
    if (ev->upper_limit == BMP_NO_LIMIT) {
        bmp_awards_note(out, err, "M = 1.0000: no upper limit (ACBL-5)%s",
                        c->m < 1.0 ? "; capped at 0.65 for non-championship/consolation "
                                     "(ACBL-62/63)"
                                   : "");
        return;
    }
    double raw = acbl_factor_m_formula(ev->upper_limit);
    bmp_awards_note(out, err, "M = log10(%lld)%s = %.6f%s -> %.6f (ACBL-5%s)",
                    (long long)ev->upper_limit,
                    ev->upper_limit < 500 ? "/5 + 0.1102" : "/3.11 - 0.218", raw,
                    raw > 1.0 ? ", capped at 1.0" : "", c->m,
                    c->m < raw && c->m == ACBL_M_SIDE_GAME_CAP
                        ? ", capped at 0.65 for non-championship/consolation: ACBL-62/63"
                        : "");
}

/* ACBL-6: P from the participant restrictions (A-21); juniors noted. */
static void factor_p(const bmp_event *ev, acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    for (size_t i = 0; i < ev->nrestrictions; i++) {
        if (acbl_restriction_counts(ev->restrictions[i]))
            c->nrestrictions++;
        else
            bmp_awards_note(out, err, "restriction \"%s\" is not a participant restriction for P "
                                 "(ACBL-6; A-21)",
                            ev->restrictions[i]);
        if (strncasecmp(ev->restrictions[i], "junior", 6) == 0 ||
            strcasecmp(ev->restrictions[i], "youth") == 0)
            c->junior = true;
    }
    c->p = acbl_factor_p(c->nrestrictions);
    bmp_awards_note(out, err, "P = %.2f for %d participant restriction%s (ACBL-6)", c->p,
                    c->nrestrictions, c->nrestrictions == 1 ? "" : "s");
}

/* Factors (ACBL-2..7), each noted with its rule. */
static bmp_status factors(const bmp_event *ev, const char *edition, acbl_calc *c,
                          bmp_awards *out, bmp_error *err)
{
    const char *sec_a = c->ed == ACBL_ED_2003 ? "2003 p.1" : "later §I.A";
    bmp_status st = bmp_awards_note(out, err,
                                    "ACBL edition %s (%s); %s %s %s, %d session%s, %g tables",
                                    edition, c->ed == ACBL_ED_2003 ? edition_docs[1]
                                                                   : edition_docs[0],
                                    acbl_class_name(c->cls), acbl_rating_name(c->rating),
                                    acbl_type_name(c->type), c->sessions,
                                    c->sessions == 1 ? "" : "s", c->tables);
    /* Club Masterpoint games have no R (ACBL-96): only what needs R fails. */
    if ((c->cls != ACBL_CLASS_CLUB_MASTERPOINT && (st = acbl_factor_r(c->cls, &c->r, err))) ||
        (st = acbl_factor_s(c->sessions, &c->s, err)))
        return st;
    c->b = acbl_factor_b(c->tables);
    if (c->tables < 61)
        bmp_awards_note(out, err, "B = (%g + 10) / 60 = %.6f (ACBL-2, %s)", c->tables, c->b, sec_a);
    else
        bmp_awards_note(out, err, "B = log10(%g / 4) = %.6f (ACBL-2, %s)", c->tables, c->b, sec_a);
    if (c->cls == ACBL_CLASS_CLUB_MASTERPOINT)
        bmp_awards_note(out, err, "R: none for Club Masterpoint games (ACBL-96)");
    else
        bmp_awards_note(out, err, "R = %.2f for %s (ACBL-3)", c->r, acbl_class_name(c->cls));
    bmp_awards_note(out, err, "S = %.2f for %d session%s (ACBL-4)", c->s, c->sessions,
                    c->sessions == 1 ? "" : "s");
    factor_m(ev, c, out, err);
    factor_p(ev, c, out, err);
    c->t = acbl_factor_t(c->type);
    bmp_awards_note(out, err, "T = %.2f for %s (ACBL-7%s)", c->t, acbl_type_name(c->type),
                    c->type == ACBL_TYPE_TEAM_OF_TWO ? ", ACBL-76" : "");
    return BMP_OK;
}

static bmp_status setup(const bmp_event *ev, const char *edition, acbl_calc *c, bmp_awards *out,
                        bmp_error *err)
{
    memset(c, 0, sizeof *c);
    c->ev = ev;
    bmp_status st = setup_class(ev, edition, c, err);
    if (!st)
        st = check_limits(ev, err);
    if (st)
        return st;
    c->club = is_club(c->cls);
    c->first_factor = c->m_cap = c->session_factor = 1.0;
    c->unrestricted_events = 1;
    c->sessions = ev->sessions;
    c->tables = ev->tables;
    if ((st = setup_nabc(ev, c, err)))
        return st;
    snprintf(c->sec_overall, sizeof c->sec_overall, "%s",
             c->ed == ACBL_ED_2003 ? "2003 p.2" : "later §I.B");
    snprintf(c->sec_session, sizeof c->sec_session, "%s",
             c->ed == ACBL_ED_2003 ? "2003 p.2" : "later §I B. Session Awards");
    return factors(ev, edition, c, out, err);
}

/* ACBL-20 names one cut and "a second cut": the cut parameters must say
 * which sessions follow them, or the increase would silently be wrong.
 * Also the other numeric event parameters that would otherwise be ignored
 * or truncated (ACBL-65, 66, 92). */
static bmp_status check_cuts(const bmp_event *ev, bmp_error *err)
{
    const bmp_params *pp = &ev->params;
    if (bmp_params_has(pp, "cuts")) {
        double n = bmp_params_number(pp, "cuts", 0);
        if (!(n == 0 || n == 1 || n == 2))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.cuts: expected 0, 1 or 2 cuts (ACBL-20 increases "
                                 "session awards after one cut and after a second cut), got %g",
                                 n);
        if (bmp_params_has(pp, "cut1_after_session") || bmp_params_has(pp, "cut2_after_session"))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.cuts: give either cuts or cut1_after_session / "
                                 "cut2_after_session, not both (ACBL-20)");
    }
    static const char *const keys[] = {"cut1_after_session", "cut2_after_session"};
    for (int k = 0; k < 2; k++) {
        if (!bmp_params_has(pp, keys[k]))
            continue;
        double v = bmp_params_number(pp, keys[k], 0);
        if (!(v >= 1 && v < ev->sessions) || v != (int)v)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.%s: expected a session from 1 to %d (sessions after "
                                 "it follow the cut, ACBL-20), got %g",
                                 keys[k], ev->sessions - 1, v);
    }
    /* Counts that the rules use as whole numbers or positive amounts: a bad
     * value must not be silently ignored, truncated or replaced by 1. */
    if (bmp_params_has(pp, "combined_tables") && !(bmp_params_number(pp, "combined_tables", 0) > 0))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.combined_tables: expected the tables at both sites of a "
                             "split Regional (more than 0, ACBL-66), got %g",
                             bmp_params_number(pp, "combined_tables", 0));
    static const char *const counts[] = {"concurrent_unrestricted_events", "sections_combined"};
    static const char *const rules[] = {"ACBL-65", "ACBL-92"};
    for (int k = 0; k < 2; k++) {
        if (!bmp_params_has(pp, counts[k]))
            continue;
        double v = bmp_params_number(pp, counts[k], 0);
        if (!(v >= 1) || v != (int)v)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.%s: expected a whole number, 1 or more (%s), got %g",
                                 counts[k], rules[k], v);
    }
    if (bmp_params_has(pp, "cut2_after_session") &&
        !(bmp_params_number(pp, "cut2_after_session", 0) >
          bmp_params_number(pp, "cut1_after_session", 0)))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.cut2_after_session: the second cut must follow "
                             "cut1_after_session (ACBL-20)");
    return BMP_OK;
}

/* The General Formula families on ev, or on its copy with ineligible
 * contestants unpaid and the eligible re-ranked (ACBL-154); special events
 * (ACBL-153, 155) and the larger of overall and section awards (ACBL-152). */
static bmp_status award_general(const bmp_event *ev, const char *edition, bmp_awards *out,
                                bmp_error *err)
{
    bmp_event elig;
    bool copy = acbl_any_ineligible(ev);
    bmp_status st = copy ? acbl_eligible_event(ev, &elig, out, err) : BMP_OK;
    if (st)
        return st;
    if (acbl_is_club_event(copy ? &elig : ev)) { /* club_games.c (ACBL-C1..C12) */
        st = acbl_concurrent_tables(ev, ACBL_CLASS_CLUB_MASTERPOINT, err);
        if (!st)
            st = acbl_award_club(copy ? &elig : ev, edition, out, err);
        if (copy)
            acbl_eligible_event_free(ev, &elig);
        return st;
    }
    acbl_calc c;
    size_t from = out->count;
    st = setup(copy ? &elig : ev, edition, &c, out, err);
    if (!st)
        st = check_cuts(ev, err);
    if (!st)
        st = acbl_special(&c, out, err);
    if (!st)
        st = acbl_classify(&c, out, err);
    if (!st)
        st = acbl_overall_awards(&c, out, err);
    if (!st)
        st = acbl_session_ranking_awards(&c, out, err);
    if (!st)
        st = acbl_match_awards(&c, out, err);
    if (!st)
        st = acbl_larger_overall(&c, from, out, err);
    if (!st)
        st = acbl_nap_club_colours(&c, from, out, err);
    if (copy)
        acbl_eligible_event_free(ev, &elig);
    return st;
}

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    /* Knockouts, NABC fixed-award and WBF events: src/acbl/ko_*.c, nabc.c,
     * wbf.c.  A zip KO is a one-session Swiss side game (ACBL-47).  Every
     * family's params are checked first (params.c). */
    bmp_status pst = bmp_params_check_event(ev, &acbl_param_specs, err);
    if (pst)
        return pst;
    bmp_event zip;
    if (acbl_any_ineligible(ev) && (ev->kind == BMP_KIND_KNOCKOUT || acbl_is_nabc_event(ev) ||
                                    acbl_is_wbf_event(ev)))
        return bmp_not_supported(err, "ineligible contestants in knockout, NABC and WBF events",
                                 "ACBL-154", "ruling ACBL-R53",
                                 "re-ranking is implemented for the General Formula events only");
    if (acbl_ko_zip_as_swiss(ev, &zip)) {
        bmp_awards_note(out, err,
                        "zip knockout: computed as a one-session Swiss teams side game, M "
                             "at most 0.65 (ACBL-47)");
        ev = &zip;
    } else if (ev->kind == BMP_KIND_KNOCKOUT && !acbl_is_nabc_event(ev) && !acbl_is_wbf_event(ev))
        return acbl_award_knockout(ev, edition, out, err);
    if (acbl_is_wbf_event(ev))
        return acbl_award_wbf(ev, edition, out, err);
    if (acbl_is_nabc_event(ev))
        return acbl_award_nabc(ev, edition, out, err);
    return award_general(ev, edition, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    acbl_edition ed;
    bmp_status st = acbl_edition_parse(edition, &ed, err);
    if (st)
        return st;
    return acbl_scale(name, ed, opts, out, err);
}

/* Pigmentation (later §IV.E; 2003 p.14): every pigment counts 1:1 into a
 * player's masterpoint total.  ACBLscore's letters are read in USEBIO. */
static const char *const usebio_black[] = {"BLACK", "B", NULL};
static const char *const usebio_silver[] = {"SILVER", "S", NULL};
static const char *const usebio_red[] = {"RED", "R", NULL};
static const char *const usebio_gold[] = {"GOLD", "G", NULL};
static const char *const usebio_platinum[] = {"PLATINUM", "P", NULL};
#define ACBL_COMBINE "counts 1:1 into the masterpoint total (§IV.E)"
static const bmp_point_type point_types[] = {
    {"black", "Black points (club)", "black", BMP_UNIT_CENT, 1, true, ACBL_COMBINE, "ACBL-85",
     usebio_black, 1},
    {"silver", "Silver points (Sectional)", "silver", BMP_UNIT_CENT, 1, true, ACBL_COMBINE,
     "ACBL-87", usebio_silver, 1},
    {"red", "Red points (Regional)", "red", BMP_UNIT_CENT, 1, true, ACBL_COMBINE, "ACBL-88",
     usebio_red, 1},
    {"gold", "Gold points (Regional)", "gold", BMP_UNIT_CENT, 1, true, ACBL_COMBINE, "ACBL-88",
     usebio_gold, 1},
    {"platinum", "Platinum points (NABC)", "platinum", BMP_UNIT_CENT, 1, true, ACBL_COMBINE,
     "ACBL-90", usebio_platinum, 1},
    {0}};

/* The ACBL player number: seven digits, the first replaced by a letter J
 * (1) .. R (9) for a Life Master (ACBL Handbook, "The Player Number"; not in
 * the masterpoint regulations: docs/rulings.md, RI-3). */
static bmp_status player_id_check(const char *id, unsigned flags, bmp_error *err)
{
    (void)flags; /* no check digit is known */
    size_t n = id ? strlen(id) : 0;
    bool ok = n == 7, nonzero = false;
    for (size_t i = 0; ok && i < n; i++) {
        char c = id[i];
        bool lm = i == 0 && ((c >= 'J' && c <= 'R') || (c >= 'j' && c <= 'r'));
        ok = lm || (c >= '0' && c <= '9');
        nonzero |= c != '0';
    }
    if (!ok || !nonzero)
        return bmp_error_set(err, BMP_EINVAL,
                             "ACBL player number \"%s\": expected 7 digits, not all zero, the "
                             "first of them J-R for a Life Master",
                             id ? id : "");
    return BMP_OK;
}

/* A non-member as scoring programs write one: "NM" (any case, also "N/M"),
 * or a number of zeros (docs/rulings.md RI-5: issue 43's ACBL files; the
 * regulations give no form). */
static bool player_id_guest(const char *id)
{
    if (!id || !*id)
        return false;
    if (strcasecmp(id, "NM") == 0 || strcasecmp(id, "N/M") == 0)
        return true;
    return strspn(id, "0") == strlen(id);
}

/* Ranks (Life Master and the others) are in the ACBL Handbook, not in the
 * masterpoint regulations this library follows (docs/rulings.md, RI-4). */
static bmp_status rank(const bmp_holding *h, bmp_rank *out, bmp_error *err)
{
    (void)h;
    (void)out;
    return bmp_not_supported(err, "ACBL ranks", "RI-4", "none in the regulations",
                             "the rank requirements (Club Master .. Grand Life Master) are in "
                             "the ACBL Handbook, not in the masterpoint regulations followed here");
}

const bmp_rules acbl_rules = {
    .body = "acbl",
    .name = "American Contract Bridge League",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
    .point_types = point_types,
    .total_doc = "masterpoint total = black + silver + red + gold + platinum (§IV.E)",
    .player_id_doc = "ACBL player number: 7 digits, the first J-R for a Life Master",
    .player_id_check = player_id_check,
    .player_id_guest = player_id_guest,
    .rank = rank,
    .params = &acbl_param_specs,
    .scale_option = "classification",
    .scale_values = "club-masterpoint|club-championship|unit|sectional|regional|national",
};
