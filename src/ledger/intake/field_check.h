/* A field claimed, checked against the contestants listed (field_check.c;
 * issue 45, ruling L-45-2). */
#ifndef BMP_LEDGER_FIELD_CHECK_H
#define BMP_LEDGER_FIELD_CHECK_H

#include "bridgemp/awards.h"
#include "bridgemp/event.h"

/* EINVAL naming file `name` when ev's stated tables are fewer than its
 * pairs listed, more than a whole field listed (given: the awards of ev
 * as claimed), or pay a place the file does not list. */
bmp_status ledger_field_check(const bmp_event *ev, const bmp_awards *given, const char *name,
                              bmp_error *err);

#endif
