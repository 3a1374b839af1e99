/* The rules interface: point types, player numbers, USEBIO defaults and
 * named functions reached through bmp_rules (include/bridgemp/rules.h,
 * pointtype.h, rank.h), and every example's awards naming a point type of
 * its body.  Ranks themselves: test_ranks.c. */
#include "bmp_test.h"

#include <glob.h>
#include <stdio.h>
#include <string.h>

static const bmp_rules *body(const char *name)
{
    const bmp_rules *r = bmp_rules_find(name);
    assert_non_null(r);
    return r;
}

/* Names of the point types of r, comma-separated. */
static void names(const bmp_rules *r, char *buf, size_t n)
{
    *buf = '\0';
    for (size_t i = 0; i < bmp_rules_point_type_count(r); i++) {
        strncat(buf, i ? "," : "", n - strlen(buf) - 1);
        strncat(buf, r->point_types[i].name, n - strlen(buf) - 1);
    }
}

/* ACBL §IV.E (ACBL-85..90), EBU 2.4-2.6 (EBU-1..3), ABF 1.8 (ABF-86), NZ-1. */
static void point_type_tables(void **state)
{
    (void)state;
    char buf[128];
    names(body("acbl"), buf, sizeof buf);
    assert_string_equal(buf, "black,silver,red,gold,platinum");
    names(body("ebu"), buf, sizeof buf);
    assert_string_equal(buf, "local,blue,green,gold");
    names(body("abf"), buf, sizeof buf);
    assert_string_equal(buf, "green,red,gold");
    names(body("nzb"), buf, sizeof buf);
    assert_string_equal(buf, "a,b,c");
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++) {
        assert_true(bmp_rules_point_type_count(*r) <= BMP_MAX_POINT_TYPES);
        assert_non_null((*r)->total_doc);
        assert_non_null((*r)->player_id_check);
        assert_non_null((*r)->player_id_doc);
    }
}

/* EBU-1 (2.6.1): Local Points whole, 1 MP each; Blue and Green 100 MP each;
 * Gold (EBU-3, 2.5.1) outside the total and rank.  NZ-2: C outside A+B. */
static void units_and_weights(void **state)
{
    (void)state;
    const bmp_rules *ebu = body("ebu");
    const bmp_point_type *local = bmp_rules_point_type(ebu, "LOCAL");
    assert_non_null(local);
    assert_string_equal(local->colour, "black");
    assert_int_equal(local->unit, BMP_UNIT_WHOLE);
    assert_int_equal(local->total_weight, 1);
    assert_int_equal(bmp_rules_point_type(ebu, "blue")->total_weight, 100);
    assert_int_equal(bmp_rules_point_type(ebu, "green")->total_weight, 100);
    assert_int_equal(bmp_rules_point_type(ebu, "gold")->total_weight, 0);
    assert_false(bmp_rules_point_type(ebu, "gold")->rank);
    assert_null(bmp_rules_point_type(ebu, "silver"));
    const bmp_point_type *c = bmp_rules_point_type(body("nz"), "c");
    assert_int_equal(c->total_weight, 0);
    assert_false(c->rank);
    assert_int_equal(c->unit, BMP_UNIT_WHOLE);
    assert_int_equal(bmp_rules_point_type(body("abf"), "red")->unit, BMP_UNIT_CENT);
}

/* EBU-1 example (2.6.1): 7.25 GP + 2.75 BP + 4,344 LP = 5,344 master points;
 * local and blue are never summed as if one unit. */
static void total_holding(void **state)
{
    (void)state;
    const bmp_rules *ebu = body("ebu");
    bmp_points amounts[BMP_MAX_POINT_TYPES] = {0};
    amounts[bmp_rules_point_type_index(ebu, "local")] = BMP_CENTS(4344, 0);
    amounts[bmp_rules_point_type_index(ebu, "blue")] = BMP_CENTS(2, 75);
    amounts[bmp_rules_point_type_index(ebu, "green")] = BMP_CENTS(7, 25);
    amounts[bmp_rules_point_type_index(ebu, "gold")] = BMP_CENTS(3, 0); /* no part */
    assert_points(bmp_rules_total(ebu, amounts), "5344.00");
    /* ABF 1.8: green + red + gold. */
    const bmp_rules *abf = body("abf");
    bmp_points t[BMP_MAX_POINT_TYPES] = {BMP_CENTS(1, 50), BMP_CENTS(2, 25), BMP_CENTS(0, 5)};
    assert_points(bmp_rules_total(abf, t), "3.80");
}

static void colour_check(void **state)
{
    (void)state;
    bmp_error e = {0};
    assert_int_equal(bmp_rules_check_colour(body("ebu"), "blue", &e), BMP_OK);
    assert_int_equal(bmp_rules_check_colour(body("ebu"), "black", &e), BMP_EINVAL);
    assert_string_equal(e.msg, "\"black\" is not a point type of ebu (expected one of: local, "
                               "blue, green, gold)");
    assert_int_equal(bmp_rules_check_colour(body("abf"), "a", &e), BMP_EINVAL);
}

/* An ACBL Regional pair with gold and red (ACBL-88): per-type totals. */
static void per_type_totals(void **state)
{
    (void)state;
    bmp_awards a;
    bmp_awards_init(&a);
    bmp_award w = {0};
    w.contestant = 0;
    w.player = BMP_ALL_PLAYERS;
    w.points = BMP_CENTS(4, 10);
    bmp_award_set(&w, "overall", "overall", "gold", "ACBL-88", "IV.E");
    assert_int_equal(bmp_awards_add(&a, NULL, &w, NULL), BMP_OK);
    w.points = BMP_CENTS(2, 5);
    bmp_award_set(&w, "overall", "overall", "red", "ACBL-88", "IV.E");
    assert_int_equal(bmp_awards_add(&a, NULL, &w, NULL), BMP_OK);
    w.player = 1;
    w.points = BMP_CENTS(0, 50);
    assert_int_equal(bmp_awards_add(&a, NULL, &w, NULL), BMP_OK);
    assert_points(bmp_awards_player_type_total(&a, 0, 0, "gold"), "4.10");
    assert_points(bmp_awards_player_type_total(&a, 0, 0, "red"), "2.05");
    assert_points(bmp_awards_player_type_total(&a, 0, 1, "RED"), "2.55");
    assert_points(bmp_awards_player_type_total(&a, 1, 0, "red"), "0.00");
    bmp_points t[BMP_MAX_POINT_TYPES];
    const bmp_rules *acbl = body("acbl");
    assert_int_equal(bmp_awards_player_totals(acbl, &a, 0, 1, t, NULL), BMP_OK);
    assert_points(t[bmp_rules_point_type_index(acbl, "gold")], "4.10");
    assert_points(t[bmp_rules_point_type_index(acbl, "red")], "2.55");
    assert_points(t[bmp_rules_point_type_index(acbl, "black")], "0.00");
    /* The same awards are not NZ points. */
    bmp_error e = {0};
    assert_int_equal(bmp_awards_player_totals(body("nzb"), &a, 0, 1, t, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "award 0: \"gold\" is not a point type of nzb"));
    assert_int_equal(bmp_rules_check_awards(acbl, &a, NULL), BMP_OK);
    assert_int_equal(bmp_rules_check_awards(body("ebu"), &a, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "award 1 (contestant index 0, rule ACBL-88): \"red\""));
    bmp_awards_free(&a);
}

/* Every award of every example names a point type of its body. */
static void examples_name_point_types(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob(BMP_SOURCE_DIR "/examples/*/*.json", 0, NULL, &g), 0);
    size_t awarded = 0, awards = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        bmp_event *ev = NULL;
        bmp_awards a;
        bmp_awards_init(&a);
        if (bmp_event_load_file(g.gl_pathv[i], &ev, NULL) == BMP_OK &&
            bmp_award_event(ev, &a, NULL) == BMP_OK) {
            bmp_error e = {0};
            bmp_status st = bmp_rules_check_awards(bmp_rules_find(ev->body), &a, &e);
            if (st)
                fail_msg("%s: %s", g.gl_pathv[i], e.msg);
            awarded++;
            awards += a.count;
        }
        bmp_awards_free(&a);
        bmp_event_free(ev);
    }
    /* Every example awards (tests/golden: none ends in an exit code). */
    assert_true(g.gl_pathc >= 28);
    assert_int_equal(awarded, g.gl_pathc);
    assert_true(awards > 500);
    globfree(&g);
}

static void id_ok(const char *b, const char *id, unsigned flags)
{
    bmp_error e = {0};
    if (body(b)->player_id_check(id, flags, &e))
        fail_msg("%s %s: %s", b, id, e.msg);
}

static void id_bad(const char *b, const char *id, unsigned flags, const char *msg)
{
    bmp_error e = {0};
    assert_int_equal(body(b)->player_id_check(id, flags, &e), BMP_EINVAL);
    if (!strstr(e.msg, msg))
        fail_msg("%s %s: \"%s\" lacks \"%s\"", b, id, e.msg, msg);
}

/* ABF-93 (App. D) and the mod-11 check digit (rulings ABF-admin); EBU-8
 * (2.9.2) and the guest number (U-9, RI-2); NZ-89 (A-33, RI-2); ACBL player
 * numbers (RI-3). */
static void player_ids(void **state)
{
    (void)state;
    id_ok("abf", "123", 0);
    id_ok("abf", "0123456", 0);                 /* App. D's example: no check digit */
    id_bad("abf", "0123456", BMP_ID_CHECK_DIGIT, "mod-11");
    id_ok("abf", "0528171", BMP_ID_CHECK_DIGIT); /* remainder 1 -> check 1 */
    id_bad("abf", "12345678", 0, "more than 7 digits");
    id_bad("abf", "0000", 0, "zero");
    id_ok("ebu", "0332135", 0);
    id_ok("ebu", "12345", BMP_ID_CHECK_DIGIT); /* no EBU check digit: the flag is ignored */
    id_bad("ebu", "88888888", 0, "guest");
    id_bad("ebu", "123456789", 0, "1 to 8 digits");
    id_bad("ebu", "12a4", 0, "not all digits");
    id_bad("ebu", "", 0, "1 to 8 digits");
    id_ok("nzb", "20311", 0);
    id_ok("nzb", "1001", 0);
    id_bad("nzb", "123", 0, "4 or 5 digits");
    id_bad("nzb", "0123", 0, "4 or 5 digits");
    id_bad("nzb", "123456", 0, "4 or 5 digits");
    id_bad("nzb", "12x45", 0, "not all digits");
    id_ok("acbl", "1234567", 0);
    id_ok("acbl", "J123456", 0); /* a Life Master: J = 1 */
    id_ok("acbl", "r999999", 0);
    id_bad("acbl", "S123456", 0, "J-R");
    id_bad("acbl", "123456", 0, "7 digits");
    id_bad("acbl", "0000000", 0, "not all zero");
}

/* What USEBIO needs of a body (rulings U-19, U-20; docs/usebio.md). */
static void usebio_fields(void **state)
{
    (void)state;
    const bmp_rules *ebu = body("ebu"), *abf = body("abf");
    assert_string_equal(bmp_rules_usebio_point_type(ebu, "black")->name, "local");
    assert_int_equal(bmp_rules_usebio_point_type(ebu, "LOCAL")->usebio_unit, 100);
    assert_int_equal(bmp_rules_usebio_point_type(ebu, "blue")->usebio_unit, 1);
    assert_string_equal(bmp_rules_usebio_point_type(abf, "y")->name, "gold");
    assert_null(bmp_rules_usebio_point_type(abf, "BLACK"));
    char buf[128];
    bmp_rules_usebio_types(body("acbl"), buf, sizeof buf);
    assert_string_equal(buf, "BLACK, SILVER, RED, GOLD, PLATINUM");
    assert_string_equal(abf->usebio_default_type, "GREEN");
    assert_true(abf->usebio_flat_default);
    assert_string_equal(ebu->usebio_default_type, "BLACK");
    assert_false(ebu->usebio_flat_default);
    assert_string_equal(ebu->usebio_status_scales[0], "Club");
    assert_string_equal(ebu->usebio_status_scales[4], "National");
    assert_null(ebu->usebio_status_scales[5]);
    assert_null(body("nzb")->usebio_default_type);
    assert_null(body("acbl")->usebio_status_scales);
    /* The public USEBIO lookups go through the rules. */
    assert_string_equal(bmp_usebio_colour("nz", "B"), "b");
    assert_string_equal(bmp_usebio_type("ebu", "local"), "BLACK");
}

/* NZ-2, NZ-5, NZ-6 as named functions; the other bodies have none. */
static void named_functions(void **state)
{
    (void)state;
    const bmp_rules *nz = body("nzb");
    const bmp_admin_fn *f = bmp_rules_admin(nz, "Rating-Points");
    assert_non_null(f);
    assert_string_equal(f->rule, "NZ-6");
    /* E-1: previous 80 RP, 3 A + 17 B earned: 80 x 0.8 + 20 = 84. */
    bmp_points args[BMP_ADMIN_MAX_ARGS] = {0};
    args[bmp_admin_arg_index(f, "previous")] = BMP_CENTS(80, 0);
    args[bmp_admin_arg_index(f, "earned")] = BMP_CENTS(20, 0);
    bmp_admin_result res = {0};
    assert_int_equal(f->run(args, &res, NULL), BMP_OK);
    assert_int_equal(res.count, 1);
    assert_string_equal(res.items[0].name, "rating");
    assert_true(res.items[0].is_points);
    assert_points(res.items[0].points, "84.00");
    /* E-12 / A-5: 250 C -> 2 B, 50 C carried. */
    f = bmp_rules_admin(nz, "c-to-b");
    memset(args, 0, sizeof args);
    args[0] = BMP_CENTS(250, 0);
    memset(&res, 0, sizeof res);
    assert_int_equal(f->run(args, &res, NULL), BMP_OK);
    assert_points(res.items[0].points, "2.00");
    assert_string_equal(res.items[1].name, "c_left");
    assert_points(res.items[1].points, "50.00");
    /* NZ-5: Local Master 0* with 100+ RP is Open; exactly 100 is Open (A-4). */
    f = bmp_rules_admin(nz, "grading");
    bmp_points g[BMP_ADMIN_MAX_ARGS] = {BMP_CENTS(20, 0), BMP_CENTS(35, 0), BMP_CENTS(100, 0)};
    memset(&res, 0, sizeof res);
    assert_int_equal(f->run(g, &res, NULL), BMP_OK);
    assert_string_equal(res.items[0].text, "Open");
    assert_string_equal(res.items[1].text, "Local Master");
    g[2] = BMP_CENTS(99, 99); /* LM 0*-4* and under 100 RP: Intermediate */
    memset(&res, 0, sizeof res);
    assert_int_equal(f->run(g, &res, NULL), BMP_OK);
    assert_string_equal(res.items[0].text, "Intermediate");
    /* Club Master or lower, <= 30 RP, fewer than 5 A: Junior. */
    bmp_points j[BMP_ADMIN_MAX_ARGS] = {BMP_CENTS(4, 99), BMP_CENTS(20, 0), BMP_CENTS(30, 0)};
    memset(&res, 0, sizeof res);
    assert_int_equal(f->run(j, &res, NULL), BMP_OK);
    assert_string_equal(res.items[0].text, "Junior");
    j[0] = BMP_CENTS(5, 0); /* 5 A: Intermediate */
    memset(&res, 0, sizeof res);
    assert_int_equal(f->run(j, &res, NULL), BMP_OK);
    assert_string_equal(res.items[0].text, "Intermediate");
    assert_null(bmp_rules_admin(nz, "grade"));
    assert_null(bmp_rules_admin(body("abf"), "grading"));
    assert_null(body("acbl")->admin);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(point_type_tables), cmocka_unit_test(units_and_weights),
        cmocka_unit_test(total_holding),     cmocka_unit_test(colour_check),
        cmocka_unit_test(per_type_totals),   cmocka_unit_test(examples_name_point_types),
        cmocka_unit_test(player_ids),        cmocka_unit_test(usebio_fields),
        cmocka_unit_test(named_functions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
