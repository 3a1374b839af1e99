/* A player number that identifies nobody (issue 43 item 1): the flag every
 * award output shows beside the player (player_ids.c). */
#ifndef BMP_IO_NUMBER_FLAG_H
#define BMP_IO_NUMBER_FLAG_H

#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/event.h"

typedef enum io_number_kind {
    IO_NUMBER_OK = 0,
    IO_NUMBER_GUEST,   /* the body's guest or placeholder number, or player param guest */
    IO_NUMBER_NONE,    /* no number (empty, or zeros) */
    IO_NUMBER_INVALID  /* a number the body cannot have */
} io_number_kind;

/* Whether ev gives any player a number (or marks a guest): a player
 * without one is "no number" only then, never in a file that numbers nobody
 * (the regulations' worked examples). */
bool io_event_numbered(const bmp_event *ev);
/* p's number under ev's body; numbered: io_event_numbered(ev). */
io_number_kind io_number_flag(const bmp_event *ev, const bmp_player *p, bool numbered);
/* "guest", "no number", "not a valid EBU number" (in buf); NULL for OK. */
const char *io_number_flag_text(const bmp_event *ev, io_number_kind k, char *buf, size_t n);
/* The flags of c's players (player: one of them, or BMP_ALL_PLAYERS) as
 * "name: flag; name: flag" in buf (truncated to n); how many. */
size_t io_number_flags(const bmp_event *ev, const bmp_contestant *c, int player, bool numbered,
                       char *buf, size_t n);
/* Every player's flag found once for an output (issue 46: a flag per
 * award row and per player of the table otherwise looked up the body's
 * rules and checked the number each time): player k of contestant c is
 * kind[start[c] + k]; text[kind] its io_number_flag_text (NULL for OK);
 * any: io_event_has_flags. */
typedef struct io_flag_kinds {
    unsigned char *kind;
    size_t *start;
    bool any;
    const char *text[4];
    char buf[4][48];
} io_flag_kinds;
/* false on allocation failure (fk then empty). */
bool io_flag_kinds_make(const bmp_event *ev, io_flag_kinds *fk);
void io_flag_kinds_free(io_flag_kinds *fk);
/* io_number_flags of contestant c from fk: the same text. */
size_t io_number_flags_of(const bmp_event *ev, const io_flag_kinds *fk, size_t c, int player,
                          char *buf, size_t n);
/* Whether any player of ev is flagged (outputs add their flag column then). */
bool io_event_has_flags(const bmp_event *ev);

#endif
