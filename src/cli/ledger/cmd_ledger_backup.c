/* `bridgemp ledger backup FILE` and `restore FILE --ledger TARGET`
 * (include/bridgemp/ledger_backup.h, docs/ledger.md "Backups"). */
#include <stdio.h>

#include "bridgemp/ledger.h"
#include "bridgemp/ledger_backup.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_backup =
    "usage: bridgemp ledger [--db LEDGER] backup FILE\n\n"
    "Copy the ledger (SQLite) into the new file FILE with SQLite's online backup:\n"
    "one consistent snapshot while 'bridgemp serve' and importers run.  The copy is\n"
    "written beside FILE, verified, then put in place; an existing FILE is never\n"
    "overwritten.  Prints the copy's head (N:HASH): keep it with the file.\n"
    "PostgreSQL: pg_dump, pg_restore, then 'ledger verify' (docs/ledger.md).\n";
static const char *const help_restore =
    "usage: bridgemp ledger restore FILE --ledger TARGET [--force-replace]\n\n"
    "Restore the backup FILE as the SQLite ledger TARGET, all or nothing: a\n"
    "backup that fails verify is refused, FILE itself is never changed.  An\n"
    "existing ledger at TARGET is refused unless --force-replace: then its whole\n"
    "content is replaced in one transaction.  Prints the restored ledger's head.\n";

static void put_head(const char *what, const char *file, const bmp_ledger_head *h)
{
    char buf[128];
    bmp_ledger_head_format(h, buf, sizeof buf);
    printf("%s %s: verified, head %s\n", what, file, buf);
}

static bmp_status backup_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    bmp_ledger_head h;
    bmp_status st = bmp_ledger_backup(l, a->pos[1], &h, p, e);
    if (!st)
        put_head("backup", a->pos[1], &h);
    return st;
}

static int cmd_backup(ledger_args *a) { return ledger_run(a, backup_step, NULL); }

static int cmd_restore(ledger_args *a)
{
    if (!a->ledger || !*a->ledger)
        return ledger_usage(a, help_restore);
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_ledger_head h;
    bmp_status st = bmp_ledger_restore(a->pos[1], a->ledger, a->force_replace, &h, &p, &e);
    if (!st)
        put_head("restored into", a->ledger, &h);
    int rc = st ? ledger_fail_problems(&p, &e, st) : 0;
    bmp_problems_free(&p);
    return rc;
}

const ledger_cmd ledger_cmds_backup[] = {
    {"backup", help_backup, 0, 1, 1, cmd_backup},
    {"restore", help_restore, LO(LEDGER) | LO(FORCE_REPLACE), 1, 1, cmd_restore},
    {NULL, NULL, 0, 0, 0, NULL}};
