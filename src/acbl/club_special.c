/* ACBL special and upgraded club games (ACBL-C9, ACBL-C10): the names of
 * params.special, how each is computed and its colour.  Sources: ACBL
 * Handbook Chapter 4 "IV. Special Fund Games" (acbl.org/about-acbl/
 * administration/acbl-handbook/iv-special-fund-games/: "Masterpoint awards
 * for these games can be found in the Club Masterpoint Charts"), "Section
 * Five: Club Championships and Special Events"; ACBL-85 (club events black,
 * "certain special events at clubs may be given awards of other
 * pigmentation"), ACBL-87 (STaC silver).  Every choice: docs/rulings.md
 * ACBL-RC7..RC9, RC15, RC16. */
#include <string.h>

#include "acbl/club.h"

#define SEC4 "Handbook ch.4 §IV"
#define SEC5 "Handbook ch.4 §5"
static const acbl_club_special specials[] = {
    /* Special fund games: club championship awards (ruling ACBL-RC7). */
    {"charity", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".B",
     "charity fund game: club championship awards (ruling ACBL-RC7)"},
    {"junior-fund", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".A",
     "Junior Fund game: club championship awards (ruling ACBL-RC7)"},
    {"international-fund", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".C",
     "International Fund game: club championship awards (ruling ACBL-RC7)"},
    {"education", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".D",
     "Educational Foundation game: club championship awards (ruling ACBL-RC7)"},
    {"grass-roots", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".E",
     "Grass Roots Fund game: club championship awards (ruling ACBL-RC7)"},
    {"club-appreciation", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC5,
     "club appreciation game: club championship awards (ruling ACBL-RC7)"},
    /* ACBL-wide games: the club's own awards as a special fund game; the
     * ACBL-wide overall awards are computed by the ACBL across every club. */
    {"acbl-wide-charity", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".B",
     "ACBL-wide charity game at the club: club championship awards; the ACBL-wide overalls "
     "are the ACBL's (ruling ACBL-RC8)"},
    {"acbl-wide-international-fund", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC4 ".C",
     "ACBL-wide International Fund game at the club: club championship awards; the "
     "ACBL-wide overalls are the ACBL's (ruling ACBL-RC8)"},
    {"instant-matchpoint", ACBL_CLUB_BASIS_CHAMPIONSHIP, "black", "ACBL-C9", SEC5,
     "ACBL-wide Instant Matchpoint game at the club: club championship awards; the "
     "ACBL-wide overalls are the ACBL's (ruling ACBL-RC8)"},
    /* Sectional-rated games at clubs: club_nap.c's charts (rulings
     * ACBL-RC10, RC15, RC16). */
    {"stac", ACBL_CLUB_BASIS_RATED, "silver", "ACBL-C13", "STaC",
     "Sectional Tournament at Clubs: overall over every site's tables, 1st = B x 11.25 "
     "(pairs; 1.875 + 0.1875 x tables), B x 9.00 (Swiss), section awards at the club, the "
     "larger paid, all silver (ACBL-87; ruling ACBL-RC15)"},
    {"upgraded-club-championship", ACBL_CLUB_BASIS_RATED, "black", "ACBL-C14", SEC5,
     "upgraded club championship: an 81.8% sectional-rated game (Handbook ch.4 §5), 1st = B "
     "x 11.25 x 0.818, black (ruling ACBL-RC16)"},
    {"nap-club", ACBL_CLUB_BASIS_RATED, "black+red", "ACBL-C11", "NAP conditions",
     "NAP club qualifying game: sectional rating, half black and half red (ruling "
     "ACBL-RC10)"},
    /* Not computed here: no chart in the sources searched (ruling ACBL-RC9). */
    {"gnt-club", ACBL_CLUB_BASIS_NONE, "black", "ACBL-C10", "Handbook ch.4 §VII.A",
     "the GNT club qualifying round's awards are in no source searched (the Handbook's "
     "\"VII. Other Frequent Club Events\" names the round, not its awards; docs/rulings.md "
     "ACBL-RC9)"},
    {"pupil", ACBL_CLUB_BASIS_NONE, "black", "ACBL-C10", "Handbook ch.4 §V.G",
     "the Pupil Game Masterpoint Awards chart is in no source searched (docs/rulings.md "
     "ACBL-RC9, RCF4)"},
    {"acblscore-rating-47", ACBL_CLUB_BASIS_NONE, "black", "ACBL-C10", "Handbook ch.4 §V.G",
     "ACBLscore rating 47 is a Pupil Game: the Pupil Game Masterpoint Awards chart is in no "
     "source searched (docs/rulings.md ACBL-RC9, RCF4)"},
    {NULL, ACBL_CLUB_BASIS_NONE, NULL, NULL, NULL, NULL}};

const acbl_club_special *acbl_club_special_find(const char *name)
{
    for (const acbl_club_special *s = specials; name && s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}
