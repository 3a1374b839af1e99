/* ACBL point pigmentation: black, silver, red, gold, platinum (ACBL-85..94;
 * later §IV.E; 2003 p.14). */
#include "acbl/acbl_internal.h"

/* ACBL-88: "overall and section top awards in the top two strata of all
 * two (or more) session championship events, with an upper limit of not
 * less than 750 points, are GOLD".  Charity events keep championship rating
 * (ACBL-64). */
bool acbl_gold_event(const acbl_colour_in *in)
{
    bool championship = in->rating == ACBL_RATING_CHAMPIONSHIP || in->rating == ACBL_RATING_CHARITY;
    bool limit_ok = in->upper_limit == BMP_NO_LIMIT || in->upper_limit >= 750;
    return in->sessions >= 2 && championship && limit_ok;
}

const char *acbl_colour(const acbl_colour_in *in, const char **rule)
{
    const char *r = "ACBL-85";
    const char *c = "black";
    switch (in->cls) {
    case ACBL_CLASS_CLUB_MASTERPOINT:
    case ACBL_CLASS_CLUB_CHAMPIONSHIP: r = "ACBL-85"; c = "black"; break; /* clubs: black */
    case ACBL_CLASS_UNIT: r = "ACBL-86"; c = "black"; break;              /* "generally" */
    case ACBL_CLASS_SECTIONAL: r = "ACBL-87"; c = "silver"; break;        /* incl. STaCs */
    case ACBL_CLASS_NATIONAL:
        /* ACBL-90: nationally-rated NABC events with no upper masterpoint
         * limit and no upper age limit are platinum. */
        if (in->upper_limit == BMP_NO_LIMIT && !in->junior) {
            r = "ACBL-90";
            c = "platinum";
            break;
        }
        /* Otherwise as a Regional (ACBL-52: "as if held at a Regional"). */
        /* fall through */
    case ACBL_CLASS_REGIONAL:
        r = "ACBL-88";
        c = in->overall_or_top && in->top_two_strata && acbl_gold_event(in) ? "gold" : "red";
        break;
    }
    if (rule)
        *rule = r;
    return c;
}

/* ACBL-71/94 -> ACBL-50 (later §IV.C "Bracketed and Flighted Knockout
 * Teams"; 2003 p.12). */
void acbl_ko_bracket_gold(bool top_bracket, double avg, int64_t *gold, int64_t *red)
{
    if (top_bracket || avg >= 750) {
        *gold = 1;
        *red = 0;
    } else if (avg >= 500) {
        *gold = 2;
        *red = 1;
    } else if (avg >= 300) {
        *gold = 1;
        *red = 1;
    } else {
        *gold = 1;
        *red = 2;
    }
}

/* ACBL-94 -> ACBL-51: "the second Flight is 100% gold if it is 0-750 or
 * higher, and the third group awards no gold at all"; the first flight is
 * the top: gold. */
bool acbl_ko_flight_gold(int flight, int64_t ul)
{
    if (flight <= 1)
        return true;
    if (flight == 2)
        return ul == BMP_NO_LIMIT || ul >= 750;
    return false;
}

void acbl_split_gold_red(bmp_points award, int64_t gold, int64_t red, bmp_points *g,
                         bmp_points *r)
{
    int64_t w[2] = {gold, red};
    bmp_points parts[2];
    bmp_split(award, w, 2, BMP_ROUND_HALF_UP, parts);
    *g = parts[0];
    *r = parts[1];
}

/* The pigmentation inputs of an award of the event being computed. */
void acbl_calc_colour(const acbl_calc *c, int64_t ul, bool overall_or_top, bool top_strata,
                      acbl_colour_in *ci)
{
    *ci = (acbl_colour_in){.ed = c->ed,
                           .cls = c->cls,
                           .rating = c->rating,
                           .sessions = c->sessions,
                           .upper_limit = ul,
                           .junior = c->junior,
                           .overall_or_top = overall_or_top,
                           .top_two_strata = top_strata,
                           .nabc = c->nabc};
}

/* ACBL-91: restricted Regionals and Sectionals award black (silver when part
 * of a concurrent open Sectional) to unrestricted and not similarly
 * restricted events. */
const char *acbl_calc_colour_name(const acbl_calc *c, const acbl_colour_in *ci, const char **rule)
{
    if (c->restricted_colour) {
        if (rule)
            *rule = "ACBL-91";
        return c->restricted_colour_name;
    }
    return acbl_colour(ci, rule);
}
