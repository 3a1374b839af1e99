/* CLI commands that read and write event files in several formats
 * (src/cli/cmd_io.c).  Exit codes as in main.c. */
#ifndef BMP_CLI_IO_H
#define BMP_CLI_IO_H

#include <stdbool.h>

/* bridgemp award FILE ...: JSON or USEBIO in; table, JSON, CSV, USEBIO or
 * ABF credit files out. */
int bmp_cli_award(int argc, char **argv);
int bmp_cli_convert(int argc, char **argv);

#endif
