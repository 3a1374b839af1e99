/* Checking a body's params bag against what it accepts (bmp_params_check):
 * one mechanism for every body, so that a typo such as "acceleraton" is an
 * error naming its JSON path rather than a silently different award. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bridgemp/event.h"

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

bmp_status bmp_params_check(const bmp_params *p, const bmp_param_spec *spec, const char *path,
                            const char *body, bmp_error *err)
{
    for (size_t i = 0; p && i < p->count; i++) {
        const bmp_param *q = &p->items[i];
        /* Dotted keys ("usebio.version", "mp.green") are file metadata kept
         * by importers for round trips, never rule inputs. */
        if (strchr(q->key, '.'))
            continue;
        const bmp_param_spec *f = NULL;
        for (const bmp_param_spec *k = spec; k->key; k++)
            if (strcmp(k->key, q->key) == 0)
                f = k;
        if (!f) {
            char list[900] = "";
            for (const bmp_param_spec *k = spec; k->key; k++) {
                strncat(list, k == spec ? "" : ", ", sizeof list - strlen(list) - 1);
                strncat(list, k->key, sizeof list - strlen(list) - 1);
            }
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s.params.%s: unknown %s parameter (expected one of: %s)", path,
                                 q->key, body, *list ? list : "none");
        }
        if (f->type != q->type)
            return bmp_error_set(err, BMP_EINVAL, "%s.params.%s: expected %s%s%s%s", path, q->key,
                                 type_word(f->type), f->rule ? " (" : "", f->rule ? f->rule : "",
                                 f->rule ? ")" : "");
        const char *want = q->type == BMP_PARAM_NUMBER ? range_fail(f->range, q->number) : NULL;
        if (want)
            return bmp_error_set(err, BMP_ERANGE, "%s.params.%s: expected %s, got %g", path,
                                 q->key, want, q->number);
    }
    return BMP_OK;
}
