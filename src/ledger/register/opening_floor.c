/* The carried rank of an opening balance as the floor of every close
 * (issue 28 item 2, docs/rulings.md MI-2). */
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "ledger/register/opening.h"
#include "ledger/store/query.h"

static bool fill_floor(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    ledger_floor *f = row;
    f->player = lq_col_int(l, st, 0);
    f->rank.rank = (int)lq_col_int(l, st, 1);
    f->rank.stars = (int)lq_col_int(l, st, 2);
    snprintf(f->rank.name, sizeof f->rank.name, "%s", lq_col_text(l, st, 3));
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

typedef struct hrow {
    char type[32];
    bmp_points points;
} hrow;

static bool fill_hrow(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    hrow *h = row;
    snprintf(h->type, sizeof h->type, "%s", lq_col_text(l, st, 0));
    h->points = lq_col_int(l, st, 1);
    return true;
}

bmp_status ledger_rerank(bmp_ledger *l, const char *body, int64_t body_id, int64_t player,
                         const ledger_rank *also, ledger_rank *was, ledger_rank *now,
                         bmp_error *err)
{
    const char *types[LEDGER_MAX_TYPES];
    size_t ntypes = ledger_point_types(body, types), n = 0;
    bmp_points h[LEDGER_MAX_TYPES] = {0};
    int64_t pre82 = 0;
    bool found = false;
    hrow *v = NULL;
    ledger_floors floors = {0};
    memset(was, 0, sizeof *was);
    bmp_status rc = lq_int(l, &pre82, &found, err, "SELECT pre1982_red FROM player WHERE id = ?1",
                           "i", player);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(l, &st, err, "SELECT rank, stars, rank_name FROM player WHERE id = ?1", "i",
                      player);
    bool row = false;
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        was->rank = (int)lq_col_int(l, st, 0);
        was->stars = (int)lq_col_int(l, st, 1);
        snprintf(was->name, sizeof was->name, "%s", lq_col_text(l, st, 2));
    }
    if (st)
        lq_finalize(l, st);
    if (!rc)
        rc = lq_rows(l, &v, &n, sizeof *v, fill_hrow, NULL, err,
                     "SELECT point_type, points FROM holding WHERE player_id = ?1", "i", player);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < ntypes; k++)
            if (strcmp(types[k], v[i].type) == 0)
                h[k] = v[i].points;
    free(v);
    if (!rc)
        rc = ledger_rank_of(body, h, pre82, was, now, err);
    if (!rc)
        rc = ledger_floors_load(l, body_id, &floors, err);
    ledger_floor_apply(&floors, player, now);
    ledger_floors_free(&floors);
    if (!rc && also && ledger_rank_order(also) > ledger_rank_order(now))
        *now = *also;
    if (!rc && (ledger_rank_order(now) != ledger_rank_order(was) || strcmp(now->name, was->name)))
        rc = lq_run(l, err, "UPDATE player SET rank = ?2, stars = ?3, rank_name = ?4 WHERE id = ?1",
                    "iiis", player, (int64_t)now->rank, (int64_t)now->stars, now->name);
    if (!rc)
        rc = ledger_touch_id(l, "player", player, err);
    return rc;
}
