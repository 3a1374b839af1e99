/* The batch holding the same content, and who may be told of it
 * (duplicate.c, issue 45). */
#ifndef BMP_LEDGER_DUPLICATE_H
#define BMP_LEDGER_DUPLICATE_H

#include "ledger/ledger_internal.h"

/* Batch `holder` is another club's and the caller sees its own club's
 * only (o->club_view): it is not named.  false when the query cannot
 * settle it (the batch is then named, as before). */
bool ledger_holder_elsewhere(bmp_ledger *l, const bmp_ledger_import_opts *o, int64_t holder);
/* EINVAL "FILE: already submitted by another club (the same WHAT) ...". */
bmp_status ledger_refuse_elsewhere(const char *file, const char *what, bmp_error *err);
/* The same content is refused, naming the batch that holds it (*dup; 0
 * and not named when it is another club's, ledger_holder_elsewhere). */
bmp_status ledger_refuse_duplicate(bmp_ledger *l, const ledger_body *b,
                                   const bmp_ledger_import_opts *o, const char *file,
                                   const char *hash, int64_t *dup, bmp_error *err);
/* After a failed commit: a concurrent importer may have won the UNIQUE
 * key; the error then names its batch (as above). */
bmp_status ledger_explain_lost_race(bmp_ledger *l, const ledger_body *b,
                                    const bmp_ledger_import_opts *o, const char *file,
                                    const char *hash, bmp_status rc, bmp_error *err);

#endif
