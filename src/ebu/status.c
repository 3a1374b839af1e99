/* EBU status levels and multipliers (3.2, EBU-30), and the level changes the
 * handbook makes (4.1.7, 4.2.5-4.2.7, 4.3.3, 4.7.3, 4.11.8 ...). */
#include <strings.h>

#include "ebu/ebu_internal.h"

static const int ladder[] = {EBU_M4_BELOW_CLUB, EBU_M4_CLUB,     EBU_M4_DISTRICT,
                             EBU_M4_COUNTY,     EBU_M4_REGIONAL, EBU_M4_NATIONAL,
                             EBU_M4_ABOVE_NATIONAL};
#define NLADDER ((int)(sizeof ladder / sizeof ladder[0]))

/* 3.2: Club x1, District x1 1/2, County x2, Regional x3, National x4. */
int ebu_status_parse(const char *s)
{
    static const struct { const char *name; int m4; } names[] = {
        {"club", EBU_M4_CLUB},         {"district", EBU_M4_DISTRICT},
        {"county", EBU_M4_COUNTY},     {"regional", EBU_M4_REGIONAL},
        {"national", EBU_M4_NATIONAL}, {"A", EBU_M4_CLUB},
        {"B", EBU_M4_DISTRICT},        {"C", EBU_M4_COUNTY},
        {"D", EBU_M4_REGIONAL},        {"E", EBU_M4_NATIONAL}};
    if (!s)
        return 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(s, names[i].name) == 0)
            return names[i].m4;
    return 0;
}

const char *ebu_status_name(int m4)
{
    switch (m4) {
    case EBU_M4_BELOW_CLUB: return "one below Club (x3/4)";
    case EBU_M4_CLUB: return "Club (x1)";
    case EBU_M4_DISTRICT: return "District (x1 1/2)";
    case EBU_M4_COUNTY: return "County (x2)";
    case 10: return "x2 1/2";
    case EBU_M4_REGIONAL: return "Regional (x3)";
    case 14: return "x3 1/2";
    case EBU_M4_NATIONAL: return "National (x4)";
    case EBU_M4_ABOVE_NATIONAL: return "one above National (x6)";
    default: return "x?";
    }
}

int ebu_status_shift(int m4, int steps)
{
    int at = -1;
    for (int i = 0; i < NLADDER; i++)
        if (ladder[i] == m4)
            at = i;
    if (at < 0 || at + steps < 0 || at + steps >= NLADDER)
        return 0;
    return ladder[at + steps];
}

int ebu_status_down_min_club(int m4)
{
    int d = ebu_status_shift(m4, -1);
    return d < EBU_M4_CLUB ? EBU_M4_CLUB : d;
}
