/* bridgemp ledger: backups and restores of a SQLite ledger (docs/ledger.md
 * "Audit and backups").  A PostgreSQL ledger is copied with the server's own
 * pg_dump and pg_restore, then `ledger verify`: both functions answer
 * BMP_ENOTSUP there, naming the tool. */
#ifndef BRIDGEMP_LEDGER_BACKUP_H
#define BRIDGEMP_LEDGER_BACKUP_H

#include <stdbool.h>
#include "bridgemp/ledger.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Copy the open ledger into the new file `file` with SQLite's online backup
 * API: one consistent snapshot, taken while the server and importers go on
 * writing (what they commit after the snapshot is not in the copy).  The
 * copy is written to a temporary file in file's folder, verified
 * (bmp_ledger_verify: problems listed in probs when not NULL), then linked
 * into place; an existing `file` is never overwritten (BMP_EINVAL) and on
 * any failure nothing is left behind.  head (may be NULL) gets the copy's
 * head: the chain it holds, to compare with the live ledger's. */
bmp_status bmp_ledger_backup(bmp_ledger *l, const char *file, bmp_ledger_head *head,
                             bmp_problems *probs, bmp_error *err);

/* Restore the backup `file` as the SQLite ledger `target`, all or nothing:
 * the backup is copied to a temporary file beside target (the backup file
 * itself is never changed, nor migrated), brought to this program's schema
 * and verified; a copy that fails verify is refused (problems in probs).
 * A target that does not exist is created by linking the verified copy into
 * place.  An existing ledger is refused (BMP_EINVAL) unless `replace`: then
 * its whole content is replaced in one transaction (a server or importer
 * using it sees the old ledger or the restored one, nothing between).
 * head (may be NULL) gets the restored ledger's head. */
bmp_status bmp_ledger_restore(const char *file, const char *target, bool replace,
                              bmp_ledger_head *head, bmp_problems *probs, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
