/* One event, one batch (issue 26 item 1): an event corrected in its places
 * is refused with the per-player difference unless it says what it
 * replaces; an event's own USEBIO export or conversion is refused as the
 * same event (one content hash); the export carries the field size (7
 * tables, not the 3 its listed pairs make); a file corrected only in the
 * points it carries is a correction, not a plain duplicate; a player
 * appears once per event.  On SQLite, and on PostgreSQL as _pg. */
#include "ledger_test_util.h"

#include "bridgemp/pipeline.h"
#include "bridgemp/usebio.h"

#define EX BMP_SOURCE_DIR "/examples/"

/* s with the first `from` replaced by `to` (same length). */
static void swap_text(char *s, const char *from, const char *to)
{
    char *p = strstr(s, from);
    assert_non_null(p);
    assert_int_equal(strlen(from), strlen(to));
    memcpy(p, to, strlen(to));
}

/* examples/ebu/club-pairs.json with NS places 1 and 2 swapped: a corrected
 * result of the same event (same name, date and club). */
static const char *swapped(lt *t)
{
    char *s = bmp_test_slurp(EX "ebu/club-pairs.json", NULL);
    swap_text(s, "\"NS\", \"place\": 1 }", "\"NS\", \"place\": X }");
    swap_text(s, "\"NS\", \"place\": 2 }", "\"NS\", \"place\": 1 }");
    swap_text(s, "\"NS\", \"place\": X }", "\"NS\", \"place\": 2 }");
    const char *path = lt_file(t, "club-pairs-corrected.json", s);
    free(s);
    static char keep[256];
    snprintf(keep, sizeof keep, "%s", path);
    return keep;
}

static const char *batch_state(lt *t, int64_t id, bmp_table *tb)
{
    bmp_error e = {0};
    bmp_table_init(tb);
    assert_int_equal(bmp_ledger_batches(t->l, NULL, tb, &e), BMP_OK);
    char want[24];
    snprintf(want, sizeof want, "%lld", (long long)id);
    size_t r = bmp_table_find_row(tb, want);
    assert_true(r != (size_t)-1);
    return lt_cell(tb, r, "state");
}

/* EBU-46 club pairs, 7 tables: NS 1st 30, 2nd 20 local points each.  The
 * corrected file moves 10 points from each of Hart and Bell to Fox and
 * Lane: refused, nothing written, each difference listed. */
static void corrected_places_refused_with_difference(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    assert_int_equal(lt_import(&t, EX "ebu/club-pairs.json", "ebu", BMP_OK), 1);
    const char *fixed = swapped(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu"};
    assert_int_equal(bmp_ledger_import(t.l, fixed, &o, &id, &p, &e), BMP_EINVAL);
    assert_int_equal(id, 0);
    lt_has(&p, "the same event as batch 1 (provisional; name=monday evening pairs;"
               "date=2025-03-10;club=) with other awards: give --replaces 1");
    lt_has(&p, "player 123456 local: 30.00 in batch 1, 20.00 in this file");
    lt_has(&p, "player 234567 local: 30.00 in batch 1, 20.00 in this file");
    lt_has(&p, "player 345678 local: 20.00 in batch 1, 30.00 in this file");
    lt_has(&p, "player 456789 local: 20.00 in batch 1, 30.00 in this file");
    assert_int_equal(p.count, 5); /* the heading and four players; EW unchanged */
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* With --replaces 1 and a reason, batch 1 is rejected and the correction
 * recorded in one transaction; the original again is then refused against
 * the correction. */
static void replaces_rejects_old_and_records_new(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    lt_import(&t, EX "ebu/club-pairs.json", "ebu", BMP_OK);
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .replaces = 1,
                                .reason = "NS places 1 and 2 were swapped"};
    assert_int_equal(bmp_ledger_import(t.l, swapped(&t), &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(id, 2);
    bmp_table tb;
    assert_string_equal(batch_state(&t, 1, &tb), "rejected");
    bmp_table_free(&tb);
    assert_string_equal(batch_state(&t, 2, &tb), "provisional");
    bmp_table_free(&tb);
    bmp_problems p = {0};
    o.replaces = 0;
    assert_int_equal(bmp_ledger_import(t.l, EX "ebu/club-pairs.json", &o, &id, &p, &e),
                     BMP_EINVAL);
    lt_has(&p, "player 123456 local: 20.00 in batch 2, 30.00 in this file");
    bmp_problems_free(&p);
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    lt_done(&t);
}

/* The event's own `award --format usebio` export (or, with no awards,
 * `convert`), as bytes. */
static char *export_of(const char *path, bmp_pipeline_format f, size_t *len)
{
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    char *out = NULL;
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, path, &e), BMP_OK);
    if (f == BMP_PIPE_USEBIO)
        assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_write_buffer(p, f, &out, len, &e), BMP_OK);
    bmp_pipeline_free(p);
    return out;
}

static bmp_event *read_usebio(const char *doc, size_t len)
{
    bmp_usebio_opts uo = {.body = "ebu"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory(doc, len, "x.xml", &uo, &ev, &e))
        fail_msg("%s", e.msg);
    return ev;
}

/* One hash for the JSON event and its USEBIO export: contestant "1NS" is
 * pair 1, the session ranking "NS" is session 1 NS, and the field of 7
 * tables comes back (TABLE_COUNT), so the awards are the same (EBU-46:
 * 30, 20, 10; EW 30, 15, 15). */
static void usebio_export_same_event(void **state)
{
    (void)state;
    size_t len = 0;
    char *doc = export_of(EX "ebu/club-pairs.json", BMP_PIPE_USEBIO, &len);
    assert_non_null(strstr(doc, "<TABLE_COUNT>7</TABLE_COUNT>"));
    bmp_event *u = read_usebio(doc, len), *j = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_event_load_file(EX "ebu/club-pairs.json", &j, &e), BMP_OK);
    assert_true(u->tables == 7.0);
    char hu[BMP_CONTENT_HASH_HEX], hj[BMP_CONTENT_HASH_HEX];
    assert_int_equal(bmp_event_content_hash(u, hu, &e), BMP_OK);
    assert_int_equal(bmp_event_content_hash(j, hj, &e), BMP_OK);
    assert_string_equal(hu, hj);
    bmp_awards au, aj;
    bmp_awards_init(&au);
    bmp_awards_init(&aj);
    assert_int_equal(bmp_award_event(u, &au, &e), BMP_OK);
    assert_int_equal(bmp_award_event(j, &aj, &e), BMP_OK);
    assert_int_equal(au.count, 6);
    bmp_points sum = 0;
    for (size_t i = 0; i < au.count; i++)
        sum += au.items[i].points;
    assert_int_equal(sum, 12000); /* 30+20+10+30+15+15 */
    assert_int_equal(aj.count, 6);
    bmp_awards_free(&au);
    bmp_awards_free(&aj);
    bmp_event_free(u);
    bmp_event_free(j);
    /* into the ledger after the JSON event: the same event, the same awards */
    lt t;
    lt_new(&t);
    lt_import(&t, EX "ebu/club-pairs.json", "ebu", BMP_OK);
    char *before = lt_dump(&t);
    bmp_usebio_opts uo = {.body = "ebu"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .usebio = &uo};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_memory(t.l, doc, len, "export.xml", &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "export.xml: already imported: batch 1 (provisional) holds "
                                  "the same event"));
    /* a points-only correction of the export is a correction, not a duplicate */
    char *more = strdup(doc);
    swap_text(more, "<MASTER_POINTS_AWARDED>30<", "<MASTER_POINTS_AWARDED>31<");
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_import_memory(t.l, more, strlen(more), "more.xml", &o, &id, &p,
                                              &e), BMP_EINVAL);
    lt_has(&p, "player 123456 local: 30.00 in batch 1, 31.00 in this file");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    free(more);
    free(doc);
    lt_done(&t);
}

/* `bridgemp convert` output (USEBIO without MASTER_POINTS): the same
 * content hash, refused naming the batch. */
static void converted_same_content(void **state)
{
    (void)state;
    size_t len = 0;
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    char *doc = NULL;
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, EX "ebu/club-pairs.json", &e), BMP_OK);
    const bmp_event *ev = bmp_pipeline_event(p);
    assert_int_equal(bmp_usebio_write(ev, NULL, BMP_USEBIO_MP_FLAT, &doc, NULL, &e), BMP_OK);
    len = strlen(doc);
    bmp_pipeline_free(p);
    lt t;
    lt_new(&t);
    lt_import(&t, EX "ebu/club-pairs.json", "ebu", BMP_OK);
    bmp_usebio_opts uo = {.body = "ebu"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .usebio = &uo};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_memory(t.l, doc, len, "conv.xml", &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "conv.xml: already imported: batch 1 (provisional) holds the "
                                  "same content"));
    free(doc);
    lt_done(&t);
}

/* A player appears once per event: both members of a pair, or in two
 * contestants, refused naming both places. */
static void player_twice_refused(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    char *s = bmp_test_slurp(EX "ebu/club-pairs.json", NULL);
    swap_text(s, "\"id\": \"456789\"", "\"id\": \"123456\""); /* Jo Lane, pair 2 */
    const char *path = lt_file(&t, "twice.json", s);
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu"};
    assert_int_equal(bmp_ledger_import(t.l, path, &o, &id, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "player 123456 appears twice: contestant 1 (position 1) "
                                  "player 1 and contestant 2 (position 2) player 2"));
    free(s);
    s = bmp_test_slurp(EX "ebu/club-pairs.json", NULL);
    swap_text(s, "\"id\": \"234567\"", "\"id\": \"123456\""); /* Tom Bell, Hart's partner */
    path = lt_file(&t, "pair.json", s);
    assert_int_equal(bmp_ledger_import(t.l, path, &o, &id, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "player 123456 appears twice: contestant 1 (position 1) "
                                  "player 1 and contestant 1 (position 1) player 2"));
    free(s);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corrected_places_refused_with_difference),
        cmocka_unit_test(replaces_rejects_old_and_records_new),
        cmocka_unit_test(usebio_export_same_event),
        cmocka_unit_test(converted_same_content),
        cmocka_unit_test(player_twice_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
