/* ACBL General Formula factors B, R, S, M, P, T and the L factor
 * (later §I.A, §II.A, App. A/B/E; 2003 p.1, p.3, p.16-17). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"

bmp_status acbl_edition_parse(const char *name, acbl_edition *out, bmp_error *err)
{
    if (!name || strcasecmp(name, "current") == 0) {
        *out = ACBL_ED_CURRENT;
        return BMP_OK;
    }
    if (strcmp(name, "2003") == 0) {
        *out = ACBL_ED_2003;
        return BMP_OK;
    }
    return bmp_error_set(err, BMP_ENOTFOUND, "unknown acbl edition \"%s\" (known: current, 2003)",
                         name);
}

const char *acbl_edition_cite(acbl_edition ed)
{
    return ed == ACBL_ED_2003 ? "2003" : "later";
}

static const char *const class_names[] = {"club-masterpoint", "club-championship", "unit",
                                          "sectional",        "regional",          "national"};
static const char *const rating_names[] = {"championship", "non-championship", "consolation",
                                           "charity"};
static const char *const type_names[] = {"pairs", "swiss-teams", "bam", "individual",
                                         "team-of-two"};

bool acbl_class_parse(const char *s, acbl_class *out)
{
    if (!s)
        return false;
    for (size_t i = 0; i < sizeof class_names / sizeof *class_names; i++)
        if (strcasecmp(s, class_names[i]) == 0) {
            *out = (acbl_class)i;
            return true;
        }
    if (strcasecmp(s, "unit-championship") == 0) {
        *out = ACBL_CLASS_UNIT;
        return true;
    }
    return false;
}

bool acbl_rating_parse(const char *s, acbl_rating *out)
{
    if (!s)
        return false;
    for (size_t i = 0; i < sizeof rating_names / sizeof *rating_names; i++)
        if (strcasecmp(s, rating_names[i]) == 0) {
            *out = (acbl_rating)i;
            return true;
        }
    if (strcasecmp(s, "special-beneficiary") == 0) {
        *out = ACBL_RATING_CHARITY;
        return true;
    }
    if (strcasecmp(s, "side-game") == 0) {
        *out = ACBL_RATING_NON_CHAMPIONSHIP;
        return true;
    }
    return false;
}

const char *acbl_class_name(acbl_class c)
{
    return class_names[c];
}
const char *acbl_rating_name(acbl_rating r)
{
    return rating_names[r];
}
const char *acbl_type_name(acbl_type t)
{
    return type_names[t];
}

bool acbl_type_is_teams(acbl_type t)
{
    return t == ACBL_TYPE_SWISS || t == ACBL_TYPE_BAM || t == ACBL_TYPE_TEAM_OF_TWO;
}

/* ACBL-2 (later §I.A; 2003 p.1). "60 or fewer" / "61+": for fractional
 * tables in (60, 61) the linear branch continues; it meets the log
 * branch at 61 within 0.0001. */
double acbl_factor_b(double tables)
{
    if (tables < 61.0)
        return (tables + 10.0) / 60.0;
    return log10(tables / 4.0);
}

/* ACBL-3 (later §I.A; 2003 p.1) and the club table (ACBL-96, §IV.F). */
bmp_status acbl_factor_r(acbl_class c, double *r, bmp_error *err)
{
    switch (c) {
    case ACBL_CLASS_CLUB_CHAMPIONSHIP: *r = 6.50; return BMP_OK;
    case ACBL_CLASS_UNIT: *r = 8.50; return BMP_OK;
    case ACBL_CLASS_SECTIONAL: *r = 10.00; return BMP_OK;
    case ACBL_CLASS_REGIONAL: *r = 14.00; return BMP_OK;
    case ACBL_CLASS_NATIONAL: *r = 22.50; return BMP_OK;
    case ACBL_CLASS_CLUB_MASTERPOINT: break;
    }
    return bmp_not_supported(err, "R factor for Club Masterpoint games", "ACBL-96", "IV.F",
                             "the club table gives no R for Club Masterpoint games; their awards "
                             "follow the club scale of Handbook chapter 4, which is not part of "
                             "the regulation");
}

/* ACBL-4 (later §I.A; 2003 p.1). */
bmp_status acbl_factor_s(int sessions, double *s, bmp_error *err)
{
    if (sessions >= 1 && sessions <= 6) {
        *s = 1.0 + 0.5 * (sessions - 1);
        return BMP_OK;
    }
    char why[96];
    snprintf(why, sizeof why, "the S table covers 1 to 6 sessions, the event has %d", sessions);
    return bmp_not_supported(err, "S factor", "ACBL-4", "I.A", why);
}

/* ACBL-5 (later §I.A; 2003 p.1), before the caps. */
double acbl_factor_m_formula(int64_t ul)
{
    double l = log10((double)ul);
    return ul < 500 ? l / 5.0 + 0.1102 : l / 3.11 - 0.218;
}

/* ACBL-5 caps (1.0000 at 6,136) and the 65% limit of ACBL-62/63 (§IV.A). */
double acbl_factor_m(int64_t ul, acbl_rating rating)
{
    double m = ul == BMP_NO_LIMIT ? 1.0 : acbl_factor_m_formula(ul);
    if (m > 1.0)
        m = 1.0;
    if ((rating == ACBL_RATING_NON_CHAMPIONSHIP || rating == ACBL_RATING_CONSOLATION) &&
        m > ACBL_M_SIDE_GAME_CAP)
        m = ACBL_M_SIDE_GAME_CAP;
    return m;
}

/* ACBL-6 (later §I.A; 2003 p.1). */
double acbl_factor_p(int restrictions)
{
    return restrictions <= 0 ? 1.00 : restrictions == 1 ? 0.80 : 0.70;
}

/* ACBL-6: "Included are Women's, Senior, Junior and Mixed events"; A-21. */
bool acbl_restriction_counts(const char *name)
{
    static const char *const counted[] = {"women", "senior", "junior", "mixed",
                                          "women's", "seniors", "juniors", "youth"};
    for (size_t i = 0; i < sizeof counted / sizeof *counted; i++)
        if (strcasecmp(name, counted[i]) == 0)
            return true;
    return false;
}

/* ACBL-7 (later §I.A; 2003 p.1); team-of-two ACBL-76 (§IV.B). */
double acbl_factor_t(acbl_type t)
{
    switch (t) {
    case ACBL_TYPE_BAM: return 1.10;
    case ACBL_TYPE_INDIVIDUAL: return 0.75;
    case ACBL_TYPE_PAIRS:
    case ACBL_TYPE_SWISS:
    case ACBL_TYPE_TEAM_OF_TWO: break;
    }
    return 1.00;
}

/* ACBL-26 (later §II.A, App. E; 2003 p.3, App. E p.17). */
double acbl_factor_l(int boards)
{
    if (boards >= 48)
        return 1.50;
    if (boards >= 24)
        return 1.00;
    if (boards >= 2)
        return boards / 24.0;
    return 0.0;
}

int64_t acbl_round4(double x)
{
    /* bmp_round_real works in hundredths: x*100 "points" rounded to the
     * hundredth is x rounded to 1e-4, with the same exact half boundary. */
    return bmp_round_real(x * 100.0, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

void acbl_format4(int64_t v, char *buf, size_t n)
{
    const char *sign = v < 0 ? "-" : "";
    if (v < 0)
        v = -v;
    snprintf(buf, n, "%s%lld.%04lld", sign, (long long)(v / 10000), (long long)(v % 10000));
}
