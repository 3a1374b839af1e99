/* web_buf: HTML escaping into a core_buf (see web_buf.h). */
#include "server/web_buf.h"

#include <stddef.h>

static const char *entity(char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return NULL;
    }
}

int web_buf_html(core_buf *b, const char *s)
{
    if (!s)
        return 0;
    const char *run = s;
    for (const char *p = s; *p; p++) {
        const char *e = entity(*p);
        if (!e)
            continue;
        if (core_buf_append(b, run, (size_t)(p - run)) != 0 || core_buf_puts(b, e) != 0)
            return -1;
        run = p + 1;
    }
    return core_buf_puts(b, run);
}
