/* A player plays once per event (event_players.c, issue 26). */
#ifndef BMP_CORE_EVENT_PLAYERS_H
#define BMP_CORE_EVENT_PLAYERS_H

#include "bridgemp/bridgemp.h"

/* BMP_EINVAL naming both places when one player number appears twice. */
/* The most players one contestant may list (issue 45).  The largest real
 * contestants are teams of six (ABF, ACBL, EBU and NZB teams events;
 * examples/acbl/swiss-teams.json); 16 leaves room for any squad and
 * refuses a file that lists thousands in one contestant (100,000 held the
 * ledger's writer for 23 s). */
#define CORE_CONTESTANT_MAX_PLAYERS 16

bmp_status core_event_players_once(const bmp_event *ev, bmp_error *err);

#endif
