/* An event's key (issue 26 item 1): who ran which event when, the same
 * whichever file carries it (JSON, USEBIO, its conversion or export).
 *
 *   "org=<organiser>;id=<event id>;date=<date>"  the organiser's own id
 *   "name=<name>;date=<date>;club=<club>"         a file without ids: the
 *                                                 event's name (case and
 *                                                 spacing folded), its date
 *                                                 and club (the organiser,
 *                                                 else the import's --club)
 *
 * An event without a date has no key (''), nor have adjustments and
 * reversals: only the content hash then tells a repeat. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/event_key.h"

/* Lower case, runs of space as one, no space at the ends. */
static void put_folded(core_buf *b, const char *s)
{
    bool space = false, any = false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (isspace(c)) {
            space = any;
            continue;
        }
        if (space)
            core_buf_putc(b, ' ');
        space = false;
        any = true;
        core_buf_putc(b, (char)tolower(c));
    }
}

char *ledger_event_key(const bmp_event *ev, const char *club)
{
    if (!ev || !ev->date || !*ev->date)
        return core_strdup("");
    core_buf b;
    core_buf_init(&b);
    if (ev->organiser && *ev->organiser && ev->event_id && *ev->event_id) {
        core_buf_printf(&b, "org=%s;id=%s;date=%s", ev->organiser, ev->event_id, ev->date);
    } else if (ev->name && *ev->name) {
        const char *c = ev->organiser && *ev->organiser ? ev->organiser : club ? club : "";
        core_buf_puts(&b, "name=");
        put_folded(&b, ev->name);
        core_buf_printf(&b, ";date=%s;club=%s", ev->date, c);
    } else {
        core_buf_free(&b);
        return core_strdup("");
    }
    char *out = b.failed ? NULL : core_buf_take(&b, NULL);
    core_buf_free(&b);
    return out;
}

/* A name key from a file that named no club takes the import's. */
char *ledger_event_key_club(const char *key, const char *club)
{
    size_t n = strlen(key), m = strlen(";club=");
    if (!club || !*club || strncmp(key, "name=", 5) != 0 || n < m || strcmp(key + n - m, ";club="))
        return core_strdup(key);
    return core_asprintf("%s%s", key, club);
}
