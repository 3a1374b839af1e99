/* NZ award computation: the context and helpers (award_ctx.c) shared by the
 * dispatcher award.c and the families session.c, matches.c, overall.c.  It
 * declares nothing of the dispatcher or the families (award_families.h): no
 * include circle. */
#ifndef BMP_NZB_AWARD_CTX_H
#define BMP_NZB_AWARD_CTX_H
#include "nzb/nzb_internal.h"

typedef struct nzb_ctx {
    const bmp_event *ev;
    bmp_awards *out;
    bmp_error *err;
    const nzb_grade *g; /* NULL for interprovincial events without a grade */
    bool teams;         /* a teams-like kind: teams grid, match play */
    bool swiss_pairs;   /* pairs grid, match play */
    bool club;          /* 40C */
    const char *ip;     /* interprovincial: "trials" / "championship", or NULL */
    const char *ip_cat; /* its category */
} nzb_ctx;

/* "path: message" error (the CLI prefixes the file name). */
bmp_status nzb_fail(const nzb_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
const char *nzb_fmtp(bmp_points p, char *buf, size_t n);
/* "open" 2, "intermediate" 1, "junior" 0, NULL -1, anything else -2. */
int nzb_grading_rank(const char *g);
/* One award (points per player) to contestant ci, all players or one;
 * non-eligible players handled here (NZ-7, NZ-8, NZ-12, NZ-15). */
bmp_status nzb_emit(nzb_ctx *c, size_t ci, int player, const char *kind, const char *ranking,
                    bmp_place place, bmp_points pts, char letter, const char *rule,
                    const char *section, const char *explain);

#endif
