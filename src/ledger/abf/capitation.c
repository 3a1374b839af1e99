/* The ABF annual capitation (ABF-111, ABF-100, ABF-102) as a charge run
 * (include/bridgemp/ledger_charges.h, the mechanism in ledger/charges.c):
 * lines in cents, one run per year, in one transaction; and the date a club
 * first affiliated (ABF-112). */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"
#include "bridgemp/file.h"
#include "bridgemp/ledger_charges.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

typedef struct member {
    int64_t player, club;
    bool exempt, new_player;
    char affiliated[11];   /* ABF-112, "" = an older club */
} member;

/* One member from the statement's current row (lq_rows). */
static bool fill_member(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    member *m = row;
    m->player = lq_col_int(l, st, 0);
    m->club = lq_col_int(l, st, 1);
    m->exempt = lq_col_int(l, st, 2) > 0;
    m->new_player = lq_col_int(l, st, 3) != 0;
    snprintf(m->affiliated, sizeof m->affiliated, "%s", lq_col_text(l, st, 4));
    return true;
}

/* Active home players registered in `year` (from it or before, not
 * lapsed before it), by club and number. */
static bmp_status members(bmp_ledger *l, const ledger_body *b, int year, member **out, size_t *n,
                          bmp_error *err)
{
    return lq_rows(l, out, n, sizeof **out, fill_member, NULL, err,
                   "SELECT p.id, p.home_club, p.overseas + p.youth, "
                   "CASE WHEN p.registered_from = ?2 THEN 1 ELSE 0 END, "
                   "COALESCE(a.affiliated, '') FROM player p "
                   "JOIN club c ON c.id = p.home_club "
                   "LEFT JOIN club_affiliation a ON a.club_id = c.id "
                   "WHERE p.body_id = ?1 AND p.status = 'Active' AND c.dummy = 0 "
                   "AND COALESCE(p.registered_from, 0) <= ?2 "
                   "AND (COALESCE(p.registered_to, 0) = 0 OR p.registered_to >= ?2) "
                   "ORDER BY c.number, p.number",
                   "ii", b->id, (int64_t)year);
}

static bmp_status add_line(bmp_ledger *l, int64_t run, const member *m, const char *rule,
                           const char *what, int64_t cents, bmp_ledger_run *out, bmp_error *err)
{
    out->lines++;
    out->total += cents;
    return lq_run(l, err,
                  "INSERT INTO charge (run_id, club_id, player_id, rule, what, cents) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                  "iiissi", run, m->club, m->player, rule, what, cents);
}

/* One member's lines: the fee (0 for an exempt club's player, named so) and
 * the commission on a NEW player as a credit. */
static bmp_status charge_member(bmp_ledger *l, int64_t run, const char *date, const member *m,
                                bmp_ledger_run *out, bmp_error *err)
{
    bmp_abf_member am = {date, m->new_player, m->exempt, m->affiliated[0] ? m->affiliated : NULL};
    int64_t fee = 0, commission = 0;
    bmp_status rc = bmp_abf_capitation(&am, &fee, &commission, err);
    bool waived = !m->exempt && fee == 0 && am.club_affiliated;
    if (!rc)
        rc = add_line(l, run, m, m->exempt ? "ABF-100/ABF-102" : waived ? "ABF-112" : "ABF-111",
                      m->exempt ? "capitation (overseas or youth player: none)"
                      : waived  ? "capitation (new club's first year: none)"
                                : "capitation",
                      fee, out, err);
    if (!rc && commission)
        rc = add_line(l, run, m, "ABF-111", "commission on a new player", -commission, out, err);
    return rc;
}

static bool fill_number(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    core_strlcpy(row, lq_col_text(l, st, 0), 32);
    return true;
}

/* Issue 26, ruling SK-2: an Active player registered in the year with no
 * home club has nobody to invoice: listed with why, never left out
 * silently (overseas and youth players too: their nil line is a record). */
static bmp_status skip_homeless(bmp_ledger *l, const ledger_body *b, int year,
                                bmp_ledger_run *out, bmp_error *err)
{
    char(*v)[32] = NULL;
    size_t n = 0;
    bmp_status rc = lq_rows(l, &v, &n, sizeof *v, fill_number, NULL, err,
                            "SELECT p.number FROM player p WHERE p.body_id = ?1 AND p.status = "
                            "'Active' AND p.home_club IS NULL "
                            "AND COALESCE(p.registered_from, 0) <= ?2 "
                            "AND (COALESCE(p.registered_to, 0) = 0 OR p.registered_to >= ?2) "
                            "ORDER BY p.number", "ii", b->id, (int64_t)year);
    for (size_t i = 0; i < n && !rc; i++)
        charge_skip_named(out, "player", v[i], "no home club to invoice: no capitation charged "
                          "(set one in the register, ABF-111)");
    free(v);
    return rc;
}

static bmp_status make_run(bmp_ledger *l, const ledger_body *b, int year, bmp_ledger_run *out,
                           bmp_error *err)
{
    char period[8], date[16];
    snprintf(period, sizeof period, "%04d", year);
    snprintf(date, sizeof date, "%04d-04-01", year);
    bmp_status rc = charge_run_open(l, b, "capitation", period, "ABF-111", &out->id, err);
    member *v = NULL;
    size_t n = 0;
    if (!rc)
        rc = members(l, b, year, &v, &n, err);
    for (size_t i = 0; i < n && !rc; i++)
        rc = charge_member(l, out->id, date, &v[i], out, err);
    free(v);
    if (!rc)
        rc = skip_homeless(l, b, year, out, err);
    if (!rc)
        rc = charge_run_close(l, b, "capitation", period, "ABF-111", out, err);
    return rc;
}

/* The run of `year` unless made before, in bmp_ledger_capitation_run's
 * transaction. */
typedef struct capitation_tx {
    const ledger_body *b;
    int year;
    bmp_ledger_run *out;
} capitation_tx;

static bmp_status capitation_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const capitation_tx *t = ctx;
    char period[8];
    snprintf(period, sizeof period, "%04d", t->year);
    bmp_status rc = charge_earlier(l, t->b, "capitation", period, t->out, err);
    if (!rc && !t->out->already)
        rc = make_run(l, t->b, t->year, t->out, err);
    return rc;
}

bmp_status bmp_ledger_capitation_run(bmp_ledger *l, const char *body, int year,
                                     const char *csv, bmp_ledger_run *out, bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "abf") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: capitation for %s (only the ABF "
                             "charges it, ABF-111)", b.code);
    if (year < 1980 || year > 9998)
        return bmp_error_set(err, BMP_EINVAL, "capitation: membership year %d: expected yyyy",
                             year);
    capitation_tx t = {&b, year, out};
    rc = ledger_tx(l, capitation_step, &t, err);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}

bmp_status bmp_ledger_set_club_affiliated(bmp_ledger *l, const char *body, const char *club,
                                          const char *date, bmp_error *err)
{
    ledger_body b;
    core_date d;
    int64_t id = 0, charged = 0;
    bool found = false;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && strcmp(b.code, "abf") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: club affiliation dates for %s "
                           "(ABF-112 is the ABF's)", b.code);
    if (!rc)
        rc = core_date_get(date, "club affiliation date", &d, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = lq_int(l, &id, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                "is", b.id, club);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s club %s", b.code, club);
    if (!rc)
        rc = lq_int(l, &charged, &found, err, "SELECT count(*) FROM charge g JOIN charge_run r "
                    "ON r.id = g.run_id WHERE g.club_id = ?1 AND r.kind = 'capitation'", "i", id);
    if (!rc && charged)
        rc = bmp_error_set(err, BMP_EINVAL, "club %s has been charged capitation: its "
                           "affiliation date stays (ABF-112)", club);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO club_affiliation (club_id, affiliated) VALUES (?1, ?2) "
                    "ON CONFLICT (club_id) DO UPDATE SET affiliated = excluded.affiliated",
                    "is", id, date);
    if (!rc) /* audited like every write (issue 27) */
        rc = ledger_touch_id(l, "club_affiliation", id, err);
    if (!rc) {
        char *d = core_asprintf("%s club %s affiliated %s (ABF-112)", b.code, club, date);
        rc = d ? ledger_audit(l, "affiliation", d, err) : bmp_error_oom(err);
        free(d);
    }
    rc = ledger_tx_end(l, rc, err);
    return rc;
}
