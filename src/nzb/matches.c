/* NZ match play: C per deal in clubs and B tournaments (NZ-31, NZ-51),
 * fractional A in A tournaments (NZ-41, NZ-42), team shares and line-up
 * records (NZ-37, NZ-38). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nzb/award_families.h"

static long find_contestant(const bmp_event *ev, const char *id)
{
    const bmp_contestant *c = bmp_event_contestant(ev, id); /* by hash */
    return c ? (long)(c - ev->contestants) : -1;
}

/* Credit a side's deal-units for match m: to the team, or with a line-up
 * (match param home_lineup / away_lineup: comma-separated player ids or
 * names) to the players who took part (NZ-37). */
static bmp_status credit(const nzb_ctx *c, size_t m, const char *key, size_t ci, long u,
                         long *units, long *punits, const size_t *pofs)
{
    const bmp_contestant *ct = &c->ev->contestants[ci];
    const char *lineup = bmp_params_string(&c->ev->matches[m].params, key, NULL);
    if (!lineup) {
        units[ci] += u;
        return BMP_OK;
    }
    char path[96];
    snprintf(path, sizeof path, "$.matches[%zu].params.%s", m, key);
    const char *p = lineup;
    int n = 0;
    /* a player named twice would be credited the match twice */
    bool *seen = calloc(ct->nplayers ? ct->nplayers : 1, sizeof *seen);
    if (!seen)
        return bmp_error_oom(c->err);
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        while (len && *p == ' ')
            p++, len--;
        while (len && p[len - 1] == ' ')
            len--;
        size_t j = 0;
        for (; j < ct->nplayers; j++) {
            const char *id = ct->players[j].id ? ct->players[j].id : ct->players[j].name;
            if (id && strlen(id) == len && !strncmp(id, p, len))
                break;
        }
        if (j == ct->nplayers || seen[j]) {
            free(seen);
            return nzb_fail(c, BMP_EINVAL, path,
                            j == ct->nplayers ? "\"%.*s\" is not a player of contestant %s"
                                              : "\"%.*s\" is listed twice for contestant %s",
                            (int)len, p, ct->id ? ct->id : "?");
        }
        seen[j] = true;
        punits[pofs[ci] + j] += u;
        n++;
        p += len;
        while (*p == ' ' || *p == ',')
            p++;
    }
    free(seen);
    if (n == 0)
        return nzb_fail(c, BMP_EINVAL, path, "expected the ids of the players who took part");
    return BMP_OK;
}

/* NZ-31, NZ-41, NZ-42, NZ-51: per deal of each match won (2 units) or tied
 * (1 unit): A grades 0.01 A per unit x factor, otherwise 1 C per unit x
 * factor.  A team of 5 (6) without line-ups gets 4/5 (4/6) each (NZ-38). */
/* Deal-units per contestant and, with line-up records, per player. */
typedef struct tallies {
    long *units;    /* per contestant: 2 per deal won, 1 per deal tied */
    int *played;    /* per contestant: deals played */
    size_t *pofs;   /* contestant i's players start at punits[pofs[i]] */
    long *punits;   /* per player (NZ-37 line-ups) */
} tallies;

static void tallies_free(tallies *t)
{
    free(t->units);
    free(t->played);
    free(t->pofs);
    free(t->punits);
}

static bool tallies_new(const bmp_event *ev, tallies *t)
{
    size_t nc = ev->ncontestants;
    t->units = calloc(nc ? nc : 1, sizeof *t->units);
    t->played = calloc(nc ? nc : 1, sizeof *t->played);
    t->pofs = calloc(nc + 1, sizeof *t->pofs);
    for (size_t i = 0; t->pofs && i < nc; i++)
        t->pofs[i + 1] = t->pofs[i] + ev->contestants[i].nplayers;
    t->punits = t->pofs ? calloc(t->pofs[nc] ? t->pofs[nc] : 1, sizeof *t->punits) : NULL;
    return t->units && t->played && t->pofs && t->punits;
}

/* 1 home won, -1 away won, 0 tie. */
static bmp_status match_result(nzb_ctx *c, const bmp_match *mt, const char *path,
                               const char *rule, int *res)
{
    if (mt->winner)
        *res = !strcasecmp(mt->winner, "tie") ? 0 : !strcmp(mt->winner, mt->home) ? 1 : -1;
    else if (mt->has_score)
        *res = mt->home_score > mt->away_score ? 1 : mt->home_score < mt->away_score ? -1 : 0;
    else
        return nzb_fail(c, BMP_EINVAL, path,
                        "a match needs scores or a winner for match-play awards (%s)", rule);
    return BMP_OK;
}

/* Every listed match: deals played and deal-units to both sides. */
static bmp_status tally_matches(nzb_ctx *c, const char *rule, tallies *t)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    char path[64];
    for (size_t m = 0; m < ev->nmatches && !st; m++) {
        const bmp_match *mt = &ev->matches[m];
        snprintf(path, sizeof path, "$.matches[%zu]", m);
        long h = find_contestant(ev, mt->home), a = find_contestant(ev, mt->away);
        if (h < 0 || a < 0)
            return nzb_fail(c, BMP_EINVAL, path, "home and away must name contestants");
        int deals = mt->boards ? mt->boards : ev->boards_per_match, res = 0;
        if (deals <= 0)
            return nzb_fail(c, BMP_EINVAL, path,
                            "the deals played are needed for match-play awards (%s): give boards "
                            "here or boards_per_match on the event",
                            rule);
        if ((st = match_result(c, mt, path, rule, &res)))
            return st;
        t->played[h] += deals;
        t->played[a] += deals;
        long uh = res == 0 ? deals : res > 0 ? 2L * deals : 0;
        long ua = res == 0 ? deals : res < 0 ? 2L * deals : 0;
        if ((st = credit(c, m, "home_lineup", (size_t)h, uh, t->units, t->punits, t->pofs)) ||
            (st = credit(c, m, "away_lineup", (size_t)a, ua, t->units, t->punits, t->pofs)))
            return st;
    }
    return st;
}

/* Without a match list: matches_won / match_wins x boards_per_match. */
static bmp_status tally_match_wins(nzb_ctx *c, const char *rule, tallies *t)
{
    const bmp_event *ev = c->ev;
    char path[64];
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->match_wins <= 0)
            continue;
        snprintf(path, sizeof path, "$.contestants[%zu].match_wins", i);
        if (ev->boards_per_match <= 0)
            return nzb_fail(c, BMP_EINVAL, path,
                            "match wins need the event's boards_per_match (%s)", rule);
        /* more wins than matches would award deals never played */
        if (ct->matches_played > 0 && ct->match_wins > ct->matches_played)
            return nzb_fail(c, BMP_EINVAL, path, "%g match wins but only %d matches played (%s)",
                            ct->match_wins, ct->matches_played, rule);
        t->units[i] = (long)(ct->match_wins * 2 + 0.5) * ev->boards_per_match;
        t->played[i] = ct->matches_played * ev->boards_per_match;
    }
    return BMP_OK;
}

/* One team's match award: A in hundredths (x 4/5 or 4/6 for a team of 5
 * or 6, NZ-38), or whole C. */
static bmp_status emit_team(nzb_ctx *c, size_t i, long units, int factor, char letter,
                            const char *rule, const char *section)
{
    const bmp_contestant *ct = &c->ev->contestants[i];
    long base = units * factor; /* hundredths of A, or whole C */
    char ex[300], b[32];
    if (letter != 'A') {
        bmp_points pts = (bmp_points)base * 100;
        snprintf(ex, sizeof ex, "%ld deal-units (2 C per deal won, 1 per deal tied) x %d (%s) = %s C",
                 units, factor, rule, nzb_fmtp(pts, b, sizeof b));
        return nzb_emit(c, i, BMP_ALL_PLAYERS, "match", "matches", (bmp_place){0, 0, false}, pts,
                        'C', rule, section, ex);
    }
    int num = 1, den = 1;
    if (c->teams && (ct->nplayers == 5 || ct->nplayers == 6)) {
        num = 4;
        den = (int)ct->nplayers;
    }
    bmp_points pts = bmp_mul_ratio(base, num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    snprintf(ex, sizeof ex,
             "%ld deal-units (2 per deal won, 1 per deal tied) x 0.01 A x %d (%s)%s = %s A", units,
             factor, rule,
             num == den ? "" : den == 5 ? " x 4/5 (team of 5, NZ-38)" : " x 4/6 (team of 6, NZ-38)",
             nzb_fmtp(pts, b, sizeof b));
    return nzb_emit(c, i, BMP_ALL_PLAYERS, "match", "matches", (bmp_place){0, 0, false}, pts, 'A',
                    num == den ? rule : "NZ-38", section, ex);
}

/* NZ-37: with line-up records only the players who took part get the match
 * award, in full (no 4/5 or 4/6 share); the C match tables are per deal the
 * player took part in. */
static bmp_status emit_lineups(nzb_ctx *c, const tallies *t, int factor, char letter,
                               const char *rule, const char *section)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < ev->ncontestants && !st; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers && !st; j++) {
            long u = t->punits[t->pofs[i] + j];
            if (u == 0 || ev->contestants[i].phantom)
                continue;
            bmp_points pts = letter == 'A' ? (bmp_points)u * factor : (bmp_points)u * factor * 100;
            char ex[300], b[32];
            snprintf(ex, sizeof ex,
                     "line-up record: %ld deal-units played (2 per deal won, 1 per deal tied) "
                     "x %s x %d (%s) = %s %c",
                     u, letter == 'A' ? "0.01 A" : "1 C", factor, rule, nzb_fmtp(pts, b, sizeof b),
                     letter);
            st = nzb_emit(c, i, (int)j, "match", "matches", (bmp_place){0, 0, false}, pts, letter,
                          letter == 'A' ? "NZ-37" : rule, section, ex);
        }
    return st;
}

bmp_status nzb_match_awards(nzb_ctx *c, int factor, char letter, const char *rule,
                            const char *section, int *max_deals)
{
    const bmp_event *ev = c->ev;
    tallies t = {0};
    if (!tallies_new(ev, &t)) {
        tallies_free(&t);
        return bmp_error_oom(c->err);
    }
    bmp_status st = tally_matches(c, rule, &t);
    if (!st && ev->nmatches == 0)
        st = tally_match_wins(c, rule, &t);
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        if (t.played[i] > *max_deals)
            *max_deals = t.played[i];
        if (!ev->contestants[i].phantom && t.units[i] != 0)
            st = emit_team(c, i, t.units[i], factor, letter, rule, section);
    }
    if (!st)
        st = emit_lineups(c, &t, factor, letter, rule, section);
    tallies_free(&t);
    return st;
}
