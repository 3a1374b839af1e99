/* EBU knock-out events (4.7): the award per match won rises each round
 * (4.7.7), by the round number the match would have had if every original
 * entrant had played knock-out throughout (4.7.9); consolation knock-outs
 * earn half (4.7.10).  A county teams championship played as a knock-out
 * earns Green Points per match won from the 6.2.2 table instead, with Gold
 * Points on an event total of 5 Green Points or more (2.5.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ebu/ebu_internal.h"

static int log2_floor(int n)
{
    int l = 0;
    while ((2 << l) <= n)
        l++;
    return l; /* 2^l <= n < 2^(l+1) */
}

/* The winner of match m: its id, "tie", or NULL if undecided. */
static const char *winner_of(const bmp_match *m)
{
    if (m->winner)
        return m->winner;
    if (!m->has_score)
        return NULL;
    if (m->home_score > m->away_score)
        return m->home;
    if (m->away_score > m->home_score)
        return m->away;
    return "tie";
}

static bmp_status ko_fail(bmp_error *err, const char *path, const char *msg)
{
    return bmp_error_set(err, BMP_EINVAL, "%s: %s", path, msg);
}

/* A single-elimination knock-out stage: its teams and original entry and
 * where its rounds sit in the handbook's tables (4.7.4, 4.7.5, 4.7.9). */
typedef struct ko_shape {
    int type;          /* 0 single-teams, 2 single-pairs (4.7.2) */
    bool green, cons;
    int m4;            /* the status multiplier, x4 */
    int S, E;          /* teams in this stage; the original entry */
    int lS, r1, first_full, excess, grow;
    bool prelim_first; /* 4.7.5: the first round has byes */
} ko_shape;

/* The winnings of each team, in x144 local units or green hundredths,
 * and the text of how. */
typedef struct ko_tally {
    int64_t *acc;
    char **why;
    size_t n;
} ko_tally;

static int ko_type_of(const bmp_event *ev, bmp_error *err)
{
    const char *type_s = bmp_params_string(&ev->params, "ko_type", "single-teams");
    int type = strcmp(type_s, "single-teams") == 0   ? 0
               : strcmp(type_s, "double-teams") == 0 ? 1
               : strcmp(type_s, "single-pairs") == 0 ? 2
                                                     : -1;
    if (type < 0)
        bmp_error_set(err, BMP_EINVAL,
                      "$.params.ko_type: expected single-teams, double-teams or single-pairs, "
                      "got \"%s\" (4.7.2)",
                      type_s);
    return type;
}

/* The stage's shape; *none when it earns nothing (a note says why). */
static bmp_status ko_shape_of(const bmp_event *ev, ko_shape *k, bmp_awards *out, bmp_error *err,
                              bool *none)
{
    *none = false;
    if (ev->nmatches == 0)
        return ko_fail(err, "$.matches", "a knock-out needs its matches (4.7)");
    k->S = (int)(ev->tables + 1e-9);
    k->E = (int)bmp_params_number(&ev->params, "original_tables", k->S);
    k->cons = bmp_params_bool(&ev->params, "consolation", false);
    if (k->S < 2 || k->E < k->S)
        return ko_fail(err, "$.tables", "expected the teams in the knock-out (2 or more, and no "
                                        "more than params.original_tables)");
    /* 3.1.1 (EBU-27): no master points unless the original entry was 3
     * complete teams (a Green Point knock-out needs 3 as well, 6.2.2). */
    if (!k->green && k->E < 3) {
        *none = true;
        return bmp_awards_note(out, err, "EBU: no master points: the original entry (%d teams) "
                                         "is below the minimum of 3 (3.1.1, EBU-27)",
                               k->E);
    }
    k->lS = log2_floor(k->S);
    int lE = log2_floor(k->E);
    k->prelim_first = (1 << k->lS) != k->S;
    /* 4.7.9 (EBU-92): handbook round of this stage's first full round. */
    k->r1 = lE - k->lS + 1;
    k->first_full = k->prelim_first ? 2 : 1;
    int rmax = ebu_ko_max_rounds(k->type);
    k->excess = lE > rmax ? lE - rmax : 0; /* 4.7.4: the earliest rounds (AMB-11) */
    k->grow = ebu_green_ko_row(k->E);
    if (k->green && k->grow < 0)
        return ko_fail(err, "$.tables", "a Green Point knock-out needs 3 or more teams (6.2.2)");
    return BMP_OK;
}

/* A match's round and boards checked (4.7.3, 6.2.1). */
static bmp_status check_match(const ko_shape *k, const bmp_match *m, size_t i, int boards,
                              bmp_error *err)
{
    int last = k->lS + (k->prelim_first ? 1 : 0);
    if (m->round < 1 || m->round > last)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.matches[%zu].round: expected a round of this knock-out, 1 to %d",
                             i, last);
    if (boards < 1)
        return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: expected the boards of the "
                                              "match (or boards_per_match) (4.7.3)", i);
    if (k->green && boards < 24)
        return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: a Green Point knock-out "
                                              "match has at least 24 boards (6.2.1), got %d",
                             i, boards);
    return BMP_OK;
}

/* What a win in match m is worth: 6.2.2 by the teams left in the round
 * (green); else 4.7.7 by the handbook round, 36+-board matches one level
 * higher and fewer than 18 boards pro rata (4.7.3, EBU-88). */
static bmp_status win_value(const ko_shape *k, const bmp_match *m, int boards, int64_t *value,
                            char *desc, size_t dn, bmp_error *err)
{
    bool prelim = k->prelim_first && m->round == 1;
    int teams_left = prelim ? k->S : (1 << k->lS) >> (m->round - k->first_full);
    if (k->green) {
        int col = teams_left <= 2 ? 6 : teams_left <= 4 ? 5 : teams_left <= 8 ? 4
                  : teams_left <= 16 ? 3 : teams_left <= 32 ? 2 : teams_left <= 64 ? 1 : 0;
        *value = ebu_green_ko(k->grow, col);
        snprintf(desc, dn, "round of %d: %.2f GP", teams_left, (double)*value / 100);
        return BMP_OK;
    }
    int hr = prelim ? 0 : k->r1 + (m->round - k->first_full) - k->excess;
    int club = hr < 1 ? 27 : ebu_ko_club(k->type, hr);
    int m4m = boards >= 36 ? ebu_status_shift(k->m4, 1) : k->m4;
    if (m4m == 0)
        return bmp_not_supported(err, "EBU status beyond the defined levels", "EBU-88", "4.7.3",
                                 NULL);
    int b = boards < 18 ? boards : 18;
    *value = (int64_t)club * m4m * b * (k->cons ? 1 : 2); /* x 144 */
    snprintf(desc, dn, "%s %d: %d x %s%s%s", hr < 1 ? "preliminary" : "round", hr < 1 ? 0 : hr,
             club, ebu_status_name(m4m), b < 18 ? " x boards/18" : "", k->cons ? " x 1/2" : "");
    return BMP_OK;
}

/* Credit the winner, or both teams of a draw (4.5.8, EBU-77: half a win),
 * found by id (hash lookup), in contestant order as a scan finds them. */
static bmp_status credit(const bmp_event *ev, const ko_shape *k, const bmp_match *m,
                         const char *w, int64_t value, const char *desc, ko_tally *t,
                         bmp_error *err)
{
    bool tie = strcmp(w, "tie") == 0;
    const bmp_contestant *who[2] = {bmp_event_contestant(ev, tie ? m->home : w),
                                    tie ? bmp_event_contestant(ev, m->away) : NULL};
    if (who[1] && who[1] < who[0]) {
        const bmp_contestant *x = who[0];
        who[0] = who[1];
        who[1] = x;
    }
    for (int j = 0; j < 2; j++) {
        if (!who[j] || (j == 1 && who[1] == who[0]))
            continue;
        size_t i = (size_t)(who[j] - ev->contestants);
        int64_t v = tie ? value / 2 : value;
        if (tie && k->green)
            v = bmp_div_round(value, 2, BMP_ROUND_CEIL, BMP_UNIT_CENT);
        t->acc[i] += v;
        size_t old = t->why[i] ? strlen(t->why[i]) : 0;
        char *nw = realloc(t->why[i], old + strlen(desc) + 16);
        if (!nw)
            return bmp_error_oom(err);
        t->why[i] = nw;
        snprintf(t->why[i] + old, strlen(desc) + 16, "%s%s%s", old ? "; " : "", desc,
                 tie ? " (draw: half)" : "");
    }
    return BMP_OK;
}

static bmp_status tally_matches(const bmp_event *ev, const ko_shape *k, ko_tally *t,
                                bmp_error *err)
{
    bmp_status st = BMP_OK;
    for (size_t i = 0; !st && i < ev->nmatches; i++) {
        const bmp_match *m = &ev->matches[i];
        int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
        if ((st = check_match(k, m, i, boards, err)))
            break;
        const char *w = winner_of(m);
        if (!w)
            continue;
        int64_t value = 0;
        char desc[96];
        if (!(st = win_value(k, m, boards, &value, desc, sizeof desc, err)))
            st = credit(ev, k, m, w, value, desc, t, err);
    }
    return st;
}

/* Each team's winnings as one award: local rounded up once, at the end
 * (3.4.1); 2.5.1 (EBU-3): 5 Green Points or more in one event also earn
 * Gold = Green / 5, to 0.01 (half up: docs/rulings.md EBU). */
static bmp_status emit_winnings(const bmp_event *ev, const ko_shape *k, const ko_tally *t,
                                const char *colour, bmp_awards *out, bmp_error *err)
{
    bmp_status st = BMP_OK;
    for (size_t i = 0; !st && i < t->n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (t->acc[i] <= 0 || ct->phantom)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = ct->place;
        aw.points = k->green ? t->acc[i]
                             : bmp_div_round(t->acc[i] * 100, 144, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_award_set(&aw, "match", "knock-out", colour, k->green ? "EBU-121" : "EBU-87",
                      k->green ? "6.2.2" : "4.7.7");
        if ((st = ebu_emit(ev, out, err, &aw, "per match won: %s", t->why[i])) || !k->green ||
            aw.points < 500)
            continue;
        bmp_award g = aw;
        g.points = bmp_div_round(aw.points, 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        bmp_award_set(&g, "gold", "event", "gold", "EBU-3", "2.5.1");
        g.explain = NULL;
        st = ebu_emit(ev, out, err, &g, "Gold = %.2f Green / 5 (2.5.1)", (double)aw.points / 100);
    }
    return st;
}

bmp_status ebu_ko_event(const bmp_event *ev, int m4, bool green, const char *colour,
                        bmp_awards *out, bmp_error *err)
{
    int type = ko_type_of(ev, err);
    if (type < 0)
        return BMP_EINVAL;
    if (type == 1 && green)
        return ebu_green_double_event(ev, out, err);
    if (type == 1)
        return ebu_ko_double_event(ev, m4, colour, out, err); /* ko_double.c, EG-8 */
    ko_shape k = {.type = type, .green = green, .m4 = m4};
    bool none = false;
    bmp_status st = ko_shape_of(ev, &k, out, err, &none);
    if (st || none)
        return st;
    size_t n = ev->ncontestants;
    ko_tally t = {calloc(n ? n : 1, sizeof *t.acc), calloc(n ? n : 1, sizeof *t.why), n};
    if (!t.acc || !t.why)
        st = bmp_error_oom(err);
    if (!st && !(st = tally_matches(ev, &k, &t, err)))
        st = emit_winnings(ev, &k, &t, colour, out, err);
    for (size_t i = 0; t.why && i < n; i++)
        free(t.why[i]);
    free(t.why);
    free(t.acc);
    if (!st && bmp_awards_note(out, err,
                               "EBU knock-out (4.7): %d teams in the stage, original entry "
                               "%d, first full round = Round %d (4.7.9)%s%s",
                               k.S, k.E, k.r1, k.cons ? ", consolation x 1/2 (4.7.10)" : "",
                               green ? "; Green Points per match won (6.2.2)" : ""))
        st = bmp_error_oom(err);
    return st;
}
