/* Sections of a secretary's view (include/bridgemp/ledger_secretary.h):
 * one bmp_table per section, each filled from a query (sections.c). */
#ifndef BMP_LEDGER_SECTIONS_H
#define BMP_LEDGER_SECTIONS_H

#include "bridgemp/ledger_secretary.h"
#include "ledger/ledger_internal.h"

/* A new section titled `title` at the end of s (*t: its table). */
bmp_status ledger_section_add(bmp_ledger_sections *s, const char *title, bmp_table **t,
                              bmp_error *err);
/* A section's table from a query: lq_table (store/query.h). */

#endif
