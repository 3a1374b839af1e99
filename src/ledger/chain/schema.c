/* The schema checked (issue 45, docs/ledger.md "The schema checked"):
 * verify trusts no view, trigger, table or index it did not make.
 *
 * The expected schema is what the migrations make: the store applies
 * migrations 1..version to an empty scratch database (SQLite in memory,
 * PostgreSQL a schema of its own rolled back) and both are read the same
 * way (store.h schema_objects).  Each object is a line "kind name
 * digest", the digest the SHA-256 of its definition with whitespace runs
 * made one space and double quotes dropped.
 *
 * verify names every object of the live schema that is missing, differs
 * or was added.  And every audit entry records the live schema's lines as
 * a note of the unit schema/objects whenever they differ from the chain's
 * last such note (chain.h ledger_chain_note), so a view swapped, used
 * and restored between two verifications leaves its lines in the chain:
 * verify compares each recorded note with what its version's migrations
 * make and names the entry and the objects. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The unit the notes are recorded as (no table of the registry). */
static const ledger_chain_table schema_note = {"schema", "objects", NULL, false};
static const char note_key[] = "objects";

typedef struct schema_line {
    char kind[16];
    char name[96];
    char digest[65];
} schema_line;

typedef struct schema_set {
    int version;
    schema_line *v;
    size_t n, cap;
} schema_set;

static void set_free(schema_set *s)
{
    free(s->v);
    *s = (schema_set){0};
}

/* The definition's digest: whitespace runs one space, no double quotes,
 * no space at either end. */
static bool def_digest(const char *def, char out[65])
{
    core_buf b = {0};
    bool space = false;
    for (const char *p = def; *p; p++) {
        if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') {
            space = b.len > 0;
        } else if (*p != '"') {
            if (space)
                core_buf_putc(&b, ' ');
            space = false;
            core_buf_putc(&b, *p);
        }
    }
    bool ok = !b.failed;
    if (ok)
        ledger_sha256_hex(b.data ? b.data : "", b.len, out);
    core_buf_free(&b);
    return ok;
}

static schema_line *set_add(schema_set *s)
{
    schema_line *v = core_grow(s->v, &s->cap, s->n, sizeof *v);
    if (!v)
        return NULL;
    s->v = v;
    memset(&s->v[s->n], 0, sizeof s->v[s->n]);
    return &s->v[s->n++];
}

static bmp_status collect(void *ctx, const char *kind, const char *name, const char *def,
                          bmp_error *err)
{
    schema_line *x = set_add(ctx);
    if (!x || !def_digest(def, x->digest))
        return bmp_error_oom(err);
    snprintf(x->kind, sizeof x->kind, "%s", kind);
    snprintf(x->name, sizeof x->name, "%s", name);
    return BMP_OK;
}

static int line_cmp(const void *a, const void *b)
{
    const schema_line *x = a, *y = b;
    int c = strcmp(x->kind, y->kind);
    return c ? c : strcmp(x->name, y->name);
}

/* The live schema (version < 0: the database's own version recorded) or
 * the migrations' up to version. */
static bmp_status set_load(bmp_ledger *l, int version, schema_set *s, bmp_error *err)
{
    set_free(s);
    s->version = version < 0 ? lq_schema_version(l) : version;
    if (s->version < 0) /* not read (no memory, I/O): never a note of version -1 */
        return bmp_error_set(err, BMP_EIO, "database: cannot read the schema version");
    bmp_status rc = lq_schema_objects(l, version, collect, s, err);
    if (!rc && s->n)
        qsort(s->v, s->n, sizeof *s->v, line_cmp);
    return rc;
}

/* "version=N\n" then "kind name digest\n" per object, in order. */
static char *set_image(const schema_set *s)
{
    core_buf b = {0};
    core_buf_printf(&b, "version=%d\n", s->version);
    for (size_t i = 0; i < s->n; i++)
        core_buf_printf(&b, "%s %s %s\n", s->v[i].kind, s->v[i].name, s->v[i].digest);
    if (b.failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* A note's image back into a set (false: not of that form). */
static bool set_parse(const char *image, schema_set *s, bool *oom)
{
    set_free(s);
    *oom = false;
    if (sscanf(image, "version=%d", &s->version) != 1)
        return false;
    const char *p = strchr(image, '\n');
    while (p && p[1]) {
        p++;
        schema_line *x = set_add(s);
        if (!x) {
            *oom = true;
            return false;
        }
        if (sscanf(p, "%15s %95s %64s", x->kind, x->name, x->digest) != 3)
            return false;
        p = strchr(p, '\n');
    }
    return true;
}

/* Each difference of `got` from `want`, "view player_resolved differs",
 * passed to say(ctx, kind, name, what). */
typedef void (*diff_fn)(void *ctx, const schema_line *x, const char *what);
static size_t set_diff(const schema_set *got, const schema_set *want, diff_fn say, void *ctx)
{
    size_t i = 0, j = 0, n = 0;
    while (i < got->n || j < want->n) {
        int c = i == got->n ? 1 : j == want->n ? -1 : line_cmp(&got->v[i], &want->v[j]);
        if (c < 0) {
            say(ctx, &got->v[i++], "is not made by the migrations (added)");
            n++;
        } else if (c > 0) {
            say(ctx, &want->v[j++], "is missing");
            n++;
        } else {
            if (strcmp(got->v[i].digest, want->v[j].digest) != 0) {
                say(ctx, &got->v[i], "differs from the migrations'");
                n++;
            }
            i++, j++;
        }
    }
    return n;
}

/* ---- the note each audit entry may carry -------------------------------- */

/* The live schema's note image (*image) and its digest. */
static bmp_status live_note(bmp_ledger *l, char **image, char digest[65], bmp_error *err)
{
    schema_set live = {0};
    bmp_status rc = set_load(l, -1, &live, err);
    *image = rc ? NULL : set_image(&live);
    set_free(&live);
    if (!rc && !*image)
        rc = bmp_error_oom(err);
    if (!rc)
        ledger_sha256_hex(*image, strlen(*image), digest);
    return rc;
}

/* Issue 46: reading and digesting the catalog at every write cost more
 * than a small batch's own work (on PostgreSQL 6-40 ms a write).  The
 * digest is kept with a change stamp of the catalog, cheap to read, and
 * the catalog read again at a write only when the stamp moved:
 *  - SQLite: the schema cookie (PRAGMA schema_version, in the database
 *    header), which every schema change moves and a rollback restores;
 *  - PostgreSQL: the current schema's name and, for each catalog the
 *    schema is read from (pg_class, pg_attribute, pg_attrdef,
 *    pg_constraint, pg_trigger, pg_proc, pg_rewrite, pg_policy), its row
 *    count and newest row's xmin: a CREATE, ALTER, REPLACE or DROP of any
 *    object inserts or deletes a catalog row, and a new or updated row
 *    carries the xid of its transaction, newer than any before it.
 * What an attacker could still do unseen by the writes of a handle that
 * stays open (a long-running serve; every CLI command opens its own):
 * on SQLite, edit sqlite_schema under PRAGMA writable_schema and set the
 * cookie back to its old value; on PostgreSQL, with superuser rights,
 * edit a catalog row in place so its count and newest xmin come out as
 * before (e.g. an UPDATE that the xid counter has wrapped around to).
 * Either needs powers beyond the ledger's role, and a full or --since
 * verify still compares the live schema with the migrations'. */
static const char pg_stamp_sql[] =
    "SELECT current_schema() || ':' || concat_ws(',', "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_class), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_attribute), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_attrdef), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_constraint), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_trigger), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_proc), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_rewrite), "
    "(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_policy))";

static bmp_status live_stamp(bmp_ledger *l, char *out, size_t size, bmp_error *err)
{
    bool sqlite = strcmp(lq_backend(l), "sqlite") == 0;
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, sqlite ? "PRAGMA schema_version" : pg_stamp_sql, NULL);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    snprintf(out, size, "%s", !rc && row ? lq_col_text(l, st, 0) : "");
    lq_finalize(l, st);
    return rc;
}

static bmp_status live_digest(bmp_ledger *l, char **image, char digest[65], bmp_error *err)
{
    *image = NULL;
    char stamp[sizeof l->schema.stamp];
    bmp_status rc = live_stamp(l, stamp, sizeof stamp, err);
    if (rc)
        return rc;
    if (l->schema.known && *stamp && strcmp(l->schema.stamp, stamp) == 0) {
        memcpy(digest, l->schema.digest, 65);
        return BMP_OK;
    }
    rc = live_note(l, image, digest, err);
    if (!rc && *stamp) {
        snprintf(l->schema.stamp, sizeof l->schema.stamp, "%s", stamp);
        memcpy(l->schema.digest, digest, 65);
        l->schema.known = true;
    }
    return rc;
}

bmp_status ledger_schema_note(bmp_ledger *l, bmp_error *err)
{
    char *image = NULL, digest[65];
    bmp_status rc = live_digest(l, &image, digest, err);
    ledger_stmt *st = NULL;
    bool row = false;
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT digest FROM audit_row WHERE tbl = ?1 AND key = ?2 "
                      "ORDER BY seq DESC LIMIT 1",
                      "ss", schema_note.name, note_key);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    bool note = !rc && (!row || strcmp(lq_col_text(l, st, 0), digest) != 0);
    lq_finalize(l, st);
    if (note && !image) /* the schema as it is now, to record */
        rc = live_note(l, &image, digest, err);
    if (note && !rc)
        rc = ledger_chain_note(l, &schema_note, note_key, image, err);
    free(image);
    return rc;
}

/* ---- verify ------------------------------------------------------------- */

typedef struct say_live {
    bmp_problems *pp;
    int version;
} say_live;

static void say_live_fn(void *ctx, const schema_line *x, const char *what)
{
    say_live *s = ctx;
    problems_add(s->pp, "schema: %s %s %s (schema version %d; changed behind the program's "
                 "back)", x->kind, x->name, what, s->version);
}

static void say_note_fn(void *ctx, const schema_line *x, const char *what)
{
    core_buf *b = ctx;
    if (b->len < 600)
        core_buf_printf(b, "%s%s %s %s", b->len ? "; " : "", x->kind, x->name, what);
    else if (b->len < 605)
        core_buf_puts(b, "; ...");
}

/* The schema now against its version's migrations. */
static bmp_status verify_live(bmp_ledger *l, schema_set *want, bmp_problems *pp, size_t *bad,
                              bmp_error *err)
{
    schema_set live = {0};
    bmp_status rc = set_load(l, -1, &live, err);
    if (!rc)
        rc = set_load(l, live.version, want, err);
    say_live s = {pp, live.version};
    if (!rc)
        *bad += set_diff(&live, want, say_live_fn, &s);
    set_free(&live);
    return rc;
}

/* One recorded note: its digest, and its objects against its version's
 * migrations (want: the last version's, reloaded when it changes). */
static bmp_status verify_note(bmp_ledger *l, int64_t seq, const char *digest, const char *image,
                              schema_set *want, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    char d[65];
    ledger_sha256_hex(image, strlen(image), d);
    schema_set got = {0};
    bool oom = false;
    if (strcmp(d, digest) != 0 || !set_parse(image, &got, &oom)) {
        set_free(&got);
        if (oom)
            return bmp_error_oom(err);
        problems_add(pp, "audit %lld: its record of the schema does not match its digest",
                     (long long)seq);
        (*bad)++;
        return BMP_OK;
    }
    bmp_status rc = got.version == want->version ? BMP_OK : set_load(l, got.version, want, err);
    core_buf b = {0};
    if (!rc && set_diff(&got, want, say_note_fn, &b)) {
        problems_add(pp, "audit %lld: written under a schema that is not the migrations' "
                     "(version %d): %s", (long long)seq, got.version,
                     b.data && !b.failed ? b.data : "");
        (*bad)++;
    }
    core_buf_free(&b);
    set_free(&got);
    return rc;
}

bmp_status ledger_schema_verify(bmp_ledger *l, int64_t after, bmp_problems *pp, size_t *bad,
                                bmp_error *err)
{
    schema_set want = {0};
    bmp_status rc = verify_live(l, &want, pp, bad, err);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT seq, digest, image FROM audit_row WHERE tbl = ?1 AND key = ?2 "
                      "AND seq > ?3 ORDER BY seq",
                      "ssi", schema_note.name, note_key, after);
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        rc = verify_note(l, lq_col_int(l, st, 0), lq_col_text(l, st, 1), lq_col_text(l, st, 2),
                         &want, pp, bad, err);
    }
    lq_finalize(l, st);
    set_free(&want);
    return rc;
}
