/* The batches a charge run leaves out, each listed with why (issue 26:
 * never silently). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/charges/charges.h"
#include "ledger/store/query.h"

void charge_skip(bmp_ledger_run *r, int64_t batch, const char *why)
{
    char id[32];
    snprintf(id, sizeof id, "%lld", (long long)batch);
    charge_skip_named(r, "batch", id, why);
}

void charge_skip_named(bmp_ledger_run *r, const char *what, const char *id, const char *why)
{
    size_t used = strlen(r->skipped_why), room = sizeof r->skipped_why - used;
    char line[300];
    int n = snprintf(line, sizeof line, "%s %s: %s\n", what, id, why);
    r->skipped++;
    if (n > 0 && (size_t)n < room - 4)
        memcpy(r->skipped_why + used, line, (size_t)n + 1);
    else if (room >= 5 && (used < 4 || strcmp(r->skipped_why + used - 4, "...\n") != 0))
        memcpy(r->skipped_why + used, "...\n", 5);
}

static bool fill_id(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    *(int64_t *)row = lq_col_int(l, st, 0);
    return true;
}

bmp_status charge_skip_clubless(bmp_ledger *l, const ledger_body *b, const char p[3][32],
                                const char *why, bmp_ledger_run *out, bmp_error *err)
{
    int64_t *v = NULL;
    size_t n = 0;
    bmp_status rc = lq_rows(l, &v, &n, sizeof *v, fill_id, NULL, err,
                            "SELECT b.id FROM batch b WHERE b.body_id = ?1 AND b.state = "
                            "'posted' AND b.club_id IS NULL AND b.period IN (?2, ?3, ?4) "
                            "ORDER BY b.id", "isss", b->id, p[0], p[1], p[2]);
    for (size_t i = 0; i < n && !rc; i++)
        charge_skip(out, v[i], why);
    free(v);
    return rc;
}

typedef struct unapproved {
    int64_t id;
    char state[16];
} unapproved;

static bool fill_unapproved(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    unapproved *u = row;
    u->id = lq_col_int(l, st, 0);
    snprintf(u->state, sizeof u->state, "%s", lq_col_text(l, st, 1));
    return true;
}

bmp_status charge_skip_unapproved(bmp_ledger *l, const ledger_body *b, const char *month,
                                  const char *rule, bmp_ledger_run *out, bmp_error *err)
{
    unapproved *v = NULL;
    size_t n = 0;
    char like[16], why[160];
    snprintf(like, sizeof like, "%.7s-%%", month);
    snprintf(why, sizeof why, "not approved: not charged (%s charges the month's approved "
             "events)", rule);
    bmp_status rc = lq_rows(l, &v, &n, sizeof *v, fill_unapproved, NULL, err,
                            "SELECT b.id, b.state FROM batch b WHERE b.body_id = ?1 AND "
                            "b.source IN ('event', 'usebio-mp') AND b.event_date LIKE ?2 AND "
                            "b.state IN ('received', 'provisional') ORDER BY b.id",
                            "is", b->id, like);
    for (size_t i = 0; i < n && !rc; i++) {
        char line[200];
        snprintf(line, sizeof line, "%s, %s", v[i].state, why);
        charge_skip(out, v[i].id, line);
    }
    free(v);
    return rc;
}
