/* Carried points not checked, said aloud (issue 45 item 6; ruling L-45-1).
 * A USEBIO file carrying MASTER_POINTS is compared with the engine's own
 * award (carried_compare.c) only when the engine can award it; when it
 * cannot (an ABF file without its grade, ABF 1.5.1) or awards nobody
 * anything (a file listing only its placed contestants, L-26-3) the
 * comparison was skipped without a word.  The reason is derived again
 * from the event the batch keeps (batch_event), so the import, `batch
 * show` and any later reader say the same, and no column is added. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/ledger_carried.h"
#include "bridgemp/rules.h"
#include "ledger/intake/carried.h"
#include "ledger/store/query.h"

/* Why the engine does not award ev: "" when it does. */
static void why_unchecked(const bmp_event *ev, char *why, size_t size)
{
    bmp_awards aw;
    bmp_error e = {0};
    bmp_awards_init(&aw);
    bmp_status st = bmp_award_event(ev, &aw, &e);
    if (st && (!ev->grade || !*ev->grade) && strstr(e.msg, "grade"))
        snprintf(why, size, "carried points not checked: no grade in the file (give --grade)");
    else if (st)
        snprintf(why, size, "carried points not checked: the engine cannot award the file: %s",
                 e.msg);
    else if (aw.count == 0)
        snprintf(why, size, "carried points not checked: the engine awards nothing from what "
                            "the file lists (its field, ruling L-26-3)");
    bmp_awards_free(&aw);
}

void ledger_carried_unchecked_json(const char *event_json, char *why, size_t size)
{
    bmp_event *ev = NULL;
    if (size)
        why[0] = '\0';
    if (size && event_json && *event_json &&
        !bmp_event_load_string(event_json, "batch_event", &ev, NULL))
        why_unchecked(ev, why, size);
    bmp_event_free(ev);
}

bmp_status bmp_ledger_batch_carried_unchecked(bmp_ledger *l, int64_t batch, char *why,
                                              size_t size, bmp_error *err)
{
    if (size)
        why[0] = '\0';
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT b.source, coalesce(e.event_json, '') FROM batch b LEFT JOIN "
                             "batch_event e ON e.batch_id = b.id WHERE b.id = ?1",
                             "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    bmp_event *ev = NULL;
    if (!rc && strcmp(lq_col_text(l, st, 0), "usebio-mp") == 0 && *lq_col_text(l, st, 1) &&
        bmp_event_load_string(lq_col_text(l, st, 1), "batch_event", &ev, NULL))
        ev = NULL;
    lq_finalize(l, st);
    if (ev && size)
        why_unchecked(ev, why, size);
    bmp_event_free(ev);
    return rc;
}
