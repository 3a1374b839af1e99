/* An event's key (issue 26 item 1; public since issue 31, for embedders such
 * as the Python module): who ran which event when, the same whichever file
 * carries it (JSON, USEBIO, its conversion or export).
 *
 *   "org=<organiser>;id=<event id>;date=<date>"  the organiser's own id
 *   "name=<name>;date=<date>;club=<club>"         a file without ids: the
 *                                                 event's name (case and
 *                                                 spacing folded), its date
 *                                                 and club (the organiser,
 *                                                 else the caller's club)
 *
 * An event without a date has no key (""), nor one with neither ids nor a
 * name.  The ledger's batches carry this key (src/ledger/event_key.c);
 * tests/core/test_event_key.c checks both forms. */
#include <ctype.h>
#include <stdlib.h>

#include "bridgemp/event.h"
#include "core/buf.h"
#include "core/util.h"

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

bmp_status bmp_event_key(const bmp_event *ev, const char *club, char **out, bmp_error *err)
{
    if (!out)
        return bmp_error_set(err, BMP_EINVAL, "event key: no output");
    *out = NULL;
    if (!ev)
        return bmp_error_set(err, BMP_EINVAL, "event key: no event");
    core_buf b;
    core_buf_init(&b);
    bool named = ev->name && *ev->name;
    if (!ev->date || !*ev->date) {
        /* no key */
    } else if (ev->organiser && *ev->organiser && ev->event_id && *ev->event_id) {
        core_buf_printf(&b, "org=%s;id=%s;date=%s", ev->organiser, ev->event_id, ev->date);
    } else if (named) {
        const char *c = ev->organiser && *ev->organiser ? ev->organiser : club ? club : "";
        core_buf_puts(&b, "name=");
        put_folded(&b, ev->name);
        core_buf_printf(&b, ";date=%s;club=%s", ev->date, c);
    }
    bool failed = b.failed;
    char *s = failed ? NULL : core_buf_take(&b, NULL);
    core_buf_free(&b);
    if (!s && !failed)
        s = core_strdup(""); /* nothing was written: no key */
    if (!s)
        return bmp_error_oom(err);
    *out = s;
    return BMP_OK;
}
