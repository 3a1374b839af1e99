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
#include "core/strindex.h"
#include "acbl/ko.h"

static const char *const editions[] = {"current", "2003", NULL};
static const char *const edition_docs[] = {
    "Masterpoint Awards Rules & Regulations (later, undated)",
    "Masterpoint Rules & Regulations MPBOOK.041 (Rev. 11/2003)", NULL};
static const bmp_scale_info scales[] = {
    {"appendix-a", "B factor by tables (ACBL-2; 2003: 0-499, current: 1-250)"},
    {"appendix-b", "sample M factor values (ACBL-5)"},
    {"appendix-c", "overall awards relative to 1st by sessions (ACBL-9/10/11)"},
    {"appendix-e", "L factor by boards per match (ACBL-26)"},
    {"appendix-f", "2003 KO bracket table counts, six brackets of 16 (ACBL-29/30)"},

    {"ko-overall-pct", "KO overall percentages by position (ACBL-33 / ACBL-41)"},
    {"ko-reduction-factor", "later KO reduction factor by teams (ACBL-39)"},
    {"ko-computed-award", "later KO Computed Award by bracket AVG MP (ACBL-37)"},
    {"nabc-pairs", "NABC pair events (ACBL-53)"},
    {"nabc-teams", "NABC Swiss and BAM team events (ACBL-55)"},
    {"nabc-ko", "NABC knockout events, fixed and formula (ACBL-57, ACBL-60)"},
    {"nabc-min-tables", "NABC minimum-table reductions (ACBL-54, ACBL-56, ACBL-58)"},
    {"wbf", "WBF events: fixed first places (ACBL-97)"},
    {NULL, NULL}};

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

static bmp_status setup(const bmp_event *ev, const char *edition, acbl_calc *c, bmp_awards *out,
                        bmp_error *err)
{
    memset(c, 0, sizeof *c);
    c->ev = ev;
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
    if ((st = map_kind(ev, &c->type, err)))
        return st;
    if (ev->upper_limit == 0)
        return bmp_error_set(err, BMP_ERANGE,
                             "$.upper_limit: M = log10(UL)/5 + 0.1102 needs an upper limit of at "
                             "least 1 (ACBL-5), got 0");
    if (!(ev->tables > 0))
        return bmp_error_set(err, BMP_EINVAL, "$.tables: expected more than 0 tables");
    /* The same for every division: log10(0) made M infinite and the award
     * -92233720368547758.07 (audit). */
    for (size_t gi = 0; gi < ev->ngroups; gi++)
        if (ev->groups[gi].upper_limit == 0)
            return bmp_error_set(err, BMP_ERANGE,
                                 "$.groups[%zu].upper_limit: M = log10(UL)/5 + 0.1102 needs an "
                                 "upper limit of at least 1 (ACBL-5), got 0",
                                 gi);
    c->club = is_club(c->cls);
    c->first_factor = c->m_cap = c->session_factor = 1.0;
    c->unrestricted_events = 1;
    c->nabc = bmp_params_bool(&ev->params, "nabc", false);
    if (c->nabc && c->cls != ACBL_CLASS_NATIONAL)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.nabc: an NABC event is nationally rated: expected "
                             "classification \"national\", got \"%s\"",
                             acbl_class_name(c->cls));
    c->sessions = ev->sessions;
    c->tables = ev->tables;
    /* ACBL-16 is a later-edition note for 6-session NABC pair games only;
     * elsewhere final_qualifiers would be silently ignored. */
    if (bmp_params_has(&ev->params, "final_qualifiers")) {
        double fq = bmp_params_number(&ev->params, "final_qualifiers", 0);
        if (c->ed != ACBL_ED_CURRENT || !c->nabc || ev->kind != BMP_KIND_PAIRS ||
            ev->sessions < 6)
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
    }
    snprintf(c->sec_overall, sizeof c->sec_overall, "%s", c->ed == ACBL_ED_2003 ? "2003 p.2" : "later §I.B");
    snprintf(c->sec_session, sizeof c->sec_session, "%s",
             c->ed == ACBL_ED_2003 ? "2003 p.2" : "later §I B. Session Awards");

    /* Factors (ACBL-2..7), each noted with its rule. */
    const char *sec_a = c->ed == ACBL_ED_2003 ? "2003 p.1" : "later §I.A";
    st = bmp_awards_note(out, err,
                         "ACBL edition %s (%s); %s %s %s, %d session%s, %g tables", edition,
                         c->ed == ACBL_ED_2003 ? edition_docs[1] : edition_docs[0],
                         acbl_class_name(c->cls), acbl_rating_name(c->rating),
                         acbl_type_name(c->type), c->sessions, c->sessions == 1 ? "" : "s",
                         c->tables);
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
    c->m = acbl_factor_m(ev->upper_limit, c->rating);
    if (ev->upper_limit == BMP_NO_LIMIT)
        bmp_awards_note(out, err, "M = 1.0000: no upper limit (ACBL-5)%s",
                        c->m < 1.0 ? "; capped at 0.65 for non-championship/consolation "
                                     "(ACBL-62/63)"
                                   : "");
    else {
        double raw = acbl_factor_m_formula(ev->upper_limit);
        bmp_awards_note(out, err, "M = log10(%lld)%s = %.6f%s -> %.6f (ACBL-5%s)",
                        (long long)ev->upper_limit,
                        ev->upper_limit < 500 ? "/5 + 0.1102" : "/3.11 - 0.218", raw,
                        raw > 1.0 ? ", capped at 1.0" : "", c->m,
                        c->m < raw && c->m == ACBL_M_SIDE_GAME_CAP
                            ? ", capped at 0.65 for non-championship/consolation: ACBL-62/63"
                            : "");
    }
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
    c->t = acbl_factor_t(c->type);
    bmp_awards_note(out, err, "T = %.2f for %s (ACBL-7%s)", c->t, acbl_type_name(c->type),
                    c->type == ACBL_TYPE_TEAM_OF_TWO ? ", ACBL-76" : "");
    return BMP_OK;
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

/* Cuts before session s (ACBL-20). */
static int cuts_before(const bmp_params *pp, int session)
{
    int n = 0;
    double c1 = bmp_params_number(pp, "cut1_after_session", 0);
    double c2 = bmp_params_number(pp, "cut2_after_session", 0);
    if (c1 > 0 && session > c1)
        n++;
    if (c2 > 0 && session > c2)
        n++;
    if (c1 <= 0 && c2 <= 0)
        n = (int)bmp_params_number(pp, "cuts", 0);
    return n > 2 ? 2 : n;
}

/* One (contestant, ranking) entry; a ranking's entries are listed by
 * bmp_buckets_make in contestant order (linear time). */
typedef struct rank_ref {
    size_t ci, r;
    const char *key;
} rank_ref;

static const char *rank_ref_key(const void *arr, size_t i)
{
    return ((const rank_ref *)arr)[i].key;
}

/* Session awards of one ranking (ACBL-17..24), whose entries are
 * refs[items[0..m)]. */
static bmp_status session_ranking(acbl_calc *c, const char *key, const rank_ref *refs,
                                  const size_t *items, size_t m, bmp_awards *out,
                                  bmp_error *err)
{
    const bmp_event *ev = c->ev;
    size_t pi = refs[items[0]].ci, pr = refs[items[0]].r;
    const bmp_ranking_entry *proto = &ev->contestants[pi].rankings[pr];
    const bmp_group *g = proto->section ? bmp_event_group(ev, proto->section) : NULL;
    double tables = g && g->tables > 0 ? g->tables : c->tables;
    /* A ranking that names a section is scored within it; ACBL-23 ("scoring
     * is done across multiple sections", 26+ tables) is for rankings across
     * sections.  A section of 26+ tables is almost always the event's
     * tables standing in for a section group that is missing (audit). */
    if (proto->section && tables >= 26 && !c->club)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].rankings[%zu].section: section \"%s\" with %g "
                             "tables%s: expected %s (session awards are based on the section, "
                             "ACBL-17; 26+ tables are scored across sections, ACBL-23, in a "
                             "ranking that names no section)",
                             pi, pr, proto->section, tables,
                             g ? "" : " (the event's: no group of that name)",
                             g ? "a section of fewer than 26 tables"
                               : "a group of that name giving the section's tables");
    double field;
    if (g && bmp_params_has(&g->params, "field")) {
        field = bmp_params_number(&g->params, "field", 0);
        if (!(field >= 1))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.groups[%zu].params.field: expected the number of "
                                 "contestants the session ranking compares (1 or more) for the "
                                 "40%% depth (ACBL-18), got %g",
                                 (size_t)(g - ev->groups), field);
    } else {
        double per_table = c->type == ACBL_TYPE_INDIVIDUAL ? 4 : acbl_type_is_teams(c->type) ? 1 : 2;
        if (proto->direction && !acbl_type_is_teams(c->type))
            per_table /= 2;
        field = tables * per_table;
    }
    acbl_session_scale scale = ACBL_SESSION_STANDARD;
    const char *rule = "ACBL-18";
    if (c->club) {
        double pairs = tables * 2, r;
        bmp_status rs = acbl_factor_r(c->cls, &r, err);
        if (rs)
            return rs;
        if (c->type != ACBL_TYPE_PAIRS || pairs < 16)
            return bmp_not_supported(err, "club game session awards", "ACBL-95", "IV.F",
                                     "club awards follow the club scale of Handbook chapter 4, "
                                     "which is not part of the regulation");
        if (pairs < 60)
            return bmp_not_supported(
                err, "club/Internet games of 16 to 59 pairs", "ACBL-22", "I, App. D",
                "Appendix D takes the lower of the 4-session scale and the club scale for first "
                "place without a cap; the club scale (Handbook chapter 4) is not part of the "
                "regulation");
        scale = ACBL_SESSION_FOUR_SESSION;
        rule = "ACBL-21";
    }
    double btables = tables;
    if (tables >= 26 && !c->club) {
        scale = ACBL_SESSION_MULTI_SECTION;
        rule = "ACBL-23";
        btables = acbl_multisection_tables(tables);
    }
    bool ind1 = c->type == ACBL_TYPE_INDIVIDUAL && ev->movement == BMP_MOVEMENT_ONE_WINNER;
    double frac = acbl_session_fraction(ind1);
    double b = acbl_factor_b(btables);
    double real = frac * b * c->r * c->m * c->p * c->t;
    bmp_points first = acbl_round_award(real);
    int depth = acbl_session_depth(field);
    /* Adjustments: Flight A +10% at Sectionals and higher (ACBL-19), +10% /
     * +20% after one / two cuts (ACBL-20), applied to each calculated award. */
    int64_t num = 100, den = 100;
    char adj[200] = "";
    if (c->session_factor != 1.0) { /* ACBL-75: series side game sessions at 80% */
        num = 80;
        snprintf(adj, sizeof adj, " x 0.80 Side Game Series game (ACBL-75)");
    }
    bool flight_a = bmp_params_bool(&ev->params, "flight_a", false);
    if (flight_a && c->cls >= ACBL_CLASS_SECTIONAL) {
        num = num * 110;
        den = den * 100;
        size_t l = strlen(adj);
        snprintf(adj + l, sizeof adj - l, " x 1.10 Flight A (ACBL-19)");
    }
    int cuts = cuts_before(&ev->params, proto->session);
    if (cuts > 0) {
        num = num * (100 + 10 * cuts);
        den = den * 100;
        size_t l = strlen(adj);
        snprintf(adj + l, sizeof adj - l, " x %s after %d cut%s (ACBL-20)",
                 cuts == 1 ? "1.10" : "1.20", cuts, cuts == 1 ? "" : "s");
    }
    char fs[32];
    bmp_points_format(first, fs, sizeof fs);
    bmp_awards_note(out, err,
                    "%s: session 1st = %.2f x B(%s%.4g) x R x M x P x T = %.2f x %.6f x %.2f x "
                    "%.6f x %.2f x %.2f = %.6f -> %s (%s%s); depth 40%% of %g = %d (ACBL-18)%s",
                    key, frac, scale == ACBL_SESSION_MULTI_SECTION ? "2 sqrt(13 (T - 13)) = " : "",
                    btables, frac, b, c->r, c->m, c->p, c->t, real, fs,
                    ind1 ? "ACBL-24" : "ACBL-17",
                    scale == ACBL_SESSION_MULTI_SECTION ? ", ACBL-23" : "", field, depth, adj);
    bmp_points *awards = calloc((size_t)depth + 1, sizeof *awards);
    if (!awards)
        return bmp_error_oom(err);
    for (int pos = 1; pos <= depth; pos++) {
        awards[pos - 1] = acbl_session_place(first, pos, scale);
        if (num != den)
            awards[pos - 1] =
                bmp_mul_ratio(awards[pos - 1], num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    }
    acbl_colour_in ci;
    bmp_status st = BMP_OK;
    /* ACBL-92: combined sections pay as many gold session places as sections
     * combined (each at least 9 tables). */
    int gold_places = 1;
    int combined = (int)bmp_params_number(&ev->params, "sections_combined", 0);
    if (!proto->section && combined > 1) {
        if (tables / combined >= 9)
            gold_places = combined;
        bmp_awards_note(out, err, "%s: %d sections combined%s (ACBL-92)", key, combined,
                        tables / combined >= 9 ? ": gold session places = sections combined"
                                               : ", but sections under 9 tables: one gold place");
    }
    for (size_t k = 0; k < m && !st; k++) {
        size_t i = refs[items[k]].ci;
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        {
            const bmp_ranking_entry *re = &ct->rankings[refs[items[k]].r];
            if (re->place.lo > depth)
                continue;
            bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = re->place};
            bool top = re->place.lo <= gold_places;
            acbl_calc_colour(c, ev->upper_limit, top, true, &ci);
            const char *crule;
            const char *colour = acbl_calc_colour_name(c, &ci, &crule);
            const char *arule = re->place.lo == 1 && !re->place.tied
                                    ? (ind1 ? "ACBL-24" : "ACBL-17")
                                    : rule;
            bmp_award_set(&aw, "session", key, colour, arule,
                          scale == ACBL_SESSION_MULTI_SECTION || scale == ACBL_SESSION_FOUR_SESSION
                              ? (c->ed == ACBL_ED_2003 ? "2003 p.3" : "later §I Adjustments")
                              : c->sec_session);
            char d[128], a[32];
            if (re->place.hi > re->place.lo) {
                aw.points = bmp_tie_share(awards, (size_t)depth, re->place.lo, re->place.hi,
                                          BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
                bmp_points_format(aw.points, a, sizeof a);
                if (strcmp(colour, "gold") == 0 && c->ed == ACBL_ED_CURRENT &&
                    re->place.hi > gold_places) {
                    /* ACBL-89 later: a tie for a section top shares gold and
                     * red: the share of the gold places is gold, the rest
                     * red (with combined sections, ACBL-92, a tie across
                     * the last gold place likewise; audit). */
                    int64_t w[2] = {0, 0};
                    for (int p = re->place.lo; p <= re->place.hi; p++)
                        w[p > gold_places] += p <= depth ? awards[p - 1] : 0;
                    bmp_points parts[2];
                    bmp_split(aw.points, w, 2, BMP_ROUND_HALF_UP, parts);
                    char g[32], rd[32];
                    bmp_points_format(parts[0], g, sizeof g);
                    bmp_points_format(parts[1], rd, sizeof rd);
                    aw.points = parts[0];
                    bmp_award_set(&aw, NULL, NULL, "gold", "ACBL-89", NULL);
                    st = bmp_awards_add(out, err, &aw,
                                        "tie %d/%d for section top: average %s shared gold %s / "
                                        "red %s in proportion to the tied places' awards "
                                        "(ACBL-89 later; C-2)",
                                        re->place.lo, re->place.hi, a, g, rd);
                    aw.points = parts[1];
                    bmp_award_set(&aw, NULL, NULL, "red", "ACBL-89", NULL);
                    if (!st && parts[1])
                        st = bmp_awards_add(out, err, &aw, "red part of the shared section top "
                                                      "(ACBL-89 later)");
                    continue;
                }
                st = bmp_awards_add(out, err, &aw,
                                    "tie %d/%d shares the average of the tied session awards -> "
                                    "%s (C-2); colour %s (%s%s)",
                                    re->place.lo, re->place.hi, a, colour, crule,
                                    top && strcmp(colour, "gold") == 0 ? ", ACBL-89 2003: gold"
                                                                       : "");
            } else {
                aw.points = awards[re->place.lo - 1];
                acbl_session_describe(first, re->place.lo, scale, d, sizeof d);
                bmp_points_format(aw.points, a, sizeof a);
                /* ACBL-R8: the factor applies to the cent-rounded award;
                 * the derivation shows that value before the factor. */
                char base[40] = "";
                if (num != den) {
                    char bv[32];
                    bmp_points_format(acbl_session_place(first, re->place.lo, scale), bv,
                                      sizeof bv);
                    snprintf(base, sizeof base, " -> %s", bv);
                }
                st = bmp_awards_add(out, err, &aw,
                                    "session place %d: %s%s%s -> %s; colour %s (%s)",
                                    re->place.lo, d, base, adj, a, colour, crule);
            }
        }
    }
    free(awards);
    return st;
}

/* Each ranking once, at its first entry; the validity of every entry in
 * order (as before any ranking after it is awarded). */
static bmp_status session_rankings(acbl_calc *c, const rank_ref *refs, const bmp_buckets *b,
                                   bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    size_t e = 0, k = 0;
    for (size_t i = 0; i < ev->ncontestants && !st; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings && !st; r++, e++) {
            const bmp_ranking_entry *re = &ev->contestants[i].rankings[r];
            if (re->session == 0) {
                /* a stratum ranking: overall awards (fields.c) */
                const bmp_group *g = bmp_event_group(ev, re->ranking);
                if (!g || !g->type || strcasecmp(g->type, "stratum") != 0)
                    return bmp_error_set(err, BMP_EINVAL,
                                         "$.contestants[%zu].rankings[%zu].ranking: \"%s\" is "
                                         "not a session: expected a session number or the name "
                                         "of a group of type \"stratum\"",
                                         i, r, re->ranking);
                continue;
            }
            if (re->session > ev->sessions)
                return bmp_error_set(err, BMP_EINVAL,
                                     "$.contestants[%zu].rankings[%zu].session: expected a "
                                     "session from 1 to %d (the event's sessions), got %d",
                                     i, r, ev->sessions, re->session);
            /* Buckets are numbered in order of first entry. */
            while (k < b->nb && b->items[b->start[k]] < e)
                k++;
            if (k < b->nb && b->items[b->start[k]] == e)
                st = session_ranking(c, re->ranking, refs, &b->items[b->start[k]],
                                     b->start[k + 1] - b->start[k], out, err);
        }
    return st;
}

static bmp_status session_awards(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    size_t nrefs = 0, e = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        nrefs += ev->contestants[i].nrankings;
    rank_ref *refs = malloc((nrefs ? nrefs : 1) * sizeof *refs);
    for (size_t i = 0; refs && i < ev->ncontestants; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++)
            refs[e++] = (rank_ref){i, r, ev->contestants[i].rankings[r].ranking};
    bmp_buckets b;
    if (!refs || !bmp_buckets_make(&b, nrefs, rank_ref_key, refs)) {
        free(refs);
        return bmp_error_set(err, BMP_ENOMEM, "out of memory");
    }
    bmp_status st = session_rankings(c, refs, &b, out, err);
    bmp_buckets_free(&b);
    free(refs);
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
    acbl_calc c;
    bmp_status st = setup(ev, edition, &c, out, err);
    if (!st)
        st = check_cuts(ev, err);
    if (!st)
        st = acbl_classify(&c, out, err);
    if (!st)
        st = acbl_overall_awards(&c, out, err);
    if (!st)
        st = session_awards(&c, out, err);
    if (!st)
        st = acbl_match_awards(&c, out, err);
    return st;
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

const bmp_rules bmp_rules_acbl = {
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
    .rank = rank,
    .params = &acbl_param_specs,
};
