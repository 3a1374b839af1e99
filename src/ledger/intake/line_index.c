/* The file's own line of each award line of an event (issue 26 item 5):
 * an event's lines are awards, and the ledger cited an award's index (or
 * a contestant's) as a line ("line 6" for an element on line 124).  Each
 * line's player number is found where the file first writes it as a JSON
 * string ("ID") or a USEBIO element's text (>ID<): one pass over the bytes
 * with a hash of the numbers, linear in the file and the lines. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/intake/line_index.h"

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

typedef struct slot {
    const char *number; /* NULL: empty */
    size_t line;        /* 0: not found yet */
} slot;

static slot *find(slot *t, size_t cap, const char *s, size_t n)
{
    for (size_t k = hash(s, n) & (cap - 1);; k = (k + 1) & (cap - 1))
        if (!t[k].number || (strlen(t[k].number) == n && memcmp(t[k].number, s, n) == 0))
            return &t[k];
}

void ledger_lines_locate(bmp_ledger_line *v, size_t nv, const char *data, size_t len)
{
    size_t cap = 16;
    while (cap < 2 * nv + 2)
        cap *= 2;
    slot *t = calloc(cap, sizeof *t);
    if (!t)
        return; /* the lines keep their indexes */
    for (size_t i = 0; i < nv; i++)
        if (v[i].number && *v[i].number)
            find(t, cap, v[i].number, strlen(v[i].number))->number = v[i].number;
    size_t line = 1;
    for (size_t i = 0; i < len; i++) {
        if (data[i] == '\n') {
            line++;
            continue;
        }
        if (data[i] != '"' && data[i] != '>')
            continue;
        char close = data[i] == '"' ? '"' : '<';
        size_t n = 0;
        while (i + 1 + n < len && n < 40 && data[i + 1 + n] != close && data[i + 1 + n] != '\n')
            n++;
        if (n == 0 || i + 1 + n >= len || data[i + 1 + n] != close)
            continue;
        slot *s = find(t, cap, data + i + 1, n);
        if (s->number && !s->line)
            s->line = line;
    }
    for (size_t i = 0; i < nv; i++)
        if (v[i].number && *v[i].number) {
            const slot *s = find(t, cap, v[i].number, strlen(v[i].number));
            if (s->line)
                v[i].line = s->line;
        }
    free(t);
}
