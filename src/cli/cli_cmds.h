/* The commands of bridgemp: each file's section of the one table (cli_cmd,
 * cli/common/cmdline.h; src/cli/main.c joins them), each entry's run called
 * with a cli_call.  Exit codes as in cli_io.h. */
#ifndef BMP_CLI_CMDS_H
#define BMP_CLI_CMDS_H

#include "cli/common/cmdline.h"

/* What a command is called with: the program (its table), and the parse:
 * the command, its options as given, its positional words. */
typedef struct cli_call {
    const cli_prog *prog;
    const cli_parsed *p;
    char **argv; /* the line after "bridgemp" as it is (CLI_RAW commands) */
} cli_call;

extern const cli_cmd cli_cmds_io[];     /* cmd_io.c: award, convert, validate */
extern const cli_cmd cli_cmds_scale[];  /* cmd_scale.c */
extern const cli_cmd cli_cmds_params[]; /* cmd_params.c */
extern const cli_cmd cli_cmds_bodies[]; /* cmd_bodies.c */
extern const cli_cmd cli_cmds_credit[]; /* cmd_credit.c: credit check|show|merge */
extern const cli_cmd cli_cmds_rank[];   /* cmd_rank.c: rank, abf-rank */

#endif
