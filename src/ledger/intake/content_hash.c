/* The content hash that identifies an event in the ledger: the library's
 * bmp_event_content_hash (award-relevant content, the same for one event
 * read from JSON or USEBIO, docs/event-format.md "Content hash").  A batch
 * of the points a file carries (usebio-mp) also depends on those points
 * (issue 26: a file corrected only in its points is a correction of the
 * event, never a plain duplicate): its hash is that of the content hash and
 * the carried lines, sorted. */
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/intake/sources.h"

bmp_status ledger_event_hash(const bmp_event *ev, char hex[65], bmp_error *err)
{
    return bmp_event_content_hash(ev, hex, err);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bmp_status ledger_carried_hash(char hex[65], const bmp_ledger_line *v, size_t n, bmp_error *err)
{
    char **s = calloc(n ? n : 1, sizeof *s);
    bool ok = s != NULL;
    for (size_t i = 0; i < n && ok; i++)
        ok = (s[i] = core_asprintf("%s|%s|%lld", v[i].number ? v[i].number : "",
                                   v[i].point_type ? v[i].point_type : "",
                                   (long long)v[i].points)) != NULL;
    core_buf b;
    core_buf_init(&b);
    if (ok) {
        qsort(s, n, sizeof *s, cmp_str);
        core_buf_printf(&b, "bridgemp-carried/1\n%s\n", hex);
        for (size_t i = 0; i < n; i++)
            core_buf_printf(&b, "%s\n", s[i]);
        ok = !b.failed;
    }
    if (ok)
        ledger_sha256_hex(b.data, b.len, hex);
    for (size_t i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
    core_buf_free(&b);
    return ok ? BMP_OK : bmp_error_oom(err);
}
