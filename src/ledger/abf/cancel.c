/* ABF-98 (1.3.1, App. C): the annual cancellation run -- members a home
 * club cancels before 1 April become non-financial (Dormant) from that
 * membership year; rejoining restores the number (`player add`). */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_charges.h"
#include "core/util.h"
#include "ledger/shared/csv.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

typedef struct cancel_row {
    int64_t player;
    bool already;
} cancel_row;

/* One row: the player, Active (to cancel) or already cancelled for year. */
static bool check_row(bmp_ledger *l, const ledger_body *b, int year, const char *where,
                      const char *number, const char *club, cancel_row *out, bmp_problems *pp)
{
    char norm[16], status[16] = "", home[16] = "";
    bmp_error e = {0};
    int64_t to = 0;
    if (ledger_number_check(b->code, number, norm, sizeof norm, &e))
        return problems_add(pp, "%snumber: %s", where, e.msg), false;
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, &e,
                             "SELECT p.id, p.status, COALESCE(p.registered_to, 0), "
                             "COALESCE(c.number, '') FROM player p LEFT JOIN club c ON "
                             "c.id = p.home_club WHERE p.body_id = ?1 AND p.number = ?2",
                             "is", b->id, norm);
    if (!rc)
        rc = lq_step(l, st, &row, &e);
    if (!rc && row) {
        out->player = lq_col_int(l, st, 0);
        snprintf(status, sizeof status, "%s", lq_col_text(l, st, 1));
        to = lq_col_int(l, st, 2);
        snprintf(home, sizeof home, "%s", lq_col_text(l, st, 3));
    }
    lq_finalize(l, st);
    if (rc)
        return problems_add(pp, "%s%s", where, e.msg), false;
    if (!row)
        return problems_add(pp, "%sno %s player %s", where, b->code, norm), false;
    if (club && *club && strcmp(club, home) != 0)
        return problems_add(pp, "%splayer %s: home club is \"%s\", not %s (a club cancels its "
                            "own members, ABF-98)", where, norm, home, club), false;
    out->already = strcmp(status, "Dormant") == 0 && to == year - 1;
    if (!out->already && strcmp(status, "Active") != 0)
        return problems_add(pp, "%splayer %s is %s: only an Active member is cancelled (ABF-98)",
                            where, norm, status), false;
    return true;
}

static bmp_status read_rows(bmp_ledger *l, const ledger_body *b, int year, const char *path,
                            cancel_row **rows, size_t *n, bmp_problems *pp, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    lcsv c = {0};
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (!rc)
        rc = lcsv_parse(data, len, path, &c, err);
    free(data);
    int cn = rc ? -1 : lcsv_col(&c, "number"), cc = rc ? -1 : lcsv_col(&c, "club");
    if (!rc && (c.nrows == 0 || cn < 0))
        rc = bmp_error_set(err, BMP_EPARSE, "%s:1: header: expected a column number[,club]",
                           path);
    *n = rc ? 0 : c.nrows - 1;
    if (!rc && !(*rows = calloc(*n ? *n : 1, sizeof **rows)))
        rc = bmp_error_oom(err);
    size_t bad = 0;
    for (size_t r = 1; !rc && r < c.nrows; r++) {
        char where[300];
        snprintf(where, sizeof where, "%s:%zu: ", path, c.rows[r].line);
        bad += !check_row(l, b, year, where, lcsv_get(&c, r, cn),
                          cc < 0 ? NULL : lcsv_get(&c, r, cc), &(*rows)[r - 1], pp);
    }
    lcsv_free(&c);
    if (!rc && bad)
        rc = problems_fail(pp, bad, pp->msgs[pp->count - bad], BMP_EINVAL, err);
    return rc;
}

bmp_status bmp_ledger_cancel_members(bmp_ledger *l, const char *body, int year, const char *path,
                                     size_t *cancelled, size_t *already, bmp_problems *probs,
                                     bmp_error *err)
{
    ledger_body b;
    bmp_problems local = {0};
    cancel_row *rows = NULL;
    size_t n = 0, done = 0, skip = 0;
    *cancelled = *already = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && strcmp(b.code, "abf") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: the annual cancellation run for %s "
                           "(ABF-98 is the ABF's)", b.code);
    if (!rc && (year < 1981 || year > 9999))
        rc = bmp_error_set(err, BMP_EINVAL, "cancel: membership year %d: expected yyyy", year);
    if (!rc)
        rc = read_rows(l, &b, year, path, &rows, &n, probs ? probs : &local, err);
    for (size_t i = 0; i < n && !rc; i++)
        skip += rows[i].already;
    bool began = false;
    if (!rc && skip < n)
        began = !(rc = lq_begin(l, err));
    for (size_t i = 0; i < n && began && !rc; i++) {
        if (rows[i].already)
            continue;
        rc = lq_run(l, err, "UPDATE player SET status = 'Dormant', registered_to = ?2 "
                    "WHERE id = ?1", "ii", rows[i].player, (int64_t)(year - 1));
        if (!rc)
            rc = ledger_touch_id(l, "player", rows[i].player, err);
        done++;
    }
    if (!rc && began) {
        char *d = core_asprintf("%s cancellations %d: %zu cancelled, %zu already, from %s (ABF-98)",
                                b.code, year, done, skip, path);
        rc = d ? ledger_audit(l, "cancel", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (began)
        rc = ledger_tx_end(l, rc, err);
    if (!rc) {
        *cancelled = done;
        *already = skip;
    }
    free(rows);
    bmp_problems_free(&local);
    return rc;
}
