/* Congresses (5.1-5.4): grades of congress events, the acceleration factor,
 * large congresses and walk-in events. */
#include <string.h>
#include <strings.h>

#include "abf/abf_internal.h"

/* Grades by congress type (5.1, 5.2) and event role (5.3).
 * Types: "state" (5.1.1, B4), "tour" (5.1.2, B4), "super" (5.1.3, B3; a
 * side congress of a National Championship is a super congress),
 * "abf-super" (5.1.4, A2), "festival" (5.1.5, B4). */
static const struct {
    const char *type, *championship, *minor, *walkin;
    int accel;
} types[] = {
    /* 5.3.3: minor events drop one grade (B4->B5, B3->B4, A2->B3); walk-ins
     * are B5 in B4 and B3 congresses, B4 in A2 congresses. */
    {"state", "B4", "B5", "B5", 1},
    {"tour", "B4", "B5", "B5", 0}, /* 5.1.2: one major at B4, the others B5; no acceleration */
    {"super", "B3", "B4", "B5", 1},
    {"abf-super", "A2", "B3", "B4", 1},
    {"festival", "B4", "B5", "B5", 1},
};

bmp_status abf_congress_grade(const char *type, const char *role, const char **grade,
                              bmp_error *err)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        if (strcasecmp(types[i].type, type) != 0)
            continue;
        if (!strcasecmp(role, "championship") || !strcasecmp(role, "restricted")) {
            /* 5.3.2: restricted events keep the championship grade. */
            *grade = types[i].championship;
        } else if (!strcasecmp(role, "minor") || !strcasecmp(role, "nominated") ||
                   !strcasecmp(role, "major")) {
            /* "major" is a Bridge Tour major other than the one at B4. */
            *grade = types[i].minor;
        } else if (!strcasecmp(role, "walk-in")) {
            *grade = types[i].walkin;
        } else if (!strcasecmp(role, "single-session")) {
            /* 5.1.5: festival single-session events are B5; also a
             * single-session congress event can only be minor. */
            *grade = types[i].minor;
        } else if (!strcasecmp(role, "open") && !strcasecmp(type, "tour")) {
            *grade = "E"; /* 5.1.2: other open tour sessions: club E rate */
        } else if (!strcasecmp(role, "supervised") && !strcasecmp(type, "tour")) {
            *grade = "F";
        } else {
            return bmp_error_set(err, BMP_EINVAL,
                                 "unknown congress event role \"%s\" (expected championship, "
                                 "restricted, minor, nominated, walk-in, single-session%s)",
                                 role, strcasecmp(type, "tour") ? "" : ", major, open, supervised");
        }
        return BMP_OK;
    }
    return bmp_error_set(err, BMP_EINVAL,
                         "unknown congress type \"%s\" (expected state, tour, super, abf-super "
                         "or festival)", type);
}

/* 5.4.2 (ABF-32): one extra session for the outright award of Congress
 * Championships (not Bridge Tours and Cruises); restricted events keep it
 * (5.3.2); nominated minor championships of large congresses get it (5.3.3). */
int abf_congress_acceleration(const char *type, const char *role)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strcasecmp(types[i].type, type) == 0) {
            if (!types[i].accel)
                return 0;
            return !strcasecmp(role, "championship") || !strcasecmp(role, "restricted") ||
                   !strcasecmp(role, "nominated");
        }
    return 0;
}

/* 5.3.3 (ABF-72, AMB-13): more than 200 table-sessions: one extra minor
 * championship per 100 table-sessions in excess of 100. */
int abf_large_congress_extra(double table_sessions)
{
    if (table_sessions <= 200)
        return 0;
    return (int)((table_sessions - 100) / 100);
}

/* 4.3.2 (ABF-33): the field of a walk-in event is the average attendance or
 * 125 % of the tables that qualified for a final placing, the lesser. */
double abf_walkin_tables(double average_attendance, double qualified_tables)
{
    double q = 1.25 * qualified_tables;
    return average_attendance < q ? average_attendance : q;
}

/* 5.3.1 (ABF-70): B4 congresses may hold 2 major championships (Open Pairs,
 * Open Teams); A2 and B3 one more (of >= 4 sessions); a congress alongside a
 * National or International championship up to 6. */
int abf_congress_max_majors(const char *type, bool alongside_national)
{
    if (alongside_national)
        return 6;
    if (!strcasecmp(type, "super") || !strcasecmp(type, "abf-super"))
        return 3;
    if (!strcasecmp(type, "tour"))
        return 1; /* 5.1.2: one major at B4, the others at B5 */
    return 2;
}

/* 5.1.1 (ABF-65): congress championships have at least two sessions
 * (5.3.1; a third A2/B3 major at least four); 5.1.3 (ABF-67): a Super
 * Congress has at most 40 tables per director. */
const char *abf_congress_check(const char *type, const char *role, int sessions,
                               double tables_per_director)
{
    bool champ = !strcasecmp(role, "championship") || !strcasecmp(role, "restricted") ||
                 !strcasecmp(role, "nominated");
    if (champ && sessions < 2)
        return "a congress championship is played over at least two sessions (5.1.1, 5.3.1)";
    /* 5.1.2: every major event of a Bridge Tour ("each event to be of a
     * minimum of two sessions duration"), also those paid at B5. */
    if (!strcasecmp(type, "tour") && !strcasecmp(role, "major") && sessions < 2)
        return "a Bridge Tour major event is of at least two sessions (5.1.2)";
    if (!strcasecmp(type, "super") && tables_per_director > 40)
        return "a Super Congress must not exceed 40 tables per director (5.1.3)";
    return NULL;
}

/* 5.4.1, 7.5.1, 1.6 (ABF-73, ABF-76): B4/B3 congresses and State events by
 * the State Masterpoint Secretary (or nominee); A2 by the ABF Masterpoint
 * Unit under the Goldpoint Coordinator, except GNOT qualifying rounds (State
 * Masterpoint Secretaries, 7.5.7); green club events by the club. */
const char *abf_masterpointed_by(const abf_grade *g, bool gnot_qualifying)
{
    if (!strcmp(g->colour, "gold"))
        return gnot_qualifying ? "State Masterpoint Secretary (7.5.7)"
                               : "ABF Masterpoint Unit / Goldpoint Coordinator (5.4.1, 7.5.1)";
    if (!strcmp(g->colour, "red"))
        return "State Masterpoint Secretary or nominee (5.4.1, 1.6)";
    if (!strcmp(g->code, "C"))
        return "State Masterpoint Secretary (1.6, 2.4)";
    return "club masterpoint secretary (1.6)";
}

/* 1.5.2 (ABF-85): congresses (not tours), State and National
 * Championships need a non-playing accredited director; a playing director
 * may run GNOT qualifying rounds, State Championship qualifying rounds, and
 * all B5i, B4c, B4s (qualifying only), C, D, E and F events. */
bool abf_playing_director_allowed(const abf_grade *g, bool congress, bool qualifying, bool gnot)
{
    if (gnot && qualifying)
        return true;
    if (congress)
        return false;
    const char *c = g->code;
    if (!strcmp(c, "B") && qualifying)
        return true;
    if (!strcmp(c, "B4s"))
        return qualifying;
    return !strcmp(c, "B5i") || !strcmp(c, "B4c") || !strcmp(c, "C") || !strcmp(c, "D") ||
           !strcmp(c, "E") || !strcmp(c, "F");
}
