/* ACBL club charts as formulas (ACBL-C1..C4, ACBL-C7).  Source: ACBL
 * Handbook, Section Three "Masterpoint Award Regulations", "I. Calculating
 * the Awards" (acbl.org/about-acbl/administration/acbl-handbook/
 * i-calculating-the-awards/) and "V. Awards" (club championships); the
 * printed charts after Chapter 4 are these formulas tabulated
 * (docs/rulings.md ACBL-RC1..RC6). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "acbl/club.h"

static const char *const game_names[] = {"open", "invitational", "restricted", "newcomer"};

bool acbl_club_game_parse(const char *s, acbl_club_game *out)
{
    if (!s) {
        *out = ACBL_CLUB_OPEN;
        return true;
    }
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, game_names[i]) == 0) {
            *out = (acbl_club_game)i;
            return true;
        }
    return false;
}

const char *acbl_club_game_name(acbl_club_game g)
{
    return game_names[g];
}

static void set_rate(acbl_club_rate *r, bmp_points per, bmp_points cap, const char *why)
{
    r->per = per;
    r->cap = cap;
    snprintf(r->why, sizeof r->why, "%s", why);
}

/* ACBL-C1 restricted rows: 0-20 .05, 0-100 .06, 0-200 .07, above .08; the
 * maximum is 15 x the rate, as open (.10, 1.50) and invitational (.08,
 * 1.20): ruling ACBL-RC2. */
static void restricted_rate(int64_t ul, acbl_club_rate *r)
{
    if (ul <= 20)
        set_rate(r, 5, 75, "restricted 0-20: .05 a contestant, max 0.75 (ACBL-C1)");
    else if (ul <= 100)
        set_rate(r, 6, 90, "restricted 0-100: .06 a contestant, max 0.90 (ACBL-C1)");
    else if (ul <= 200)
        set_rate(r, 7, 105, "restricted 0-200: .07 a contestant, max 1.05 (ACBL-C1)");
    else
        set_rate(r, 8, 120, "restricted 0-200+: .08 a contestant, max 1.20 (ACBL-C1)");
}

bmp_status acbl_club_rate_of(acbl_club_game g, int64_t ul, acbl_club_rate *out, bmp_error *err)
{
    switch (g) {
    case ACBL_CLUB_OPEN:
        set_rate(out, 10, 150, "open: .10 a contestant, max 1.50 (ACBL-C1)");
        return BMP_OK;
    case ACBL_CLUB_INVITATIONAL:
        set_rate(out, 8, 120, "invitational: .08 a contestant, max 1.20 (ACBL-C1)");
        return BMP_OK;
    case ACBL_CLUB_RESTRICTED:
        if (ul == BMP_NO_LIMIT)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.upper_limit: a restricted club game's first place depends "
                                 "on its masterpoint limit (0-20 .05, 0-100 .06, 0-200 .07, "
                                 "more .08: ACBL-C1): expected an upper limit");
        restricted_rate(ul, out);
        return BMP_OK;
    case ACBL_CLUB_NEWCOMER:
        if (ul == BMP_NO_LIMIT || ul > 20)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.upper_limit: a newcomer club game is limited to 0-5, 0-10 "
                                 "or 0-20 masterpoints (ACBL-C1): expected an upper limit of "
                                 "20 or less");
        if (ul <= 5)
            set_rate(out, 3, 100, "newcomer 0-5: .03 a contestant, max 1.00 (ACBL-C1)");
        else if (ul <= 10)
            set_rate(out, 4, 100, "newcomer 0-10: .04 a contestant, max 1.00 (ACBL-C1)");
        else
            set_rate(out, 5, 100, "newcomer 0-20: .05 a contestant, max 1.00 (ACBL-C1)");
        return BMP_OK;
    }
    return bmp_error_set(err, BMP_EINVAL, "club game type %d unknown", (int)g);
}

bmp_points acbl_club_first(const acbl_club_rate *r, int field)
{
    bmp_points f = r->per * field;
    return f > r->cap ? r->cap : f;
}

bmp_points acbl_club_place(bmp_points first, int pos)
{
    switch (pos) {
    case 1: return first;
    case 2: return bmp_mul_ratio(first, 70, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    case 3: return bmp_mul_ratio(first, 50, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    case 4: return bmp_mul_ratio(first, 35, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    default: return bmp_mul_ratio(first, 1, pos, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    }
}

void acbl_club_place_describe(bmp_points first, int pos, char *buf, size_t n)
{
    char f[32];
    bmp_points_format(first, f, sizeof f);
    switch (pos) {
    case 1: snprintf(buf, n, "1st = %s", f); return;
    case 2: snprintf(buf, n, "2nd = 70%% of %s", f); return;
    case 3: snprintf(buf, n, "3rd = 50%% of %s", f); return;
    case 4: snprintf(buf, n, "4th = 35%% of %s", f); return;
    default: snprintf(buf, n, "place %d = %s / %d", pos, f, pos); return;
    }
}

int acbl_club_depth(int field)
{
    /* 40 % of the field, .5 rounded up: floor((4 x field + 5) / 10). */
    return field > 0 ? (4 * field + 5) / 10 : 0;
}

int acbl_club_group_field(double tables, bmp_event_kind kind, bool direction)
{
    double per = kind == BMP_KIND_INDIVIDUAL ? 4
                 : (kind == BMP_KIND_SWISS_TEAMS || kind == BMP_KIND_BAM ||
                    kind == BMP_KIND_TEAM_OF_TWO || kind == BMP_KIND_KNOCKOUT)
                     ? 1
                     : 2;
    bool teams = per == 1;
    if (direction && !teams) {
        /* A Mitchell direction: a half table counts as a full table. */
        return (int)ceil(tables - 1e-9) * (int)(per / 2);
    }
    return (int)ceil(tables * per - 1e-9);
}

bmp_points acbl_club_overall_place(bmp_points first, int pos)
{
    if (pos <= 1)
        return first;
    if (pos > 6)
        return 0;
    int64_t num = 1, den = 1;
    for (int i = 1; i < pos; i++) {
        num *= 3;
        den *= 4;
    }
    return bmp_mul_ratio(first, num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

/* The stratum a ranking names, or NULL for the whole field: an overall
 * ranking is the stratum's name; a section ranking of a stratum is the
 * stratum's name, a space and the rest ("B session 1 A NS": the loader
 * checks places within each ranking). */
const bmp_group *acbl_club_ranking_stratum(const bmp_event *ev, const bmp_ranking_entry *re)
{
    if (!re->ranking)
        return NULL;
    const bmp_group *best = NULL;
    size_t bl = 0;
    for (size_t g = 0; g < ev->ngroups; g++) {
        const bmp_group *gr = &ev->groups[g];
        if (!gr->type || strcasecmp(gr->type, "stratum") != 0 || !gr->name)
            continue;
        size_t l = strlen(gr->name);
        if (strncmp(re->ranking, gr->name, l) == 0 &&
            (re->ranking[l] == '\0' || (re->session > 0 && re->ranking[l] == ' ')) && l > bl) {
            best = gr;
            bl = l;
        }
    }
    return best;
}

static bool ul_le(int64_t a, int64_t b)
{
    if (b == BMP_NO_LIMIT)
        return true;
    return a != BMP_NO_LIMIT && a <= b;
}

/* Is contestant i in stratum sg or a lower one (by its group's limit)? */
bool acbl_club_in_stratum(const bmp_event *ev, size_t i, const bmp_group *sg)
{
    const bmp_contestant *c = &ev->contestants[i];
    const bmp_group *g = c->group ? bmp_event_group(ev, c->group) : NULL;
    if (!g || !g->type || strcasecmp(g->type, "stratum") != 0)
        return sg->upper_limit == BMP_NO_LIMIT;
    return ul_le(g->upper_limit, sg->upper_limit);
}

/* Does contestant i play in session/section/direction of re? */
bool acbl_club_same_group(const bmp_contestant *c, const bmp_ranking_entry *re)
{
    for (size_t r = 0; r < c->nrankings; r++) {
        const bmp_ranking_entry *o = &c->rankings[r];
        if (o->session == re->session &&
            ((!o->section && !re->section) ||
             (o->section && re->section && strcmp(o->section, re->section) == 0)) &&
            ((!o->direction && !re->direction) ||
             (o->direction && re->direction && strcmp(o->direction, re->direction) == 0)))
            return true;
    }
    return false;
}

bool acbl_club_counted(const bmp_event *ev, size_t i)
{
    const bmp_contestant *c = &ev->contestants[i];
    return !c->phantom; /* ACBL-154: award_general marks the ineligible as not paid */
}

int acbl_club_stratum_pairs(const bmp_event *ev, const bmp_group *sg)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += acbl_club_counted(ev, i) && acbl_club_in_stratum(ev, i, sg);
    return n;
}
