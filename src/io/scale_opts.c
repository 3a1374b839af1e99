/* Scale options checked against the body and the file (issue 26 item 4):
 * --grade, --status, --classification and --rating are the options of the
 * body whose event field they set (bmp_rules.scale_option), never ignored;
 * an EBU --status agrees with the file's MASTER_POINT_SCALE when that is a
 * status, and a --grade's points are of the MASTER_POINT_TYPE the file says.
 * Every command reads through the pipeline, so award, convert, validate,
 * ledger import and uploads all refuse the same. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "io/pipeline_internal.h"

static void upper(const char *s, char *out, size_t n)
{
    size_t i = 0;
    for (; s && s[i] && i + 1 < n; i++)
        out[i] = (char)toupper((unsigned char)s[i]);
    out[i] = '\0';
}

/* An option the body does not use: the error names the one it does. */
static bmp_status wrong_option(const bmp_rules *r, const char *src, const char *opt,
                               bmp_error *err)
{
    char b[16];
    upper(r->body, b, sizeof b);
    if (!r->scale_option)
        return bmp_error_set(err, BMP_EINVAL, "%s: --%s: the %s has no event scale option",
                             src, opt, b);
    return bmp_error_set(err, BMP_EINVAL, "%s: --%s: the %s uses --%s, not --%s", src, opt, b,
                         r->scale_option, opt);
}

/* EBU: --status against a MASTER_POINT_SCALE that is a status (U-19). */
static bmp_status status_agrees(const bmp_rules *r, const bmp_event *ev, const char *status,
                                const char *src, bmp_error *err)
{
    const char *sc = bmp_params_string(&ev->params, "usebio.master_point_scale", NULL);
    if (!status || !sc || !r->usebio_status_scales)
        return BMP_OK;
    for (const char *const *k = r->usebio_status_scales; *k; k++)
        if (strcasecmp(sc, *k) == 0 && strcasecmp(sc, status) != 0)
            return bmp_error_set(err, BMP_EINVAL, "%s: --status %s, but the file says "
                                 "MASTER_POINT_SCALE %s: correct the file or drop --status",
                                 src, status, sc);
    return BMP_OK;
}

bmp_status io_scale_opts_check(const bmp_event *ev, const bmp_usebio_opts *o,
                                 bmp_error *err)
{
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    if (!r || !o)
        return BMP_OK;
    const char *src = ev->source ? ev->source : "event";
    const char *const given[] = {o->grade ? "grade" : NULL, o->status ? "status" : NULL,
                                 o->classification ? "classification" : NULL};
    for (size_t i = 0; i < sizeof given / sizeof *given; i++)
        if (given[i] && (!r->scale_option || strcmp(given[i], r->scale_option) != 0))
            return wrong_option(r, src, given[i], err);
    if (o->rating && (!r->scale_option || strcmp(r->scale_option, "classification") != 0))
        return wrong_option(r, src, "rating", err);
    return status_agrees(r, ev, o->status, src, err);
}

bmp_status io_scale_award_check(const bmp_event *ev, const char *grade, const bmp_awards *aw,
                                  bmp_error *err)
{
    const char *type = bmp_params_string(&ev->params, "usebio.master_point_type", NULL);
    const char *colour = bmp_params_string(&ev->params, "usebio.colour", NULL);
    if (!grade || !type || !colour)
        return BMP_OK;
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].points && strcasecmp(aw->items[i].colour, colour) != 0)
            return bmp_error_set(err, BMP_EINVAL, "%s: --grade %s gives %s points, but the "
                                 "file says MASTER_POINT_TYPE %s: correct the file or the grade",
                                 ev->source ? ev->source : "event", grade,
                                 aw->items[i].colour, type);
    return BMP_OK;
}
