/* The carried rank of an opening balance as the floor of every close
 * (issue 28 item 2, docs/rulings.md MI-2). */
#include <stdlib.h>
#include <string.h>

#include "ledger/opening.h"

static bool fill_floor(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    ledger_floor *f = row;
    f->player = l->ops->col_int(st, 0);
    f->rank.rank = (int)l->ops->col_int(st, 1);
    f->rank.stars = (int)l->ops->col_int(st, 2);
    snprintf(f->rank.name, sizeof f->rank.name, "%s", l->ops->col_text(st, 3));
    return true;
}

static int cmp_floor(const void *a, const void *b)
{
    int64_t x = ((const ledger_floor *)a)->player, y = ((const ledger_floor *)b)->player;
    return (x > y) - (x < y);
}

bmp_status ledger_floors_load(bmp_ledger *l, int64_t body, ledger_floors *f, bmp_error *err)
{
    memset(f, 0, sizeof *f);
    bmp_status rc = lq_rows(l, &f->v, &f->n, sizeof *f->v, fill_floor, NULL, err,
                            "SELECT op.player_id, op.rank, op.stars, op.rank_name "
                            "FROM opening_player op JOIN batch b ON b.id = op.batch_id "
                            "WHERE b.body_id = ?1 AND NOT EXISTS (SELECT 1 FROM opening o "
                            "WHERE o.replaces = op.batch_id)",
                            "i", body);
    if (!rc && f->n)
        qsort(f->v, f->n, sizeof *f->v, cmp_floor);
    return rc;
}

void ledger_floor_apply(const ledger_floors *f, int64_t player, ledger_rank *now)
{
    ledger_floor key = {.player = player};
    const ledger_floor *x = f->n ? bsearch(&key, f->v, f->n, sizeof *f->v, cmp_floor) : NULL;
    if (x && ledger_rank_order(&x->rank) > ledger_rank_order(now))
        *now = x->rank;
}

void ledger_floors_free(ledger_floors *f)
{
    free(f->v);
    memset(f, 0, sizeof *f);
}
