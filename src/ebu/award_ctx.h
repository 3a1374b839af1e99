/* EBU awards: the per-event context and helpers (award_ctx.c) shared by
 * the dispatcher award.c and the award families (match_won.c, ranked.c,
 * and the event families of ebu_internal.h).  It declares nothing of the
 * dispatcher or the families (award_families.h): no include circle.
 * Internal to src/ebu. */
#ifndef BMP_EBU_AWARD_CTX_H
#define BMP_EBU_AWARD_CTX_H

#include "ebu/ebu_internal.h"

typedef struct ebu_ctx {
    const bmp_event *ev;
    bmp_awards *out;
    bmp_error *err;
    bool blue;        /* Blue Point event: Local scale / 100 (5.4.1) */
    bool sim;         /* EBU Sim Pairs: each award 25 % Blue / 75 % Local (5.1.2) */
    const char *colour;
    bool ws_counted;  /* nws is known (counted once, by ebu_eligible_place) */
    size_t nws;       /* contestants playing without standing (2.10) */
} ebu_ctx;

/* "$.path: message" (the CLI prefixes the file name). */
bmp_status ebu_fail(ebu_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* An event-level derivation note. */
bmp_status ebu_note(ebu_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Format whole Local Points (or Blue) for an explanation. */
void ebu_fmt_pts(bmp_points p, char *buf, size_t n);
/* Emit `local` whole Local Points (hundredths), in Blue for a Blue Point
 * event (5.4.1), to the eligible players (3.3.2). */
bmp_status ebu_emit_local(ebu_ctx *c, size_t ci, const char *kind, const char *ranking,
                          bmp_place place, bmp_points local, const char *rule,
                          const char *section, const char *explain);
/* 2.10 (EBU-9): playing without standing. */
bool ebu_without_standing(const bmp_contestant *ct);
/* The place of contestant ci in ranking dir (NULL: overall), moved up past
 * the contestants without standing placed above it. */
bmp_place ebu_eligible_place(ebu_ctx *c, size_t ci, const char *dir);
/* Contestants with standing ranked in dir (NULL: overall). */
int ebu_count_ranked(const bmp_event *ev, const char *dir);
/* Award every contestant of the ranking(s) from scale s. */
bmp_status ebu_award_ranking(ebu_ctx *c, const ebu_scale *s, bool two_winner, const char *kind,
                             const char *rule, const char *section, const char *what);
bool ebu_teams_like_kind(bmp_event_kind k);
/* 4.5.1: boards_per_match, else the shortest match listed (0: none). */
int ebu_match_length(const bmp_event *ev);

#endif
