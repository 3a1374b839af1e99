/* A checked batch's lines into the journal and held (journal_write.h).
 * The journal's rows go in many a statement (JOURNAL_ROWS lines an INSERT,
 * the batch's id bound once): a national batch's thousands of lines each
 * paid a statement's start, its cursors opened on the journal, its two
 * indexes and its two foreign keys' parents, more than the row itself
 * costs (issue 46; docs/performance.md "Issue 46: the import"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "ledger/intake/journal_write.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

enum { JOURNAL_ROWS = 64 }; /* lines an INSERT: 1 + 6 x 64 = 385 parameters (callgrind:
                               * 12,800 instructions a line; 13,400 at 32) */

/* Both statements are SQL literals, prepared once a handle (lq_cached):
 * a batch of a hundred lines paid more for preparing a many-row INSERT
 * than for its rows. */
static const char journal_one[] = "INSERT INTO journal (batch_id, player_id, point_type, points, "
                                  "rule, event, contestant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

/* The INSERT of JOURNAL_ROWS lines: (?1, ?2..?7), (?1, ?8..?13), ... */
#define R(a, b, c, d, e, f) ", (?1, ?" #a ", ?" #b ", ?" #c ", ?" #d ", ?" #e ", ?" #f ")"
#define JOURNAL_MANY \
    "INTO journal (batch_id, player_id, point_type, points, rule, event, contestant) " \
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)" \
    R(8, 9, 10, 11, 12, 13) R(14, 15, 16, 17, 18, 19) R(20, 21, 22, 23, 24, 25) \
    R(26, 27, 28, 29, 30, 31) R(32, 33, 34, 35, 36, 37) R(38, 39, 40, 41, 42, 43) \
    R(44, 45, 46, 47, 48, 49) R(50, 51, 52, 53, 54, 55) R(56, 57, 58, 59, 60, 61) \
    R(62, 63, 64, 65, 66, 67) R(68, 69, 70, 71, 72, 73) R(74, 75, 76, 77, 78, 79) \
    R(80, 81, 82, 83, 84, 85) R(86, 87, 88, 89, 90, 91) R(92, 93, 94, 95, 96, 97) \
    R(98, 99, 100, 101, 102, 103) R(104, 105, 106, 107, 108, 109) R(110, 111, 112, 113, 114, 115) \
    R(116, 117, 118, 119, 120, 121) R(122, 123, 124, 125, 126, 127) R(128, 129, 130, 131, 132, 133) \
    R(134, 135, 136, 137, 138, 139) R(140, 141, 142, 143, 144, 145) R(146, 147, 148, 149, 150, 151) \
    R(152, 153, 154, 155, 156, 157) R(158, 159, 160, 161, 162, 163) R(164, 165, 166, 167, 168, 169) \
    R(170, 171, 172, 173, 174, 175) R(176, 177, 178, 179, 180, 181) R(182, 183, 184, 185, 186, 187) \
    R(188, 189, 190, 191, 192, 193) R(194, 195, 196, 197, 198, 199) R(200, 201, 202, 203, 204, 205) \
    R(206, 207, 208, 209, 210, 211) R(212, 213, 214, 215, 216, 217) R(218, 219, 220, 221, 222, 223) \
    R(224, 225, 226, 227, 228, 229) R(230, 231, 232, 233, 234, 235) R(236, 237, 238, 239, 240, 241) \
    R(242, 243, 244, 245, 246, 247) R(248, 249, 250, 251, 252, 253) R(254, 255, 256, 257, 258, 259) \
    R(260, 261, 262, 263, 264, 265) R(266, 267, 268, 269, 270, 271) R(272, 273, 274, 275, 276, 277) \
    R(278, 279, 280, 281, 282, 283) R(284, 285, 286, 287, 288, 289) R(290, 291, 292, 293, 294, 295) \
    R(296, 297, 298, 299, 300, 301) R(302, 303, 304, 305, 306, 307) R(308, 309, 310, 311, 312, 313) \
    R(314, 315, 316, 317, 318, 319) R(320, 321, 322, 323, 324, 325) R(326, 327, 328, 329, 330, 331) \
    R(332, 333, 334, 335, 336, 337) R(338, 339, 340, 341, 342, 343) R(344, 345, 346, 347, 348, 349) \
    R(350, 351, 352, 353, 354, 355) R(356, 357, 358, 359, 360, 361) R(362, 363, 364, 365, 366, 367) \
    R(368, 369, 370, 371, 372, 373) R(374, 375, 376, 377, 378, 379) R(380, 381, 382, 383, 384, 385)
/* OR FAIL, on SQLite: a statement writing many rows that may abort half-way (a NOT
 * NULL or CHECK under the default ABORT, an immediate foreign key) keeps
 * a statement journal, a copy of every page it changes for the first
 * time, to undo its own rows: with the journal_player index taking 64
 * players scattered over its leaves, 64 pages (256 KB) copied and freed a
 * statement, more as the journal grows (callgrind: the journal write 10,300
 * instructions a line into an empty journal, 16,700 past 75,000 rows).
 * OR FAIL keeps the rows written before a failing one instead, and needs
 * none: the import rolls its whole transaction back at any error, so
 * nothing of a failed statement outlives it.  (With the foreign keys
 * enforced the statement may abort all the same, and keeps one.)
 * PostgreSQL runs it without the clause (pg_translate.c). */
static const char journal_many[] = "INSERT OR FAIL " JOURNAL_MANY;
#undef R
#undef JOURNAL_MANY

/* A credited line's six values from parameter `at` on. */
static bmp_status bind_credit(bmp_ledger *l, ledger_stmt *st, int at, const bmp_ledger_line *ln,
                              const ledger_resolved *r, bmp_error *err)
{
    bmp_status rc = lq_bind_int(l, st, at, r->player, err);
    rc = rc ? rc : lq_bind_text(l, st, at + 1, ln->point_type, err);
    rc = rc ? rc : lq_bind_int(l, st, at + 2, ln->points, err);
    rc = rc ? rc : lq_bind_text(l, st, at + 3, ln->rule ? ln->rule : "", err);
    rc = rc ? rc : lq_bind_text(l, st, at + 4, ln->event ? ln->event : "", err);
    rc = rc ? rc : lq_bind_text(l, st, at + 5, ln->contestant ? ln->contestant : "", err);
    return rc;
}

/* A held line (a prepared INSERT, prepared on the first). */
static bmp_status write_held(bmp_ledger *l, ledger_stmt **h, int64_t id,
                             const bmp_ledger_line *ln, const ledger_resolved *r, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    if (!*h)
        rc = lq_prepare(l, "INSERT INTO held (batch_id, number, name, point_type, points, rule, "
                           "event, contestant, why) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                        h, err);
    if (rc)
        return rc;
    ledger_stmt *st = *h;
    lq_reset(l, st);
    rc = lq_bind_int(l, st, 1, id, err);
    rc = rc ? rc : lq_bind_text(l, st, 2, r->number, err);
    rc = rc ? rc : lq_bind_text(l, st, 3, ln->name ? ln->name : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 4, ln->point_type, err);
    rc = rc ? rc : lq_bind_int(l, st, 5, ln->points, err);
    rc = rc ? rc : lq_bind_text(l, st, 6, ln->rule ? ln->rule : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 7, ln->event ? ln->event : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 8, ln->contestant ? ln->contestant : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 9, r->why, err);
    return rc ? rc : lq_step(l, st, NULL, err);
}

/* The journal's columns as SELECT * returns them (migrations 001, 015). */
static const char journal_columns[] = "id|batch_id|player_id|point_type|points|rule|event|contestant";

/* A credited line as the journal's row `row_id` into the batch's digest
 * (g NULL: none): its values as bound, batch_id (the group's key) left
 * out, in the bytes the chain hashes reading the row back. */
static void digest_credit(ledger_group_hash *g, int64_t row_id, const bmp_ledger_line *ln,
                          const ledger_resolved *r)
{
    if (!g)
        return;
    const char *text[3] = {ln->rule ? ln->rule : "", ln->event ? ln->event : "",
                           ln->contestant ? ln->contestant : ""};
    ledger_group_int(g, row_id);
    ledger_group_int(g, r->player);
    ledger_group_text(g, ln->point_type, strlen(ln->point_type));
    ledger_group_int(g, ln->points);
    for (int i = 0; i < 3; i++)
        ledger_group_text(g, text[i], strlen(text[i]));
    ledger_group_row_end(g);
}

/* Credited lines k[0..m) (line indexes), in order: JOURNAL_ROWS a
 * statement while that many are left, then one a statement; the row of
 * k[i] gets id first + i (g: their digest, else NULL). */
static bmp_status write_credited(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                 const ledger_resolved *rv, const size_t *k, size_t m,
                                 int64_t first, ledger_group_hash *g, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = BMP_OK;
    size_t i = 0;
    if (m >= JOURNAL_ROWS)
        rc = lq_cached(l, journal_many, &st, &owned, err);
    for (; !rc && m - i >= JOURNAL_ROWS; i += JOURNAL_ROWS) {
        lq_reset(l, st);
        rc = lq_bind_int(l, st, 1, id, err);
        for (int r = 0; r < JOURNAL_ROWS && !rc; r++) {
            size_t x = k[i + (size_t)r];
            rc = bind_credit(l, st, 2 + 6 * r, &lines[x], &rv[x], err);
            digest_credit(g, first + (int64_t)(i + (size_t)r), &lines[x], &rv[x]);
        }
        rc = rc ? rc : lq_step(l, st, NULL, err);
    }
    if (st)
        lq_release(l, st, owned);
    st = NULL;
    if (!rc && i < m)
        rc = lq_cached(l, journal_one, &st, &owned, err);
    for (; !rc && i < m; i++) {
        lq_reset(l, st);
        rc = lq_bind_int(l, st, 1, id, err);
        rc = rc ? rc : bind_credit(l, st, 2, &lines[k[i]], &rv[k[i]], err);
        rc = rc ? rc : lq_step(l, st, NULL, err);
        digest_credit(g, first + (int64_t)i, &lines[k[i]], &rv[k[i]]);
    }
    if (st)
        lq_release(l, st, owned);
    return rc;
}

/* SQLite gives a row with no id one above the table's greatest (but at
 * the greatest id possible, where it picks one at random): the batch's m
 * rows, written in one transaction, get last + 1 .. last + m.  *g: their
 * digest to make, NULL when the ids are not known so (PostgreSQL's
 * sequence is shared with other sessions): the fold reads them back. */
static bmp_status digest_start(bmp_ledger *l, size_t m, int64_t *last, ledger_group_hash **g,
                               bmp_error *err)
{
    bool found = false;
    *g = NULL;
    if (!m || strcmp(lq_backend(l), "sqlite") != 0)
        return BMP_OK;
    bmp_status rc = lq_int(l, last, &found, err, "SELECT coalesce(max(id), 0) FROM journal", NULL);
    if (!rc && found && *last >= 0 && *last < INT64_MAX - (int64_t)m - 1 &&
        !(*g = ledger_group_begin(journal_columns)))
        rc = bmp_error_oom(err);
    return rc;
}

/* The digest handed to the chain, when the rows got the ids it assumed
 * (the greatest id now last + m; else the fold reads them back). */
static bmp_status digest_give(bmp_ledger *l, int64_t id, int64_t last, size_t m,
                              ledger_group_hash *g, bmp_error *err)
{
    int64_t now = 0;
    bool found = false;
    char hex[65];
    ledger_group_end(g, hex);
    bmp_status rc = lq_int(l, &now, &found, err, "SELECT max(id) FROM journal", NULL);
    if (!rc && found && now == last + (int64_t)m)
        rc = ledger_chain_given(l, "journal", id, hex, m, err);
    return rc;
}

/* Held lines as they come, credited ones gathered and written in order,
 * their digest made as they are bound (issue 46: not read back). */
static bmp_status write_lines(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                              const ledger_resolved *rv, size_t n, bmp_error *err)
{
    size_t *k = malloc((n ? n : 1) * sizeof *k), m = 0;
    ledger_stmt *h = NULL;
    ledger_group_hash *g = NULL;
    int64_t last = 0;
    bmp_status rc = k ? BMP_OK : bmp_error_oom(err);
    for (size_t i = 0; i < n && !rc; i++) {
        if (rv[i].player)
            k[m++] = i;
        else
            rc = write_held(l, &h, id, &lines[i], &rv[i], err);
    }
    if (!rc)
        rc = digest_start(l, m, &last, &g, err);
    if (!rc)
        rc = write_credited(l, id, lines, rv, k, m, last + 1, g, err);
    if (!rc && g)
        rc = digest_give(l, id, last, m, g, err);
    else
        ledger_group_free(g);
    if (h)
        lq_finalize(l, h);
    free(k);
    return rc;
}

/* The same through the store's COPY (PostgreSQL): one stream per table. */
static bmp_status write_lines_copy(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                   const ledger_resolved *rv, size_t n, bmp_error *err)
{
    char ids[24], player[24], pts[24];
    snprintf(ids, sizeof ids, "%lld", (long long)id);
    for (int pass = 0; pass < 2; pass++) { /* 0: journal, 1: held */
        size_t count = 0;
        for (size_t i = 0; i < n; i++)
            count += pass ? !rv[i].player : rv[i].player != 0;
        if (!count)
            continue;
        bmp_status rc = lq_copy_begin(l, pass ? "held" : "journal",
            pass ? "batch_id, number, name, point_type, points, rule, event, contestant, why"
                 : "batch_id, player_id, point_type, points, rule, event, contestant",
            err);
        for (size_t i = 0; i < n && !rc; i++) {
            const bmp_ledger_line *ln = &lines[i];
            if (pass ? rv[i].player != 0 : !rv[i].player)
                continue;
            snprintf(player, sizeof player, "%lld", (long long)rv[i].player);
            snprintf(pts, sizeof pts, "%lld", (long long)ln->points);
            const char *rule = ln->rule ? ln->rule : "", *ev = ln->event ? ln->event : "",
                       *ct = ln->contestant ? ln->contestant : "";
            const char *jv[] = {ids, player, ln->point_type, pts, rule, ev, ct};
            const char *hv[] = {ids, rv[i].number, ln->name ? ln->name : "", ln->point_type, pts,
                                rule, ev, ct, rv[i].why};
            rc = pass ? lq_copy_row(l, hv, 9, err) : lq_copy_row(l, jv, 7, err);
        }
        bmp_status end = lq_copy_end(l, err);
        if (rc || end)
            return rc ? rc : end;
    }
    return BMP_OK;
}


bmp_status ledger_journal_write(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                const ledger_resolved *rv, size_t n, bmp_error *err)
{
    return lq_can(l, LQ_CAN_COPY) && n >= 64 ? write_lines_copy(l, id, lines, rv, n, err)
                                              : write_lines(l, id, lines, rv, n, err);
}
