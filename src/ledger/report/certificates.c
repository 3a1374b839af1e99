/* Promotion certificates (include/bridgemp/ledger_certificates.h): one per
 * promotion of a closed period, made once, and the period's certificates
 * as HTML, CSV or JSON, by home club.  The ABF's (ABF-88, 1.8, ruling
 * AN-6) and NZ Bridge's (NZ-99, Part E 3, ruling AN-4). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_certificates.h"
#include "core/text_safe.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The body's certificate issuer: the prefix of its numbers and the rule
 * (body_ops.h cert_prefix, cert_rule: ABF-88, NZ-99). */
typedef struct issuer {
    const char *prefix, *rule;
} issuer;

/* The body, if it issues certificates, and the period if it is closed. */
static bmp_status closed_period(bmp_ledger *l, const char *body, const char *period,
                                ledger_body *b, issuer *who, bmp_error *err)
{
    int64_t one = 0;
    bool found = false;
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (rc)
        return rc;
    const ledger_body_ops *ops = b->ops;
    who->prefix = ops ? ops->cert_prefix : NULL;
    who->rule = ops ? ops->cert_rule : NULL;
    if (!who->prefix)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: promotion certificates for %s "
                             "(its regulations issue none; the ABF's are ABF-88, NZ Bridge's "
                             "NZ-99)", b->code);
    rc = lq_int(l, &one, &found, err, "SELECT 1 FROM period WHERE body_id = ?1 AND period = ?2",
                "is", b->id, period ? period : "");
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_EINVAL, "certificates: period \"%s\" is not a closed %s "
                           "period (yyyy-mm, closed with `ledger close`): its promotions are not "
                           "known yet (%s)", period ? period : "", b->code, who->rule);
    return rc;
}

static bmp_status certify(bmp_ledger *l, const ledger_body *b, const issuer *who,
                          const char *period, bmp_ledger_certificates *out, bmp_error *err)
{
    char at[40];
    int64_t all = 0;
    bool found = false;
    ledger_now(l, at);
    int64_t before = 0;
    bmp_status rc = lq_int(l, &all, &found, err, "SELECT count(*) FROM promotion WHERE "
                           "body_id = ?1 AND period = ?2", "is", b->id, period);
    if (!rc)
        rc = lq_int(l, &before, &found, err, "SELECT count(*) FROM certificate WHERE "
                    "body_id = ?1 AND period = ?2", "is", b->id, period);
    if (!rc && before < all)
        rc = lq_run(l, err,
                    "INSERT INTO certificate (body_id, run_period, period, player_id, rank_name, "
                    "issued) SELECT p.body_id, ?2, p.period, p.player_id, p.to_name, ?3 FROM "
                    "promotion p WHERE p.body_id = ?1 AND p.period = ?2 AND NOT EXISTS (SELECT 1 "
                    "FROM certificate c WHERE c.body_id = p.body_id AND c.period = p.period AND "
                    "c.player_id = p.player_id) ORDER BY p.player_id",
                    "iss", b->id, period, at);
    out->already = (size_t)before;
    out->made = (size_t)(all - before);
    if (!rc && out->made)
        rc = ledger_touch_where(l, "certificate", "body_id = ?1 AND period = ?2", err, "is", b->id,
                                period);
    if (!rc && out->made) {
        char *d = core_asprintf("%s certificates of %s: %zu made (%s)", b->code, period,
                                out->made, who->rule);
        rc = d ? ledger_audit(l, "certificate", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

/* certify in bmp_ledger_certificate_run's transaction. */
typedef struct certify_tx {
    const ledger_body *b;
    const issuer *who;
    const char *period;
    bmp_ledger_certificates *out;
} certify_tx;

static bmp_status certify_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const certify_tx *t = ctx;
    return certify(l, t->b, t->who, t->period, t->out, err);
}

bmp_status bmp_ledger_certificate_run(bmp_ledger *l, const char *body, const char *period,
                                      bmp_ledger_certificates *out, bmp_error *err)
{
    ledger_body b;
    issuer who;
    memset(out, 0, sizeof *out);
    bmp_status rc = closed_period(l, body, period, &b, &who, err);
    if (rc)
        return rc;
    certify_tx t = {&b, &who, period, out};
    return ledger_tx(l, certify_step, &t, err);
}

/* ---- documents ------------------------------------------------------------ */

/* Columns of a certificate row; the home club last (ABF App. A "Home Club":
 * "All Masterpoint Centre output for individual players (e.g. promotion
 * certificates) is forwarded to the player's home club"). */
enum { C_PERIOD, C_NUMBER, C_NAME, C_FROM, C_RANK, C_ISSUED, C_CLUB, C_CLUB_NAME, C_N };

/* By home club, then player: a club's certificates together to send on. */
static bmp_status cert_rows(bmp_ledger *l, const ledger_body *b, const char *period,
                            ledger_stmt **st, bmp_error *err)
{
    return lq_query(l, st, err,
                    "SELECT c.period, pl.number, pl.name, pr.from_name, c.rank_name, "
                    "substr(c.issued, 1, 10), COALESCE(cl.number, ''), COALESCE(cl.name, '') "
                    "FROM certificate c JOIN player pl ON pl.id = c.player_id "
                    "JOIN promotion pr ON pr.body_id = c.body_id AND pr.period = c.period AND "
                    "pr.player_id = c.player_id LEFT JOIN club cl ON cl.id = pl.home_club "
                    "WHERE c.body_id = ?1 AND c.period = ?2 "
                    "ORDER BY cl.number IS NULL, cl.number, pl.number", "is", b->id, period);
}

static void html_cert(FILE *f, const char *body_name, const char *number, const char *v[C_N])
{
    fputs("<section class=\"cert\"><p class=\"org\">", f);
    core_html_put(f, body_name);
    fputs("</p>\n<h1>Masterpoint Certificate</h1>\n<p>This certifies that</p>\n<p class=\"who\">",
          f);
    core_html_put(f, v[C_NAME]);
    fputs("</p>\n<p>(player ", f);
    core_html_put(f, v[C_NUMBER]);
    fputs(") has attained the rank of</p>\n<p class=\"rank\">", f);
    core_html_put(f, v[C_RANK]);
    fputs("</p>\n<p class=\"small\">promoted from ", f);
    core_html_put(f, v[C_FROM]);
    fputs(" in ", f);
    core_html_put(f, v[C_PERIOD]);
    fputs("; certificate ", f);
    core_html_put(f, number);
    fputs(", issued ", f);
    core_html_put(f, v[C_ISSUED]);
    if (v[C_CLUB][0]) {
        fputs("; home club ", f);
        core_html_put(f, v[C_CLUB]);
        fputs(" ", f);
        core_html_put(f, v[C_CLUB_NAME]);
    }
    fputs("</p></section>\n", f);
}

static void html_open(FILE *f, const char *period)
{
    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
          "Masterpoint certificates ", f);
    core_html_put(f, period);
    fputs("</title><style>body{font:16px/1.5 serif;margin:0}.cert{text-align:center;padding:"
          "4rem 2rem;border:6px double #444;margin:1rem;page-break-after:always;break-after:"
          "page}.who,.rank{font-size:2rem;font-weight:bold}.small{font-size:.8rem}"
          "</style></head><body>\n", f);
}

static void csv_cert(FILE *f, const char *number, const char *v[C_N])
{
    static const int order[] = {C_NUMBER, C_NAME, C_FROM, C_RANK, C_PERIOD, C_ISSUED, C_CLUB};
    enum { N = sizeof order / sizeof order[0] };
    core_csv_put(f, number, true, ',');
    for (int k = 0; k < N; k++)
        core_csv_put(f, v[order[k]], true, k == N - 1 ? '\n' : ',');
}

static json_t *json_cert(const char *number, const char *v[C_N])
{
    return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "certificate", number, "player",
                     v[C_NUMBER], "name", v[C_NAME], "from", v[C_FROM], "rank", v[C_RANK],
                     "period", v[C_PERIOD], "issued", v[C_ISSUED], "club", v[C_CLUB]);
}

static bmp_status write_doc(bmp_ledger *l, const ledger_body *b, const issuer *who,
                            const char *period, bmp_invoice_format fmt, FILE *f, json_t *list,
                            bmp_error *err)
{
    char body_name[256] = "";
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err, "SELECT name FROM body WHERE id = ?1", "i", b->id);
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        core_strlcpy(body_name, lq_col_text(l, st, 0), sizeof body_name);
    if (st)
        lq_finalize(l, st);
    if (fmt == BMP_INVOICE_HTML)
        html_open(f, period);
    if (fmt == BMP_INVOICE_CSV)
        fputs("certificate,player,name,from,rank,period,issued,club\n", f);
    st = NULL;
    if (!rc)
        rc = cert_rows(l, b, period, &st, err);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        const char *v[C_N];
        char number[80];
        for (int k = 0; k < C_N; k++)
            v[k] = lq_col_text(l, st, k);
        snprintf(number, sizeof number, "%s-%s-%s", who->prefix, v[C_PERIOD], v[C_NUMBER]);
        if (fmt == BMP_INVOICE_HTML)
            html_cert(f, body_name, number, v);
        else if (fmt == BMP_INVOICE_CSV)
            csv_cert(f, number, v);
        else if (json_array_append_new(list, json_cert(number, v)))
            rc = bmp_error_oom(err);
    }
    if (st)
        lq_finalize(l, st);
    if (fmt == BMP_INVOICE_HTML)
        fputs("</body></html>\n", f);
    return rc;
}

bmp_status bmp_ledger_certificate_document(bmp_ledger *l, const char *body, const char *period,
                                           bmp_invoice_format fmt, char **out, size_t *len,
                                           bmp_error *err)
{
    ledger_body b;
    issuer who;
    *out = NULL;
    *len = 0;
    bmp_status rc = closed_period(l, body, period, &b, &who, err);
    if (rc)
        return rc;
    FILE *f = open_memstream(out, len);
    json_t *list = json_array();
    if (!f || !list) {
        if (f)
            fclose(f);
        json_decref(list);
        free(*out);
        *out = NULL;
        return bmp_error_oom(err);
    }
    rc = write_doc(l, &b, &who, period, fmt, f, list, err);
    json_t *doc = json_pack("{s:s,s:s,s:O}", "body", b.code, "period", period, "certificates",
                            list);
    if (!rc && fmt == BMP_INVOICE_JSON &&
        (!doc || json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0 || fputc('\n', f) < 0))
        rc = bmp_error_set(err, BMP_ENOMEM, "certificates %s: cannot write JSON (out of memory "
                           "or not UTF-8)", period);
    json_decref(doc);
    json_decref(list);
    fclose(f);
    if (rc) {
        free(*out);
        *out = NULL;
        *len = 0;
    }
    return rc;
}
