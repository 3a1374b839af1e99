/* A player plays once per event (event_players.c, issue 26). */
#ifndef BMP_CORE_EVENT_PLAYERS_H
#define BMP_CORE_EVENT_PLAYERS_H

#include "bridgemp/bridgemp.h"

/* BMP_EINVAL naming both places when one player number appears twice. */
bmp_status core_event_players_once(const bmp_event *ev, bmp_error *err);

#endif
