/* Building the fields of an ACBL event from its groups (ACBL-67..74,
 * ACBL-82, ACBL-83): which groups are fields, of which kind, with what
 * tables and limit, in which order. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/fields.h"

const char *acbl_field_kind_word(field_kind k)
{
    switch (k) {
    case F_FLIGHT: return "flight";
    case F_STRATUM:
    case F_STRATIFLIGHTED: return "stratum";
    case F_BRACKET: return "bracket";
    case F_WHOLE: break;
    }
    return "field";
}

/* Build the fields from the groups the contestants name. */
static bmp_status build_fields_of(acbl_calc *c, field *f, const size_t *count, size_t *nf,
                                  field_kind *kind, bmp_error *err);

bmp_status acbl_build_fields(acbl_calc *c, field **out, size_t *nout, field_kind *kind,
                             bmp_error *err)
{
    const bmp_event *ev = c->ev;
    *out = NULL;
    *nout = 0;
    *kind = F_WHOLE;
    size_t n = 0;
    field *f = calloc(ev->ngroups + 1, sizeof *f);
    size_t *count = calloc(ev->ngroups + 1, sizeof *count); /* members, one pass by hash */
    if (!f || !count) {
        free(f);
        free(count);
        return bmp_error_oom(err);
    }
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_group *g = bmp_event_group(ev, ev->contestants[i].group);
        const bmp_contestant *ct = &ev->contestants[i]; /* ACBL-154: an ineligible one played */
        if (g && (!ct->phantom || !bmp_params_bool(&ct->params, "eligible", true)))
            count[g - ev->groups]++;
    }
    bmp_status st = build_fields_of(c, f, count, &n, kind, err);
    free(count);
    if (st) {
        free(f);
        return st;
    }
    *out = f;
    *nout = n;
    return BMP_OK;
}

/* A group's kind of field (flight, stratum, stratiflighted, bracket); a
 * group that is none of them but has contestants is an error. */
static bmp_status group_kind(const bmp_group *g, size_t gi, field_kind *k, bmp_error *err)
{
    const char *type = g->type ? g->type : "";
    if (strcasecmp(type, "flight") == 0)
        *k = F_FLIGHT;
    else if (strcasecmp(type, "stratum") == 0)
        *k = bmp_params_has(&g->params, "flight") ? F_STRATIFLIGHTED : F_STRATUM;
    else if (strcasecmp(type, "bracket") == 0)
        *k = F_BRACKET;
    else
        return bmp_error_set(err, BMP_EINVAL,
                             "$.groups[%zu].type: contestants compete in it: expected "
                             "\"flight\", \"stratum\" or \"bracket\", got \"%s\"",
                             gi, type);
    return BMP_OK;
}

/* ACBL-83: a flighted-bracketed round robin's bracket position (current
 * edition only). */
static bmp_status check_bracket_position(const acbl_calc *c, const bmp_group *g, size_t gi,
                                         bmp_error *err)
{
    if (!bmp_params_has(&g->params, "bracket_position"))
        return BMP_OK;
    double bp = bmp_params_number(&g->params, "bracket_position", 0);
    if (c->ed == ACBL_ED_2003)
        return bmp_not_supported(err, "flighted-bracketed round robin bracket position",
                                 "ACBL-83", "IV.C",
                                 "the 2003 edition has only the three bracket counting rules "
                                 "(D24)");
    if (bp < 1 || bp != (int)bp)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.groups[%zu].params.bracket_position: expected 1, 2, 3 ..., "
                             "got %g",
                             gi, bp);
    return BMP_OK;
}

/* The field of group g: its tables (or members per table), its limit (a
 * division that states none has the event's, not M = 1: audit), and for a
 * stratiflighted event its flight. */
static bmp_status fill_field(const acbl_calc *c, const bmp_group *g, size_t gi, field_kind k,
                             double members, field *x, bmp_error *err)
{
    x->name = g->name;
    x->g = g;
    x->own = g->tables > 0 ? g->tables : members / per_table(c->type);
    x->ul = g->upper_limit;
    if (x->ul == BMP_NO_LIMIT)
        x->ul = c->ev->upper_limit;
    x->eligible = true;
    if (k != F_STRATIFLIGHTED)
        return BMP_OK;
    const char *fl = bmp_params_string(&g->params, "flight", "");
    if (strcasecmp(fl, "A") != 0 && strcasecmp(fl, "B") != 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.groups[%zu].params.flight: expected \"A\" or \"B\" "
                             "(stratiflighted event), got \"%s\"",
                             gi, fl);
    x->flight = (char)(fl[0] & ~0x20);
    return BMP_OK;
}

/* Top first: flights and strata by upper limit (none highest),
 * stratiflighted by flight then limit; brackets as listed.  A stable
 * insertion sort: an event has a handful of fields. */
static void order_fields(field *f, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0; j--) {
            field *a = &f[j - 1], *b = &f[j];
            bool swap = a->flight != b->flight ? a->flight > b->flight
                                               : ul_key(a->ul) < ul_key(b->ul);
            if (!swap)
                break;
            field t = *a;
            *a = *b;
            *b = t;
        }
}

/* The fields from each group (its members counted in count[]). */
static bmp_status build_fields_of(acbl_calc *c, field *f, const size_t *count, size_t *nf,
                                  field_kind *kind, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    size_t n = 0;
    bmp_status st = BMP_OK;
    for (size_t gi = 0; gi < ev->ngroups && !st; gi++) {
        const bmp_group *g = &ev->groups[gi];
        const char *type = g->type ? g->type : "";
        bool structural = strcasecmp(type, "flight") == 0 || strcasecmp(type, "stratum") == 0 ||
                          strcasecmp(type, "bracket") == 0;
        /* every flight/stratum/bracket counts its tables, with or without
         * placed contestants; other groups (sections) are not fields */
        if (!count[gi] && !structural)
            continue;
        field_kind k = F_WHOLE;
        if ((st = group_kind(g, gi, &k, err)))
            break;
        if (n > 0 && k != *kind)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.groups[%zu]: a %s mixed with %ss: an event is flighted, "
                                 "stratified, stratiflighted or bracketed, not several",
                                 gi, acbl_field_kind_word(k), acbl_field_kind_word(*kind));
        if (k == F_BRACKET)
            st = check_bracket_position(c, g, gi, err);
        *kind = k;
        if (!st)
            st = fill_field(c, g, gi, k, (double)count[gi], &f[n++], err);
    }
    if (st)
        return st;
    if (n == 0) {
        f[0] = (field){.name = "overall", .own = c->tables, .ul = c->ev->upper_limit,
                       .eligible = true, .top = true};
        n = 1;
    }
    if (*kind != F_BRACKET && *kind != F_WHOLE)
        order_fields(f, n);
    *nf = n;
    return BMP_OK;
}
