/* Adapter from the ledger's holdings to each body's point types and rank
 * rules through the bmp_rules door (include/bridgemp/{pointtype,rank}.h):
 * the only file of the ledger that asks the rules about ranks. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/rank.h"
#include "bridgemp/rules.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/ranks_glue.h"

size_t ledger_point_types(const char *body, const char **names)
{
    const bmp_rules *r = bmp_rules_find(body);
    size_t n = 0;
    for (; r && r->point_types && r->point_types[n].name && n < LEDGER_MAX_TYPES; n++)
        names[n] = r->point_types[n].name;
    return n;
}

size_t ledger_point_type_defs(const char *body, const bmp_point_type **defs)
{
    const bmp_rules *r = bmp_rules_find(body);
    size_t n = 0;
    for (; r && r->point_types && r->point_types[n].name && n < LEDGER_MAX_TYPES; n++)
        defs[n] = &r->point_types[n];
    return n;
}

bool ledger_point_type_ok(const char *body, const char *type)
{
    const char *names[LEDGER_MAX_TYPES];
    size_t n = ledger_point_types(body, names);
    for (size_t k = 0; k < n; k++)
        if (strcmp(names[k], type) == 0)
            return true;
    return false;
}

static bmp_status holding_of(const bmp_rules *r, const bmp_points *h, bmp_points pre1982_red,
                             bmp_holding *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    size_t n = bmp_rules_point_type_count(r);
    for (size_t k = 0; k < n && k < LEDGER_MAX_TYPES; k++)
        out->points[k] = h[k];
    /* NZ-2: C counts for rank once converted to B, 100 C = 1 B in whole
     * blocks; the ledger keeps C as earned and converts when ranking (the
     * types looked up only for a body that converts: a close ranks every
     * touched player, issue 46) */
    const ledger_body_ops *ops = ledger_body_ops_of(r->body);
    int b = -1, c = -1;
    if (ops && ops->c_to_b) {
        b = bmp_rules_point_type_index(r, "b");
        c = bmp_rules_point_type_index(r, "c");
    }
    if (b >= 0 && c >= 0) {
        bmp_points left = 0;
        out->points[b] += ops->c_to_b(out->points[c], &left);
    }
    /* ABF-87: the pre-1982 red allowance is a rank input of the ABF rules */
    for (size_t k = 0; r->rank_inputs && r->rank_inputs[k].name; k++)
        if (strcmp(r->rank_inputs[k].name, "pre1982") == 0)
            return bmp_holding_set(r, out, "pre1982", pre1982_red, err);
    return BMP_OK;
}

bmp_status ledger_rank_of(const char *body, const bmp_points *h, bmp_points pre1982_red,
                          const ledger_rank *held, ledger_rank *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    const bmp_rules *r = bmp_rules_find(body);
    if (!r)
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\"", body);
    bmp_holding hh;
    bmp_rank rk;
    bmp_status st = holding_of(r, h, pre1982_red, &hh, err);
    if (!st)
        st = bmp_rules_rank(r, &hh, &rk, err);
    if (st)
        return st;
    out->rank = rk.ordinal;
    out->stars = rk.stars;
    if (rk.stars && !strchr(rk.name, '*'))
        snprintf(out->name, sizeof out->name, "%.56s %d*", rk.name, rk.stars);
    else
        core_strlcpy(out->name, rk.name, sizeof out->name);
    /* 1.4.4 (ABF-88): ABF ranks never go down, a promotion is for life */
    const ledger_body_ops *ops = ledger_body_ops_of(body);
    if (ops && ops->ranks_for_life && held && held->name[0] &&
        ledger_rank_order(held) > ledger_rank_order(out))
        *out = *held;
    return BMP_OK;
}

bmp_status ledger_rank_detail(const char *body, const bmp_points *h, bmp_points pre1982_red,
                              bmp_rank *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    const bmp_rules *r = bmp_rules_find(body);
    if (!r)
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\"", body);
    bmp_holding hh;
    bmp_status st = holding_of(r, h, pre1982_red, &hh, err);
    return st ? st : bmp_rules_rank(r, &hh, out, err);
}

void ledger_next_rank(const char *body, const bmp_points *h, bmp_points pre1982_red,
                      char *buf, size_t size)
{
    buf[0] = '\0';
    const bmp_rules *r = bmp_rules_find(body);
    bmp_holding hh;
    bmp_rank rk;
    if (!r || holding_of(r, h, pre1982_red, &hh, NULL) || bmp_rules_rank(r, &hh, &rk, NULL) ||
        !rk.next[0])
        return;
    size_t at = (size_t)snprintf(buf, size, "%s:", rk.next);
    for (size_t i = 0; i < rk.nmissing && at < size; i++) {
        char p[32];
        bmp_points_format(rk.missing[i].points, p, sizeof p);
        int n = snprintf(buf + at, size - at, "%s %s %s", i ? "," : "", p, rk.missing[i].what);
        if (n > 0)
            at += (size_t)n;
    }
}

void ledger_next_rank_held(const char *body, const bmp_points *h, bmp_points pre1982_red,
                           const char *held, char *buf, size_t size)
{
    ledger_next_rank(body, h, pre1982_red, buf, size);
    const bmp_rules *r = bmp_rules_find(body);
    bmp_holding hh;
    bmp_rank rk;
    /* No rank held, or the very rank the points earn (most players): the
     * next rank stands, and the rank list (every rank's requirements
     * formatted, bench/serve's player JSON spent 7 % there) is not needed. */
    if (!held || !*held || !r || holding_of(r, h, pre1982_red, &hh, NULL) ||
        bmp_rules_rank(r, &hh, &rk, NULL) || strcmp(held, rk.name) == 0)
        return;
    ledger_rank list[64];
    size_t n = ledger_rank_list(body, list, 64), at = n;
    for (size_t i = 0; held && *held && i < n && at == n; i++)
        if (strstr(held, list[i].name)) /* "** Silver Master" holds "Silver Master" */
            at = i;
    for (size_t i = at + 1; i < n; i++) /* the longest name that matches wins */
        if (strstr(held, list[i].name) && strlen(list[i].name) > strlen(list[at].name))
            at = i;
    if (at == n || rk.ordinal >= (int)at)
        return;
    snprintf(buf, size, "above %s, the rank held: the points reach %s", held, rk.name);
}

size_t ledger_rank_list(const char *body, ledger_rank *out, size_t max)
{
    const bmp_rules *r = bmp_rules_find(body);
    bmp_rank_info info;
    size_t n = 0;
    for (; r && r->rank_info && n < max && r->rank_info((int)n, &info); n++) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].rank = (int)n;
        snprintf(out[n].name, sizeof out[n].name, "%s", info.name);
    }
    return n;
}

void ledger_rank_names(const char *body, char *buf, size_t size)
{
    const bmp_rules *r = bmp_rules_find(body);
    bmp_rank_info info;
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; r && r->rank_info && r->rank_info(i, &info) && at < size; i++) {
        int n = snprintf(buf + at, size - at, "%s%s", i ? ", " : "", info.name);
        if (n > 0)
            at += (size_t)n;
    }
}
