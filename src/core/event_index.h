/* Internal: the event's lookup index (include/bridgemp/event.h). */
#ifndef BMP_CORE_EVENT_INDEX_H
#define BMP_CORE_EVENT_INDEX_H

#include <stdbool.h>
#include "bridgemp/event.h"

/* True when ev->index was built for ev's current contestant and group arrays. */
bool core_event_index_fresh(const bmp_event *ev);
void core_event_index_free(bmp_event_index *x);

#endif
