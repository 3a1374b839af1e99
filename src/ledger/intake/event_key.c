/* An event's key in the ledger (issue 26 item 1): the engine's key
 * (bmp_event_key: organiser, id and date, or name, date and club), completed
 * with the import's --club.  Adjustments and reversals have no key: only the
 * content hash then tells a repeat. */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/intake/event_key.h"

/* The key is the engine's (bmp_event_key, src/core/event_key.c): one text
 * for the ledger and for embedders such as the Python module. */
char *ledger_event_key(const bmp_event *ev, const char *club)
{
    char *key = NULL;
    if (!ev)
        return core_strdup("");
    return bmp_event_key(ev, club, &key, NULL) == BMP_OK ? key : NULL;
}

/* A name key from a file that named no club takes the import's. */
char *ledger_event_key_club(const char *key, const char *club)
{
    size_t n = strlen(key), m = strlen(";club=");
    if (!club || !*club || strncmp(key, "name=", 5) != 0 || n < m || strcmp(key + n - m, ";club="))
        return core_strdup(key);
    return core_asprintf("%s%s", key, club);
}
