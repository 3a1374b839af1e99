/* Period close: posting, holdings, ranks by each body's rules, promotions,
 * frozen periods, and a negative holding refusing the close (issue 11). */
#include "ledger_test_util.h"

#define EX BMP_SOURCE_DIR "/examples/"
#define ADJ "number,point_type,points,event,reason\n"

static void approve_all(lt *t, int64_t from, int64_t to)
{
    bmp_error e = {0};
    for (int64_t i = from; i <= to; i++)
        assert_int_equal(bmp_ledger_approve(t->l, i, &e), BMP_OK);
}

static const char *rank_of(lt *t, const char *body, const char *number)
{
    static char out[128];
    bmp_table tb;
    bmp_error e = {0};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t->l, body, number, &tb, &e), BMP_OK);
    const char *n = tb.notes[1]; /* "rank at the last close: ..." */
    snprintf(out, sizeof out, "%s", strchr(n, ':') + 2);
    bmp_table_free(&tb);
    return out;
}

/* ABF-86..88 (1.8, 1.4.4): 1.80 green is no rank (Graduate needs 2); with
 * the club pairs' 0.30 the holding is 2.10 and the promotion to Graduate
 * Master is recorded in the period it was earned.  Only touched players
 * are re-ranked. */
static void abf_promotions(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    lt_import(&t, lt_file(&t, "o.csv", ADJ "1002,green,1.80,opening,carried over\n"
                                           "1003,green,4.80,opening,carried over\n"),
              "abf", BMP_OK);
    approve_all(&t, 1, 1);
    bmp_ledger_close_stats s;
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", &s, &e), BMP_OK);
    assert_int_equal(s.players, 2);
    assert_string_equal(rank_of(&t, "abf", "1002"), "Nil");
    assert_string_equal(rank_of(&t, "abf", "1003"), "Graduate Master");
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p2.csv",
                     "number,name,status,home_club\n1006,Player 6,Active,2074\n"), NULL, NULL, &e),
                     BMP_OK);
    lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK);
    approve_all(&t, 2, 2);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", &s, &e), BMP_OK);
    /* 1002..1006 credited (1007 Dormant is held): five players re-ranked;
     * 1002 1.80 + 0.30 = 2.10 >= 2: Graduate; 1003 4.80 + 0.30 = 5.10 >= 5: Club */
    assert_int_equal(s.players, 5);
    assert_int_equal(s.promotions, 2);
    assert_string_equal(rank_of(&t, "abf", "1002"), "Graduate Master");
    /* issue 46 (close46g): the promotions' and kept ranks' digests the close
     * made from the values it bound are those of the rows: verify finds the
     * chain whole */
    bmp_problems vp = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &vp, &e), BMP_OK);
    assert_int_equal(vp.count, 0);
    bmp_problems_free(&vp);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_promotions(t.l, "abf", "2025-09", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    size_t r = bmp_table_find_row(&tb, "2025-09");
    assert_string_equal(lt_cell(&tb, r, "number"), "0001003");
    assert_string_equal(lt_cell(&tb, r, "from_rank"), "Graduate Master");
    assert_string_equal(lt_cell(&tb, r, "to_rank"), "Club Master");
    assert_string_equal(lt_cell(&tb, r + 1, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, r + 1, "from_rank"), "Nil");
    bmp_table_free(&tb);
    /* next rank and what is missing: Club Master needs 5 total: 2.90 more */
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1002", &tb, &e), BMP_OK);
    assert_string_equal(tb.notes[2], "next rank: Club Master: 2.90 total still missing");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* NZ-2, NZ-3: C converts to B at 100 C = 1 B in whole blocks; 4.00 B +
 * 150.00 C = 5 B (50 C left over) = Certificate of Proficiency (5); 4.00 B
 * + 99.00 C stays Novice. */
static void nz_ranks_with_c_conversion(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status\n1000,A,Active\n1001,B,Active\n"), NULL, NULL, &e), BMP_OK);
    lt_import(&t, lt_file(&t, "a.csv", ADJ "1000,b,4.00,x,opening\n1000,c,150.00,x,opening\n"
                                           "1001,B,4.00,x,opening\n1001,C,99.00,x,opening\n"),
              "nzb", BMP_OK);
    approve_all(&t, 1, 1);
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2025-08", NULL, &e), BMP_OK);
    assert_string_equal(rank_of(&t, "nzb", "1000"), "Certificate of Proficiency");
    assert_string_equal(rank_of(&t, "nzb", "1001"), "Novice");
    lt_done(&t);
}

/* EBU-1, EBU-4: 70 local carried over + 30 for a club pairs win = 100 =
 * Local Master. */
static void ebu_rank(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "ebu", lt_file(&t, "p.csv",
                     "number,name,status\n123456,Ruth Hart,Active\n234567,Tom Bell,Active\n"),
                     NULL, NULL, &e), BMP_OK);
    lt_import(&t, lt_file(&t, "a.csv", ADJ "123456,local,70.00,x,opening\n"), "ebu", BMP_OK);
    /* EBU-5: the others in the event are held pending (re-)joining */
    lt_import(&t, EX "ebu/club-pairs.json", "ebu", BMP_OK);
    approve_all(&t, 1, 2);
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2025-03", NULL, &e), BMP_OK);
    assert_string_equal(rank_of(&t, "ebu", "123456"), "Local Master");
    assert_string_equal(rank_of(&t, "ebu", "234567"), "no rank");
    lt_done(&t);
}

/* A closed period is frozen: it cannot be closed again, nor an earlier one. */
static void periods_frozen(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "abf is already closed up to 2025-08"));
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-07", NULL, &e), BMP_EINVAL);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-13", NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected yyyy-mm"));
    assert_int_equal(bmp_ledger_close_period(t.l, "acbl", "2025-09", NULL, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: ACBL ranks (RI-4"));
    lt_unchanged(&t, before);
    /* another body's calendar is its own */
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2025-08", NULL, &e), BMP_OK);
    lt_done(&t);
}

/* A holding that would go negative refuses the whole close: a 1.00
 * reduction was accepted against a pending 1.00, which was then rejected. */
static void negative_holding_refuses_close(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    lt_import(&t, lt_file(&t, "a.csv", ADJ "1002,green,1.00,x,late result\n"), "abf", BMP_OK);
    lt_import(&t, lt_file(&t, "b.csv", ADJ "1002,green,-1.00,x,scoring error\n"
                                           "1003,green,0.40,x,scoring error\n"), "abf", BMP_OK);
    assert_int_equal(bmp_ledger_reject(t.l, 1, "entered twice", &e), BMP_OK);
    approve_all(&t, 2, 2);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "period 2025-08: player 0001002's green holding would be -1.00: "
                                  "nothing posted"));
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* ABF-94..96 club report: home members always (even without points),
 * alternates at the club's request, and other players only when they earned
 * at the club in the past quarter (App. C iii). */
static void club_report_membership(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "v.csv",
                     "number,name,status,home_club\n2001,Visitor,Active,\n2002,Old Visitor,Active,\n"),
                     NULL, NULL, &e), BMP_OK);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "3101"};
    int64_t id = 0;
    /* 2002 earned at the congress in June, 2001 in September */
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "jun.csv", ADJ "2002,red,1.00,June congress,x\n"),
                                       &o, &id, NULL, &e), BMP_OK);
    approve_all(&t, id, id);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-06", NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "sep.csv", ADJ "2001,red,0.50,Sept congress,x\n"),
                                       &o, &id, NULL, &e), BMP_OK);
    approve_all(&t, id, id);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_club_report(t.l, "abf", "3101", "2025-09", &tb, &e), BMP_OK);
    /* 1002 is an alternate member of 3101 (ABF-95); 2001 earned there in the
     * quarter 2025-07..2025-09; 2002's June points are outside it */
    assert_int_equal(tb.nrows, 2);
    size_t r = bmp_table_find_row(&tb, "0002001");
    assert_true(r != (size_t)-1);
    assert_string_equal(lt_cell(&tb, r, "membership"), "earned here");
    r = bmp_table_find_row(&tb, "0001002");
    assert_string_equal(lt_cell(&tb, r, "membership"), "alternate");
    assert_true(bmp_table_find_row(&tb, "0002002") == (size_t)-1);
    bmp_table_free(&tb);
    /* the home club lists its five living home members (ABF-94), 1006 is
     * Deceased and removed from all reports (ABF-97) */
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_club_report(t.l, "abf", "2074", "2025-09", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 5);
    assert_true(bmp_table_find_row(&tb, "0001006") == (size_t)-1);
    assert_string_equal(lt_cell(&tb, 0, "membership"), "home");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* ABF-107 monthly reports: top earners of a period by rank group (the
 * groups are the ranks held after the close, most senior last). */
static void top_earners_by_rank_group(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    lt_import(&t, lt_file(&t, "o.csv", ADJ "1002,green,3.00,x,opening\n1003,green,1.00,x,opening\n"
                                           "1004,green,1.50,x,opening\n1005,green,0.50,x,opening\n"),
              "abf", BMP_OK);
    approve_all(&t, 1, 1);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_top_earners(t.l, "abf", "2025-08", 2, &tb, &e), BMP_OK);
    /* Nil: 1004 1.50, 1003 1.00 (1005 0.50 beyond the limit of 2);
     * Graduate (>= 2): 1002 3.00 */
    assert_int_equal(tb.nrows, 3);
    assert_string_equal(lt_cell(&tb, 0, "rank_group"), "Nil");
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001004");
    assert_string_equal(lt_cell(&tb, 0, "points"), "1.50");
    assert_string_equal(lt_cell(&tb, 1, "number"), "0001003");
    assert_string_equal(lt_cell(&tb, 2, "rank_group"), "Graduate Master");
    assert_string_equal(lt_cell(&tb, 2, "points"), "3.00");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* NZ-87, NZ-9: a Temporary player's points are cancelled when the player
 * is not active within six months.  Points first earned 2026-11-24 (the
 * import date): on 2027-05-23 the six months are not up; on 2027-05-24
 * they are, and one adjustment cancels 1.50 B and 40.00 C.  The Active
 * player keeps everything. */
static void nz_temporary_expiry(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status\n1000,Temp,Temporary\n1001,Member,Active\n"),
                     NULL, NULL, &e), BMP_OK);
    lt_import(&t, lt_file(&t, "a.csv", ADJ "1000,b,1.50,x,club\n1000,c,40.00,x,club\n"
                                           "1001,b,2.00,x,club\n"), "nzb", BMP_OK);
    approve_all(&t, 1, 1);
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2026-11", NULL, &e), BMP_OK);
    int64_t id = 0;
    size_t n = 0;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_expire_temporary(t.l, "nzb", "2027-05-23", &id, &n, &e),
                     BMP_ENOTFOUND);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_expire_temporary(t.l, "abf", "2027-05-24", &id, &n, &e), BMP_EINVAL);
    assert_int_equal(bmp_ledger_expire_temporary(t.l, "nzb", "2027-05-24", &id, &n, &e), BMP_OK);
    assert_int_equal(n, 2);
    approve_all(&t, id, id);
    bmp_ledger_close(t.l); /* May 2027 has begun by the clock (issue 26) */
    bmp_ledger_opts later = {.size = sizeof later, .who = "test", .now = "2027-05-24T12:00:00Z"};
    assert_int_equal(bmp_ledger_open(t.db, &later, &t.l, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2027-05", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "nzb", "1000", &tb, &e), BMP_OK);
    /* rows: 2026-11 b, 2026-11 c, 2027-05 b, 2027-05 c, holding b, holding c */
    assert_string_equal(lt_cell(&tb, 2, "points"), "-1.50");
    assert_string_equal(lt_cell(&tb, 4, "points"), "0.00");
    assert_string_equal(lt_cell(&tb, 5, "points"), "0.00");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "nzb", "1001", &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 1, "points"), "2.00");
    bmp_table_free(&tb);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(abf_promotions),
        cmocka_unit_test(nz_ranks_with_c_conversion),
        cmocka_unit_test(ebu_rank),
        cmocka_unit_test(periods_frozen),
        cmocka_unit_test(negative_holding_refuses_close),
        cmocka_unit_test(club_report_membership),
        cmocka_unit_test(top_earners_by_rank_group),
        cmocka_unit_test(nz_temporary_expiry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
