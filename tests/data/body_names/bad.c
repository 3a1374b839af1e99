/* A fixture for tests/check_body_names.sh: each line below must be caught. */
#include <string.h>
#include <strings.h>
int one(const char *b) { return strcmp(b, "abf") == 0; }
int two(const char *b) { return strcasecmp(b,
                                           "EBU") == 0; }
static const struct { const char *body, *type; } types[] = {{"nzb", "a"}};
