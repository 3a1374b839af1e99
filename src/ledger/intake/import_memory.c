/* An import from bytes in memory (the server's uploads) or from a file, and
 * its preview (issue 29): one reading, one set of checks (batch.c), the
 * preview a dry run of them. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_preview.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/intake/club_check.h"
#include "ledger/intake/event_key.h"
#include "ledger/intake/preview.h"
#include "ledger/intake/sources.h"

/* Bytes already in memory (the server's uploads): the same batch as the
 * file would give; name stands for the file in messages and the batch. */
static bmp_status import_memory(bmp_ledger *l, const void *data, size_t len, const char *name,
                                const bmp_ledger_import_opts *o, ledger_preview *pv,
                                int64_t *batch, bmp_problems *probs, bmp_error *err)
{
    const char *path = name ? name : "<memory>";
    if (!data && len)
        return bmp_error_set(err, BMP_EINVAL, "%s: no data", path);
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    size_t before = pp->count;
    ledger_lines ls;
    bmp_status rc = ledger_lines_read(data ? data : "", len, path, o, &ls, pp, err);
    if (rc == BMP_EINVAL && pp->count > before)
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    if (!rc) {
        bmp_ledger_import_opts oo = *o;
        if (ls.body[0] && o->body && *o->body && !ledger_body_names(o->body, ls.body))
            rc = bmp_error_set(err, BMP_EINVAL, "%s: the file is a %s event, not %s", path,
                               ls.body, o->body);
        if (ls.body[0])
            oo.body = ls.body;
        if (!rc) /* the file's club, --club's: one, registered (issue 26) */
            rc = ledger_club_check(l, oo.body, o->club, ls.club, path, &oo.club, err);
        const char *kc = oo.club && *oo.club ? oo.club : ls.club;
        char *key = ls.event_key ? ledger_event_key_club(ls.event_key, kc) : NULL;
        ledger_batch_src src = {.source = ls.source, .file = path, .hash = ls.hash,
                                .event = ls.event, .event_date = ls.event_date,
                                .checksum = ls.checksum, .event_json = ls.event_json,
                                .event_key = key, .event_print = ls.event_print,
                                .carried = &ls.carried, .preview = pv,
                                .hold = ls.hold, .nhold = ls.nhold, .numbers = ls.numbers};
        if (!rc && ls.event_key && !key)
            rc = bmp_error_oom(err);
        if (!rc)
            rc = ledger_import_checked(l, &oo, &src, ls.v, ls.n, batch, pp, err);
        if (!rc && pv) /* the refusals are the preview's problems */
            rc = ledger_preview_finish(pv, &src, oo.body, oo.club ? oo.club : "", &oo, pp, before,
                                       err);
        free(key);
    }
    ledger_lines_free(&ls);
    bmp_problems_free(&local);
    return rc;
}

bmp_status bmp_ledger_import_memory(bmp_ledger *l, const void *data, size_t len,
                                    const char *name, const bmp_ledger_import_opts *o,
                                    int64_t *batch, bmp_problems *probs, bmp_error *err)
{
    return import_memory(l, data, len, name, o, NULL, batch, probs, err);
}

bmp_status bmp_ledger_preview_memory(bmp_ledger *l, const void *data, size_t len,
                                     const char *name, const bmp_ledger_import_opts *o,
                                     bmp_ledger_sections *out, bmp_problems *probs,
                                     bmp_error *err)
{
    ledger_preview pv;
    memset(out, 0, sizeof *out);
    bmp_problems local = {0};
    bmp_status rc = ledger_preview_start(&pv, out, err);
    if (!rc)
        rc = import_memory(l, data, len, name, o, &pv, NULL, probs ? probs : &local, err);
    if (rc)
        bmp_ledger_sections_free(out);
    bmp_problems_free(&local);
    return rc;
}

/* A file: its bytes, then as from memory. */
bmp_status bmp_ledger_import(bmp_ledger *l, const char *path, const bmp_ledger_import_opts *o,
                             int64_t *batch, bmp_problems *probs, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (!rc)
        rc = bmp_ledger_import_memory(l, data, len, path, o, batch, probs, err);
    free(data);
    return rc;
}
