/* ABF award families, called by the dispatcher award.c: each computes one
 * family of awards for the event in *c.  Internal to src/abf. */
#ifndef BMP_ABF_AWARD_FAMILIES_H
#define BMP_ABF_AWARD_FAMILIES_H

#include "abf/award_ctx.h"

/* 4.2.1, 4.2.2, 4.2.5: session awards (session.c). */
bmp_status abf_session_awards(abf_ctx *c);
/* 4.2.3: match awards (match_awards.c). */
bmp_status abf_match_awards(abf_ctx *c);
/* 4.3: outright awards (outright.c). */
bmp_status abf_outright_awards(abf_ctx *c);

#endif
