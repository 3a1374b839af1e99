/* Every change an entry in the chain (issue 27): the registry of the
 * ledger's tables (chain_tables.c), the rows a transaction touched and
 * their images folded into the audit entry (chain.c), and the replay that
 * verify runs (chain_verify.c).  Internal to src/ledger. */
#ifndef BMP_LEDGER_CHAIN_H
#define BMP_LEDGER_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bridgemp/error.h"

typedef struct bmp_ledger bmp_ledger;
typedef struct bmp_problems bmp_problems;

/* One table of the ledger: its key columns (the unit a row image is
 * recorded for), or for a bulk table the columns that group its rows into
 * one digest (all journal lines of a batch) and their order inside. */
typedef struct ledger_chain_table {
    const char *name;
    const char *key;   /* key columns, comma separated ("player_id, point_type") */
    const char *order; /* NULL: one image per row; else a group, its rows in this order */
    bool diff;         /* a changed row's entry says which fields changed (the registers) */
} ledger_chain_table;

/* A table that carries no row images, and why. */
typedef struct ledger_chain_exempt {
    const char *name, *reason;
} ledger_chain_exempt;

extern const ledger_chain_table ledger_chain_tables[];
extern const size_t ledger_chain_ntables;
extern const ledger_chain_exempt ledger_chain_exempts[];
extern const size_t ledger_chain_nexempt;

/* The registry entry of a table (NULL: not registered). */
const ledger_chain_table *ledger_chain_table_of(const char *name);

/* Record that the transaction wrote the unit of `table` whose key (or
 * group) columns have these values, '|'-separated ("12", "12|mp"); the
 * next ledger_audit images it (the row now, or its absence). */
bmp_status ledger_touch(bmp_ledger *l, const char *table, const char *key, bmp_error *err);
bmp_status ledger_touch_id(bmp_ledger *l, const char *table, int64_t id, bmp_error *err);
/* Every unit of `table` whose rows match `where` (bound as lq_bind does):
 * run before a DELETE and after an INSERT/UPDATE ... SELECT. */
bmp_status ledger_touch_where(bmp_ledger *l, const char *table, const char *where,
                              bmp_error *err, const char *fmt, ...);
/* A note the next entry carries: a unit of `t`, a table not in the
 * registry (no rows of its own: verify hashes the note with its entry and
 * replays nothing of it), its image as given (chain_upgrade.c's marker). */
bmp_status ledger_chain_note(bmp_ledger *l, const ledger_chain_table *t, const char *key,
                             const char *image, bmp_error *err);
/* A charge run, its lines, and the levy gates and overdue quarters of it. */
bmp_status ledger_touch_run(bmp_ledger *l, int64_t run, bmp_error *err);
/* A batch and everything keyed by it (totals, lines, held lines, event). */
bmp_status ledger_touch_batch(bmp_ledger *l, int64_t batch, bmp_error *err);

/* Inside ledger_audit: image the touched units (every unit of every table
 * when the chain has no images yet: the baseline) as entry `seq`; *rows_hash
 * is their digest ("" when none) for the entry's hash.  Then write them. */
bmp_status ledger_chain_fold(bmp_ledger *l, int64_t seq, char rows_hash[65], bmp_error *err);
bmp_status ledger_chain_write(bmp_ledger *l, int64_t seq, bmp_error *err);
/* Forget what was touched (after a rollback) and free the handle's state. */
void ledger_chain_reset(bmp_ledger *l);
void ledger_chain_free(bmp_ledger *l);

/* The canonical text of the statement's current row: col=value pairs,
 * '|'-separated, '\\', '|' and newlines escaped, NULL as \N. */
char *ledger_chain_image(bmp_ledger *l, void *stmt);

/* Each unit of a table, in key order: its key text, digest and image (a
 * row's text; "rows=N" for a group). */
typedef bmp_status (*ledger_chain_scan_fn)(void *ctx, const ledger_chain_table *t,
                                           const char *key, const char *digest,
                                           const char *image, bmp_error *err);
bmp_status ledger_chain_scan(bmp_ledger *l, const ledger_chain_table *t, ledger_chain_scan_fn fn,
                             void *ctx, bmp_error *err);
/* One line of an entry's rows_hash: "table\tkey\tdigest\n" into a
 * crypto_hash_sha256_state. */
void ledger_chain_hash_line(void *state, const char *table, const char *key, const char *digest);
/* What changed between two images of a row: "col: 'old' -> 'new'; ...". */
char *ledger_chain_diff(const char *old, const char *new_);

/* A touched unit during the fold: its key, and at the fold its digest and
 * image (a row's text, "rows=N" for a group, NULL when gone) and what
 * changed since the chain's last image ("" new). */
typedef struct chain_unit {
    const ledger_chain_table *t;
    char *key;
    char digest[65];
    char *image;
    char *change;
    bool given; /* digest and image made by the unit's writer (ledger_chain_given) */
} chain_unit;

/* The chain's last image of a unit (found false: the chain never had it)
 * and the entry that wrote it. */
typedef struct chain_last {
    bool found;
    char digest[65];
    char *image;
    int64_t seq;
} chain_last;

struct core_buf;
struct ledger_stmt;
/* The image of the statement's current row (a row of its own) into b, its
 * SHA-256 into digest and a copy into *image (chain.c's, handed to the
 * batch).  False: no memory. */
typedef bool (*ledger_chain_row_fn)(bmp_ledger *l, void *stmt, struct core_buf *b,
                                    char digest[65], char **image);
/* chain_batch.c: many units u[0..n) of one table, sorted by key.  Their
 * rows read in id ranges (a table keyed by id; done[i] set for each unit
 * imaged, absent included; the others are left to the caller), and their
 * last images in one walk of the audit_row index (last[i] for u[i]). */
bmp_status ledger_chain_image_batch(bmp_ledger *l, chain_unit *u, size_t n, bool *done,
                                    ledger_chain_row_fn row_image, bmp_error *err);
bmp_status ledger_chain_last_batch(bmp_ledger *l, const chain_unit *u, size_t n, chain_last *last,
                                   bmp_error *err);

/* chain_group.c (issue 46): a group's digest made by the code that writes
 * its rows, from the values it binds, in the bytes chain.c hashes from the
 * rows read back (docs/rulings.md CH-2): `names` the table's columns as
 * SELECT * returns them, '|'-separated; then each row's values in the
 * columns' order, the group's key column left out, and its end.  One
 * buffer a group, hashed as it fills.  ledger_group_begin: NULL when out
 * of memory; ledger_group_end writes the hex digest and frees. */
typedef struct ledger_group_hash ledger_group_hash;
ledger_group_hash *ledger_group_begin(const char *names);
void ledger_group_text(ledger_group_hash *h, const char *v, size_t len);
void ledger_group_int(ledger_group_hash *h, int64_t v);
void ledger_group_row_end(ledger_group_hash *h);
size_t ledger_group_rows(const ledger_group_hash *h);
void ledger_group_end(ledger_group_hash *h, char hex[65]);
void ledger_group_free(ledger_group_hash *h);
/* The group `key` of `table` (a group keyed by one id column) as its
 * writer digested it, `rows` rows: the next entry's fold takes this
 * digest instead of reading the group back.  The caller's promise: the
 * transaction writes no other row of the group before that entry.  The
 * fold forgets every given unit (ledger_chain_reset too). */
/* ledger_chain_given_key: the same for a group of a key of several
 * columns, as its key text ("12|2025-10"): every column of its rows
 * hashed, none left out. */
bmp_status ledger_chain_given_key(bmp_ledger *l, const char *table, const char *key,
                                  const char digest[65], size_t rows, bmp_error *err);
static inline bmp_status ledger_chain_given(bmp_ledger *l, const char *table, int64_t key,
                                            const char digest[65], size_t rows, bmp_error *err)
{
    char k[32];
    snprintf(k, sizeof k, "%lld", (long long)key);
    return ledger_chain_given_key(l, table, k, digest, rows, err);
}
/* chain.c's list of given units: add one; set the given digests on the
 * sorted units u[0..n) they name, then empty the list; empty it. */
bmp_status ledger_chain_given_add(const ledger_chain_table *t, const char *key,
                                  const char digest[65], size_t rows, chain_unit **v, size_t *n,
                                  size_t *cap, bmp_error *err);
void ledger_chain_given_apply(chain_unit *u, size_t n, chain_unit *given, size_t *ngiven);
void ledger_chain_given_free(chain_unit *given, size_t *ngiven);

/* The entry's images as audit_row rows seq/1..n, many a statement (*many:
 * that statement, prepared on first use and kept by the caller). */
bmp_status ledger_chain_write_rows(bmp_ledger *l, int64_t seq, const chain_unit *u, size_t n,
                                   struct ledger_stmt **many, bmp_error *err);

/* chain_carry.c (docs/rulings.md CH-7): an opening's carried ranks, not
 * imaged per player.  The chain's image of a player is its last row image
 * (entry `after`) with the carried rank of the newest opening entered
 * after it that names the player applied. */
typedef struct ledger_carry ledger_carry;
typedef struct ledger_carry_rank {
    int64_t rank, stars;
    char name[64];
} ledger_carry_rank;
/* The openings the chain has, newest first (*c to free with ledger_carry_free). */
bmp_status ledger_carry_load(bmp_ledger *l, ledger_carry **c, bmp_error *err);
void ledger_carry_free(ledger_carry *c);
/* The entry of the newest opening (0: none). */
int64_t ledger_carry_newest(const ledger_carry *c);
/* The carried rank of player `key` (its id as text) from the newest
 * opening entered after entry `after` (*found false: none); bulk reads each
 * opening's players once, else one look-up a player. */
bmp_status ledger_carry_find(bmp_ledger *l, ledger_carry *c, const char *key, int64_t after,
                             bool bulk, ledger_carry_rank *r, bool *found, bmp_error *err);
/* A player's image with rank, stars and rank_name replaced (NULL: no memory). */
char *ledger_carry_apply(const char *image, const ledger_carry_rank *r);
/* The fold's last images of touched players u[0..n) made the chain's
 * image as above (chain.c, for the player table only). */
bmp_status ledger_carry_last(bmp_ledger *l, const chain_unit *u, size_t n, chain_last *last,
                             bmp_error *err);

/* chain_upgrade.c (docs/rulings.md MG-18): players the chain imaged before
 * migration 018 added player.birth_year, re-imaged once by one `migrate`
 * entry on a writable open; *pending: such images are not re-imaged yet. */
bmp_status ledger_chain_upgrade(bmp_ledger *l, bmp_error *err);
bmp_status ledger_chain_upgrade_pending(bmp_ledger *l, bool *pending, bmp_error *err);

/* Verify: every row of every registered table against the latest image of
 * its unit; each difference a problem naming the table and key. */
bmp_status ledger_chain_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err);

/* schema.c (issue 45): inside ledger_audit, a note of the live schema's
 * objects when they differ from the chain's last such note; in verify,
 * the live schema and every recorded note against what the migrations
 * make, each difference a problem naming the object (and the entry). */
bmp_status ledger_schema_note(bmp_ledger *l, bmp_error *err);
/* The live schema, and the notes of the entries after `after` (0: all). */
bmp_status ledger_schema_verify(bmp_ledger *l, int64_t after, bmp_problems *pp, size_t *bad,
                                bmp_error *err);

#endif
