/* The players an import's lines name, resolved through the register
 * (LEDGER_PLAYER_RESOLVED), each distinct number once; what was read is
 * kept on the handle between imports while the register's change stamp
 * holds, so a month of batches reads the register once (issue 46). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/intake/player_resolve.h"
#include "ledger/store/query.h"

/* The register as read: number -> slot, open addressing.  `valid`: the
 * slots are the body's register as of `stamp` (kept past this import);
 * `complete`: every registered number of the body is among them (a
 * number not found is not registered). */
typedef struct ledger_register_memo {
    ledger_pslot *slots;
    size_t cap, used;     /* cap a power of two, at least twice used */
    int64_t body;
    char stamp[128];
    bool valid, complete;
    size_t looked;        /* numbers looked up since the stamp was taken */
    int64_t registered;   /* the body's players, the table's; -1: not counted */
    int64_t all;
} memo;

/* At most this many numbers kept (40-byte slots, at most half full: 84 MB
 * at 1,000,000 players): a larger register is resolved batch by batch, as
 * before. */
#define MEMO_MAX 4000000

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* The slot of `number`: its own, or the empty one where it belongs. */
static ledger_pslot *memo_slot(const memo *m, const char *number)
{
    size_t i = (size_t)fnv1a(number) & (m->cap - 1);
    while (m->slots[i].number[0] && strcmp(m->slots[i].number, number) != 0)
        i = (i + 1) & (m->cap - 1);
    return &m->slots[i];
}

static bool memo_grow(memo *m, size_t want)
{
    size_t cap = m->cap ? m->cap : 64;
    while (cap < 2 * want + 2)
        cap *= 2;
    if (cap == m->cap)
        return true;
    ledger_pslot *old = m->slots;
    size_t ocap = m->cap;
    if (!(m->slots = calloc(cap, sizeof *m->slots))) {
        m->slots = old;
        return false;
    }
    m->cap = cap;
    for (size_t i = 0; i < ocap; i++)
        if (old[i].number[0])
            *memo_slot(m, old[i].number) = old[i];
    free(old);
    return true;
}

/* The slot of `number`, added (not known) when absent; NULL: no memory. */
static ledger_pslot *memo_put(memo *m, const char *number, bool *added)
{
    if (2 * (m->used + 1) + 2 > m->cap && !memo_grow(m, m->used + 1))
        return NULL;
    ledger_pslot *s = memo_slot(m, number);
    *added = !s->number[0];
    if (*added) {
        core_strlcpy(s->number, number, sizeof s->number);
        m->used++;
    }
    return s;
}

static void memo_reset(memo *m, int64_t body, const char *stamp)
{
    free(m->slots);
    *m = (memo){.body = body, .registered = -1, .all = -1};
    snprintf(m->stamp, sizeof m->stamp, "%s", stamp);
}

static void memo_free(bmp_ledger *l)
{
    if (l->reg)
        free(l->reg->slots);
    free(l->reg);
    l->reg = NULL;
}

void ledger_players_forget(bmp_ledger *l)
{
    if (l->reg)
        memo_reset(l->reg, 0, "");
}

/* The register's change stamp, read inside the transaction (which holds
 * the write lock: no other connection commits before it ends):
 * data_version (another connection's commit), this connection's own
 * writes to player, player_merge and player_unmerge (the store's update
 * hook: a status, a merge, an undone merge; a rolled-back write counts
 * too), the schema cookie, and the two merge tables' rows.  *keep false:
 * the store has no such stamp (PostgreSQL); nothing is kept. */
static bmp_status register_stamp(bmp_ledger *l, char *out, size_t size, bool *keep,
                                 bmp_error *err)
{
    int64_t own = 0, version = 0, schema = 0, merges = 0, unmerges = 0;
    bool found = false;
    *out = '\0';
    if (!(*keep = lq_register_writes(l, &own)))
        return BMP_OK;
    bmp_status rc = lq_data_version(l, &version, err);
    if (!rc)
        rc = lq_int(l, &schema, &found, err, "PRAGMA schema_version", NULL);
    if (!rc)
        rc = lq_int(l, &merges, &found, err, "SELECT count(*) FROM player_merge", NULL);
    if (!rc)
        rc = lq_int(l, &unmerges, &found, err, "SELECT count(*) FROM player_unmerge", NULL);
    if (!rc)
        snprintf(out, size, "%lld/%lld/%lld/%lld/%lld", (long long)version, (long long)own,
                 (long long)schema, (long long)merges, (long long)unmerges);
    return rc;
}

static void slot_fill(bmp_ledger *l, ledger_stmt *st, ledger_pslot *s)
{
    s->id = lq_col_int(l, st, 0);
    core_strlcpy(s->status, lq_col_text(l, st, 1), sizeof s->status);
    s->overseas = lq_col_int(l, st, 3) != 0;
    s->known = true;
}

/* A result row (id, status, number, overseas): into its slot; `all`: a
 * number not looked for is added too (a whole register read to keep). */
static bmp_status take_row(bmp_ledger *l, ledger_stmt *st, memo *m, bool all, bmp_error *err)
{
    const char *number = lq_col_text(l, st, 2);
    if (!all || strlen(number) >= sizeof m->slots[0].number) {
        ledger_pslot *s = memo_slot(m, number);
        if (s->number[0])
            slot_fill(l, st, s);
        return BMP_OK;
    }
    bool added = false;
    ledger_pslot *s = memo_put(m, number, &added);
    if (!s)
        return bmp_error_oom(err);
    slot_fill(l, st, s);
    return BMP_OK;
}

static bmp_status take_rows(bmp_ledger *l, ledger_stmt *st, memo *m, bool all, bmp_error *err)
{
    bool row = false;
    bmp_status rc = BMP_OK;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        rc = take_row(l, st, m, all, err);
    return rc;
}

/* The batch's players as resolved (LEDGER_PLAYER_RESOLVED) WHERE `where`
 * (placeholders only).  While no merge was ever recorded the resolved
 * players are the player table's rows, read without the merge tables'
 * two look-ups a row (a third of a register scan; issue 46). */
static bmp_status resolved_sql(bmp_ledger *l, const char *where, char *sql, size_t size,
                               bmp_error *err)
{
    int64_t merged = 0;
    bool found = false; /* a merge recorded, undone or not */
    bmp_status rc = lq_int(l, &merged, &found, err, "SELECT 1 FROM player_merge LIMIT 1", NULL);
    if (!rc)
        snprintf(sql, size, "SELECT id, status, number, overseas FROM %s WHERE %s",
                 found ? LEDGER_PLAYER_RESOLVED : "player pr", where);
    return rc;
}

/* Indexed lookups, the store's lookup_chunk numbers a statement ("number
 * IN (?2, ...)", every number a parameter): on PostgreSQL one round trip
 * per 256 players instead of per player.  A short chunk repeats its last
 * number. */
#define LOOKUP_CHUNK_MAX 256
static bmp_status lookup_chunk(bmp_ledger *l, ledger_stmt *st, memo *m, int64_t body,
                               const char *const *nums, size_t n, size_t chunk, bmp_error *err)
{
    lq_reset(l, st);
    bmp_status rc = lq_bind_int(l, st, 1, body, err);
    for (size_t k = 0; k < chunk && !rc; k++)
        rc = lq_bind_text(l, st, (int)k + 2, nums[k < n ? k : n - 1], err);
    return rc ? rc : take_rows(l, st, m, false, err);
}

static bmp_status lookup_each(bmp_ledger *l, memo *m, int64_t body, const char *const *miss,
                              size_t nmiss, bmp_error *err)
{
    size_t chunk = lq_lookup_chunk(l) > 1 ? (size_t)lq_lookup_chunk(l) : 1;
    if (chunk > LOOKUP_CHUNK_MAX)
        chunk = LOOKUP_CHUNK_MAX;
    char sql[96 + sizeof LEDGER_PLAYER_RESOLVED + LOOKUP_CHUNK_MAX * 7];
    size_t at = (size_t)snprintf(sql, sizeof sql,
                                 "SELECT id, status, number, overseas FROM "
                                 LEDGER_PLAYER_RESOLVED " WHERE body_id = ?1 AND number IN (");
    for (size_t k = 0; k < chunk; k++) /* placeholders only: no value is spliced */
        at += (size_t)snprintf(sql + at, sizeof sql - at, "%s?%zu", k ? ", " : "", k + 2);
    snprintf(sql + at, sizeof sql - at, ")");
    ledger_stmt *st = NULL;
    bmp_status rc = lq_prepare(l, sql, &st, err);
    for (size_t i = 0; i < nmiss && !rc; i += chunk)
        rc = lookup_chunk(l, st, m, body, miss + i, nmiss - i < chunk ? nmiss - i : chunk, chunk,
                          err);
    lq_finalize(l, st);
    return rc;
}

/* SQLite: every number in one statement, the numbers one JSON array bound
 * as one parameter (json_each): one statement's start for the batch
 * instead of one a player (15,000 instructions each; issue 46). */
static bmp_status lookup_json(bmp_ledger *l, memo *m, int64_t body, const char *const *miss,
                              size_t nmiss, bmp_error *err)
{
    core_buf b = {0};
    core_buf_putc(&b, '[');
    for (size_t k = 0; k < nmiss; k++) {
        core_buf_puts(&b, k ? ",\"" : "\"");
        for (const char *c = miss[k]; *c; c++) { /* JSON string escapes */
            if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20)
                core_buf_printf(&b, "\\u%04x", (unsigned char)*c);
            else
                core_buf_putc(&b, *c);
        }
        core_buf_putc(&b, '"');
    }
    core_buf_puts(&b, "]");
    ledger_stmt *st = NULL;
    char sql[sizeof LEDGER_PLAYER_RESOLVED + 128];
    bmp_status rc = b.failed ? bmp_error_oom(err)
                             : resolved_sql(l, "body_id = ?1 AND number IN (SELECT value FROM "
                                               "json_each(?2))", sql, sizeof sql, err);
    if (!rc)
        rc = lq_query(l, &st, err, sql, "is", body, b.data);
    if (!rc)
        rc = take_rows(l, st, m, false, err);
    lq_finalize(l, st);
    core_buf_free(&b);
    return rc;
}

/* One pass over the body's register.  `whole`: the body holds (nearly)
 * all the players, read in the table's order (SQLite; "+" keeps the
 * body's index out, which would cost a seek of the table a row); `all`:
 * every row kept, not only the numbers looked for. */
static bmp_status scan(bmp_ledger *l, memo *m, int64_t body, bool whole, bool all, bmp_error *err)
{
    ledger_stmt *st = NULL;
    char sql[sizeof LEDGER_PLAYER_RESOLVED + 128];
    bmp_status rc = resolved_sql(l, whole ? "+body_id = ?1" : "body_id = ?1", sql, sizeof sql, err);
    if (!rc)
        rc = lq_query(l, &st, err, sql, "i", body);
    if (!rc)
        rc = take_rows(l, st, m, all, err);
    lq_finalize(l, st);
    return rc;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The numbers not yet read, the cheaper way.  SQLite (callgrind, issue
 * 46): a register row scanned in the table's order costs 2,100
 * instructions, through the body's index 2,900, a number found from the
 * JSON list 10,800, alone 15,000; the register is scanned once the
 * numbers looked up under one stamp reach a fifth of it (an eighth on
 * PostgreSQL), and the scan kept whole.  Looked-up numbers go in sorted
 * order: the index is walked in order and neighbours share its pages (a
 * register past the page cache, issue 46's x10 growth). */
#define SCAN_MIN 4096
#define SCAN_MIN_SQLITE 256
static bmp_status read_missing(bmp_ledger *l, memo *m, int64_t body, const char **miss,
                               size_t nmiss, bool keep, bmp_error *err)
{
    bool found = false, sqlite = strcmp(lq_backend(l), "sqlite") == 0;
    size_t min = sqlite ? SCAN_MIN_SQLITE : SCAN_MIN;
    bmp_status rc = BMP_OK;
    if (nmiss >= min && m->registered < 0)
        rc = lq_int(l, &m->registered, &found, err,
                    "SELECT count(*) FROM player WHERE body_id = ?1", "i", body);
    if (!rc && nmiss >= min && m->all < 0)
        rc = sqlite ? lq_int(l, &m->all, &found, err, "SELECT count(*) FROM player", NULL)
                    : (m->all = 0, BMP_OK);
    if (rc)
        return rc;
    m->looked += nmiss;
    if (nmiss >= min && (int64_t)m->looked * (sqlite ? 5 : 8) >= m->registered) {
        bool all = keep && m->registered + (int64_t)m->used < MEMO_MAX;
        rc = scan(l, m, body, sqlite && m->all - m->registered <= m->registered / 4, all, err);
        m->complete = !rc && all;
        return rc;
    }
    qsort(miss, nmiss, sizeof *miss, cmp_text);
    return sqlite ? lookup_json(l, m, body, miss, nmiss, err)
                  : lookup_each(l, m, body, miss, nmiss, err);
}

bmp_status ledger_players_resolve(bmp_ledger *l, int64_t body, const char (*norm)[16], size_t n,
                                  const ledger_pslot **out, bmp_error *err)
{
    if (!l->reg && !(l->reg = calloc(1, sizeof *l->reg)))
        return bmp_error_oom(err);
    l->reg_free = memo_free;
    memo *m = l->reg;
    char stamp[sizeof m->stamp];
    bool keep = false;
    bmp_status rc = register_stamp(l, stamp, sizeof stamp, &keep, err);
    if (rc)
        return rc;
    if (!keep || !m->valid || m->body != body || strcmp(m->stamp, stamp) != 0 ||
        m->used + n > MEMO_MAX)
        memo_reset(m, body, stamp);
    const char **miss = malloc((n ? n : 1) * sizeof *miss);
    if (!miss)
        return bmp_error_oom(err);
    size_t nmiss = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        bool added = false;
        ledger_pslot *s = norm[i][0] ? memo_put(m, norm[i], &added) : NULL;
        if (norm[i][0] && !s)
            rc = bmp_error_oom(err);
        else if (added && !m->complete)
            miss[nmiss++] = norm[i];
        else if (added)
            s->known = true; /* not in a register read whole: not registered */
    }
    if (!rc && nmiss)
        rc = read_missing(l, m, body, miss, nmiss, keep, err);
    for (size_t k = 0; k < nmiss && !rc; k++) /* not found: not registered */
        memo_slot(m, miss[k])->known = true;
    for (size_t i = 0; i < n && !rc; i++)
        out[i] = norm[i][0] ? memo_slot(m, norm[i]) : NULL;
    free(miss);
    m->valid = !rc && keep;
    if (rc)
        memo_reset(m, 0, "");
    return rc;
}
