/* Checking a body's params bags against its parameter spec
 * (bmp_params_check, bmp_params_check_event): one mechanism for every body
 * and every level, so that a typo such as "acceleraton" or "playof" is an
 * error naming its JSON path and the valid names, never a silently
 * different award. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bridgemp/event.h"
#include "bridgemp/rules.h"

const char *bmp_param_level_name(bmp_param_level l)
{
    static const char *const names[] = {"event", "group", "contestant", "player", "match"};
    return (unsigned)l < BMP_PARAM_LEVELS ? names[l] : "?";
}

const char *bmp_param_type_name(bmp_param_type t)
{
    return t == BMP_PARAM_BOOL ? "bool" : t == BMP_PARAM_STRING ? "string" : "number";
}

const char *bmp_param_range_name(bmp_param_range r)
{
    switch (r) {
    case BMP_RANGE_ANY: return "";
    case BMP_RANGE_WHOLE0: return "whole >= 0";
    case BMP_RANGE_WHOLE1: return "whole >= 1";
    case BMP_RANGE_POSITIVE: return "> 0";
    case BMP_RANGE_NONNEG: return ">= 0";
    case BMP_RANGE_FRACTION: return "0 to 1";
    }
    return "";
}

static const char *type_word(bmp_param_type t)
{
    return t == BMP_PARAM_BOOL ? "true or false" : t == BMP_PARAM_STRING ? "a string" : "a number";
}

/* NULL when v is in range, else what was expected. */
static const char *range_fail(bmp_param_range r, double v)
{
    bool whole = v == floor(v);
    switch (r) {
    case BMP_RANGE_ANY: return NULL;
    case BMP_RANGE_WHOLE0: return whole && v >= 0 && v <= 1e6 ? NULL : "a whole number >= 0";
    case BMP_RANGE_WHOLE1: return whole && v >= 1 && v <= 1e6 ? NULL : "a whole number >= 1";
    case BMP_RANGE_POSITIVE: return v > 0 && v <= 1e6 ? NULL : "a number > 0";
    case BMP_RANGE_NONNEG: return v >= 0 && v <= 1e6 ? NULL : "a number >= 0";
    case BMP_RANGE_FRACTION: return v >= 0 && v <= 1 ? NULL : "a number from 0 to 1";
    }
    return NULL;
}

/* Is s exactly one of the '|'-separated values? */
static bool value_allowed(const char *values, const char *s)
{
    size_t n = strlen(s);
    for (const char *v = values; v && *v;) {
        const char *bar = strchr(v, '|');
        size_t len = bar ? (size_t)(bar - v) : strlen(v);
        if (len == n && strncmp(v, s, n) == 0)
            return true;
        v = bar ? bar + 1 : NULL;
    }
    return false;
}

static const bmp_param_spec *spec_find(const bmp_param_spec *spec, const char *key)
{
    for (const bmp_param_spec *k = spec; k && k->key; k++)
        if (strcmp(k->key, key) == 0)
            return k;
    return NULL;
}

const bmp_param_spec *bmp_param_specs_find(const bmp_param_specs *s, bmp_param_level l,
                                           const char *key)
{
    return s && (unsigned)l < BMP_PARAM_LEVELS ? spec_find(s->level[l], key) : NULL;
}

static bmp_status unknown_key(const bmp_param_spec *spec, const char *path, const char *key,
                              const char *body, bmp_error *err)
{
    char list[1200] = "";
    for (const bmp_param_spec *k = spec; k && k->key; k++) {
        strncat(list, k == spec ? "" : ", ", sizeof list - strlen(list) - 1);
        strncat(list, k->key, sizeof list - strlen(list) - 1);
    }
    return bmp_error_set(err, BMP_EINVAL, "%s.params.%s: unknown %s parameter (expected one of: %s)",
                         path, key, body, *list ? list : "none");
}

static bmp_status bad_value(const bmp_param_spec *f, const char *path, const char *got,
                            bmp_error *err)
{
    char list[600] = "";
    for (const char *v = f->values; *v;) {
        const char *bar = strchr(v, '|');
        size_t len = bar ? (size_t)(bar - v) : strlen(v);
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%.*s",
                 v == f->values ? "" : bar ? ", " : " or ", (int)len, v);
        v = bar ? bar + 1 : v + len;
    }
    return bmp_error_set(err, BMP_EINVAL, "%s.params.%s: expected %s%s%s%s, got \"%s\"", path,
                         f->key, list, f->rule ? " (" : "", f->rule ? f->rule : "",
                         f->rule ? ")" : "", got);
}

bmp_status bmp_params_check(const bmp_params *p, const bmp_param_spec *spec, const char *path,
                            const char *body, bmp_error *err)
{
    for (size_t i = 0; p && i < p->count; i++) {
        const bmp_param *q = &p->items[i];
        /* Dotted keys ("usebio.version", "mp.green") are file metadata kept
         * by importers for round trips, never rule inputs. */
        if (strchr(q->key, '.'))
            continue;
        const bmp_param_spec *f = spec_find(spec, q->key);
        if (!f)
            return unknown_key(spec, path, q->key, body, err);
        if (f->type != q->type)
            return bmp_error_set(err, BMP_EINVAL, "%s.params.%s: expected %s%s%s%s", path, q->key,
                                 type_word(f->type), f->rule ? " (" : "", f->rule ? f->rule : "",
                                 f->rule ? ")" : "");
        const char *want = q->type == BMP_PARAM_NUMBER ? range_fail(f->range, q->number) : NULL;
        if (want)
            return bmp_error_set(err, BMP_ERANGE, "%s.params.%s: expected %s, got %g", path,
                                 q->key, want, q->number);
        if (q->type == BMP_PARAM_STRING && f->values && !(f->flags & BMP_PARAM_BODY_CHECKED) &&
            !value_allowed(f->values, q->string ? q->string : ""))
            return bad_value(f, path, q->string ? q->string : "", err);
    }
    return BMP_OK;
}

/* Every bag of the event, in document order of its levels: the event,
 * groups, matches, contestants and their players. */
bmp_status bmp_params_check_event(const bmp_event *ev, const bmp_param_specs *s, bmp_error *err)
{
    const bmp_param_spec *const *lv = s->level;
    char path[96];
    bmp_status st = bmp_params_check(&ev->params, lv[BMP_PARAM_EVENT], "$", s->body, err);
    /* the path is made only for a bag with something to check: this runs
     * for every match, contestant and player of the field */
    for (size_t i = 0; !st && i < ev->ngroups; i++) {
        if (!ev->groups[i].params.count)
            continue;
        snprintf(path, sizeof path, "$.groups[%zu]", i);
        st = bmp_params_check(&ev->groups[i].params, lv[BMP_PARAM_GROUP], path, s->body, err);
    }
    for (size_t i = 0; !st && i < ev->nmatches; i++) {
        if (!ev->matches[i].params.count)
            continue;
        snprintf(path, sizeof path, "$.matches[%zu]", i);
        st = bmp_params_check(&ev->matches[i].params, lv[BMP_PARAM_MATCH], path, s->body, err);
    }
    for (size_t i = 0; !st && i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->params.count) {
            snprintf(path, sizeof path, "$.contestants[%zu]", i);
            st = bmp_params_check(&ct->params, lv[BMP_PARAM_CONTESTANT], path, s->body, err);
        }
        for (size_t j = 0; !st && j < ct->nplayers; j++) {
            if (!ct->players[j].params.count)
                continue;
            snprintf(path, sizeof path, "$.contestants[%zu].players[%zu]", i, j);
            st = bmp_params_check(&ct->players[j].params, lv[BMP_PARAM_PLAYER], path, s->body,
                                  err);
        }
    }
    return st;
}

/* A regulation table's options (bmp_scale_info.options): the same specs,
 * checked by name; a string is accepted for any declared type (the command
 * line's text, converted and checked by the table itself). */
bmp_status bmp_scale_check_options(const bmp_scale_info *s, const bmp_params *opts,
                                   bmp_error *err)
{
    for (size_t i = 0; s && opts && i < opts->count; i++) {
        const bmp_param *q = &opts->items[i];
        const bmp_param_spec *f = q->key ? spec_find(s->options, q->key) : NULL;
        if (!f) {
            char list[600] = "";
            for (const bmp_param_spec *k = s->options; k && k->key; k++) {
                strncat(list, k == s->options ? "" : ", ", sizeof list - strlen(list) - 1);
                strncat(list, k->key, sizeof list - strlen(list) - 1);
            }
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s: not an option of table %s (its options: %s)",
                                 q->key ? q->key : "(null)", s->name, *list ? list : "none");
        }
        if (q->type != BMP_PARAM_STRING && q->type != f->type)
            return bmp_error_set(err, BMP_EINVAL, "%s: expected %s%s%s%s", q->key,
                                 type_word(f->type), f->rule ? " (" : "", f->rule ? f->rule : "",
                                 f->rule ? ")" : "");
    }
    return BMP_OK;
}
