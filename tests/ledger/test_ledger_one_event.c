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
#include "ledger/intake/event_identity.h"
#include "ledger/ledger_internal.h"

#include <ctype.h>
#include <sodium.h>

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
    if (f != BMP_PIPE_EVENT_JSON)
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

/* ---- issue 45 item 2: one event posts once, in any form ------------------ */

#define ABF_PAIRS EX "abf/club-pairs.json"

/* s with every `from` replaced by `to` (malloc'd). */
static char *replace_all(const char *s, const char *from, const char *to)
{
    size_t n = 0, fl = strlen(from), tl = strlen(to);
    for (const char *p = s; (p = strstr(p, from)); p += fl)
        n++;
    char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
    assert_non_null(out);
    for (const char *p = s, *q; ; p = q + fl) {
        q = strstr(p, from);
        size_t k = q ? (size_t)(q - p) : strlen(p);
        memcpy(o, p, k);
        o += k;
        if (!q)
            break;
        memcpy(o, to, tl);
        o += tl;
    }
    *o = '\0';
    return out;
}

/* An ABF ledger with club 2074 and players 1002..1041 (club-pairs.json's)
 * registered, and club-pairs.json imported by club 2074 as batch 1. */
static void abf_pairs_imported(lt *t)
{
    lt_new(t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t->l, "abf", lt_file(t, "c.csv", LT_ABF_CLUBS), &n,
                                             NULL, &e), BMP_OK);
    char csv[4096] = "number,name,status,home_club,alternates\n";
    for (int i = 2; i <= 41; i++)
        snprintf(csv + strlen(csv), sizeof csv - strlen(csv), "%d,Player %d,Active,2074,\n",
                 1000 + i, i);
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p.csv", csv), &n, NULL,
                                               &e), BMP_OK);
    assert_int_equal(n, 40);
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    if (bmp_ledger_import(t->l, ABF_PAIRS, &o, &id, NULL, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(id, 1);
}

/* The bytes `doc` imported by club 2074 as `name` are refused as batch 1's
 * event, nothing written; the message contains want. */
static void refused_as_batch1(lt *t, const char *doc, size_t len, const char *name,
                              const char *want)
{
    char *before = lt_dump(t);
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    bmp_status st = bmp_ledger_import_memory(t->l, doc, len, name, &o, &id, &p, &e);
    if (st != BMP_EINVAL || !strstr(e.msg, want)) {
        for (size_t i = 0; i < p.count; i++)
            fprintf(stderr, "  problem: %s\n", p.msgs[i]);
        fail_msg("%s: status %d, \"%s\"; wanted \"%s\"", name, (int)st, e.msg, want);
    }
    assert_int_equal(id, 0);
    bmp_problems_free(&p);
    lt_unchanged(t, before);
}

#define SAME_AWARDS "already imported: batch 1 (provisional) holds the same event (the same " \
                    "award lines"

/* Issue 45 finding 2: renamed with numbers zero-padded, scores off by
 * 0.001, contestants renumbered, an organiser's id added: each the same
 * award lines as batch 1, refused naming it. */
static void abf_cosmetics_refused(void **state)
{
    (void)state;
    lt t;
    abf_pairs_imported(&t);
    char *src = bmp_test_slurp(ABF_PAIRS, NULL);
    char *a = replace_all(src, "Club Monday Pairs", "Monday Club Pairs (corrected)");
    char *padded = replace_all(a, "\"id\": \"10", "\"id\": \"00010");
    refused_as_batch1(&t, padded, strlen(padded), "padded.json", SAME_AWARDS);
    char *b = replace_all(a, "\"score\": 54.92", "\"score\": 54.921");
    char *noisy = replace_all(b, "\"score\": 62.64", "\"score\": 62.639");
    refused_as_batch1(&t, noisy, strlen(noisy), "noisy.json", SAME_AWARDS);
    char *renumbered = replace_all(a, "\n   \"id\": \"", "\n   \"id\": \"9");
    assert_non_null(strstr(renumbered, "\"id\": \"920\""));
    refused_as_batch1(&t, renumbered, strlen(renumbered), "renumbered.json", SAME_AWARDS);
    char *org = replace_all(src, "\"date\": \"2025-08-04\",",
                            "\"date\": \"2025-08-04\", \"organiser\": \"2074\", "
                            "\"event_id\": \"MON-0804\",");
    refused_as_batch1(&t, org, strlen(org), "org.json", SAME_AWARDS);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    /* said to replace batch 1, the club's renamed file is its correction */
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074", .replaces = 1,
                                .reason = "the event's name"};
    assert_int_equal(bmp_ledger_import_memory(t.l, padded, strlen(padded), "padded.json", &o, &id,
                                              NULL, &e), BMP_OK);
    assert_int_equal(id, 2);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    free(org);
    free(renumbered);
    free(noisy);
    free(b);
    free(padded);
    free(a);
    free(src);
    lt_done(&t);
}

/* s's lines in reverse order (malloc'd). */
static char *lines_reversed(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n + 2), *o = out;
    assert_non_null(out);
    size_t end = n;
    while (end > 0) {
        size_t stop = end;
        if (s[stop - 1] == '\n')
            stop--;
        size_t start = stop;
        while (start > 0 && s[start - 1] != '\n')
            start--;
        memcpy(o, s + start, stop - start);
        o += stop - start;
        *o++ = '\n';
        end = start;
    }
    *o = '\0';
    return out;
}

/* The event's own ABF credit file (award --format abf-green), as written
 * and with its lines reversed, and its USEBIO export under another title:
 * refused as batch 1's award lines. */
static void abf_other_forms_refused(void **state)
{
    (void)state;
    lt t;
    abf_pairs_imported(&t);
    size_t len = 0;
    char *grn = export_of(ABF_PAIRS, BMP_PIPE_ABF_GREEN, &len);
    assert_true(len > 13);
    refused_as_batch1(&t, grn, len, "monday.grn", SAME_AWARDS);
    char *rev = lines_reversed(grn);
    assert_string_not_equal(rev, grn);
    refused_as_batch1(&t, rev, strlen(rev), "monday-reversed.grn", SAME_AWARDS);
    char *xml = export_of(ABF_PAIRS, BMP_PIPE_USEBIO, &len);
    char *open = strstr(xml, "<TITLE>"), *close = open ? strstr(open, "</TITLE>") : NULL;
    assert_non_null(close);
    char *retitled = malloc(strlen(xml) + 32);
    assert_non_null(retitled);
    sprintf(retitled, "%.*s<TITLE>Another Title</TITLE>%s", (int)(open - xml), xml,
            close + strlen("</TITLE>"));
    refused_as_batch1(&t, retitled, strlen(retitled), "retitled.xml", SAME_AWARDS);
    free(retitled);
    free(xml);
    free(rev);
    free(grn);
    lt_done(&t);
}

/* The same event (date, players, places) with another grade (D, not E:
 * 0.40 green to the winners, not 0.30) under another name: the same event
 * with other awards, refused with the difference unless it says what it
 * replaces. */
static void abf_same_players_places_is_a_correction(void **state)
{
    (void)state;
    lt t;
    abf_pairs_imported(&t);
    char *src = bmp_test_slurp(ABF_PAIRS, NULL);
    char *a = replace_all(src, "\"grade\": \"E\"", "\"grade\": \"D\"");
    char *b = replace_all(a, "Club Monday Pairs", "Monday Pairs");
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    assert_int_equal(bmp_ledger_import_memory(t.l, b, strlen(b), "claim.json", &o, &id, &p, &e),
                     BMP_EINVAL);
    lt_has(&p, "claim.json: the same event as batch 1 (provisional; the same date, players and "
               "places, fingerprint ");
    lt_has(&p, "with other awards: give --replaces 1 --reason R");
    lt_has(&p, "player 0001002 green: 0.30 in batch 1, 0.40 in this file");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    /* the club replaces its own batch of this event */
    o.replaces = 1;
    o.reason = "grade D, not E";
    assert_int_equal(bmp_ledger_import_memory(t.l, b, strlen(b), "claim.json", &o, &id, NULL,
                                              &e), BMP_OK);
    assert_int_equal(id, 2);
    free(b);
    free(a);
    free(src);
    lt_done(&t);
}

/* A club replaces only a batch of the same event: batch 1 (Monday) cannot
 * be "replaced" by another event of the club (the next Monday: other
 * places, another pair); the body's secretary (no club) still may, with a
 * reason. */
static void abf_club_replaces_only_same_event(void **state)
{
    (void)state;
    lt t;
    abf_pairs_imported(&t);
    char *src = bmp_test_slurp(ABF_PAIRS, NULL);
    char *a = replace_all(src, "2025-08-04", "2025-08-11"); /* next Monday, */
    char *b = replace_all(a, "\"place\": 1,\n     \"score\": 54.92",
                          "\"place\": X,\n     \"score\": 54.92"); /* other places */
    char *c = replace_all(b, "\"place\": 2,\n     \"score\": 51.93",
                          "\"place\": 1,\n     \"score\": 51.93");
    char *d = replace_all(c, "\"place\": X,", "\"place\": 2,");
    char *other = replace_all(d, "\"id\": \"1002\"", "\"id\": \"1042\""); /* a new pair */
    assert_string_not_equal(other, a);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074", .replaces = 1,
                                .reason = "wrong file"};
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_import_memory(t.l, other, strlen(other), "next.json", &o, &id,
                                              &p, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "next.json: batch 1 is another event"));
    assert_non_null(strstr(e.msg, "a club replaces only a batch of the same event"));
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    o.club = NULL; /* the secretary */
    assert_int_equal(bmp_ledger_import_memory(t.l, other, strlen(other), "next.json", &o, &id,
                                              NULL, &e), BMP_OK);
    assert_int_equal(id, 2);
    free(other);
    free(d);
    free(c);
    free(b);
    free(a);
    free(src);
    lt_done(&t);
}

/* ---- the award fingerprint's bytes (issue 46, import46a) ----------------- */

typedef struct ref_sum {
    char number[24], type[16];
    bmp_points pts;
} ref_sum;

static int ref_cmp(const void *a, const void *b)
{
    const ref_sum *x = a, *y = b;
    int c = strcmp(x->number, y->number);
    return c ? c : strcmp(x->type, y->type);
}

/* The fingerprint as issue 45 defined it, with qsort and printf. */
static void ref_print(const char *body, const bmp_ledger_line *lines, size_t n, char hex[65])
{
    ref_sum *v = calloc(n, sizeof *v);
    assert_non_null(v);
    for (size_t i = 0; i < n; i++) {
        if (ledger_number_check(body, lines[i].number, v[i].number, sizeof v[i].number, NULL))
            snprintf(v[i].number, sizeof v[i].number, "%s", lines[i].number);
        snprintf(v[i].type, sizeof v[i].type, "%s", lines[i].point_type);
        for (char *c = v[i].type; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        v[i].pts = lines[i].points;
    }
    qsort(v, n, sizeof *v, ref_cmp);
    char *text = malloc(64 * n + 32);
    assert_non_null(text);
    size_t len = (size_t)sprintf(text, "bridgemp-awards/1\n");
    for (size_t i = 0, k; i < n; i = k) {
        bmp_points sum = 0;
        for (k = i; k < n && !ref_cmp(&v[i], &v[k]); k++)
            sum += v[k].pts;
        if (sum)
            len += (size_t)sprintf(text + len, "%s|%s|%lld\n", v[i].number, v[i].type,
                                   (long long)sum);
    }
    unsigned char bin[32];
    crypto_hash_sha256(bin, (const unsigned char *)text, len);
    sodium_bin2hex(hex, 65, bin, sizeof bin);
    free(text);
    free(v);
}

/* The award fingerprint's bytes unchanged by its own sort: 600 lines in a
 * scrambled order, numbers of 1 to 12 characters (some alike in their
 * first eight, some not numbers at all), types in two cases, sums of
 * zero left out, negative sums, a player in many lines: the same hex as
 * qsort and printf make. */
static void award_print_bytes(void **state)
{
    (void)state;
    enum { N = 600 };
    static char num[N][16];
    static const char *const types[] = {"green", "Green", "red", "gold", "GOLD"};
    bmp_ledger_line v[N];
    for (int i = 0; i < N; i++) {
        unsigned k = (unsigned)(i * 7919) % 97;
        if (k % 9 == 0)
            snprintf(num[i], sizeof num[i], "12345678%c%u", 'A' + k % 5, k % 3);
        else if (k % 9 == 1)
            snprintf(num[i], sizeof num[i], "x%u", k);
        else
            snprintf(num[i], sizeof num[i], "%u", 1000 + k * 37);
        v[i] = (bmp_ledger_line){.number = num[i], .point_type = types[(i * 31) % 5],
                                 .points = (i % 4 == 3 ? -1 : 1) * (bmp_points)(1 + i % 250)};
    }
    const char *bodies[] = {"abf", "acbl", "nzb"};
    for (int b = 0; b < 3; b++)
        for (size_t n = 0; n <= N; n = n ? n * 3 : 1) {
            char got[65], want[65];
            bmp_error e = {0};
            assert_int_equal(ledger_award_print(bodies[b], v, n < N ? n : N, got, &e), BMP_OK);
            ref_print(bodies[b], v, n < N ? n : N, want);
            if (n == 0)
                assert_string_equal(got, ""); /* no line: no fingerprint */
            else
                assert_string_equal(got, want);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corrected_places_refused_with_difference),
        cmocka_unit_test(replaces_rejects_old_and_records_new),
        cmocka_unit_test(usebio_export_same_event),
        cmocka_unit_test(converted_same_content),
        cmocka_unit_test(player_twice_refused),
        cmocka_unit_test(abf_cosmetics_refused),
        cmocka_unit_test(abf_other_forms_refused),
        cmocka_unit_test(abf_same_players_places_is_a_correction),
        cmocka_unit_test(abf_club_replaces_only_same_event),
        cmocka_unit_test(award_print_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
