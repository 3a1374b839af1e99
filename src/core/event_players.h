/* A player plays once per event (event_players.c, issue 26). */
#ifndef BMP_CORE_EVENT_PLAYERS_H
#define BMP_CORE_EVENT_PLAYERS_H

#include "bridgemp/bridgemp.h"

/* BMP_EINVAL naming both places when one player number appears twice.
 * Issue 45: BMP_ERANGE for a contestant of more than max_players players
 * or an event of more than max_contestants contestants (the limits
 * players= and contestants=, bmp_limits; their defaults and how they were
 * derived: docs/reliability.md "Limits"). */
bmp_status core_event_players_once(const bmp_event *ev, size_t max_players,
                                   size_t max_contestants, bmp_error *err);

#endif
