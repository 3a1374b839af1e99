/* The EBU's monthly UMS charge run (EBU-17, EBU-18, EBU-7;
 * include/bridgemp/ledger_ebu.h; rulings EA-3 .. EA-6).  For each approved
 * or posted EBU event of the month (by event date) one charge line for its
 * club -- a club, county or teams league registered in the ledger -- of
 * player-sessions x the rate of its UMS charge code in force on its date;
 * code 02 (a supplementary file) and the EBU-17 exemptions are lines of
 * 0 cents naming the rule, so that every invoice shows why.  A charge run
 * like the NZ fee run, invoiced by invoice.c. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/event.h"
#include "bridgemp/ledger_ebu.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/shared/csv.h"
#include "ledger/ebu/admin.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* EBU-17's exemptions (ruling EA-4), as the exemptions file names them. */
typedef enum ums_exempt {
    UMS_CHARGED = 0, UMS_NOVICE, UMS_PARTY, UMS_CIN, UMS_CHARITY, UMS_EBU
} ums_exempt;

static const struct {
    const char *name, *rule, *what;
} exempt_kinds[] = {
    [UMS_NOVICE] = {"novice", "EBU-17a", "novice session without magazine points"},
    [UMS_PARTY] = {"party", "EBU-17b", "the club's party/social/charity session of the year"},
    [UMS_CIN] = {"children-in-need", "EBU-17c", "Children in Need"},
    [UMS_CHARITY] = {"charity", "EBU-17d", "additional charity session"},
    [UMS_EBU] = {"ebu", "EBU-17e", "exempted by the EBU"},
};

typedef struct ums_claim {
    int64_t batch;
    ums_exempt kind;
    char note[96];
    size_t line;
} ums_claim;

/* One event of the month. */
typedef struct ums_event {
    int64_t batch, club;
    bool dummy; /* a county or league, not a club */
    char date[16];
    char *json;
} ums_event;

typedef struct ums_ctx {
    bmp_ledger *l;
    const ledger_body *b;
    int64_t run;
    const char *month;
    const ebu_rate *rates;
    size_t nrates;
    const ums_claim *claims;
    size_t nclaims;
    const char *claims_path;
    bmp_ledger_run *out;
} ums_ctx;

static bmp_status claim_row(const lcsv *c, size_t r, const int col[3], const char *path,
                            ums_claim *x, bmp_error *err)
{
    const char *kind = lcsv_get(c, r, col[1]), *note = col[2] < 0 ? "" : lcsv_get(c, r, col[2]);
    x->line = c->rows[r].line;
    x->kind = UMS_CHARGED;
    for (int k = UMS_NOVICE; k <= UMS_EBU; k++)
        if (strcmp(kind, exempt_kinds[k].name) == 0)
            x->kind = (ums_exempt)k;
    if (!ebu_amount(lcsv_get(c, r, col[0]), &x->batch) || !x->batch)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch: expected a batch number", path,
                             x->line);
    if (x->kind == UMS_CHARGED)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: exemption \"%s\": expected novice, party, "
                             "children-in-need, charity or ebu (EBU-17)", path, x->line, kind);
    if (!ebu_plain_text(note) || strlen(note) >= sizeof x->note)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: note: expected at most 95 characters "
                             "without commas or quotes", path, x->line);
    if (x->kind == UMS_EBU && !*note)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: an EBU exemption needs a note naming the "
                             "EBU's grant (EBU-17)", path, x->line);
    core_strlcpy(x->note, note, sizeof x->note);
    return BMP_OK;
}

/* The exemptions file: batch,exemption[,note]; no batch twice. */
static bmp_status read_claims(const char *path, ums_claim **out, size_t *n, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    lcsv c = {0};
    *out = NULL;
    *n = 0;
    if (!path)
        return BMP_OK;
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (!rc)
        rc = lcsv_parse(data, len, path, &c, err);
    free(data);
    int col[3] = {rc ? 0 : lcsv_col(&c, "batch"), rc ? 0 : lcsv_col(&c, "exemption"),
                  rc ? 0 : lcsv_col(&c, "note")};
    if (!rc && (col[0] < 0 || col[1] < 0))
        rc = bmp_error_set(err, BMP_EINVAL, "%s:1: header: expected columns batch,exemption"
                           "[,note] (EBU-17)", path);
    *out = rc ? NULL : calloc(c.nrows + 1, sizeof **out);
    if (!rc && !*out)
        rc = bmp_error_oom(err);
    for (size_t r = 1; !rc && r < c.nrows; r++) {
        rc = claim_row(&c, r, col, path, &(*out)[r - 1], err);
        for (size_t k = 1; !rc && k < r; k++)
            if ((*out)[k - 1].batch == (*out)[r - 1].batch)
                rc = bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld is claimed exempt twice",
                                   path, c.rows[r].line, (long long)(*out)[r - 1].batch);
    }
    *n = rc || !c.nrows ? 0 : c.nrows - 1;
    if (rc) {
        free(*out);
        *out = NULL;
    }
    lcsv_free(&c);
    return rc;
}

/* One ums_event from the statement's current row (lq_rows). */
static bool fill_ums_event(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    ums_event *x = row;
    x->batch = lq_col_int(l, st, 0);
    x->club = lq_col_int(l, st, 1);
    core_strlcpy(x->date, lq_col_text(l, st, 2), sizeof x->date);
    x->json = strdup(lq_col_text(l, st, 3));
    x->dummy = lq_col_int(l, st, 4) != 0;
    return x->json != NULL;
}

/* Approved and posted EBU events of a club (or of every club: club 0)
 * whose date starts with `prefix`, not reversed (a corrected submission is
 * charged once, as its replacement). */
static bmp_status events_like(bmp_ledger *l, const ledger_body *b, const char *prefix,
                              int64_t club, ums_event **out, size_t *n, bmp_error *err)
{
    char whole[64], like[16]; /* cut to 15 characters, as it always was */
    snprintf(whole, sizeof whole, "%.40s-%%", prefix);
    core_strlcpy(like, whole, sizeof like);
    return lq_rows(
        l, out, n, sizeof **out, fill_ums_event, NULL, err,
        "SELECT b.id, COALESCE(b.club_id, 0), b.event_date, COALESCE(e.event_json, ''), "
        "COALESCE(c.dummy, 0) FROM batch b LEFT JOIN batch_event e ON e.batch_id = b.id "
        "LEFT JOIN club c ON c.id = b.club_id "
        "WHERE b.body_id = ?1 AND b.source IN ('event', 'usebio-mp') AND b.event_date LIKE ?2 "
        "AND b.state IN ('approved', 'posted') AND (?3 = 0 OR b.club_id = ?3) "
        "AND NOT EXISTS (SELECT 1 FROM batch r WHERE r.reverses = b.id AND r.state <> 'rejected') "
        "ORDER BY b.id",
        "isi", b->id, like, club);
}

static void events_free(ums_event *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i].json);
    free(v);
}

/* Seats a contestant fills at the table: 2 for a pair, 4 for a team, 1
 * for an individual (ruling EA-5). */
static size_t seats(bmp_event_kind k)
{
    switch (k) {
    case BMP_KIND_INDIVIDUAL: return 1;
    case BMP_KIND_PAIRS: case BMP_KIND_SWISS_PAIRS: case BMP_KIND_BUTLER:
    case BMP_KIND_TEAM_OF_TWO: return 2;
    default: return 4;
    }
}

/* EBU-17 (ruling EA-5): the player-sessions of an event -- each played
 * match of a knock-out or a match series is one session for the players
 * at its tables (EBU-19: a match a session); otherwise every contestant's
 * seats (no more than its players) x the event's sessions. */
static int64_t player_sessions(const bmp_event *ev)
{
    size_t s = seats(ev->kind);
    int64_t n = 0;
    if (ev->kind == BMP_KIND_KNOCKOUT || ev->kind == BMP_KIND_MATCH) {
        for (size_t i = 0; i < ev->nmatches; i++)
            n += ev->matches[i].has_score ? 2 * (int64_t)s : 0;
        return n;
    }
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        if (!c->phantom)
            n += (int64_t)(c->nplayers < s ? c->nplayers : s);
    }
    return n * (ev->sessions > 0 ? ev->sessions : 1);
}

/* EBU-7: the event's UMS charge code, "" if it has none. */
static const char *charge_code(const bmp_event *ev)
{
    const char *c = bmp_params_string(&ev->params, "ums_charge_code", NULL);
    return c && *c ? c : ev->sanction ? ev->sanction : "";
}

static bmp_status load_event(const ums_event *x, bmp_event **ev, bmp_error *err)
{
    bmp_status rc = *x->json ? bmp_event_load_string(x->json, "the kept event", ev, err)
                             : bmp_not_supported(err, "the UMS charge of a batch without its "
                                                 "event", "EBU-17", "1.3.1",
                                                 "a results file imported with its own "
                                                 "MASTER_POINTS keeps no event to count the "
                                                 "player-sessions of (import it as an event)");
    if (rc)
        bmp_error_prefix(err, "batch %lld: ", (long long)x->batch);
    return rc;
}

/* EBU-17d: extra charity sessions a year by the club's player-sessions in
 * the previous calendar year (ruling EA-6): 1 for 10,001-20,000, 2 above. */
static bmp_status charity_allowance(const ums_ctx *c, const ums_event *x, int64_t *sessions,
                                    int *allowed, bmp_error *err)
{
    char year[16];
    snprintf(year, sizeof year, "%04d", (atoi(x->date) - 1) % 10000);
    ums_event *v = NULL;
    size_t n = 0;
    bmp_status rc = events_like(c->l, c->b, year, x->club, &v, &n, err);
    *sessions = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        bmp_event *ev = NULL;
        if (!*v[i].json) /* no event kept: nothing to count (EA-6) */
            continue;
        rc = bmp_event_load_string(v[i].json, "the kept event", &ev, err);
        if (!rc && strcmp(charge_code(ev), "02") != 0)
            *sessions += player_sessions(ev);
        bmp_event_free(ev);
    }
    events_free(v, n);
    *allowed = *sessions > 20000 ? 2 : *sessions > 10000 ? 1 : 0;
    return rc;
}

/* Exemption lines of `rule` the club has had in runs of the event's year
 * (this run's included). */
static bmp_status used_in_year(const ums_ctx *c, const ums_event *x, const char *rule,
                               int64_t *used, bmp_error *err)
{
    char like[16];
    bool found = false;
    snprintf(like, sizeof like, "%.4s-%%", x->date);
    return lq_int(c->l, used, &found, err,
                  "SELECT count(*) FROM charge g JOIN charge_run r ON r.id = g.run_id "
                  "WHERE r.body_id = ?1 AND r.kind = 'ums' AND r.period LIKE ?2 "
                  "AND g.club_id = ?3 AND g.rule = ?4",
                  "isis", c->b->id, like, x->club, rule);
}

/* EBU-17b, EBU-17d: one session, and within the club's yearly number. */
static bmp_status claim_allowed(const ums_ctx *c, const ums_event *x, const bmp_event *ev,
                                const ums_claim *cl, bmp_error *err)
{
    int64_t used = 0, year_ps = 0;
    int allowed = 1;
    if (cl->kind != UMS_EBU && x->dummy)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld is a county's or league's: "
                             "the %s exemption is for club sessions (EBU-17, 1.3.1)",
                             c->claims_path, cl->line, (long long)x->batch,
                             exempt_kinds[cl->kind].name);
    if (cl->kind != UMS_PARTY && cl->kind != UMS_CHARITY)
        return BMP_OK;
    if (ev->sessions > 1 || ev->kind == BMP_KIND_KNOCKOUT || ev->kind == BMP_KIND_MATCH)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld has %d sessions: the %s "
                             "exemption is for one session (EBU-17, 1.3.1)", c->claims_path, cl->line,
                             (long long)x->batch, ev->sessions, exempt_kinds[cl->kind].name);
    bmp_status rc = cl->kind == UMS_CHARITY ? charity_allowance(c, x, &year_ps, &allowed, err)
                                            : BMP_OK;
    if (!rc)
        rc = used_in_year(c, x, exempt_kinds[cl->kind].rule, &used, err);
    if (!rc && cl->kind == UMS_CHARITY && !allowed)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld: the club had %lld "
                             "player-sessions in %04d: no additional charity session (over "
                             "10,000 needed, EBU-17, 1.3.1)", c->claims_path, cl->line, (long long)x->batch,
                             (long long)year_ps, atoi(x->date) - 1);
    if (!rc && used >= allowed)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld: the club has had its "
                             "%d %s session(s) of %.4s (EBU-17, 1.3.1)", c->claims_path, cl->line,
                             (long long)x->batch, allowed, exempt_kinds[cl->kind].name, x->date);
    return rc;
}

static bmp_status ums_line(const ums_ctx *c, const ums_event *x, const char *rule,
                           const char *what, int64_t cents, bmp_error *err)
{
    c->out->lines++;
    c->out->total += cents;
    return lq_run(c->l, err,
                  "INSERT INTO charge (run_id, club_id, batch_id, rule, what, cents) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "iiissi", c->run, x->club, x->batch, rule,
                  what, cents);
}

static const ums_claim *claim_of(const ums_ctx *c, int64_t batch)
{
    for (size_t i = 0; i < c->nclaims; i++)
        if (c->claims[i].batch == batch)
            return &c->claims[i];
    return NULL;
}

/* A line's words, the same on every surface that shows the line (the
 * invoice page, the CLI's invoice, the API: all read the stored text): the
 * event, its date, then the charge -- "Monday Pairs, 2026-07-06: 34
 * player-sessions x 0.40 (UMS code 10)" with the rate in force, or why it
 * pays nothing (issue 44).  The batch is the invoice's own column. */
static void ums_what(char *what, size_t n, const bmp_event *ev, const ums_event *x, int64_t ps,
                     const char *code, const ebu_rate *rate, const ums_claim *cl)
{
    int k = ev->name && *ev->name ? snprintf(what, n, "%.120s, %s: ", ev->name, x->date)
                                  : snprintf(what, n, "batch %lld, %s: ", (long long)x->batch,
                                             x->date);
    size_t at = k < 0 ? 0 : (size_t)k < n ? (size_t)k : n - 1;
    if (!rate && !cl)
        snprintf(what + at, n - at, "supplementary file (UMS code %s): no charge", code);
    else if (cl)
        snprintf(what + at, n - at, "%lld player-sessions exempt: %s%s%s", (long long)ps,
                 exempt_kinds[cl->kind].what, *cl->note ? ": " : "", cl->note);
    else
        snprintf(what + at, n - at, "%lld player-sessions x %lld.%02lld (UMS code %s)",
                 (long long)ps, (long long)(rate->cents / 100), (long long)(rate->cents % 100),
                 code);
}

/* The line of an event whose code and player-sessions are known. */
static bmp_status event_line(const ums_ctx *c, const ums_event *x, const bmp_event *ev,
                             const char *code, bmp_error *err)
{
    char what[256];
    int64_t ps = player_sessions(ev);
    const ums_claim *cl = claim_of(c, x->batch);
    if (strcmp(code, "02") == 0 && cl)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld is a supplementary file (UMS "
                             "code 02): it pays nothing to exempt (EBU-7)", c->claims_path,
                             cl->line, (long long)x->batch);
    if (strcmp(code, "02") == 0) {
        ums_what(what, sizeof what, ev, x, ps, code, NULL, NULL);
        return ums_line(c, x, "EBU-7", what, 0, err);
    }
    bmp_status rc = cl ? claim_allowed(c, x, ev, cl, err) : BMP_OK;
    if (!rc && cl) {
        ums_what(what, sizeof what, ev, x, ps, code, NULL, cl);
        return ums_line(c, x, exempt_kinds[cl->kind].rule, what, 0, err);
    }
    const ebu_rate *r = rc ? NULL : ebu_rate_on(c->rates, c->nrates, code, x->date);
    if (!rc && !r)
        return bmp_error_set(err, BMP_EINVAL, "batch %lld: no UMS rate for charge code %s on %s "
                             "in the rate table (EBU-17)", (long long)x->batch, code, x->date);
    if (rc)
        return rc;
    ums_what(what, sizeof what, ev, x, ps, code, r, NULL);
    return ums_line(c, x, "EBU-17", what, ps * r->cents, err);
}

static bmp_status charge_event(const ums_ctx *c, const ums_event *x, bmp_error *err)
{
    if (!x->club) { /* listed, never silently (issue 26) */
        charge_skip(c->out, x->batch, "no club to invoice (import it with --club; counties "
                                      "and teams leagues are registered as clubs, EBU-18)");
        return BMP_OK;
    }
    bmp_event *ev = NULL;
    bmp_status rc = load_event(x, &ev, err);
    const char *code = rc ? "" : charge_code(ev);
    if (!rc && !*code)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld: the event has no UMS charge code "
                           "(params.ums_charge_code, EBU-7)", (long long)x->batch);
    if (!rc)
        rc = event_line(c, x, ev, code, err);
    bmp_event_free(ev);
    return rc;
}

/* Every claim names an event of the month. */
static bmp_status claims_known(const ums_ctx *c, const ums_event *v, size_t n, bmp_error *err)
{
    for (size_t i = 0; i < c->nclaims; i++) {
        bool known = false;
        for (size_t k = 0; k < n && !known; k++)
            known = v[k].batch == c->claims[i].batch;
        if (!known)
            return bmp_error_set(err, BMP_EINVAL, "%s:%zu: batch %lld is not an EBU "
                                 "event of %s", c->claims_path, c->claims[i].line,
                                 (long long)c->claims[i].batch, c->month);
    }
    return BMP_OK;
}

static bmp_status make_ums_run(ums_ctx *c, bmp_error *err)
{
    ums_event *v = NULL;
    size_t n = 0;
    bmp_status rc = charge_run_open(c->l, c->b, "ums", c->month, "EBU-18", &c->run, err);
    c->out->id = c->run;
    if (!rc)
        rc = events_like(c->l, c->b, c->month, 0, &v, &n, err);
    if (!rc)
        rc = claims_known(c, v, n, err);
    for (size_t i = 0; i < n && !rc; i++)
        rc = charge_event(c, &v[i], err);
    events_free(v, n);
    if (!rc) /* listed, never silently (issue 26, ruling SK-1) */
        rc = charge_skip_unapproved(c->l, c->b, c->month, "EBU-18", c->out, err);
    if (!rc)
        rc = charge_run_close(c->l, c->b, "UMS", c->month, "EBU-18", c->out, err);
    return rc;
}

static bmp_status ums_args(bmp_ledger *l, const char *body, const char *month, ledger_body *b,
                           bmp_error *err)
{
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (!rc && strcmp(b->code, "ebu") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: the UMS charge run for %s (the "
                           "EBU's, EBU-17)", b->code);
    if (!rc && (!month || strlen(month) != 7 || month[4] != '-'))
        rc = bmp_error_set(err, BMP_EINVAL, "ums: month \"%s\": expected yyyy-mm",
                           month ? month : "");
    return rc;
}

/* The month's run unless made before, in bmp_ledger_ebu_ums_run's
 * transaction (ctx: the ums_ctx). */
static bmp_status ums_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    ums_ctx *c = ctx;
    bmp_status rc = charge_earlier(l, c->b, "ums", c->month, c->out, err);
    if (!rc && !c->out->already)
        rc = make_ums_run(c, err);
    return rc;
}

bmp_status bmp_ledger_ebu_ums_run(bmp_ledger *l, const char *body, const char *month,
                                  const char *rates, const char *exemptions, const char *csv,
                                  bmp_ledger_run *out, bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    ums_ctx c = {.l = l, .b = &b, .month = month, .out = out, .claims_path = exemptions};
    ebu_rate *rv = NULL;
    ums_claim *cv = NULL;
    bmp_status rc = ums_args(l, body, month, &b, err);
    if (!rc)
        rc = ebu_rates_read(rates, "code", "session", "EBU-17", &rv, &c.nrates, err);
    if (!rc)
        rc = read_claims(exemptions, &cv, &c.nclaims, err);
    c.rates = rv;
    c.claims = cv;
    if (!rc)
        rc = ledger_tx(l, ums_step, &c, err);
    free(rv);
    free(cv);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}
