/* bridgemp: NZ Bridge Scorer's own XML (`<session>` files, docs/nzscorer.md).
 *
 * The NZ clubs' Scorer writes a session as <session> with its <sections>
 * (tables, room, handicap), <board_results> and <scores>: the pairs with
 * their players' NZB numbers, scores, places and the C points awarded
 * (`cpoints`).  The reader turns one into the event model, the body nzb
 * unless opts say another, cpoints as carried points (contestant params
 * "mp.c", hundredths: bmp_usebio_file_awards takes them). */
#ifndef BRIDGEMP_NZSCORER_H
#define BRIDGEMP_NZSCORER_H

#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/usebio.h"

#ifdef __cplusplus
extern "C" {
#endif

/* True when the bytes are XML whose root element is <session> (after an
 * optional BOM, white space, an XML declaration and comments). */
bool bmp_nzscorer_sniff(const char *data, size_t len);

/* Read a Scorer session.  opts (may be NULL) as for USEBIO: body (default
 * nzb), edition, grade (default 40C: a club session's C points, NZ-26),
 * sidecar, set.  Errors name the file, the XML line and the element. */
bmp_status bmp_nzscorer_read_memory(const char *data, size_t len, const char *source_name,
                                    const bmp_usebio_opts *opts, bmp_event **out,
                                    bmp_error *err);

#ifdef __cplusplus
}
#endif

#endif
