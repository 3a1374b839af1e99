/* Players imaged before migration 018 added player.birth_year, re-imaged once (rulings MG-18). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The marker: a note of the `migrate` entry (a unit of no table, chain.h),
 * found by one look-up in audit_row's index (tbl, key, seq). */
static const ledger_chain_table migration_note = {"migration", "step", NULL, false};
static const char note_key[] = "018";

enum { CHUNK = 4096 }; /* players read, compared and freed at a time */

/* The field `name=...` of a canonical image ('|'-separated, '\\'
 * escaping, chain.c): its start, and in *end the separator or NUL after
 * it; NULL: no such field. */
static const char *field_span(const char *image, const char *name, const char **end)
{
    size_t len = strlen(name);
    const char *s = image;
    for (;;) {
        const char *p = s;
        while (*p && *p != '|')
            p += p[0] == '\\' && p[1] ? 2 : 1;
        if (strncmp(s, name, len) == 0 && s[len] == '=') {
            *end = p;
            return s;
        }
        if (!*p)
            return NULL;
        s = p + 1;
    }
}

/* Whether `now` is `last` with only the field birth_year = NULL gained
 * (last, the chain's image, has no such field). */
static bool only_gained_birth_year(const char *now, const char *last)
{
    static const char null_field[] = "birth_year=\\N";
    const char *end = NULL, *none = NULL, *f = field_span(now, "birth_year", &end);
    bool gained_null = f && (size_t)(end - f) == strlen(null_field) &&
                       strncmp(f, null_field, strlen(null_field)) == 0;
    if (!gained_null || field_span(last, "birth_year", &none))
        return false;
    const char *cut = f > now ? f - 1 : f; /* with the separator before it, or after it */
    const char *after = f > now || !*end ? end : end + 1;
    size_t head = (size_t)(cut - now);
    return strncmp(last, now, head) == 0 && strcmp(last + head, after) == 0;
}

static bmp_status marked(bmp_ledger *l, bool *found, bmp_error *err)
{
    int64_t one = 0;
    return lq_int(l, &one, found, err,
                  "SELECT 1 FROM audit_row WHERE tbl = ?1 AND key = ?2 LIMIT 1", "ss",
                  migration_note.name, note_key);
}

/* Whether the chain imaged players before 018: the first image of the
 * player of the lowest id lacks birth_year.  Ids are given in ascending
 * order and players are never deleted, so if any player was imaged before
 * 018 this one was too (it existed by then, and the chain's first entry
 * with images, or the entry that added it, imaged it). */
static bmp_status imaged_before_018(bmp_ledger *l, bool *old, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    *old = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT image FROM audit_row WHERE tbl = 'player' AND key = (SELECT "
                             "CAST(min(id) AS TEXT) FROM player) AND image IS NOT NULL "
                             "ORDER BY seq LIMIT 1", NULL);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    const char *end = NULL;
    if (!rc && row)
        *old = !field_span(lq_col_text(l, st, 0), "birth_year", &end);
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status ledger_chain_upgrade_pending(bmp_ledger *l, bool *pending, bmp_error *err)
{
    bool done = false;
    *pending = false;
    bmp_status rc = marked(l, &done, err);
    if (!rc && !done)
        rc = imaged_before_018(l, pending, err);
    return rc;
}

/* The next players after id *after (at most CHUNK) into u: key and image. */
static bmp_status read_chunk(bmp_ledger *l, int64_t *after, chain_unit *u, size_t *n,
                             bmp_error *err)
{
    const ledger_chain_table *t = ledger_chain_table_of("player");
    ledger_stmt *st = NULL;
    *n = 0;
    bmp_status rc = lq_query(l, &st, err, "SELECT * FROM player WHERE id > ?1 ORDER BY id "
                                          "LIMIT ?2", "ii", *after, (int64_t)CHUNK);
    for (bool row = true; !rc && *n < CHUNK;) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        *after = lq_col_int(l, st, 0); /* id, the table's first column */
        chain_unit *x = &u[(*n)++];
        *x = (chain_unit){.t = t, .key = core_strdup(lq_col_text(l, st, 0)),
                          .image = ledger_chain_image(l, st)};
        if (!x->key || !x->image)
            rc = bmp_error_oom(err);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

static int key_cmp(const void *a, const void *b)
{
    return strcmp(((const chain_unit *)a)->key, ((const chain_unit *)b)->key);
}

/* Touch each player of u[0..n) whose row is the chain's image of it (an
 * opening's carried rank applied, CH-7) with only birth_year NULL gained. */
static bmp_status touch_gained(bmp_ledger *l, chain_unit *u, size_t n, size_t *touched,
                               bmp_error *err)
{
    qsort(u, n, sizeof *u, key_cmp); /* the walk's order (chain_batch.c) */
    chain_last *last = calloc(n, sizeof *last);
    bmp_status rc = last ? ledger_chain_last_batch(l, u, n, last, err) : bmp_error_oom(err);
    if (!rc)
        rc = ledger_carry_last(l, u, n, last, err);
    for (size_t i = 0; !rc && i < n; i++)
        if (last[i].found && last[i].image && only_gained_birth_year(u[i].image, last[i].image)) {
            rc = ledger_touch(l, "player", u[i].key, err);
            (*touched)++;
        }
    for (size_t i = 0; last && i < n; i++)
        free(last[i].image);
    free(last);
    return rc;
}

/* Every player, a chunk at a time: those that only gained birth_year touched. */
static bmp_status touch_players(bmp_ledger *l, size_t *players, size_t *touched, bmp_error *err)
{
    chain_unit *u = calloc(CHUNK, sizeof *u);
    bmp_status rc = u ? BMP_OK : bmp_error_oom(err);
    for (int64_t after = 0; !rc;) {
        size_t n = 0;
        rc = read_chunk(l, &after, u, &n, err);
        if (!rc && n)
            rc = touch_gained(l, u, n, touched, err);
        *players += n;
        for (size_t i = 0; i < n; i++) {
            free(u[i].key);
            free(u[i].image);
        }
        if (n < CHUNK)
            break;
    }
    free(u);
    return rc;
}

/* The entry: the players touched re-imaged (each entry's image says
 * "birth_year: (none) -> NULL"), and the marker. */
static bmp_status reimage(bmp_ledger *l, bmp_error *err)
{
    size_t players = 0, touched = 0;
    bmp_status rc = touch_players(l, &players, &touched, err);
    char *detail = rc ? NULL
                      : core_asprintf("migration 018 added player.birth_year after the chain "
                                      "imaged players: %zu of %zu players re-imaged as they "
                                      "are, gaining only birth_year NULL; %zu differ otherwise "
                                      "and are left to verify (docs/rulings.md MG-18)",
                                      touched, players, players - touched);
    char note[64];
    snprintf(note, sizeof note, "players re-imaged=%zu", touched);
    if (!rc && !detail)
        rc = bmp_error_oom(err);
    if (!rc)
        rc = ledger_chain_note(l, &migration_note, note_key, note, err);
    if (!rc)
        rc = ledger_audit(l, "migrate", detail, err);
    free(detail);
    return rc;
}

bmp_status ledger_chain_upgrade(bmp_ledger *l, bmp_error *err)
{
    bool pending = false;
    bmp_status rc = ledger_chain_upgrade_pending(l, &pending, err);
    if (rc || !pending)
        return rc;
    rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = ledger_chain_upgrade_pending(l, &pending, err); /* another program may have done it */
    if (!rc && pending)
        rc = reimage(l, err);
    if (!rc)
        rc = lq_commit(l, err);
    if (rc) {
        lq_rollback(l);
        ledger_chain_reset(l);
        bmp_error_prefix(err, "re-imaging the players migration 018 changed (rulings MG-18): ");
    }
    return rc;
}
