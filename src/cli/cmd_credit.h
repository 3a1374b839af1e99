/* bridgemp CLI: ABF credit files (cmd_credit.c). */
#ifndef BMP_CLI_CMD_CREDIT_H
#define BMP_CLI_CMD_CREDIT_H

#include <stdbool.h>

#include "bridgemp/bridgemp.h"

/* bridgemp credit check|show|merge ...: cli_cmds_credit (cli_cmds.h). */
/* award --format abf-credit --output PREFIX: write PREFIX.grn/.red/.gld and
 * list them on stdout. */
bmp_status cli_award_credit(const bmp_event *ev, const bmp_awards *aw, const char *prefix,
                            bool check_digit, bmp_error *err);

#endif
