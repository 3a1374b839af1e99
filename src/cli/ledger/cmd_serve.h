/* `bridgemp serve` (src/cli/cmd_serve.c, docs/serve.md). */
#ifndef BMP_CLI_SERVE_H
#define BMP_CLI_SERVE_H

int cli_serve(int argc, char **argv);

#endif
