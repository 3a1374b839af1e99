/* Texts checked at the door (src/core/text_safe.c's core_text_fault and
 * core_name_fault): what the ledger refuses to store, with the field named
 * (docs/ledger.md "What the ledger refuses").  Internal to src/ledger. */
#ifndef BMP_LEDGER_TEXT_DOOR_H
#define BMP_LEDGER_TEXT_DOOR_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/event.h"
#include "bridgemp/ledger.h"
#include "core/text_safe.h"

/* 1, and the problem "WHEREFIELD: why" in p, when s is not a name the
 * ledger stores (at most max bytes); 0 when it is.  where: "file:line: " or "". */
size_t ledger_name_bad(bmp_problems *p, const char *where, const char *field, const char *s,
                       size_t max);
/* The same for a free text (a reason, an event's note). */
size_t ledger_text_bad(bmp_problems *p, const char *where, const char *field, const char *s,
                       size_t max);
/* BMP_EINVAL "FIELD: why" for one value (name: also the formula check). */
bmp_status ledger_text_check(const char *field, const char *s, size_t max, bool name,
                             bmp_error *err);
/* An event's texts: its name, identity and grading fields, every
 * contestant's and player's name and id; each fault listed as
 * "FILE: contestants[2].players[0].name: ...", BMP_EINVAL if any. */
bmp_status ledger_event_texts(const bmp_event *ev, const char *file, bmp_problems *probs,
                              bmp_error *err);
/* An import's own texts: the file's name, --club, --reason. */
bmp_status ledger_import_texts(const char *file, const char *club, const char *reason,
                               bmp_error *err);

#endif
