/* ACBL knockout teams of both editions: the event driver (2003 p.3-5,
 * p.12-13; later §II, §IV.C "Bracketed and Flighted Knockout Teams",
 * "Compact Knockouts", "Zip Knockouts"):
 * overall places and ties, qualification, playoffs, forfeits (ACBL-48),
 * split lowest flight (ACBL-49), gold of bracketed / flighted KOs
 * (ACBL-50/51), compact (ACBL-46) and zip (ACBL-47) KOs, match awards.
 * The brackets and their fields are ko_brackets.c (ko_event.h).
 *
 * Event input (kind "knockout"):
 *   edition, classification (-> K: ACBL-25 2003 / ACBL-36 later), rating
 *   boards_per_match (or boards)  -> L (ACBL-26); required
 *   sessions          sessions played; params.scheduled_sessions (default sessions):
 *                     2003 Regional KO scheduled for 3 sessions -> 70% (ACBL-27)
 *   upper_limit       2003 M (ACBL-25; a bracket's own upper_limit wins, A-22)
 *   restrictions      P (ACBL-6)
 *   params.compact (bool)             compact KO (ACBL-45/46)
 *   params.compact_consolation (bool) later compact KO consolation: RF 0.40, min 3.20 x K x L
 *   params.zip (bool)                 zip KO: a one-session Swiss side game (ACBL-47)
 *   groups[] of type "bracket" (or "flight"), top first; without groups the
 *   whole field is one bracket and the params below are read from the event:
 *     tables                  teams in the bracket (default: its contestants)
 *     params.average_mp       later: bracket AVG MP = sum of team AvgMP / teams (ACBL-38);
 *                             2003: average MP of all players in the bracket (prestige, ACBL-28b)
 *     params.top_team_average average MP per player of the bracket's top team
 *                             (2003 credit ACBL-31; gold of lower brackets ACBL-50)
 *     params.rounds           later: rounds played (default ceil(log2 teams), A-15)
 *     params.non_power_of_two later: ranks not from a power-of-two elimination (ACBL-42)
 *     params.down_to_12       2003: the event came down to 12 teams: 9-12 = 12% (ACBL-33)
 *     params.split            name shared by the groups of a split lowest flight (ACBL-49)
 *   contestants[]: group, place ("1", "2", "3/4", "5/8", ...), matches_won or
 *     match_wins (match awards; halves allowed), params.rounds_advanced
 *     (default: derived from the place, or matches_won if more; a
 *     non_power_of_two bracket: matches_won), params.playoff
 *     (bool, won a playoff for this place: ACBL-35/43), params.forfeited
 *     (bool, forfeited its last match: ACBL-48), params.team_mp (the team's
 *     total MP, when average_mp is absent: later AVG MP (ACBL-38); 2003 the
 *     players' average, total MP / total players, for the prestige factor).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/ko_event.h"

/* ---- The event -------------------------------------------------------- */

/* The chain of groups computed together that starts at group k: a flight
 * alone (a separate event), or all the brackets when k is the first
 * bracket; 0 otherwise.  Fills idx. */
static size_t chain_at(const ko_ctx *c, size_t k, size_t *idx)
{
    if (c->br[k].flight_rank) {
        idx[0] = k;
        return 1;
    }
    for (size_t j = 0; j < k; j++)
        if (!c->br[j].flight_rank)
            return 0;
    size_t n = 0;
    for (size_t j = k; j < c->nbr; j++)
        if (!c->br[j].flight_rank)
            idx[n++] = j;
    return n;
}

/* 2003 edition: the bracket inputs of ACBL-25..31 (ACBL-31 applies to
 * "brackets where the average of the top team is below 300"; without the
 * figure, full credit). */
static void brackets_2003(const ko_ctx *c, acbl_ko_bracket_2003 *b)
{
    for (size_t k = 0; k < c->nbr; k++) {
        b[k].teams = c->br[k].credited;
        b[k].entered = c->br[k].teams;
        b[k].top_team_average = c->br[k].has_top_avg ? c->br[k].top_avg : 300;
        b[k].player_average = c->br[k].avg_mp;
        b[k].m = c->br[k].m;
        b[k].peer = c->br[k].peer;
    }
}

/* The brackets form one chain (counting, minimum, cap); each flight is a
 * separate event with its own chain.  Each chain's firsts are computed on
 * a copy in chain order. */
static void chains_2003(ko_ctx *c, acbl_ko_bracket_2003 *b, bool three)
{
    size_t idx[64];
    for (size_t k = 0, n; k < c->nbr; k++) {
        if (!(n = chain_at(c, k, idx)))
            continue;
        acbl_ko_bracket_2003 tmp[64];
        for (size_t i = 0; i < n; i++)
            tmp[i] = b[idx[i]];
        acbl_ko_firsts_2003(tmp, n, c->k, c->l, c->p, three);
        for (size_t i = 0; i < n; i++)
            b[idx[i]] = tmp[i];
    }
}

static void note_2003(ko_ctx *c, size_t k, const acbl_ko_bracket_2003 *b, bmp_awards *out,
                      bmp_error *err)
{
    char f[32];
    const acbl_ko_count *n = &b->count;
    c->br[k].real = b->real;
    c->br[k].first = acbl_round_award(b->real);
    bmp_points_format(c->br[k].first, f, sizeof f);
    bmp_awards_note(out, err,
                    "%s: T = %g + %g x (%g/2 + %g/3 + %g/5) = %.4f (ACBL-29/30, App. F; "
                    "credit %g ACBL-31); 1st = B %.6f x K %.2f x L %.4f x M %.6f x P "
                    "%.2f = %.6f%s%s%s%s -> %s (ACBL-25)",
                    c->br[k].name, n->own, n->credit, n->half, n->third, n->fifth, n->t,
                    n->credit, b->b, c->k, c->l, b->m, c->p, b->base,
                    b->three_session ? " x 0.70 3-session Regional (ACBL-27)" : "",
                    b->minimum ? "; raised to the 16-table award (ACBL-28)" : "",
                    b->prestige ? " x 1.10 prestige (ACBL-28)" : "",
                    b->capped ? "; capped at 90% of the bracket above (ACBL-28)" : "", f);
}

/* First place of each bracket, 2003 edition (ACBL-25..31). */
static bmp_status firsts_2003(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    if (c->nbr > 64)
        return bmp_error_set(err, BMP_ERANGE, "more than 64 brackets");
    acbl_ko_bracket_2003 *b = calloc(c->nbr ? c->nbr : 1, sizeof *b);
    if (!b)
        return bmp_error_oom(err);
    brackets_2003(c, b);
    int sched = (int)bmp_params_number(&c->ev->params, "scheduled_sessions", c->ev->sessions);
    chains_2003(c, b, c->cls == ACBL_CLASS_REGIONAL && sched == 3 && !c->compact);
    for (size_t k = 0; k < c->nbr; k++)
        note_2003(c, k, &b[k], out, err);
    free(b);
    return BMP_OK;
}

/* Current edition: the bracket inputs, with the reduction factor for its
 * teams (ACBL-39; compact KO consolations 400, ACBL-45). */
static bmp_status brackets_current(const ko_ctx *c, acbl_ko_bracket_cur *b, bmp_error *err)
{
    for (size_t k = 0; k < c->nbr; k++) {
        int t = (int)c->br[k].credited;
        b[k].teams = t;
        b[k].avg_mp = c->br[k].avg_mp;
        b[k].rf = c->consolation ? 400 : acbl_ko_reduction_factor(t);
        b[k].peer = c->br[k].peer;
        if (!b[k].rf) {
            char why[128];
            snprintf(why, sizeof why,
                     "the reduction factors cover 5 to 16 teams; bracket \"%s\" has %d",
                     c->br[k].name, t);
            return bmp_not_supported(err, "KO reduction factor", "ACBL-39", "II.A", why);
        }
    }
    return BMP_OK;
}

static void chains_current(ko_ctx *c, acbl_ko_bracket_cur *b, double minf)
{
    size_t idx[64];
    for (size_t k = 0, n; k < c->nbr; k++) {
        if (!(n = chain_at(c, k, idx)))
            continue;
        acbl_ko_bracket_cur tmp[64];
        for (size_t i = 0; i < n; i++)
            tmp[i] = b[idx[i]];
        acbl_ko_firsts_current(tmp, n, c->k, c->l, c->p, minf);
        for (size_t i = 0; i < n; i++)
            b[idx[i]] = tmp[i];
    }
}

static void note_current(ko_ctx *c, size_t k, const acbl_ko_bracket_cur *b, bmp_awards *out,
                         bmp_error *err)
{
    char f[32];
    c->br[k].real = b->real;
    c->br[k].first = acbl_round_award(b->real);
    bmp_points_format(c->br[k].first, f, sizeof f);
    const char *minimum = !b->minimum         ? ""
                          : c->consolation    ? " (compact consolation minimum 3.20 x K x L, "
                                                "ACBL-45)"
                                              : " (compact minimum 8.00 x K x L, ACBL-45)";
    bmp_awards_note(out, err,
                    "%s: Computed Award %.6f for AVG MP %g (ACBL-37) x RF %d.%03d for %d "
                    "teams (%s) = Basic %.6f%s; 1st = Basic x K %.6f x L %.4f x P %.2f = "
                    "%.6f%s -> %s (ACBL-36)",
                    c->br[k].name, b->computed, b->avg_mp, b->rf / 1000, b->rf % 1000, b->teams,
                    c->consolation ? "compact KO consolation, ACBL-45" : "ACBL-39", b->basic,
                    b->raised105 ? " (raised to 105% of the next lower bracket, ACBL-40)" : "",
                    c->k, c->l, c->p, b->real, minimum, f);
}

/* First place of each bracket, current edition (ACBL-36..40, ACBL-45). */
static bmp_status firsts_current(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    if (c->nbr > 64)
        return bmp_error_set(err, BMP_ERANGE, "more than 64 brackets");
    acbl_ko_bracket_cur *b = calloc(c->nbr ? c->nbr : 1, sizeof *b);
    if (!b)
        return bmp_error_oom(err);
    bmp_status st = brackets_current(c, b, err);
    if (!st) {
        chains_current(c, b, c->compact ? (c->consolation ? 3.20 : 8.00) : 0);
        for (size_t k = 0; k < c->nbr; k++)
            note_current(c, k, &b[k], out, err);
    }
    free(b);
    return st;
}

static bmp_status firsts(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    return c->ed == ACBL_ED_2003 ? firsts_2003(c, out, err) : firsts_current(c, out, err);
}

/* Colour of contestant's overall award in bracket k: parts and weights. */
static const char *overall_colour(const ko_ctx *c, size_t k, int64_t *gw, int64_t *rw,
                                  const char **rule)
{
    acbl_colour_in ci = {.ed = c->ed, .cls = c->cls, .rating = c->rating,
                         .sessions = c->ev->sessions > 2 ? c->ev->sessions : 2,
                         .upper_limit = c->br[k].ul, .junior = c->junior,
                         .overall_or_top = true, .top_two_strata = true,
                         .nabc = c->cls == ACBL_CLASS_NATIONAL};
    const char *col = acbl_colour(&ci, rule);
    *gw = 0;
    *rw = 0;
    bool champ = c->rating == ACBL_RATING_CHAMPIONSHIP || c->rating == ACBL_RATING_CHARITY;
    if (strcmp(*rule, "ACBL-88") != 0 || !champ)
        return col;
    const ko_bracket *b = &c->br[k];
    if (b->flight_rank) { /* ACBL-51 */
        *rule = "ACBL-51";
        return acbl_ko_flight_gold(b->flight_rank, b->ul) ? "gold" : "red";
    }
    *rule = "ACBL-50";
    if (k == 0)
        return "gold";
    if (!b->has_top_avg)
        return NULL; /* the share depends on it: never a guess */
    acbl_ko_bracket_gold(false, b->top_avg, gw, rw); /* pigment.c */
    return *rw ? "mixed" : "gold";
}

static const char *match_colour(const ko_ctx *c, size_t k, const char **rule)
{
    acbl_colour_in ci = {.ed = c->ed, .cls = c->cls, .rating = c->rating, .sessions = 2,
                         .upper_limit = c->br[k].ul, .junior = c->junior,
                         .overall_or_top = false, .top_two_strata = true,
                         .nabc = c->cls == ACBL_CLASS_NATIONAL};
    return acbl_colour(&ci, rule);
}

/* Rounds the contestant advanced through (ACBL-32). */
static int rounds_advanced(const ko_bracket *b, const bmp_contestant *ct, bmp_place pl,
                           bool *known)
{
    *known = true;
    if (bmp_params_has(&ct->params, "rounds_advanced"))
        return (int)bmp_params_number(&ct->params, "rounds_advanced", 0);
    if (b->nonpow2) {
        *known = ct->matches_won > 0;
        return ct->matches_won;
    }
    /* Single elimination: 1st advanced through every round, 2nd one fewer,
     * 3/4 two fewer, 5/8 three fewer.  A bye advances a team through a round
     * it did not win a match in (2003: "win at least two matches (or advance
     * through at least two rounds)"), so matches won only ever adds. */
    int lo = pl.lo, lg = 0;
    while ((1 << lg) < lo)
        lg++;
    int adv = b->rounds - lg;
    return ct->matches_won > adv ? ct->matches_won : adv;
}

/* The bracket of team i (its group); rounds_advanced within it. */
static bmp_status team_bracket(const ko_ctx *c, size_t i, size_t *k, bmp_error *err)
{
    const bmp_contestant *ct = &c->ev->contestants[i];
    *k = 0;
    while (*k < c->nbr && !acbl_ko_in_bracket(c, ct, *k))
        (*k)++;
    if (*k == c->nbr)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].group: expected the name of a group of type "
                             "\"bracket\" or \"flight\", got \"%s\"",
                             i, ct->group ? ct->group : "(none)");
    const ko_bracket *b = &c->br[*k];
    if (bmp_params_has(&ct->params, "rounds_advanced")) {
        double ra = bmp_params_number(&ct->params, "rounds_advanced", 0);
        if (!(ra >= 0 && ra <= b->rounds && ra == floor(ra)))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].params.rounds_advanced: expected a whole "
                                 "number of rounds from 0 to the bracket's %d, got %g",
                                 i, b->rounds, ra);
    }
    return BMP_OK;
}

/* ACBL-35 (2003) / ACBL-43 (later): where playoffs are allowed. */
static bmp_status check_playoff(const ko_ctx *c, const ko_bracket *b, size_t i, bmp_place pl,
                                const char **rule, bmp_error *err)
{
    if (c->compact)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].params.playoff: no playoff matches for "
                             "additional overall awards in a compact KO (ACBL-46)",
                             i);
    if (c->ed != ACBL_ED_2003) {
        if ((b->teams != 7 && b->teams != 8) || pl.lo != 3)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].params.playoff: playoffs are permitted "
                                 "only for a clear 3rd in a 3-session KO of exactly 7 or 8 "
                                 "teams (ACBL-43); bracket has %d",
                                 i, b->teams);
        *rule = "ACBL-43";
        return BMP_OK;
    }
    int pos = acbl_ko_playoff_positions_2003((int)b->teams);
    if (!pos || pl.hi > pos)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].params.playoff: a playoff for %d/%d is not "
                             "permitted with %d teams (ACBL-35: 8-15 teams up to 4 places, "
                             "16-31 up to 8, 32+ up to 16; none below 8)",
                             i, pl.lo, pl.hi, b->teams);
    /* "whenever the number of overalls allowed under the two match
     * restriction would be less": a place that already qualifies by its
     * rounds has no playoff (nor its 22.50%). */
    int lg = 0;
    while ((1 << lg) < pl.lo)
        lg++;
    if (!b->nonpow2 && b->rounds - lg >= 2)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.contestants[%zu].params.playoff: place %d/%d already qualifies "
                             "under the two-match restriction in a %d-round bracket: no "
                             "playoff is permitted for it (ACBL-35)",
                             i, pl.lo, pl.hi, b->rounds);
    *rule = "ACBL-35";
    return BMP_OK;
}

/* Qualification and depth: ACBL-46 compact depth, ACBL-32 two rounds (or,
 * 2003, two matches won), and the edition's percentages (ACBL-33/41).
 * Returns false with the reason in why when the place is not paid. */
static bool place_paid(const ko_ctx *c, const ko_bracket *b, const bmp_contestant *ct,
                       bmp_place pl, bool playoff, double frac, char *why, size_t whyn)
{
    const char *r_pct = c->ed == ACBL_ED_2003 ? "ACBL-33" : "ACBL-41";
    if (c->compact) {
        int d = acbl_ko_compact_depth(b->teams);
        if (pl.lo > d) {
            snprintf(why, whyn, "compact KO of %d teams pays %d place%s (ACBL-46)", b->teams, d,
                     d == 1 ? "" : "s");
            return false;
        }
    } else if (!playoff) {
        bool known;
        int adv = rounds_advanced(b, ct, pl, &known);
        bool two_matches = c->ed == ACBL_ED_2003 && ct->matches_won >= 2;
        if (known && adv < 2 && !two_matches) {
            snprintf(why, whyn, "advanced through %d round%s: %s (%s)", adv, adv == 1 ? "" : "s",
                     c->ed == ACBL_ED_2003 ? "a team must win at least two matches (or "
                                             "advance through at least two rounds)"
                                           : "a team must advance through at least two rounds",
                     "ACBL-32");
            return false;
        }
    }
    if (frac <= 0) {
        snprintf(why, whyn, "position %d/%d is not paid by the %s percentages (%s)", pl.lo, pl.hi,
                 c->ed == ACBL_ED_2003 ? "KO"
                 : b->rounds >= 5      ? "5+ round"
                 : b->rounds == 4      ? "4 round"
                                       : "3 round",
                 r_pct);
        return false;
    }
    return true;
}

/* The overall award of team i at place pl (fraction frac of the bracket's
 * unrounded first), in its colour; gold and red parts for a mixed award
 * (ACBL-50). */
static bmp_status add_overall(const ko_ctx *c, size_t k, size_t i, bmp_place pl, double frac,
                              const char *rule, bool forfeited, bool playoff, const char *pre,
                              bmp_awards *out, bmp_error *err)
{
    const ko_bracket *b = &c->br[k];
    const bmp_contestant *ct = &c->ev->contestants[i];
    bmp_points pts = acbl_round_award(b->real * frac);
    int64_t gw, rw;
    const char *crule;
    const char *colour = overall_colour(c, k, &gw, &rw, &crule);
    if (!colour)
        return bmp_error_set(err, BMP_EINVAL,
                             "group \"%s\": the gold share of a lower bracket of a Regional KO "
                             "depends on the top team's average masterpoints per player: "
                             "expected params.top_team_average (ACBL-50)",
                             b->name);
    char a[32], fs[32], pct[64];
    bmp_points_format(pts, a, sizeof a);
    bmp_points_format(b->first, fs, sizeof fs);
    if (pl.hi > pl.lo)
        snprintf(pct, sizeof pct, "%d/%d: average %.4f%% (A-14)", pl.lo, pl.hi, frac * 100);
    else
        snprintf(pct, sizeof pct, "%d: %.4g%%", pl.lo, frac * 100);
    bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = ct->place};
    const char *sec = c->ed == ACBL_ED_2003 ? (forfeited || playoff ? "2003 p.13" : "2003 p.4")
                                            : (forfeited ? "later §IV.C" : "later §II.B");
    if (strcmp(colour, "mixed") != 0) {
        aw.points = pts;
        bmp_award_set(&aw, "overall", b->name, colour, rule, sec);
        return bmp_awards_add(out, err, &aw,
                              "%s%s unrounded 1st %.6f (1st %s) x %s -> %s; colour %s (%s)", pre,
                              b->name, b->real, fs, pct, a, colour, crule);
    }
    int64_t w[2] = {gw, rw};
    bmp_points parts[2];
    bmp_split(pts, w, 2, BMP_ROUND_HALF_UP, parts);
    char g[32], rd[32];
    bmp_points_format(parts[0], g, sizeof g);
    bmp_points_format(parts[1], rd, sizeof rd);
    aw.points = parts[0];
    bmp_award_set(&aw, "overall", b->name, "gold", rule, sec);
    bmp_status st = bmp_awards_add(out, err, &aw,
                                   "%s%s unrounded 1st %.6f x %s -> %s: gold %lld/%lld = %s, red "
                                   "%s (top team averages %g per player: ACBL-50)",
                                   pre, b->name, b->real, pct, a, (long long)gw,
                                   (long long)(gw + rw), g, rd, b->top_avg);
    aw.points = parts[1];
    bmp_award_set(&aw, "overall", b->name, "red", rule, sec);
    if (!st)
        st = bmp_awards_add(out, err, &aw, "red part of the %s overall award (ACBL-50)", a);
    return st;
}

/* The overall award of team i: its bracket, a forfeit (ACBL-48), a playoff
 * (ACBL-35/43), qualification and depth, the place's percentage (ties:
 * A-14) and its rule. */
static bmp_status team_award(ko_ctx *c, size_t i, bmp_awards *out, bmp_error *err)
{
    const bmp_contestant *ct = &c->ev->contestants[i];
    size_t k;
    bmp_status st = team_bracket(c, i, &k, err);
    if (st)
        return st;
    const ko_bracket *b = &c->br[k];
    bmp_place pl = ct->place;
    if (pl.hi < pl.lo)
        pl.hi = pl.lo;
    bool forfeited = bmp_params_bool(&ct->params, "forfeited", false);
    bool playoff = bmp_params_bool(&ct->params, "playoff", false);
    char pre[160] = "";
    const char *rule = c->ed == ACBL_ED_2003 ? "ACBL-33" : "ACBL-41";
    if (forfeited) {
        bmp_place q = acbl_ko_forfeit_place(pl);
        if (!q.lo)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].params.forfeited: the winner of a bracket "
                                 "cannot have forfeited a match (ACBL-48)",
                                 i);
        snprintf(pre, sizeof pre, "forfeited its match: receives the award for %d/%d, the "
                                  "team it beat in its previous match (ACBL-48); ",
                 q.lo, q.hi);
        pl = q;
        rule = "ACBL-48";
    }
    acbl_ko_pct_opts o = {.rounds = b->rounds, .down_to_12 = b->down12,
                          .non_power_of_two = b->nonpow2, .playoff = playoff};
    if (playoff && (st = check_playoff(c, b, i, pl, &rule, err)))
        return st;
    double frac = acbl_ko_place_fraction(c->ed, pl.lo, pl.hi, &o);
    char why[512];
    if (!place_paid(c, b, ct, pl, playoff, frac, why, sizeof why))
        return bmp_awards_note(out, err, "%s team %s: no overall award: %s", b->name, ct->id,
                               why);
    if (pl.lo == 1 && !forfeited)
        rule = c->ed == ACBL_ED_2003 ? "ACBL-25" : "ACBL-36";
    else if (!forfeited && !playoff && pl.hi > pl.lo)
        rule = c->ed == ACBL_ED_CURRENT && b->nonpow2 ? "ACBL-42" : rule;
    else if (!forfeited && !playoff && b->nonpow2 && pl.lo > 8)
        rule = "ACBL-42";
    return add_overall(c, k, i, pl, frac, rule, forfeited, playoff, pre, out, err);
}

static bmp_status place_awards(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo < 1)
            continue;
        st = team_award(c, i, out, err);
    }
    return st;
}

static bmp_status match_awards(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    double d = 0;
    bmp_status st;
    if (c->ed == ACBL_ED_2003 && (st = acbl_factor_d(c->cls, c->ed, &d, err)))
        return st;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        double wins = ct->match_wins > 0 ? ct->match_wins : ct->matches_won;
        if (ct->phantom || !(wins > 0))
            continue;
        size_t k = 0;
        while (k < c->nbr && !acbl_ko_in_bracket(c, ct, k))
            k++;
        if (k == c->nbr)
            continue; /* reported by place_awards */
        const ko_bracket *b = &c->br[k];
        bmp_points one;
        char how[200];
        const char *rule, *sec;
        if (c->ed == ACBL_ED_2003) {
            one = acbl_match_award(d, c->l, b->m, c->p, false, c->ed);
            snprintf(how, sizeof how, "D %.3f x L %.4f x M %.6f x P %.2f", d, c->l, b->m, c->p);
            rule = "ACBL-34";
            sec = "2003 p.5";
        } else {
            bool clamped;
            one = acbl_ko_match_award_current(b->real, c->k, c->l, &clamped);
            snprintf(how, sizeof how, "7.5%% x 1st %.6f%s", b->real,
                     clamped ? (0.075 * b->real < 0.75 * c->k * c->l ? ", raised to 0.75 x K x L"
                                                                     : ", capped at 3.00 x K x L")
                             : "");
            rule = "ACBL-44";
            sec = "later §II.C";
        }
        int64_t halves = (int64_t)(wins * 2 + 0.5);
        bmp_points total = bmp_mul_ratio(one, halves, 2, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        const char *crule;
        const char *colour = match_colour(c, k, &crule);
        bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .points = total};
        bmp_award_set(&aw, "match", b->name, colour, rule, sec);
        char o[32], t[32];
        bmp_points_format(one, o, sizeof o);
        bmp_points_format(total, t, sizeof t);
        if ((st = bmp_awards_add(out, err, &aw, "%s -> %s per match won x %g -> %s; colour %s (%s)",
                                 how, o, wins, t, colour, crule)))
            return st;
    }
    return BMP_OK;
}

bmp_status acbl_award_knockout(const bmp_event *ev, const char *edition, bmp_awards *out,
                               bmp_error *err)
{
    ko_ctx c = {.ev = ev};
    bmp_status st = acbl_edition_parse(edition, &c.ed, err);
    if (st)
        return st;
    if (!acbl_class_parse(ev->classification, &c.cls))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.classification: expected club-masterpoint, club-championship, "
                             "unit, sectional, regional or national, got \"%s\"",
                             ev->classification ? ev->classification : "(none)");
    c.rating = ACBL_RATING_CHAMPIONSHIP;
    if (ev->rating && !acbl_rating_parse(ev->rating, &c.rating))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.rating: expected championship, non-championship, consolation or "
                             "charity, got \"%s\"",
                             ev->rating);
    c.compact = bmp_params_bool(&ev->params, "compact", false) ||
                bmp_params_bool(&ev->params, "compact_consolation", false);
    c.consolation = bmp_params_bool(&ev->params, "compact_consolation", false);
    if (c.consolation && c.ed == ACBL_ED_2003)
        return bmp_not_supported(err, "compact KO consolation", "ACBL-45", "2003 p.13",
                                 "the 2003 edition has no compact KO consolation rule (the later "
                                 "§II.D adds it)");
    if ((st = acbl_ko_k(c.cls, c.ed, &c.k, err)))
        return st;
    c.boards = ev->boards_per_match ? ev->boards_per_match : ev->boards;
    if (c.boards < 2)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.boards_per_match: the KO formula needs the boards per match for "
                             "L (ACBL-26): expected 2 or more");
    c.l = acbl_factor_l(c.boards);
    for (size_t i = 0; i < ev->nrestrictions; i++) {
        if (acbl_restriction_counts(ev->restrictions[i]))
            c.nrestr++;
        if (strncasecmp(ev->restrictions[i], "junior", 6) == 0 ||
            strcasecmp(ev->restrictions[i], "youth") == 0)
            c.junior = true;
    }
    c.p = acbl_factor_p(c.nrestr);
    bmp_awards_note(out, err,
                    "ACBL edition %s knockout teams, %s, %s%s: K = %.6f (%s), L = %.4f for "
                         "%d boards (ACBL-26), P = %.2f (ACBL-6)",
                    edition, acbl_class_name(c.cls), acbl_rating_name(c.rating),
                    c.consolation ? ", compact KO consolation" : c.compact ? ", compact KO" : "",
                    c.k, c.ed == ACBL_ED_2003 ? "ACBL-25" : "K = R/14, ACBL-36", c.l, c.boards,
                    c.p);
    if (!(st = acbl_ko_collect(&c, out, err)) && !(st = firsts(&c, out, err)) &&
        !(st = place_awards(&c, out, err)))
        st = match_awards(&c, out, err);
    free(c.br);
    return st;
}
