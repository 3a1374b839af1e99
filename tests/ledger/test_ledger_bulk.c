/* National-size batches: a batch naming at least 4096 distinct players
 * resolves them with one pass over the body's register instead of a lookup
 * each (src/ledger/intake/batch.c pcache_resolve).  The answers must be the same
 * as the per-player path's: credited, held (L-1, ABF-99) or refused
 * (Deceased, NZ-88), line numbers in the messages, control totals. */
#include "ledger_test_util.h"
#include "chain_test_util.h"
#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_secretary.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

#define NPLAYERS 5000

static char numbers[NPLAYERS][8];

/* NPLAYERS Active ABF players 1000000.., then a Deceased 1999998 and a
 * Dormant 1999997. */
static void register_many(lt *t)
{
    lt_new(t);
    size_t cap = (size_t)NPLAYERS * 40 + 200, len = 0;
    char *csv = malloc(cap);
    assert_non_null(csv);
    len += (size_t)snprintf(csv + len, cap - len, "number,name,status\n");
    for (int i = 0; i < NPLAYERS; i++) {
        snprintf(numbers[i], sizeof numbers[i], "%07d", 1000000 + i);
        len += (size_t)snprintf(csv + len, cap - len, "%s,Player %d,Active\n", numbers[i], i);
    }
    len += (size_t)snprintf(csv + len, cap - len,
                            "1999998,Late Player,Deceased\n1999997,Resting Player,Dormant\n");
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p.csv", csv), &n, NULL,
                                               &e), BMP_OK);
    assert_int_equal(n, NPLAYERS + 2);
    free(csv);
}

/* Lines: every registered player once (0.10 each), then `extra` numbers. */
static bmp_ledger_line *lines_for(const char *const *extra, size_t nextra, size_t *n)
{
    *n = NPLAYERS + nextra;
    bmp_ledger_line *v = calloc(*n, sizeof *v);
    assert_non_null(v);
    for (size_t i = 0; i < *n; i++)
        v[i] = (bmp_ledger_line){.number = i < NPLAYERS ? numbers[i] : extra[i - NPLAYERS],
                                 .point_type = "green", .points = 10, .rule = "ABF-6",
                                 .event = "bulk", .contestant = "1", .line = i + 1};
    return v;
}

/* One section of a dump ("== player" up to the next "=="), freshly allocated. */
static char *section(const char *dump, const char *table)
{
    char head[64];
    snprintf(head, sizeof head, "== %s\n", table);
    const char *s = strstr(dump, head);
    assert_non_null(s);
    const char *end = strstr(s + strlen(head), "\n== ");
    return strndup(s, end ? (size_t)(end - s) : strlen(s));
}

/* Issue 46: a national close keeps the ranks it replaces from the list it
 * ranked (many rows a statement, COPY on PostgreSQL), one row a touched
 * player; the reopen puts every player's rank back as it was before the
 * close (d0), and verify finds the chain whole (the close's entry and the
 * reopen's).  The period is
 * closed again, as the callers expect. */
static void kept_ranks_undone(lt *t, char *d0)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    char *d1 = lt_dump(t), *kept = section(d1, "close_rank");
    size_t rows = 0;
    for (const char *c = strstr(kept, "|2026-10|"); c; c = strstr(c + 1, "|2026-10|"))
        rows++;
    assert_int_equal(rows, NPLAYERS);
    bmp_ledger_reopen_stats rs;
    assert_int_equal(bmp_ledger_reopen_period(t->l, "abf", "2026-10", "test", &rs, &e), BMP_OK);
    char *d2 = lt_dump(t), *a = section(d0, "player"), *b = section(d2, "player");
    assert_string_equal(a, b);
    assert_int_equal(bmp_ledger_verify(t->l, &p, &e), BMP_OK);
    assert_int_equal(p.count, 0);
    bmp_problems_free(&p);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", "2026-10", NULL, &e), BMP_OK);
    free(a);
    free(b);
    free(kept);
    free(d0);
    free(d1);
    free(d2);
}

/* Issue 46 (close46g): the close digests the kept ranks and the promotions
 * from the values it binds (on SQLite the kept ranks only when their ids
 * are those it assumed); the last entry's digest of the group is the one
 * read back from the rows. */
static void group_as_read(lt *t, const char *table, const char *period)
{
    char sql[300], key[64];
    snprintf(sql, sizeof sql, "SELECT digest, key FROM audit_row WHERE tbl = '%s' AND key = "
             "(SELECT id FROM body WHERE code = 'abf') || '|%s' ORDER BY seq DESC LIMIT 1",
             table, period);
    ledger_stmt *st = NULL;
    bmp_error e = {0};
    assert_int_equal(lq_query(t->l, &st, &e, sql, NULL), BMP_OK);
    bool row = false;
    assert_int_equal(lq_step(t->l, st, &row, &e), BMP_OK);
    assert_true(row);
    char entry[65];
    snprintf(entry, sizeof entry, "%s", lq_col_text(t->l, st, 0));
    snprintf(key, sizeof key, "%s", lq_col_text(t->l, st, 1));
    lq_finalize(t->l, st);
    char got[65];
    chain_group_read_back(t->l, table, key, got);
    assert_int_equal(strlen(entry), 64);
    assert_string_equal(entry, got);
}

/* ABF-99 / L-1: an unregistered and a Dormant player's lines are held; the
 * other 5000 are credited.  Control total: 5002 lines x 0.10 = 500.20. */
static void test_bulk_batch_credits_and_holds(void **state)
{
    (void)state;
    lt t;
    register_many(&t);
    const char *extra[] = {"1999999", "1999997"};
    size_t n = 0;
    bmp_ledger_line *v = lines_for(extra, 2, &n);
    const char *control[] = {"green=500.20"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .control = control,
                                .ncontrol = 1};
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "bulk.json",
                                             "b1", "bulk", "2026-10-01", v, n, &id, &p, &e),
                     BMP_OK);
    assert_int_equal(p.count, 0);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    char *d0 = lt_dump(&t);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.lines, n);
    assert_int_equal(s.players, NPLAYERS); /* the two held lines touch nobody's holding */
    /* issue 46: on SQLite the new ranks go 64 players an UPDATE and the
     * promotions 32 an INSERT (5000 = 78 x 64 + 8): the players at the
     * statements' edges and in the last, shorter one have the rank the
     * first has, and there is a promotion row for each promotion counted */
    bmp_ledger_summary first, other;
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", numbers[0], &first, &e), BMP_OK);
    assert_true(first.rank[0] != '\0');
    static const int edge[] = {63, 64, 127, 128, 4991, 4992, 4999};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        assert_int_equal(bmp_ledger_player_summary(t.l, "abf", numbers[edge[i]], &other, &e),
                         BMP_OK);
        assert_string_equal(other.rank, first.rank);
    }
    char *d1 = lt_dump(&t), *promo = section(d1, "promotion");
    size_t promos = 0;
    for (const char *c = strstr(promo, "|2026-10|"); c; c = strstr(c + 1, "|2026-10|"))
        promos++;
    assert_int_equal(promos, s.promotions);
    free(promo);
    free(d1);
    group_as_read(&t, "close_rank", "2026-10");
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    assert_int_equal(p.count, 0);
    kept_ranks_undone(&t, d0);

    /* one player's statement: 0.10 green */
    bmp_table tab = {0};
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1004999", &tab, &e), BMP_OK);
    assert_true(tab.nrows >= 1);
    bool seen = false;
    for (size_t r = 0; r < tab.nrows; r++)
        for (size_t c = 0; c < tab.ncols; c++)
            seen |= strcmp(bmp_table_get(&tab, r, c), "0.10") == 0;
    assert_true(seen);
    bmp_table_free(&tab);
    free(v);
    lt_done(&t);
}

/* NZ-88: a Deceased player's line refuses the whole batch, naming the
 * line (5001) as the per-player path does; nothing is written. */
static void test_bulk_batch_refuses_deceased(void **state)
{
    (void)state;
    lt t;
    register_many(&t);
    char *before = lt_dump(&t);
    const char *extra[] = {"1999998"};
    size_t n = 0;
    bmp_ledger_line *v = lines_for(extra, 1, &n);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "bulk.json", "b2", "bulk",
                                             "2026-10-01", v, n, &id, &p, &e),
                     BMP_EINVAL);
    assert_int_equal(p.count, 1);
    lt_has(&p, "bulk.json:5001: player 1999998 is Deceased");
    assert_int_equal(id, 0);
    lt_unchanged(&t, before);
    bmp_problems_free(&p);
    free(v);
    lt_done(&t);
}

/* A malformed number among 5000 good ones: reported by line, batch refused. */
static void test_bulk_batch_bad_number(void **state)
{
    (void)state;
    lt t;
    register_many(&t);
    const char *extra[] = {"12x"};
    size_t n = 0;
    bmp_ledger_line *v = lines_for(extra, 1, &n);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "bulk.json", "b3", "bulk",
                                             "2026-10-01", v, n, &id, &p, &e),
                     BMP_EINVAL);
    lt_has(&p, "bulk.json:5001: player number:");
    bmp_problems_free(&p);
    free(v);
    lt_done(&t);
}

/* COPY (the PostgreSQL store's bulk path, batches of 64+ lines) escapes
 * what its text format gives meaning to: a held line's name with a quote,
 * a tab, a backslash and a newline comes back byte for byte. */
static void test_bulk_batch_keeps_odd_names(void **state)
{
    (void)state;
    lt t;
    register_many(&t);
    const char *extra[] = {"1999999"};
    size_t n = 0;
    bmp_ledger_line *v = lines_for(extra, 1, &n);
    const char *odd = "O'Brien\tA\\B\nC";
    v[n - 1].name = odd;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "odd.json", "b4", "bulk",
                                             "2026-10-01", v, n, &id, &p, &e),
                     BMP_OK);
    char *d = lt_dump(&t);
    assert_non_null(strstr(d, odd));
    free(d);
    free(v);
    lt_done(&t);
}

/* A batch naming 700 of the 5,000 (the lookup path, below the register
 * scan's 4,096): on PostgreSQL the numbers go 256 a statement (2 full
 * chunks and one of 188), so the chunk edges are covered.  L-1: the two
 * unknown numbers (one in each of the last two chunks) are held, the
 * Dormant 1999997 too; 698 players credited, 0.10 each. */
static void test_chunked_lookups(void **state)
{
    (void)state;
    lt t;
    register_many(&t);
    size_t n = 700;
    bmp_ledger_line *v = calloc(n, sizeof *v);
    assert_non_null(v);
    for (size_t i = 0; i < n; i++)
        v[i] = (bmp_ledger_line){.number = numbers[i * 7], .point_type = "green", .points = 10,
                                 .rule = "ABF-6", .event = "chunks", .contestant = "1",
                                 .line = i + 1};
    v[300].number = "1999999"; /* unregistered: in the second chunk */
    v[650].number = "1999997"; /* Dormant: in the third */
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t.l, &(bmp_ledger_import_opts){.size = sizeof(
                                                       bmp_ledger_import_opts), .body = "abf"},
                                             BMP_BATCH_EVENT, "chunks.json", "c1", "chunks",
                                             "2026-10-01", v, n, &id, &p, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.players, 698);
    bmp_table tab = {0};
    assert_int_equal(bmp_ledger_batches(t.l, NULL, &tab, &e), BMP_OK);
    assert_string_equal(lt_cell(&tab, 0, "held"), "2");
    assert_string_equal(lt_cell(&tab, 0, "totals"), "green 70.00"); /* 700 x 0.10 */
    bmp_table_free(&tab);
    /* the last number of the last chunk: numbers[699 x 7] = 1004893 */
    bmp_ledger_summary sum;
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", numbers[699 * 7], &sum, &e), BMP_OK);
    assert_int_equal(sum.holding[0], 10);
    free(v);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bulk_batch_credits_and_holds),
        cmocka_unit_test(test_bulk_batch_refuses_deceased),
        cmocka_unit_test(test_bulk_batch_bad_number),
        cmocka_unit_test(test_bulk_batch_keeps_odd_names),
        cmocka_unit_test(test_chunked_lookups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
