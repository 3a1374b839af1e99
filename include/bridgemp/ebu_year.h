/* bridgemp: an EBU club's or county's events of one calendar year -- the
 * status of its own games (1.2.1, 1.2.3-1.2.5) and the yearly allowances of
 * ladders, major championships, simultaneous pairs, Blue Point and county
 * Green Point events (1.2.2-1.2.6, 5.2, 5.3, 6.1.4, 6.1.5; rulings ES-1 ..
 * ES-4).
 *
 * The allowances are checked over the organiser's list of events of the
 * year: the first one that breaks a rule is refused, naming the event, the
 * rule and the count allowed.  Licences themselves are the Licensing
 * Department's decision (EBU-20): an event's `licensed` is an input. */
#ifndef BRIDGEMP_EBU_YEAR_H
#define BRIDGEMP_EBU_YEAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/ebu_licence.h"
#include "bridgemp/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bmp_ebu_organiser {
    BMP_EBU_AFFILIATED_CLUB,
    BMP_EBU_COUNTY_ASSOCIATION
} bmp_ebu_organiser;

typedef enum bmp_ebu_year_kind {
    BMP_EBU_REGULAR,        /* a regular game or minor championship (1.2.1) */
    BMP_EBU_LADDER,         /* a ladder: a series of regular games with a bonus (1.2.3) */
    BMP_EBU_MAJOR_PAIRS,    /* the nominated major pairs championship (1.2.4) */
    BMP_EBU_MAJOR_TEAMS,    /* the nominated major teams championship (1.2.4) */
    BMP_EBU_SIM_PAIRS,      /* a simultaneous pairs (1.2.5) */
    BMP_EBU_OPEN_LICENSED,  /* an open event under a licence (1.2.2, 1.4.1) */
    BMP_EBU_LEAGUE_DIV1,    /* the first division of the county teams league (5.2.3) */
    BMP_EBU_ONE_DAY_GREEN,  /* a county one-day Green Point event (6.1.4) */
    BMP_EBU_CONGRESS_GREEN  /* a Green Point event within the county's congress (6.1.5) */
} bmp_ebu_year_kind;

typedef struct bmp_ebu_year_event {
    const char *id;     /* named in refusals */
    const char *date;   /* yyyy-mm-dd (its first day) */
    bmp_ebu_year_kind kind;
    bool blue;          /* awards Blue Points (Chapter 5) */
    bool licensed;      /* held under a licence from the EBU (an input, EBU-20) */
    bool members_only;  /* restricted to EBU members */
    bool online;
    bool non_affiliated_heats; /* sim pairs: heats at non-affiliated clubs */
    bool green;         /* a county's major championship with Green Point stages (6.1.1) */
} bmp_ebu_year_event;

typedef struct bmp_ebu_organiser_year {
    bmp_ebu_organiser organiser;
    /* a club: player-sessions it submitted in the previous year (5.3.1) */
    int64_t previous_player_sessions;
    const bmp_ebu_year_event *events;
    size_t nevents;
} bmp_ebu_organiser_year;

/* EBU-11, EBU-12, EBU-13, EBU-14, EBU-115, EBU-116, EBU-118, EBU-119: the first
 * event of the year that breaks an allowance is refused (EINVAL naming
 * the event, the rule and the count allowed); EINVAL also for dates not
 * in one calendar year (ruling ES-1). */
bmp_status bmp_ebu_year_check(const bmp_ebu_organiser_year *y, bmp_error *err);

/* EBU-116 (5.3.1): a club's Blue Point events a year, 2 plus 2 for every
 * 10,000 player-sessions submitted the previous year. */
int bmp_ebu_club_blue_allowance(int64_t previous_player_sessions);

typedef struct bmp_ebu_year_status {
    bmp_ebu_level level;
    char why[160]; /* the clause that decided, e.g. "EBU-10: ..." */
} bmp_ebu_year_status;

/* EBU-10, EBU-12, EBU-13, EBU-14, EBU-118: the status of the organiser's event i
 * of the year -- a regular game, minor championship or ladder (1.2.1: a
 * club's Club; a county's County if EBU members only, else District, and
 * Club for all its regular games when they are run more often than once a
 * month, ruling ES-2), a major championship (one level up; a county's
 * Green Point one: its stages without Green at Regional, EBU-118), a simultaneous
 * pairs (club heats Club; `overall` the county's overall result,
 * District).  Licensed and Green Point events: EINVAL pointing to their
 * own rules (EBU-22, Chapter 6). */
bmp_status bmp_ebu_year_status_of(const bmp_ebu_organiser_year *y, size_t i, bool overall,
                                  bmp_ebu_year_status *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
