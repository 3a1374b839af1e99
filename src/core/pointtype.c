/* A body's point types, holdings, ranks and named functions reached through
 * bmp_rules (include/bridgemp/pointtype.h, rank.h): one mechanism for every
 * body, so that callers never test a body's name. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/rules.h"

size_t bmp_rules_point_type_count(const bmp_rules *r)
{
    size_t n = 0;
    while (r && r->point_types && r->point_types[n].name)
        n++;
    return n;
}

int bmp_rules_point_type_index(const bmp_rules *r, const char *name)
{
    size_t n = bmp_rules_point_type_count(r);
    for (size_t i = 0; name && i < n; i++)
        if (strcasecmp(r->point_types[i].name, name) == 0)
            return (int)i;
    return -1;
}

const bmp_point_type *bmp_rules_point_type(const bmp_rules *r, const char *name)
{
    int i = bmp_rules_point_type_index(r, name);
    return i < 0 ? NULL : &r->point_types[i];
}

static void type_names(const bmp_rules *r, char *buf, size_t n)
{
    *buf = '\0';
    for (size_t i = 0; i < bmp_rules_point_type_count(r); i++) {
        strncat(buf, i ? ", " : "", n - strlen(buf) - 1);
        strncat(buf, r->point_types[i].name, n - strlen(buf) - 1);
    }
}

bmp_status bmp_rules_check_colour(const bmp_rules *r, const char *colour, bmp_error *err)
{
    if (bmp_rules_point_type(r, colour))
        return BMP_OK;
    char list[160];
    type_names(r, list, sizeof list);
    return bmp_error_set(err, BMP_EINVAL, "\"%s\" is not a point type of %s (expected one of: %s)",
                         colour ? colour : "", r->body, list);
}

const bmp_point_type *bmp_rules_usebio_point_type(const bmp_rules *r, const char *type)
{
    for (size_t i = 0; type && i < bmp_rules_point_type_count(r); i++)
        for (const char *const *t = r->point_types[i].usebio_types; t && *t; t++)
            if (strcasecmp(*t, type) == 0)
                return &r->point_types[i];
    return NULL;
}

void bmp_rules_usebio_types(const bmp_rules *r, char *buf, size_t n)
{
    *buf = '\0';
    for (size_t i = 0; i < bmp_rules_point_type_count(r); i++) {
        const char *const *t = r->point_types[i].usebio_types;
        if (!t || !*t)
            continue;
        strncat(buf, *buf ? ", " : "", n - strlen(buf) - 1);
        strncat(buf, t[0], n - strlen(buf) - 1);
    }
}

bmp_points bmp_rules_total(const bmp_rules *r, const bmp_points *amounts)
{
    bmp_points t = 0;
    for (size_t i = 0; i < bmp_rules_point_type_count(r); i++)
        t += amounts[i] * r->point_types[i].total_weight;
    return t;
}

static bool gets(const bmp_award *w, size_t contestant, int player)
{
    return w->contestant == contestant && (w->player == BMP_ALL_PLAYERS || w->player == player);
}

bmp_points bmp_awards_player_type_total(const bmp_awards *a, size_t contestant, int player,
                                        const char *type)
{
    bmp_points t = 0;
    for (size_t i = 0; i < a->count; i++)
        if (gets(&a->items[i], contestant, player) && strcasecmp(a->items[i].colour, type) == 0)
            t += a->items[i].points;
    return t;
}

bmp_status bmp_awards_player_totals(const bmp_rules *r, const bmp_awards *a, size_t contestant,
                                    int player, bmp_points out[BMP_MAX_POINT_TYPES],
                                    bmp_error *err)
{
    memset(out, 0, BMP_MAX_POINT_TYPES * sizeof *out);
    for (size_t i = 0; i < a->count; i++) {
        if (!gets(&a->items[i], contestant, player))
            continue;
        int k = bmp_rules_point_type_index(r, a->items[i].colour);
        if (k < 0) {
            bmp_status st = bmp_rules_check_colour(r, a->items[i].colour, err);
            bmp_error_prefix(err, "award %zu: ", i);
            return st;
        }
        out[k] += a->items[i].points;
    }
    return BMP_OK;
}

bmp_status bmp_rules_check_awards(const bmp_rules *r, const bmp_awards *a, bmp_error *err)
{
    for (size_t i = 0; i < a->count; i++) {
        if (bmp_rules_point_type(r, a->items[i].colour))
            continue;
        bmp_status st = bmp_rules_check_colour(r, a->items[i].colour, err);
        bmp_error_prefix(err, "award %zu (contestant index %zu, rule %s): ", i,
                         a->items[i].contestant, a->items[i].rule);
        return st;
    }
    return BMP_OK;
}

/* ---- Holdings and ranks --------------------------------------------------- */

static size_t input_count(const bmp_rules *r)
{
    size_t n = 0;
    while (r->rank_inputs && r->rank_inputs[n].name)
        n++;
    return n;
}

bmp_status bmp_holding_set(const bmp_rules *r, bmp_holding *h, const char *name, bmp_points v,
                           bmp_error *err)
{
    int k = bmp_rules_point_type_index(r, name);
    if (k >= 0) {
        h->points[k] = v;
        return BMP_OK;
    }
    for (size_t i = 0; i < input_count(r); i++)
        if (strcasecmp(r->rank_inputs[i].name, name) == 0) {
            h->inputs[i] = v;
            return BMP_OK;
        }
    char list[200];
    type_names(r, list, sizeof list);
    for (size_t i = 0; i < input_count(r); i++) {
        strncat(list, ", ", sizeof list - strlen(list) - 1);
        strncat(list, r->rank_inputs[i].name, sizeof list - strlen(list) - 1);
    }
    return bmp_error_set(err, BMP_EINVAL, "%s holding: unknown \"%s\" (expected one of: %s)",
                         r->body, name ? name : "", list);
}

bmp_status bmp_rules_rank(const bmp_rules *r, const bmp_holding *h, bmp_rank *out,
                          bmp_error *err)
{
    for (size_t i = 0; i < bmp_rules_point_type_count(r); i++)
        if (h->points[i] < 0)
            return bmp_error_set(err, BMP_EINVAL, "%s rank: %s points must not be negative",
                                 r->body, r->point_types[i].name);
    for (size_t i = 0; i < input_count(r); i++)
        if (h->inputs[i] < 0)
            return bmp_error_set(err, BMP_EINVAL, "%s rank: %s must not be negative", r->body,
                                 r->rank_inputs[i].name);
    memset(out, 0, sizeof *out);
    if (!r->rank)
        return bmp_not_supported(err, "ranks", r->body, "-", "the body defines no rank table");
    return r->rank(h, out, err);
}

/* ---- Named functions ------------------------------------------------------ */

const bmp_admin_fn *bmp_rules_admin(const bmp_rules *r, const char *name)
{
    for (const bmp_admin_fn *f = r->admin; f && f->name && name; f++)
        if (strcasecmp(f->name, name) == 0)
            return f;
    return NULL;
}

int bmp_admin_arg_index(const bmp_admin_fn *f, const char *name)
{
    for (int i = 0; f->args && f->args[i].name && name; i++)
        if (strcasecmp(f->args[i].name, name) == 0)
            return i;
    return -1;
}

static bmp_admin_value *admin_slot(bmp_admin_result *out, const char *name)
{
    if (out->count >= BMP_ADMIN_MAX_RESULTS)
        return NULL;
    bmp_admin_value *v = &out->items[out->count++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%s", name);
    return v;
}

void bmp_admin_points(bmp_admin_result *out, const char *name, bmp_points p)
{
    bmp_admin_value *v = admin_slot(out, name);
    if (v) {
        v->is_points = true;
        v->points = p;
        bmp_points_format(p, v->text, sizeof v->text);
    }
}

void bmp_admin_text(bmp_admin_result *out, const char *name, const char *text)
{
    bmp_admin_value *v = admin_slot(out, name);
    if (v)
        snprintf(v->text, sizeof v->text, "%s", text);
}
