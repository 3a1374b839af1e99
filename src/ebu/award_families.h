/* EBU award families called by the dispatcher award.c (the event families
 * of ebu_internal.h — knock-outs, leagues, ladders, stratified events,
 * Green heats — are called the same way).  Internal to src/ebu. */
#ifndef BMP_EBU_AWARD_FAMILIES_H
#define BMP_EBU_AWARD_FAMILIES_H

#include "ebu/award_ctx.h"

/* What the dispatcher established about the event. */
typedef struct ebu_entry {
    ebu_band band;
    ebu_move mv;
    bool two_winner, four_winner;
    int tables;      /* full tables of this stage (4.1.3) */
    int original;    /* original entry, full tables (4.2.3) */
    int duration;    /* boards scheduled (3.9.1) */
    const char *stage;
} ebu_entry;

/* 4.1, 4.2, 4.3: ranked events without an award per match won (ranked.c). */
bmp_status ebu_ranked_event(ebu_ctx *c, const ebu_entry *e, int m4);
/* 4.5, 4.6: an award per match won plus ranking awards; stage "basic",
 * "final" or "consolation" (match_won.c). */
bmp_status ebu_match_won_event(ebu_ctx *c, int m4, ebu_move mv, int tables, int duration,
                               const char *stage);
/* 3.12.1 (EBU-41): the special scale the EBU granted, params.special_scale
 * (special.c). */
bmp_status ebu_special_scale_event(ebu_ctx *c, int m4);

#endif
