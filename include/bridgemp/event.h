/* bridgemp: the event model.
 *
 * One structure carries every event the four bodies' regulations describe:
 * pairs, teams, individual, Swiss, BAM, knockouts, round robins, Butler,
 * congress events, club sessions ...  Common structure is typed; what only
 * one body needs (ABF acceleration factor, EBU scale, ACBL KO bracket average)
 * travels in a small typed key/value bag (bmp_params) on the event, each
 * group and each contestant, so that a body's rules can grow without changing
 * the model.  docs/event-format.md documents the JSON form.
 *
 * Ownership: a bmp_event and everything under it is owned by the event and
 * released by bmp_event_free.  A loader may keep the event's many small
 * strings (contestants' and players' ids and names, rankings, matches) in
 * a few blocks of the event's own (bmp_event.strings) instead of one heap
 * copy each: such a string is not to be passed to free() or realloc().  To
 * change a string field, store a pointer to your own malloc'd string (or
 * NULL) without freeing the old one: bmp_event_free frees every string
 * field that does not lie inside the event's blocks, so the one you stored
 * is freed with the event, and the loader's old one with its block.
 * Everything else (the arrays, the params' items) is a heap allocation as
 * before, and a string of a params bag is a heap copy or a shared constant
 * (never freed).
 */
#ifndef BRIDGEMP_EVENT_H
#define BRIDGEMP_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/place.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bmp_event_kind {
    BMP_KIND_UNKNOWN = 0,
    BMP_KIND_PAIRS,
    BMP_KIND_TEAMS,        /* teams of four, scored as a multi-team event */
    BMP_KIND_INDIVIDUAL,
    BMP_KIND_SWISS_PAIRS,
    BMP_KIND_SWISS_TEAMS,
    BMP_KIND_BAM,          /* board-a-match teams */
    BMP_KIND_KNOCKOUT,
    BMP_KIND_ROUND_ROBIN,
    BMP_KIND_BUTLER,       /* pairs in a teams event, Butler scored */
    BMP_KIND_TEAM_OF_TWO,
    BMP_KIND_MATCH,        /* a single teams match / series */
    BMP_KIND__COUNT
} bmp_event_kind;

const char *bmp_event_kind_name(bmp_event_kind k);
bmp_event_kind bmp_event_kind_parse(const char *s); /* BMP_KIND_UNKNOWN if bad */
bool bmp_event_kind_is_teams(bmp_event_kind k);

typedef enum bmp_movement {
    BMP_MOVEMENT_UNSPECIFIED = 0,
    BMP_MOVEMENT_ONE_WINNER,  /* Howell, arrow-switched Mitchell, teams */
    BMP_MOVEMENT_TWO_WINNER   /* Mitchell, NS and EW ranked separately */
} bmp_movement;

/* Typed key/value bag for body-specific facts. */
typedef enum bmp_param_type { BMP_PARAM_NUMBER, BMP_PARAM_STRING, BMP_PARAM_BOOL } bmp_param_type;

typedef struct bmp_param {
    char *key;
    bmp_param_type type;
    double number;
    char *string;
    bool boolean;
} bmp_param;

typedef struct bmp_params {
    bmp_param *items;
    size_t count;
} bmp_params;

const bmp_param *bmp_params_get(const bmp_params *p, const char *key);
double bmp_params_number(const bmp_params *p, const char *key, double dflt);
const char *bmp_params_string(const bmp_params *p, const char *key, const char *dflt);
bool bmp_params_bool(const bmp_params *p, const char *key, bool dflt);
bool bmp_params_has(const bmp_params *p, const char *key);

/* What a body accepts in a params bag: checked by bmp_params_check so that
 * a typo or a wrong type is an error naming its path, never a silently
 * different award. */
typedef enum bmp_param_range {
    BMP_RANGE_ANY,      /* no range check (or checked where it is used) */
    BMP_RANGE_WHOLE0,   /* a whole number >= 0 */
    BMP_RANGE_WHOLE1,   /* a whole number >= 1 */
    BMP_RANGE_POSITIVE, /* a number > 0 */
    BMP_RANGE_NONNEG,   /* a number >= 0 */
    BMP_RANGE_FRACTION  /* 0 to 1 */
} bmp_param_range;

/* One accepted parameter: what bmp_params_check enforces (key, type,
 * range, allowed values) and what `bridgemp params BODY` prints (default,
 * unit, rule, doc). */
typedef struct bmp_param_spec {
    const char *key;       /* NULL ends the list */
    bmp_param_type type;
    bmp_param_range range; /* numbers only */
    const char *rule;      /* rule ID named in a type error, or NULL */
    const char *values;    /* strings: allowed values "a|b|c" (exact), NULL = any */
    const char *dflt;      /* the value used when absent, as text, or NULL (none) */
    const char *unit;      /* "tables", "sessions", "masterpoints" ..., or NULL */
    const char *doc;       /* one line */
    unsigned flags;        /* BMP_PARAM_* flags below */
} bmp_param_spec;

/* The body checks the value itself (with a message naming the rule), so
 * bmp_params_check checks only the type; `values` is documentation. */
#define BMP_PARAM_BODY_CHECKED 1u

/* Check every param in p against spec.  Errors (without a file name; the
 * caller adds it): "<path>.params.<key>: unknown <BODY> parameter (expected
 * one of: ...)", "...: expected true or false (ACBL-19)", "...: expected a
 * whole number >= 1, got 2.5" (BMP_ERANGE), "...: expected one of a, b, got
 * \"c\"".  Dotted keys ("usebio.version", "mp.green") are importers' file
 * metadata and are not checked. */
bmp_status bmp_params_check(const bmp_params *p, const bmp_param_spec *spec, const char *path,
                            const char *body, bmp_error *err);

/* Where a params bag sits in an event. */
typedef enum bmp_param_level {
    BMP_PARAM_EVENT,
    BMP_PARAM_GROUP,
    BMP_PARAM_CONTESTANT,
    BMP_PARAM_PLAYER,
    BMP_PARAM_MATCH,
    BMP_PARAM_LEVELS
} bmp_param_level;

/* A body's parameter spec: one list per level, each ended by a NULL key
 * (a NULL list accepts nothing at that level). */
typedef struct bmp_param_specs {
    const char *body; /* "ACBL", as messages name it */
    const bmp_param_spec *level[BMP_PARAM_LEVELS];
} bmp_param_specs;

const char *bmp_param_level_name(bmp_param_level l);  /* "event", "group", ... */
const char *bmp_param_type_name(bmp_param_type t);    /* "number", "string", "bool" */
const char *bmp_param_range_name(bmp_param_range r);  /* "whole >= 1", ... or "" */
/* The spec of key at level, or NULL. */
const bmp_param_spec *bmp_param_specs_find(const bmp_param_specs *s, bmp_param_level l,
                                           const char *key);

/* No masterpoint limit. */
#define BMP_NO_LIMIT (-1)

/* A group: a section, direction, flight, stratum, bracket, stage, heat ...
 * Groups carry their own table count and limits; contestants name the groups
 * they belong to. */
typedef struct bmp_group {
    char *name;
    char *type;             /* "section", "flight", "stratum", "bracket", "stage", ... */
    double tables;          /* tables (teams for team events); 0 = not stated */
    int64_t upper_limit;    /* masterpoint upper limit, BMP_NO_LIMIT if none */
    int64_t lower_limit;    /* masterpoint lower limit, BMP_NO_LIMIT if none */
    int session;            /* session number it belongs to, 0 = all */
    bmp_params params;
} bmp_group;

typedef struct bmp_player {
    char *id;               /* national ID number (ACBL player no., EBU no., ABF no., NZB no.) */
    char *name;
    double participation;   /* fraction of boards/matches played, 1.0 = all */
    bmp_params params;
} bmp_player;

/* A place in one ranking: overall, a stratum, a session/section. */
typedef struct bmp_ranking_entry {
    char *ranking;          /* "overall", a stratum/flight name, or "session:2/section:A/NS" */
    int session;            /* 0 = overall */
    char *section;          /* section name, NULL for overall */
    char *direction;        /* "NS", "EW" or NULL */
    bmp_place place;
    double score;           /* percentage, VPs, IMPs ...; NaN if not given */
    bool has_score;
} bmp_ranking_entry;

typedef struct bmp_contestant {
    char *id;               /* pair/team number as scored */
    char *name;
    bmp_place place;        /* overall place in its own group; lo = 0 if unplaced */
    char *group;            /* flight/stratum/bracket it competes in, or NULL */
    double score;
    bool has_score;
    bmp_ranking_entry *rankings;   /* further places: strata, sessions, sections */
    size_t nrankings;
    int matches_played;
    int matches_won;
    double match_wins;      /* e.g. 3.5 with halves for ties, for match awards */
    bool phantom;           /* sit-out / phantom pair: never awarded */
    bmp_player *players;
    size_t nplayers;
    bmp_params params;
} bmp_contestant;

typedef struct bmp_match {
    int round;
    char *stage;            /* "qualifying", "final", bracket name ... or NULL */
    char *home;             /* contestant ids */
    char *away;
    double home_score;      /* IMPs, VPs or boards won, as the event scores */
    double away_score;
    bool has_score;
    char *winner;           /* contestant id, "tie", or NULL (decided by score) */
    int boards;
    bmp_params params;
} bmp_match;

/* Hash lookups by contestant id and group name (opaque, owned by the event;
 * see bmp_event_reindex). */
typedef struct bmp_event_index bmp_event_index;

/* The blocks a loader keeps the event's strings in (opaque, owned by the
 * event; see "Ownership" above). */
typedef struct bmp_event_strings bmp_event_strings;

typedef struct bmp_event {
    char *source;           /* file name it came from, for messages */
    char *body;             /* "acbl", "ebu", "abf", "nzb" */
    char *edition;          /* body edition, e.g. "2003" / "current"; NULL = body default */
    char *name;
    char *date;             /* ISO 8601 yyyy-mm-dd */
    /* Identity (docs/event-format.md "Identity"); NULL = not stated. */
    char *event_id;         /* the organiser's event id (USEBIO EVENT_IDENTIFIER) */
    char *sanction;         /* sanction number or charge code (EBU UMS charge code 10/50/60) */
    char *organiser;        /* organiser (club) id (USEBIO CLUB/CLUB_ID_NUMBER) */
    bmp_event_kind kind;
    char *classification;   /* ACBL: club, unit, sectional, regional, national; others per body */
    char *rating;           /* championship, non-championship, consolation, charity ... */
    char *grade;            /* ABF grade (E, D, C, B4, A ...), NZ grade */
    char *status;           /* EBU status / scale, NZ level ... */
    int sessions;           /* sessions in the event (>= 1) */
    int boards;             /* boards played (per session for pairs, per match for teams) */
    int boards_per_match;
    bmp_movement movement;
    double tables;          /* tables entered (teams for team events) */
    int64_t upper_limit;    /* masterpoint upper limit, BMP_NO_LIMIT if none */
    int64_t lower_limit;
    char **restrictions;    /* "women", "senior", "junior", "mixed", "novice" ... */
    size_t nrestrictions;
    bmp_group *groups;
    size_t ngroups;
    bmp_contestant *contestants;
    size_t ncontestants;
    bmp_match *matches;
    size_t nmatches;
    bmp_params params;
    bmp_event_index *index; /* built by the loaders and bmp_event_reindex; NULL = none */
    bmp_event_strings *strings; /* the loader's string blocks; NULL = none (every string a heap copy) */
} bmp_event;

/* Check every params bag of ev (event, groups, matches, contestants,
 * players) against s; the first error names its JSON path. */
bmp_status bmp_params_check_event(const bmp_event *ev, const bmp_param_specs *s, bmp_error *err);

/* Load and validate an event from JSON (docs/event-format.md).  Every
 * validation error names the file, the JSON path and what was expected, e.g.
 *   "ev.json: $.contestants[3].place: expected a place such as 3, \"3=\" or
 *    \"3/4\", got true". */
bmp_status bmp_event_load_file(const char *path, bmp_event **out, bmp_error *err);
bmp_status bmp_event_load_string(const char *json, const char *source_name,
                                 bmp_event **out, bmp_error *err);

/* Write the event back as JSON (caller frees *out with free()). */
bmp_status bmp_event_to_json(const bmp_event *ev, char **out, bmp_error *err);

void bmp_event_free(bmp_event *ev);

/* Lookups: by hash in O(1) when the event's index is current, else by a
 * scan.  The first contestant (group) with the id (name) is found. */
const bmp_group *bmp_event_group(const bmp_event *ev, const char *name);
const bmp_contestant *bmp_event_contestant(const bmp_event *ev, const char *id);

/* (Re)build the event's lookup index.  The loaders do this; a caller that
 * builds an event by hand, or changes contestant ids or group names in
 * place, calls it afterwards (adding or removing contestants or groups is
 * noticed and falls back to a scan; bmp_award_event indexes on its own). */
bmp_status bmp_event_reindex(bmp_event *ev, bmp_error *err);
bool bmp_event_has_restriction(const bmp_event *ev, const char *r);

/* ---- event identity and content hash (src/io/event_hash.c) ---------- */

/* Who ran which event when: pointers borrowed from the event (NULL = not
 * stated), edition resolved to the body's default when the event names none. */
typedef struct bmp_identity {
    const char *body;
    const char *edition;
    const char *date;
    const char *event_id;
    const char *sanction;
    const char *organiser;
} bmp_identity;

void bmp_event_identity(const bmp_event *ev, bmp_identity *out);

/* SHA-256 (hex, lower case) of the event's canonical award-relevant content
 * (docs/event-format.md "Content hash"): the same for one event read from
 * JSON or USEBIO; independent of the source file name, importer metadata
 * (dotted params such as usebio.*), display names, array order and number
 * formatting.  The ledger's key for refusing a duplicate. */
#define BMP_CONTENT_HASH_HEX 65
bmp_status bmp_event_content_hash(const bmp_event *ev, char out[BMP_CONTENT_HASH_HEX],
                                  bmp_error *err);
/* The canonical text that is hashed (compact JSON, caller frees). */
bmp_status bmp_event_canonical(const bmp_event *ev, char **out, bmp_error *err);

/* The event's key (docs/event-format.md "Identity"): who ran which event
 * when, the same whichever file carries it -- the ledger's key for one
 * event, one batch:
 *   "org=<organiser>;id=<event id>;date=<date>"   the organiser's own id
 *   "name=<name>;date=<date>;club=<club>"          else: the name (lower case,
 *                                                  runs of space as one), the
 *                                                  date and the organiser, or
 *                                                  `club` (may be NULL) when
 *                                                  the file names none
 * "" when the event has no date, or neither ids nor a name.  *out is
 * malloc'ed (the caller frees it). */
bmp_status bmp_event_key(const bmp_event *ev, const char *club, char **out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
