/* ACBL events end to end: the event mapping in src/acbl/acbl.c, overall and
 * session awards (ACBL-17..24), ties (C-2), pigmentation (ACBL-85..90),
 * notes and errors.  Expected values hand-computed from the regulation,
 * arithmetic in comments. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

/* Build an event: head is the JSON members before "contestants"; n
 * contestants "1".."n", contestant i with overall place places[i] (NULL =
 * none) and session ranking json sess[i] (NULL = none). */
static char *build(const char *head, int n, const char *const *places, const char *const *sess)
{
    size_t cap = 65536;
    char *s = malloc(cap);
    size_t l = (size_t)snprintf(s, cap, "{\"body\": \"acbl\", \"name\": \"t\", %s, \"contestants\": [", head);
    for (int i = 0; i < n; i++) {
        l += (size_t)snprintf(s + l, cap - l, "%s{\"id\": \"%d\"", i ? ", " : "", i + 1);
        if (places && places[i])
            l += (size_t)snprintf(s + l, cap - l, ", \"place\": \"%s\"", places[i]);
        if (sess && sess[i])
            l += (size_t)snprintf(s + l, cap - l, ", \"rankings\": [%s]", sess[i]);
        l += (size_t)snprintf(s + l, cap - l, ", \"players\": [{\"id\": \"K%d\"}]}", 100000 + i);
    }
    snprintf(s + l, cap - l, "]}");
    return s;
}

/* The award of contestant id (1-based index) of a kind ("overall"/"session")
 * and colour (NULL = any); fails if absent. */
static const bmp_award *find(const bmp_awards *aw, size_t idx, const char *kind,
                             const char *colour)
{
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx - 1 && strcmp(aw->items[i].kind, kind) == 0 &&
            (!colour || strcmp(aw->items[i].colour, colour) == 0))
            return &aw->items[i];
    fail_msg("no %s award for contestant %zu", kind, idx);
    return NULL;
}

static bool has(const bmp_awards *aw, size_t idx, const char *kind)
{
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx - 1 && strcmp(aw->items[i].kind, kind) == 0)
            return true;
    return false;
}

static bool note_has(const bmp_awards *aw, const char *text)
{
    for (size_t i = 0; i < aw->nnotes; i++)
        if (strstr(aw->notes[i], text))
            return true;
    return false;
}

#define SESS(p) "{\"session\": 1, \"section\": \"A\", \"direction\": \"NS\", \"place\": " #p "}"

/* ACBL-17: session first = .50 x B x R x M x P x T; ACBL-18: 70/50/35 %,
 * then first/pos, depth 40% of the field (rounded). */
static void session_standard(void **state)
{
    (void)state;
    /* Regional, section A of 14 tables, NS field 14 pairs: 1st = 0.5 x
     * 24/60 x 14 = 2.80; 2.80 x 70% = 1.96, 50% 1.40, 35% 0.98, /5 0.56,
     * /6 = 0.4667 -> 0.47; depth 40% of 14 = 5.6 -> 6: 7th gets nothing. */
    const char *sess[7] = {SESS(1), SESS(2), SESS(3), SESS(4), SESS(5), SESS(6), SESS(7)};
    const char *places[7] = {"1", "2", "3", NULL, NULL, NULL, NULL};
    char *j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 14, "
                    "\"groups\": [{\"name\": \"A\", \"type\": \"section\", \"tables\": 14}]",
                    7, places, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    static const char *const want[] = {"2.80", "1.96", "1.40", "0.98", "0.56", "0.47"};
    for (size_t i = 1; i <= 6; i++)
        assert_points(find(&aw, i, "session", NULL)->points, want[i - 1]);
    assert_false(has(&aw, 7, "session"));
    assert_string_equal(find(&aw, 1, "session", NULL)->rule, "ACBL-17");
    assert_string_equal(find(&aw, 2, "session", NULL)->rule, "ACBL-18");
    /* Overall (ACBL-1, ACBL-9/10): 1st = 24/60 x 14 x 1 = 5.60; 3rd = 5.60 x
     * 9/16 = 3.15. */
    assert_points(find(&aw, 1, "overall", NULL)->points, "5.60");
    assert_points(find(&aw, 3, "overall", NULL)->points, "3.15");
    /* ACBL-18 depth: 40% of 13 = 5.2 -> 5, of 14 = 5.6 -> 6, of 5 = 2. */
    assert_int_equal(acbl_session_depth(13), 5);
    assert_int_equal(acbl_session_depth(14), 6);
    assert_int_equal(acbl_session_depth(5), 2);
    bmp_awards_free(&aw);
    free(j);
}

/* ACBL-18: every printed row of the session place table
 * (session_award_pct.csv), on a first of 10.00 so that each percentage is
 * exact: 2nd 70% = 7.00, 3rd 50% = 5.00, 4th 35% = 3.50; "5 & lower" first /
 * position: 5th 2.00, 6th 1.6667 -> 1.67, 7th 1.4286 -> 1.43, 8th 1.25. */
static void session_pct_csv(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/session_award_pct.csv");
    assert_int_equal(csv.nrows - 1, 5);
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *pos = bmp_csv_get(&csv, r, 0), *pct = bmp_csv_get(&csv, r, 1);
        if (strcmp(pos, "5+") == 0) {
            assert_string_equal(pct, "first/position");
            static const bmp_points lower[] = {200, 167, 143, 125};
            for (int p = 5; p <= 8; p++)
                assert_int_equal(acbl_session_place(1000, p, ACBL_SESSION_STANDARD),
                                 lower[p - 5]);
        } else {
            assert_int_equal(acbl_session_place(1000, atoi(pos), ACBL_SESSION_STANDARD),
                             10 * atoi(pct));
        }
    }
    bmp_csv_free(&csv);
}

/* ACBL-19: separate Flight A events at Sectionals and higher: +10%. */
static void session_flight_a(void **state)
{
    (void)state;
    /* Sectional, section of 13 tables: 1st = 0.5 x 23/60 x 10 = 1.9167 ->
     * 1.92; x 1.10 = 2.112 -> 2.11; 2nd 1.92 x 70% = 1.344 -> 1.34, x 1.10 =
     * 1.474 -> 1.47. */
    const char *sess[3] = {SESS(1), SESS(2), SESS(3)};
    char *j = build("\"kind\": \"pairs\", \"classification\": \"sectional\", \"tables\": 13, "
                    "\"params\": {\"flight_a\": true}, "
                    "\"groups\": [{\"name\": \"A\", \"type\": \"section\", \"tables\": 13}]",
                    3, NULL, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "session", NULL)->points, "2.11");
    assert_points(find(&aw, 2, "session", NULL)->points, "1.47");
    /* ACBL-R8: the derivation shows the cent-rounded 1.34 the +10% starts
     * from (1.92 x 70% = 1.344 -> 1.34; x 1.10 = 1.474 -> 1.47). */
    assert_non_null(strstr(find(&aw, 2, "session", NULL)->explain,
                           "70% x 1.92 -> 1.34 x 1.10 Flight A (ACBL-19) -> 1.47"));
    assert_string_equal(find(&aw, 1, "session", NULL)->colour, "silver"); /* ACBL-87 */
    bmp_awards_free(&aw);
    free(j);
    /* At a Unit Championship there is no increase: 0.5 x 23/60 x 8.5 =
     * 1.6292 -> 1.63. */
    j = build("\"kind\": \"pairs\", \"classification\": \"unit\", \"tables\": 13, "
              "\"params\": {\"flight_a\": true}, "
              "\"groups\": [{\"name\": \"A\", \"type\": \"section\", \"tables\": 13}]",
              3, NULL, sess);
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "session", NULL)->points, "1.63");
    assert_string_equal(find(&aw, 1, "session", NULL)->colour, "black"); /* ACBL-86 */
    bmp_awards_free(&aw);
    free(j);
}

/* ACBL-20: +10% after one cut, +20% after a second. */
static void session_cuts(void **state)
{
    (void)state;
    /* Regional 3 sessions, 14-table sections: session 1st 2.80; session 2
     * (after cut 1) 2.80 x 1.10 = 3.08; session 3 (after cut 2) x 1.20 = 3.36. */
    const char *sess[2] = {
        "{\"session\": 1, \"section\": \"A\", \"place\": 1}, {\"session\": 2, \"section\": \"B\", "
        "\"place\": 1}, {\"session\": 3, \"section\": \"C\", \"place\": 1}",
        "{\"session\": 1, \"section\": \"A\", \"place\": 2}, {\"session\": 2, \"section\": \"B\", "
        "\"place\": 2}, {\"session\": 3, \"section\": \"C\", \"place\": 2}"};
    char *j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"sessions\": 3, "
                    "\"tables\": 14, \"params\": {\"cut1_after_session\": 1, "
                    "\"cut2_after_session\": 2}, \"groups\": ["
                    "{\"name\": \"A\", \"tables\": 7, \"params\": {\"field\": 14}}, "
                    "{\"name\": \"B\", \"tables\": 7, \"params\": {\"field\": 14}}, "
                    "{\"name\": \"C\", \"tables\": 7, \"params\": {\"field\": 14}}]",
                    2, NULL, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    /* 7-table sections: 1st = 0.5 x 17/60 x 14 = 1.9833 -> 1.98; 2nd 1.386
     * -> 1.39.  Session 2: 1.98 x 1.1 = 2.178 -> 2.18; 1.39 x 1.1 = 1.529 ->
     * 1.53.  Session 3: 1.98 x 1.2 = 2.376 -> 2.38; 1.39 x 1.2 = 1.668 -> 1.67. */
    static const char *const want[2][3] = {{"1.98", "2.18", "2.38"}, {"1.39", "1.53", "1.67"}};
    for (size_t c = 0; c < 2; c++)
        for (int s = 1; s <= 3; s++) {
            char key[32];
            snprintf(key, sizeof key, "session %d %c", s, 'A' + s - 1);
            bool found = false;
            for (size_t i = 0; i < aw.count; i++)
                if (aw.items[i].contestant == c && strcmp(aw.items[i].ranking, key) == 0) {
                    assert_points(aw.items[i].points, want[c][s - 1]);
                    found = true;
                }
            assert_true(found);
        }
    bmp_awards_free(&aw);
    free(j);
}

/* ACBL-21: club/Internet games of 30+ tables use the 4-session decay; ACBL-22
 * the 16-59 pair transition needs the club scale: not supported. */
static void session_club(void **state)
{
    (void)state;
    /* Club Championship (R 6.50, ACBL-96), 32 tables, one field: 1st =
     * 0.5 x 42/60 x 6.5 = 2.275 -> 2.28 (exact half cent); 2nd 2.28 x 0.75 =
     * 1.71; 3rd x 0.5625 = 1.2825 -> 1.28; 4th 2.28 x 4/9 = 1.0133 -> 1.01;
     * 5th 2.28 x 4/10 = 0.912 -> 0.91. */
    const char *sess[5];
    char buf[5][64];
    for (int i = 0; i < 5; i++) {
        snprintf(buf[i], sizeof buf[i], "{\"session\": 1, \"place\": %d}", i + 1);
        sess[i] = buf[i];
    }
    /* a Club/Internet game (params.internet); a club's own game follows
     * the club charts (ACBL-C1, test_acbl_club.c) */
    char *j = build("\"kind\": \"pairs\", \"classification\": \"club-championship\", "
                    "\"tables\": 32, \"params\": {\"internet\": true}",
                    5, NULL, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    static const char *const want[] = {"2.28", "1.71", "1.28", "1.01", "0.91"};
    for (size_t i = 1; i <= 5; i++) {
        assert_points(find(&aw, i, "session", NULL)->points, want[i - 1]);
        assert_string_equal(find(&aw, i, "session", NULL)->colour, "black"); /* ACBL-85 */
    }
    assert_string_equal(find(&aw, 2, "session", NULL)->rule, "ACBL-21");
    bmp_awards_free(&aw);
    free(j);
    /* ACBL-22: 20 tables = 40 pairs: Appendix D transition. */
    j = build("\"kind\": \"pairs\", \"classification\": \"club-championship\", \"tables\": 20, "
              "\"params\": {\"internet\": true}",
              5, NULL, sess);
    bmp_error e = {0};
    assert_int_equal(bmp_test_run(j, &aw, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: club/Internet games of 16 to 59 pairs (ACBL-22"));
    bmp_awards_free(&aw);
    free(j);
}

/* ACBL-23: scoring across sections, 26+ tables. */
static void session_multi_section(void **state)
{
    (void)state;
    /* T' = 2 sqrt(13 x (40 - 13)) = 2 sqrt(351) = 37.4700; B = 47.47/60 =
     * 0.791167; 1st = 0.5 x 0.791167 x 14 = 5.5382 -> 5.54; 2nd 70% 3.878 ->
     * 3.88; 3rd 2.77; 4th 35% 1.939 -> 1.94; 5th 5.54/sqrt(5 sqrt 8) =
     * 5.54/3.76060 = 1.4732 -> 1.47. */
    assert_true(acbl_multisection_tables(26) == 26.0);
    assert_int_equal(acbl_round4(acbl_multisection_tables(40)), 374700);
    const char *sess[5];
    char buf[5][64];
    for (int i = 0; i < 5; i++) {
        snprintf(buf[i], sizeof buf[i], "{\"session\": 1, \"place\": %d}", i + 1);
        sess[i] = buf[i];
    }
    char *j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 40", 5,
                    NULL, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    static const char *const want[] = {"5.54", "3.88", "2.77", "1.94", "1.47"};
    for (size_t i = 1; i <= 5; i++)
        assert_points(find(&aw, i, "session", NULL)->points, want[i - 1]);
    assert_string_equal(find(&aw, 5, "session", NULL)->rule, "ACBL-23");
    bmp_awards_free(&aw);
    free(j);
}

/* ACBL-24: individual, one-winner movement: session first 0.33 x ...;
 * otherwise 0.50 (ACBL-17 with T 0.75); ACBL-84: individual events use the
 * pair formulas with T 0.75 and the individual depth (ACBL-14). */
static void session_individual(void **state)
{
    (void)state;
    const char *sess[1] = {"{\"session\": 1, \"place\": 1}"};
    /* 0.33 x 18/60 x 14 x 0.75 = 1.0395 -> 1.04 */
    char *j = build("\"kind\": \"individual\", \"classification\": \"regional\", \"tables\": 8, "
                    "\"movement\": \"one-winner\"",
                    1, NULL, sess);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "session", NULL)->points, "1.04");
    assert_string_equal(find(&aw, 1, "session", NULL)->rule, "ACBL-24");
    bmp_awards_free(&aw);
    free(j);
    /* ACBL-84 overall would be 18/60 x 14 x 0.75 = 3.15; depth 8 tables > 5:
     * floor 2.80: 3.15, 2.36 -> the table's 6 places, 5% of 32 players = 2.
     * two-winner session: 0.5 x 0.3 x 14 x 0.75 = 1.575 -> 1.58 (exact half cent) */
    const char *pl1[1] = {"1"};
    j = build("\"kind\": \"individual\", \"classification\": \"regional\", \"tables\": 8, "
              "\"movement\": \"two-winner\"",
              1, pl1, sess);
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "session", NULL)->points, "1.58");
    assert_points(find(&aw, 1, "overall", NULL)->points, "3.15");
    assert_true(note_has(&aw, "ACBL-14: 8 tables > 5"));
    bmp_awards_free(&aw);
    free(j);
}

/* The README demo and its 2003 twin: ties share the average of the tied
 * places (C-2), D1 depth and decay, gold (ACBL-88), ACBL-89 section top tie. */
static bmp_awards example(const char *file, bmp_event **evp)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/examples/acbl/%s", BMP_SOURCE_DIR, file);
    bmp_error e = {0};
    bmp_event *ev = NULL;
    if (bmp_event_load_file(path, &ev, &e))
        fail_msg("%s", e.msg);
    bmp_awards aw;
    bmp_awards_init(&aw);
    if (bmp_award_event(ev, &aw, &e))
        fail_msg("%s", e.msg);
    *evp = ev;
    return aw;
}

static bmp_points overall_at(const bmp_event *ev, const bmp_awards *aw, int lo, int *count)
{
    bmp_points p = -1;
    *count = 0;
    for (size_t i = 0; i < aw->count; i++)
        if (strcmp(aw->items[i].kind, "overall") == 0 &&
            ev->contestants[aw->items[i].contestant].place.lo == lo) {
            p = aw->items[i].points;
            (*count)++;
            assert_string_equal(aw->items[i].colour, "gold"); /* ACBL-88 */
        }
    return p;
}

static void regional_examples(void **state)
{
    (void)state;
    bmp_event *ev;
    /* later: 1st 18.20; 5/6 tie = (6.07 + 5.20)/2 = 5.635 -> 5.64;
     * 9/11 = (3.64 + 3.31 + 3.03)/3 = 3.3267 -> 3.33; 12th 36.40/13 = 2.80;
     * depth 12 (ACBL-12). */
    bmp_awards aw = example("regional-pairs.json", &ev);
    int n;
    assert_points(overall_at(ev, &aw, 1, &n), "18.20");
    assert_points(overall_at(ev, &aw, 5, &n), "5.64");
    assert_int_equal(n, 2);
    assert_points(overall_at(ev, &aw, 9, &n), "3.33");
    assert_int_equal(n, 3);
    assert_points(overall_at(ev, &aw, 12, &n), "2.80");
    overall_at(ev, &aw, 13, &n);
    assert_int_equal(n, 0);
    assert_true(note_has(&aw, "B = (42 + 10) / 60 = 0.866667 (ACBL-2"));
    assert_true(note_has(&aw, "= 18.200000 -> 18.20 (ACBL-1"));
    /* ACBL-89 later: section top tied 1/2 (session 1 A NS): average (2.80 +
     * 1.96)/2 = 2.38 shared: gold 2.80/2 = 1.40, red 1.96/2 = 0.98. */
    size_t gold = 0, red = 0;
    for (size_t i = 0; i < aw.count; i++)
        if (strcmp(aw.items[i].ranking, "session 1 A NS") == 0 && aw.items[i].place.lo == 1) {
            assert_string_equal(aw.items[i].rule, "ACBL-89");
            if (strcmp(aw.items[i].colour, "gold") == 0) {
                assert_points(aw.items[i].points, "1.40");
                gold++;
            } else {
                assert_points(aw.items[i].points, "0.98");
                red++;
            }
        }
    assert_int_equal(gold, 2);
    assert_int_equal(red, 2);
    bmp_awards_free(&aw);
    bmp_event_free(ev);

    /* 2003 (ACBL-9, D1): 5/6 = (5.76 + 4.32)/2 = 5.04 (18.20 x 0.75^4 =
     * 5.758, x 0.75^5 = 4.319); depth 7 so the 9/11 tie gets nothing. */
    aw = example("regional-pairs-2003.json", &ev);
    assert_points(overall_at(ev, &aw, 5, &n), "5.04");
    assert_int_equal(n, 2);
    overall_at(ev, &aw, 9, &n);
    assert_int_equal(n, 0);
    /* ACBL-89 2003: a tie for a section top is all gold: 2.38 each. */
    gold = 0;
    for (size_t i = 0; i < aw.count; i++)
        if (strcmp(aw.items[i].ranking, "session 1 A NS") == 0 && aw.items[i].place.lo == 1) {
            assert_string_equal(aw.items[i].colour, "gold");
            assert_points(aw.items[i].points, "2.38");
            gold++;
        }
    assert_int_equal(gold, 2);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* ACBL-85..90 basic pigmentation. */
static void colours(void **state)
{
    (void)state;
    acbl_colour_in in = {.ed = ACBL_ED_CURRENT, .cls = ACBL_CLASS_REGIONAL, .sessions = 2,
                         .upper_limit = BMP_NO_LIMIT, .overall_or_top = true,
                         .top_two_strata = true};
    const char *rule;
    assert_string_equal(acbl_colour(&in, &rule), "gold"); /* ACBL-88 */
    assert_string_equal(rule, "ACBL-88");
    in.upper_limit = 750;
    assert_string_equal(acbl_colour(&in, NULL), "gold"); /* "not less than 750" */
    in.upper_limit = 749;
    assert_string_equal(acbl_colour(&in, NULL), "red");
    in.upper_limit = BMP_NO_LIMIT;
    in.sessions = 1; /* one-session events: red only */
    assert_string_equal(acbl_colour(&in, NULL), "red");
    in.sessions = 2;
    in.rating = ACBL_RATING_NON_CHAMPIONSHIP;
    assert_string_equal(acbl_colour(&in, NULL), "red");
    in.rating = ACBL_RATING_CHARITY; /* championship rating (ACBL-64) */
    assert_string_equal(acbl_colour(&in, NULL), "gold");
    in.rating = ACBL_RATING_CHAMPIONSHIP;
    in.overall_or_top = false; /* a 2nd-place session award */
    assert_string_equal(acbl_colour(&in, NULL), "red");
    in.cls = ACBL_CLASS_SECTIONAL; /* ACBL-87 */
    assert_string_equal(acbl_colour(&in, &rule), "silver");
    assert_string_equal(rule, "ACBL-87");
    in.cls = ACBL_CLASS_UNIT; /* ACBL-86 */
    assert_string_equal(acbl_colour(&in, &rule), "black");
    assert_string_equal(rule, "ACBL-86");
    in.cls = ACBL_CLASS_CLUB_CHAMPIONSHIP; /* ACBL-85 */
    assert_string_equal(acbl_colour(&in, &rule), "black");
    assert_string_equal(rule, "ACBL-85");
    in.cls = ACBL_CLASS_NATIONAL; /* ACBL-90: no UL, no age limit */
    assert_string_equal(acbl_colour(&in, &rule), "platinum");
    assert_string_equal(rule, "ACBL-90");
    in.junior = true; /* an upper age limit: Regional rules */
    in.overall_or_top = true;
    assert_string_equal(acbl_colour(&in, NULL), "gold");
    in.junior = false;
    in.upper_limit = 5000;
    assert_string_equal(acbl_colour(&in, NULL), "gold");
}

/* ACBL-6 through the event: restrictions, and A-21 other conditions. */
static void restrictions_p(void **state)
{
    (void)state;
    /* Sectional women's senior pairs, 9 tables, 1 session: P 0.70: 1st =
     * 19/60 x 10 x 0.70 = 2.2167 -> 2.22 */
    const char *places[1] = {"1"};
    char *j = build("\"kind\": \"pairs\", \"classification\": \"sectional\", \"tables\": 9, "
                    "\"restrictions\": [\"women\", \"senior\", \"199er\"]",
                    1, places, NULL);
    bmp_awards aw;
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "overall", NULL)->points, "2.22");
    assert_true(note_has(&aw, "P = 0.70 for 2 participant restrictions (ACBL-6)"));
    assert_true(note_has(&aw, "restriction \"199er\" is not a participant restriction"));
    bmp_awards_free(&aw);
    free(j);
    /* ACBL-62: a non-championship (side game) caps M at 0.65: Regional 9
     * tables 1 session: 19/60 x 14 x 0.65 = 2.8817 -> 2.88. */
    j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"rating\": "
              "\"non-championship\", \"tables\": 9",
              1, places, NULL);
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "overall", NULL)->points, "2.88");
    bmp_awards_free(&aw);
    free(j);
    /* ACBL-7 through the event: BAM 1.10: Regional 9 teams 1 session: 19/60 x
     * 14 x 1.1 = 4.8767 -> 4.88 */
    j = build("\"kind\": \"bam\", \"classification\": \"regional\", \"tables\": 9", 1, places,
              NULL);
    bmp_test_run_ok(j, &aw);
    assert_points(find(&aw, 1, "overall", NULL)->points, "4.88");
    bmp_awards_free(&aw);
    free(j);
}

static void expect_error(const char *head, bmp_status code, const char *text)
{
    const char *places[1] = {"1"};
    char *j = build(head, 1, places, NULL);
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(bmp_test_run(j, &aw, &e), code);
    if (!strstr(e.msg, text))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, text);
    bmp_awards_free(&aw);
    free(j);
}

static void errors(void **state)
{
    (void)state;
    expect_error("\"kind\": \"pairs\", \"classification\": \"county\", \"tables\": 9", BMP_EINVAL,
                 "$.classification: expected club-masterpoint, club-championship, unit, "
                 "sectional, regional or national, got \"county\"");
    expect_error("\"kind\": \"pairs\", \"tables\": 9", BMP_EINVAL, "got \"(none)\"");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"rating\": \"gold\", "
                 "\"tables\": 9",
                 BMP_EINVAL, "$.rating: expected championship");
    expect_error("\"kind\": \"knockout\", \"classification\": \"regional\", \"tables\": 9",
                 BMP_EINVAL, "$.boards_per_match: the KO formula needs the boards per match");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"sessions\": 7, "
                 "\"tables\": 9",
                 BMP_ENOTSUP, "not supported: S factor (ACBL-4, §I.A)");
    expect_error("\"kind\": \"pairs\", \"classification\": \"club-championship\", \"tables\": 9, "
                 "\"params\": {\"internet\": true}",
                 BMP_ENOTSUP, "not supported: club game overall awards (ACBL-95");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"upper_limit\": 0",
                 BMP_ERANGE, "$.upper_limit");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"params\": {\"nabc\": true}",
                 BMP_EINVAL, "$.params.nabc");
    /* a typo in a parameter is an error, not a silently different award */
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"params\": {\"cut1_after_sesion\": 1}",
                 BMP_EINVAL, "$.params.cut1_after_sesion: unknown ACBL parameter (expected one of: nabc");
    /* ACBL-20 knows one cut and a second cut: a third, a cut after the last
     * session or a second cut before the first was silently ignored or
     * capped (audit). */
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 4, \"params\": {\"cuts\": 3}",
                 BMP_EINVAL, "$.params.cuts: expected 0, 1 or 2 cuts (ACBL-20");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 2, \"params\": {\"cut1_after_session\": 2}",
                 BMP_EINVAL, "$.params.cut1_after_session: expected a session from 1 to 1");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 4, \"params\": {\"cut1_after_session\": 2, "
                 "\"cut2_after_session\": 1}",
                 BMP_EINVAL, "$.params.cut2_after_session: the second cut must follow");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 4, \"params\": {\"cuts\": 1, \"cut1_after_session\": 1}",
                 BMP_EINVAL, "$.params.cuts: give either cuts or cut1_after_session");
    /* ACBL-62: an NABC side game is a Regional side game (audit: it was
     * computed with R 22.50 and coloured platinum). */
    expect_error("\"kind\": \"pairs\", \"classification\": \"national\", \"rating\": "
                 "\"non-championship\", \"tables\": 9",
                 BMP_EINVAL, "$.rating: side games and consolations at NABCs are computed as at "
                             "a Regional (ACBL-62, ACBL-63)");
    /* Audit: values that were ignored, truncated or turned into "out of
     * memory" are input errors naming their path. */
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 2, \"params\": {\"combined_tables\": -3}",
                 BMP_EINVAL, "$.params.combined_tables: expected the tables at both sites");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 2, \"params\": {\"concurrent_restricted_tables\": 10, "
                 "\"concurrent_unrestricted_events\": 0}",
                 BMP_EINVAL, "$.params.concurrent_unrestricted_events: expected a whole number");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"sessions\": 2, \"params\": {\"sections_combined\": 2.5}",
                 BMP_EINVAL, "$.params.sections_combined: expected a whole number");
    expect_error("\"kind\": \"pairs\", \"edition\": \"2003\", \"classification\": \"national\", "
                 "\"tables\": 300, \"sessions\": 6, \"params\": {\"nabc\": true, "
                 "\"final_qualifiers\": 200}",
                 BMP_EINVAL, "$.params.final_qualifiers: only 6-session NABC pair games");
    expect_error("\"kind\": \"pairs\", \"classification\": \"national\", \"tables\": 300, "
                 "\"sessions\": 4, \"params\": {\"nabc\": true, \"final_qualifiers\": 200}",
                 BMP_EINVAL, "$.params.final_qualifiers: only 6-session NABC pair games");
    expect_error("\"kind\": \"pairs\", \"classification\": \"national\", \"tables\": 300, "
                 "\"sessions\": 6, \"params\": {\"nabc\": true, \"final_qualifiers\": 601}",
                 BMP_EINVAL, "from 1 to the 600 pairs entered), got 601");
    {
        /* a session field of -5 was "out of memory"; a session beyond the
         * event's sessions was paid */
        const char *sess[1] = {"{\"session\": 1, \"section\": \"A\", \"place\": 1}"};
        char *j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 14, "
                        "\"groups\": [{\"name\": \"A\", \"tables\": 14, \"params\": {\"field\": -5}}]",
                        1, NULL, sess);
        bmp_awards aw;
        bmp_error e = {0};
        assert_int_equal(bmp_test_run(j, &aw, &e), BMP_EINVAL);
        assert_non_null(strstr(e.msg, "$.groups[0].params.field: expected the number of "
                                      "contestants"));
        bmp_awards_free(&aw);
        free(j);
        const char *s3[1] = {"{\"session\": 3, \"place\": 1}"};
        j = build("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 14, "
                  "\"sessions\": 2", 1, NULL, s3);
        e = (bmp_error){0};
        assert_int_equal(bmp_test_run(j, &aw, &e), BMP_EINVAL);
        assert_non_null(strstr(e.msg, "$.contestants[0].rankings[0].session: expected a session "
                                      "from 1 to 2"));
        bmp_awards_free(&aw);
        free(j);
    }
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"params\": {\"flight_a\": 1}",
                 BMP_EINVAL, "$.params.flight_a: expected true or false (ACBL-19)");
    expect_error("\"kind\": \"pairs\", \"classification\": \"regional\", \"tables\": 9, "
                 "\"groups\": [{\"name\": \"A\", \"params\": {\"flite\": \"A\"}}]",
                 BMP_EINVAL, "$.groups[0].params.flite: unknown ACBL parameter");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(session_standard),   cmocka_unit_test(session_pct_csv),
        cmocka_unit_test(session_flight_a),
        cmocka_unit_test(session_cuts),       cmocka_unit_test(session_club),
        cmocka_unit_test(session_multi_section), cmocka_unit_test(session_individual),
        cmocka_unit_test(regional_examples),  cmocka_unit_test(colours),
        cmocka_unit_test(restrictions_p),     cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
