/* Award factors: finals premium and consolations (4.2.5, 4.3.3), short
 * sessions (4.4.7), master factors (4.4.9), restriction factor (4.4.10). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/abf_internal.h"

/* 4.2.5 (ABF-46): the final's session award is the standard award + 50 %.
 * A final may hold max(1/4 of the original entry, 9) tables (AMB-26: the
 * quarter rounded up); a larger final multiplies the award by allowed /
 * actual tables, never below the standard award. */
void abf_final_premium(double final_tables, double entry_tables, int64_t *num, int64_t *den)
{
    int fin = abf_round_tables(final_tables);
    int limit = abf_round_tables(entry_tables / 4.0);
    if (limit < 9)
        limit = 9;
    if (fin <= limit) {
        *num = 3;
        *den = 2;
        return;
    }
    /* 1.5 x limit / fin, floored at 1. */
    if (3 * limit <= 2 * fin) {
        *num = 1;
        *den = 1;
        return;
    }
    *num = 3 * (int64_t)limit;
    *den = 2 * (int64_t)fin;
}

/* 4.2.5 table "Consolations - session awards multiplying factors", x 100. */
static int cons_factor100(int k, int n)
{
    if (n == 1)
        return 60;
    if (n == 2)
        return k == 1 ? 60 : 45;
    static const int f[] = {75, 60, 45};
    return k <= 3 ? f[k - 1] : 30;
}

/* 4.2.5 (ABF-47).  Green grades (C, D, E): the basic grade E awards for the
 * consolation's own field, i.e. a factor E weight / grade weight (AMB-10).
 * Red and gold: the table's factor, the average of the relevant factors for
 * ungraded consolations, never below 1/W ("no consolation award shall drop
 * below the base grade weighting of 1.0": B4 0.40, B5 0.50; AMB-10: the
 * floor applies after averaging). */
bmp_status abf_consolation_session_factor(const abf_grade *g, int k, int n, bool graded,
                                          bool teams, int64_t *num, int64_t *den,
                                          bmp_error *err)
{
    if (n < 1 || k < 1 || k > n)
        return bmp_error_set(err, BMP_EINVAL,
                             "consolation %d of %d: expected 1 <= consolation <= consolations", k,
                             n);
    int w = abf_grade_w100(g, teams);
    if (strcmp(g->code, "F") == 0) {
        /* 4.2.5 names grades C, D and E only; supervised play keeps its own
         * (already half-rate) awards (ruling ABF-R7). */
        *num = *den = 1;
        return BMP_OK;
    }
    if (strcmp(g->colour, "green") == 0) {
        const abf_grade *e = abf_grade_find("E");
        *num = abf_grade_w100(e, teams);
        *den = w;
        return BMP_OK;
    }
    int64_t fn, fd = 100;
    if (graded || n == 1) {
        fn = cons_factor100(k, n);
    } else {
        fn = 0;
        for (int i = 1; i <= n; i++)
            fn += cons_factor100(i, n);
        fd = 100 * (int64_t)n;
    }
    /* Floor 1/W = 100 / w100: compare fn/fd with 100/w. */
    if (fn * w < 100 * fd) {
        fn = 100;
        fd = w;
    }
    *num = fn;
    *den = fd;
    return BMP_OK;
}

/* 4.3.3 (ABF-35) "Consolations - outright awards": 1 consolation 1/4; 2 or
 * more ungraded 1/5; 2 graded 1/3, 1/5; 3 or more graded 1/(k+2). */
bmp_status abf_consolation_outright(int k, int n, bool graded, int64_t *num, int64_t *den,
                                    bmp_error *err)
{
    if (n < 1 || k < 1 || k > n)
        return bmp_error_set(err, BMP_EINVAL,
                             "consolation %d of %d: expected 1 <= consolation <= consolations", k,
                             n);
    *num = 1;
    if (n == 1)
        *den = 4;
    else if (!graded)
        *den = 5;
    else if (n == 2)
        *den = k == 1 ? 3 : 5;
    else
        *den = k + 2;
    return BMP_OK;
}

/* 4.3.3 NOTE (ABF-35): a consolation should hold 75 %..150 % of the final's
 * tables; otherwise the award is multiplied by consolation tables / (0.75 or
 * 1.5 x final tables) - which may raise it (13 / 10.5, AMB-11). */
void abf_consolation_size_ratio(double cons_tables, double final_tables, int64_t *num,
                                int64_t *den)
{
    int64_t c = llround(cons_tables * 100), f = llround(final_tables * 100);
    if (4 * c < 3 * f) { /* c < 0.75 f */
        *num = c * 4;
        *den = f * 3;
    } else if (2 * c > 3 * f) { /* c > 1.5 f */
        *num = c * 2;
        *den = f * 3;
    } else {
        *num = 1;
        *den = 1;
    }
}

/* 4.4.9 master factors x 1000: rows E/D/C, B3/B4/B5, B/A2, A; columns
 * Grad., Club, Local, State, Bronze State, Nat'l, Bronze Nat'l, Life, Grand. */
static const int master_rows[4][9] = {
    {1000, 1000, 1000, 1000, 1000, 1000, 1250, 1500, 1500},
    {400, 500, 650, 800, 900, 1000, 1125, 1250, 1500},
    {400, 500, 650, 800, 800, 900, 900, 1000, 1000},
    {330, 400, 500, 650, 725, 800, 800, 900, 1000},
};

/* The 21 ranks of 1.8 in order, each with its factor column (AMB-7). */
static const struct {
    const char *rank;
    int col;
} ranks[] = {
    {"Graduate", 0},        {"Club", 1},          {"Local", 2},           {"Bronze Local", 2},
    {"Silver Local", 2},    {"Regional", 2},      {"Bronze Regional", 2}, {"State", 3},
    {"Bronze State", 4},    {"National", 5},      {"Bronze National", 6}, {"Silver National", 6},
    {"Life", 7},            {"Bronze Life", 7},   {"Silver Life", 7},     {"Gold Life", 7},
    {"Grand", 8},           {"Silver Grand", 8},  {"Gold Grand", 8},      {"Emerald Grand", 8},
    {"Diamond Grand", 8},
};
#define NRANKS (sizeof ranks / sizeof *ranks)

/* Rank index 0..20; "Nil"/"None"/"below Graduate" count as Graduate (4.4.9). */
static int rank_index(const char *name)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", name);
    size_t l = strlen(buf);
    const char *suffix = " Master";
    if (l > strlen(suffix) && strcasecmp(buf + l - strlen(suffix), suffix) == 0)
        buf[l - strlen(suffix)] = '\0';
    if (strcasecmp(buf, "Nil") == 0 || strcasecmp(buf, "None") == 0 ||
        strcasecmp(buf, "below Graduate") == 0)
        return 0;
    if (strcasecmp(buf, "Grad.") == 0 || strcasecmp(buf, "Grad") == 0)
        return 0;
    if (strcasecmp(buf, "Nat'l") == 0)
        return 9;
    if (strcasecmp(buf, "Bronze Nat'l") == 0)
        return 10;
    for (size_t i = 0; i < NRANKS; i++)
        if (strcasecmp(buf, ranks[i].rank) == 0)
            return (int)i;
    return -1;
}

/* Factor row of a grade.  The table names E/D/C, B3/B4/B5, B/A2, A; F and
 * the club/state variants follow their base grade (rulings: ABF-R6). */
static int master_row(const abf_grade *g)
{
    const char *c = g->code;
    if (!strcmp(c, "F") || !strcmp(c, "E") || !strcmp(c, "D") || !strcmp(c, "C"))
        return 0;
    if (!strcmp(c, "B") || !strcmp(c, "A2"))
        return 2;
    if (!strcmp(c, "A"))
        return 3;
    return 1; /* B3, B4, B4c, B4s, B5, B5i */
}

bmp_status abf_master_factor(const abf_grade *g, const char *rank, int *f1000, bmp_error *err)
{
    int i = rank_index(rank);
    if (i < 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "unknown master ranking \"%s\" (expected one of the 1.8 ranks, e.g. "
                             "Graduate, Club, Local, State, National, Life, Grand)", rank);
    *f1000 = master_rows[master_row(g)][ranks[i].col];
    return BMP_OK;
}

/* 4.4.9: a mixed field "Life:5,National:10,State:12,Regional:1".  Median:
 * the ranking of the middle player when ranked from the top (the
 * ((n+1)/2)-th); average: the mean factor of the rankings represented. */
bmp_status abf_master_factor_field(const abf_grade *g, const char *field, bool average,
                                   int64_t *num, int64_t *den, bmp_error *err)
{
    long count[NRANKS] = {0};
    char *copy = strdup(field);
    if (!copy)
        return bmp_error_oom(err);
    char *save = NULL;
    bmp_status st = BMP_OK;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ')
            tok++;
        char *colon = strrchr(tok, ':');
        char *end = NULL;
        long n = colon ? strtol(colon + 1, &end, 10) : -1;
        if (!colon || n < 0 || (end && *end)) {
            st = bmp_error_set(err, BMP_EINVAL,
                               "master field \"%s\": expected Rank:count, got \"%s\"", field, tok);
            break;
        }
        *colon = '\0';
        int i = rank_index(tok);
        if (i < 0) {
            st = bmp_error_set(err, BMP_EINVAL, "master field: unknown master ranking \"%s\"", tok);
            break;
        }
        count[i] += n;
    }
    free(copy);
    if (st)
        return st;
    long total = 0;
    for (size_t i = 0; i < NRANKS; i++)
        total += count[i];
    if (total == 0)
        return bmp_error_set(err, BMP_EINVAL, "master field \"%s\": no players", field);
    int row = master_row(g);
    if (average) {
        bool seen[9] = {false};
        int64_t sum = 0, n = 0;
        for (size_t i = 0; i < NRANKS; i++)
            if (count[i] && !seen[ranks[i].col]) {
                seen[ranks[i].col] = true;
                sum += master_rows[row][ranks[i].col];
                n++;
            }
        *num = sum;
        *den = 1000 * n;
        return BMP_OK;
    }
    long mid = (total + 1) / 2, seen = 0;
    for (int i = (int)NRANKS - 1; i >= 0; i--) {
        seen += count[i];
        if (seen >= mid) {
            *num = master_rows[row][ranks[i].col];
            *den = 1000;
            return BMP_OK;
        }
    }
    return BMP_OK;
}

/* 4.4.10 (ABF-49): 0.75 on all awards of events restricted by age or gender
 * at grades A, A2 and B. */
bool abf_restriction_applies(const abf_grade *g, const bmp_event *ev)
{
    if (strcmp(g->code, "A") && strcmp(g->code, "A2") && strcmp(g->code, "B"))
        return false;
    static const char *const age_gender[] = {"women", "men",   "senior", "seniors", "junior",
                                             "juniors", "youth", "mixed", "veterans", "age",
                                             "gender", NULL};
    for (size_t i = 0; i < ev->nrestrictions; i++)
        for (size_t j = 0; age_gender[j]; j++)
            if (strcasecmp(ev->restrictions[i], age_gender[j]) == 0)
                return true;
    return false;
}

/* 4.4.7 (ABF-15): a session has 24 boards (15 for F); fewer are factored
 * down (boards / minimum, AMB-24); under 12 boards no session award. */
bool abf_short_session(const abf_grade *g, int boards, int64_t *num, int64_t *den)
{
    int min = strcmp(g->code, "F") == 0 ? 15 : 24;
    *num = 1;
    *den = 1;
    if (boards <= 0 || boards >= min)
        return true;
    if (boards < 12)
        return false;
    *num = boards;
    *den = min;
    return true;
}
