/* ACBL classification, table credit and field structures (ACBL-62..84),
 * Swiss match awards (ACBL-79..81), pigmentation (ACBL-85..94), club games
 * (ACBL-95/96) and ties (ACBL-99), under both editions where they differ.
 * Expected values hand-computed from the regulation, arithmetic in comments. */
#include "bmp_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

static bmp_status run(const char *json, bmp_awards *aw, bmp_error *e)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards_init(aw);
    bmp_status st = bmp_award_event(ev, aw, e);
    bmp_event_free(ev);
    return st;
}

/* Award of contestant id of a kind (and player index, -2 = any). */
static const bmp_award *find(const bmp_event *ev, const bmp_awards *aw, const char *id,
                             const char *kind, int player)
{
    for (size_t i = 0; i < aw->count; i++)
        if (strcmp(ev->contestants[aw->items[i].contestant].id, id) == 0 &&
            strcmp(aw->items[i].kind, kind) == 0 && (player == -2 || aw->items[i].player == player))
            return &aw->items[i];
    return NULL;
}

/* Load + award, keeping the event for lookups. */
typedef struct res {
    bmp_event *ev;
    bmp_awards aw;
} res;

static res go(const char *json)
{
    res r;
    r.ev = bmp_test_event(json);
    bmp_awards_init(&r.aw);
    bmp_error e = {0};
    if (bmp_award_event(r.ev, &r.aw, &e))
        fail_msg("award failed: %s", e.msg);
    return r;
}

static void done(res *r)
{
    bmp_awards_free(&r->aw);
    bmp_event_free(r->ev);
}

static void expect_points(const res *r, const char *id, const char *kind, int player,
                          const char *pts)
{
    const bmp_award *a = find(r->ev, &r->aw, id, kind, player);
    if (!a)
        fail_msg("no %s award for %s (player %d)", kind, id, player);
    assert_points(a->points, pts);
}

static bool note_has(const bmp_awards *aw, const char *text)
{
    for (size_t i = 0; i < aw->nnotes; i++)
        if (strstr(aw->notes[i], text))
            return true;
    return false;
}

static void expect_fail(const char *json, bmp_status code, const char *text);

/* ---- pure functions ---------------------------------------------------- */

/* ACBL-82: bracketed Swiss table credit. */
static void bracket_credit(void **state)
{
    (void)state;
    /* top: 8 own + 52 lower: 8 + 40 + 12/3 = 52 */
    assert_true(acbl_bracket_tables(0, 8, 52) == 52.0);
    /* second: 8 + 44 lower: 8 + 20 + 24/3 = 36 */
    assert_true(acbl_bracket_tables(1, 8, 44) == 36.0);
    /* third: 8 + 12/3 = 12 */
    assert_true(acbl_bracket_tables(2, 8, 12) == 12.0);
    /* under the thresholds everything counts: 8 + 30 = 38, 8 + 15 = 23 */
    assert_true(acbl_bracket_tables(0, 8, 30) == 38.0);
    assert_true(acbl_bracket_tables(1, 8, 15) == 23.0);
}

/* ACBL-65: unrestricted credit, shared, capped at 3 x own. */
static void unrestricted_credit(void **state)
{
    (void)state;
    assert_true(acbl_unrestricted_credit(20, 30, 1) == 50.0); /* 20 + 30 <= 60 */
    assert_true(acbl_unrestricted_credit(20, 60, 1) == 60.0); /* 80 capped at 3 x 20 */
    assert_true(acbl_unrestricted_credit(20, 30, 2) == 35.0); /* 20 + 30/2 */
}

/* ACBL-66: the larger of 80% combined and 100% single site. */
static void split_regional(void **state)
{
    (void)state;
    assert_points(acbl_split_regional(1000, 750), "8.00"); /* 80% of 10.00 */
    assert_points(acbl_split_regional(1000, 850), "8.50");
    assert_points(acbl_split_regional(1838, 788), "14.70"); /* 18.38 x 0.8 = 14.704 */
}

/* ACBL-74: Flight A at least 110% of Flight B. */
static void flight_a_floor(void **state)
{
    (void)state;
    assert_points(acbl_flight_a_floor(500, 480), "5.28"); /* 4.80 x 1.1 */
    assert_points(acbl_flight_a_floor(600, 480), "6.00");
}

/* ACBL-69: stratum X, both branches; A-18 exponent. */
static void stratum_x(void **state)
{
    (void)state;
    char why[400];
    /* threshold met by 20 tables: max(105% of 10.00 = 10.50, X alone 11.00) */
    assert_points(acbl_stratum_x_first(20, 40, 1000, 1100, why, sizeof why), "11.00");
    assert_points(acbl_stratum_x_first(20, 40, 1000, 900, why, sizeof why), "10.50");
    /* threshold met by 40%: X 8 of A + X 20 */
    assert_points(acbl_stratum_x_first(8, 12, 1000, 500, why, sizeof why), "10.50");
    /* below: X 6, A 14: ((6/0.4)/20)^2 = 0.5625 x 10.50 = 5.90625 -> 5.91;
     * (6/20)^2 = 0.09 x 10.50 = 0.945 -> 0.95; X alone 3.00 -> 5.91 */
    assert_points(acbl_stratum_x_first(6, 14, 1000, 300, why, sizeof why), "5.91");
    assert_non_null(strstr(why, "below threshold"));
    /* X alone larger: 6.00 */
    assert_points(acbl_stratum_x_first(6, 14, 1000, 600, why, sizeof why), "6.00");
}

/* ACBL-79: D x L x M x P; later +20% for stratiflighted A; D by edition. */
static void match_award_formula(void **state)
{
    (void)state;
    double d;
    assert_int_equal(acbl_factor_d(ACBL_CLASS_REGIONAL, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
    /* 1.25 x 8/24 = 0.41667 -> 0.42; stratiflighted A later x 1.20 = 0.50 */
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, false, ACBL_ED_CURRENT), "0.42");
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, true, ACBL_ED_CURRENT), "0.50");
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, true, ACBL_ED_2003), "0.42");
    /* Unit 0.765 x 1 = 0.765 -> 0.77 (exact half cent, half-up) */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_UNIT, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_points(acbl_match_award(d, acbl_factor_l(24), 1, 1, false, ACBL_ED_2003), "0.77");
    /* Sectional 0.9 x 7/24 = 0.2625 -> 0.26 */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_SECTIONAL, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
    assert_points(acbl_match_award(d, acbl_factor_l(7), 1, 1, false, ACBL_ED_CURRENT), "0.26");
    /* National: 2003 lists 1.800 (KO section); later none */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_NATIONAL, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_true(d == 1.8);
    bmp_error e = {0};
    assert_int_equal(acbl_factor_d(ACBL_CLASS_NATIONAL, ACBL_ED_CURRENT, &d, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "(ACBL-79, §IV.C)"));
    /* ACBL-96: club D 0.240 / 0.360 */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_CLUB_MASTERPOINT, ACBL_ED_CURRENT, &d, NULL),
                     BMP_OK);
    assert_true(d == 0.240);
    assert_int_equal(acbl_factor_d(ACBL_CLASS_CLUB_CHAMPIONSHIP, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_true(d == 0.360);
}

/* ACBL-79 (with the 2003 National D of its KO section, ACBL-96 club D): every printed D
 * of both editions (match_award_d_factors.csv); an empty cell is "not
 * listed" and must not be invented. */
static void match_d_csv(void **state)
{
    (void)state;
    static const struct { const char *csv; acbl_class c; } map[] = {
        {"Unit Championship", ACBL_CLASS_UNIT},
        {"Sectional", ACBL_CLASS_SECTIONAL},
        {"Regional", ACBL_CLASS_REGIONAL},
        {"National", ACBL_CLASS_NATIONAL},
        {"Club Masterpoint", ACBL_CLASS_CLUB_MASTERPOINT},
        {"Club Championship", ACBL_CLASS_CLUB_CHAMPIONSHIP}};
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/match_award_d_factors.csv");
    assert_int_equal(csv.nrows - 1, 6);
    for (size_t r = 1; r < csv.nrows; r++) {
        size_t k = 0;
        while (k < 6 && strcmp(map[k].csv, bmp_csv_get(&csv, r, 0)) != 0)
            k++;
        assert_true(k < 6);
        /* column 1: 2003 (KO and Swiss); column 2: later (Swiss).  The 2003
         * club cells are empty in this column, but the 2003 club table lists
         * the same D (ACBL-96), so only National is truly absent (later). */
        const char *later = bmp_csv_get(&csv, r, 2);
        double d = 0;
        bmp_error e = {0};
        if (*later) {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
            assert_true(fabs(d - atof(later)) < 1e-12);
        } else {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_CURRENT, &d, &e), BMP_ENOTSUP);
        }
        const char *y2003 = bmp_csv_get(&csv, r, 1);
        if (*y2003) {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_2003, &d, NULL), BMP_OK);
            assert_true(fabs(d - atof(y2003)) < 1e-12);
        }
    }
    bmp_csv_free(&csv);
}

/* ---- events ------------------------------------------------------------ */

/* ACBL-73 flighted pairs: own + lower flights, 35% of the flight's own
 * competitors; ACBL-74 Flight A >= 110% of Flight B. */
static void flighted_pairs(void **state)
{
    (void)state;
    /* Sectional, 1 session; Flight A open 3 tables, Flight B UL 5000 40 tables.
     * A credit 43: 53/60 x 10 = 8.8333 -> 8.83; B credit 40: 50/60 x 10 x
     * M(5000) 0.971379 = 8.0948 -> 8.09; 110% of 8.09 = 8.899 -> 8.90 > 8.83:
     * A first = 8.90 (ACBL-74); A 2nd 8.90 x 0.75 = 6.675 -> 6.68; A has 6
     * pairs: 35% = 2.1 -> 2 places (ACBL-73). */
    res r = go("{\"body\": \"acbl\", \"name\": \"f\", \"kind\": \"pairs\", \"classification\": "
               "\"sectional\", \"tables\": 43, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"flight\", \"tables\": 3},"
               "{\"name\": \"B\", \"type\": \"flight\", \"tables\": 40, \"upper_limit\": 5000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"place\": 1},"
               "{\"id\": \"a2\", \"group\": \"A\", \"place\": 2},"
               "{\"id\": \"a3\", \"group\": \"A\", \"place\": 3},"
               "{\"id\": \"b1\", \"group\": \"B\", \"place\": 1},"
               "{\"id\": \"b2\", \"group\": \"B\", \"place\": 2}]}");
    expect_points(&r, "a1", "overall", -2, "8.90");
    expect_points(&r, "a2", "overall", -2, "6.68");
    assert_null(find(r.ev, &r.aw, "a3", "overall", -2));
    expect_points(&r, "b1", "overall", -2, "8.09");
    /* 8.09 x 0.75 = 6.0675 -> 6.07 */
    expect_points(&r, "b2", "overall", -2, "6.07");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "silver");
    assert_true(note_has(&r.aw, "raised to 8.90 (ACBL-74)"));
    assert_true(note_has(&r.aw, "35% of the flight's 6 competitors = 2 (ACBL-73)"));
    done(&r);
}

/* ACBL-80: "Flighted ... Swiss events award points according to the
 * conditions outlined (above) for flighted": the Flight A floor (ACBL-74)
 * and the 35% limit (ACBL-73) apply to a flighted Swiss too (audit: the floor
 * was applied to pairs only, paying a1 8.83). */
static void flighted_swiss(void **state)
{
    (void)state;
    /* Sectional, 1 session; Flight A open 3 teams, Flight B UL 5000 40 teams.
     * A credit 43: 53/60 x 10 = 8.8333 -> 8.83; B credit 40: 50/60 x 10 x
     * M(5000) (log10(5000)/3.11 - 0.218 = 0.971379) = 8.0948 -> 8.09; 110%
     * of 8.09 = 8.899 -> 8.90 > 8.83: A first 8.90 (ACBL-74).  35% of 3
     * teams = 1.05 -> 1 place in Flight A (ACBL-73). */
    res r = go("{\"body\": \"acbl\", \"name\": \"f\", \"kind\": \"swiss-teams\", "
               "\"classification\": \"sectional\", \"tables\": 43, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"flight\", \"tables\": 3},"
               "{\"name\": \"B\", \"type\": \"flight\", \"tables\": 40, \"upper_limit\": 5000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"place\": 1},"
               "{\"id\": \"a2\", \"group\": \"A\", \"place\": 2},"
               "{\"id\": \"b1\", \"group\": \"B\", \"place\": 1}]}");
    expect_points(&r, "a1", "overall", -2, "8.90");
    assert_null(find(r.ev, &r.aw, "a2", "overall", -2));
    expect_points(&r, "b1", "overall", -2, "8.09");
    assert_true(note_has(&r.aw, "raised to 8.90 (ACBL-74)"));
    done(&r);
}

/* ACBL-67 stratified: own + lower strata, each stratum's M; lowest stratum
 * needs 3 tables; strata not cumulative (ruling ACBL-R15); ACBL-88 gold in
 * the top two strata. */
static void stratified(void **state)
{
    (void)state;
    /* Regional 2 sessions: A open 10 tables, B UL 1500 8, C UL 500 2.
     * A credit 20: 30/60 x 14 x 1.5 = 10.50; B credit 10: 20/60 x 21 x
     * M(1500) 0.803251 = 5.6228 -> 5.62; C has 2 tables: no overall awards.
     * b1 is 2nd in A (10.50 x 0.75 = 7.875 -> 7.88) and 1st in B (5.62):
     * receives 7.88 only. */
    res r = go("{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 1500},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 2, \"upper_limit\": 500}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"A\", \"place\": 2},"
               " {\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"b2\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 2}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.50");
    expect_points(&r, "b1", "overall", -2, "7.88");
    size_t nb1 = 0;
    for (size_t i = 0; i < r.aw.count; i++)
        nb1 += strcmp(r.ev->contestants[r.aw.items[i].contestant].id, "b1") == 0;
    assert_int_equal(nb1, 1);
    /* b2: B 2nd = 5.62 x 0.75 = 4.215 -> 4.22 (exact half cent) */
    expect_points(&r, "b2", "overall", -2, "4.22");
    assert_string_equal(find(r.ev, &r.aw, "b2", "overall", -2)->colour, "gold");
    assert_null(find(r.ev, &r.aw, "c1", "overall", -2));
    assert_true(note_has(&r.aw, "lowest stratum below 3 tables"));
    done(&r);
}

/* Stratiflighted: ACBL-68 A on A + X; ACBL-69 X against Flight B; ACBL-70
 * and ACBL-93: gold for A, X and B when each limit >= 750. */
static void stratiflighted(void **state)
{
    (void)state;
    /* Regional 2 sessions. Flight A: A open 12, X UL 3000 8; Flight B: B UL
     * 750 12, C UL 300 8.  A credit 20: 30/60 x 21 = 10.50. Flight B first
     * (B credit 20): 10.50 x M(750) 0.706457 = 7.4178 -> 7.42.  X: 8 >= 40%
     * of 20 -> max(105% x 7.42 = 7.791 -> 7.79, X alone 18/60 x 21 x
     * M(3000) 0.900045 = 5.6703 -> 5.67) = 7.79; X 2nd 7.79 x 0.75 = 5.8425
     * -> 5.84.  C credit 8: 18/60 x 21 x M(300) 0.605624 = 3.8154 -> 3.82,
     * red (fourth stratum). */
    res r = go("{\"body\": \"acbl\", \"name\": \"sf\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 40, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 12, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"X\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 3000, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 12, \"upper_limit\": 750, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 300, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"x1\", \"group\": \"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 1}]},"
               "{\"id\": \"x2\", \"group\": \"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 2}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.50");
    expect_points(&r, "b1", "overall", -2, "7.42");
    expect_points(&r, "x1", "overall", -2, "7.79");
    expect_points(&r, "x2", "overall", -2, "5.84");
    expect_points(&r, "c1", "overall", -2, "3.82");
    assert_string_equal(find(r.ev, &r.aw, "x1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "c1", "overall", -2)->colour, "red");
    done(&r);
}

/* ACBL-70 / ACBL-93: with Flight A not split (no X) the gold strata are A
 * and Flight B's top stratum B; Flight B's second stratum is not gold even
 * with a limit >= 750 (audit: "upper three" was counted as any three). */
static void stratiflighted_no_x(void **state)
{
    (void)state;
    /* Regional 2 sessions. Flight A: A open 10; Flight B: B UL 2000 10, C UL
     * 1000 10.  A credit 10: 20/60 x 21 = 7.00.  B credit 20: 30/60 x 21 x
     * M(2000) (log10(2000)/3.11 - 0.218 = 0.843424) = 8.8560 -> 8.86.  C
     * credit 10: 20/60 x 21 x M(1000) 0.746610 = 5.2263 -> 5.23. */
    res r = go("{\"body\": \"acbl\", \"name\": \"sf\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 30, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "7.00");
    expect_points(&r, "b1", "overall", -2, "8.86");
    expect_points(&r, "c1", "overall", -2, "5.23");
    assert_string_equal(find(r.ev, &r.aw, "a1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "c1", "overall", -2)->colour, "red");
    done(&r);
}

/* ACBL-82 bracketed Swiss through the event, with match awards (ACBL-79)
 * and ACBL-83 (later) bracket position; 2003 has no ACBL-83. */
static void bracketed_swiss(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"b\", \"edition\": \"%s\", \"kind\": \"swiss-teams\", "
        "\"classification\": \"regional\", \"tables\": 32, \"boards_per_match\": 7, \"groups\": ["
        "{\"name\": \"1\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"2\", \"type\": \"bracket\", \"tables\": 8%s},"
        "{\"name\": \"3\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"4\", \"type\": \"bracket\", \"tables\": 8}],"
        "\"contestants\": ["
        "{\"id\": \"t1\", \"group\": \"1\", \"place\": 1, \"match_wins\": 3},"
        "{\"id\": \"t2\", \"group\": \"2\", \"place\": 1, \"match_wins\": 2.5},"
        "{\"id\": \"t3\", \"group\": \"3\", \"place\": 1},"
        "{\"id\": \"t4\", \"group\": \"4\", \"place\": 1}]}";
    char buf[2048];
    snprintf(buf, sizeof buf, json, "current", "");
    /* credits 8 + 24 = 32, 8 + 16 = 24, 8 + 8/3 = 10.667, 8:
     * 42/60 x 14 = 9.80; 34/60 x 14 = 7.933 -> 7.93; 20.667/60 x 14 =
     * 4.8222 -> 4.82; 18/60 x 14 = 4.20.  Match: 1.25 x 7/24 = 0.36458 ->
     * 0.36; x 3 = 1.08; x 2.5 = 0.90. */
    res r = go(buf);
    expect_points(&r, "t1", "overall", -2, "9.80");
    expect_points(&r, "t2", "overall", -2, "7.93");
    expect_points(&r, "t3", "overall", -2, "4.82");
    expect_points(&r, "t4", "overall", -2, "4.20");
    expect_points(&r, "t1", "match", -2, "1.08");
    expect_points(&r, "t2", "match", -2, "0.90");
    assert_string_equal(find(r.ev, &r.aw, "t1", "match", -2)->colour, "red");
    done(&r);
    /* ACBL-83 (later): bracket "2" counted as a third bracket would be 8 +
     * 16/3 = 13.333: 23.333/60 x 14 = 5.4444 -> 5.44 */
    snprintf(buf, sizeof buf, json, "current", ", \"params\": {\"bracket_position\": 3}");
    r = go(buf);
    expect_points(&r, "t2", "overall", -2, "5.44");
    done(&r);
    snprintf(buf, sizeof buf, json, "2003", ", \"params\": {\"bracket_position\": 3}");
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run(buf, &aw, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "(ACBL-83, §IV.C)"));
    bmp_awards_free(&aw);
}

/* ACBL-13 with ACBL-82 (ruling ACBL-L1): a bracket credited with more
 * tables than it has teams pays no more places than its own teams would.
 * Top bracket of 4 x 8 teams: credit 8 + 24 = 32, 1st 42/60 x 14 = 9.80;
 * by the credited 32 tables depth would be 6 (19+ teams; place 7 =
 * 9.80 x 0.75^6 = 1.74 < floor 2.80; 10%..35% of 32 = 4..11), but 8 teams
 * pay 3 (ACBL-13: 7-8 -> 3): 9.80, 7.35, 9.80 x 0.5625 = 5.5125 -> 5.51,
 * and 4th nothing. */
static void bracket_depth_own_teams(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"b\", \"kind\": \"swiss-teams\", "
        "\"classification\": \"regional\", \"tables\": 32, \"boards_per_match\": 7, \"groups\": ["
        "{\"name\": \"1\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"2\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"3\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"4\", \"type\": \"bracket\", \"tables\": 8}],"
        "\"contestants\": ["
        "{\"id\": \"a1\", \"group\": \"1\", \"place\": 1},"
        "{\"id\": \"a2\", \"group\": \"1\", \"place\": 2},"
        "{\"id\": \"a3\", \"group\": \"1\", \"place\": 3},"
        "{\"id\": \"a4\", \"group\": \"1\", \"place\": 4}]}";
    res r = go(json);
    expect_points(&r, "a1", "overall", -2, "9.80");
    expect_points(&r, "a2", "overall", -2, "7.35");
    expect_points(&r, "a3", "overall", -2, "5.51");
    assert_null(find(r.ev, &r.aw, "a4", "overall", -2));
    done(&r);
}

/* ACBL-78 participation on 5-6 player teams (1-2 sessions), full awards in
 * 3+ sessions; ACBL-81 consolations: M <= 0.65 for overall, finals' M for
 * match awards, at least half the matches. */
static void swiss_players(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"sw\", \"kind\": \"swiss-teams\", \"classification\": "
        "\"regional\", \"sessions\": %d, \"tables\": 10, \"boards_per_match\": 24%s, "
        "\"contestants\": [{\"id\": \"T1\", \"place\": 1, \"match_wins\": 2, \"players\": ["
        "{\"id\": \"J1\"}, {\"id\": \"J2\"}, {\"id\": \"J3\"}, {\"id\": \"J4\", \"participation\": 0.6},"
        "{\"id\": \"J5\", \"participation\": 0.4}]}]}";
    char buf[1024];
    /* 2 sessions: 20/60 x 14 x 1.5 = 7.00; J4 7.00 x 0.6 = 4.20, J5 2.80 */
    snprintf(buf, sizeof buf, json, 2, "");
    res r = go(buf);
    expect_points(&r, "T1", "overall", 0, "7.00");
    expect_points(&r, "T1", "overall", 3, "4.20");
    expect_points(&r, "T1", "overall", 4, "2.80");
    assert_string_equal(find(r.ev, &r.aw, "T1", "overall", 3)->rule, "ACBL-78");
    /* match awards (ACBL-79): 1.25 x 1 x 1 x 1 = 1.25 x 2 wins = 2.50 */
    expect_points(&r, "T1", "match", -2, "2.50");
    done(&r);
    /* 3 sessions: everyone the full 20/60 x 14 x 2 = 9.33: one award for
     * every player */
    snprintf(buf, sizeof buf, json, 3, "");
    r = go(buf);
    expect_points(&r, "T1", "overall", BMP_ALL_PLAYERS, "9.33");
    done(&r);
    /* consolation, 2 sessions: 7.00 x 0.65 = 4.55; J4 x 0.6 = 2.73; J5
     * played under half: nothing; match awards as in the finals: 2.50. */
    snprintf(buf, sizeof buf, json, 2, ", \"rating\": \"consolation\"");
    r = go(buf);
    expect_points(&r, "T1", "overall", 0, "4.55");
    expect_points(&r, "T1", "overall", 3, "2.73");
    assert_null(find(r.ev, &r.aw, "T1", "overall", 4));
    expect_points(&r, "T1", "match", -2, "2.50");
    done(&r);
}

/* ACBL-80: a stratified Swiss uses the highest stratum's limits for match
 * awards. */
static void stratified_swiss_match(void **state)
{
    (void)state;
    /* B team (UL 500) in a stratified Swiss with an open A: M = 1: 1.25 x 1
     * (24 boards) = 1.25 per win; its overall uses its own M. */
    res r = go("{\"body\": \"acbl\", \"name\": \"ss\", \"kind\": \"swiss-teams\", "
               "\"classification\": \"regional\", \"tables\": 12, \"boards_per_match\": 24, "
               "\"groups\": [{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 8},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 4, \"upper_limit\": 500}],"
               "\"contestants\": [{\"id\": \"b1\", \"group\": \"B\", \"match_wins\": 1}]}");
    expect_points(&r, "b1", "match", -2, "1.25");
    done(&r);
}

/* ACBL-5 with ACBL-67 and ACBL-80: a stratum that states no upper limit has
 * the event's (audit: it was taken as unlimited, M = 1). */
static void stratum_inherits_limit(void **state)
{
    (void)state;
    /* Regional 2 sessions Swiss, event UL 5000: A (no limit stated) 10
     * teams, B UL 1000 10 teams.  M(5000) = log10(5000)/3.11 - 0.218 =
     * 0.971379.  A credit 20: 30/60 x 14 x 1.5 x 0.971379 = 10.1995 -> 10.20
     * (not 10.50).  Match award, 24 boards, highest stratum's M (ACBL-80):
     * 1.25 x 1 x 0.971379 = 1.2142 -> 1.21 per win, x 2 = 2.42 (not 2.50). */
    res r = go("{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"swiss-teams\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"upper_limit\": 5000, "
               "\"boards_per_match\": 24, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"match_wins\": 2, \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"match_wins\": 2, \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.20");
    expect_points(&r, "a1", "match", -2, "2.42");
    expect_points(&r, "b1", "match", -2, "2.42");
    done(&r);
}

/* ACBL-72 barometer finals, edition wording D23. */
static void barometer(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"bar\", \"edition\": \"%s\", \"kind\": "
                       "\"pairs\", \"classification\": \"%s\", \"tables\": 10, \"params\": "
                       "{\"barometer_level\": %d, \"tables_entered\": 30}, \"contestants\": "
                       "[{\"id\": \"1\", \"place\": 1}]}";
    char buf[1024];
    /* top level: 30 tables entered, 2-session championship: 40/60 x 14 x 1.5 = 14.00 */
    snprintf(buf, sizeof buf, json, "current", "regional", 1);
    res r = go(buf);
    expect_points(&r, "1", "overall", -2, "14.00");
    done(&r);
    /* second level: 10 tables, 2 sessions, M 0.80: 20/60 x 21 x 0.8 = 5.60 */
    snprintf(buf, sizeof buf, json, "current", "regional", 2);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "5.60");
    done(&r);
    /* third level: 1 session, non-championship M 0.65: 20/60 x 14 x 0.65 =
     * 3.0333 -> 3.03 */
    snprintf(buf, sizeof buf, json, "current", "regional", 3);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "3.03");
    done(&r);
    /* D23: at a Sectional, 2003 rates the levels as Regional (R 14): 14.00;
     * later uses the Sectional's R 10: 40/60 x 10 x 1.5 = 10.00 */
    snprintf(buf, sizeof buf, json, "2003", "sectional", 1);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "14.00");
    done(&r);
    snprintf(buf, sizeof buf, json, "current", "sectional", 1);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "10.00");
    done(&r);
}

/* ACBL-75 Side Game Series. */
static void side_game_series(void **state)
{
    (void)state;
    /* series overall: (14 + 10)/2 = 12 tables as 2 sessions x 0.80: 22/60 x
     * 14 x 1.5 x 0.8 = 6.16 */
    res r = go("{\"body\": \"acbl\", \"name\": \"sgs\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"rating\": \"non-championship\", \"tables\": 14, \"params\": "
               "{\"side_game_series\": true, \"series_tables_1\": 14, \"series_tables_2\": 10}, "
               "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}");
    /* the series is rated by its own M: non-championship cap 0.65 applies:
     * 6.16 x 0.65 = 4.004 -> 4.00 */
    expect_points(&r, "1", "overall", -2, "4.00");
    done(&r);
    r = go("{\"body\": \"acbl\", \"name\": \"sgs\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 14, \"params\": "
           "{\"side_game_series\": true, \"series_tables_1\": 14, \"series_tables_2\": 10}, "
           "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}");
    expect_points(&r, "1", "overall", -2, "6.16");
    done(&r);
    /* a single game of the series: overall at 65% as an M cap (ruling
     * ACBL-R16): 24/60 x 14 x 0.65 = 3.64; session awards at 80% of the
     * session formula with that M: 0.5 x 24/60 x 14 x 0.65 = 1.82 x 0.80 =
     * 1.456 -> 1.46 */
    r = go("{\"body\": \"acbl\", \"name\": \"sg\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 14, \"params\": {\"series_game\": true}, "
           "\"groups\": [{\"name\": \"A\", \"tables\": 14}], "
           "\"contestants\": [{\"id\": \"1\", \"place\": 1, \"rankings\": [{\"session\": 1, "
           "\"section\": \"A\", \"direction\": \"NS\", \"place\": 1}]}]}");
    expect_points(&r, "1", "overall", -2, "3.64");
    expect_points(&r, "1", "session", -2, "1.46");
    done(&r);
}

/* ACBL-65 through the event. */
static void unrestricted_event(void **state)
{
    (void)state;
    /* Sectional 2 sessions open 10 tables + 25 concurrent restricted: min(35,
     * 30) = 30 tables: 40/60 x 10 x 1.5 = 10.00 (alone: 20/60 x 15 = 5.00) */
    res r = go("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", \"classification\": "
               "\"sectional\", \"sessions\": 2, \"tables\": 10, \"params\": "
               "{\"concurrent_restricted_tables\": 25}, \"contestants\": [{\"id\": \"1\", "
               "\"place\": 1}]}");
    expect_points(&r, "1", "overall", -2, "10.00");
    done(&r);
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", "
                         "\"classification\": \"sectional\", \"sessions\": 2, \"tables\": 10, "
                         "\"restrictions\": [\"women\"], \"params\": "
                         "{\"concurrent_restricted_tables\": 25}, \"contestants\": [{\"id\": "
                         "\"1\", \"place\": 1}]}",
                         &aw, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "(ACBL-65) applies only for events unrestricted in any way"));
    bmp_awards_free(&aw);
}

/* ACBL-65: "Flighted, Stratified and Stratiflighted events count all tables
 * in all flights/strata to determine the number of tables in the
 * unrestricted event (the A Flight or Stratum)" (audit: a stratiflighted
 * stratum A counted only Flight A's tables, paying 14.00). */
static void unrestricted_stratiflighted(void **state)
{
    (void)state;
    /* Regional 2 sessions: A open 10 (Flight A); B UL 2000 10, C UL 1000 10
     * (Flight B); 20 concurrent restricted tables.  A: all 30 tables + 20 =
     * 50 <= 3 x 30: 60/60 x 14 x 1.5 = 21.00 (Flight A alone would be 10 +
     * 20 = 30: 40/60 x 21 = 14.00).  B unchanged: 30/60 x 21 x M(2000)
     * 0.843424 = 8.8560 -> 8.86. */
    res r = go("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 30, "
               "\"params\": {\"concurrent_restricted_tables\": 20}, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "21.00");
    expect_points(&r, "b1", "overall", -2, "8.86");
    done(&r);
}

/* ACBL-66 through the event. */
static void split_regional_event(void **state)
{
    (void)state;
    /* this site 20 tables, combined 60, 2 sessions: single 1st 30/60 x 21 =
     * 10.50; combined 70/60 x 21 = 24.50 x 0.8 = 19.60; 2nd combined 24.50 x
     * 0.75 = 18.375 -> 18.38 x 0.8 = 14.704 -> 14.70; 3rd single 10.50 x
     * 9/16 = 5.906 -> 5.91 */
    res r = go("{\"body\": \"acbl\", \"name\": \"sr\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"params\": "
               "{\"combined_tables\": 60}, \"contestants\": [{\"id\": \"1\", \"place\": 1}, "
               "{\"id\": \"2\", \"place\": 2}, {\"id\": \"3\", \"place\": 3}]}");
    expect_points(&r, "1", "overall", -2, "19.60");
    expect_points(&r, "2", "overall", -2, "14.70");
    expect_points(&r, "3", "overall", -2, "5.91");
    done(&r);
    /* Audit: in a stratified field combined_tables was silently ignored;
     * the regulation does not say how it credits strata. */
    expect_fail("{\"body\": \"acbl\", \"name\": \"sr\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"sessions\": 2, \"tables\": 20, \"params\": "
                "{\"combined_tables\": 60}, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 12}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, "
                "\"upper_limit\": 1500}], \"contestants\": [{\"id\": \"1\", \"group\": \"A\", "
                "\"rankings\": [{\"ranking\": \"A\", \"place\": 1}]}]}",
                BMP_ENOTSUP, "not supported: split Regional combined attendance in a divided field "
                             "(ACBL-66, §IV.A)");
}

/* ACBL-76 team-of-two: T 1.00 with the team depth table; ACBL-77 BAM 1.10. */
static void team_of_two_and_bam(void **state)
{
    (void)state;
    /* Regional 9 tables 1 session: 19/60 x 14 = 4.4333 -> 4.43; 9 teams ->
     * 4 places (ACBL-13): the 5th gets nothing. BAM: x 1.10 = 4.8767 -> 4.88 */
    const char *json = "{\"body\": \"acbl\", \"name\": \"t2\", \"kind\": \"%s\", "
                       "\"classification\": \"regional\", \"tables\": 9, \"contestants\": ["
                       "{\"id\": \"1\", \"place\": 1}, {\"id\": \"2\", \"place\": 2}, {\"id\": "
                       "\"3\", \"place\": 3}, {\"id\": \"4\", \"place\": 4}, {\"id\": \"5\", "
                       "\"place\": 5}]}";
    char buf[1024];
    snprintf(buf, sizeof buf, json, "team-of-two");
    res r = go(buf);
    expect_points(&r, "1", "overall", -2, "4.43");
    assert_non_null(find(r.ev, &r.aw, "4", "overall", -2));
    assert_null(find(r.ev, &r.aw, "5", "overall", -2));
    done(&r);
    snprintf(buf, sizeof buf, json, "bam");
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "4.88");
    done(&r);
}

/* ACBL-91 restricted tournaments; ACBL-92 combined sections. */
static void colours_more(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"c\", \"kind\": \"pairs\", "
                       "\"classification\": \"regional\", \"sessions\": 2, \"tables\": 20, "
                       "\"params\": {%s}, \"contestants\": [{\"id\": \"1\", \"place\": 1, "
                       "\"rankings\": [{\"session\": 1, \"place\": 1}]}, {\"id\": \"2\", "
                       "\"place\": 2, \"rankings\": [{\"session\": 1, \"place\": 2}]}, {\"id\": "
                       "\"3\", \"place\": 3, \"rankings\": [{\"session\": 1, \"place\": 3}]}]}";
    char buf[1024];
    snprintf(buf, sizeof buf, json, "\"restricted_tournament\": true");
    res r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "black");
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->rule, "ACBL-8");
    done(&r);
    snprintf(buf, sizeof buf, json, "\"restricted_tournament\": true, \"open_sectional\": true");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "silver");
    done(&r);
    snprintf(buf, sizeof buf, json,
             "\"restricted_tournament\": true, \"similarly_restricted\": true");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "gold");
    done(&r);
    /* ACBL-92: 2 sections of 10 tables combined: session places 1 and 2 gold,
     * 3 red; with sections under 9 tables (3 x 6.67) only the top. */
    snprintf(buf, sizeof buf, json, "\"sections_combined\": 2");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "2", "session", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "3", "session", -2)->colour, "red");
    done(&r);
    snprintf(buf, sizeof buf, json, "\"sections_combined\": 3");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "session", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "2", "session", -2)->colour, "red");
    done(&r);
}

/* ACBL-89 with ACBL-92: two 10-table sections combined pay two gold session
 * places; a tie 2/3 straddles the last gold place.  later: "gold and red
 * points will be shared"; 2003: "gold points will be awarded" (audit: the
 * later split was made only when one place was gold, so 2/3 was all gold). */
static void combined_sections_tie(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"c\", \"edition\": \"%s\", "
                       "\"kind\": \"pairs\", \"classification\": \"regional\", \"sessions\": 2, "
                       "\"tables\": 20, \"params\": {\"sections_combined\": 2}, \"contestants\": ["
                       "{\"id\": \"1\", \"rankings\": [{\"session\": 1, \"place\": 1}]},"
                       "{\"id\": \"2\", \"rankings\": [{\"session\": 1, \"place\": \"2=\"}]},"
                       "{\"id\": \"3\", \"rankings\": [{\"session\": 1, \"place\": \"2=\"}]}]}";
    char buf[1024];
    /* session 1st = 0.5 x 30/60 x 14 = 3.50; 2nd 70% = 2.45; 3rd 50% =
     * 1.75; tie 2/3 = (2.45 + 1.75)/2 = 2.10; later: gold 2.10 x 245/420 =
     * 1.225 -> 1.23, red the rest 0.87. */
    snprintf(buf, sizeof buf, json, "current");
    res r = go(buf);
    size_t gold = 0, red = 0;
    for (size_t i = 0; i < r.aw.count; i++) {
        const bmp_award *a = &r.aw.items[i];
        if (strcmp(r.ev->contestants[a->contestant].id, "2") != 0)
            continue;
        if (strcmp(a->colour, "gold") == 0) {
            assert_points(a->points, "1.23");
            gold++;
        } else {
            assert_string_equal(a->colour, "red");
            assert_points(a->points, "0.87");
            red++;
        }
        assert_string_equal(a->rule, "ACBL-89");
    }
    assert_int_equal(gold, 1);
    assert_int_equal(red, 1);
    done(&r);
    /* 2003: the whole 2.10 is gold */
    snprintf(buf, sizeof buf, json, "2003");
    r = go(buf);
    const bmp_award *a = find(r.ev, &r.aw, "3", "session", -2);
    assert_non_null(a);
    assert_points(a->points, "2.10");
    assert_string_equal(a->colour, "gold");
    done(&r);
}

/* ACBL-95/96 clubs: Swiss match awards with the club D; later's regular
 * club game maximum 2.50; overall awards need the absent club scale. */
static void club_games(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"club\", \"edition\": \"%s\", \"kind\": "
                       "\"swiss-teams\", \"classification\": \"club-masterpoint\", \"tables\": "
                       "8, \"boards_per_match\": 48, \"contestants\": [{\"id\": \"1\", "
                       "\"match_wins\": 7}]}";
    char buf[1024];
    /* 0.24 x 1.5 (48 boards) = 0.36 per win x 7 = 2.52: later capped at 2.50 */
    snprintf(buf, sizeof buf, json, "current");
    res r = go(buf);
    expect_points(&r, "1", "match", -2, "2.50");
    assert_string_equal(find(r.ev, &r.aw, "1", "match", -2)->colour, "black"); /* ACBL-85 */
    done(&r);
    snprintf(buf, sizeof buf, json, "2003");
    r = go(buf);
    expect_points(&r, "1", "match", -2, "2.52");
    done(&r);
}

/* ACBL-71 and ACBL-94 (they refer to the KO gold rules): Regional bracketed KO gold
 * shares split exactly with bmp_split. */
static void ko_gold(void **state)
{
    (void)state;
    int64_t g, r;
    bmp_points gp, rp;
    acbl_ko_bracket_gold(true, 100, &g, &r); /* top bracket: 100% gold */
    acbl_split_gold_red(1000, g, r, &gp, &rp);
    assert_points(gp, "10.00");
    assert_points(rp, "0.00");
    acbl_ko_bracket_gold(false, 750, &g, &r); /* 750+: 100% gold */
    assert_true(g == 1 && r == 0);
    acbl_ko_bracket_gold(false, 600, &g, &r); /* 500-749: 2/3 gold, 1/3 red */
    acbl_split_gold_red(1000, g, r, &gp, &rp);
    assert_points(gp, "6.67"); /* 10.00 x 2/3 = 6.667 -> 6.67, red the rest 3.33 */
    assert_points(rp, "3.33");
    acbl_ko_bracket_gold(false, 499, &g, &r); /* 300-499: 1/2, 1/2 */
    acbl_split_gold_red(1001, g, r, &gp, &rp);
    assert_points(gp, "5.01"); /* 10.01 / 2 = 5.005 -> 5.01; red 5.00 */
    assert_points(rp, "5.00");
    acbl_ko_bracket_gold(false, 299, &g, &r); /* under 300: 1/3 gold, 2/3 red */
    acbl_split_gold_red(900, g, r, &gp, &rp);
    assert_points(gp, "3.00");
    assert_points(rp, "6.00");
    /* flighted KO: flight 2 gold if 0-750 or higher; flight 3 no gold */
    assert_true(acbl_ko_flight_gold(1, BMP_NO_LIMIT));
    assert_true(acbl_ko_flight_gold(2, 750));
    assert_false(acbl_ko_flight_gold(2, 500));
    assert_false(acbl_ko_flight_gold(3, 5000));
}

/* ACBL-99: ties as stated: section-top tie by edition (ACBL-89), and the
 * average-of-places convention (C-2) for overall ties. */
static void ties(void **state)
{
    (void)state;
    /* Regional 1 session 10 tables: 1st 20/60 x 14 = 4.67; tie 1/2: (4.67 +
     * 3.50)/2 = 4.085 -> 4.09 (4.67 x 0.75 = 3.5025 -> 3.50) */
    res r = go("{\"body\": \"acbl\", \"name\": \"t\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"tables\": 10, \"contestants\": [{\"id\": \"1\", \"place\": "
               "\"1=\"}, {\"id\": \"2\", \"place\": \"1=\"}, {\"id\": \"3\", \"place\": 3}]}");
    expect_points(&r, "1", "overall", -2, "4.09");
    expect_points(&r, "2", "overall", -2, "4.09");
    done(&r);
    /* C-2 across the last paid place (ACBL-12): Regional 1 session 11
     * tables: 1st 21/60 x 14 = 4.90; floor 2.80 adds nothing (7th = 4.90 x
     * 0.75^6 = 0.87), 5% of 22 = 2, 35% = 7 -> the table's 6 places.  Tie
     * 6/7: (4.90 x 0.75^5 = 1.1628 -> 1.16, + 0 for the unpaid 7th) / 2 =
     * 0.58; 8th nothing. */
    r = go("{\"body\": \"acbl\", \"name\": \"t\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 11, \"contestants\": [{\"id\": \"1\", \"place\": 1}, "
           "{\"id\": \"2\", \"place\": 2}, {\"id\": \"3\", \"place\": 3}, {\"id\": \"4\", "
           "\"place\": 4}, {\"id\": \"5\", \"place\": 5}, {\"id\": \"6\", \"place\": \"6=\"}, "
           "{\"id\": \"7\", \"place\": \"6=\"}, {\"id\": \"8\", \"place\": 8}]}");
    expect_points(&r, "6", "overall", -2, "0.58");
    expect_points(&r, "7", "overall", -2, "0.58");
    assert_null(find(r.ev, &r.aw, "8", "overall", -2));
    done(&r);
}

static void expect_fail(const char *json, bmp_status code, const char *text)
{
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run(json, &aw, &e), code);
    if (!strstr(e.msg, text))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, text);
    bmp_awards_free(&aw);
}

/* Structural input errors name the path and what was expected. */
static void structure_errors(void **state)
{
    (void)state;
    /* ACBL-69 needs Flight B */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 12, \"params\": {\"flight\": \"A\"}}, {\"name\": \"X\", \"type\": "
                "\"stratum\", \"tables\": 8, \"upper_limit\": 3000, \"params\": {\"flight\": \"A\"}}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"X\", \"rankings\": [{\"ranking\": "
                "\"X\", \"place\": 1}]}]}",
                BMP_EINVAL, "no group has params.flight \"B\"");
    /* ACBL-68: X at least 500 above B (X 1000, B 750) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 8, \"params\": {\"flight\": \"A\"}}, {\"name\": \"X\", \"type\": "
                "\"stratum\", \"tables\": 4, \"upper_limit\": 1000, \"params\": {\"flight\": \"A\"}}, "
                "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 750, "
                "\"params\": {\"flight\": \"B\"}}], \"contestants\": [{\"id\": \"1\", \"group\": "
                "\"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 1}]}]}",
                BMP_EINVAL, "must be at least 500 above stratum B");
    /* flights and strata cannot be mixed */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"flight\"}, "
                "{\"name\": \"B\", \"type\": \"stratum\"}], \"contestants\": [{\"id\": \"1\", "
                "\"group\": \"A\", \"place\": 1}, {\"id\": \"2\", \"group\": \"B\", \"place\": 1}]}",
                BMP_EINVAL, "$.groups[1]: a stratum mixed with flights");
    /* a contestant group must be a flight, stratum or bracket */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"section\"}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"A\", \"place\": 1}]}",
                BMP_EINVAL, "$.groups[0].type: contestants compete in it");
    /* a non-session ranking must name a stratum */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"contestants\": [{\"id\": \"1\", \"rankings\": "
                "[{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].ranking: \"B\" is not a session");
    /* in a flighted event every placed contestant names its flight */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"flight\", "
                "\"tables\": 20}], \"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "$.contestants[0].group: the event has flights");
    /* ACBL-67: a stratum A contestant cannot place in the lower stratum B
     * (audit: it was paid B's first); ACBL-68: nor across the flights of a
     * stratiflighted event */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 7}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 7, "
                "\"upper_limit\": 500}], \"contestants\": [{\"id\": \"1\", \"group\": \"A\", "
                "\"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].ranking: a contestant of stratum \"A\" "
                            "cannot place in stratum \"B\"");
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 10, \"params\": {\"flight\": \"A\"}}, {\"name\": \"B\", \"type\": "
                "\"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"B\", \"rankings\": [{\"ranking\": "
                "\"A\", \"place\": 1}]}]}",
                BMP_EINVAL, "strata rank their own and lower strata of the same flight (ACBL-67)");
    /* ACBL-17/23: a section ranking with no group for the section fell back
     * to the event's 40 tables and was scored "across sections" (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 40, \"contestants\": [{\"id\": \"1\", \"rankings\": "
                "[{\"session\": 1, \"section\": \"A\", \"direction\": \"NS\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].section: section \"A\" with 40 tables "
                            "(the event's: no group of that name): expected a group of that name");
    /* ACBL-72 levels */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"params\": {\"barometer_level\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "$.params.barometer_level: expected 1 (top), 2 or 3, got 4");
    /* ACBL-5: a stratum with upper limit 0 gave M = log10(0) = -inf and an
     * award of -92233720368547758.07 (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 7}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 7, "
                "\"upper_limit\": 0}], \"contestants\": [{\"id\": \"1\", \"group\": \"B\", "
                "\"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_ERANGE, "$.groups[1].upper_limit: M = log10(UL)/5 + 0.1102 needs an upper "
                            "limit of at least 1 (ACBL-5), got 0");
    /* ACBL-72 / ACBL-75: a barometer level and a Side Game Series were
     * combined silently (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"params\": {\"barometer_level\": 2, "
                "\"side_game_series\": true, \"series_tables_1\": 3, \"series_tables_2\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "describe different events: expected at most one of them");
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"params\": {\"series_game\": true, "
                "\"side_game_series\": true, \"series_tables_1\": 3, \"series_tables_2\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "describe different events: expected at most one of them");
    /* ACBL-79 needs boards per match */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"swiss-teams\", "
                "\"classification\": \"regional\", \"tables\": 20, \"contestants\": [{\"id\": "
                "\"1\", \"match_wins\": 3}]}",
                BMP_EINVAL, "$.boards_per_match");
    /* Audit: 2.3 wins was silently paid as 2.5 wins (0.36 x 2.5 = 0.90);
     * ACBL-79 match awards are per match won, a tie a half. */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"swiss-teams\", "
                "\"classification\": \"regional\", \"tables\": 10, \"boards_per_match\": 7, "
                "\"contestants\": [{\"id\": \"1\", \"match_wins\": 2.5}, {\"id\": \"2\", "
                "\"match_wins\": 2.3}]}",
                BMP_EINVAL, "$.contestants[1].match_wins: expected whole matches won, a tied "
                            "match counting 1/2 (ACBL-79), got 2.3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bracket_credit),      cmocka_unit_test(unrestricted_credit),
        cmocka_unit_test(split_regional),      cmocka_unit_test(flight_a_floor),
        cmocka_unit_test(stratum_x),           cmocka_unit_test(match_award_formula), cmocka_unit_test(match_d_csv),
        cmocka_unit_test(flighted_pairs),      cmocka_unit_test(flighted_swiss),
        cmocka_unit_test(stratified),
        cmocka_unit_test(stratiflighted),      cmocka_unit_test(stratiflighted_no_x),      cmocka_unit_test(bracketed_swiss),
        cmocka_unit_test(bracket_depth_own_teams),
        cmocka_unit_test(swiss_players),       cmocka_unit_test(stratified_swiss_match), cmocka_unit_test(stratum_inherits_limit),
        cmocka_unit_test(barometer),           cmocka_unit_test(side_game_series),
        cmocka_unit_test(unrestricted_event),  cmocka_unit_test(unrestricted_stratiflighted),  cmocka_unit_test(split_regional_event),
        cmocka_unit_test(team_of_two_and_bam), cmocka_unit_test(colours_more),        cmocka_unit_test(combined_sections_tie),
        cmocka_unit_test(club_games),          cmocka_unit_test(ties),
        cmocka_unit_test(ko_gold),             cmocka_unit_test(structure_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
