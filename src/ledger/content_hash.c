/* The content hash that identifies an event in the ledger: the library's
 * bmp_event_content_hash (award-relevant content, the same for one event
 * read from JSON or USEBIO, docs/event-format.md "Content hash"). */
#include "ledger/ledger_internal.h"
#include "ledger/sources.h"

bmp_status ledger_event_hash(const bmp_event *ev, char hex[65], bmp_error *err)
{
    return bmp_event_content_hash(ev, hex, err);
}
