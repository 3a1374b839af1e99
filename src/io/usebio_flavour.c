/* USEBIO flavours: what each body's scoring programs write, as data
 * (docs/usebio.md "Flavours", rulings UX-3).  Each body's rules carry its
 * flavour (bmp_rules.usebio_flavour, defined in src/abf, src/ebu, src/nzb);
 * a flavour is found by its name among them, so the writer and the
 * rewriter never test a body's name.  Also the per-contestant sum of the
 * awards by colour that both writers put into MASTER_POINTS. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/rules.h"
#include "io/usebio_internal.h"

/* Plain USEBIO 1.2, for a body that names no flavour. */
static const bmp_usebio_flavour plain = {"usebio-1.2", false, true, false, "USEBIO 1.2"};

/* The flavour a body's rules name `name`; NULL if none. */
static const bmp_usebio_flavour *named(const char *name)
{
    for (const bmp_rules *const *r = bmp_rules_list(); r && *r; r++)
        if ((*r)->usebio_flavour && strcmp((*r)->usebio_flavour->name, name) == 0)
            return (*r)->usebio_flavour;
    return NULL;
}

bool bmp_usebio_flavour_known(const char *name)
{
    return name && named(name) != NULL;
}

const bmp_usebio_flavour *io_usebio_flavour_find(const char *name, const char *body)
{
    if (name)
        return named(name);
    const bmp_rules *r = bmp_rules_find(body);
    return r && r->usebio_flavour ? r->usebio_flavour : &plain;
}

bmp_status io_usebio_flavour_check(const char *name, bmp_error *err)
{
    if (!name || bmp_usebio_flavour_known(name))
        return BMP_OK;
    char list[96] = "";
    for (const bmp_rules *const *r = bmp_rules_list(); r && *r; r++)
        if ((*r)->usebio_flavour) {
            size_t l = strlen(list);
            snprintf(list + l, sizeof list - l, "%s%s", l ? ", " : "", (*r)->usebio_flavour->name);
        }
    return bmp_error_set(err, BMP_EINVAL, "USEBIO flavour: expected one of %s, got \"%.40s\"",
                         list, name);
}

/* ---- awards per contestant and colour ----------------------------------- */

static bmp_status check_award(const bmp_event *ev, const bmp_award *a, size_t i, bmp_error *err)
{
    if (a->contestant >= ev->ncontestants)
        return bmp_error_set(err, BMP_EINVAL, "award %zu names contestant %zu of %zu", i,
                             a->contestant, ev->ncontestants);
    const bmp_contestant *c = &ev->contestants[a->contestant];
    if (!bmp_usebio_type(ev->body, a->colour))
        return bmp_error_set(err, BMP_EINVAL,
                             "contestant \"%s\": %s has no %s colour \"%s\" for USEBIO "
                             "MASTER_POINT_TYPE",
                             c->id, a->rule, ev->body, a->colour);
    if (a->points < 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "contestant \"%s\": a negative award (%lld hundredths) cannot "
                             "be written as MASTER_POINTS_AWARDED",
                             c->id, (long long)a->points);
    return BMP_OK;
}

/* The amount of `colour` each player of contestant ci receives: the
 * all-players awards plus player 0's own, checked equal for every other
 * player (USEBIO has one award per pair or team). */
static bmp_status per_player(const bmp_event *ev, const bmp_awards *aw, size_t ci,
                             const char *colour, bmp_points *out, bmp_error *err)
{
    const bmp_contestant *c = &ev->contestants[ci];
    bmp_points total = 0;
    for (size_t p = 0; p < (c->nplayers ? c->nplayers : 1); p++) {
        bmp_points t = 0;
        for (size_t j = 0; j < aw->count; j++) {
            const bmp_award *b = &aw->items[j];
            if (b->contestant == ci && strcmp(b->colour, colour) == 0 &&
                (b->player == BMP_ALL_PLAYERS || b->player == (int)p))
                t += b->points;
        }
        if (p == 0)
            total = t;
        else if (t != total)
            return bmp_error_set(
                err, BMP_EINVAL,
                "contestant \"%s\": players 1 and %zu receive different %s awards "
                "(%lld and %lld hundredths); USEBIO carries one award per %s",
                c->id, p + 1, colour, (long long)total, (long long)t,
                bmp_event_kind_is_teams(ev->kind) ? "team" : "pair");
    }
    *out = total;
    return BMP_OK;
}

static bmp_status add_colour(const bmp_event *ev, const bmp_awards *aw, size_t ci,
                             const char *colour, io_usebio_mp *m, bmp_error *err)
{
    const bmp_contestant *c = &ev->contestants[ci];
    if (m->n == BMP_IO_USEBIO_COLOURS)
        return bmp_error_set(err, BMP_EINVAL, "contestant \"%s\": too many colours", c->id);
    bmp_points total = 0;
    bmp_status st = per_player(ev, aw, ci, colour, &total, err);
    if (st)
        return st;
    /* EBU local points go out whole (U-20): a fraction cannot be written,
     * and EBU local awards are whole. */
    bmp_points unit = io_usebio_unit(ev->body, colour);
    if (total % unit != 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "contestant \"%s\": %s award %lld hundredths is not a whole number "
                             "of points, which is what USEBIO MASTER_POINTS_AWARDED %s carries",
                             c->id, colour, (long long)total, bmp_usebio_type(ev->body, colour));
    m->colour[m->n] = colour;
    m->amount[m->n++] = total / unit;
    return BMP_OK;
}

bmp_status io_usebio_collect(const bmp_event *ev, const bmp_awards *aw,
                             io_usebio_mp *mp, bmp_error *err)
{
    if (!aw)
        return BMP_OK;
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < aw->count && !st; i++)
        st = check_award(ev, &aw->items[i], i, err);
    for (size_t i = 0; i < aw->count && !st; i++) {
        const bmp_award *a = &aw->items[i];
        io_usebio_mp *m = &mp[a->contestant];
        size_t k = 0;
        while (k < m->n && strcmp(m->colour[k], a->colour) != 0)
            k++;
        if (k == m->n)
            st = add_colour(ev, aw, a->contestant, a->colour, m, err);
    }
    return st;
}
