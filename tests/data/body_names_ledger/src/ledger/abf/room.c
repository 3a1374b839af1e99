/* Fixture for body_names_ledger_catches: a body's room may name its body. */
#include <string.h>
int is_abf(const char *code) { return strcmp(code, "abf") == 0; }
