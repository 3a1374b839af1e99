/* The HTML pages: not supported yet (see pages.h, docs/rulings.md W-20). */
#include "server/pages.h"

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, web_buf *out, const char **content_type)
{
    (void)l;
    (void)path;
    (void)arg;
    (void)ctx;
    (void)out;
    *content_type = "text/html; charset=utf-8";
    return 0;
}
