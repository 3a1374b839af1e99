/* ACBL NABC championships and WBF events (src/acbl/nabc.c, wbf.c): the
 * printed tables compared cell by cell (tests/data/acbl/nabc_*.csv,
 * wbf.csv), the minimum-table reductions, DOC-03, formula firsts, KO
 * percentages, match awards, WBF lower places.  Hand-computed values carry
 * their arithmetic. */
#include "bmp_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/ko.h"

static acbl_edition ed_of(const char *s)
{
    return strcmp(s, "2003") == 0 ? ACBL_ED_2003 : ACBL_ED_CURRENT;
}

static bmp_points whole(const char *s)
{
    bmp_points p = 0;
    if (!bmp_points_parse(s, &p))
        fail_msg("not a number: \"%s\"", s);
    return p;
}

/* ACBL-53: the pair table, both editions (nabc_pairs.csv, every row). */
static void pairs_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/nabc_pairs.csv");
    size_t ec = bmp_csv_col(&csv, "edition"), nc = bmp_csv_col(&csv, "event"),
           sc = bmp_csv_col(&csv, "sessions"), fc = bmp_csv_col(&csv, "first"),
           xc = bmp_csv_col(&csv, "min_tables_X");
    for (size_t r = 1; r < csv.nrows; r++) {
        acbl_edition ed = ed_of(bmp_csv_get(&csv, r, ec));
        const acbl_nabc_event *e = acbl_nabc_find(ed, bmp_csv_get(&csv, r, nc));
        if (!e)
            fail_msg("row %zu: no event \"%s\"", r, bmp_csv_get(&csv, r, nc));
        const char *first = bmp_csv_get(&csv, r, fc);
        if (strncmp(first, "Formula max ", 12) == 0) {
            assert_int_equal(e->kind, NABC_PAIRS);
            assert_int_equal(e->max, whole(first + 12));
        } else if (strstr(first, "ormula")) {
            assert_int_equal(e->kind, NABC_FORMULA);
        } else {
            assert_int_equal(e->first, whole(first));
        }
        const char *s = bmp_csv_get(&csv, r, sc);
        if (*s)
            assert_int_equal(e->sessions, atoi(s));
        assert_int_equal(e->x, strcmp(bmp_csv_get(&csv, r, xc), "X") == 0);
    }
    bmp_csv_free(&csv);
}

/* ACBL-55: the Swiss/BAM table (nabc_swiss_bam.csv, both editions). */
static void teams_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/nabc_swiss_bam.csv");
    size_t nc = bmp_csv_col(&csv, "event"), sc = bmp_csv_col(&csv, "sessions"),
           fc = bmp_csv_col(&csv, "first"), xc = bmp_csv_col(&csv, "min_tables_X");
    for (int k = 0; k < 2; k++) {
        acbl_edition ed = k ? ACBL_ED_2003 : ACBL_ED_CURRENT;
        for (size_t r = 1; r < csv.nrows; r++) {
            const acbl_nabc_event *e = acbl_nabc_find(ed, bmp_csv_get(&csv, r, nc));
            assert_non_null(e);
            assert_int_equal(e->kind, NABC_TEAMS);
            assert_int_equal(e->sessions, atoi(bmp_csv_get(&csv, r, sc)));
            assert_int_equal(e->first, whole(bmp_csv_get(&csv, r, fc)));
            assert_int_equal(e->x, strcmp(bmp_csv_get(&csv, r, xc), "X") == 0);
        }
    }
    bmp_csv_free(&csv);
}

/* ACBL-57: fixed KO awards (nabc_ko_fixed.csv, every cell; D18). */
static void ko_fixed_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/nabc_ko_fixed.csv");
    size_t ec = bmp_csv_col(&csv, "edition"), nc = bmp_csv_col(&csv, "event"),
           mc = bmp_csv_col(&csv, "match_award"), stc = bmp_csv_col(&csv, "starred");
    static const char *const rk[] = {"r2", "r3_4", "r5_8", "r9_16", "r17_32"};
    for (size_t r = 1; r < csv.nrows; r++) {
        acbl_edition ed = ed_of(bmp_csv_get(&csv, r, ec));
        const char *name = bmp_csv_get(&csv, r, nc);
        const char *names[2] = {name, NULL};
        if (strcmp(name, "VANDERBILT & SPINGOLD") == 0) {
            names[0] = "vanderbilt";
            names[1] = "spingold";
        }
        for (int n = 0; n < 2 && names[n]; n++) {
            const acbl_nabc_event *e = acbl_nabc_find(ed, names[n]);
            assert_non_null(e);
            assert_int_equal(e->kind, NABC_KO_FIXED);
            assert_int_equal(e->first, whole(bmp_csv_get(&csv, r, bmp_csv_col(&csv, "r1"))));
            for (int k = 0; k < 5; k++) {
                const char *cell = bmp_csv_get(&csv, r, bmp_csv_col(&csv, rk[k]));
                assert_int_equal(e->ranks[k], *cell ? whole(cell) : 0);
            }
            assert_int_equal(e->match, whole(bmp_csv_get(&csv, r, mc)));
            assert_int_equal(e->starred, strcmp(bmp_csv_get(&csv, r, stc), "**") == 0);
        }
    }
    bmp_csv_free(&csv);
}

/* ACBL-60: formula KOs (nabc_ko_formula.csv, every row; D19, D20). */
static void ko_formula_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/nabc_ko_formula.csv");
    size_t ec = bmp_csv_col(&csv, "edition"), nc = bmp_csv_col(&csv, "event"),
           fc = bmp_csv_col(&csv, "first"), mc = bmp_csv_col(&csv, "match_award"),
           stc = bmp_csv_col(&csv, "starred"), notec = bmp_csv_col(&csv, "note");
    for (size_t r = 1; r < csv.nrows; r++) {
        acbl_edition ed = ed_of(bmp_csv_get(&csv, r, ec));
        const acbl_nabc_event *e = acbl_nabc_find(ed, bmp_csv_get(&csv, r, nc));
        if (!e)
            fail_msg("row %zu: no event \"%s\"", r, bmp_csv_get(&csv, r, nc));
        assert_int_equal(e->kind, NABC_KO_FORMULA);
        const char *first = bmp_csv_get(&csv, r, fc);
        if (strncmp(first, "Formula max ", 12) == 0)
            assert_int_equal(e->max, whole(first + 12));
        else
            assert_int_equal(e->first, whole(first));
        const char *m = bmp_csv_get(&csv, r, mc);
        assert_int_equal(e->match, *m ? whole(m) : 0);
        assert_int_equal(e->starred, strcmp(bmp_csv_get(&csv, r, stc), "**") == 0);
        const char *note = bmp_csv_get(&csv, r, notec);
        assert_int_equal(e->reduce75, strstr(note, "75%") != NULL);
        assert_int_equal(e->gnt, strncmp(e->name, "GNT", 3) == 0);
    }
    bmp_csv_free(&csv);
}

/* ACBL-54 / ACBL-56 / ACBL-58: minimum tables (nabc_min_tables.csv and
 * nabc_starred_ko_2003.csv; A-29 boundaries). */
static void min_tables(void **state)
{
    (void)state;
    /* pairs 2003: 48 -> 100%, 24-47 -> 75%, < 24 -> 50% */
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_2003, 48), 1000);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_2003, 47.5), 750);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_2003, 24), 750);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_2003, 23.5), 500);
    /* pairs later: 1 - 0.02 x (48 - T), at least 0.50: 47 -> 98%, 40 ->
     * 84%, 24 -> 52%, 23 -> 50%, 40.5 -> 85% */
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 47), 980);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 40), 840);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 24), 520);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 23), 500);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 40.5), 850);
    /* teams: 2003 < 32 -> 75%; later 1 - 0.03 x (32 - T): 31 -> 97%, 16 ->
     * 52%, 15 -> 0.49 lifted to 50% */
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_2003, 32), 1000);
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_2003, 31), 750);
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_CURRENT, 31), 970);
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_CURRENT, 16), 520);
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_CURRENT, 15), 500);
    /* Audit: "minimum award of 50% for fewer than 24 tables" / "minimum of
     * 50% for fewer than 16 tables" includes a half table short: 23.5 pair
     * tables -> 50% (not linear 1 - 0.02 x 24.5 = 51%), 15.5 teams -> 50%
     * (not 1 - 0.03 x 16.5 = 50.5%); 24.5 -> 1 - 0.02 x 23.5 = 53%. */
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 23.5), 500);
    assert_int_equal(acbl_nabc_pairs_min_pm(ACBL_ED_CURRENT, 24.5), 530);
    assert_int_equal(acbl_nabc_teams_min_pm(ACBL_ED_CURRENT, 15.5), 500);
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/nabc_starred_ko_2003.csv");
    size_t lo = bmp_csv_col(&csv, "teams_min"), hi = bmp_csv_col(&csv, "teams_max"),
           fc = bmp_csv_col(&csv, "first_place");
    for (size_t r = 1; r < csv.nrows; r++) {
        bmp_points want = whole(bmp_csv_get(&csv, r, fc));
        assert_int_equal(acbl_nabc_starred_first_2003(atoi(bmp_csv_get(&csv, r, lo))), want);
        if (*bmp_csv_get(&csv, r, hi))
            assert_int_equal(acbl_nabc_starred_first_2003(atoi(bmp_csv_get(&csv, r, hi))), want);
    }
    bmp_csv_free(&csv);
}

/* ACBL-97: the WBF table (wbf.csv, every row; D27). */
static void wbf_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/wbf.csv");
    size_t ec = bmp_csv_col(&csv, "edition"), nc = bmp_csv_col(&csv, "wbf_event"),
           wc = bmp_csv_col(&csv, "wbf_award"), qc = bmp_csv_col(&csv, "closest_nabc_equivalent"),
           mc = bmp_csv_col(&csv, "mp_award");
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *e = bmp_csv_get(&csv, r, ec);
        for (int k = 0; k < 2; k++) {
            acbl_edition ed = k ? ACBL_ED_2003 : ACBL_ED_CURRENT;
            const acbl_wbf_event *w = acbl_wbf_find(ed, bmp_csv_get(&csv, r, nc));
            if (strcmp(e, "later") == 0 && ed == ACBL_ED_2003) {
                assert_null(w); /* D27: added by the later edition */
                continue;
            }
            assert_non_null(w);
            assert_int_equal(w->wbf_award, atoi(bmp_csv_get(&csv, r, wc)));
            assert_string_equal(w->equivalent, bmp_csv_get(&csv, r, qc));
            assert_int_equal(w->first, whole(bmp_csv_get(&csv, r, mc)));
            assert_non_null(acbl_nabc_find(ed, w->nabc_key));
        }
    }
    bmp_csv_free(&csv);
}

/* ---- Events ------------------------------------------------------------ */

static void expect_error(const char *json, bmp_status code, const char *text)
{
    bmp_awards aw;
    bmp_error e = {0};
    bmp_status st = bmp_test_run(json, &aw, &e);
    bmp_awards_free(&aw);
    if (st != code || !strstr(e.msg, text))
        fail_msg("expected %s containing \"%s\", got %s: %s", bmp_status_name(code), text,
                 bmp_status_name(st), e.msg);
}

static bmp_points total(const bmp_awards *aw, size_t idx, const char *kind)
{
    bmp_points t = 0;
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx && strcmp(aw->items[i].kind, kind) == 0)
            t += aw->items[i].points;
    return t;
}

static const bmp_award *find(const bmp_awards *aw, size_t idx, const char *kind)
{
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx && strcmp(aw->items[i].kind, kind) == 0)
            return &aw->items[i];
    return NULL;
}

/* head (ending in ", "), then n contestants: places[i] (NULL = unplaced) with
 * extra[i] members (NULL = none). */
static char *build_n(const char *head, int n, const char *const *places, size_t np,
                     const char *const *extra, size_t nx)
{
    size_t cap = 65536;
    char *s = malloc(cap);
    size_t l = (size_t)snprintf(s, cap, "%s\"contestants\": [", head);
    for (int i = 0; i < n; i++) {
        l += (size_t)snprintf(s + l, cap - l, "%s{\"id\": \"%d\"", i ? ", " : "", i + 1);
        /* a range the field cannot fill stays unplaced (the reader checks
         * that a range holds all its contestants) */
        const char *slash = places && (size_t)i < np && places[i] ? strchr(places[i], '/') : NULL;
        if (places && (size_t)i < np && places[i] && (!slash || atoi(slash + 1) <= n))
            l += (size_t)snprintf(s + l, cap - l, ", \"place\": \"%s\"", places[i]);
        if (extra && (size_t)i < nx && extra[i])
            l += (size_t)snprintf(s + l, cap - l, ", %s", extra[i]);
        l += (size_t)snprintf(s + l, cap - l, "}");
    }
    snprintf(s + l, cap - l, "]}");
    return s;
}

#define COUNT(a) (sizeof(a) / sizeof *(a))

#define NABC(ed, kind, ev) \
    "{\"body\": \"acbl\", \"name\": \"n\", \"edition\": \"" ed "\", \"kind\": \"" kind "\", " \
    "\"classification\": \"national\", \"params\": {\"nabc_event\": \"" ev "\"}, "

/* Places of a KO: 1, 2, 3/4 x2, 5/8 x4, 9/16 x8, 17/32 x16. */
static const char *const ko_places[] = {
    "1", "2", "3/4", "3/4", "5/8", "5/8", "5/8", "5/8", "9/16", "9/16", "9/16", "9/16",
    "9/16", "9/16", "9/16", "9/16", "17/32", "17/32", "17/32", "17/32", "17/32", "17/32",
    "17/32", "17/32", "17/32", "17/32", "17/32", "17/32", "17/32", "17/32", "17/32", "17/32"};

/* DOC-03 (ACBL-58): 2003 Women's KO with 28 teams: 1st 120; lower places x
 * 120/140: 105 -> 90.00, 70 -> 60.00, 45 -> 38.571 -> 38.57, 25 -> 21.429
 * -> 21.43.  Later (ACBL-56, ACBL-57): 1st 120 x (1 - 0.03 x 4) = 105.60;
 * 90 x 0.88 = 79.20; 60 -> 52.80; 40 -> 35.20; 22 -> 19.36. */
static void doc03_womens_ko(void **state)
{
    (void)state;
    bmp_awards aw;
    char *json = build_n(NABC("2003", "knockout", "womens-ko") "\"tables\": 28, ", 28, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "120.00");
    assert_points(total(&aw, 1, "overall"), "90.00");
    assert_points(total(&aw, 2, "overall"), "60.00");
    assert_points(total(&aw, 4, "overall"), "38.57");
    assert_points(total(&aw, 8, "overall"), "21.43");
    assert_string_equal(find(&aw, 4, "overall")->rule, "ACBL-58");
    assert_string_equal(find(&aw, 0, "overall")->colour, "platinum");
    assert_int_equal(total(&aw, 16, "overall"), 0); /* no 17-32 row */
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "knockout", "womens-ko") "\"tables\": 28, ", 28, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "105.60");
    assert_points(total(&aw, 1, "overall"), "79.20");
    assert_points(total(&aw, 2, "overall"), "52.80");
    assert_points(total(&aw, 4, "overall"), "35.20");
    assert_points(total(&aw, 8, "overall"), "19.36");
    assert_string_equal(find(&aw, 4, "overall")->rule, "ACBL-56");
    bmp_awards_free(&aw);
    /* later, 10 teams: 1 - 0.03 x 22 = 0.34 -> at least 50%: 60.00 */
    json = build_n(NABC("current", "knockout", "womens-ko") "\"tables\": 10, ", 10, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "60.00");
    bmp_awards_free(&aw);
}

/* ACBL-57 and ACBL-61: Spingold, both editions, 32 teams (no reduction);
 * match awards 5.00 (2003) / 6.00 (later) per full day; 3-/4-way
 * matches: 2 wins full, 1 win half. */
static void spingold(void **state)
{
    (void)state;
    static const char *const extra[] = {
        "\"match_wins\": 5", "\"match_wins\": 4, \"params\": {\"multiway_half\": 1}",
        "\"match_wins\": 2, \"params\": {\"multiway_full\": 1}"};
    bmp_awards aw;
    char *json = build_n(NABC("2003", "knockout", "spingold") "\"tables\": 32, ", 32, ko_places, COUNT(ko_places), extra, COUNT(extra));
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "250.00");
    assert_points(total(&aw, 1, "overall"), "180.00");
    assert_points(total(&aw, 2, "overall"), "125.00");
    assert_points(total(&aw, 8, "overall"), "50.00");
    assert_points(total(&aw, 31, "overall"), "25.00");
    assert_string_equal(find(&aw, 31, "overall")->rule, "ACBL-57");
    assert_points(total(&aw, 0, "match"), "25.00");  /* 5 x 5.00 */
    assert_points(total(&aw, 1, "match"), "22.50");  /* (4 + 1/2) x 5.00 */
    assert_points(total(&aw, 2, "match"), "15.00");  /* (2 + 1) x 5.00 */
    assert_string_equal(find(&aw, 0, "match")->rule, "ACBL-61");
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "knockout", "spingold") "\"tables\": 32, ", 32, ko_places, COUNT(ko_places), extra, COUNT(extra));
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "match"), "30.00");  /* 5 x 6.00 */
    assert_points(total(&aw, 1, "match"), "27.00");  /* 4.5 x 6.00 */
    bmp_awards_free(&aw);
    assert_points(acbl_nabc_multiway_award(600, 1), "3.00");
    assert_points(acbl_nabc_multiway_award(600, 2), "6.00");
    assert_points(acbl_nabc_multiway_award(600, 0), "0.00");
}

/* ACBL-53, ACBL-54 (editions): Open Pairs with 40 tables.  2003: 130 x 75%
 * = 97.50; later: 125 x (1 - 0.02 x 8) = 105.00.  Lower places by the
 * 4-session decay (ACBL-9/10): 2nd 75% (2003 73.125 -> 73.13; later
 * 78.75), 4th later 105 x 4/9 = 46.67. */
static void open_pairs(void **state)
{
    (void)state;
    static const char *const pl[] = {"1", "2", "3", "4"};
    bmp_awards aw;
    char *json = build_n(NABC("2003", "pairs", "Open Pairs (no other event)") "\"sessions\": 4, "
                       "\"tables\": 40, ", 80, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "97.50");
    assert_points(total(&aw, 1, "overall"), "73.13");
    assert_string_equal(find(&aw, 0, "overall")->rule, "ACBL-53");
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "pairs", "open-pairs") "\"sessions\": 4, \"tables\": 40, ", 80, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "105.00");
    assert_points(total(&aw, 1, "overall"), "78.75");
    assert_points(total(&aw, 3, "overall"), "46.67");
    assert_string_equal(find(&aw, 3, "overall")->rule, "ACBL-10");
    bmp_awards_free(&aw);
    /* 20 tables: 2003 50% of 130 = 65.00; later 1 - 0.56 -> 50% of 125 = 62.50 */
    json = build_n(NABC("2003", "pairs", "open-pairs") "\"sessions\": 4, \"tables\": 20, ", 40, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "65.00");
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "pairs", "open-pairs") "\"sessions\": 4, \"tables\": 20, ", 40, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "62.50");
    bmp_awards_free(&aw);
    /* Blue Ribbon (no X): 190 at any size; 2nd 142.50 (6 sessions) */
    json = build_n(NABC("current", "pairs", "blue-ribbon-pairs") "\"sessions\": 6, \"tables\": 30, ",
                 60, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "190.00");
    assert_points(total(&aw, 1, "overall"), "142.50");
    bmp_awards_free(&aw);
}

/* ACBL-53 "Formula; Max": LM-5000 (UL 5000, 6 sessions): 10 tables: B =
 * 20/60 x R 22.5 x S 3.5 x M 0.971379 x P 1 = 25.498710 -> 25.50; 100
 * tables: log10(25) x 78.75 x 0.971379 = 106.94 -> capped at 75.00. */
static void formula_max(void **state)
{
    (void)state;
    static const char *const pl[] = {"1"};
    bmp_awards aw;
    char *json = build_n(NABC("current", "pairs", "lm-5000-pairs") "\"sessions\": 6, \"tables\": 10, "
                       "\"upper_limit\": 5000, ", 20, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "25.50");
    assert_string_equal(find(&aw, 0, "overall")->colour, "gold"); /* UL: not platinum */
    bmp_awards_free(&aw);
    json = build_n(NABC("2003", "pairs", "lm-5000-pairs") "\"sessions\": 6, \"tables\": 100, "
                 "\"upper_limit\": 5000, ", 200, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "75.00");
    bmp_awards_free(&aw);
}

/* ACBL-55, ACBL-56 (editions): Open Swiss 20 teams: 2003 125 x 75% =
 * 93.75; later 125 x (1 - 0.03 x 12) = 80.00. */
static void open_swiss(void **state)
{
    (void)state;
    static const char *const pl[] = {"1", "2"};
    bmp_awards aw;
    char *json = build_n(NABC("2003", "swiss-teams", "open-swiss") "\"sessions\": 4, \"tables\": 20, ",
                       20, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "93.75");
    assert_string_equal(find(&aw, 0, "overall")->rule, "ACBL-55");
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "swiss-teams", "open-swiss") "\"sessions\": 4, \"tables\": 20, ",
                 20, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "80.00");
    assert_points(total(&aw, 1, "overall"), "60.00"); /* 80 x 0.75 */
    bmp_awards_free(&aw);
}

/* ACBL-60, ACBL-59 (2003 75%), ACBL-56 (later **): formula KOs with the
 * KO percentages below first. */
static void formula_kos(void **state)
{
    (void)state;
    bmp_awards aw;
    /* later Mini-Spingold 0-1500 ** with 20 teams: 60 x (1 - 0.03 x 12) =
     * 38.40; 5 rounds: 2nd 75% = 28.80; 3/4 (55+45)/2 = 50% = 19.20; match
     * 2.50 x 3 = 7.50 */
    static const char *const ex[] = {"\"match_wins\": 3"};
    char *json = build_n(NABC("current", "knockout", "mini-spingold-0-1500") "\"tables\": 20, ", 20, ko_places, COUNT(ko_places), ex, COUNT(ex));
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "38.40");
    assert_points(total(&aw, 1, "overall"), "28.80");
    assert_points(total(&aw, 2, "overall"), "19.20");
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-60");
    assert_points(total(&aw, 0, "match"), "7.50");
    bmp_awards_free(&aw);
    /* 2003 Canadian Women's Teams, 20 teams: 80 x 75% = 60.00 (ACBL-59);
     * 2nd 75% = 45.00 */
    json = build_n(NABC("2003", "knockout", "canadian-womens-teams") "\"tables\": 20, ", 20, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "60.00");
    assert_points(total(&aw, 1, "overall"), "45.00");
    bmp_awards_free(&aw);
    /* 2003 Mini-Spingold 0-5000 ("Formula; Max = 100"): 64 teams, UL 5000,
     * 24 boards: B(64) = log10(16) = 1.204120 x K 70 x L 1 x M 0.971379 =
     * 81.876016 -> 81.88; match D 1.800 x L 1 x M 0.971379 = 1.748483 ->
     * 1.75 per match (ACBL-34; A-25) */
    json = build_n(NABC("2003", "knockout", "mini-spingold-0-5000") "\"tables\": 64, "
                 "\"upper_limit\": 5000, \"boards_per_match\": 24, ", 64, ko_places, COUNT(ko_places), ex, COUNT(ex));
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "81.88");
    assert_points(total(&aw, 0, "match"), "5.25");
    assert_string_equal(find(&aw, 0, "match")->rule, "ACBL-34");
    bmp_awards_free(&aw);
    /* Audit: ACBL-8 / ACBL-60: a KO's places come from the UNROUNDED first.
     * 2003 Mini-Spingold 0-5000, 16 teams, UL 5000: B(16) 0.433333 x K 70 x
     * L 1 x M 0.971379 = 29.465176 -> 1st 29.47; 2nd 75% = 22.098882 ->
     * 22.10; 3/4 50% = 14.732588 -> 14.73 (the rounded first would give
     * 29.47 x 0.50 = 14.735 -> 14.74). */
    json = build_n(NABC("2003", "knockout", "mini-spingold-0-5000") "\"tables\": 16, "
                 "\"upper_limit\": 5000, \"boards_per_match\": 24, ", 16, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "29.47");
    assert_points(total(&aw, 1, "overall"), "22.10");
    assert_points(total(&aw, 2, "overall"), "14.73");
    assert_points(total(&aw, 3, "overall"), "14.73");
    bmp_awards_free(&aw);
    /* Audit: ACBL-32 / ACBL-60: a bye advances a team through a round.
     * Later GNT A Flight (1st 75), 6 teams = 3 rounds: the runner-up had a
     * first-round bye (one match won, two rounds advanced): 2nd 53% x 75 =
     * 39.75. */
    static const char *const bye[] = {"\"matches_won\": 2", "\"matches_won\": 1"};
    json = build_n(NABC("current", "knockout", "gnt-a") "\"tables\": 6, ", 6, ko_places,
                   COUNT(ko_places), bye, COUNT(bye));
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "75.00");
    assert_points(total(&aw, 1, "overall"), "39.75");
    bmp_awards_free(&aw);
    /* 2003 GNT depth (ACBL-60): 12 teams -> 4 places: 5/8 unpaid.  1st 100;
     * 4 rounds... 2003 percentages: 2nd 75.00, 3/4 50.00 */
    json = build_n(NABC("2003", "knockout", "gnt-a") "\"tables\": 12, ", 12, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "75.00");
    assert_points(total(&aw, 1, "overall"), "56.25"); /* 75 x 0.75 */
    assert_points(total(&aw, 2, "overall"), "37.50"); /* 75 x 0.50 */
    assert_null(find(&aw, 4, "overall"));
    bmp_awards_free(&aw);
}

/* ACBL-52: events with "Formula" firsts run the General Formula with R
 * 22.50; errors name the input. */
static void formula_and_errors(void **state)
{
    (void)state;
    static const char *const pl[] = {"1"};
    bmp_awards aw;
    /* 2003 Non-LM Pairs, 4 sessions, 20 tables, UL 500: B 0.5 x 22.5 x S 2.5
     * x M(500) 0.649809 x P 1 x T 1 = 18.275 -> 18.28 */
    char *json = build_n(NABC("2003", "pairs", "non-life-master-pairs") "\"sessions\": 4, "
                       "\"tables\": 20, \"upper_limit\": 500, ", 40, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "18.28");
    bmp_awards_free(&aw);
    json = build_n(NABC("current", "pairs", "non-life-master-pairs") "\"tables\": 20, ", 40, pl, COUNT(pl), NULL, 0);
    expect_error(json, BMP_ENOTFOUND, "unknown current NABC event \"non-life-master-pairs\"");
    free(json);
    json = build_n("{\"body\": \"acbl\", \"name\": \"n\", \"kind\": \"pairs\", \"classification\": "
                 "\"regional\", \"params\": {\"nabc_event\": \"blue-ribbon-pairs\"}, \"tables\": 20, ",
                 40, pl, COUNT(pl), NULL, 0);
    expect_error(json, BMP_EINVAL, "expected \"national\"");
    free(json);
    /* later Swiss NABC events list no match award (ACBL-61) */
    static const char *const ex[] = {"\"match_wins\": 3"};
    json = build_n(NABC("current", "swiss-teams", "open-swiss") "\"sessions\": 4, \"tables\": 40, ",
                 40, pl, COUNT(pl), ex, COUNT(ex));
    expect_error(json, BMP_ENOTSUP, "not supported: NABC match award (ACBL-61");
    free(json);
}

/* ACBL-97: WBF events.  Bermuda Bowl 200 with the Spingold ranks x 200/250:
 * 2nd 144.00, 3/4 100.00, 5/8 64.00, 9-16 40.00, 17-32 20.00.  Venice Cup
 * 140 with the Women's KO ranks: 2003 table 140 -> 2nd 105.00; later table
 * 120 -> 2nd 90 x 140/120 = 105.00, 5/8 40 x 140/120 = 46.67 (2003: 45). */
static void wbf_events(void **state)
{
    (void)state;
    bmp_awards aw;
    const char *h = "{\"body\": \"acbl\", \"name\": \"w\", \"edition\": \"%s\", \"kind\": "
                    "\"%s\", \"classification\": \"national\", \"params\": {\"wbf_event\": "
                    "\"%s\"}, \"tables\": %d, ";
    char head[512];
    snprintf(head, sizeof head, h, "current", "knockout", "Bermuda Bowl", 32);
    char *json = build_n(head, 32, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "200.00");
    assert_points(total(&aw, 1, "overall"), "144.00");
    assert_points(total(&aw, 2, "overall"), "100.00");
    assert_points(total(&aw, 4, "overall"), "64.00");
    assert_points(total(&aw, 8, "overall"), "40.00");
    assert_points(total(&aw, 16, "overall"), "20.00");
    assert_string_equal(find(&aw, 0, "overall")->rule, "ACBL-97");
    assert_int_equal(total(&aw, 0, "match"), 0);
    bmp_awards_free(&aw);
    snprintf(head, sizeof head, h, "current", "knockout", "venice-cup", 16);
    json = build_n(head, 16, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 1, "overall"), "105.00");
    assert_points(total(&aw, 4, "overall"), "46.67");
    bmp_awards_free(&aw);
    snprintf(head, sizeof head, h, "2003", "knockout", "venice-cup", 16);
    json = build_n(head, 16, ko_places, COUNT(ko_places), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 4, "overall"), "45.00");
    bmp_awards_free(&aw);
    /* Open Pairs 190 by the Blue Ribbon formulas: 6-session decay, 2nd
     * 142.50, 4th 190 x 6/(4 + 9) = 87.69 */
    static const char *const pl[] = {"1", "2", "3", "4"};
    snprintf(head, sizeof head, h, "current", "pairs", "open-pairs", 50);
    json = build_n(head, 100, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 1, "overall"), "142.50");
    assert_points(total(&aw, 3, "overall"), "87.69");
    bmp_awards_free(&aw);
    /* IMP Pairs and Mixed Teams exist only in the later table (D27) */
    snprintf(head, sizeof head, h, "2003", "pairs", "imp-pairs", 50);
    json = build_n(head, 100, pl, COUNT(pl), NULL, 0);
    expect_error(json, BMP_ENOTSUP, "not supported: WBF event (ACBL-97");
    free(json);
    /* Mixed Teams 100 by the Mixed BAM formulas (4 sessions): 2nd 75.00 */
    snprintf(head, sizeof head, h, "current", "bam", "mixed-teams", 40);
    json = build_n(head, 40, pl, COUNT(pl), NULL, 0);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall"), "100.00");
    assert_points(total(&aw, 1, "overall"), "75.00");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pairs_table),     cmocka_unit_test(teams_table),
        cmocka_unit_test(ko_fixed_table),  cmocka_unit_test(ko_formula_table),
        cmocka_unit_test(min_tables),      cmocka_unit_test(wbf_table),
        cmocka_unit_test(doc03_womens_ko), cmocka_unit_test(spingold),
        cmocka_unit_test(open_pairs),      cmocka_unit_test(formula_max),
        cmocka_unit_test(open_swiss),      cmocka_unit_test(formula_kos),
        cmocka_unit_test(formula_and_errors), cmocka_unit_test(wbf_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
