/* ABF grades, colours and weights (1.5.1, 1.6, 3.1.3, 4.2.3). */
#include <strings.h>

#include "abf/abf_internal.h"

/* 1.5.1 weights; 3.1.3 "Tables of awards multiplying factors".  For every
 * grade, table weight x factor = grade weight (ABF-4), e.g. D pairs use
 * 1A/2A/3A (W 1.0) x 2.0 = 2.0; D teams use 2B/3B (W 1.5) x 1.0 = 1.5. */
static const abf_grade grades[] = {
    {"F", "green", 75, 50, "Supervised play", 'B', 50, 'A', 50},
    {"E", "green", 150, 100, "Club events", 'B', 100, 'A', 100},
    {"D", "green", 200, 150, "Club Championships", 'A', 200, 'B', 100},
    {"C", "green", 250, 200, "Regional Championships", 'C', 100, 'A', 200},
    {"B4c", "red", 250, 250, "Special Club events", 'C', 100, 'C', 100},
    {"B5i", "red", 200, 200, "Interclub Tournaments", 'A', 200, 'A', 200},
    {"B4s", "red", 250, 250, "Special State events", 'C', 100, 'C', 100},
    {"B5", "red", 200, 200, "Congress minor events", 'A', 200, 'A', 200},
    {"B4", "red", 250, 250, "Congress Championships", 'C', 100, 'C', 100},
    {"B3", "red", 375, 375, "Super Congress Championships", 'C', 150, 'C', 150},
    {"B", "red", 500, 500, "State Championships", 'C', 200, 'C', 200},
    {"A2", "gold", 500, 500, "ABF Super Congresses; National minor Championships", 'C', 200, 'C',
     200},
    {"A", "gold", 1000, 1000, "National Championships", 'C', 400, 'C', 400},
};

static const abf_grade *const grade_list[] = {
    &grades[0], &grades[1], &grades[2], &grades[3],  &grades[4],  &grades[5],  &grades[6],
    &grades[7], &grades[8], &grades[9], &grades[10], &grades[11], &grades[12], NULL};

const abf_grade *const *abf_grades(void)
{
    return grade_list;
}

/* 1.5.1: grade codes; lookup is case-insensitive ("b4c"). */
const abf_grade *abf_grade_find(const char *code)
{
    if (!code)
        return NULL;
    for (size_t i = 0; i < sizeof grades / sizeof *grades; i++)
        if (strcasecmp(grades[i].code, code) == 0)
            return &grades[i];
    return NULL;
}

/* 3.1.3: Tables 1A/2A/3A have W = 1.0, 1B/2B/3B 1.5, 1C/2C/3C 2.5. */
int abf_table_w100(char letter)
{
    switch (letter) {
    case 'A': case 'a': return 100;
    case 'B': case 'b': return 150;
    case 'C': case 'c': return 250;
    }
    return 0;
}

int abf_grade_w100(const abf_grade *g, bool teams)
{
    return teams ? g->teams_w100 : g->pairs_w100;
}

/* 4.2.3: 0.008 per board at grade E, scaled by the teams weight:
 * rate = 0.008 x W(teams), in 1e-5 masterpoint: 8 x W100 (E 800 = 0.008). */
int64_t abf_rate_per_board_e5(const abf_grade *g)
{
    return (int64_t)8 * g->teams_w100;
}
