/* bridgemp: ACBLscore's binary game files (.ACA .ACM .ACE, docs/acblscore.md).
 *
 * An ACBL club scores its games with ACBLscore, which keeps each session in
 * a binary "game file": the club and its sanction, one or more events, each
 * with its strats, rating, sections, entries, players and the masterpoints
 * ACBLscore awarded.  The layout is the one described publicly by Matthew
 * Kidd ("ACBLscore Game Files Decoded"), checked against real files.
 *
 * bmp_acblscore_read_memory reads the whole file into plain structures
 * (every read checked against the file's size: a damaged file is an error
 * naming the file, the byte offset and the structure).
 * bmp_acblscore_event_json / bmp_acblscore_to_event turn one of its events
 * into the event model (body "acbl"), the stored awards as carried points
 * (contestant params "mp.<colour>", hundredths: bmp_usebio_file_awards takes
 * them, the ledger's carried check compares them). */
#ifndef BRIDGEMP_ACBLSCORE_H
#define BRIDGEMP_ACBLSCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/usebio.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_ACBLSCORE_MAX_STRATS 3
#define BMP_ACBLSCORE_MAX_PLAYERS 6
#define BMP_ACBLSCORE_MAX_AWARDS 3

/* One masterpoint award line ACBLscore stored (hundredths, a colour). */
typedef struct bmp_acblscore_award {
    int64_t points;       /* hundredths of a masterpoint */
    int colour_code;      /* 1 black, 2 silver, 3 red, 4 gold, 5 platinum */
    const char *colour;   /* "black" ... "platinum" (static), NULL for another code */
    bool overall;         /* an overall award (else a section award) */
    char strat;           /* the letter of the strat it was won in, 0 if not said */
} bmp_acblscore_award;

typedef struct bmp_acblscore_player {
    char last[17], first[17];
    char number[8];       /* ACBL player number, "" if none */
    char city[17], state[3];
    int masterpoints;     /* the player's total at the game, as ACBLscore had it */
    char rank_letter;     /* ACBL rank code (' ' rookie, 'A' junior master ...) */
    /* What ACBLscore awarded: the "total" set (in a one-session club game
     * the larger of the overall and section award), and the "current" set
     * (there the section award). */
    bmp_acblscore_award awards[BMP_ACBLSCORE_MAX_AWARDS];
    size_t nawards;
    bmp_acblscore_award section_awards[BMP_ACBLSCORE_MAX_AWARDS];
    size_t nsection_awards;
} bmp_acblscore_player;

/* An entry's places in one strat (0: not placed there). */
typedef struct bmp_acblscore_rank {
    int section_lo, section_hi;  /* section (direction) place for awards; hi > lo: a tie */
    int overall_lo, overall_hi;  /* overall place for awards */
    int in_section;              /* place in its section and direction */
} bmp_acblscore_rank;

typedef struct bmp_acblscore_entry {
    int number;                  /* pair (team, player) number */
    char direction[3];           /* "NS", "EW"; "" for a Howell, teams */
    uint32_t offset;             /* where the entry starts in the file */
    int64_t score;               /* final score, hundredths (matchpoints ...) */
    int percentage;              /* hundredths of a per cent */
    int strat;                   /* 1-based index into the event's strats, 0 none */
    int eligibility;             /* raw code: 0 eligible for awards */
    bmp_acblscore_rank ranks[BMP_ACBLSCORE_MAX_STRATS];
    bmp_acblscore_player players[BMP_ACBLSCORE_MAX_PLAYERS];
    size_t nplayers;
} bmp_acblscore_entry;

typedef struct bmp_acblscore_section {
    char letter[3];
    uint32_t offset;             /* the section details structure */
    int movement;                /* raw code: 0 Mitchell, 1 Howell ... */
    const char *movement_name;   /* "Mitchell", "Howell" ... (static) */
    int tables, boards, highest_pair;
    int phantom;                 /* pair number of a phantom: > 0 NS, < 0 EW, 0 none */
    int summary;                 /* its slot in the file's section summaries (1-based) */
    int ranked_with;             /* the first section (its slot) of those ranked together
                                  * for section awards (its own slot when alone) */
    bmp_acblscore_entry *entries;
    size_t nentries;
} bmp_acblscore_section;

typedef struct bmp_acblscore_strat {
    char letter;
    int min_mp, max_mp;          /* masterpoint limits; max 0: none */
    int64_t first_overall;       /* hundredths */
    int overall_depth;
} bmp_acblscore_strat;

typedef struct bmp_acblscore_event {
    int id;                      /* 1-based slot in the file */
    uint32_t offset;             /* the event details structure */
    int type;                    /* 0 pairs, 1 teams, 2 individual, 3 home style, 4 BAM ... */
    const char *type_name;
    int scoring;                 /* 0 matchpoints ... */
    const char *scoring_name;
    char name[32], session_name[16], director[20], sanction[12], date_text[22];
    char club_name[28], club_number[8], event_code[8];
    char date[11];               /* ISO yyyy-mm-dd from date_text, "" if unreadable */
    int rating;                  /* raw rating code (game type: club, NAP club level ...) */
    const char *rating_name;     /* ACBLscore's name, NULL for a code not known */
    int club_game_type;          /* raw: 0 open, 1 invitational/restricted, 2 novice ... */
    const char *club_game_type_name;
    int session, nsessions, club_session;
    bool tournament;
    bmp_acblscore_strat strats[BMP_ACBLSCORE_MAX_STRATS];
    size_t nstrats;
    bmp_acblscore_section *sections;
    size_t nsections;
} bmp_acblscore_event;

typedef struct bmp_acblscore_file {
    size_t size;
    int version;                 /* ACBLscore version x 100 (e.g. 846) */
    bmp_acblscore_event *events;
    size_t nevents;
} bmp_acblscore_file;

/* True when the bytes begin with an ACBLscore game file's magic. */
bool bmp_acblscore_sniff(const void *data, size_t len);
/* True when the name ends in .ACA, .ACM, .ACE or .ACL (any case). */
bool bmp_acblscore_name(const char *name);

/* Read a game file.  Errors name the file, the offset and the structure:
 *   "GAME.ACA: offset 0x1a2c: pair entry 7NS of section B: length 402 runs
 *    past the end of the file (size 40960)" (BMP_EPARSE); a layout not read
 * yet (an individual event's Mitchell section) is BMP_ENOTSUP.  Free with
 * bmp_acblscore_free. */
bmp_status bmp_acblscore_read_memory(const void *data, size_t len, const char *source_name,
                                     bmp_acblscore_file **out, bmp_error *err);
void bmp_acblscore_free(bmp_acblscore_file *f);

/* The event slug of a rating: "nap-club", "charity" ..., or
 * "acblscore-rating-<N>" (buf) for a code not known. */
const char *bmp_acblscore_rating_slug(int rating, char *buf, size_t size);

/* Event i (0-based) of f as a JSON event (docs/event-format.md; caller
 * frees): body "acbl" unless opts say another, classification from the
 * rating, strata, section places, stored awards as "mp.<colour>". */
bmp_status bmp_acblscore_event_json(const bmp_acblscore_file *f, size_t i, const char *source_name,
                                    const bmp_usebio_opts *opts, char **out, bmp_error *err);
/* The same as a loaded event, opts applied (bmp_usebio_apply_opts). */
bmp_status bmp_acblscore_to_event(const bmp_acblscore_file *f, size_t i, const char *source_name,
                                  const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err);

/* Read the file and convert its event `index` (0-based); *nevents (may be
 * NULL) gets the file's number of events.  An index past them is EINVAL. */
bmp_status bmp_acblscore_read_event(const void *data, size_t len, const char *source_name,
                                    size_t index, const bmp_usebio_opts *opts, bmp_event **out,
                                    size_t *nevents, bmp_error *err);

#ifdef __cplusplus
}
#endif

#endif
