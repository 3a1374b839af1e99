/* ABF session awards from session rankings (4.2.1, 4.2.2, 4.2.5, 4.4.3, 4.4.7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/award_families.h"

/* What every session ranking of the event shares. */
typedef struct sessions {
    bool percentage; /* 4.2.2 percentage awards */
    int nconsol;     /* consolations (4.2.5) */
    bool graded;     /* consolations graded (4.2.5) */
} sessions;

/* The rankings a contestant's session awards come from: its session
 * rankings; a single-session event without them ranks by place, or, as a
 * USEBIO two-winner file says it, by its direction ranking (NS or EW, no
 * session number): the session's result.  *implicit holds the made-up one. */
static const bmp_ranking_entry *session_list(const bmp_event *ev, const bmp_contestant *ct,
                                             bmp_ranking_entry *implicit, size_t *n)
{
    const bmp_ranking_entry *list = ct->rankings;
    *n = ct->nrankings;
    bool has_session = false;
    for (size_t r = 0; r < *n; r++)
        has_session |= list[r].session > 0;
    const bmp_ranking_entry *dir = NULL;
    for (size_t r = 0; r < *n && !has_session; r++)
        if (list[r].direction && list[r].place.lo > 0)
            dir = &list[r];
    if (!has_session && ev->sessions <= 1 && dir) {
        *implicit = *dir;
        implicit->session = 1;
        if (!implicit->section)
            implicit->section = ct->group;
        *n = 1;
        return implicit;
    }
    if (!has_session && ev->sessions <= 1 && ct->place.lo > 0) {
        implicit->ranking = "session 1";
        implicit->session = 1;
        implicit->section = ct->group;
        implicit->place = ct->place;
        implicit->score = ct->score;
        implicit->has_score = ct->has_score;
        *n = 1;
        return implicit;
    }
    return list;
}

/* The JSON path of ranking r of contestant ci (field "place"/"score" of the
 * contestant when the ranking is implicit). */
static void ranking_path(char *at, size_t n, size_t ci, size_t r, bool implicit,
                         const char *field)
{
    if (implicit)
        snprintf(at, n, "$.contestants[%zu].%s", ci, field);
    else if (*field == 'p')
        snprintf(at, n, "$.contestants[%zu].rankings[%zu]", ci, r);
    else
        snprintf(at, n, "$.contestants[%zu].rankings[%zu].%s", ci, r, field);
}

/* ABF-11 (4.1.1): the top half of the field in contestants; a half table
 * is a missing pair (or two players), so a 7.5-table Howell is a field of 15
 * pairs paying 7, not 8 (audit).  Top third for teams and Butler pairs: a
 * Mitchell direction holds T pairs, a one-winner field all the pairs
 * (audit: a 9-table Butler Mitchell pays 3 per direction, not ceil(18/3)). */
static int places_paid(const abf_ctx *c, double tables, int T, bool one, bool howell)
{
    if (c->top_third)
        return abf_places_top_third(c->teams || !one ? T : (int)floor(tables * 2 + 1e-9));
    if (howell)
        return abf_places_top_half((int)floor(tables * (c->individual ? 4 : 2) + 1e-9));
    return abf_session_places(false, false, T);
}

/* 4.2.5 (ABF-46, ABF-47): a final's premium or a consolation's factor. */
static bmp_status group_factor(abf_ctx *c, const sessions *ss, const bmp_group *grp,
                               double tables, core_exact *v, char *pre, size_t pren,
                               const char **rule, const char **section)
{
    const bmp_event *ev = c->ev;
    if (!grp || !grp->type)
        return BMP_OK;
    if (!strcasecmp(grp->type, "final") && !bmp_params_bool(&ev->params, "walk_in_final", false)) {
        int64_t pn, pd;
        abf_final_premium(tables, ev->tables, &pn, &pd);
        *v = core_exact_mul(*v, pn, pd);
        snprintf(pre + strlen(pre), pren - strlen(pre), " x %lld/%lld final (4.2.5)",
                 (long long)pn, (long long)pd);
        *rule = "ABF-46";
        *section = "4.2.5";
    } else if (!strcasecmp(grp->type, "consolation")) {
        int k = (int)bmp_params_number(&grp->params, "consolation", 1);
        int64_t kn, kd;
        bmp_status st =
            abf_consolation_session_factor(c->g, k, ss->nconsol ? ss->nconsol : 1, ss->graded,
                                           c->teams, &kn, &kd, c->err);
        if (st) {
            bmp_error_prefix(c->err, "$.groups[%zu].params.consolation: ",
                             (size_t)(grp - ev->groups));
            return st;
        }
        *v = core_exact_mul(*v, kn, kd);
        snprintf(pre + strlen(pre), pren - strlen(pre), " x %lld/%lld consolation %d (4.2.5)",
                 (long long)kn, (long long)kd, k);
        *rule = "ABF-47";
        *section = "4.2.5";
    }
    return BMP_OK;
}

/* 4.2.5: the group a session ranking belongs to and its tables; a final's
 * or consolation's awards depend on its own size ("the size of the field
 * under consideration"): the event's tables would silently inflate them. */
static bmp_status ranking_tables(abf_ctx *c, const bmp_ranking_entry *re, const bmp_group **grp,
                                 double *tables)
{
    const bmp_event *ev = c->ev;
    *grp = re->section ? bmp_event_group(ev, re->section) : NULL;
    const bmp_group *g = *grp;
    if (g && !(g->tables > 0) && g->type &&
        (!strcasecmp(g->type, "final") || !strcasecmp(g->type, "consolation"))) {
        char at[96];
        snprintf(at, sizeof at, "$.groups[%zu].tables", (size_t)(g - ev->groups));
        return abf_fail_at(c, BMP_EINVAL, at,
                           "the %s \"%s\" needs its \"tables\" for its session awards (4.2.5)",
                           g->type, g->name);
    }
    *tables = g && g->tables > 0 ? g->tables : ev->tables;
    return BMP_OK;
}

/* Whether the session earns awards at all: ABF-8 two winners need a
 * direction; ABF-14 (4.4.3) Howell/individual ">= 2 or more full tables"
 * (1.5 tables do not qualify, so the unrounded count is used), Mitchell
 * >= 4, teams whatever the field size; ABF-15 (4.4.7) short sessions
 * factored down (sn/sd), none under 12 boards.  *none: a reason was given. */
static bmp_status ranking_qualifies(abf_ctx *c, size_t ci, const bmp_ranking_entry *re,
                                    size_t r, bool implicit, const bmp_group *grp,
                                    double tables, int *boards, int64_t *sn, int64_t *sd,
                                    bool *none)
{
    const bmp_event *ev = c->ev;
    bool one = !re->direction;
    *none = true;
    if (ev->movement == BMP_MOVEMENT_TWO_WINNER && one && !c->teams && !c->individual) {
        char at[96];
        ranking_path(at, sizeof at, ci, r, implicit, "place");
        return abf_fail_at(c, BMP_EINVAL, at,
                           "contestant \"%s\": a two-winner (Mitchell) session ranking needs "
                           "\"direction\": \"NS\" or \"EW\"",
                           ev->contestants[ci].id);
    }
    bool howell = one || c->individual;
    if (!c->teams && (howell ? tables < 2 - 1e-9 : abf_round_tables(tables) < 4))
        return bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "ABF-14", "4.4.3",
                                 "%s: %.4g table(s), fewer than %d: no session award "
                                 "(4.4.3, ABF-14)",
                                 re->ranking, tables, howell ? 2 : 4)
                   ? bmp_error_oom(c->err)
                   : BMP_OK;
    *boards = grp ? (int)bmp_params_number(&grp->params, "boards", ev->boards) : ev->boards;
    if (!abf_short_session(c->g, *boards, sn, sd))
        return bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "ABF-15", "4.4.7",
                                 "%s: %d board(s), fewer than 12: no session award "
                                 "(4.4.7, ABF-15)",
                                 re->ranking, *boards)
                   ? bmp_error_oom(c->err)
                   : BMP_OK;
    *none = false;
    return BMP_OK;
}

/* The award before factors: ABF-13 (4.2.2) by percentage, rounded down,
 * never falling back silently to the place award; else the place award of
 * 4.2.1 (ABF-6 two winners, ABF-7 one).  *none: the place earns nothing. */
static bmp_status ranking_base(abf_ctx *c, const sessions *ss, size_t ci,
                               const bmp_ranking_entry *re, size_t r, bool implicit,
                               abf_winner_spec ws, int paid, core_exact *v, char *how,
                               size_t hown, const char **rule, const char **section, bool *none)
{
    *none = false;
    *rule = ws.kind == 2 ? "ABF-7" : "ABF-6"; /* Howell: one winner */
    *section = "4.2.1";
    if (ss->percentage && !re->has_score) {
        char at[96];
        ranking_path(at, sizeof at, ci, r, implicit, "score");
        return abf_fail_at(c, BMP_EINVAL, at,
                           "params.percentage_awards (4.2.2) needs the pair's percentage score");
    }
    if (ss->percentage) {
        bmp_points p = abf_percentage_award(re->score, abf_ctx_weight(c));
        *v = core_exact_q(p, 100);
        snprintf(how, hown, "4.2.2: P=%d%% W=%.2f -> %.2f", (int)floor(re->score),
                 abf_ctx_weight(c) / 100.0, p / 100.0);
        *rule = "ABF-13";
        *section = "4.2.2";
        return BMP_OK;
    }
    *none = !abf_place_value(c, ws, paid, re->place.lo, re->place.hi, v, how, hown);
    return BMP_OK;
}

/* 4.2.1 (ABF-6..8): the award of one session ranking of contestant ci,
 * with 4.4.3 minimum sizes, 4.4.7 short sessions, 4.2.2 percentages and the
 * 4.2.5 final premium or consolation factor of its group. */
static bmp_status ranking_award(abf_ctx *c, const sessions *ss, size_t ci,
                                const bmp_ranking_entry *re, size_t r, bool implicit)
{
    const bmp_group *grp = NULL;
    double tables = 0;
    int boards = 0;
    int64_t sn = 1, sd = 1;
    bool none = false, one = !re->direction;
    bmp_status st = ranking_tables(c, re, &grp, &tables);
    if (st || (st = ranking_qualifies(c, ci, re, r, implicit, grp, tables, &boards, &sn, &sd,
                                      &none)) || none)
        return st;
    int T = abf_round_tables(tables);
    int paid = places_paid(c, tables, T, one, one || c->individual);
    abf_winner_spec ws = {one ? 2 : 1, T, 0};
    char how[160], pre[200] = "";
    core_exact v;
    const char *rule, *section;
    if ((st = ranking_base(c, ss, ci, re, r, implicit, ws, paid, &v, how, sizeof how, &rule,
                           &section, &none)) || none)
        return st;
    if (sn != sd) {
        v = core_exact_mul(v, sn, sd);
        snprintf(pre + strlen(pre), sizeof pre - strlen(pre), " x %d/%lld boards (4.4.7)", boards,
                 (long long)sd);
    }
    if ((st = group_factor(c, ss, grp, tables, &v, pre, sizeof pre, &rule, &section)))
        return st;
    const bmp_contestant *ct = &c->ev->contestants[ci];
    int64_t tn, td;
    abf_team_share(c, ct, &tn, &td);
    v = core_exact_mul(core_exact_mul(v, c->fnum, c->fden), tn, td);
    bmp_points p = abf_round(v, !strcmp(rule, "ABF-13") ? BMP_ROUND_FLOOR : c->mode);
    char pl[24], ps[32];
    bmp_place_format(re->place, pl, sizeof pl);
    abf_fmt_pts(p, ps, sizeof ps);
    char ex[1024];
    snprintf(ex, sizeof ex, "%s T=%d %s place %s of %d paid: %s%s%s%s = %s", re->ranking, T,
             one ? "one-winner" : "two-winner", pl, paid, how, pre, c->fdesc,
             abf_team_share_text(tn, td), ps);
    return abf_emit(c, ci, "session", re->ranking, re->place, p, rule, section, 0.75, ex);
}

/* 4.2.1, 4.2.2, 4.2.3, 4.2.5: the session awards of every contestant. */
bmp_status abf_session_awards(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    sessions ss = {.percentage = bmp_params_bool(&ev->params, "percentage_awards", false)};
    /* 4.2.2 (ABF-13) is for "Duplicate Congress, State, and National Events"
     * (and the Australia-Wide Pairs, 6.3): not club grades. */
    static const char *const club[] = {"F", "E", "D", "C", "B4c", "B5i", NULL};
    for (size_t i = 0; ss.percentage && club[i]; i++)
        if (!strcmp(c->g->code, club[i]))
            return abf_fail_at(c, BMP_EINVAL, "$.params.percentage_awards",
                               "the 4.2.2 percentage awards are for congress, State and "
                               "National events (grades B5, B4, B4s, B3, B, A2, A), got grade %s",
                               c->g->code);
    /* 4.2.3 (ABF-24, U-40): Butler pairs of short matches use "the awards
     * listed in clause 4.2.1", one session included; "Placing awards
     * should only be given if two or more sessions have been played" is
     * about the outright placing awards (ABF practice: Compscore). */
    for (size_t i = 0; i < ev->ngroups; i++)
        ss.nconsol += ev->groups[i].type && !strcasecmp(ev->groups[i].type, "consolation");
    ss.nconsol = (int)bmp_params_number(&ev->params, "consolations", ss.nconsol);
    ss.graded = bmp_params_bool(&ev->params, "consolations_graded", true);
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom)
            continue;
        bmp_ranking_entry implicit = {0};
        size_t n;
        const bmp_ranking_entry *list = session_list(ev, ct, &implicit, &n);
        for (size_t r = 0; r < n; r++) {
            const bmp_ranking_entry *re = &list[r];
            if (re->session <= 0 || re->place.lo <= 0)
                continue;
            bmp_status st = ranking_award(c, &ss, ci, re, r, list == &implicit);
            if (st)
                return st;
        }
    }
    return BMP_OK;
}
