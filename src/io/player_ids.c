/* An event's player numbers checked by the body's syntax
 * (bmp_rules.player_id_check) when the pipeline reads it (issue 26 item 5,
 * ruling CL-3): `award` and `validate` accepted 9OOO71, and the ledger
 * cited an award's index as a line.  The error cites the file's own line:
 * the first line holding the number as a JSON string ("ID") or a USEBIO
 * element's text (>ID<).  Every command checks every number alike (the
 * ledger's reads, award, validate, convert): the body's full syntax, the
 * optional ABF check digit left to credit files' --check-digit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/pipeline_internal.h"

/* The line of the first `open`ID`close` in text (0: not found). */
static size_t line_of(const char *text, size_t len, const char *id, char open, char close)
{
    char quoted[160];
    int n = snprintf(quoted, sizeof quoted, "%c%s%c", open, id, close);
    if (!text || n <= 0 || (size_t)n >= sizeof quoted)
        return 0;
    size_t line = 1;
    for (size_t i = 0; i + (size_t)n <= len; i++) {
        if (text[i] == '\n')
            line++;
        else if (text[i] == open && memcmp(text + i, quoted, (size_t)n) == 0)
            return line;
    }
    return 0;
}

static bmp_status refuse(const bmp_event *ev, size_t c, const bmp_player *p, const char *text,
                         size_t len, const char *path, bool usebio, const char *why,
                         bmp_error *err)
{
    char *own = NULL;
    size_t olen = 0;
    if (!text && path && core_read_file(path, &own, &olen, NULL) == BMP_OK)
        text = own, len = olen;
    size_t line = line_of(text, len, p->id, usebio ? '>' : '"', usebio ? '<' : '"');
    free(own);
    const char *src = ev->source ? ev->source : "event";
    const char *who = p->name ? p->name : "?";
    const char *cid = ev->contestants[c].id ? ev->contestants[c].id : "?";
    if (line)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: contestant %s player %s: %s", src, line,
                             cid, who, why);
    return bmp_error_set(err, BMP_EINVAL, "%s: contestant %s player %s: %s", src, cid, who, why);
}

bmp_status io_player_ids(const bmp_event *ev, const char *text, size_t len, const char *path,
                         bool usebio, bmp_error *err)
{
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    if (!r || !r->player_id_check)
        return BMP_OK;
    for (size_t c = 0; c < ev->ncontestants; c++)
        for (size_t k = 0; k < ev->contestants[c].nplayers; k++) {
            const bmp_player *p = &ev->contestants[c].players[k];
            bmp_error e = {0};
            if (!p->id || !*p->id || r->player_id_check(p->id, 0, &e) == BMP_OK)
                continue;
            return refuse(ev, c, p, text, len, path, usebio, e.msg, err);
        }
    return BMP_OK;
}
