/* NZ Bridge's monthly masterpoint fee run (NZ-93, NZ-94, NZ-96, NZ-98;
 * ruling NZF-1): for each event of the month a charge line per club of
 * player-sessions x the club or tournament session fee, and one of the A
 * points awarded x the fee per A point, at the rates of the fee table in
 * force on the event's date (the amounts are not in the document: they are
 * an input).  A charge run like the ABF's, invoiced by invoice.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/rules.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/shared/csv.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* One row of the fee table: from that date on, in cents. */
typedef struct fee_row {
    char from[11];
    int64_t club_session, tournament_session, a_point;
} fee_row;

static bool cents_of(const char *s, int64_t *out)
{
    char *end = NULL;
    long long v = s && *s ? strtoll(s, &end, 10) : -1;
    *out = v;
    return end && !*end && v >= 0;
}

/* The fee table: from,club_session,tournament_session,a_point (cents). */
static bmp_status read_fees(const char *path, fee_row **out, size_t *n, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    lcsv c = {0};
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (!rc)
        rc = lcsv_parse(data, len, path, &c, err);
    free(data);
    int cf = rc ? 0 : lcsv_col(&c, "from"), cc = rc ? 0 : lcsv_col(&c, "club_session"),
        ct = rc ? 0 : lcsv_col(&c, "tournament_session"), ca = rc ? 0 : lcsv_col(&c, "a_point");
    if (!rc && (cf < 0 || cc < 0 || ct < 0 || ca < 0))
        rc = bmp_error_set(err, BMP_EINVAL, "%s:1: header: expected columns from,club_session,"
                           "tournament_session,a_point (cents; NZ-93)", path);
    *out = rc ? NULL : calloc(c.nrows + 1, sizeof **out);
    if (!rc && !*out)
        rc = bmp_error_oom(err);
    for (size_t r = 1; !rc && r < c.nrows; r++) { /* rows[0]: the header */
        fee_row *f = &(*out)[r - 1];
        const char *from = lcsv_get(&c, r, cf);
        if (strlen(from) != 10 || from[4] != '-' || from[7] != '-' ||
            !cents_of(lcsv_get(&c, r, cc), &f->club_session) ||
            !cents_of(lcsv_get(&c, r, ct), &f->tournament_session) ||
            !cents_of(lcsv_get(&c, r, ca), &f->a_point))
            rc = bmp_error_set(err, BMP_EINVAL, "%s:%zu: expected yyyy-mm-dd and three amounts "
                               "in whole cents", path, r + 1);
        else
            memcpy(f->from, from, 11);
    }
    *n = rc || !c.nrows ? 0 : c.nrows - 1;
    if (rc) { /* nothing half-read goes back */
        free(*out);
        *out = NULL;
    }
    lcsv_free(&c);
    return rc;
}

/* The row in force on `date`: the latest `from` on or before it. */
static const fee_row *fee_on(const fee_row *v, size_t n, const char *date)
{
    const fee_row *best = NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].from, date) <= 0 && (!best || strcmp(v[i].from, best->from) > 0))
            best = &v[i];
    return best;
}

/* An event of the month: its batch, club, date, kept event and A points;
 * the batch reversing it and the later live batch of its event key, if any
 * (a corrected event is charged once, as its replacement: ruling SK-1). */
typedef struct fee_event {
    int64_t batch, club;
    char date[16], state[16];
    char *json;
    int64_t a_points, reversed_by, replaced_by;
} fee_event;

/* One fee_event from the statement's current row (lq_rows). */
static bool fill_fee_event(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    fee_event *x = row;
    x->batch = lq_col_int(l, st, 0);
    x->club = lq_col_int(l, st, 1);
    core_strlcpy(x->date, lq_col_text(l, st, 2), sizeof x->date);
    x->json = strdup(lq_col_text(l, st, 3));
    x->a_points = lq_col_int(l, st, 4);
    core_strlcpy(x->state, lq_col_text(l, st, 5), sizeof x->state);
    x->reversed_by = lq_col_int(l, st, 6);
    x->replaced_by = lq_col_int(l, st, 7);
    return x->json != NULL;
}

static bmp_status month_events(bmp_ledger *l, const ledger_body *b, const char *month,
                               fee_event **out, size_t *n, bmp_error *err)
{
    char like[16];
    snprintf(like, sizeof like, "%s-%%", month);
    return lq_rows(
        l, out, n, sizeof **out, fill_fee_event, NULL, err,
        "SELECT b.id, COALESCE(b.club_id, 0), b.event_date, COALESCE(e.event_json, ''), "
        "COALESCE((SELECT sum(j.points) FROM journal j WHERE j.batch_id = b.id AND "
        "j.point_type = 'a'), 0), b.state, "
        "COALESCE((SELECT r.id FROM batch r WHERE r.reverses = b.id AND r.state <> 'rejected'), "
        "0), COALESCE((SELECT min(n.id) FROM batch n WHERE n.body_id = b.body_id AND n.id > b.id "
        "AND n.event_key <> '' AND n.event_key = b.event_key AND n.state <> 'rejected' AND "
        "n.source IN ('event', 'usebio-mp')), 0) "
        "FROM batch b LEFT JOIN batch_event e ON e.batch_id = b.id WHERE b.body_id = ?1 AND "
        "b.source IN ('event', 'usebio-mp') AND b.event_date LIKE ?2 ORDER BY b.id",
        "is", b->id, like);
}

/* NZ-93 (a)/(b): a club session (grade ...C) or a tournament session
 * (...A, ...B); NZ-94: a teams event's sessions count only for the two
 * defined match lengths; the player-sessions of the event. */
static bmp_status player_sessions(const bmp_event *ev, int64_t batch, bool *tournament,
                                  int64_t *out, bmp_error *err)
{
    size_t gl = ev->grade ? strlen(ev->grade) : 0;
    char g = gl ? ev->grade[gl - 1] : '\0';
    if (g != 'C' && g != 'A' && g != 'B')
        return bmp_error_set(err, BMP_EINVAL, "batch %lld: grade \"%s\": expected a club (C) or "
                             "tournament (A, B) grade for the fee (NZ-93)", (long long)batch,
                             ev->grade ? ev->grade : "");
    *tournament = g != 'C';
    int bpm = ev->boards_per_match;
    bool teams = ev->kind == BMP_KIND_TEAMS || ev->kind == BMP_KIND_SWISS_TEAMS;
    if (teams && bpm != 12 && bpm != 8)
        return bmp_not_supported(err, "fee sessions of a teams event of other match lengths",
                                 "NZ-94", "7",
                                 "only 2 x 12-board and 3 x 8-board matches are defined as a "
                                 "session");
    int64_t players = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom)
            players += (int64_t)ev->contestants[i].nplayers;
    *out = players * (ev->sessions > 0 ? ev->sessions : 1);
    return BMP_OK;
}

static bmp_status fee_line(bmp_ledger *l, int64_t run, const fee_event *x, const char *rule,
                           const char *what, int64_t cents, bmp_ledger_run *out, bmp_error *err)
{
    out->lines++;
    out->total += cents;
    return lq_run(l, err,
                  "INSERT INTO charge (run_id, club_id, batch_id, rule, what, cents) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "iiissi", run, x->club, x->batch, rule, what,
                  cents);
}

/* One event's lines: sessions, then A points (hundredths x cents per
 * point / 100, half up: ruling NZF-1). */
static bmp_status fee_event_lines(bmp_ledger *l, int64_t run, const fee_event *x,
                                  const fee_row *fees, size_t nfees, bmp_ledger_run *out,
                                  bmp_error *err)
{
    if (!*x->json)
        return bmp_not_supported(err, "the fee of a batch without its event", "NZ-93", "7",
                                 "a results file imported with its own MASTER_POINTS keeps no "
                                 "event to count the player-sessions of");
    const fee_row *f = fee_on(fees, nfees, x->date);
    if (!f)
        return bmp_error_set(err, BMP_EINVAL, "batch %lld: no fee in the table on %s (NZ-93)",
                             (long long)x->batch, x->date);
    bmp_event *ev = NULL;
    bool tour = false;
    int64_t ps = 0;
    bmp_status rc = bmp_event_load_string(x->json, "the kept event", &ev, err);
    if (!rc)
        rc = player_sessions(ev, x->batch, &tour, &ps, err);
    bmp_event_free(ev);
    char what[128];
    snprintf(what, sizeof what, "batch %lld: %lld player-sessions (%s)", (long long)x->batch,
             (long long)ps, tour ? "tournament" : "club");
    if (!rc)
        rc = fee_line(l, run, x, tour ? "NZ-93b" : "NZ-93a", what,
                      ps * (tour ? f->tournament_session : f->club_session), out, err);
    if (!rc && x->a_points) {
        char pts[32];
        bmp_points_format(x->a_points, pts, sizeof pts);
        snprintf(what, sizeof what, "batch %lld: %s A points awarded", (long long)x->batch, pts);
        rc = fee_line(l, run, x, "NZ-93c", what,
                      bmp_div_round(x->a_points * f->a_point, 100, BMP_ROUND_HALF_UP, 1), out,
                      err);
    }
    return rc;
}

/* Ruling SK-1: an event of the month the run cannot charge is listed
 * with why, never left out silently (issue 26): one not yet approved, one
 * without a club to invoice, one reversed or replaced (a corrected event
 * is charged once, as its replacement, as the EBU's UMS run does).  A
 * rejected batch no other replaced is no event: not listed. */
static bool fee_skipped(const fee_event *x, bmp_ledger_run *out)
{
    char why[200], by[64] = "";
    if (x->replaced_by)
        snprintf(by, sizeof by, ", replaced by batch %lld", (long long)x->replaced_by);
    bool rejected = strcmp(x->state, "rejected") == 0;
    if (rejected && !x->replaced_by)
        return true; /* a rule exclusion, not a skip */
    if (rejected)
        snprintf(why, sizeof why, "rejected%s: not charged (a corrected event is charged once, "
                 "as its replacement)", by);
    else if (x->reversed_by)
        snprintf(why, sizeof why, "reversed by batch %lld%s: not charged (a corrected event is "
                 "charged once, as its replacement)", (long long)x->reversed_by, by);
    else if (strcmp(x->state, "approved") != 0 && strcmp(x->state, "posted") != 0)
        snprintf(why, sizeof why, "%s, not approved: not charged (NZ-96 charges the month's "
                 "approved events)", x->state);
    else if (!x->club)
        snprintf(why, sizeof why, "no club to invoice: not charged (import it with --club; "
                 "organisers that are not clubs have dummy clubs, NZ-98)");
    else
        return false;
    charge_skip(out, x->batch, why);
    return true;
}

static bmp_status make_fee_run(bmp_ledger *l, const ledger_body *b, const char *month,
                               const fee_row *fees, size_t nfees, bmp_ledger_run *out,
                               bmp_error *err)
{
    fee_event *v = NULL;
    size_t n = 0;
    bmp_status rc = charge_run_open(l, b, "fees", month, "NZ-96", &out->id, err);
    if (!rc)
        rc = month_events(l, b, month, &v, &n, err);
    for (size_t i = 0; i < n && !rc; i++)
        if (!fee_skipped(&v[i], out))
            rc = fee_event_lines(l, out->id, &v[i], fees, nfees, out, err);
    for (size_t i = 0; i < n; i++)
        free(v[i].json);
    free(v);
    if (!rc)
        rc = charge_run_close(l, b, "fees", month, "NZ-96", out, err);
    return rc;
}

/* A run in its transaction (ledger_tx): the one made before for the
 * period, or a new one (fee_step: the fees of `fees`; levy_step: `rate`
 * per player). */
typedef struct nz_run_tx {
    const ledger_body *b;
    const char *period;
    const fee_row *fees;
    size_t nfees;
    int64_t rate;
    bmp_ledger_run *out;
} nz_run_tx;

static bmp_status fee_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const nz_run_tx *t = ctx;
    bmp_status rc = charge_earlier(l, t->b, "fees", t->period, t->out, err);
    if (!rc && !t->out->already)
        rc = make_fee_run(l, t->b, t->period, t->fees, t->nfees, t->out, err);
    return rc;
}

bmp_status bmp_ledger_nz_fee_run(bmp_ledger *l, const char *body, const char *month,
                                 const char *fee_table, const char *csv, bmp_ledger_run *out,
                                 bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "nzb") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: the monthly fee run for %s (NZ "
                             "Bridge's, NZ-96)", b.code);
    if (!month || strlen(month) != 7 || month[4] != '-')
        return bmp_error_set(err, BMP_EINVAL, "fees: month \"%s\": expected yyyy-mm",
                             month ? month : "");
    fee_row *fees = NULL;
    size_t nfees = 0;
    if ((rc = read_fees(fee_table, &fees, &nfees, err)))
        return rc;
    nz_run_tx t = {.b = &b, .period = month, .fees = fees, .nfees = nfees, .out = out};
    rc = ledger_tx(l, fee_step, &t, err);
    free(fees);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}

/* ---- NZ-97: the levy on Active and Unknown players (NZ-88) ---------------- */

static bmp_status make_levy(bmp_ledger *l, const ledger_body *b, const char *period,
                            int64_t rate, bmp_ledger_run *out, bmp_error *err)
{
    char what[64];
    bool found = false;
    int64_t homeless = 0;
    bmp_status rc = lq_int(l, &homeless, &found, err,
                           "SELECT count(*) FROM player WHERE body_id = ?1 AND status IN "
                           "('Active', 'Unknown') AND home_club IS NULL", "i", b->id);
    if (!rc && homeless)
        return bmp_error_set(err, BMP_EINVAL, "levy %s: %lld Active or Unknown player(s) have no "
                             "home club to invoice (set one in the register first)", period,
                             (long long)homeless);
    if (!rc)
        rc = charge_run_open(l, b, "levy", period, "NZ-97", &out->id, err);
    snprintf(what, sizeof what, "levy %s", period);
    if (!rc) /* one statement: a national register is a million rows */
        rc = lq_run(l, err,
                    "INSERT INTO charge (run_id, club_id, player_id, rule, what, cents) "
                    "SELECT ?1, p.home_club, p.id, 'NZ-97', ?2, ?3 FROM player p "
                    "JOIN club c ON c.id = p.home_club WHERE p.body_id = ?4 AND p.status IN "
                    "('Active', 'Unknown') ORDER BY c.number, p.number",
                    "isii", out->id, what, rate, b->id);
    int64_t lines = 0;
    if (!rc)
        rc = lq_int(l, &lines, &found, err, "SELECT count(*) FROM charge WHERE run_id = ?1", "i",
                    out->id);
    out->lines = (size_t)lines;
    out->total = lines * rate;
    if (!rc)
        rc = charge_run_close(l, b, "levy", period, "NZ-97", out, err);
    return rc;
}

static bmp_status levy_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const nz_run_tx *t = ctx;
    bmp_status rc = charge_earlier(l, t->b, "levy", t->period, t->out, err);
    if (!rc && !t->out->already)
        rc = make_levy(l, t->b, t->period, t->rate, t->out, err);
    return rc;
}

bmp_status bmp_ledger_nz_levy_run(bmp_ledger *l, const char *body, const char *period,
                                  int64_t rate_cents, const char *csv, bmp_ledger_run *out,
                                  bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "nzb") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: the player levy run for %s (NZ "
                             "Bridge's, NZ-97; the ABF's levy is `ledger levy`)", b.code);
    if (!period || !*period || strlen(period) > 16)
        return bmp_error_set(err, BMP_EINVAL, "levy: expected a period such as 2025 or "
                             "2025-H1");
    if (rate_cents <= 0)
        return bmp_error_set(err, BMP_EINVAL, "levy: expected the levy per player in cents "
                             "(more than 0; NZ-97 gives no amount)");
    nz_run_tx t = {.b = &b, .period = period, .rate = rate_cents, .out = out};
    rc = ledger_tx(l, levy_step, &t, err);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}
