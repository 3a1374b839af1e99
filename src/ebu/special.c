/* EBU special scales (3.12.1, EBU-41): an event of a type for which the
 * handbook has no scale is awarded on the scale the EBU grants on
 * application, given as params.special_scale (whole Local Points by place,
 * non-increasing).  Ties share the places' awards, rounded up, never below
 * 6 x the status factor (3.4, 3.5: EBU-33, EBU-34); Blue is Local / 100
 * (5.4.1).  Ruling ES-9. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/tie.h"
#include "ebu/award_families.h"

typedef struct special_scale {
    long v[100];
    int n;
} special_scale;

static bmp_status place_value(void *ctx, int place, core_exact *v)
{
    const special_scale *s = ctx;
    *v = core_exact_q(place >= 1 && place <= s->n ? s->v[place - 1] : 0, 1);
    return BMP_OK;
}

/* "60,45,30": whole Local Points, 1 to 100 awards, none above the one
 * before. */
static bmp_status parse_scale(const char *text, special_scale *s, bmp_error *err)
{
    const char *p = text;
    s->n = 0;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p)
            break;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < 1 || v > 100000 || (*end && *end != ' ' && *end != ','))
            return bmp_error_set(err, BMP_EINVAL, "$.params.special_scale: award %d: expected "
                                 "whole Local Points from 1 to 100000, in \"%s\" (3.12.1, "
                                 "EBU-41)", s->n + 1, text);
        if (s->n == 100)
            return bmp_error_set(err, BMP_EINVAL, "$.params.special_scale: more than 100 "
                                 "awards (3.12.1, EBU-41)");
        if (s->n > 0 && v > s->v[s->n - 1])
            return bmp_error_set(err, BMP_EINVAL, "$.params.special_scale: award %d (%ld) "
                                 "exceeds award %d (%ld): expected a non-increasing scale "
                                 "(3.12.1, EBU-41)", s->n + 1, v, s->n, s->v[s->n - 1]);
        s->v[s->n++] = v;
        p = end;
    }
    if (s->n == 0)
        return bmp_error_set(err, BMP_EINVAL, "$.params.special_scale: expected the awards the "
                             "EBU granted, e.g. \"60,45,30\" (3.12.1, EBU-41)");
    return BMP_OK;
}

bmp_status ebu_special_scale_event(ebu_ctx *c, int m4)
{
    const bmp_event *ev = c->ev;
    special_scale s;
    bmp_status st = parse_scale(bmp_params_string(&ev->params, "special_scale", ""), &s, c->err);
    if (!st && ev->movement == BMP_MOVEMENT_TWO_WINNER)
        st = ebu_fail(c, BMP_EINVAL, "$.params.special_scale", "a special scale ranks one "
                      "field: give each direction of a two-winner movement as its own event "
                      "(3.12.1, EBU-41)");
    /* 3.5 (EBU-34): 6 at Club x the status factor, rounded up. */
    bmp_points mn = bmp_div_round((int64_t)6 * m4 * 100, 4, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
    for (size_t i = 0; !st && i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ebu_without_standing(ct))
            continue;
        bmp_place p = ebu_eligible_place(c, i, NULL);
        core_exact share;
        if (p.lo <= 0 || core_tie_share_exact(p.lo, p.hi, s.n, place_value, &s, &share) ||
            core_exact_is_zero(share))
            continue;
        bmp_points pts = core_exact_round(share, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        char why[96];
        snprintf(why, sizeof why, "the EBU's special scale, %d awards from %ld (3.12.1)", s.n,
                 s.v[0]);
        st = ebu_emit_local(c, i, "ranking", "special scale", p, pts < mn ? mn : pts, "EBU-41",
                            "3.12.1", why);
    }
    if (!st)
        st = ebu_note(c, "EBU special scale granted on application (3.12.1, EBU-41): %d awards "
                         "from %ld down to %ld, ties shared, minimum %lld (3.5)",
                      s.n, s.v[0], s.v[s.n - 1], (long long)(mn / 100));
    return st;
}
