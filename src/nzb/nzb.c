/* NZ Bridge: rules entry point (NZ Bridge Manual Part E, Masterpoint
 * Regulations, Sept 2017).  Awards are computed in award.c, tables in
 * tables.c from the §3 formula (formula.c) and the special tables
 * (special.c); ranks, grades and rating points in ranks.c
 * (include/bridgemp/nzb.h).
 *
 * Event fields used (docs/event-format.md):
 *   grade        required (unless params.interprovincial): 25A, 20A, 15A,
 *                10A, 5A, 3A, 8B, 5B, 3B or 40C (a club session)
 *   kind         pairs / individual (pairs scale, NZ-24); swiss-pairs (pairs
 *                grid + match play); teams, swiss-teams, round-robin,
 *                knockout, match, bam (teams grid + match play)
 *   sessions, boards   deals per session (NZ-28 half table, NZ-39 bonus);
 *                boards x sessions = the event's deals (NZ-84)
 *   boards_per_match, matches[] {home, away, boards, winner | scores}
 *   movement     two-winner: session rankings need a direction (NZ-21)
 *   contestants[].rankings {session, section?, direction?, place}: session
 *                places; a 40C event may give the contestant's place instead
 *   contestants[].place    overall place within its stage group
 *   contestants[].group    a group of type final, plate, consolation (NZ-77,
 *                NZ-80) or, at 25A pairs, semifinal (NZ-53)
 *   contestants[].match_wins, matches_played  when no matches[] are given
 *   players[].participation  teams: < 1/4 no placing award (NZ-36);
 *                pairs: share of the deals played (NZ-35)
 *   phantom      sit-outs: never counted nor awarded (NZ-30 example)
 * Event params:
 *   field        the Total field for the overall grid (default: every
 *                non-phantom contestant; NZ-77 "for the Total field")
 *   total_deals  deals of the whole event (default boards x sessions, or the
 *                most deals any team played)
 *   min_deals_approved, min_contestants_approved  the Chief Director's
 *                approval of fewer deals / contestants (NZ-84, NZ-85)
 *   interprovincial "trials" | "championship", category open | women |
 *                senior | intermediate, open_entry (NZ-75, NZ-76)
 * Match params: home_lineup, away_lineup: comma-separated ids of the
 *   players who took part (NZ-37 line-up records).
 * Group params: size (stage size, NZ-77), field (25A semi-final field).
 *   restricted   an 8B Restricted tournament: no Open-Open pairs (NZ-7)
 * Player params: ineligible (NZ-12 tournaments: no award to the pair/team;
 *   NZ-15 club sessions: only that player gets nothing); grading open |
 *   intermediate | junior: above the tournament's grade is not eligible
 *   (NZ-7, NZ-8: 5B below Open, 3B Junior only). */
#include "nzb/nzb_internal.h"

static const char *const editions[] = {"2017", NULL};
static const char *const edition_docs[] = {"NZ Bridge Manual Part E (Sept 2017)", NULL};
static const bmp_scale_info scales[] = {
    {"c-basic", "\"C\" Point Basic Table up to 50 participants (NZ-26)"},
    {"c-basic-over50", "\"C\" Point Basic Table over 50 participants (NZ-26, NZ-23)"},
    {"c-match-play", "\"C\" Points Basic Match Play Table (NZ-31)"},
    {"a-match-play", "Basic Match Play Table of Session \"A\" Point Awards (NZ-41, NZ-42)"},
    {"20A-pairs", "20A point - Pairs Event (NZ-55)"},
    {"20A-teams", "20A point - Teams Event (NZ-56)"},
    {"15A-pairs", "15A points - Pairs Event (NZ-57)"},
    {"15A-teams", "15A points - Teams Event (NZ-58)"},
    {"10A-pairs", "10A points - Pairs Event (NZ-60)"},
    {"10A-teams", "10A points - Teams Event (NZ-61)"},
    {"5A-pairs", "5A point - Pairs Event (NZ-63)"},
    {"5A-teams", "5A point - Teams Event (NZ-64)"},
    {"3A-pairs", "3A point - Pairs Event (NZ-66)"},
    {"3A-teams", "3A point - Teams Event (NZ-67)"},
    {"8B-pairs", "8B point - Pairs Event (NZ-69)"},
    {"8B-teams", "8B point - Teams Event (NZ-70)"},
    {"5B-pairs", "5B point - Pairs Event (NZ-71)"},
    {"5B-teams", "5B point - Teams Event (NZ-72)"},
    {"3B-pairs", "3B point - Pairs Event (NZ-73)"},
    {"3B-teams", "3B point - Teams Event (NZ-74)"},
    {"25A-pairs", "25A point - Pairs Event, Final and Plate (NZ-53)"},
    {"25A-semifinal", "25A point - Pairs Event, semi-final (NZ-53)"},
    {"25A-teams", "25A point - Teams Event (NZ-54)"},
    {"interprovincial", "Interprovincial Teams Trials and Championships (NZ-75, NZ-76)"},
    {"summary", "Summary of event requirements and awards (NZ-82, NZ-83, NZ-84)"},
    {"ranks", "Masterpoint Rankings (NZ-3)"},
    {NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out, bmp_error *err)
{
    (void)edition; /* one edition: 2017 */
    return nzb_award_event(ev, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    return nzb_scale(name, opts, out, err);
}

const bmp_rules bmp_rules_nzb = {
    .body = "nzb",
    .name = "NZ Bridge",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
    .params = &nzb_param_specs,
};
