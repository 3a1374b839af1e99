/* Fixture for body_names_ledger_catches: the ledger's core deciding a rule
 * by a body's name (it must ask the body's table, body_ops.h). */
#include <string.h>
int overseas_no_points(const char *code) { return strcmp(code, "nzb") == 0; }
