/* ACBLscore game files: the names of ACBLscore's codes (docs/acblscore.md,
 * after Kidd's "ACBLscore Game Files Decoded" and ACBLscore's own
 * manual).  These are the file format's code lists, not a body's rules:
 * what a rating is worth is the ACBL rules' business (src/acbl). */
#include <stdio.h>
#include <string.h>

#include "io/acblscore_internal.h"

#define N_OF(a) (sizeof(a) / sizeof *(a))

static const char *pick(const char *const *v, size_t n, int code)
{
    return code >= 0 && (size_t)code < n ? v[code] : NULL;
}

const char *acs_event_type_name(int code)
{
    static const char *const v[] = {"Pairs", "Teams", "Individual", "Home Style Pairs", "BAM",
                                    "Series Winner"};
    return pick(v, N_OF(v), code);
}

const char *acs_scoring_name(int code)
{
    static const char *const v[] = {"Matchpoints", "IMPs with computed datum", "Average IMPs",
                                    "Total IMPs", "Instant Matchpoints", "BAM Teams", "Win/Loss",
                                    "Victory Points", "Knockout", NULL, "Series Winner", NULL,
                                    NULL, NULL, NULL, NULL, "BAM Matchpoints", NULL,
                                    "Compact KO"};
    return pick(v, N_OF(v), code);
}

const char *acs_movement_name(int code)
{
    static const char *const v[] = {"Mitchell", "Howell", "Web", "External", "External BAM",
                                    "Barometer", "Manual Mitchell", "Manual Howell"};
    return pick(v, N_OF(v), code);
}

/* ACBLscore's session screen: O open, I invitational/restricted, N novice,
 * B Bridge Plus; then pupil and introductory games. */
const char *acs_club_game_type_name(int code)
{
    static const char *const v[] = {"Open", "Invitational/Restricted", "Novice", "BridgePlus",
                                    "Pupil", "Introductory"};
    return pick(v, N_OF(v), code);
}

const char *acs_colour_name(int code)
{
    static const char *const v[] = {NULL, "black", "silver", "red", "gold", "platinum"};
    return pick(v, N_OF(v), code);
}

/* A rating: ACBLscore's name, the event's classification and its slug
 * (params.special; NULL: a plain game of its classification). */
typedef struct rating {
    int code;
    const char *name, *classification, *slug;
} rating;

static const rating ratings[] = {
    {0, "No Masterpoints", "club-masterpoint", "no-masterpoints"},
    {1, "Club Masterpoint", "club-masterpoint", NULL},
    {2, "Club Championship", "club-championship", NULL},
    {3, "Charity Club Championship", "club-championship", "charity"},
    {4, "Unit Championship", "unit", NULL},
    {5, "Sectional", "sectional", NULL},
    {6, "Regional", "regional", NULL},
    {7, "Club International Fund", "club-championship", "international-fund"},
    {8, "Club Membership", "club-championship", "club-membership"},
    {12, "Upgraded Club Championship", "club-championship", "upgraded-club-championship"},
    {14, "STAC", "sectional", "stac"},
    {15, "National", "national", NULL},
    {16, "Bridge Plus", "club-masterpoint", "bridge-plus"},
    {17, "Progressive Sectional", "sectional", "progressive-sectional"},
    {18, "Unit Charity Game", "unit", "unit-charity"},
    {19, "Unit Extended Team Game", "unit", "unit-extended-team"},
    {20, "NAP Club Level", "club-championship", "nap-club"},
    {21, "NAP Unit Level", "unit", "nap-unit"},
    {22, "GNT Club Level", "club-championship", "gnt-club"},
    {23, "GNT Unit Level", "unit", "gnt-unit"},
    {24, "ACBL Wide Charity", "club-championship", "acbl-wide-charity"},
    {25, "ACBL Wide International Fund", "club-championship", "acbl-wide-international-fund"},
    {27, "Canada Wide Olympiad", "club-championship", "canada-wide-olympiad"},
    {28, "World Wide Instant Matchpoints", "club-championship", "world-wide-instant-matchpoints"},
    {29, "ACBL Wide Instant Matchpoints", "club-championship", "acbl-wide-instant-matchpoints"},
    {30, "Junior Fund", "club-championship", "junior-fund"},
    {32, "ACBL Wide Senior", "club-championship", "acbl-wide-senior"},
    {33, "COPC Club Level", "club-championship", "copc-club"},
    {34, "CNTC Master/Non Master", "club-championship", "cntc-master-non-master"},
    {35, "CNTC Club Level", "club-championship", "cntc-club"},
    {36, "CNTC Unit Level", "unit", "cntc-unit"},
    {37, "CWTC", "club-championship", "cwtc"},
    {38, "Canada Rookie/Master", "club-championship", "canada-rookie-master"},
    {39, "Inter-Club Championship", "club-championship", "inter-club-championship"},
    {40, "Unit Wide Championship", "unit", "unit-wide-championship"},
    {43, "Club Appreciation", "club-championship", "club-appreciation"},
    {49, "Club Appreciation Team", "club-championship", "club-appreciation-team"},
    {50, "NABC Fund Raiser", "club-championship", "nabc-fund-raiser"},
    {51, "GNT Fund Raiser", "sectional", "gnt-fund-raiser"},
    {52, "CNTC Fund Raiser", "sectional", "cntc-fund-raiser"},
    {55, "Club Education Foundation", "club-championship", "education"},
    {56, "Unit International Fund", "unit", "unit-international-fund"},
    {57, "Club Membership", "club-championship", "club-membership"},
    {58, "Unit Education Fund", "unit", "unit-education-fund"},
    {63, "Grass Roots Fund", "club-championship", "grass-roots"},
};

static const rating *find_rating(int code)
{
    for (size_t i = 0; i < N_OF(ratings); i++)
        if (ratings[i].code == code)
            return &ratings[i];
    return NULL;
}

const char *acs_rating_name(int code)
{
    const rating *r = find_rating(code);
    return r ? r->name : NULL;
}

const char *acs_rating_classification(int code, bool tournament)
{
    const rating *r = find_rating(code);
    return r ? r->classification : tournament ? "sectional" : "club-masterpoint";
}

const char *bmp_acblscore_rating_slug(int code, char *buf, size_t size)
{
    const rating *r = find_rating(code);
    if (r)
        return r->slug;
    if (buf && size)
        snprintf(buf, size, "acblscore-rating-%d", code);
    return buf;
}

bool acs_iso_date(const char *text, char out[11])
{
    static const char *const months[] = {"January", "February", "March", "April",
                                         "May", "June", "July", "August",
                                         "September", "October", "November", "December"};
    char m[16];
    int d, y;
    char extra;
    if (sscanf(text, "%15s %d, %d%c", m, &d, &y, &extra) != 3 || d < 1 || d > 31 || y < 1980 ||
        y > 2999)
        return false;
    for (int i = 0; i < 12; i++)
        if (strcmp(m, months[i]) == 0) {
            snprintf(out, 11, "%04d-%02d-%02d", y, i + 1, d);
            return true;
        }
    return false;
}
