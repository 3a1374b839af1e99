/* ACBL knockout teams, the event: its brackets (ko_brackets.c) and the
 * awards computed over them (ko_event.c).  Internal to src/acbl. */
#ifndef BMP_ACBL_KO_EVENT_H
#define BMP_ACBL_KO_EVENT_H

#include "acbl/ko.h"

typedef struct ko_bracket {
    const bmp_group *g;
    const char *name;
    const bmp_params *params;
    int teams;           /* original entry */
    double credited;     /* teams for B / the reduction factor (ACBL-49) */
    int largest;         /* ACBL-49 split: the largest group's teams, 0 = not split */
    int peer;            /* ACBL-49: 1 + index of the first group of its split, 0 = none */
    int64_t ul;
    double m, avg_mp, top_avg;
    bool has_top_avg;
    int rounds, flight_rank;
    bool nonpow2, down12;
    double real;
    bmp_points first;
} ko_bracket;

typedef struct ko_ctx {
    const bmp_event *ev;
    acbl_edition ed;
    acbl_class cls;
    acbl_rating rating;
    double k, l, p;
    int boards, nrestr;
    bool compact, consolation, junior;
    const char *sec; /* "2003 p.4" / "later §II" */
    ko_bracket *br;
    size_t nbr;
} ko_ctx;

/* Whether contestant ct plays in bracket k. */
bool acbl_ko_in_bracket(const ko_ctx *c, const bmp_contestant *ct, size_t k);
/* The brackets of the event with their fields (ACBL-25..28, 36..38, 49):
 * fills c->br (caller frees) and c->nbr. */
bmp_status acbl_ko_collect(ko_ctx *c, bmp_awards *out, bmp_error *err);

#endif
