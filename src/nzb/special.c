/* Tables that no formula produces, transcribed from the document:
 * 25A Pairs Final/Plate and semi-final bands (NZ-53), 25A Teams by field
 * band (NZ-54), Interprovincial Trials and Championships (NZ-75, NZ-76). */
#include <string.h>
#include <strings.h>

#include "nzb/nzb_internal.h"

/* "25A point – Pairs Event": FINAL places 1..28 (hand-made run lengths). */
static const int a25_final[28] = {25, 24, 24, 23, 23, 23, 22, 22, 22, 22, 21, 21, 21, 21,
                                  20, 20, 20, 20, 19, 19, 19, 19, 18, 18, 18, 17, 17, 17};

int nzb_a25_pairs_final(int place)
{
    return place >= 1 && place <= 28 ? a25_final[place - 1] : 0;
}

/* The PLATE column is the FINAL column less 10. */
int nzb_a25_pairs_plate(int place)
{
    return place >= 1 && place <= 28 ? a25_final[place - 1] - 10 : 0;
}

typedef struct band {
    int field, from, to, pts;
} band;

/* Semi-final awards start at place 54 for both printed fields. */
static const band semis[] = {{78, 54, 56, 5},  {78, 57, 60, 4},  {78, 61, 65, 3},  {78, 66, 71, 2},
                             {78, 72, 78, 1},  {104, 54, 57, 5}, {104, 58, 63, 4}, {104, 64, 73, 3},
                             {104, 74, 87, 2}, {104, 88, 104, 1}};

bool nzb_a25_pairs_semifinal(int field, int place, int *out)
{
    if (field != 78 && field != 104)
        return false;
    *out = 0;
    for (size_t i = 0; i < sizeof semis / sizeof semis[0]; i++)
        if (semis[i].field == field && place >= semis[i].from && place <= semis[i].to)
            *out = semis[i].pts;
    return true;
}

/* "25A point – Teams Event": rows (place range) x bands 50-100, 101-110,
 * 111-120, 121-130 teams; 3= covers places 3-4, 5= 5-8, 9= 9-16. */
typedef struct teams_row {
    int from, to, pts[4];
} teams_row;
static const teams_row a25_teams[] = {
    {1, 1, {25, 25, 25, 25}},   {2, 2, {23, 23, 23, 23}},   {3, 4, {21, 21, 21, 21}},
    {5, 8, {19, 19, 19, 19}},   {9, 16, {17, 17, 17, 17}},  {17, 17, {15, 15, 15, 15}},
    {18, 18, {14, 14, 14, 14}}, {19, 19, {13, 13, 13, 13}}, {20, 20, {12, 12, 12, 12}},
    {21, 21, {11, 11, 11, 11}}, {22, 22, {10, 10, 10, 10}}, {23, 23, {9, 9, 9, 9}},
    {24, 24, {8, 8, 8, 8}},     {25, 25, {7, 7, 7, 7}},     {26, 26, {6, 6, 6, 6}},
    {27, 27, {5, 5, 5, 5}},     {28, 28, {4, 4, 4, 5}},     {29, 29, {3, 3, 4, 4}},
    {30, 30, {2, 3, 3, 4}},     {31, 31, {1, 2, 3, 4}},     {32, 32, {0, 2, 3, 3}},
    {33, 33, {0, 2, 2, 3}},     {34, 34, {0, 1, 2, 3}},     {35, 35, {0, 1, 2, 3}},
    {36, 36, {0, 1, 1, 2}},     {37, 37, {0, 1, 1, 2}},     {38, 38, {0, 0, 1, 2}},
    {39, 39, {0, 0, 1, 2}},     {40, 46, {0, 0, 0, 1}},
};

int nzb_a25_teams_band(int teams)
{
    if (teams >= 50 && teams <= 100)
        return 0;
    if (teams >= 101 && teams <= 130)
        return (teams - 101) / 10 + 1;
    return -1;
}

bool nzb_a25_teams(int teams, int place, int *out)
{
    int b = nzb_a25_teams_band(teams);
    if (b < 0)
        return false;
    *out = 0;
    for (size_t i = 0; i < sizeof a25_teams / sizeof a25_teams[0]; i++)
        if (place >= a25_teams[i].from && place <= a25_teams[i].to)
            *out = a25_teams[i].pts[b];
    return true;
}

/* NZ-75 Trials: Open/Women/Senior 5/3/1 A, Intermediate 5/3/1 B.
 * NZ-76 Championships: Open 15/8/4 A, Women/Senior 10/5/3 A, Intermediate
 * 5/3/1 A (A points, not B, as printed). */
bool nzb_interprovincial(bool trials, const char *category, int place, int *out, char *letter)
{
    static const int trials_pts[3] = {5, 3, 1};
    static const int champ[3][3] = {{15, 8, 4}, {10, 5, 3}, {5, 3, 1}}; /* open, w/s, int. */
    bool intermediate = !strcasecmp(category, "intermediate");
    bool ws = !strcasecmp(category, "women") || !strcasecmp(category, "senior");
    if (!intermediate && !ws && strcasecmp(category, "open"))
        return false;
    *out = 0;
    *letter = trials && intermediate ? 'B' : 'A';
    if (place < 1 || place > 3)
        return true;
    if (trials)
        *out = trials_pts[place - 1];
    else
        *out = champ[intermediate ? 2 : ws ? 1 : 0][place - 1];
    return true;
}
