/* Per-player emission, one mechanism for every body (not public API).
 *
 * An award is computed for a contestant (pair, team); who of its players
 * receives it, and how much, is a body's rule: participation thresholds
 * (ABF 4.4.4/4.4.5, EBU 3.3.2, ACBL-81), participation-weighted shares
 * (ACBL-78), non-playing captains, ineligible players (NZ-15), players
 * credited in another colour (ABF 5.1.2).  The body states the rule per
 * player; core_emit_players writes the awards: one award to every player
 * (BMP_ALL_PLAYERS) when all receive it alike, else one per player.
 */
#ifndef BMP_CORE_EMIT_H
#define BMP_CORE_EMIT_H

#include <stdbool.h>

#include "bridgemp/awards.h"

/* How one player stands for the award; preset to "receives it as is". */
typedef struct core_player_award {
    bool award;          /* false: the player receives nothing */
    bmp_points points;   /* the player's points (preset: the contestant's) */
    const char *colour;  /* NULL: the award's colour */
    const char *rule;    /* NULL: the award's rule ID */
    const char *section; /* NULL: the award's section */
    char why[320];       /* awarded: appended to the derivation; not awarded:
                          * an event note when not empty */
} core_player_award;

/* The body's rule for player p of contestant ct.  Called twice per player
 * (deciding, then writing), so it must not have side effects. */
typedef void (*core_player_rule_fn)(void *ctx, const bmp_contestant *ct, size_t p,
                                    core_player_award *pa);

/* Emit *tmpl (its contestant, points, kind, colour, rule) with derivation
 * `explain` to the players of its contestant in ev.  Unless split, when
 * every player receives it unchanged (or the contestant lists no players)
 * one award goes to BMP_ALL_PLAYERS with `explain` alone; otherwise each
 * awarded player gets its own award, derivation explain + why, and each
 * player who receives nothing gets its note.  rule NULL: every player
 * receives the award as is. */
bmp_status core_emit_players(const bmp_event *ev, bmp_awards *out, bmp_error *err,
                             const bmp_award *tmpl, const char *explain, bool split,
                             core_player_rule_fn rule, void *ctx);

#endif
