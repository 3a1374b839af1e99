/* The quarterly masterpoint levy run (ABF-110, 8.1) with the late
 * credit-file penalty (ABF-113, 8.4), over the club batches posted in the
 * quarter; and the batch grades it needs. */
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "bridgemp/abf.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/store/query.h"

typedef struct levied {
    int64_t batch, club;
    bmp_points points;
    char grade[8], ended[11], lodged[11];
    bool exempt, graded;
} levied;

static bmp_status abf_only(bmp_ledger *l, const char *body, ledger_body *b, bmp_error *err)
{
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (!rc && strcmp(b->code, "abf") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: masterpoint levies for %s (ABF-110 "
                           "is the ABF's)", b->code);
    return rc;
}

bmp_status bmp_ledger_set_grade(bmp_ledger *l, const char *body, int64_t batch,
                                const char *grade, bool exempt, bmp_error *err)
{
    ledger_body b;
    const bmp_abf_fees *f = NULL;
    int64_t rate = 0, charged = 0, id = 0;
    bool found = false;
    bmp_status rc = abf_only(l, body, &b, err);
    if (!rc)
        rc = bmp_abf_fees_on("9999-12-31", &f, err);
    if (!rc)
        rc = bmp_abf_levy_rate(f, grade ? grade : "", &rate, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = lq_int(l, &id, &found, err, "SELECT id FROM batch WHERE id = ?1 AND body_id = ?2", "ii",
                batch, b.id);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s batch %lld", b.code, (long long)batch);
    if (!rc)
        rc = lq_int(l, &charged, &found, err, "SELECT count(*) FROM charge WHERE batch_id = ?1",
                    "i", batch);
    if (!rc && charged)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld has been levied: its grade stays "
                           "(ABF-110)", (long long)batch);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO batch_grade (batch_id, grade, exempt) VALUES (?1, ?2, ?3) "
                    "ON CONFLICT (batch_id) DO UPDATE SET grade = excluded.grade, "
                    "exempt = excluded.exempt", "isi", batch, grade, (int64_t)exempt);
    if (!rc) /* audited like every write (issue 27) */
        rc = ledger_touch_id(l, "batch_grade", batch, err);
    if (!rc) {
        char *d = core_asprintf("%s batch %lld grade %s%s (ABF-110)", b.code, (long long)batch,
                                grade, exempt ? ", exempt" : "");
        rc = d ? ledger_audit(l, "grade", d, err) : bmp_error_oom(err);
        free(d);
    }
    rc = ledger_tx_end(l, rc, err);
    return rc;
}

/* "2026-Q3" -> its periods "2026-07" .. "2026-09". */
static bmp_status quarter_periods(const char *q, char p[3][32], bmp_error *err)
{
    int y = 0, n = 0;
    char tail = 0;
    if (!q || sscanf(q, "%4d-Q%1d%c", &y, &n, &tail) != 2 || y < 1980 || y > 9999 || n < 1 || n > 4)
        return bmp_error_set(err, BMP_EINVAL, "levy: quarter '%s': expected yyyy-Qn such as "
                             "2026-Q3", q ? q : "");
    for (int k = 0; k < 3; k++)
        snprintf(p[k], 32, "%04d-%02d", y % 10000, ((n - 1) * 3 + k + 1) % 100);
    return BMP_OK;
}

/* One levied from the statement's current row (lq_rows). */
static bool fill_levied(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    levied *x = row;
    x->batch = lq_col_int(l, st, 0);
    x->club = lq_col_int(l, st, 1);
    x->points = lq_col_int(l, st, 2);
    snprintf(x->grade, sizeof x->grade, "%s", lq_col_text(l, st, 3));
    x->graded = x->grade[0] != 0;
    x->exempt = lq_col_int(l, st, 4) != 0;
    snprintf(x->lodged, sizeof x->lodged, "%s", lq_col_text(l, st, 6));
    const char *ev = lq_col_text(l, st, 5);
    snprintf(x->ended, sizeof x->ended, "%s", ev && *ev ? ev : x->lodged);
    return true;
}

static bmp_status club_batches(bmp_ledger *l, const ledger_body *b, char p[3][32], levied **out,
                               size_t *n, bmp_error *err)
{
    return lq_rows(l, out, n, sizeof **out, fill_levied, NULL, err,
                   "SELECT b.id, b.club_id, (SELECT COALESCE(sum(t.points), 0) FROM "
                   "batch_total t WHERE t.batch_id = b.id), COALESCE(g.grade, r.grade, ''), "
                   "COALESCE(g.exempt, r.exempt, 0), b.event_date, "
                   "substr(b.created_at, 1, 10) FROM batch b "
                   "LEFT JOIN batch_grade g ON g.batch_id = b.id "
                   "LEFT JOIN batch_grade r ON r.batch_id = b.reverses "
                   "WHERE b.body_id = ?1 AND b.state = 'posted' AND b.club_id IS NOT NULL "
                   "AND b.period IN (?2, ?3, ?4) AND NOT EXISTS (SELECT 1 FROM levy_gate x "
                   "WHERE x.batch_id = b.id) ORDER BY b.id", /* ABF-116: levied */
                   "isss", b->id, p[0], p[1], p[2]);
}

static bmp_status all_graded(const levied *v, size_t n, const char *quarter, bmp_error *err)
{
    char list[256] = "";
    size_t missing = 0;
    for (size_t i = 0; i < n; i++)
        if (!v[i].graded && ++missing <= 10)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lld",
                     missing > 1 ? ", " : "", (long long)v[i].batch);
    if (!missing)
        return BMP_OK;
    return bmp_error_set(err, BMP_EINVAL, "levy %s: %zu batch(es) without a grade (%s%s): record "
                         "each with `ledger grade ID GRADE` (ABF-110); nothing charged", quarter,
                         missing, list, missing > 10 ? ", ..." : "");
}

static bmp_status line(bmp_ledger *l, int64_t run, const levied *x, const char *rule,
                       const char *what, int64_t cents, bmp_ledger_run *out, bmp_error *err)
{
    out->lines++;
    out->total += cents;
    return lq_run(l, err,
                  "INSERT INTO charge (run_id, club_id, batch_id, rule, what, cents) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "iiissi", run, x->club, x->batch, rule, what,
                  cents);
}

/* ABF-110: points x rate; ABF-113: 4 % a started month beyond 30 days.
 * A reversal (its grade that of the batch it reverses) is a credit. */
static bmp_status levy_batch(bmp_ledger *l, int64_t run, const levied *x, bmp_ledger_run *out,
                             bmp_error *err)
{
    int64_t levy = 0, penalty = 0;
    char pts[32], what[96];
    bmp_points_format(x->points, pts, sizeof pts);
    bool credit = x->points < 0;
    bmp_status rc = bmp_abf_levy(x->ended, x->grade, credit ? -x->points : x->points, &levy, err);
    levy = credit ? -levy : levy;
    snprintf(what, sizeof what, "levy batch %lld grade %s %s points", (long long)x->batch,
             x->grade, pts);
    if (!rc)
        rc = line(l, run, x, "ABF-110", what, levy, out, err);
    if (!rc && !credit)
        rc = bmp_abf_late_file_penalty(x->grade, x->exempt, levy, x->ended, x->lodged, &penalty,
                                       err);
    snprintf(what, sizeof what, "late credit file batch %lld (event %s lodged %s)",
             (long long)x->batch, x->ended, x->lodged);
    if (!rc && penalty)
        rc = line(l, run, x, "ABF-113", what, penalty, out, err);
    return rc;
}

static bmp_status make_levy_run(bmp_ledger *l, const ledger_body *b, const char *quarter,
                                const levied *v, size_t n, bmp_ledger_run *out, bmp_error *err)
{
    bmp_status rc = charge_run_open(l, b, "levy", quarter, "ABF-110", &out->id, err);
    for (size_t i = 0; i < n && !rc; i++)
        rc = levy_batch(l, out->id, &v[i], out, err);
    if (!rc)
        rc = charge_run_close(l, b, "levy", quarter, "ABF-110", out, err);
    return rc;
}

/* The quarter's run unless made before, in bmp_ledger_levy_run's
 * transaction (p: the quarter's three months). */
typedef struct levy_tx {
    const ledger_body *b;
    const char *quarter;
    char (*p)[32];
    bmp_ledger_run *out;
} levy_tx;

static bmp_status levy_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const levy_tx *t = ctx;
    levied *v = NULL;
    size_t n = 0;
    bmp_status rc = charge_earlier(l, t->b, "levy", t->quarter, t->out, err);
    if (!rc && !t->out->already)
        rc = club_batches(l, t->b, t->p, &v, &n, err);
    if (!rc && !t->out->already)
        rc = charge_skip_clubless(l, t->b, (const char(*)[32])t->p,
                                  "no club: not levied (import it with --club, ABF-110)", t->out,
                                  err);
    if (!rc && !t->out->already)
        rc = all_graded(v, n, t->quarter, err);
    if (!rc && !t->out->already)
        rc = make_levy_run(l, t->b, t->quarter, v, n, t->out, err);
    free(v);
    return rc;
}

bmp_status bmp_ledger_levy_run(bmp_ledger *l, const char *body, const char *quarter,
                               const char *csv, bmp_ledger_run *out, bmp_error *err)
{
    ledger_body b;
    char p[3][32];
    memset(out, 0, sizeof *out);
    bmp_status rc = abf_only(l, body, &b, err);
    if (!rc)
        rc = quarter_periods(quarter, p, err);
    if (rc)
        return rc;
    levy_tx t = {&b, quarter, p, out};
    rc = ledger_tx(l, levy_step, &t, err);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}
