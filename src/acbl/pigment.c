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
