/* The help of the bodies' runs (ledger_run_help.c), generated from their
 * tables (include/bridgemp/ledger_runs.h): one run's help, and every
 * body's runs for `bridgemp ledger --help`. */
#ifndef BMP_CLI_LEDGER_RUN_HELP_H
#define BMP_CLI_LEDGER_RUN_HELP_H

#include <stdio.h>
#include "bridgemp/ledger_runs.h"

/* Run `s` of body `code`: its usage line (arguments and options), its doc
 * and rule, its longer help, and each option's doc. */
void cli_run_help(FILE *f, const char *code, const bmp_ledger_run_spec *s);
/* Every body's runs, a line each ("  capitation YEAR  ... (ABF-111)"). */
void cli_run_list(FILE *f);

#endif
