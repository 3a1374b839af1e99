/* Award batches: events computed on import, USEBIO with MASTER_POINTS, ABF
 * credit files and adjustments; all or nothing, duplicates, unknown
 * players, control totals, negative holdings; the lifecycle (issue 11). */
#include "ledger_test_util.h"

#include "bridgemp/usebio.h"

#define EX BMP_SOURCE_DIR "/examples/"

static void make_1006_active(lt *t)
{
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p2.csv",
                                               "number,name,status,home_club\n"
                                               "1006,Player 6,Active,2074\n"), &n, NULL, &e),
                     BMP_OK);
}

static void batch_row(lt *t, int64_t id, bmp_table *tb, size_t *row)
{
    bmp_error e = {0};
    bmp_table_init(tb);
    assert_int_equal(bmp_ledger_batches(t->l, NULL, tb, &e), BMP_OK);
    char want[24];
    snprintf(want, sizeof want, "%lld", (long long)id);
    *row = bmp_table_find_row(tb, want);
    assert_true(*row != (size_t)-1);
}

/* ABF-103: an event computed on import is a provisional batch.  Club pairs
 * (ABF-6): NS 1st 0.30, 2nd 0.21, 3rd 0.15 ... each to both players; 20
 * lines summing to 3.36 green.  Of the six registered players 1002..1006
 * are credited; 1007 (Dormant) and the fourteen unregistered are held
 * (ABF-99: unregistered points are not credited). */
static void event_batch_provisional(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    make_1006_active(&t);
    int64_t id = lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK);
    assert_int_equal(id, 1);
    bmp_table tb;
    size_t r;
    batch_row(&t, id, &tb, &r);
    assert_string_equal(lt_cell(&tb, r, "source"), "event");
    assert_string_equal(lt_cell(&tb, r, "state"), "provisional");
    assert_string_equal(lt_cell(&tb, r, "lines"), "20");
    assert_string_equal(lt_cell(&tb, r, "totals"), "green 3.36");
    assert_string_equal(lt_cell(&tb, r, "held"), "15");
    bmp_table_free(&tb);
    /* visible to the player at once (provisional) */
    bmp_error e = {0};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1002", &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "period"), "(provisional)");
    assert_string_equal(lt_cell(&tb, 0, "points"), "0.30");
    bmp_table_free(&tb);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    lt_done(&t);
}

/* The same event again is refused, naming the batch that holds it; once
 * that batch is rejected the event may come in again. */
static void duplicate_event_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    make_1006_active(&t);
    lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, EX "abf/club-pairs.json", &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "club-pairs.json: already imported: batch 1 (provisional)"));
    /* the same event under another name, indented otherwise: the same content */
    bmp_event *ev = NULL;
    char *json = NULL;
    assert_int_equal(bmp_event_load_file(EX "abf/club-pairs.json", &ev, &e), BMP_OK);
    assert_int_equal(bmp_event_to_json(ev, &json, &e), BMP_OK);
    const char *copy = lt_file(&t, "monday.json", json);
    free(json);
    bmp_event_free(ev);
    assert_int_equal(bmp_ledger_import(t.l, copy, &o, &id, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "monday.json: already imported: batch 1"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_reject(t.l, 1, "wrong session uploaded", &e), BMP_OK);
    assert_int_equal(lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK), 2);
    lt_done(&t);
}

/* A bad line rejects the whole batch with every error listed. */
static void bad_lines_all_listed(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    const char *csv = lt_file(&t, "adj.csv",
                              "number,point_type,points,event,reason\n"
                              "1002,green,1.00,Club night 5 May,scoring error (NZ-44)\n"
                              "1003,blue,1.00,Club night 5 May,x\n"      /* 3: not ABF */
                              "1004,green,abc,Club night 5 May,x\n"      /* 4: points */
                              "1005,green,0.50,,\n"                      /* 5: NZ-91 */
                              "1006,green,0.50,Club night 5 May,x\n"     /* 6: deceased */
                              "99999999,green,0.50,Club night 5 May,x\n"); /* 7: number */
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(id, 0);
    lt_has(&p, "adj.csv:4: points: expected a non-zero change such as -1.25, got \"abc\"");
    lt_has(&p, "adj.csv:5: an adjustment needs its event and reason (NZ-91)");
    bmp_problems_free(&p);
    /* with the file-level errors fixed, the line-level ones are all listed */
    csv = lt_file(&t, "adj.csv", "number,point_type,points,event,reason\n"
                                 "1002,green,1.00,Club night 5 May,scoring error (NZ-44)\n"
                                 "1003,blue,1.00,Club night 5 May,x\n"
                                 "1006,green,0.50,Club night 5 May,x\n"
                                 "99999999,green,0.50,Club night 5 May,x\n");
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(p.count, 3);
    lt_has(&p, "adj.csv:3: point type \"blue\" is not one of abf's");
    lt_has(&p, "adj.csv:4: player 0001006 is Deceased: no points (NZ-88)");
    lt_has(&p, "adj.csv:5: player number:");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ-9: masterpoints are issued only to members; NZ Bridge does not hold
 * unknown players' points, so the batch is refused naming each of them. */
static void nz_unknown_player_refused(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status\n51234,Tane Walker,Active\n52345,Aroha Smith,Temporary\n"
                     "53456,Moana Hill,Active\n54567,Rewi Kent,Active\n"
                     "56789,Hemi Ross,Resigned\n"), &n, NULL, &e), BMP_OK);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb"};
    assert_int_equal(bmp_ledger_import(t.l, EX "nzb/club-pairs.json", &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "player 56789 has Resigned: masterpoints are issued only to members (NZ-9)");
    lt_has(&p, "player 55678 is not in the register: masterpoints are issued only to members (NZ-9)");
    /* issue 26 finding 5: at the file's line of the number (both on line 18:
     * pair 3's players), not the contestant's index */
    lt_has(&p, "club-pairs.json:18: player 55678 is not in the register");
    lt_has(&p, "club-pairs.json:18: player 56789 has Resigned");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* Control totals per point type must match the lines (ecosystem.md §5). */
static void control_total_mismatch(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    make_1006_active(&t);
    char *before = lt_dump(&t);
    const char *ctl[] = {"green=3.35"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .control = ctl, .ncontrol = 1};
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, EX "abf/club-pairs.json", &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "club-pairs.json: control total green: expected 3.35, the lines sum to 3.36");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    ctl[0] = "green=3.36";
    assert_int_equal(bmp_ledger_import(t.l, EX "abf/club-pairs.json", &o, &id, &p, &e), BMP_OK);
    lt_done(&t);
}

/* No holding goes negative: posted + pending + the batch >= 0 (NZ-91). */
static void negative_holding_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                       "1002,green,0.75,Club night,carried over\n"), "abf", BMP_OK);
    char *before = lt_dump(&t);
    const char *csv = lt_file(&t, "b.csv", "number,point_type,points,event,reason\n"
                                           "1002,green,-0.50,Club night,scoring error\n"
                                           "1002,green,-0.50,Club night,scoring error again\n");
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "b.csv: player 0001002 green: the holding would be -0.25 (posted 0.00, pending "
               "0.75, this batch -1.00)");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* ABF credit files (ABF-117): malformed lines listed by number; a good
 * file is a batch with its Σ(number × points) checksum. */
static void abf_credit_file(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o};
    const char *bad = lt_file(&t, "club.grn", "0001002000030\n00010030000x1\n0001004000021\n12\n");
    assert_int_equal(bmp_ledger_import(t.l, bad, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(p.count, 2);
    lt_has(&p, "club.grn:2:");
    lt_has(&p, "club.grn:4:");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    const char *good = lt_file(&t, "club.grn", "0001002000030\n0001004000021\n");
    assert_int_equal(bmp_ledger_import(t.l, good, &o, &id, &p, &e), BMP_OK);
    bmp_table tb;
    size_t r;
    batch_row(&t, id, &tb, &r);
    assert_string_equal(lt_cell(&tb, r, "source"), "abf-credit");
    assert_string_equal(lt_cell(&tb, r, "totals"), "green 0.51");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* A USEBIO file carrying MASTER_POINTS is credited as the file says
 * (ABF-103 route 1; EBU-7 results file, EBU-5 crediting from it). */
static void usebio_with_master_points(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    make_1006_active(&t);
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_error e = {0};
    bmp_awards_init(&aw);
    assert_int_equal(bmp_event_load_file(EX "abf/club-pairs.json", &ev, &e), BMP_OK);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    char path[160];
    snprintf(path, sizeof path, "%s/club.xml", t.dir);
    assert_int_equal(bmp_usebio_write_file(ev, &aw, BMP_USEBIO_MP_DEFAULT, path, &e), BMP_OK);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    int64_t id = lt_import(&t, path, "abf", BMP_OK);
    bmp_table tb;
    size_t r;
    batch_row(&t, id, &tb, &r);
    assert_string_equal(lt_cell(&tb, r, "source"), "usebio-mp");
    assert_string_equal(lt_cell(&tb, r, "totals"), "green 3.36");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* received -> provisional -> approved -> posted, or rejected with a
 * reason; a posted batch is corrected only by a reversing batch (NZ-91,
 * NZ-44), and both stay in the history. */
static void lifecycle_and_correction(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t id = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                    "1002,green,1.25,Club night,carried over\n"
                                                    "1003,red,0.50,Congress,late result\n"),
                           "abf", BMP_OK);
    assert_int_equal(bmp_ledger_reject(t.l, id, "", &e), BMP_EINVAL);
    assert_int_equal(bmp_ledger_correct(t.l, id, "x", NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "only a posted batch is corrected by reversal"));
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "batch 1 is approved: only a provisional batch can be approved"));
    bmp_ledger_close_stats s;
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", &s, &e), BMP_OK);
    assert_int_equal(s.batches, 1);
    assert_int_equal(s.lines, 2);
    assert_int_equal(bmp_ledger_reject(t.l, id, "too late", &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "batch 1 is posted"));
    int64_t rev = 0;
    assert_int_equal(bmp_ledger_correct(t.l, id, "wrong event", &rev, &e), BMP_OK);
    assert_int_equal(rev, 2);
    assert_int_equal(bmp_ledger_correct(t.l, id, "again", &rev, &e), BMP_EINVAL);
    size_t r;
    bmp_table bt;
    batch_row(&t, rev, &bt, &r);
    assert_string_equal(lt_cell(&bt, r, "source"), "reversal");
    assert_string_equal(lt_cell(&bt, r, "totals"), "green -1.25, red -0.50");
    assert_string_equal(lt_cell(&bt, r, "reverses"), "1");
    assert_string_equal(lt_cell(&bt, r, "reason"), "wrong event");
    bmp_table_free(&bt);
    assert_int_equal(bmp_ledger_approve(t.l, 2, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", &s, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1002", &tb, &e), BMP_OK);
    /* 2025-08 +1.25, 2025-09 -1.25, holding 0.00 */
    assert_string_equal(lt_cell(&tb, 0, "period"), "2025-08");
    assert_string_equal(lt_cell(&tb, 0, "points"), "1.25");
    assert_string_equal(lt_cell(&tb, 1, "period"), "2025-09");
    assert_string_equal(lt_cell(&tb, 1, "points"), "-1.25");
    assert_string_equal(lt_cell(&tb, 2, "period"), "holding");
    assert_string_equal(lt_cell(&tb, 2, "points"), "0.00");
    bmp_table_free(&tb);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    lt_done(&t);
}

/* NZ-44: a corrected event re-submitted replaces the old batch by reversal
 * in one transaction; both stay in the history.  A pending batch is
 * rejected instead. */
static void corrected_resubmission_replaces(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t old = lt_import(&t, lt_file(&t, "v1.csv", "number,point_type,points,event,reason\n"
                                                      "1002,green,0.30,Club night,result\n"
                                                      "1003,green,0.21,Club night,result\n"),
                            "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, old, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    const char *v2 = lt_file(&t, "v2.csv", "number,point_type,points,event,reason\n"
                                           "1002,green,0.21,Club night,result\n"
                                           "1003,green,0.30,Club night,result\n");
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .replaces = old};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, v2, &o, &id, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "a replacement needs a reason (NZ-44)"));
    o.reason = "NS/EW swapped at table 3";
    assert_int_equal(bmp_ledger_import(t.l, v2, &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(id, 3); /* batch 2 is the reversal of batch 1 */
    assert_int_equal(bmp_ledger_approve(t.l, 2, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, 3, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1002", &tb, &e), BMP_OK);
    /* 2025-08: +0.30; 2025-09: -0.30 + 0.21 = -0.09; holding 0.21 */
    assert_string_equal(lt_cell(&tb, 1, "period"), "2025-09");
    assert_string_equal(lt_cell(&tb, 1, "points"), "-0.09");
    assert_string_equal(lt_cell(&tb, 2, "points"), "0.21");
    bmp_table_free(&tb);
    /* a pending batch is rejected by its replacement */
    o.replaces = 3;
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "v3.csv",
                     "number,point_type,points,event,reason\n1002,green,0.15,Club night,r\n"),
                     &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(id, 5); /* 4 reverses 3 */
    o.replaces = 5;
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "v4.csv",
                     "number,point_type,points,event,reason\n1002,green,0.10,Club night,r\n"),
                     &o, &id, NULL, &e), BMP_OK);
    size_t r;
    batch_row(&t, 5, &tb, &r);
    assert_string_equal(lt_cell(&tb, r, "state"), "rejected");
    assert_string_equal(lt_cell(&tb, r, "reason"), "NS/EW swapped at table 3");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* ABF-99 (1.3.2): points earned while unregistered are held, and credited
 * only when the player renews in the quarter they were earned or the next:
 * 1008 won 0.10 green on 4 Aug 2025 (4th NS, ABF-6) while unregistered.
 * Renewed 15 Jan 2026 (quarter before: Oct-Dec): not credited; renewed
 * 30 Sep 2025 (quarter of renewal: Jul-Sep): credited, once. */
static void abf_held_points_released_on_renewal(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    make_1006_active(&t);
    lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK);
    bmp_error e = {0};
    int64_t id = 0;
    size_t n = 0;
    assert_int_equal(bmp_ledger_release_held(t.l, "abf", "1008", "2025-09-30", &id, &n, &e),
                     BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "register the player first"));
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p3.csv",
                     "number,name,status,home_club\n1008,Player 8,Active,2074\n"), NULL, NULL, &e),
                     BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_release_held(t.l, "abf", "1008", "2026-01-15", &id, &n, &e),
                     BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "1 held line(s) outside the quarter of renewal"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_release_held(t.l, "abf", "1008", "2025-09-30", &id, &n, &e), BMP_OK);
    assert_int_equal(n, 1);
    bmp_table tb;
    size_t r;
    batch_row(&t, id, &tb, &r);
    assert_string_equal(lt_cell(&tb, r, "source"), "release");
    assert_string_equal(lt_cell(&tb, r, "totals"), "green 0.10");
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_release_held(t.l, "abf", "1008", "2025-09-30", &id, &n, &e),
                     BMP_ENOTFOUND);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    lt_done(&t);
}

/* Issue 45 finding 6: a credit file repeating a player in one colour (100
 * lines of 9999.99 gold to one number were accepted) is refused naming
 * each repeat and the line it repeats; one player's red and green on one
 * .rag line are two colours, not a repeat. */
static void abf_credit_repeat_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    char buf[1500] = "";
    for (int i = 0; i < 100; i++)
        strcat(buf, "0001002999999\n");
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o};
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "gold.gld", buf), &o, &id, &p, &e),
                     BMP_EINVAL);
    assert_int_equal(id, 0);
    assert_int_equal(p.count, 99);
    lt_has(&p, "gold.gld:2: player 0001002 credited gold again (line 1): a credit file credits "
               "a player once per colour (App. D)");
    lt_has(&p, "gold.gld:100: player 0001002 credited gold again (line 99)");
    bmp_problems_free(&p);
    const char *two = lt_file(&t, "club.grn", "0001002000030\n0001004000021\n0001002000030\n");
    assert_int_equal(bmp_ledger_import(t.l, two, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(p.count, 1);
    lt_has(&p, "club.grn:3: player 0001002 credited green again (line 1)");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    const char *rag = lt_file(&t, "club.rag", "0001002000042000005\n0001004000000000145\n");
    assert_int_equal(bmp_ledger_import(t.l, rag, &o, &id, &p, &e), BMP_OK);
    assert_int_equal(id, 1);
    lt_done(&t);
}

/* Issue 45 finding 6: an adjustment row's fields are what its header says.
 * A decimal comma (1,50) made the points 1 and the event "50"; extra
 * fields were cut and missing ones padded, a stray quote passed.  Each is
 * refused naming its line; nothing written. */
static void adjustment_csv_strict(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    const char *csv = lt_file(&t, "adj.csv", "number,point_type,points,event,reason\n"
                                             "1002,green,1,50,Club night 5 May,scoring error\n"
                                             "1003,green,1.00,Club night,x,extra\n"
                                             "1004,green,1.00,Club night\n"
                                             "1005,green,0.50,Club night,fine\n");
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(id, 0);
    assert_int_equal(p.count, 3);
    lt_has(&p, "adj.csv:2: 6 fields, the header has 5 (points take a decimal point, 1.50; "
               "quote a field holding a comma)");
    lt_has(&p, "adj.csv:3: 6 fields, the header has 5");
    lt_has(&p, "adj.csv:4: 4 fields, the header has 5");
    bmp_problems_free(&p);
    csv = lt_file(&t, "adj.csv", "number,point_type,points,event,reason\n"
                                 "1002,green,1.00,Club \"night\",x\n"
                                 "1003,green,1.00,\"Club night\"x,y\n");
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "adj.csv:2: a stray quote: quote a whole field (\"...\"), a quote inside it "
               "doubled (\"\")");
    bmp_problems_free(&p);
    csv = lt_file(&t, "adj.csv", "number,point_type,points,event,reason\n"
                                 "1003,green,1.00,\"Club night\"x,y\n");
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "adj.csv:2: a stray quote");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    /* quoted as RFC 4180 says: a comma and a doubled quote inside a field */
    csv = lt_file(&t, "adj.csv", "number,point_type,points,event,reason\n"
                                 "1002,green,1.50,\"Club night, 5 May\",\"the \"\"late\"\" "
                                 "board\"\n");
    assert_int_equal(bmp_ledger_import(t.l, csv, &o, &id, &p, &e), BMP_OK);
    assert_int_equal(id, 1);
    lt_done(&t);
}

/* examples/abf/club-pairs.json (20 pairs, 10 tables) claiming `tables`. */
static const char *pairs_claiming(lt *t, const char *tables)
{
    char *s = bmp_test_slurp(BMP_SOURCE_DIR "/examples/abf/club-pairs.json", NULL);
    char *at = strstr(s, "\"tables\": 10,");
    assert_non_null(at);
    size_t n = strlen(s) + 32;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s\"tables\": %s,%s", (int)(at - s), s, tables,
             at + strlen("\"tables\": 10,"));
    const char *path = lt_file(t, "claim.json", out);
    free(out);
    free(s);
    return path;
}

/* Issue 45 finding 6: "tables": 100000 over 20 pairs was believed (1.50
 * green to the winners, not 0.30).  A claim is checked against the
 * contestants listed (ruling L-45-2): fewer tables than the pairs need, a
 * field that pays places the file does not list, or more than the whole
 * field a file lists (down to pairs who earn nothing) are refused; the
 * event's own 10 tables import.  (An EBU club night listing only its six
 * placed pairs of 7 tables still imports: test_ledger_one_event.) */
static void tables_claim_checked(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    assert_int_equal(bmp_ledger_import(t.l, pairs_claiming(&t, "100000"), &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "claim.json: 100000 tables claimed, but the file lists 20 "
                                  "contestants and a field of 100000 tables pays place 11 NS, "
                                  "which it does not list"));
    assert_int_equal(bmp_ledger_import(t.l, pairs_claiming(&t, "5"), &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "claim.json: 5 tables claimed, but the file lists 20 pairs: "
                                  "at least 10 tables"));
    assert_int_equal(bmp_ledger_import(t.l, pairs_claiming(&t, "11"), &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "claim.json: 11 tables claimed, but the file lists its whole "
                                  "field (contestants who earn nothing included): 20 pairs, 10 "
                                  "tables"));
    lt_unchanged(&t, before);
    bmp_problems p = {0};
    make_1006_active(&t);
    assert_int_equal(bmp_ledger_import(t.l, pairs_claiming(&t, "10"), &o, &id, &p, &e), BMP_OK);
    bmp_problems_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(event_batch_provisional),
        cmocka_unit_test(duplicate_event_refused),
        cmocka_unit_test(bad_lines_all_listed),
        cmocka_unit_test(nz_unknown_player_refused),
        cmocka_unit_test(control_total_mismatch),
        cmocka_unit_test(negative_holding_refused),
        cmocka_unit_test(abf_credit_file),
        cmocka_unit_test(usebio_with_master_points),
        cmocka_unit_test(lifecycle_and_correction),
        cmocka_unit_test(corrected_resubmission_replaces),
        cmocka_unit_test(abf_held_points_released_on_renewal),
        cmocka_unit_test(abf_credit_repeat_refused),
        cmocka_unit_test(adjustment_csv_strict),
        cmocka_unit_test(tables_claim_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
