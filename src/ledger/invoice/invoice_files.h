/* Documents written before the commit that makes them true (issue 28
 * item 5, invoice_files.c): the folder is made (or refused) and every
 * document written to a temporary file beside its name first; after the
 * commit they are renamed into place, after a rollback removed. */
#ifndef BMP_LEDGER_INVOICE_FILES_H
#define BMP_LEDGER_INVOICE_FILES_H

#include "bridgemp/ledger_invoice.h"
#include "ledger/ledger_internal.h"

typedef struct ledger_staged {
    char **tmp, **final;
    size_t n, cap;
} ledger_staged;

/* Make dir and its missing parents (0777 less the umask); EIO naming the
 * path when one is not a folder or cannot be made. */
bmp_status ledger_dir_make(const char *dir, bmp_error *err);
/* Invoice `number` of body b as dir/<number>.<ext>, written to a temporary
 * file (flushed, fsync'ed) and recorded in s. */
bmp_status ledger_stage_invoice(bmp_ledger *l, const ledger_body *b, const char *number,
                                const char *dir, bmp_invoice_format fmt, ledger_staged *s,
                                bmp_error *err);
/* Rename every staged file into place (then the folder synced); frees s. */
bmp_status ledger_stage_commit(ledger_staged *s, bmp_error *err);
/* Remove every staged temporary file; frees s. */
void ledger_stage_discard(ledger_staged *s);

#endif
