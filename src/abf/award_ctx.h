/* ABF awards: the per-event context and helpers (award_ctx.c) shared by the
 * dispatcher award.c and the families session.c (4.2.1, 4.2.5),
 * match_awards.c (4.2.3) and outright.c (4.3).  It declares nothing of the
 * dispatcher or the families (award_families.h): no include circle.
 * Internal to src/abf. */
#ifndef BMP_ABF_AWARD_CTX_H
#define BMP_ABF_AWARD_CTX_H

#include "abf/abf_internal.h"

typedef struct abf_ctx {
    const bmp_event *ev;
    const abf_grade *g;
    bool teams;          /* teams weights (4.1.2 team shares) */
    bool top_third;      /* places to the top third (4.1.1: teams, Butler) */
    bool individual;
    bool table_route;    /* 3.1.3 table x factor instead of formula with W (AMB-2) */
    bmp_round_mode mode;
    int64_t fnum, fden;  /* event factor: master x restriction x reduced championship */
    char fdesc[256];
    const abf_national *nat;
    int accel;           /* 5.4.2 extra sessions */
    bool tour;           /* a Bridge Tour or Cruise (5.1.2) */
    double amplify;      /* 7.5.2 table amplification */
    bmp_awards *out;
    bmp_error *err;
} abf_ctx;

/* The winner's award of a field: Mitchell (1), Howell (2) or outright (3). */
typedef struct abf_winner_spec {
    int kind; /* 1 Mitchell, 2 Howell, 3 outright */
    int tables, sessions;
} abf_winner_spec;

/* "$.path: message" (the CLI prefixes the file name). */
bmp_status abf_fail_at(const abf_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int abf_ctx_weight(const abf_ctx *c);
void abf_fmt_pts(bmp_points p, char *buf, size_t n);
void abf_team_share(const abf_ctx *c, const bmp_contestant *ct, int64_t *num, int64_t *den);
const char *abf_team_share_text(int64_t num, int64_t den);
bmp_status abf_emit(abf_ctx *c, size_t ci, const char *kind, const char *ranking, bmp_place place,
                    bmp_points pts, const char *rule, const char *section, double min_part,
                    const char *explain);
bool abf_place_value(const abf_ctx *c, abf_winner_spec s, int paid, int lo, int hi, core_exact *out,
                     char *how, size_t hown);
int abf_count_in_group(const bmp_event *ev, const char *group);

#endif
