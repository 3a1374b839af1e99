/* Who acts, as the audit log records it (issue 28 item 6, ledger_who.c). */
#ifndef BMP_CLI_LEDGER_WHO_H
#define BMP_CLI_LEDGER_WHO_H

#include "cli/ledger/ledger_util.h"

/* --who, else $BRIDGEMP_WHO, else the login name (the effective user's
 * passwd entry, else $LOGNAME, else $USER), else "uid N": never a default
 * that names nobody.  buf holds the result when it is not an argument's. */
const char *cli_ledger_who(const ledger_args *a, char buf[64]);

#endif
