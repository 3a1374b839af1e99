/* ACBL knockout events end to end (src/acbl/ko_common.c): brackets of both
 * editions, places from the unrounded first, ties, qualification,
 * playoffs, forfeits, split flights, gold, compact and zip KOs, match
 * awards, errors.  Expected values hand-computed from the regulation,
 * arithmetic in comments. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/ko.h"

static void expect_error(const char *json, bmp_status code, const char *text)
{
    bmp_awards aw;
    bmp_error e = {0};
    bmp_status st = bmp_test_run(json, &aw, &e);
    bmp_awards_free(&aw);
    if (st != code || !strstr(e.msg, text))
        fail_msg("expected %s containing \"%s\", got %s: %s", bmp_status_name(code), text,
                 bmp_status_name(st), e.msg);
}

/* Total of contestant idx (0-based) in kind and colour (NULL = any). */
static bmp_points total(const bmp_awards *aw, size_t idx, const char *kind, const char *colour)
{
    bmp_points t = 0;
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx && strcmp(aw->items[i].kind, kind) == 0 &&
            (!colour || strcmp(aw->items[i].colour, colour) == 0))
            t += aw->items[i].points;
    return t;
}

static const bmp_award *find(const bmp_awards *aw, size_t idx, const char *kind)
{
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == idx && strcmp(aw->items[i].kind, kind) == 0)
            return &aw->items[i];
    return NULL;
}


/* A contestants list: teams appended in order (index = order), unplaced
 * padding so that the reader sees the whole bracket. */
typedef struct jb {
    char s[32768];
    size_t l;
    int n;
} jb;

static void team(jb *b, const char *group, const char *place, const char *extra)
{
    b->l += (size_t)snprintf(b->s + b->l, sizeof b->s - b->l, "%s{\"id\": \"t%d\"", b->n ? ", " : "",
                             b->n + 1);
    if (group)
        b->l += (size_t)snprintf(b->s + b->l, sizeof b->s - b->l, ", \"group\": \"%s\"", group);
    if (place)
        b->l += (size_t)snprintf(b->s + b->l, sizeof b->s - b->l, ", \"place\": \"%s\"", place);
    if (extra)
        b->l += (size_t)snprintf(b->s + b->l, sizeof b->s - b->l, ", %s", extra);
    b->l += (size_t)snprintf(b->s + b->l, sizeof b->s - b->l, "}");
    b->n++;
}

static void pad(jb *b, const char *group, int k)
{
    for (int i = 0; i < k; i++)
        team(b, group, NULL, NULL);
}

/* head + "\"contestants\": [" + teams + "]}" */
static char *event(const char *head, const jb *b)
{
    size_t n = strlen(head) + b->l + 64;
    char *s = malloc(n);
    snprintf(s, n, "%s\"contestants\": [%s]}", head, b->s);
    return s;
}

#define HEAD(ed, cls) \
    "{\"body\": \"acbl\", \"name\": \"ko\", \"edition\": \"" ed "\", \"kind\": \"knockout\", " \
    "\"classification\": \"" cls "\", \"boards_per_match\": 24, "

/* DOC-02 as an event (ACBL-25, ACBL-29/30, ACBL-33): six brackets of 16;
 * places of bracket 1 and 2 from the unrounded first (ACBL-8). */
static void doc02_event(void **state)
{
    (void)state;
    char head[4096];
    size_t l = (size_t)snprintf(head, sizeof head, HEAD("2003", "regional") "\"sessions\": 6, \"groups\": [");
    for (int b = 1; b <= 6; b++)
        l += (size_t)snprintf(head + l, sizeof head - l,
                              "%s{\"name\": \"B%d\", \"type\": \"bracket\", \"tables\": 16, "
                              "\"params\": {\"top_team_average\": %d}}",
                              b > 1 ? ", " : "", b, b == 2 ? 600 : 800);
    snprintf(head + l, sizeof head - l, "], ");
    jb b = {0};
    team(&b, "B1", "1", NULL);
    team(&b, "B1", "2", NULL);
    team(&b, "B1", "3/4", NULL);
    team(&b, "B1", "3/4", NULL);
    for (int i = 0; i < 4; i++)
        team(&b, "B1", "5/8", NULL); /* 4..7 */
    team(&b, "B2", "1", "\"matches_won\": 4"); /* 8 */
    team(&b, "B6", "1", NULL);                 /* 9 */
    char *json = event(head, &b);
    bmp_awards aw;
    bmp_test_run_ok(json, &aw);
    free(json);
    /* 1st 40.991111 -> 40.99; 2nd x 0.75 = 30.743333 -> 30.74; 3/4: (55 +
     * 45)/2 = 50% -> 20.495556 -> 20.50; 5/8 advanced one round: no
     * award (ACBL-32). */
    assert_points(total(&aw, 0, "overall", "gold"), "40.99");
    assert_string_equal(find(&aw, 0, "overall")->rule, "ACBL-25");
    assert_points(total(&aw, 1, "overall", NULL), "30.74");
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-33");
    assert_points(total(&aw, 2, "overall", NULL), "20.50");
    assert_points(total(&aw, 3, "overall", NULL), "20.50");
    assert_null(find(&aw, 4, "overall"));
    /* Bracket 2 first 33.222222 -> 33.22; top team 600: 2/3 gold (ACBL-50):
     * bmp_split(33.22, 2:1) -> 22.15 gold + 11.07 red */
    assert_points(total(&aw, 8, "overall", NULL), "33.22");
    assert_points(total(&aw, 8, "overall", "gold"), "22.15");
    assert_points(total(&aw, 8, "overall", "red"), "11.07");
    assert_string_equal(find(&aw, 8, "overall")->rule, "ACBL-25");
    /* ACBL-34: 4 matches x D 1.250 x L 1 x M 1 x P 1 = 5.00, red */
    assert_points(total(&aw, 8, "match", "red"), "5.00");
    assert_string_equal(find(&aw, 8, "match")->rule, "ACBL-34");
    /* bracket 6: 19.93, top team 800: all gold */
    assert_points(total(&aw, 9, "overall", "gold"), "19.93");
    bmp_awards_free(&aw);
}

/* ACBL-36, ACBL-41 and ACBL-8: the later edition from the unrounded first.
 * 16 teams averaging 1009.44: Computed 11 + 10 x 9.44/4000 = 11.0236 x RF
 * 1.000 x K 1 x L 1 x P 1 -> 1st 11.02; 2nd (4 rounds) 70% of 11.0236 =
 * 7.71652 -> 7.72 (from the rounded 11.02 it would be 7.714 -> 7.71).  3/4:
 * (45 + 35)/2 = 40% -> 4.40944 -> 4.41.  The same field in 2003 (B(16) =
 * 26/60 x K 46 = 19.933 -> 19.93; 3/4 50% -> 9.97) shows the edition
 * difference. */
static void current_event(void **state)
{
    (void)state;
    jb b = {0};
    team(&b, NULL, "1", "\"matches_won\": 4");
    team(&b, NULL, "2", "\"matches_won\": 3");
    team(&b, NULL, "3/4", "\"matches_won\": 2");
    team(&b, NULL, "3/4", "\"matches_won\": 2");
    for (int i = 0; i < 4; i++)
        team(&b, NULL, "5/8", "\"matches_won\": 1"); /* 4..7 */
    pad(&b, NULL, 8);
    static const char *const rest = "\"sessions\": 4, \"tables\": 16, \"params\": {\"average_mp\": 1009.44}, ";
    char head[1024];
    snprintf(head, sizeof head, HEAD("current", "regional") "%s", rest);
    char *json = event(head, &b);
    bmp_awards aw;
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "11.02");
    assert_string_equal(find(&aw, 0, "overall")->rule, "ACBL-36");
    assert_points(total(&aw, 1, "overall", NULL), "7.72");
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-41");
    assert_points(total(&aw, 2, "overall", NULL), "4.41");
    assert_null(find(&aw, 4, "overall")); /* ACBL-32: advanced one round */
    /* ACBL-44: 7.5% x 11.0236 = 0.82677 -> 0.83 per match won; x 4 = 3.32 */
    assert_points(total(&aw, 0, "match", NULL), "3.32");
    assert_string_equal(find(&aw, 0, "match")->rule, "ACBL-44");
    assert_points(total(&aw, 4, "match", NULL), "0.83");
    bmp_awards_free(&aw);
    snprintf(head, sizeof head, HEAD("2003", "regional") "%s", rest);
    json = event(head, &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    /* average_mp 1009.44 is the 2003 players' average: no prestige */
    assert_points(total(&aw, 0, "overall", NULL), "19.93");
    assert_points(total(&aw, 2, "overall", NULL), "9.97"); /* 19.9333 x 0.50 = 9.9667 */
    /* ACBL-34 (2003): D 1.250 x L 1 x M 1 x P 1 = 1.25 per match; x 4 = 5.00 */
    assert_points(total(&aw, 0, "match", NULL), "5.00");
    bmp_awards_free(&aw);
}

/* ACBL-27: a 2003 Regional KO scheduled for three sessions pays 70%:
 * B(16) = 26/60 x 46 = 19.933333 x 0.70 = 13.953333 -> 13.95; 3/4 50% of
 * the unrounded 13.953333 = 6.976667 -> 6.98.  Scheduled for 4: 19.93. */
static void three_sessions(void **state)
{
    (void)state;
    jb b = {0};
    team(&b, NULL, "1", NULL);
    team(&b, NULL, "2", NULL);
    team(&b, NULL, "3/4", NULL);
    team(&b, NULL, "3/4", NULL);
    pad(&b, NULL, 12);
    char *json = event(HEAD("2003", "regional") "\"tables\": 16, \"sessions\": 2, \"params\": "
                       "{\"scheduled_sessions\": 3}, ", &b);
    bmp_awards aw;
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "13.95");
    assert_points(total(&aw, 2, "overall", NULL), "6.98");
    bmp_awards_free(&aw);
    json = event(HEAD("2003", "regional") "\"tables\": 16, \"sessions\": 4, ", &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "19.93");
    bmp_awards_free(&aw);
}

/* ACBL-32 (editions), ACBL-35, ACBL-43: 8-team brackets.  2003: 3/4
 * won one match: nothing; the 3/4 playoff winner 22.50% (not the 50% of
 * the tie).  Later: 2nd 53%, the playoff winner for a clear 3rd 22.50%. */
static void playoffs(void **state)
{
    (void)state;
    static const char *const rest = "\"sessions\": 3, \"tables\": 8, \"params\": {\"average_mp\": 14800}, ";
    jb b = {0};
    team(&b, NULL, "1", "\"matches_won\": 3");
    team(&b, NULL, "2", "\"matches_won\": 2");
    team(&b, NULL, "3/4", "\"matches_won\": 1, \"params\": {\"playoff\": true}");
    team(&b, NULL, "3/4", "\"matches_won\": 1");
    pad(&b, NULL, 4);
    char head[1024];
    /* 2003 Sectional (no 70%): B(8) = 18/60 = 0.30 x K 30 = 9.00, and the
     * players average 14800 > 7500: prestige x 1.10 = 9.90 (ACBL-28); 2nd
     * 75% = 7.425 -> 7.43; playoff 3/4 22.5% = 2.2275 -> 2.23 */
    snprintf(head, sizeof head, HEAD("2003", "sectional") "%s", rest);
    char *json = event(head, &b);
    bmp_awards aw;
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", "silver"), "9.90");
    assert_points(total(&aw, 1, "overall", NULL), "7.43");
    assert_points(total(&aw, 2, "overall", NULL), "2.23");
    assert_string_equal(find(&aw, 2, "overall")->rule, "ACBL-35");
    assert_null(find(&aw, 3, "overall"));
    bmp_awards_free(&aw);
    /* later Regional: 33.76 x 0.600 = 20.256; 2nd 53% = 10.73568 -> 10.74;
     * playoff 3rd 22.5% = 4.5576 -> 4.56; 4th nothing.  ACBL-27 is 2003
     * only: this 3-session Regional KO is not reduced to 70% (the later
     * reduction factors include it, D7). */
    jb c = {0};
    team(&c, NULL, "1", "\"matches_won\": 3");
    team(&c, NULL, "2", "\"matches_won\": 2");
    team(&c, NULL, "3", "\"matches_won\": 1, \"params\": {\"playoff\": true}");
    team(&c, NULL, "4", "\"matches_won\": 1");
    pad(&c, NULL, 4);
    snprintf(head, sizeof head, HEAD("current", "regional") "%s", rest);
    json = event(head, &c);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "20.26");
    assert_points(total(&aw, 1, "overall", NULL), "10.74");
    assert_points(total(&aw, 2, "overall", NULL), "4.56");
    assert_string_equal(find(&aw, 2, "overall")->rule, "ACBL-43");
    assert_null(find(&aw, 3, "overall"));
    bmp_awards_free(&aw);
    /* ACBL-35: no playoffs below 8 teams */
    jb d = {0};
    team(&d, NULL, "1", NULL);
    team(&d, NULL, "2", NULL);
    team(&d, NULL, "3/4", "\"params\": {\"playoff\": true}");
    team(&d, NULL, "3/4", NULL);
    pad(&d, NULL, 2);
    json = event(HEAD("2003", "regional") "\"tables\": 6, ", &d);
    expect_error(json, BMP_EINVAL, "ACBL-35");
    free(json);
    /* Audit: ACBL-35 playoffs only "whenever the number of overalls allowed
     * under the two match restriction would be less": with 12 teams (4
     * rounds) 3/4 won two matches and already gets 50%, so a 3/4 playoff
     * (and its 22.50%) is refused. */
    jb p = {0};
    team(&p, NULL, "1", NULL);
    team(&p, NULL, "2", NULL);
    team(&p, NULL, "3/4", "\"params\": {\"playoff\": true}");
    team(&p, NULL, "3/4", NULL);
    pad(&p, NULL, 8);
    json = event(HEAD("2003", "regional") "\"tables\": 12, ", &p);
    expect_error(json, BMP_EINVAL,
                 "$.contestants[2].params.playoff: place 3/4 already qualifies under the two-match "
                 "restriction in a 4-round bracket: no playoff is permitted for it (ACBL-35)");
    free(json);
    /* ACBL-43: later playoffs only with 7 or 8 teams */
    jb e = {0};
    team(&e, NULL, "1", NULL);
    team(&e, NULL, "3", "\"params\": {\"playoff\": true}");
    pad(&e, NULL, 10);
    json = event(HEAD("current", "regional") "\"tables\": 12, \"params\": {\"average_mp\": 1000}, ", &e);
    expect_error(json, BMP_EINVAL, "exactly 7 or 8 teams (ACBL-43)");
    free(json);
}

/* ACBL-33: a 2003 KO that came down to 12 teams pays 12% to 9-12;
 * ACBL-42: later non-power-of-two ranks: 1/rank below 8, ties with 9th at
 * least 10%. */
static void low_ranks(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 2003 Regional, 36 teams in one bracket: T = 36, B = 46/60 x 46 =
     * 35.266667 -> 35.27; 9/12 at 12% = 4.232 -> 4.23 (rounds_advanced 2) */
    jb b = {0};
    team(&b, NULL, "1", NULL);
    for (int i = 0; i < 4; i++)
        team(&b, NULL, "9/12", "\"params\": {\"rounds_advanced\": 2}");
    pad(&b, NULL, 31);
    char *json = event(HEAD("2003", "regional") "\"tables\": 36, \"params\": {\"down_to_12\": true}, ", &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "35.27");
    assert_points(total(&aw, 1, "overall", NULL), "4.23");
    bmp_awards_free(&aw);
    /* later, 16 teams averaging 10000: 1st 28.00.  Non-power-of-two ranks
     * (rounds 5 by the conditions): 9th alone 28/9 = 3.111 -> 3.11; 15th
     * 28/15 = 1.867 -> 1.87 */
    jb c = {0};
    team(&c, NULL, "1", NULL);
    team(&c, NULL, "9", NULL);
    for (int i = 0; i < 5; i++)
        team(&c, NULL, "10/14", NULL); /* 2..6 */
    team(&c, NULL, "15", NULL);        /* 7 */
    pad(&c, NULL, 8);
    static const char *const np =
        HEAD("current", "regional") "\"tables\": 16, \"params\": {\"average_mp\": 10000, "
                                    "\"non_power_of_two\": true, \"rounds\": 5}, ";
    json = event(np, &c);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "28.00");
    assert_points(total(&aw, 1, "overall", NULL), "3.11");
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-42");
    /* 10/14 does not include 9th: (1/10+1/11+1/12+1/13+1/14)/5
     * = 0.422594/5 = 0.084519 x 28 = 2.366527 -> 2.37 */
    assert_points(total(&aw, 2, "overall", NULL), "2.37");
    assert_points(total(&aw, 7, "overall", NULL), "1.87");
    bmp_awards_free(&aw);
    /* tie 9/13 includes 9th: (1/9+...+1/13)/5 = 0.092455 -> 10% = 2.80;
     * tie 9/10: (1/9 + 1/10)/2 = 0.105556 x 28 = 2.955556 -> 2.96 */
    jb d = {0};
    team(&d, NULL, "1", NULL);
    for (int i = 0; i < 5; i++)
        team(&d, NULL, "9/13", NULL); /* 1..5 */
    pad(&d, NULL, 10);
    json = event(np, &d);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 1, "overall", NULL), "2.80");
    bmp_awards_free(&aw);
    jb e = {0};
    team(&e, NULL, "1", NULL);
    team(&e, NULL, "9/10", NULL);
    team(&e, NULL, "9/10", NULL);
    pad(&e, NULL, 13);
    json = event(np, &e);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 1, "overall", NULL), "2.96");
    bmp_awards_free(&aw);
}

/* ACBL-48 forfeits; ACBL-49 split lowest flight. */
static void forfeits_and_split(void **state)
{
    (void)state;
    bmp_awards aw;
    /* later, 16 teams averaging 14800: 1st 33.76; the finalist who forfeits
     * the final gets the 3/4 award: 4 rounds, (45 + 35)/2 = 40% = 13.504 ->
     * 13.50 (instead of 70% = 23.63) */
    jb b = {0};
    team(&b, NULL, "1", NULL);
    team(&b, NULL, "2", "\"params\": {\"forfeited\": true}");
    pad(&b, NULL, 14);
    char *json = event(HEAD("current", "regional") "\"tables\": 16, \"params\": {\"average_mp\": 14800}, ", &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "33.76");
    assert_points(total(&aw, 1, "overall", NULL), "13.50");
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-48");
    bmp_awards_free(&aw);
    /* 2003, same: B(16) x 46 = 19.9333; forfeit -> 3/4 = 50% -> 9.97 */
    json = event(HEAD("2003", "regional") "\"tables\": 16, ", &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 1, "overall", NULL), "9.97");
    bmp_awards_free(&aw);
    /* ACBL-49: the lowest flight split into groups of 6 and 8 teams: both
     * count 8 (RF 0.600): 21.28 x 0.6 = 12.768 -> 12.77 for both (Audit:
     * parallel groups are not each other's "next lower bracket", so ACBL-40
     * does not raise L1 to 105% of L2).  Without the split L1 would have RF
     * 0.450. */
    jb c = {0};
    team(&c, "L1", "1", NULL);
    pad(&c, "L1", 5);
    team(&c, "L2", "1", NULL); /* 6 */
    pad(&c, "L2", 7);
    json = event(HEAD("current", "regional") "\"groups\": ["
                 "{\"name\": \"L1\", \"type\": \"bracket\", \"tables\": 6, \"params\": {\"average_mp\": "
                 "5200, \"split\": \"low\", \"top_team_average\": 800}},"
                 "{\"name\": \"L2\", \"type\": \"bracket\", \"tables\": 8, \"params\": {\"average_mp\": "
                 "5200, \"split\": \"low\", \"top_team_average\": 800}}], ",
                 &c);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "12.77");
    assert_points(total(&aw, 6, "overall", NULL), "12.77");
    bmp_awards_free(&aw);
    /* Audit: a bracket above the split flight.  Later: B1 16 teams AVG 1000:
     * 11.00 x 1.000 = 11.00, held to 105% of the larger split group (ACBL-40):
     * 1.05 x 12.768 = 13.4064 -> 13.41; L1 = L2 = 12.77.
     * 2003 Regional (K 46): B1 counts the 6 + 8 = 14 teams actually below it
     * at 1/2: T = 16 + 7 = 23, B = 33/60 x 46 = 25.30; L1 and L2 count 8
     * each and nothing below (not each other): B = 18/60 x 46 = 13.80, under
     * the 90% cap (22.77) of B1 (ACBL-28).  (Counting the credited 8 + 8 gave
     * B1 26.07; L1 counting L2 at 1/5 gave 15.03 and L2 capped at 13.52.) */
    jb d = {0};
    team(&d, "B1", "1", NULL);
    pad(&d, "B1", 15);
    team(&d, "L1", "1", NULL); /* 16 */
    pad(&d, "L1", 5);
    team(&d, "L2", "1", NULL); /* 22 */
    pad(&d, "L2", 7);
    static const char *const groups =
        "\"groups\": [{\"name\": \"B1\", \"type\": \"bracket\", \"tables\": 16, \"params\": "
        "{\"average_mp\": 1000}}, "
        "{\"name\": \"L1\", \"type\": \"bracket\", \"tables\": 6, \"params\": {\"average_mp\": "
        "5200, \"split\": \"low\", \"top_team_average\": 800}},"
        "{\"name\": \"L2\", \"type\": \"bracket\", \"tables\": 8, \"params\": {\"average_mp\": "
        "5200, \"split\": \"low\", \"top_team_average\": 800}}], ";
    static const char *const ed[] = {"current", "2003"};
    static const char *const w1[] = {"13.41", "25.30"}, *const wl[] = {"12.77", "13.80"};
    for (int k = 0; k < 2; k++) {
        char head[2048];
        snprintf(head, sizeof head,
                 "{\"body\": \"acbl\", \"name\": \"ko\", \"edition\": \"%s\", \"kind\": "
                 "\"knockout\", \"classification\": \"regional\", \"boards_per_match\": 24, "
                 "\"sessions\": 4, %s",
                 ed[k], groups);
        json = event(head, &d);
        bmp_test_run_ok(json, &aw);
        free(json);
        assert_points(total(&aw, 0, "overall", NULL), w1[k]);
        assert_points(total(&aw, 16, "overall", NULL), wl[k]);
        assert_points(total(&aw, 22, "overall", NULL), wl[k]);
        bmp_awards_free(&aw);
    }
    /* Only the lowest flight splits (ACBL-49): a bracket after a split
     * group is an error naming it. */
    json = event(HEAD("current", "regional") "\"groups\": ["
                 "{\"name\": \"L1\", \"type\": \"bracket\", \"tables\": 6, \"params\": {\"average_mp\": "
                 "5200, \"split\": \"low\"}},"
                 "{\"name\": \"L2\", \"type\": \"bracket\", \"tables\": 8, \"params\": "
                 "{\"average_mp\": 1000}}], ",
                 &c);
    expect_error(json, BMP_EINVAL,
                 "$.groups[0].params.split: only the lowest flight may be split (ACBL-49), but "
                 "bracket \"L2\" comes after");
    free(json);
}

/* ACBL-50 / ACBL-51 colours; ACBL-87 Sectional silver. */
static void colours(void **state)
{
    (void)state;
    bmp_awards aw;
    /* later: bracket 2 top team 400 -> 1/2 gold 1/2 red; bracket 3 200 ->
     * 1/3 gold.  Each 8 teams averaging 400: Computed 6.00 x 0.600 = 3.60;
     * 105% bottom-up: B2 = 1.05 x 3.60 = 3.78, B1 = 1.05 x 3.78 = 3.969 */
    jb b = {0};
    team(&b, "B1", "1", NULL);
    team(&b, "B2", "1", NULL);
    team(&b, "B3", "1", NULL);
    char *json = event(HEAD("current", "regional") "\"groups\": ["
                       "{\"name\": \"B1\", \"type\": \"bracket\", \"tables\": 8, \"params\": {\"average_mp\": 400}},"
                       "{\"name\": \"B2\", \"type\": \"bracket\", \"tables\": 8, \"params\": {\"average_mp\": "
                       "400, \"top_team_average\": 400}},"
                       "{\"name\": \"B3\", \"type\": \"bracket\", \"tables\": 8, \"params\": {\"average_mp\": "
                       "400, \"top_team_average\": 200}}], ",
                       &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", "gold"), "3.97");
    assert_points(total(&aw, 1, "overall", "gold"), "1.89"); /* 3.78 / 2 */
    assert_points(total(&aw, 1, "overall", "red"), "1.89");
    assert_points(total(&aw, 2, "overall", "gold"), "1.20"); /* 3.60 / 3 */
    assert_points(total(&aw, 2, "overall", "red"), "2.40");
    assert_string_equal(find(&aw, 2, "overall")->rule, "ACBL-36");
    bmp_awards_free(&aw);
    /* ACBL-51: flights: the second flight (upper limit 5000 >= 750) all
     * gold, the third none.  Each flight is its own event: A: B(8) = 18/60
     * x 46 = 13.80; B: 13.80 x M(5000) 0.971379 = 13.405 -> 13.41 (not
     * capped at 90% of A, ACBL-28 applies between brackets); C: 13.80 x
     * M(300) 0.605624 = 8.358 -> 8.36 red. */
    jb c = {0};
    team(&c, "A", "1", NULL);
    team(&c, "B", "1", NULL);
    team(&c, "C", "1", NULL);
    json = event(HEAD("2003", "regional") "\"groups\": ["
                 "{\"name\": \"A\", \"type\": \"flight\", \"tables\": 8},"
                 "{\"name\": \"B\", \"type\": \"flight\", \"tables\": 8, \"upper_limit\": 5000},"
                 "{\"name\": \"C\", \"type\": \"flight\", \"tables\": 8, \"upper_limit\": 300}], ",
                 &c);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", "gold"), "13.80");
    assert_points(total(&aw, 1, "overall", "gold"), "13.41");
    assert_int_equal(total(&aw, 1, "overall", "red"), 0);
    assert_string_equal(find(&aw, 1, "overall")->rule, "ACBL-25");
    assert_int_equal(total(&aw, 2, "overall", "gold"), 0);
    assert_points(total(&aw, 2, "overall", "red"), "8.36");
    bmp_awards_free(&aw);
}

/* ACBL-46 compact KO depth (both editions), ACBL-45 minimum. */
static void compact_event(void **state)
{
    (void)state;
    bmp_awards aw;
    /* later Sectional compact, 9 teams, 12 boards: L 0.50; averaging 400:
     * 6.00 x 0.720 x K 0.714286 x 0.5 = 1.542857 < 8 x 0.714286 x 0.5 =
     * 2.857143 -> 2.86 (ACBL-45); 4 places paid (ACBL-46): 4th (clear) 4
     * rounds 35% of 2.857143 = 1.00; 5th nothing */
    jb b = {0};
    team(&b, NULL, "1", NULL);
    team(&b, NULL, "4", NULL);
    team(&b, NULL, "5", NULL);
    pad(&b, NULL, 6);
    static const char *const rest =
        "\"kind\": \"knockout\", \"classification\": \"sectional\", \"boards_per_match\": 12, "
        "\"tables\": 9, \"params\": {\"compact\": true, \"average_mp\": 400}, ";
    char head[1024];
    snprintf(head, sizeof head, "{\"body\": \"acbl\", \"name\": \"c\", \"edition\": \"current\", %s", rest);
    char *json = event(head, &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", "silver"), "2.86");
    assert_points(total(&aw, 1, "overall", NULL), "1.00");
    assert_null(find(&aw, 2, "overall"));
    bmp_awards_free(&aw);
    /* 2003: B(9) = 19/60 x K 30 x L 0.5 = 4.75; 4th 45% = 2.1375 -> 2.14;
     * 5th nothing (no 2003 compact minimum) */
    snprintf(head, sizeof head, "{\"body\": \"acbl\", \"name\": \"c\", \"edition\": \"2003\", %s", rest);
    json = event(head, &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "4.75");
    assert_points(total(&aw, 1, "overall", NULL), "2.14");
    assert_null(find(&aw, 2, "overall"));
    bmp_awards_free(&aw);
    /* consolation (later only): 6.00 x 0.40 x 1 x 0.5 = 1.20 < 3.20 x 0.5 = 1.60 */
    jb c = {0};
    team(&c, NULL, "1", NULL);
    pad(&c, NULL, 7);
    json = event(HEAD("2003", "regional") "\"tables\": 8, \"params\": {\"compact_consolation\": true}, ", &c);
    expect_error(json, BMP_ENOTSUP, "not supported: compact KO consolation (ACBL-45");
    free(json);
    json = event("{\"body\": \"acbl\", \"name\": \"c\", \"kind\": \"knockout\", \"classification\": "
                 "\"regional\", \"boards_per_match\": 12, \"tables\": 8, \"params\": "
                 "{\"compact_consolation\": true, \"average_mp\": 400}, ",
                 &c);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", NULL), "1.60");
    bmp_awards_free(&aw);
}

/* ACBL-47: a zip KO is a one-session Swiss side game (M <= 0.65). */
static void zip(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 10 teams Regional: B = 20/60 x R 14 x S 1 x M 0.65 x P 1 x T 1 =
     * 3.033333 -> 3.03 (ACBL-1), red (1 session) */
    jb b = {0};
    team(&b, NULL, "1", NULL);
    pad(&b, NULL, 9);
    char *json = event("{\"body\": \"acbl\", \"name\": \"z\", \"edition\": \"2003\", \"kind\": "
                       "\"knockout\", \"classification\": \"regional\", \"tables\": 10, "
                       "\"params\": {\"zip\": true}, ",
                       &b);
    bmp_test_run_ok(json, &aw);
    free(json);
    assert_points(total(&aw, 0, "overall", "red"), "3.03");
    bmp_awards_free(&aw);
}

static void errors(void **state)
{
    (void)state;
    jb b = {0};
    team(&b, NULL, "1", "\"params\": {\"forfeited\": true}");
    pad(&b, NULL, 3);
    char *json = event(HEAD("current", "regional") "\"tables\": 4, \"params\": {\"average_mp\": 100}, ", &b);
    expect_error(json, BMP_ENOTSUP, "not supported: KO reduction factor (ACBL-39");
    free(json);
    json = event(HEAD("current", "regional") "\"tables\": 8, ", &b);
    expect_error(json, BMP_EINVAL, "params.average_mp");
    free(json);
    json = event(HEAD("2003", "regional") "\"tables\": 8, ", &b);
    expect_error(json, BMP_EINVAL, "the winner of a bracket cannot have forfeited a match (ACBL-48)");
    free(json);
    /* ACBL-50: a lower bracket's gold share needs its top team's average */
    jb c = {0};
    team(&c, "B1", "1", NULL);
    team(&c, "B2", "1", NULL);
    json = event(HEAD("2003", "regional") "\"groups\": [{\"name\": \"B1\", \"type\": \"bracket\", "
                 "\"tables\": 8}, {\"name\": \"B2\", \"type\": \"bracket\", \"tables\": 8}], ", &c);
    expect_error(json, BMP_EINVAL, "group \"B2\": the gold share of a lower bracket");
    free(json);
    /* Audit: impossible bracket inputs name their JSON path instead of a
     * silent award (a negative AVG MP was the 6.00 Computed Award, rounds 0
     * paid nobody, 8.5 teams became 8, a negative top-team average cut the
     * ACBL-31 credit to 0). */
    jb d = {0};
    team(&d, NULL, "1", NULL);
    team(&d, NULL, "2", NULL);
    pad(&d, NULL, 6);
    static const struct {
        const char *head, *msg;
    } bad[] = {
        {HEAD("current", "regional") "\"tables\": 8, \"params\": {\"average_mp\": -100}, ",
         "$.params.average_mp: expected average masterpoints (0 or more), got -100"},
        {HEAD("2003", "regional") "\"tables\": 8, \"params\": {\"top_team_average\": -5}, ",
         "$.params.top_team_average: expected average masterpoints"},
        {HEAD("current", "regional") "\"tables\": 8, \"params\": {\"average_mp\": 100, \"rounds\": 0}, ",
         "$.params.rounds: expected a whole number of rounds from 1 to 64, got 0"},
        {HEAD("current", "regional") "\"tables\": 8.5, \"params\": {\"average_mp\": 100}, ",
         "$.tables: a knockout bracket counts whole teams, got 8.5"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json = event(bad[i].head, &d);
        expect_error(json, BMP_EINVAL, bad[i].msg);
        free(json);
    }
    jb m = {0};
    team(&m, NULL, "1", NULL);
    team(&m, NULL, "2", "\"params\": {\"team_mp\": -5}");
    pad(&m, NULL, 6);
    json = event(HEAD("current", "regional") "\"tables\": 8, ", &m);
    expect_error(json, BMP_EINVAL,
                 "$.contestants[1].params.team_mp: expected the team's total masterpoints (0 or more)");
    free(json);
    /* Audit: ACBL-32 rounds_advanced outside 0..rounds (3 for 8 teams) is an
     * error, not a silently unpaid winner. */
    jb r = {0};
    team(&r, NULL, "1", "\"params\": {\"rounds_advanced\": -1}");
    pad(&r, NULL, 7);
    json = event(HEAD("current", "regional") "\"tables\": 8, \"params\": {\"average_mp\": 100}, ", &r);
    expect_error(json, BMP_EINVAL,
                 "$.contestants[0].params.rounds_advanced: expected a whole number of rounds from 0 "
                 "to the bracket's 3, got -1");
    free(json);
    jb g = {0};
    team(&g, "A", "1", NULL);
    pad(&g, "A", 7);
    json = event(HEAD("current", "regional") "\"groups\": [{\"name\": \"A\", \"type\": "
                 "\"bracket\", \"tables\": 8, \"params\": {\"average_mp\": -1}}], ", &g);
    expect_error(json, BMP_EINVAL, "$.groups[0].params.average_mp: expected average masterpoints");
    free(json);
}

/* Audit: ACBL-28 (2003 p.4) prestige "when the average of all the players
 * in the bracket exceeds 7500": from params.team_mp it is total MP / total
 * players, not the later 4 x team MP / players team AvgMP (ACBL-38).  16
 * teams of 4 at 8000 team MP = 2000 a player: no prestige; B(16) 0.433333
 * x K 46 = 19.9333 -> 19.93.  At 32000 a team = 8000 a player > 7500:
 * x 1.10 = 21.9267 -> 21.93. */
static void prestige_from_team_mp(void **state)
{
    (void)state;
    static const char *const mp[] = {"8000", "32000"};
    static const char *const want[] = {"19.93", "21.93"};
    for (int k = 0; k < 2; k++) {
        jb b = {0};
        char extra[128];
        snprintf(extra, sizeof extra, "\"matches_won\": 4, \"params\": {\"team_mp\": %s}", mp[k]);
        team(&b, NULL, "1", extra);
        snprintf(extra, sizeof extra, "\"params\": {\"team_mp\": %s}", mp[k]);
        for (int i = 0; i < 15; i++)
            team(&b, NULL, NULL, extra);
        char *json = event(HEAD("2003", "regional") "\"sessions\": 4, ", &b);
        bmp_awards aw;
        bmp_test_run_ok(json, &aw);
        free(json);
        assert_points(total(&aw, 0, "overall", NULL), want[k]);
        bmp_awards_free(&aw);
    }
}

/* Audit: ACBL-32 "advance through at least two rounds" (2003: "win at
 * least two matches (or advance through at least two rounds)"): in a
 * 6-team KO (3 rounds) the runner-up had a first-round bye, so it won one
 * match but advanced through two rounds: it is paid.  Later Regional: 21.00
 * (AVG 5000) x RF 0.450 = 9.45; 2nd 53% = 5.0085 -> 5.01.  2003 Regional of
 * three sessions: B(6) = 16/60 x K 46 = 12.266667 x 0.70 (ACBL-27) =
 * 8.586667 -> 8.59; 2nd 75% = 6.44. */
static void bye_advances(void **state)
{
    (void)state;
    jb b = {0};
    team(&b, NULL, "1", "\"matches_won\": 2");
    team(&b, NULL, "2", "\"matches_won\": 1");
    pad(&b, NULL, 4);
    static const char *const ed[] = {"current", "2003"};
    static const char *const want1[] = {"9.45", "8.59"}, *const want2[] = {"5.01", "6.44"};
    for (int k = 0; k < 2; k++) {
        char head[512];
        snprintf(head, sizeof head,
                 "{\"body\": \"acbl\", \"name\": \"ko\", \"edition\": \"%s\", \"kind\": "
                 "\"knockout\", \"classification\": \"regional\", \"boards_per_match\": 24, "
                 "\"sessions\": 3, \"tables\": 6, \"params\": {\"average_mp\": 5000}, ",
                 ed[k]);
        char *json = event(head, &b);
        bmp_awards aw;
        bmp_test_run_ok(json, &aw);
        free(json);
        assert_points(total(&aw, 0, "overall", NULL), want1[k]);
        assert_points(total(&aw, 1, "overall", NULL), want2[k]);
        bmp_awards_free(&aw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doc02_event),    cmocka_unit_test(current_event),
        cmocka_unit_test(three_sessions), cmocka_unit_test(playoffs),
        cmocka_unit_test(low_ranks),
        cmocka_unit_test(forfeits_and_split), cmocka_unit_test(colours),
        cmocka_unit_test(compact_event),  cmocka_unit_test(zip),
        cmocka_unit_test(errors),
        cmocka_unit_test(prestige_from_team_mp), cmocka_unit_test(bye_advances),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
