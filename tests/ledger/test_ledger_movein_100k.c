/* Moving a national body in (issue 28, done-when): a generated register
 * of 100,000 ABF players with opening balances and carried ranks, then a
 * month of new awards for some of them, closed: only the players whose
 * new points reach their next rank are promoted (ABF-86 rank table,
 * section 1.8; ranks for life, ABF-88).
 *
 * Player i (0..99999), number 1000000 + i, by i % 4:
 *   0  green 24.00, carried Local Master (15 total <= 24 < 25)
 *   1  green 24.00, carried Local Master
 *   2  green 49.00, carried Silver Local Master (35 <= 49 < 50)
 *   3  nothing (a zero line), carried Club Master (above what 0 points earn)
 * The month's awards go to i % 5 == 0 (20,000 players: i = 5k, and
 * i % 4 = k % 4, so 5,000 of each group):
 *   0  +1.00 green: 25.00 total, Bronze Local Master (25)      promoted
 *   1  +0.50 green: 24.50, still short of 25                    not
 *   2  +1.00 green: 50.00 total, Regional Master (50; State
 *      Master needs red+gold 25 as well)                        promoted
 *   3  +2.00 green: earns Graduate Master (2), below the
 *      carried Club Master                                      not
 * so 20,000 players re-ranked and exactly 10,000 promotions: 5,000 to
 * Bronze Local Master and 5,000 to Regional Master. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_movein.h"

#define PLAYERS 100000

static const char *write_files(lt *t, char *reg, char *open, char *award)
{
    snprintf(reg, 256, "%s/players.csv", t->dir);
    snprintf(open, 256, "%s/opening.csv", t->dir);
    snprintf(award, 256, "%s/award.csv", t->dir);
    FILE *r = fopen(reg, "w"), *o = fopen(open, "w"), *a = fopen(award, "w");
    assert_non_null(r);
    assert_non_null(o);
    assert_non_null(a);
    fputs("number,name,status,home_club,registered_from\n", r);
    fputs("number,green,red,gold,rank,rank_date\n", o);
    fputs("number,point_type,points,event,reason\n", a);
    static const char *const open_line[4] = {"24.00,0,0,Local Master,2019-03-01",
                                             "24.00,0,0,Local Master,2020-07-15",
                                             "49.00,0,0,Silver Local Master,2018-11-30",
                                             "0,0,0,Club Master,2001-01-01"};
    static const char *const award_pts[4] = {"1.00", "0.50", "1.00", "2.00"};
    for (long i = 0; i < PLAYERS; i++) {
        fprintf(r, "%ld,Player %ld,Active,2074,%ld\n", 1000000 + i, i, 1990 + i % 30);
        fprintf(o, "%ld,%s\n", 1000000 + i, open_line[i % 4]);
        if (i % 5 == 0)
            fprintf(a, "%ld,green,%s,October pairs,month\n", 1000000 + i, award_pts[i % 4]);
    }
    fclose(r);
    fclose(o);
    fclose(a);
    return reg;
}

static size_t count_to(const bmp_table *t, const char *to)
{
    size_t n = 0;
    for (size_t r = 0; r < t->nrows; r++)
        n += strcmp(lt_cell(t, r, "to_rank"), to) == 0;
    return n;
}

static void national_move_in(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t.l, "abf", lt_file(&t, "c.csv", LT_ABF_CLUBS), &n,
                                             NULL, &e), BMP_OK);
    char reg[256], open[256], award[256];
    write_files(&t, reg, open, award);
    bmp_ledger_register_stats rs = {0};
    assert_int_equal(bmp_ledger_import_register(t.l, "abf", reg, NULL, &rs, NULL, &e), BMP_OK);
    assert_int_equal(rs.added, PLAYERS);
    int64_t id = 0;
    size_t players = 0;
    bmp_ledger_opening_opts oo = {.size = sizeof oo, .body = "abf", .reason = "moving in"};
    assert_int_equal(bmp_ledger_opening(t.l, open, &oo, &id, &players, NULL, &e), BMP_OK);
    assert_int_equal(players, PLAYERS);
    int64_t b = lt_import(&t, award, "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, b, &e), BMP_OK);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.lines, 20000);
    assert_int_equal(s.players, 20000);
    assert_int_equal(s.promotions, 10000); /* ABF-86: 5,000 + 5,000 */
    bmp_table pr;
    bmp_table_init(&pr);
    assert_int_equal(bmp_ledger_promotions(t.l, "abf", "2026-10", &pr, &e), BMP_OK);
    assert_int_equal(pr.nrows, 10000);
    assert_int_equal(count_to(&pr, "Bronze Local Master"), 5000);
    assert_int_equal(count_to(&pr, "Regional Master"), 5000);
    bmp_table_free(&pr);
    /* the carried Club Master with 2.00 green stays Club Master (ABF-88) */
    bmp_table st;
    bmp_table_init(&st);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1000015", &st, &e), BMP_OK);
    assert_non_null(strstr(st.notes[1], "Club Master"));
    bmp_table_free(&st);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(national_move_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
