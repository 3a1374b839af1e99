/* A checked batch's lines written: credited ones into the journal, held
 * ones into held (journal_write.c).  Internal to src/ledger. */
#ifndef BMP_LEDGER_JOURNAL_WRITE_H
#define BMP_LEDGER_JOURNAL_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "bridgemp/ledger.h"

/* A line as checked: the player credited, or why it is held. */
typedef struct ledger_resolved {
    int64_t player;       /* 0 = held */
    const char *number;   /* normalised */
    const char *why;      /* held: the reason */
} ledger_resolved;

/* Lines lines[0..n) of batch `id`, inside the caller's transaction: the
 * journal's rows in line order (ids ascending with the lines). */
bmp_status ledger_journal_write(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                const ledger_resolved *rv, size_t n, bmp_error *err);

#endif
