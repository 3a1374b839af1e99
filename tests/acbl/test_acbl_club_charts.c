/* ACBL club games from the club charts (ACBL-C1..C10, src/acbl/club_*.c).
 * Sources: ACBL Handbook Section Three "I. Calculating the Awards" and
 * "V. Awards" (docs/rulings.md ACBL-RC1..RC9).  Every value below is a
 * printed figure or a hand calculation shown beside it. */
#include "acbl_test_util.h"

#include "acbl/club.h"

static bmp_points rate_first(acbl_club_game g, int64_t ul, int field)
{
    acbl_club_rate r;
    bmp_error e = {0};
    assert_int_equal(acbl_club_rate_of(g, ul, &r, &e), BMP_OK);
    return acbl_club_first(&r, field);
}

/* ACBL-C1: first place per contestant in the group and the maximum, every
 * row of "I. Calculating the Awards" (Handbook §3 I). */
static void c1_rates(void **state)
{
    (void)state;
    /* open .10 per contestant, maximum 1.50 */
    assert_points(rate_first(ACBL_CLUB_OPEN, BMP_NO_LIMIT, 8), "0.80");
    assert_points(rate_first(ACBL_CLUB_OPEN, BMP_NO_LIMIT, 15), "1.50");
    assert_points(rate_first(ACBL_CLUB_OPEN, BMP_NO_LIMIT, 22), "1.50");
    /* invitational .08, maximum 1.20 */
    assert_points(rate_first(ACBL_CLUB_INVITATIONAL, BMP_NO_LIMIT, 10), "0.80");
    assert_points(rate_first(ACBL_CLUB_INVITATIONAL, BMP_NO_LIMIT, 16), "1.20");
    /* restricted 0-20 .05, 0-100 .06, 0-200 .07, 0-200+ .08 (10 pairs) */
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 20, 10), "0.50");
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 100, 10), "0.60");
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 199, 10), "0.70");
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 200, 10), "0.70");
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 299, 10), "0.80");
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 750, 10), "0.80");
    /* restricted maximum 15 x rate (ruling ACBL-RC2): 0-200 at 20 pairs */
    assert_points(rate_first(ACBL_CLUB_RESTRICTED, 200, 20), "1.05");
    /* newcomer 0-5 .03, 0-10 .04, 0-20 .05, maximum 1.00 */
    assert_points(rate_first(ACBL_CLUB_NEWCOMER, 5, 10), "0.30");
    assert_points(rate_first(ACBL_CLUB_NEWCOMER, 10, 10), "0.40");
    assert_points(rate_first(ACBL_CLUB_NEWCOMER, 20, 10), "0.50");
    assert_points(rate_first(ACBL_CLUB_NEWCOMER, 20, 24), "1.00");
    acbl_club_rate r;
    bmp_error e = {0};
    assert_int_equal(acbl_club_rate_of(ACBL_CLUB_RESTRICTED, BMP_NO_LIMIT, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected an upper limit"));
    assert_int_equal(acbl_club_rate_of(ACBL_CLUB_NEWCOMER, 50, &r, &e), BMP_EINVAL);
}

/* ACBL-C2: 2nd 70 %, 3rd 50 %, 4th 35 %, 5th 1/5, 6th 1/6 of first. */
static void c2_places(void **state)
{
    (void)state;
    bmp_points f = 150;
    assert_points(acbl_club_place(f, 1), "1.50");
    assert_points(acbl_club_place(f, 2), "1.05");  /* 0.70 x 1.50 */
    assert_points(acbl_club_place(f, 3), "0.75");  /* 0.50 x 1.50 */
    assert_points(acbl_club_place(f, 4), "0.53");  /* 0.35 x 1.50 = 0.525 -> 0.53 */
    assert_points(acbl_club_place(f, 5), "0.30");  /* 1.50 / 5 */
    assert_points(acbl_club_place(f, 6), "0.25");  /* 1.50 / 6 */
    assert_points(acbl_club_place(70, 4), "0.25"); /* 0.35 x 0.70 = 0.245 -> 0.25 */
    assert_points(acbl_club_place(70, 6), "0.12"); /* 0.70 / 6 = 0.1167 */
}

/* ACBL-C3 (comparison groups) and ACBL-C4 (depth), the Handbook's own
 * examples: an 8-table Mitchell is two groups of 8, a 5-table Howell one
 * of 10, 7 1/2 Mitchell tables 8 pairs a group, a 5 1/2 table Howell 11. */
static void c3_c4_groups_depth(void **state)
{
    (void)state;
    assert_int_equal(acbl_club_group_field(8, BMP_KIND_PAIRS, true), 8);
    assert_int_equal(acbl_club_group_field(5, BMP_KIND_PAIRS, false), 10);
    assert_int_equal(acbl_club_group_field(7.5, BMP_KIND_PAIRS, true), 8);
    assert_int_equal(acbl_club_group_field(5.5, BMP_KIND_PAIRS, false), 11);
    assert_int_equal(acbl_club_group_field(6, BMP_KIND_INDIVIDUAL, false), 24);
    assert_int_equal(acbl_club_group_field(7, BMP_KIND_SWISS_TEAMS, false), 7);
    /* 40 %, .5 rounded up: 8 -> 3.2 = 3, 9 -> 3.6 = 4, 11 -> 4.4 = 4, 13 -> 5.2 = 5 */
    assert_int_equal(acbl_club_depth(8), 3);
    assert_int_equal(acbl_club_depth(9), 4);
    assert_int_equal(acbl_club_depth(11), 4);
    assert_int_equal(acbl_club_depth(13), 5);
    assert_int_equal(acbl_club_depth(3), 1);
}

static const char *const mitchell8 =
    "{\"body\": \"acbl\", \"name\": \"c\", \"kind\": \"pairs\", \"classification\": "
    "\"%s\", \"tables\": %s, %s \"groups\": [{\"name\": \"A\", \"type\": \"section\", "
    "\"tables\": %s}], \"contestants\": ["
    "{\"id\": \"N1\", %s \"rankings\": [{\"session\": 1, \"section\": \"A\", \"direction\": "
    "\"NS\", \"place\": \"1\"}], \"players\": [{\"id\": \"1000001\"}, {\"id\": \"1000002\"}]},"
    "{\"id\": \"N2\", \"rankings\": [{\"session\": 1, \"section\": \"A\", \"direction\": "
    "\"NS\", \"place\": \"2\"}], \"players\": [{\"id\": \"1000003\"}]},"
    "{\"id\": \"N3\", \"rankings\": [{\"session\": 1, \"section\": \"A\", \"direction\": "
    "\"NS\", \"place\": \"3=\"}], \"players\": [{\"id\": \"1000004\"}]},"
    "{\"id\": \"N4\", \"rankings\": [{\"session\": 1, \"section\": \"A\", \"direction\": "
    "\"NS\", \"place\": \"3=\"}], \"players\": [{\"id\": \"1000005\"}]},"
    "{\"id\": \"E1\", \"rankings\": [{\"session\": 1, \"section\": \"A\", \"direction\": "
    "\"EW\", \"place\": \"1\"}], \"players\": [{\"id\": \"1000006\"}]}]}";

static res club_game(const char *cls, const char *tables, const char *extra, const char *n1)
{
    char buf[4096];
    snprintf(buf, sizeof buf, mitchell8, cls, tables, extra, tables, n1);
    return go(buf);
}

/* ACBL-C1..C4 on an event: an 8-table open Mitchell pays 0.80, 0.56, 0.40
 * in each direction, 3 places; a tie for 3rd shares (0.40 + 0) / 2. */
static void c1_open_event(void **state)
{
    (void)state;
    res r = club_game("club-masterpoint", "8", "", "");
    expect_points(&r, "N1", "section", -2, "0.80");
    expect_points(&r, "N2", "section", -2, "0.56");
    expect_points(&r, "N3", "section", -2, "0.20");
    expect_points(&r, "E1", "section", -2, "0.80");
    const bmp_award *a = find(r.ev, &r.aw, "N1", "section", -2);
    assert_string_equal(a->colour, "black"); /* ACBL-85 */
    assert_string_equal(a->rule, "ACBL-C1");
    assert_non_null(strstr(a->explain, "open: .10 a contestant, max 1.50"));
    done(&r);
    /* 7 1/2 tables: still 8 pairs a direction (ACBL-C3) */
    r = club_game("club-masterpoint", "7.5", "", "");
    expect_points(&r, "N1", "section", -2, "0.80");
    done(&r);
    /* a 299er game: restricted 0-200+ .08 -> 0.64 for 8 pairs */
    r = club_game("club-masterpoint", "8",
                  "\"upper_limit\": 299, \"params\": {\"game_type\": \"restricted\"},", "");
    expect_points(&r, "N1", "section", -2, "0.64");
    done(&r);
    /* newcomer 0-5: .03 x 8 = 0.24; 2nd 0.17 (0.168) */
    r = club_game("club-masterpoint", "8",
                  "\"upper_limit\": 5, \"params\": {\"game_type\": \"newcomer\"},", "");
    expect_points(&r, "N1", "section", -2, "0.24");
    expect_points(&r, "N2", "section", -2, "0.17");
    done(&r);
}

/* ACBL-C6: a regular club game under 16 tables pays no overall awards
 * (noted); the chart for 16+ tables is absent (not supported). */
static void c6_regular_overall(void **state)
{
    (void)state;
    res r = club_game("club-masterpoint", "8", "", "\"place\": \"1\",");
    assert_null(find(r.ev, &r.aw, "N1", "overall", -2));
    assert_true(note_has(&r.aw, "authorized from 16 tables (ACBL-C6"));
    done(&r);
    char buf[4096];
    snprintf(buf, sizeof buf, mitchell8, "club-masterpoint", "16", "", "16", "\"place\": \"1\",");
    expect_fail(buf, BMP_ENOTSUP, "not supported: overall awards of a regular club game");
}

/* ACBL-C7: a 10-table club championship: 1st = B x 6.50 = (10 + 10)/60 x
 * 6.50 = 2.1667 -> 2.17; 2nd 75 % = 1.6275 -> 1.63; section awards as a
 * regular game (1.00 for 10 pairs), a pair paid the larger (ruling RC5). */
static void c7_championship(void **state)
{
    (void)state;
    res r = club_game("club-championship", "10", "", "\"place\": \"1\",");
    expect_points(&r, "N1", "overall", -2, "2.17");
    /* one session: the larger of overall (2.17) and section (1.00), RC5 */
    assert_null(find(r.ev, &r.aw, "N1", "section", -2));
    expect_points(&r, "N2", "section", -2, "0.70");
    assert_string_equal(find(r.ev, &r.aw, "N1", "overall", -2)->rule, "ACBL-C7");
    done(&r);
    assert_points(acbl_club_overall_place(217, 2), "1.63");  /* 2.17 x 3/4 = 1.6275 */
    assert_points(acbl_club_overall_place(217, 3), "1.22");  /* 2.17 x 9/16 = 1.2206 */
    assert_points(acbl_club_overall_place(217, 6), "0.51");  /* 2.17 x 243/1024 = 0.5150 */
    assert_points(acbl_club_overall_place(217, 7), "0.00");  /* six places at most */
    /* an invitational championship: 80 % (.08 / .10) of the chart: 1.74 */
    r = club_game("club-championship", "10", "\"params\": {\"game_type\": \"invitational\"},",
                  "\"place\": \"1\",");
    expect_points(&r, "N1", "overall", -2, "1.74"); /* 2.17 x 0.8 = 1.736 */
    done(&r);
}

/* Issue 42 item 3: the explanation of a club award names its chart or
 * formula and paragraph: a regular club game's section award (the club
 * chart ACBL-C1, Handbook §3 I; the places ACBL-C2; black ACBL-85), a club
 * championship's overall award (the formula B x R 6.50, ACBL-C7, Handbook
 * ch.4 V).  The NAP club game's: c11_c12_nap. */
static void club_explanations(void **state)
{
    (void)state;
    res r = club_game("club-masterpoint", "8", "", "");
    const bmp_award *a = find(r.ev, &r.aw, "N2", "section", -2);
    assert_string_equal(a->rule, "ACBL-C2");
    assert_string_equal(a->section, "Handbook §3 I");
    assert_non_null(strstr(a->explain, "session 1 A NS: 8 contestants (8 tables, a Mitchell "
                                       "direction (a half table as a full one), ACBL-C3); 1st = "
                                       "open: .10 a contestant, max 1.50 (ACBL-C1) -> 0.80 "
                                       "(Handbook §3 I); depth 40% = 3 (ACBL-C4); 2nd = 70% of "
                                       "0.80 -> 0.56 (ACBL-C2); colour black (ACBL-85"));
    done(&r);
    r = club_game("club-championship", "10", "", "\"place\": \"1\",");
    a = find(r.ev, &r.aw, "N1", "overall", -2);
    assert_string_equal(a->rule, "ACBL-C7");
    assert_non_null(strstr(a->explain, "1st = B(10 tables) x R 6.50 x S x T = 0.333333 x 6.50 "
                                       "x 1.00 x 1.00 -> 2.17 (ACBL-96, ACBL-C7)"));
    assert_non_null(strstr(a->explain, "75% a place, 6 places (ACBL-C7, Handbook ch.4 V)"));
    done(&r);
}

/* ACBL-C9, C10, C13: special games: charity at club championship awards;
 * an unknown rating is not supported, naming the rule; a STaC is computed. */
static void c9_c10_special(void **state)
{
    (void)state;
    res r = club_game("club-masterpoint", "10", "\"params\": {\"special\": \"charity\"},",
                      "\"place\": \"1\",");
    expect_points(&r, "N1", "overall", -2, "2.17");
    done(&r);
    char buf[4096];
    snprintf(buf, sizeof buf, mitchell8, "club-masterpoint", "8",
             "\"params\": {\"special\": \"bake-sale\"},", "8", "");
    expect_fail(buf, BMP_ENOTSUP, "not supported: bake-sale (ACBL-C10");
    /* a STaC is computed (ACBL-C13, test_acbl_club_rated): its 8-table
     * section's first 0.5 x B(8) x 11.25 = 0.5 x 18/60 x 11.25 = 1.6875 ->
     * 1.69 silver */
    r = club_game("club-masterpoint", "8", "\"params\": {\"special\": \"stac\"},", "");
    expect_points(&r, "N1", "section", -2, "1.69");
    assert_string_equal(find(r.ev, &r.aw, "N1", "section", -2)->colour, "silver");
    done(&r);
    snprintf(buf, sizeof buf, mitchell8, "club-masterpoint", "8",
             "\"params\": {\"game_type\": \"novice\"},", "8", "");
    expect_fail(buf, BMP_EINVAL, "game_type");
}

/* ACBL-C5: a stratified game of 10 NS pairs: four of stratum A, six of
 * stratum B (0-750), which ranks them at the restricted .08: 6 x .08 =
 * 0.48, depth 40 % of 6 = 2: 0.48, 0.34 (0.336); a pair takes the larger
 * of its open and its stratum award.  stratified(bad): that game,
 * contestant bad (0: none) not eligible for awards (params.eligible false,
 * as the ACBLscore reader writes it). */
static res stratified(int bad)
{
    char buf[8192];
    size_t l = (size_t)snprintf(
        buf, sizeof buf,
        "{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"pairs\", \"classification\": "
        "\"club-masterpoint\", \"tables\": 10, \"groups\": [{\"name\": \"A\", \"type\": "
        "\"section\", \"tables\": 10}, {\"name\": \"B\", \"type\": \"stratum\", "
        "\"upper_limit\": 750}], \"contestants\": [");
    for (int i = 1; i <= 10; i++) {
        l += (size_t)snprintf(buf + l, sizeof buf - l,
                              "%s{\"id\": \"%d\", %s%s\"rankings\": [{\"session\": 1, "
                              "\"section\": \"A\", \"direction\": \"NS\", \"place\": "
                              "\"%d\"}",
                              i > 1 ? ", " : "", i, i > 4 ? "\"group\": \"B\", " : "",
                              i == bad ? "\"params\": {\"eligible\": false}, " : "", i);
        if (i > 4)
            l += (size_t)snprintf(buf + l, sizeof buf - l,
                                  ", {\"ranking\": \"B session 1 A NS\", \"session\": 1, "
                                  "\"section\": \"A\", \"direction\": \"NS\", \"place\": "
                                  "\"%d\"}",
                                  i - 4);
        l += (size_t)snprintf(buf + l, sizeof buf - l,
                              "], \"players\": [{\"id\": \"10000%02d\"}]}", i);
    }
    snprintf(buf + l, sizeof buf - l, "]}");
    return go(buf);
}

static void c5_stratified(void **state)
{
    (void)state;
    res r = stratified(0);
    expect_points(&r, "1", "section", -2, "1.00"); /* open: 10 x .10 */
    expect_points(&r, "4", "section", -2, "0.35"); /* open 4th: 35 % */
    expect_points(&r, "5", "section", -2, "0.48"); /* B 1st (open 5th is beyond 4) */
    assert_string_equal(find(r.ev, &r.aw, "5", "section", -2)->rule, "ACBL-C5");
    expect_points(&r, "6", "section", -2, "0.34"); /* B 2nd: 0.70 x 0.48 = 0.336 */
    assert_null(find(r.ev, &r.aw, "7", "section", -2));
    done(&r);
}

/* ACBL-154 in club games: one ineligibility field, contestants params
 * "eligible": false (eligible.c, applied before the club rules).  In the
 * stratified game, pair 10 (stratum B, last) ineligible: stratum B counts
 * five pairs, 5 x .08 = 0.40, 2nd 0.28, pair 10 unpaid.  In the open
 * Mitchell, N1 (1st NS) ineligible: placed, unpaid, N2 paid 1st (0.80),
 * N3 and N4 share 2nd and 3rd ((0.56 + 0.40) / 2 = 0.48). */
static void c5_ineligible(void **state)
{
    (void)state;
    res r = stratified(10);
    expect_points(&r, "5", "section", -2, "0.40");
    expect_points(&r, "6", "section", -2, "0.28");
    assert_null(find(r.ev, &r.aw, "10", "section", -2));
    assert_true(note_has(&r.aw, "ACBL-154"));
    done(&r);
    r = club_game("club-masterpoint", "8", "", "\"params\": {\"eligible\": false},");
    assert_null(find(r.ev, &r.aw, "N1", "section", -2));
    expect_points(&r, "N2", "section", -2, "0.80");
    expect_points(&r, "N3", "section", -2, "0.48");
    expect_points(&r, "N4", "section", -2, "0.48");
    expect_points(&r, "E1", "section", -2, "0.80");
    done(&r);
}

/* ACBL-C11, C12 (rulings ACBL-RC10..RC13): a NAP club game of 5 tables
 * (as long-beach-bridge__170616.ACE, reproduced exactly): 10 pairs, A
 * (open) and B (0-2500, five pairs).  A 1st = B(5) x 11.25 = 15/60 x 11.25
 * = 2.8125 -> 2.81, paid 1.40 black + 1.41 red; 2nd 75 % = 2.1075 -> 2.11;
 * B 1st over its 5 pairs (3 tables) = 13/60 x 11.25 x 0.70 = 1.70625 ->
 * 1.71 (0.85 + 0.86); a pair takes the larger of each colour. */
static void c11_c12_nap(void **state)
{
    (void)state;
    char buf[8192];
    size_t l = (size_t)snprintf(
        buf, sizeof buf,
        "{\"body\": \"acbl\", \"name\": \"n\", \"kind\": \"pairs\", \"classification\": "
        "\"club-championship\", \"tables\": 5, \"params\": {\"special\": \"nap-club\"}, "
        "\"groups\": [{\"name\": \"A\", \"type\": \"section\", \"tables\": 5}, "
        "{\"name\": \"SA\", \"type\": \"stratum\"}, {\"name\": \"SB\", \"type\": "
        "\"stratum\", \"upper_limit\": 2500}], \"contestants\": [");
    for (int i = 1; i <= 10; i++)
        l += (size_t)snprintf(buf + l, sizeof buf - l,
                              "%s{\"id\": \"A%d%s\", \"group\": \"%s\", \"rankings\": "
                              "[{\"ranking\": \"SA\", \"place\": %d}%s], \"players\": "
                              "[{\"id\": \"20000%02d\"}]}",
                              i > 1 ? ", " : "", i, i % 2 ? "NS" : "EW", i > 5 ? "SB" : "SA",
                              i, i == 6 ? ", {\"ranking\": \"SB\", \"place\": 1}" : "", i);
    snprintf(buf + l, sizeof buf - l, "]}");
    res r = go(buf);
    const bmp_award *a = NULL;
    bmp_points black = 0, red = 0;
    for (size_t i = 0; i < r.aw.count; i++) {
        a = &r.aw.items[i];
        if (strcmp(r.ev->contestants[a->contestant].id, "A1NS") == 0)
            *(strcmp(a->colour, "black") == 0 ? &black : &red) += a->points;
    }
    assert_points(black, "1.40");
    assert_points(red, "1.41");
    black = red = 0;
    for (size_t i = 0; i < r.aw.count; i++) {
        a = &r.aw.items[i];
        if (strcmp(r.ev->contestants[a->contestant].id, "A6EW") == 0)
            *(strcmp(a->colour, "black") == 0 ? &black : &red) += a->points;
    }
    /* A 6th is beyond 40 % of 10 = 4: B 1st, 1.71 */
    assert_points(black, "0.85");
    assert_points(red, "0.86");
    /* the explanation names the NAP formula, its flight factor and rulings */
    a = find(r.ev, &r.aw, "A1NS", "overall", -2);
    assert_string_equal(a->rule, "ACBL-C11");
    assert_string_equal(a->section, "NAP conditions, club level");
    assert_non_null(strstr(a->explain, "1st = B x R 10.00 x 1.125 x flight 1.0000 = 0.250000 x "
                                       "11.25 x 1.0000 -> 2.81 (ACBL-C11)"));
    assert_non_null(strstr(a->explain, "half black and half red, the odd cent red (ACBL-RC11)"));
    done(&r);
    assert_true(acbl_club_nap_factor(BMP_NO_LIMIT) == 1.00);
    assert_true(acbl_club_nap_factor(2500) == 0.70);
    assert_true(acbl_club_nap_factor(500) == 0.50);
    assert_true(fabs(acbl_club_nap_factor(1000) - 0.55) < 1e-12); /* long-beach C 0-1000 */
    assert_true(fabs(acbl_club_nap_factor(300) - 0.45) < 1e-12);  /* long-beach D 0-300 */
    assert_true(fabs(acbl_club_nap_factor(200) - 0.425) < 1e-12); /* 750-club, agile D 0-200 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(c1_rates),         cmocka_unit_test(c2_places),
        cmocka_unit_test(c3_c4_groups_depth), cmocka_unit_test(c1_open_event),
        cmocka_unit_test(c6_regular_overall), cmocka_unit_test(c7_championship),
        cmocka_unit_test(c9_c10_special),   cmocka_unit_test(c5_stratified),
        cmocka_unit_test(c11_c12_nap),      cmocka_unit_test(c5_ineligible),
        cmocka_unit_test(club_explanations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
