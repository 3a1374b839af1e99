/* bridgemp CLI: what a body defines besides awards, reached through
 * bmp_rules only (no per-body code): ranks and named functions
 * (cmd_rank.c), the listing of a body (cmd_bodies.c).  Exit codes as in
 * main.c. */
#ifndef BMP_CLI_CMD_RULES_H
#define BMP_CLI_CMD_RULES_H

/* bridgemp rank BODY [--TYPE POINTS ...] | rank BODY FUNCTION [--ARG POINTS ...] */
int cli_rank(int argc, char **argv);
/* bridgemp abf-rank ...: the old name of `rank abf ...`. */
int cli_abf_rank(int argc, char **argv);
/* bridgemp bodies [BODY] */
int cli_bodies(int argc, char **argv);

#endif
