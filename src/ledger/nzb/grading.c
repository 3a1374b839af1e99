/* NZ Bridge's annual rating-point and grading run (NZ-92, NZ-5, NZ-6,
 * NZ-105; include/bridgemp/ledger_nz.h, ruling NZF-3).  One pass over the
 * register joined to the year's earnings, last year's ratings and the
 * holdings; one row a player. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_nz.h"
#include "bridgemp/nzb.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* A player's inputs, read first (no write on a reading cursor). */
typedef struct nz_in {
    int64_t player, earned, prev, a, b, c;
    bool overseas;
} nz_in;

/* One nz_in from the statement's current row (lq_rows). */
static bool fill_nz_in(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    nz_in *x = row;
    x->player = lq_col_int(l, st, 0);
    x->overseas = lq_col_int(l, st, 1) != 0;
    x->earned = lq_col_int(l, st, 2);
    x->prev = lq_col_int(l, st, 3);
    x->a = lq_col_int(l, st, 4);
    x->b = lq_col_int(l, st, 5);
    x->c = lq_col_int(l, st, 6);
    return true;
}

static bmp_status read_inputs(bmp_ledger *l, const ledger_body *b, int year, nz_in **out,
                              size_t *n, bmp_error *err)
{
    char like[16];
    snprintf(like, sizeof like, "%04d-%%", year);
    return lq_rows(
        l, out, n, sizeof **out, fill_nz_in, NULL, err,
        "SELECT p.id, p.overseas, "
        "COALESCE((SELECT sum(j.points) FROM journal j JOIN batch t ON t.id = j.batch_id "
        "  WHERE j.player_id = p.id AND j.point_type IN ('a', 'b') AND t.state = 'posted' "
        "  AND t.event_date LIKE ?2), 0), "
        "COALESCE((SELECT g.rating FROM nz_grading g WHERE g.player_id = p.id AND "
        "  g.year = ?3), 0), "
        "COALESCE((SELECT h.points FROM holding h WHERE h.player_id = p.id AND "
        "  h.point_type = 'a'), 0), "
        "COALESCE((SELECT h.points FROM holding h WHERE h.player_id = p.id AND "
        "  h.point_type = 'b'), 0), "
        "COALESCE((SELECT h.points FROM holding h WHERE h.player_id = p.id AND "
        "  h.point_type = 'c'), 0) "
        "FROM player p WHERE p.body_id = ?1 AND p.status NOT IN ('Deceased', 'Resigned') "
        "ORDER BY p.id",
        "isi", b->id, like, (int64_t)(year - 1));
}

/* NZ-6 rating, NZ-3 rank (C counts only as converted to B, NZ-2), NZ-5
 * grading (overseas: Open, NZ-105). */
static bmp_status grade_one(bmp_ledger *l, int year, const nz_in *x, bmp_ledger_nz_year *out,
                            bmp_error *err)
{
    bmp_points rating = bmp_nz_rating_points(x->prev, x->earned), left = 0;
    bmp_nz_rank rank;
    int stars = 0;
    bmp_status rc = bmp_nz_rank_of(x->a, x->b + bmp_nz_c_to_b(x->c, &left), &rank, &stars, err);
    if (rc)
        return rc;
    bmp_nz_grading g = x->overseas ? BMP_NZ_OPEN : bmp_nz_grading_of(rank, stars, rating, x->a);
    out->open += g == BMP_NZ_OPEN;
    out->intermediate += g == BMP_NZ_INTERMEDIATE;
    out->junior += g == BMP_NZ_JUNIOR;
    out->players++;
    return lq_run(l, err,
                  "INSERT INTO nz_grading (player_id, year, earned, rating, grading) "
                  "VALUES (?1, ?2, ?3, ?4, ?5)",
                  "iiiis", x->player, (int64_t)year, x->earned, rating, bmp_nz_grading_name(g));
}

bmp_status bmp_ledger_nz_annual_run(bmp_ledger *l, const char *body, int year,
                                    bmp_ledger_nz_year *out, bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "nzb") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: rating points and gradings for "
                             "%s (NZ Bridge's, NZ-92)", b.code);
    if (year < 1980 || year > 9998)
        return bmp_error_set(err, BMP_EINVAL, "annual run: year %d: expected yyyy", year);
    if ((rc = lq_begin(l, err)))
        return rc;
    int64_t done = 0;
    bool found = false;
    rc = lq_int(l, &done, &found, err, "SELECT count(*) FROM nz_grading g JOIN player p ON "
                "p.id = g.player_id WHERE p.body_id = ?1 AND g.year = ?2", "ii", b.id,
                (int64_t)year);
    out->already = !rc && done > 0;
    nz_in *v = NULL;
    size_t n = 0;
    if (!rc && !out->already)
        rc = read_inputs(l, &b, year, &v, &n, err);
    for (size_t i = 0; i < n && !rc; i++)
        rc = grade_one(l, year, &v[i], out, err);
    free(v);
    if (!rc && !out->already)
        rc = ledger_touch_id(l, "nz_grading", year, err);
    if (!rc && !out->already) {
        char *d = core_asprintf("nzb annual run %d: %zu players: %zu Open, %zu Intermediate, "
                                "%zu Junior (NZ-92)", year, out->players, out->open,
                                out->intermediate, out->junior);
        rc = d ? ledger_audit(l, "annual", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc && out->already)
        out->players = (size_t)done;
    rc = ledger_tx_end(l, rc, err);
    return rc;
}

bmp_status bmp_ledger_nz_gradings(bmp_ledger *l, const char *body, int year, bmp_table *out,
                                  bmp_error *err)
{
    static const char *const cols[] = {"number", "name", "earned", "rating", "grading", NULL};
    ledger_body b;
    ledger_stmt *st = NULL;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "gradings");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT p.number, p.name, g.earned, g.rating, g.grading FROM nz_grading g "
                      "JOIN player p ON p.id = g.player_id WHERE p.body_id = ?1 AND g.year = ?2 "
                      "ORDER BY p.number",
                      "ii", b.id, (int64_t)year);
    bool row = false;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        char e[32], r[32];
        bmp_points_format(lq_col_int(l, st, 2), e, sizeof e);
        bmp_points_format(lq_col_int(l, st, 3), r, sizeof r);
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 0));
        if (!rc)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 1));
        if (!rc)
            rc = bmp_table_cell(out, "%s", e);
        if (!rc)
            rc = bmp_table_cell(out, "%s", r);
        if (!rc)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 4));
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}
