/* CLI commands that read and write event files in several formats
 * (src/cli/cmd_convert.c).  Exit codes as in main.c. */
#ifndef BMP_CLI_IO_H
#define BMP_CLI_IO_H

#include <stdbool.h>

/* True when `award` must go through the file-format pipeline: the input is
 * XML, or a USEBIO option (--body, --sidecar, --format usebio ...) is used. */
bool bmp_cli_award_io_applies(int argc, char **argv);
int bmp_cli_award_io(int argc, char **argv);
int bmp_cli_convert(int argc, char **argv);

#endif
