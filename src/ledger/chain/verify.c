/* Integrity: recompute the audit hash chain, the batches' control totals
 * and every holding from the journal; and a stable dump of every table. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/intake/carried.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

#define GENESIS_HEX "0000000000000000000000000000000000000000000000000000000000000000"

/* The chain's links from the entry after `from` (0: the genesis, its hash
 * `from_hash`); *checked counts the entries read. */
static bmp_status verify_chain(bmp_ledger *l, int64_t from, const char *from_hash,
                               bmp_problems *pp, size_t *bad, int64_t *checked, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT seq, at, who, action, detail, prev_hash, hash, rows_hash FROM audit "
                             "WHERE seq > ?1 ORDER BY seq", "i", from);
    char prev[65];
    snprintf(prev, sizeof prev, "%s", from_hash);
    int64_t expect = from + 1;
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        int64_t seq = lq_col_int(l, st, 0);
        (*checked)++;
        char hash[65];
        ledger_audit_hash_rows(prev, seq, lq_col_text(l, st, 1), lq_col_text(l, st, 2),
                               lq_col_text(l, st, 3), lq_col_text(l, st, 4),
                               lq_col_text(l, st, 7), hash);
        if (seq != expect) {
            problems_add(pp, "audit: entry %lld follows %lld (an entry is missing)", (long long)seq,
                         (long long)expect - 1);
            (*bad)++;
        }
        if (strcmp(lq_col_text(l, st, 5), prev) != 0) {
            problems_add(pp, "audit %lld: prev_hash does not match entry %lld's hash", (long long)seq,
                         (long long)seq - 1);
            (*bad)++;
        }
        if (strcmp(lq_col_text(l, st, 6), hash) != 0) {
            problems_add(pp, "audit %lld: hash mismatch (the entry was altered)", (long long)seq);
            (*bad)++;
        }
        snprintf(prev, sizeof prev, "%s", lq_col_text(l, st, 6));
        expect = seq + 1;
    }
    lq_finalize(l, st);
    return rc;
}

/* Each row of the query is a difference, described by its columns. */
static bmp_status report_rows(bmp_ledger *l, const char *sql, const char *fmt_what,
                              bmp_problems *pp, size_t *bad, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, sql, NULL);
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        char a[32], b[32];
        bmp_points_format(lq_col_int(l, st, 2), a, sizeof a);
        bmp_points_format(lq_col_int(l, st, 3), b, sizeof b);
        problems_add(pp, "%s %s %s: recorded %s, recomputed %s", fmt_what, lq_col_text(l, st, 0),
                     lq_col_text(l, st, 1), a, b);
        (*bad)++;
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_verify(bmp_ledger *l, bmp_problems *probs, bmp_error *err)
{
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    size_t before = pp->count, bad = 0;
    int64_t checked = 0;
    bmp_status rc = verify_chain(l, 0, GENESIS_HEX, pp, &bad, &checked, err);
    if (!rc) /* issue 27: every row against the chain's latest image of it */
        rc = ledger_chain_verify(l, pp, &bad, err);
    if (!rc) /* issue 45: the schema as the migrations make it, now and at each entry */
        rc = ledger_schema_verify(l, 0, pp, &bad, err);
    if (!rc) /* issue 45: a session is a login only with its login entry */
        rc = ledger_sessions_verify(l, pp, &bad, err);
    if (!rc) /* issue 45: a token is one only with its creation entry */
        rc = ledger_tokens_verify(l, pp, &bad, err);
    if (!rc) /* issue 26: lines beyond what any event gives, before they are summed */
        rc = ledger_verify_bounds(l, pp, &bad, err);
    /* control totals: journal + held lines of each batch and point type */
    if (!rc)
        rc = report_rows(
            l,
            "WITH lines AS (SELECT batch_id, point_type, points FROM journal "
            "  UNION ALL SELECT batch_id, point_type, points FROM held), "
            "sums AS (SELECT batch_id, point_type, sum(points) AS s FROM lines "
            "  GROUP BY batch_id, point_type) "
            "SELECT t.batch_id, t.point_type, t.points, coalesce(s.s, 0) FROM batch_total t "
            "LEFT JOIN sums s ON s.batch_id = t.batch_id AND s.point_type = t.point_type "
            "WHERE t.points <> coalesce(s.s, 0) "
            "UNION ALL SELECT s.batch_id, s.point_type, 0, s.s FROM sums s WHERE NOT EXISTS "
            "(SELECT 1 FROM batch_total t WHERE t.batch_id = s.batch_id AND "
            "t.point_type = s.point_type) ORDER BY 1, 2",
            "control total of batch", pp, &bad, err);
    /* holdings: the posted journal, read in table order and grouped by a
     * sort (the CAST keeps SQLite from walking journal_player, which fetched
     * every line by its rowid at random: 2.4x the CPU at a million players,
     * where the journal outgrows the page cache; issue 46, performance.md) */
    if (!rc)
        rc = report_rows(
            l,
            "WITH posted AS (SELECT CAST(j.player_id AS BIGINT) AS player_id, j.point_type, "
            "  sum(j.points) AS s "
            "  FROM journal j JOIN batch b ON b.id = j.batch_id WHERE b.state = 'posted' "
            "  GROUP BY 1, 2) "
            "SELECT p.number, h.point_type, h.points, coalesce(x.s, 0) FROM holding h "
            "JOIN player p ON p.id = h.player_id LEFT JOIN posted x ON x.player_id = h.player_id "
            "AND x.point_type = h.point_type WHERE h.points <> coalesce(x.s, 0) "
            "UNION ALL SELECT p.number, x.point_type, 0, x.s FROM posted x "
            "JOIN player p ON p.id = x.player_id WHERE NOT EXISTS (SELECT 1 FROM holding h "
            "WHERE h.player_id = x.player_id AND h.point_type = x.point_type) ORDER BY 1, 2",
            "holding of player", pp, &bad, err);
    if (!rc && bad)
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    bmp_problems_free(&local);
    return rc;
}

/* ---- verify --since (issue 46) ------------------------------------------ */

/* Each entry after `from`: its rows_hash against the row images it carries
 * (one ordered read of audit_row from seq from + 1 on, its primary key).
 * The join repeats the bound on audit_row's own column: PostgreSQL does not
 * carry `a.seq > ?1` over the equality to r.seq, and from its statistics
 * (audit_row's rows spread over few entries) it planned a hash join over a
 * sequential scan of the whole of audit_row, growing with the ledger
 * (issue 46: 0.27 s at 100,000 players, 1.73 s at a million; with the
 * bound, an index range scan of the new entries' images only). */
static bmp_status verify_rows_since(bmp_ledger *l, int64_t from, bmp_problems *pp, size_t *bad,
                                    bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT a.seq, a.rows_hash, r.tbl, r.key, r.digest FROM audit a "
                             "LEFT JOIN audit_row r ON r.seq = a.seq AND r.seq > ?1 "
                             "WHERE a.seq > ?1 ORDER BY a.seq, r.n", "i", from);
    crypto_hash_sha256_state h;
    int64_t cur = -1;
    char want[65] = "";
    bool any = false, row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        int64_t seq = !rc && row ? lq_col_int(l, st, 0) : -2;
        if (cur >= 0 && seq != cur) {
            unsigned char bin[crypto_hash_sha256_BYTES];
            char got[65] = "";
            crypto_hash_sha256_final(&h, bin);
            if (any)
                sodium_bin2hex(got, sizeof got, bin, sizeof bin);
            if (strcmp(got, want) != 0) {
                problems_add(pp, "audit %lld: its row images do not match its rows_hash "
                             "(an image was altered, added or removed)", (long long)cur);
                (*bad)++;
            }
        }
        if (rc || !row)
            break;
        if (seq != cur) {
            crypto_hash_sha256_init(&h);
            snprintf(want, sizeof want, "%s", lq_col_text(l, st, 1));
            cur = seq;
            any = false;
        }
        if (!lq_col_null(l, st, 2)) {
            ledger_chain_hash_line(&h, lq_col_text(l, st, 2), lq_col_text(l, st, 3),
                                   lq_col_text(l, st, 4));
            any = true;
        }
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_verify_since(bmp_ledger *l, const char *head, int64_t *checked,
                                   bmp_problems *probs, bmp_error *err)
{
    *checked = 0;
    bmp_status rc = bmp_ledger_head_check(l, head, err); /* entry N still has that hash */
    if (rc)
        return rc;
    int64_t from = strtoll(head, NULL, 10);
    const char *hash = strchr(head, ':') + 1;
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    size_t before = pp->count, bad = 0;
    rc = verify_chain(l, from, from ? hash : GENESIS_HEX, pp, &bad, checked, err);
    if (!rc)
        rc = verify_rows_since(l, from, pp, &bad, err);
    if (!rc) /* issue 45: the live schema, and the notes of the new entries */
        rc = ledger_schema_verify(l, from, pp, &bad, err);
    if (!rc && bad)
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    bmp_problems_free(&local);
    return rc;
}

/* ---- dump --------------------------------------------------------------- */

/* A table's primary key as ORDER BY columns ("1": its first column, an
 * id). */
static const char *dump_order(const char *table)
{
    static const struct {
        const char *table, *order;
    } keys[] = {{"alternate", "1, 2"}, {"batch_total", "1, 2"}, {"holding", "1, 2"},
                {"period", "1, 2"},    {"promotion", "1, 2, 3"},
                {"nz_grading", "1, 2"},
                {"overdue_quarter", "1, 2"}, {"levy_gate", "1"}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].table, table) == 0)
            return keys[i].order;
    return "1";
}

bmp_status bmp_ledger_dump(bmp_ledger *l, char **out, bmp_error *err)
{
    core_buf b = {0};
    bmp_status rc = BMP_OK;
    *out = NULL;
    for (const char *const *t = lq_tables(l); *t && !rc; t++) {
        char sql[128];
        /* names from the schema; the order of the primary key, the same on
         * every backend */
        snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY %s", *t, dump_order(*t));
        ledger_stmt *st = NULL;
        rc = lq_query(l, &st, err, sql, NULL);
        core_buf_puts(&b, "== ");
        core_buf_puts(&b, *t);
        core_buf_puts(&b, "\n");
        bool row = true;
        while (!rc) {
            rc = lq_step(l, st, &row, err);
            if (rc || !row)
                break;
            for (int k = 0; k < lq_col_count(l, st); k++) {
                core_buf_puts(&b, k ? "|" : "");
                core_buf_puts(&b, lq_col_null(l, st, k) ? "NULL" : lq_col_text(l, st, k));
            }
            core_buf_puts(&b, "\n");
        }
        lq_finalize(l, st);
    }
    char ver[32];
    snprintf(ver, sizeof ver, "== schema %d\n", bmp_ledger_schema_version(l));
    core_buf_puts(&b, ver);
    if (!rc && b.failed)
        rc = bmp_error_oom(err);
    if (rc) {
        core_buf_free(&b);
        return rc;
    }
    *out = core_buf_take(&b, NULL);
    return BMP_OK;
}
