/* USEBIO helpers shared by the reader and the writer: masterpoint types per
 * body (ecosystem.md §2.4 rule 2), content sniffing, the awards a file
 * carries, and a typed parameter setter. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/param_keys.h"
#include "core/util.h"
#include "io/usebio_internal.h"

/* MASTER_POINT_TYPE spellings, the units a file counts in and the other
 * per-body defaults are the body's (bmp_rules.point_types, usebio_*): this
 * file never tests a body's name. */

const char *bmp_usebio_colour(const char *body, const char *type)
{
    const bmp_point_type *pt = bmp_rules_usebio_point_type(bmp_rules_find(body), type);
    return pt ? pt->name : NULL;
}

const char *bmp_usebio_type(const char *body, const char *colour)
{
    const bmp_point_type *pt = bmp_rules_point_type(bmp_rules_find(body), colour);
    return pt && pt->usebio_types ? pt->usebio_types[0] : NULL;
}

/* Hundredths of the body's colour per MASTER_POINTS_AWARDED unit (§2.3):
 * 1 where the file counts hundredths of the point (57 = 0.57 green), 100
 * for EBU local points, which the file counts whole (36 for a club win)
 * while the EBU rules count them in hundredths of a Local Point like any
 * other bmp_points (rulings U-20). */
bmp_points io_usebio_unit(const char *body, const char *colour)
{
    const bmp_point_type *pt = bmp_rules_point_type(bmp_rules_find(body), colour);
    return pt && pt->usebio_unit > 0 ? pt->usebio_unit : 1;
}

void io_usebio_types(const char *body, char *buf, size_t n)
{
    const bmp_rules *r = bmp_rules_find(body);
    if (r)
        bmp_rules_usebio_types(r, buf, n);
    else
        *buf = '\0';
}

bool bmp_usebio_sniff(const char *data, size_t len)
{
    size_t i = 0;
    const unsigned char *d = (const unsigned char *)data;
    if (len >= 2 && ((d[0] == 0xFF && d[1] == 0xFE) || (d[0] == 0xFE && d[1] == 0xFF)))
        return true; /* UTF-16 BOM: only the XML reader accepts UTF-16 */
    if (len >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        i = 3;
    while (i < len && isspace(d[i]))
        i++;
    return i < len && d[i] == '<';
}

bmp_status bmp_usebio_file_awards(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    size_t plen = strlen(BMP_USEBIO_MP_PREFIX);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        for (size_t k = 0; k < c->params.count; k++) {
            const bmp_param *p = &c->params.items[k];
            if (strncmp(p->key, BMP_USEBIO_MP_PREFIX, plen) != 0 || p->type != BMP_PARAM_NUMBER)
                continue;
            /* whole hundredths by construction from USEBIO and JSON (their
             * readers refuse anything else); never cast what is not */
            if (!(p->number >= 0 && p->number <= (double)CORE_CARRIED_MAX * 100 &&
                  p->number == floor(p->number)))
                return bmp_error_set(err, BMP_EINVAL,
                                     "contestant %s: %s: expected a whole number of hundredths "
                                     "of a point from 0 to 100000000, got %g",
                                     c->id ? c->id : "?", p->key, p->number);
            bmp_award aw = {0};
            aw.contestant = i;
            aw.player = BMP_ALL_PLAYERS;
            aw.place = c->place;
            aw.points = (bmp_points)p->number; /* whole hundredths by construction */
            bmp_award_set(&aw, "usebio", "file", p->key + plen, "", "");
            bmp_status st = bmp_awards_add(out, err, &aw,
                                           "MASTER_POINTS_AWARDED %lld (%s) in the file",
                                           (long long)aw.points, p->key + plen);
            if (st)
                return st;
        }
    }
    return BMP_OK;
}

static bmp_param *param_slot(bmp_params *p, const char *key, bmp_status *st)
{
    for (size_t i = 0; i < p->count; i++)
        if (strcmp(p->items[i].key, key) == 0) {
            core_param_str_free(p->items[i].string);
            p->items[i].string = NULL;
            return &p->items[i];
        }
    bmp_param *n = realloc(p->items, (p->count + 1) * sizeof *n);
    char *k = core_param_str(key);
    if (!n || !k) {
        if (n)
            p->items = n;
        core_param_str_free(k);
        *st = BMP_ENOMEM;
        return NULL;
    }
    p->items = n;
    bmp_param *s = &p->items[p->count++];
    memset(s, 0, sizeof *s);
    s->key = k;
    return s;
}

bmp_status io_param_number(bmp_params *p, const char *key, double v)
{
    bmp_status st = BMP_OK;
    bmp_param *s = param_slot(p, key, &st);
    if (!s)
        return st;
    s->type = BMP_PARAM_NUMBER;
    s->number = v;
    return BMP_OK;
}

bmp_status io_param_string(bmp_params *p, const char *key, const char *v)
{
    bmp_status st = BMP_OK;
    bmp_param *s = param_slot(p, key, &st);
    if (!s)
        return st;
    s->type = BMP_PARAM_STRING;
    s->string = core_param_str(v ? v : "");
    return s->string ? BMP_OK : BMP_ENOMEM;
}

bmp_status io_param_bool(bmp_params *p, const char *key, bool v)
{
    bmp_status st = BMP_OK;
    bmp_param *s = param_slot(p, key, &st);
    if (!s)
        return st;
    s->type = BMP_PARAM_BOOL;
    s->boolean = v;
    return BMP_OK;
}

bmp_status io_param_parse(bmp_params *p, const char *key, const char *text)
{
    if (strcmp(text, "true") == 0 || strcmp(text, "false") == 0)
        return io_param_bool(p, key, text[0] == 't');
    char *end;
    double d = strtod(text, &end);
    if (*text && !isspace((unsigned char)*text) && *end == '\0' && end != text && isfinite(d))
        return io_param_number(p, key, d);
    return io_param_string(p, key, text);
}
