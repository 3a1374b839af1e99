/* bridgemp: EBU licensed events -- their status, league status and licence
 * fees as far as the handbook makes them computable (EBU-20 .. EBU-26,
 * handbook 1.4-1.6, 1.11; rulings EA-7 .. EA-9).
 *
 * The licence itself (EBU-20: which events need one), its conditions
 * (EBU-23), charity law (EBU-24) and package operators (EBU-25) are the
 * Licensing Department's decisions, not computations: the status a licence
 * quotes is an input of the award engine (`status` of the event). */
#ifndef BRIDGEMP_EBU_LICENCE_H
#define BRIDGEMP_EBU_LICENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The status levels of 3.2 (EBU-30), lowest first. */
typedef enum bmp_ebu_level {
    BMP_EBU_LEVEL_NONE = 0,
    BMP_EBU_CLUB,
    BMP_EBU_DISTRICT,
    BMP_EBU_COUNTY,
    BMP_EBU_REGIONAL,
    BMP_EBU_NATIONAL
} bmp_ebu_level;

/* "Club", "District", "County", "Regional", "National" ("" for none). */
const char *bmp_ebu_level_name(bmp_ebu_level level);

/* What the licence application says of an event (1.6). */
typedef struct bmp_ebu_licensed_event {
    bool significant_outside_entry; /* (b): likely to attract a significant entry from
                                     * outside its area; false: (a) */
    bool members_only;              /* restricted to EBU members */
    /* (c) major event: applied for (or held) this year */
    bool major;
    int sessions;                   /* sessions of the event this year */
    const int *last_year_tables;    /* tables in play at each session last year */
    size_t nlast_year;
    bool major_last_year;           /* held Regional status as a major event last year */
    bool provisional_used;          /* its one provisional extra year has been had */
    /* a side event ("open pairs/teams") for non-qualifiers or non-entrants
     * of the event described above */
    bool side_event;
    bool proper_consolation;        /* the side event is a proper consolation (4.3) */
} bmp_ebu_licensed_event;

typedef struct bmp_ebu_licence_status {
    bmp_ebu_level level;
    bool major_criteria;  /* (c): >= 4 sessions, average >= 50 tables over last year's 4 best
                           * sessions, EBU members only, significant outside entry */
    bool provisional;     /* Regional for one provisional extra year after one failure */
    char why[160];        /* the clause that decided, e.g. "EBU-22(b): ..." */
} bmp_ebu_licence_status;

/* EBU-22 (1.6): the status of a licensed event.  A proper consolation's
 * status is 4.3's (EBU-63 .. EBU-65): not supported here. */
bmp_status bmp_ebu_licensed_status(const bmp_ebu_licensed_event *ev,
                                   bmp_ebu_licence_status *out, bmp_error *err);

typedef enum bmp_ebu_league {
    BMP_EBU_CLUB_LEAGUE,        /* club affiliated, pays teams-league UMS */
    BMP_EBU_DISTRICT_LEAGUE,    /* cannot affiliate as a club; its 1 pairs + 1 teams event too */
    BMP_EBU_COUNTY_LEAGUE,      /* EBU members except in the bottom division */
    BMP_EBU_INTER_COUNTY_LEAGUE /* >= 3 counties, licensed: status by division (1.2.6 e) */
} bmp_ebu_league;

/* EBU-21 (1.4.2), EBU-15(e) (1.2.6 e): the status of a league's division
 * `division` (1 = A, the top) of `ndivisions`.  Inter-county: A National,
 * B Regional, C County, D District, E Club (ruling EA-8); none below Club. */
bmp_status bmp_ebu_league_status(bmp_ebu_league kind, int division, int ndivisions,
                                 bmp_ebu_level *out, bmp_error *err);

/* EBU-26 (1.5.3, 1.11): the licence fee, sessions x tables x the rate per
 * table-session (cents, an input: the Board sets it, the handbook has no
 * figure), in cents; EINVAL for a negative count or an overflow. */
bmp_status bmp_ebu_licence_fee(int sessions, int tables, int64_t rate_cents, int64_t *out,
                               bmp_error *err);

/* EBU-18 (1.3.3, 1.5.2): the licence fee's due date, 30 days after the end
 * of the event (yyyy-mm-dd into out[11]). */
bmp_status bmp_ebu_licence_due(const char *end, char out[11], bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
