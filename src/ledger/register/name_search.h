/* The player search by name (issue 30 item 2, name_search.c): a name and a
 * query folded to lower-case ASCII words (accents off: "Zoë Müller" ->
 * "zoe muller"), matched in any order. */
#ifndef BMP_LEDGER_NAME_SEARCH_H
#define BMP_LEDGER_NAME_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* `in` (UTF-8) as lower-case words with one space between them: ASCII
 * letters and digits lower-cased, Latin-1 and Latin Extended-A letters to
 * their base letters ("é" e, "ß" ss, "Ø" o, "Ł" l), apostrophes dropped
 * ("O'Brien" obrien), any other punctuation a break between words; other
 * characters kept as they are.  Cut at `size`; returns the length. */
size_t ledger_name_fold(const char *in, char *out, size_t size);

/* Does the folded name match the folded query?  Every word of the query is
 * the beginning of a word of the name ("bell ava", "ava bell", "bel", "av
 * be" all find "Ava Bell"), or the query is part of the name as it
 * stands ("ayer 3" finds "Player 3", as the search always did). */
bool ledger_name_matches(const char *name, const char *query);

/* The first k players by (name, number) among those a search matches,
 * kept in a bounded heap while the register is read once in its stored
 * order (no sort of the register, memory for k only), and how many matched
 * in all. */
typedef struct ledger_name_hit {
    int64_t id;
    char name[128], number[32];
} ledger_name_hit;
typedef struct ledger_name_top {
    ledger_name_hit *v;
    size_t n, cap, k;  /* held, allocated, wanted */
    size_t total;      /* every match */
} ledger_name_top;
/* Offer a match; false when out of memory. */
bool ledger_name_top_add(ledger_name_top *t, int64_t id, const char *name, const char *number);
/* v[0..n) by (name, number), ascending (byte order, as SQLite's BINARY). */
void ledger_name_top_sort(ledger_name_top *t);
void ledger_name_top_free(ledger_name_top *t);

#endif
