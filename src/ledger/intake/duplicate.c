/* A batch holding the same content, and who may be told of it (issue 26
 * item 1; issue 45 items 6 and 8): the import refuses a file whose content
 * a live batch holds, naming that batch -- except to a caller who sees its
 * own club's batches only (bmp_ledger_import_opts.club_view: a club's
 * token or scorer), who is told that another club submitted it, without
 * its number, state or awards. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ledger/intake/duplicate.h"
#include "ledger/store/query.h"

static bmp_status find_holder(bmp_ledger *l, int64_t body, const char *hash, int64_t *id,
                              char state[16], bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT id, state FROM batch WHERE body_id = ?1 AND content_hash = ?2 "
                             "AND state <> 'rejected'",
                             "is", body, hash);
    bool row = false;
    *id = 0;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        *id = lq_col_int(l, st, 0);
        snprintf(state, 16, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    return rc;
}

bool ledger_holder_elsewhere(bmp_ledger *l, const bmp_ledger_import_opts *o, int64_t holder)
{
    if (!holder || o->size <= offsetof(bmp_ledger_import_opts, club_view) || !o->club_view ||
        !o->club || !*o->club)
        return false;
    ledger_stmt *st = NULL;
    bool row = false, other = false;
    bmp_status rc = lq_query(l, &st, NULL,
                             "SELECT coalesce(c.number, '') FROM batch b LEFT JOIN club c ON "
                             "c.id = b.club_id WHERE b.id = ?1",
                             "i", holder);
    if (!rc && !lq_step(l, st, &row, NULL) && row)
        other = strcmp(lq_col_text(l, st, 0), o->club) != 0;
    lq_finalize(l, st);
    return other;
}

bmp_status ledger_refuse_elsewhere(const char *file, const char *what, bmp_error *err)
{
    return bmp_error_set(err, BMP_EINVAL,
                         "%s: already submitted by another club (the same %s): its batch is "
                         "that club's to see; if the results are your club's, ask the body's "
                         "secretary", file, what);
}

/* The same content is refused, naming the batch that holds it. */
bmp_status ledger_refuse_duplicate(bmp_ledger *l, const ledger_body *b,
                                   const bmp_ledger_import_opts *o, const char *file,
                                   const char *hash, int64_t *dup, bmp_error *err)
{
    int64_t holder = 0;
    char state[16] = "";
    bmp_status rc = find_holder(l, b->id, hash, &holder, state, err);
    *dup = !rc && ledger_holder_elsewhere(l, o, holder) ? 0 : holder; /* issue 45: not named */
    if (!rc && holder && !*dup)
        rc = ledger_refuse_elsewhere(file, "content", err);
    else if (!rc && holder)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "%s: already imported: batch %lld (%s) holds the same content "
                           "(sha256 %.12s...)", file, (long long)holder, state, hash);
    return rc;
}

/* After a failed commit: a concurrent importer may have won the UNIQUE
 * key, and the error then names its batch. */
bmp_status ledger_explain_lost_race(bmp_ledger *l, const ledger_body *b,
                                    const bmp_ledger_import_opts *o, const char *file,
                                    const char *hash, bmp_status rc, bmp_error *err)
{
    int64_t holder = 0;
    char state[16];
    if (!find_holder(l, b->id, hash, &holder, state, NULL) && holder)
        rc = ledger_holder_elsewhere(l, o, holder)
                 ? ledger_refuse_elsewhere(file, "content", err)
                 : bmp_error_set(err, BMP_EINVAL, "%s: already imported: batch %lld (%s)", file,
                                 (long long)holder, state);
    return rc;
}
