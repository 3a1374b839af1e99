/* bridgemp params BODY: a body's parameter spec (src/cli/cmd_params.c). */
#ifndef BMP_CLI_PARAMS_H
#define BMP_CLI_PARAMS_H

#include "bridgemp/rules.h"

/* Output forms of cli_print_param_spec: 0 a text table, 1 JSON, 2 the
 * Markdown section of docs/event-format.md. */
enum { CLI_PARAMS_TABLE = 0, CLI_PARAMS_JSON = 1, CLI_PARAMS_MARKDOWN = 2 };

/* Print r's parameter spec to stdout; 0 on success, 1 on failure. */
int cli_print_param_spec(const bmp_rules *r, int json);

#endif
