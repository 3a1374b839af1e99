/* Reciprocity: NZ and UK masterpoints credited as ABF colours (Masterpoint
 * Scheme 1.3.4; ABF-105). */
#include "bridgemp/abf.h"

#include <string.h>
#include <strings.h>

typedef struct conversion {
    const char *name;     /* short name */
    const char *printed;  /* the 1.3.4 wording, as in reciprocity.csv */
    const char *colour;
    int64_t num, den;     /* Australian points per foreign point */
} conversion;

/* 1.3.4: "1 New Zealand A point = 1 Australian gold point" ... */
static const conversion conv[BMP_ABF_FOREIGN__COUNT] = {
    {"nz-a", "NZ A point", "gold", 1, 1},
    {"nz-b", "NZ B point", "red", 1, 1},
    {"nz-c", "NZ C point", "green", 1, 100},
    {"uk-local", "UK local point", "green", 1, 100},
    {"uk-blue", "UK blue point", "red", 1, 1},
    {"uk-green", "UK green point", "gold", 5, 2},
};

bool bmp_abf_foreign_parse(const char *s, bmp_abf_foreign *out)
{
    for (int i = 0; i < BMP_ABF_FOREIGN__COUNT; i++)
        if (strcasecmp(s, conv[i].name) == 0 || strcasecmp(s, conv[i].printed) == 0) {
            *out = (bmp_abf_foreign)i;
            return true;
        }
    return false;
}

const char *bmp_abf_foreign_name(bmp_abf_foreign f)
{
    return (unsigned)f < BMP_ABF_FOREIGN__COUNT ? conv[f].name : NULL;
}

/* 1.3.4: the conversion is exact except where a fraction of a hundredth
 * results (0.01 green per point, 2.50 gold per point): rounded half-up to
 * 0.01 (rulings ABF-admin: reciprocity rounding). */
bmp_status bmp_abf_reciprocity(bmp_abf_foreign kind, bmp_points foreign, const char **colour,
                               bmp_points *credit, bmp_error *err)
{
    if ((unsigned)kind >= BMP_ABF_FOREIGN__COUNT)
        return bmp_error_set(err, BMP_EINVAL, "reciprocity: unknown kind of foreign point");
    if (foreign < 0)
        return bmp_error_set(err, BMP_EINVAL, "reciprocity: foreign points must not be negative");
    const conversion *c = &conv[kind];
    *colour = c->colour;
    *credit = bmp_mul_ratio(foreign, c->num, c->den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    return BMP_OK;
}
