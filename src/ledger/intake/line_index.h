#ifndef BMP_LEDGER_LINE_INDEX_H
#define BMP_LEDGER_LINE_INDEX_H

#include "bridgemp/ledger.h"

/* Each of the nv lines of an event read from data: its .line the file's
 * line where its player number first appears (else unchanged). */
void ledger_lines_locate(bmp_ledger_line *v, size_t nv, const char *data, size_t len);

#endif
