/* `bridgemp ledger backup FILE` and `restore FILE --ledger TARGET`
 * (include/bridgemp/ledger_backup.h, docs/ledger.md "Backups"). */
#include <stdio.h>

#include "bridgemp/ledger.h"
#include "bridgemp/ledger_backup.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_backup =
    "Copy the ledger (SQLite) into the new file FILE with SQLite's online backup:\n"
    "one consistent snapshot while 'bridgemp serve' and importers run.  The copy is\n"
    "written beside FILE, verified, then put in place; an existing FILE is never\n"
    "overwritten.  Prints the copy's head (N:HASH): keep it with the file.\n"
    "PostgreSQL: pg_dump, pg_restore, then 'ledger verify' (docs/ledger.md).\n";
static const char *const help_restore =
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

static int cmd_backup(void *a) { return ledger_run(a, backup_step, NULL); }

static int cmd_restore(void *arg)
{
    ledger_args *a = arg;
    if (!a->ledger || !*a->ledger)
        return ledger_usage(a);
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

static const cli_opt opts_restore[] = {
    LOPT_REQ(ledger, "TARGET", "the SQLite ledger to restore into"),
    LFLAG(force_replace, "--force-replace", "replace an existing ledger at TARGET"),
    CLI_OPT_END};

const cli_cmd ledger_cmds_backup[] = {
    {"backup", "FILE", "a verified copy while the ledger is in use (SQLite)", help_backup, NULL,
     1, 1, cmd_backup, 0},
    {"restore", "FILE", "the copy back, verified, all or nothing", help_restore, opts_restore, 1,
     1, cmd_restore, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
