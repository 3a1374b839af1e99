/* A player's region as each body names it (region.c, docs/rulings.md
 * RG-1): the ABF's state or territory, the EBU's county, NZ Bridge's
 * region, the ACBL's unit.  Internal to src/ledger. */
#ifndef BMP_LEDGER_REGION_H
#define BMP_LEDGER_REGION_H

#include <stdbool.h>
#include <stddef.h>

#define LEDGER_REGION_MAX 48 /* bytes of a region as stored */

/* The body's word for a player's region ("state", "county", "region",
 * "unit"); "region" for a body without one of its own. */
const char *ledger_region_word(const char *body);

/* text as a region of body: *out its stored form ("" for an empty text:
 * no region), true; false with "why" (naming the word, the text and what
 * is expected) when it is not one.  ABF: a state or territory by its
 * abbreviation or name, any case, stored as the abbreviation; the others:
 * a name as written (trimmed, at most LEDGER_REGION_MAX bytes, no control
 * characters). */
bool ledger_region_norm(const char *body, const char *text, char out[LEDGER_REGION_MAX + 1],
                        char *why, size_t wsize);

/* Whether the body's regions are a fixed list (the ABF's eight). */
bool ledger_region_listed(const char *body);
/* The codes of a body's fixed list, "ACT, NSW, ..." into buf ("" if none). */
void ledger_region_list(const char *body, char *buf, size_t size);

#endif
