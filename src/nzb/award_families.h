/* NZ award families called by the dispatcher award.c.  Internal to src/nzb. */
#ifndef BMP_NZB_AWARD_FAMILIES_H
#define BMP_NZB_AWARD_FAMILIES_H

#include "nzb/award_ctx.h"

/* session.c: session C and the session-winner bonus. */
bmp_status nzb_session_awards(nzb_ctx *c, int factor, bool bonus, const char *c_rule,
                              const char *c_sec);
/* matches.c: match-play awards; *max_deals gets the most deals a side played. */
bmp_status nzb_match_awards(nzb_ctx *c, int factor, char letter, const char *rule,
                            const char *section, int *max_deals);
/* overall.c: overall placings and the 8B non-Open pair bonus. */
const bmp_group *nzb_stage_of(const bmp_event *ev, const bmp_contestant *ct);
int nzb_stage_offset(const bmp_event *ev, const bmp_group *g);
bmp_status nzb_overall_awards(nzb_ctx *c, int field);
bmp_status nzb_non_open_bonus(nzb_ctx *c, int field);

#endif
