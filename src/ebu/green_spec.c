/* EBU Green Point ranking awards that the handbook defines only in part
 * (6.1.5, 6.3, 6.4: EBU-120, EBU-125 .. EBU-132): their top award, minimum
 * and number of awards, from which the EBU's own calculator (6.6, EBU-137)
 * fills in the places between.  ebu_gp_spec computes what the handbook
 * states; ebu_gp_scale_check holds an organiser's published scale against
 * it (docs/rulings.md EG-1 .. EG-6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/green_spec.h"

/* ceil_step(tables/24 + add), in hundredths: (100 tables + 24 add) / 24,
 * rounded up to a multiple of step (EG-2: the table count is exact, halves
 * included). */
bmp_points ebu_gp_top_formula(double tables, int add, int step)
{
    int64_t t2 = (int64_t)(tables * 2 + 1e-9); /* tables x 2: half tables kept */
    int64_t num = t2 * 100 + 48 * (int64_t)add; /* hundredths x 48 */
    int64_t den = 48 * (int64_t)step;
    return (bmp_points)((num + den - 1) / den * step);
}

static bmp_points ceil_to(bmp_points v, int step)
{
    return (v + step - 1) / step * step;
}

static void set(ebu_gp_spec *s, const char *rule, const char *sect, bmp_points top,
                bmp_points min, int count, const char *count_doc)
{
    s->rule = rule;
    s->sect = sect;
    s->top = top;
    s->min = min;
    s->count = count;
    s->count_doc = count_doc;
}

/* 6.3.3, 6.3.4 (EBU-125, EBU-126): top 2.50 + TOE/20 up to 0.25, at most
 * 7.00; 1/2 (formats i, ii) or 1/3 (iii) of the TOE, never more than the
 * finalists; the last 0.25. */
static bool county_pairs(const ebu_gp_in *in, ebu_gp_spec *s)
{
    int toe = in->toe > 0 ? in->toe : in->field;
    bmp_points top = ceil_to(250 + ((bmp_points)toe * 100 + 19) / 20, 25);
    if (top > 700)
        top = 700;
    bool third = in->format && strcmp(in->format, "two-session") == 0;
    int count = third ? toe / 3 : toe / 2;
    if (count > in->field)
        count = in->field;
    set(s, "EBU-126", "6.3.4", top, 25, count,
        third ? "1/3 of the original field, at most the finalists (6.3.3 iii)"
              : "50% of the original field, at most the finalists (6.3.3 i, ii)");
    return true;
}

/* 6.4.2 (EBU-128): the A flight counts A + B/2 tables; its top is never
 * below B's, and then A's awards equal B's, within A's top half. */
static bool flighted(const ebu_gp_in *in, ebu_gp_spec *s)
{
    int add = in->teams ? 50 : 100;
    if (!in->section || strcmp(in->section, "B") == 0) {
        set(s, "EBU-128", "6.4.2", ebu_gp_top_formula(in->tables, add, 50), 25, in->field / 6,
            "1/6 of the B flight (6.4.1 b, 6.4.2 c)");
        return true;
    }
    double bt = in->other_tables;
    int bfield = in->teams ? (int)(bt + 1e-9) : (int)(bt * 2 + 1e-9);
    bmp_points top = ebu_gp_top_formula(in->tables + bt / 2, add, 50);
    int count = (2 * in->field + bfield) / 12; /* 1/6 of A + B/2 */
    bmp_points btop = ebu_gp_top_formula(bt, add, 50);
    s->raised = top < btop;
    if (s->raised) {
        top = btop;
        if (bfield / 6 > count)
            count = bfield / 6;
        if (count > in->field / 2)
            count = in->field / 2;
    }
    set(s, "EBU-128", "6.4.2", top, 25, count,
        s->raised ? "as the B flight's, within the top half of the A flight (6.4.2 c)"
                  : "1/6 of A + B/2 tables' field (6.4.2 b)");
    return true;
}

/* The A/B/C/Open finals of 6.4.5 (no carry-forward) and 6.4.6 (with). */
static bool pairs_finals(const ebu_gp_in *in, bool carry, ebu_gp_spec *s)
{
    const char *rule = carry ? "EBU-132" : "EBU-131", *sect = carry ? "6.4.6" : "6.4.5";
    const char *sec = in->section ? in->section : "A";
    bmp_points a = ebu_gp_top_formula(in->original_tables, carry ? 250 : 200, 50);
    bmp_points b = a / 2, c = ceil_to(b / 2 + b % 2, 25);
    if (strcmp(sec, "qualifier") == 0) {
        if (carry)
            return false;
        set(s, rule, sect, 100, 25, in->field / 2, "the top half of the qualifier (6.4.5 a)");
    } else if (strcmp(sec, "A") == 0) {
        set(s, rule, sect, a, carry ? 150 : 100, in->field, "all qualifiers");
    } else if (strcmp(sec, "B") == 0) {
        set(s, rule, sect, b, carry ? 75 : 50, in->field, "all qualifiers");
    } else if (strcmp(sec, "C") == 0) {
        set(s, rule, sect, c, carry ? 50 : 25, in->field, "all qualifiers");
    } else { /* open: half of C (EG-4: up to 0.01), else 1.00 */
        set(s, rule, sect, in->has_c ? (c + 1) / 2 : 100, 25, in->field / 3,
            "the top third of the Open Pairs");
    }
    return true;
}

/* 6.4.3 (EBU-129): two-session all-play-through as Swiss teams; A final
 * 50% of qualifiers, at most 1/6 of the original entry; B 33.3%. */
static bool multiple_teams(const ebu_gp_in *in, ebu_gp_spec *s)
{
    const char *sec = in->section ? in->section : "all";
    bmp_points a = ebu_gp_top_formula(in->original_tables, 50, 50);
    if (strcmp(sec, "all") == 0) {
        set(s, "EBU-129", "6.4.3", ebu_gp_top_formula(in->tables, 50, 50), 25, in->field / 6,
            "1/6 of the field, as Swiss teams (6.4.3 b, 6.4.1)");
    } else if (strcmp(sec, "A") == 0) {
        int orig = (int)(in->original_tables + 1e-9);
        int count = in->field / 2 < orig / 6 ? in->field / 2 : orig / 6;
        set(s, "EBU-129", "6.4.3", a, 25, count,
            "50% of the qualifiers, at most 1/6 of the original entry (6.4.3 c i)");
    } else if (strcmp(sec, "B") == 0) {
        set(s, "EBU-129", "6.4.3", a / 2, 25, in->field / 3, "33.3% of the qualifiers");
    } else {
        return false; /* Open Teams: fixed 0.25s, no scale (ebu_gp_open_teams) */
    }
    return true;
}

bool ebu_gp_spec_of(const ebu_gp_in *in, ebu_gp_spec *s)
{
    memset(s, 0, sizeof *s);
    const char *e = in->event;
    const char *sec = in->section ? in->section : "";
    if (strcmp(e, "congress") == 0) { /* 6.1.5 (EBU-120): top 1/5 */
        set(s, "EBU-120", "6.1.5", ebu_gp_top_formula(in->tables, in->teams ? 150 : 100, 50), 25,
            in->field / 5, "the top 1/5 of the field (6.1.5 b)");
        return true;
    }
    if (strcmp(e, "county-pairs") == 0)
        return county_pairs(in, s);
    if (strcmp(e, "swiss") == 0) { /* 6.4.1 (EBU-127): top 1/6 */
        set(s, "EBU-127", "6.4.1", ebu_gp_top_formula(in->tables, in->teams ? 50 : 100, 50), 25,
            in->field / 6, "the top 1/6 of the field (6.4.1 b)");
        return true;
    }
    if (strcmp(e, "flighted-swiss") == 0)
        return flighted(in, s);
    if (strcmp(e, "multiple-teams") == 0)
        return multiple_teams(in, s);
    if (strcmp(e, "multiple-pairs") == 0) { /* 6.4.4 (EBU-130) */
        if (strcmp(sec, "session") == 0)
            set(s, "EBU-130", "6.4.4", 100, 25, in->field / 3, "the top third of the session");
        else
            set(s, "EBU-130", "6.4.4", ebu_gp_top_formula(in->tables, 100, 50), 100,
                in->field / 2, "the top half of the field (6.4.4 b)");
        return true;
    }
    if (strcmp(e, "multiple-pairs-finals") == 0)
        return pairs_finals(in, false, s);
    if (strcmp(e, "multiple-pairs-carry") == 0)
        return pairs_finals(in, true, s);
    return false;
}

/* One amount "2.50": digits, at most two decimals; hundredths. */
static bool parse_amount(const char *p, const char **end, bmp_points *v)
{
    bmp_points whole = 0, frac = 0;
    int digits = 0, decimals = 0;
    while (*p >= '0' && *p <= '9' && digits < 6)
        whole = whole * 10 + (*p++ - '0'), digits++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9' && decimals < 2)
            frac = frac * 10 + (*p++ - '0'), decimals++;
    }
    if (digits == 0 || (*p >= '0' && *p <= '9'))
        return false;
    *v = whole * 100 + (decimals == 1 ? frac * 10 : frac);
    *end = p;
    return true;
}

bmp_status ebu_gp_scale_parse(const char *text, bmp_points **out, int *n, bmp_error *err)
{
    size_t cap = strlen(text) / 2 + 2;
    bmp_points *v = malloc(cap * sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    int k = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p)
            break;
        if (!parse_amount(p, &p, &v[k]) || (*p && *p != ' ' && *p != ',')) {
            free(v);
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.green_scale: award %d: expected an amount such as "
                                 "\"2.50\" (Green Points, at most 2 decimals), in \"%s\"",
                                 k + 1, text);
        }
        k++;
    }
    *out = v;
    *n = k;
    return BMP_OK;
}

bmp_status ebu_gp_scale_check(const ebu_gp_spec *s, const bmp_points *v, int n, bmp_error *err)
{
    const char *P = "$.params.green_scale";
    if (n != s->count)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: %d awards given, the handbook gives %d: %s (%s, §%s)", P, n,
                             s->count, s->count_doc, s->rule, s->sect);
    if (n == 0)
        return BMP_OK;
    if (v[0] != s->top)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: the top award is %.2f, the handbook gives %.2f (%s, §%s)", P,
                             (double)v[0] / 100, (double)s->top / 100, s->rule, s->sect);
    for (int i = 1; i < n; i++)
        if (v[i] > v[i - 1])
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s: award %d (%.2f) exceeds award %d (%.2f): reductions "
                                 "never increase an award (%s, §%s; EBU-137, §6.6)",
                                 P, i + 1, (double)v[i] / 100, i, (double)v[i - 1] / 100,
                                 s->rule, s->sect);
    if (n > 1 && v[n - 1] != s->min)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: the last award is %.2f, the handbook's minimum is %.2f "
                             "(%s, §%s)",
                             P, (double)v[n - 1] / 100, (double)s->min / 100, s->rule, s->sect);
    return BMP_OK;
}
