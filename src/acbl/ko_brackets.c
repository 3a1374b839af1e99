/* ACBL knockout teams: the brackets of the event (groups of type "bracket"
 * or "flight", or the whole field) and their fields: teams, average
 * masterpoints (ACBL-28b, ACBL-38), rounds, M, and the split lowest flight
 * (ACBL-49). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/ko_event.h"

bool acbl_ko_in_bracket(const ko_ctx *c, const bmp_contestant *ct, size_t k)
{
    if (!c->br[k].g)
        return true;
    return ct->group && strcmp(ct->group, c->br[k].name) == 0;
}

static bool is_bracket(const bmp_group *g)
{
    return g->type && (strcasecmp(g->type, "bracket") == 0 || strcasecmp(g->type, "flight") == 0);
}

/* The brackets: groups of type "bracket" or "flight" (top first), or the
 * whole field as one. */
static bmp_status list_brackets(ko_ctx *c, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    size_t n = 0;
    for (size_t i = 0; i < ev->ngroups; i++)
        n += is_bracket(&ev->groups[i]);
    c->nbr = n ? n : 1;
    c->br = calloc(c->nbr, sizeof *c->br);
    if (!c->br)
        return bmp_error_oom(err);
    if (!n) {
        c->br[0] = (ko_bracket){.name = "overall", .params = &ev->params, .ul = ev->upper_limit};
        return BMP_OK;
    }
    size_t k = 0;
    int flights = 0;
    for (size_t i = 0; i < ev->ngroups; i++) {
        const bmp_group *g = &ev->groups[i];
        if (!is_bracket(g))
            continue;
        c->br[k] = (ko_bracket){.g = g, .name = g->name, .params = &g->params,
                                .ul = g->upper_limit != BMP_NO_LIMIT ? g->upper_limit
                                                                     : ev->upper_limit};
        if (strcasecmp(g->type, "flight") == 0)
            c->br[k].flight_rank = ++flights;
        k++;
    }
    return BMP_OK;
}

/* The teams of bracket k and their masterpoints (params.team_mp). */
typedef struct bracket_teams {
    int count, with_mp;
    double team_sum, mp_sum, players;
} bracket_teams;

static bmp_status count_teams(const ko_ctx *c, size_t k, bracket_teams *t, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    *t = (bracket_teams){0};
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || !acbl_ko_in_bracket(c, ct, k))
            continue;
        t->count++;
        if (!bmp_params_has(&ct->params, "team_mp"))
            continue;
        int np = ct->nplayers ? (int)ct->nplayers : 4;
        double mp = bmp_params_number(&ct->params, "team_mp", 0);
        if (!(mp >= 0))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].params.team_mp: expected the team's total "
                                 "masterpoints (0 or more), got %g",
                                 i, mp);
        t->team_sum += acbl_ko_team_average(mp, np);
        t->mp_sum += mp;
        t->players += np;
        t->with_mp++;
    }
    return BMP_OK;
}

/* The bracket's average masterpoints: params.average_mp, else ACBL-28b
 * (2003: "the average of all the players in the bracket", per player) or
 * ACBL-38 (later: the 4-player team AvgMP) from every team's team_mp. */
static bmp_status bracket_average(const ko_ctx *c, ko_bracket *b, const bracket_teams *t,
                                  bmp_error *err)
{
    if (bmp_params_has(b->params, "average_mp"))
        b->avg_mp = bmp_params_number(b->params, "average_mp", 0);
    else if (t->with_mp && t->with_mp == t->count && c->ed == ACBL_ED_2003)
        b->avg_mp = t->mp_sum / t->players;
    else if (t->with_mp && t->with_mp == t->count)
        b->avg_mp = t->team_sum / t->count;
    else if (c->ed == ACBL_ED_CURRENT)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s \"%s\": the later KO formula needs the bracket's average "
                             "(params.average_mp, ACBL-37/38) or every team's params.team_mp",
                             b->g ? "group" : "event", b->name);
    return BMP_OK;
}

/* One bracket's size, averages, rounds and M (ACBL-25/36 inputs). */
static bmp_status bracket_field(const ko_ctx *c, size_t k, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    ko_bracket *b = &c->br[k];
    bracket_teams t;
    bmp_status st = count_teams(c, k, &t, err);
    if (st)
        return st;
    /* The JSON path of this bracket's fields, for errors. */
    char at[64];
    if (b->g)
        snprintf(at, sizeof at, "$.groups[%zu]", (size_t)(b->g - ev->groups));
    else
        snprintf(at, sizeof at, "$");
    double tab = b->g ? b->g->tables : ev->tables;
    if (tab > 0 && tab != floor(tab))
        return bmp_error_set(err, BMP_EINVAL,
                             "%s.tables: a knockout bracket counts whole teams, got %g", at, tab);
    if (b->g && b->g->tables > 0)
        b->teams = (int)b->g->tables;
    else if (!b->g && ev->tables > 0)
        b->teams = (int)ev->tables;
    else
        b->teams = t.count;
    if (b->teams < 2)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s \"%s\": a knockout bracket needs 2 or more teams, got %d (set "
                             "its tables or list its contestants)",
                             b->g ? "group" : "event", b->name, b->teams);
    b->credited = b->teams;
    b->top_avg = bmp_params_number(b->params, "top_team_average", 0);
    b->has_top_avg = bmp_params_has(b->params, "top_team_average");
    if ((st = bracket_average(c, b, &t, err)))
        return st;
    static const char *const nonneg[] = {"average_mp", "top_team_average"};
    for (size_t j = 0; j < 2; j++) {
        double v = bmp_params_number(b->params, nonneg[j], 0);
        if (bmp_params_has(b->params, nonneg[j]) && !(v >= 0))
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s.params.%s: expected average masterpoints (0 or more), got "
                                 "%g",
                                 at, nonneg[j], v);
    }
    double rounds = bmp_params_number(b->params, "rounds", acbl_ko_rounds(b->teams));
    if (!(rounds >= 1 && rounds <= 64 && rounds == floor(rounds)))
        return bmp_error_set(err, BMP_EINVAL,
                             "%s.params.rounds: expected a whole number of rounds from 1 to 64, "
                             "got %g",
                             at, rounds);
    b->rounds = (int)rounds;
    b->nonpow2 = bmp_params_bool(b->params, "non_power_of_two", false);
    b->down12 = bmp_params_bool(b->params, "down_to_12", false);
    b->m = acbl_factor_m(b->ul, c->rating);
    return BMP_OK;
}

/* ACBL-49: a split lowest flight: each group counts the largest group's
 * teams; only the lowest flight may be split. */
static bmp_status split_flight(ko_ctx *c, size_t k, bmp_awards *out, bmp_error *err)
{
    const char *s = bmp_params_string(c->br[k].params, "split", NULL);
    if (!s)
        return BMP_OK;
    int largest = 0;
    for (size_t j = 0; j < c->nbr; j++) {
        const char *t = bmp_params_string(c->br[j].params, "split", NULL);
        if (t && strcmp(s, t) == 0 && c->br[j].teams > largest)
            largest = c->br[j].teams;
        if (t && strcmp(s, t) == 0 && !c->br[k].peer)
            c->br[k].peer = (int)j + 1;
    }
    /* After a split bracket come only groups of the same split (or
     * separate flights). */
    for (size_t j = k + 1; j < c->nbr && !c->br[k].flight_rank; j++) {
        const char *t = bmp_params_string(c->br[j].params, "split", NULL);
        if (!c->br[j].flight_rank && !(t && strcmp(s, t) == 0))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.groups[%zu].params.split: only the lowest flight may be "
                                 "split (ACBL-49), but bracket \"%s\" comes after the split "
                                 "group \"%s\"",
                                 (size_t)(c->br[k].g - c->ev->groups), c->br[j].name,
                                 c->br[k].name);
    }
    c->br[k].largest = largest;
    c->br[k].credited = largest;
    bmp_awards_note(out, err,
                    "%s: split group \"%s\" of the lowest flight counts %d teams, the largest "
                    "group (ACBL-49)",
                    c->br[k].name, s, largest);
    return BMP_OK;
}

bmp_status acbl_ko_collect(ko_ctx *c, bmp_awards *out, bmp_error *err)
{
    bmp_status st = list_brackets(c, err);
    for (size_t k = 0; !st && k < c->nbr; k++)
        st = bracket_field(c, k, err);
    for (size_t k = 0; !st && k < c->nbr; k++)
        st = split_flight(c, k, out, err);
    return st;
}
