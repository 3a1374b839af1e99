/* The registry of governing bodies: a constant table, no mutable state.
 * It names every body's table, so it sits above the bodies (src/abf ...)
 * and below src/io, which reaches a body through it (shape_layers). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/event_index.h"
#include "bridgemp/bridgemp.h"

extern const bmp_rules acbl_rules;
extern const bmp_rules ebu_rules;
extern const bmp_rules abf_rules;
extern const bmp_rules nzb_rules;

static const bmp_rules *const all_rules[] = {&acbl_rules, &ebu_rules, &abf_rules,
                                             &nzb_rules, NULL};

const char *bmp_version(void)
{
    return BMP_VERSION;
}

const bmp_rules *const *bmp_rules_list(void)
{
    return all_rules;
}

/* Other spellings of a body's name, accepted on input: the one table of
 * them, for the engine and (through bmp_rules_find) the ledger. */
static const struct {
    const char *spelling, *body;
} other_names[] = {{"nz", "nzb"}, {"nzbridge", "nzb"}};

const bmp_rules *bmp_rules_find(const char *body)
{
    if (!body)
        return NULL;
    for (size_t i = 0; i < sizeof other_names / sizeof other_names[0]; i++)
        if (strcasecmp(body, other_names[i].spelling) == 0)
            body = other_names[i].body;
    for (size_t i = 0; all_rules[i]; i++)
        if (strcasecmp(all_rules[i]->body, body) == 0)
            return all_rules[i];
    return NULL;
}

bmp_status bmp_rules_edition(const bmp_rules *r, const char *requested, const char **out,
                             bmp_error *err)
{
    if (!requested) {
        *out = r->editions[0];
        return BMP_OK;
    }
    for (size_t i = 0; r->editions[i]; i++)
        if (strcasecmp(r->editions[i], requested) == 0) {
            *out = r->editions[i];
            return BMP_OK;
        }
    char list[256] = "";
    for (size_t i = 0; r->editions[i]; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, r->editions[i], sizeof list - strlen(list) - 1);
    }
    return bmp_error_set(err, BMP_ENOTFOUND, "unknown %s edition \"%s\" (known: %s)", r->body,
                         requested, list);
}

bmp_status bmp_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    const bmp_rules *r = bmp_rules_find(ev->body);
    if (!r)
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\"",
                             ev->body ? ev->body : "(none)");
    const char *ed;
    bmp_status st = bmp_rules_edition(r, ev->edition, &ed, err);
    if (st)
        return st;
    size_t first = out->count;
    if (core_event_index_fresh(ev)) {
        st = r->award(ev, ed, out, err);
    } else {
        /* Unindexed (built by hand, or changed since): index a shallow copy,
         * so that lookups by id are O(1) without writing to the caller's event. */
        bmp_event tmp = *ev;
        tmp.index = NULL;
        if ((st = bmp_event_reindex(&tmp, err)))
            return st;
        st = r->award(&tmp, ed, out, err);
        core_event_index_free(tmp.index);
    }
    if (st)
        return st;
    /* Every award names a point type of its body (pointtype.h). */
    for (size_t i = first; i < out->count; i++)
        if (!bmp_rules_point_type(r, out->items[i].colour)) {
            st = bmp_rules_check_colour(r, out->items[i].colour, err);
            bmp_error_prefix(err, "internal error: award %zu (rule %s): ", i,
                             out->items[i].rule);
            return st;
        }
    return BMP_OK;
}

const bmp_scale_info *bmp_scale_find(const char *body, const char *name, bmp_error *err)
{
    const bmp_rules *r = bmp_rules_find(body);
    if (!r) {
        bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\" (known: acbl, ebu, abf, nzb)",
                      body ? body : "(none)");
        return NULL;
    }
    for (size_t i = 0; name && r->scales && r->scales[i].name; i++)
        if (strcasecmp(r->scales[i].name, name) == 0)
            return &r->scales[i];
    char list[512] = "";
    for (size_t i = 0; r->scales && r->scales[i].name; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, r->scales[i].name, sizeof list - strlen(list) - 1);
    }
    bmp_error_set(err, BMP_ENOTFOUND, "unknown %s table \"%s\" (known: %s)", r->body,
                  name ? name : "(none)", *list ? list : "none yet");
    return NULL;
}

bmp_status bmp_scale(const char *body, const char *name, const char *edition,
                     const bmp_params *opts, bmp_table *out, bmp_error *err)
{
    const bmp_rules *r = bmp_rules_find(body);
    if (!r)
        return bmp_error_set(err, BMP_ENOTFOUND,
                             "unknown body \"%s\" (known: acbl, ebu, abf, nzb)", body);
    const char *ed;
    bmp_status st = bmp_rules_edition(r, edition, &ed, err);
    if (st)
        return st;
    const bmp_scale_info *s = bmp_scale_find(body, name, err);
    if (!s)
        return BMP_ENOTFOUND;
    /* an option the table does not declare is refused before computing */
    if ((st = bmp_scale_check_options(s, opts, err)))
        return st;
    return r->scale(name, ed, opts, out, err);
}

const bmp_param_specs *bmp_rules_param_specs(const bmp_rules *r)
{
    return r ? r->params : NULL;
}
