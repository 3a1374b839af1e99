/* ACBLscore game files (bridgemp/acblscore.h): the bounds-checked byte
 * reader (acblscore_bytes.c) shared by the file's structures (acblscore_read.c,
 * acblscore_entries.c) and the tables of ACBLscore's codes
 * (acblscore_codes.c). */
#ifndef BMP_IO_ACBLSCORE_INTERNAL_H
#define BMP_IO_ACBLSCORE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bridgemp/acblscore.h"

typedef struct acs_rd {
    const unsigned char *d;
    size_t n;
    const char *src;
    bmp_error *err;
    bmp_status st;
} acs_rd;

/* False (and r failed, naming off, what and the file's size) unless
 * [off, off + len) lies inside the file. */
bool acs_need(acs_rd *r, size_t off, size_t len, const char *what);
/* Fail at off: "<src>: offset 0x..: <what>: <msg>". */
bool acs_fail(acs_rd *r, size_t off, const char *what, const char *msg);
unsigned acs_u8(acs_rd *r, size_t off, const char *what);
unsigned acs_u16(acs_rd *r, size_t off, const char *what);
uint32_t acs_u32(acs_rd *r, size_t off, const char *what);
int32_t acs_i32(acs_rd *r, size_t off, const char *what);
/* A length-prefixed string of at most width characters into dst (size >
 * width), trailing blanks kept. */
void acs_str(acs_rd *r, size_t off, size_t width, char *dst, size_t size, const char *what);

/* A section's entries (acblscore_entries.c). */
bool acs_read_entries(acs_rd *r, const bmp_acblscore_event *ev, bmp_acblscore_section *s);

/* Every entry's places per strat (acblscore_places.c): overall and in
 * its section's ranked-together field and direction; olo 0: not ranked. */
typedef struct acs_place {
    int olo, ohi, slo, shi;
} acs_place;
typedef struct acs_places {
    struct {
        const bmp_acblscore_section *sec;
        const bmp_acblscore_entry *en;
        acs_place at[BMP_ACBLSCORE_MAX_STRATS];
    } *v;
    size_t n;
} acs_places;
bool acs_places_compute(const bmp_acblscore_event *ev, acs_places *out);
void acs_places_free(acs_places *p);
/* en's places in strat k (0 the top; an event without strats: 0), NULL if
 * it ranks there not at all. */
const acs_place *acs_places_of(const acs_places *p, const bmp_acblscore_entry *en, size_t k);
/* The name ("A" or "A+B+C"), tables and sections of the sections ranked
 * together with s. */
void acs_rank_group(const bmp_acblscore_event *ev, const bmp_acblscore_section *s, char *name,
                    size_t size, int *tables, int *nsections);

/* ACBLscore's code names (acblscore_codes.c); NULL for a code not known. */
const char *acs_event_type_name(int code);
const char *acs_scoring_name(int code);
const char *acs_rating_name(int code);
const char *acs_movement_name(int code);
const char *acs_club_game_type_name(int code);
const char *acs_colour_name(int code);
/* The event classification of a rating (an unknown code: a club game's
 * club-masterpoint, a tournament's sectional). */
const char *acs_rating_classification(int code, bool tournament);
/* "July 24, 2017" -> "2017-07-24"; false if not such a date. */
bool acs_iso_date(const char *text, char out[11]);

#endif
