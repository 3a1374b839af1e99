/* Sections of a secretary's view (include/bridgemp/ledger_secretary.h):
 * one bmp_table per section, each filled from a query (sections.c). */
#ifndef BMP_LEDGER_SECTIONS_H
#define BMP_LEDGER_SECTIONS_H

#include "bridgemp/ledger_secretary.h"
#include "ledger/ledger_internal.h"

/* A new section titled `title` at the end of s (*t: its table). */
bmp_status ledger_section_add(bmp_ledger_sections *s, const char *title, bmp_table **t,
                              bmp_error *err);
/* Fill t from a query: the columns' names are the headings; a column whose
 * name ends in "points" holds hundredths, printed as 12.34. */
bmp_status ledger_section_sql(bmp_ledger *l, bmp_table *t, bmp_error *err, const char *sql,
                              const char *fmt, ...);

#endif
