/* The content hash that identifies an event in the ledger: SHA-256 of its
 * canonical JSON (bmp_event_to_json).  One small function so that the
 * library's bmp_event_content_hash() can replace it when it lands. */
#include <stdlib.h>
#include <string.h>

#include "ledger/ledger_internal.h"
#include "ledger/sources.h"

bmp_status ledger_event_hash(const bmp_event *ev, char hex[65], bmp_error *err)
{
    char *json = NULL;
    bmp_status st = bmp_event_to_json(ev, &json, err);
    if (st)
        return st;
    ledger_sha256_hex(json, strlen(json), hex);
    free(json);
    return BMP_OK;
}
