/* The work one input may ask for (issue 45 item 4): players per
 * contestant, contestants per event, lines per ABF credit file, and the
 * ledger's near-match window, as settings (include/bridgemp/pipeline.h
 * bmp_limits; the CLI's and the server's --limits).  The defaults and how
 * they were derived: docs/reliability.md "Limits". */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/pipeline.h"

#define LIMIT_MAX 1000000000ull

static size_t field(const bmp_limits *l, size_t off, size_t def)
{
    if (!l || (l->size && l->size < off + sizeof(size_t)))
        return def;
    size_t v;
    memcpy(&v, (const char *)l + off, sizeof v);
    return v ? v : def;
}

bmp_limits bmp_limits_effective(const bmp_limits *l)
{
    return (bmp_limits){
        .size = sizeof(bmp_limits),
        .players = field(l, offsetof(bmp_limits, players), BMP_LIMIT_PLAYERS),
        .contestants = field(l, offsetof(bmp_limits, contestants), BMP_LIMIT_CONTESTANTS),
        .credit_lines = field(l, offsetof(bmp_limits, credit_lines), BMP_LIMIT_CREDIT_LINES),
        .near_lines = field(l, offsetof(bmp_limits, near_lines), BMP_LIMIT_NEAR_LINES)};
}

static const struct {
    const char *key;
    size_t off;
} keys[] = {{"players", offsetof(bmp_limits, players)},
            {"contestants", offsetof(bmp_limits, contestants)},
            {"credit-lines", offsetof(bmp_limits, credit_lines)},
            {"near-lines", offsetof(bmp_limits, near_lines)}};

/* One "key=value" of n bytes. */
static bmp_status one(const char *s, size_t n, bmp_limits *l, bmp_error *err)
{
    const char *eq = memchr(s, '=', n);
    size_t k = eq ? (size_t)(eq - s) : n;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (strlen(keys[i].key) != k || strncmp(s, keys[i].key, k) != 0)
            continue;
        char num[24] = "";
        size_t vn = eq ? n - k - 1 : 0;
        char *end = NULL;
        errno = 0;
        if (vn && vn < sizeof num) {
            memcpy(num, eq + 1, vn);
            num[vn] = '\0';
        }
        unsigned long long v = *num && *num != '-' ? strtoull(num, &end, 10) : 0;
        if (!*num || *end || errno || v == 0 || v > LIMIT_MAX)
            return bmp_error_set(err, BMP_EINVAL,
                                 "limits: %.*s: expected %s=N, a whole number from 1 to "
                                 "1000000000", (int)(n < 80 ? n : 80), s, keys[i].key);
        size_t sv = (size_t)v;
        memcpy((char *)l + keys[i].off, &sv, sizeof sv);
        return BMP_OK;
    }
    return bmp_error_set(err, BMP_EINVAL,
                         "limits: unknown limit \"%.*s\": expected players, contestants, "
                         "credit-lines or near-lines (KEY=N, separated by commas)",
                         (int)(k < 80 ? k : 80), s);
}

bmp_status bmp_limits_parse(const char *spec, bmp_limits *l, bmp_error *err)
{
    bmp_limits t = bmp_limits_effective(NULL);
    if (l->size == 0 || l->size >= sizeof t) { /* start from what l holds */
        t = *l;
        t.size = sizeof t;
    }
    const char *s = spec ? spec : "";
    if (!*s)
        return bmp_error_set(err, BMP_EINVAL, "limits: empty: expected KEY=N[,KEY=N...] with "
                             "players, contestants, credit-lines or near-lines");
    while (*s) {
        const char *c = strchr(s, ',');
        size_t n = c ? (size_t)(c - s) : strlen(s);
        bmp_status st = one(s, n, &t, err);
        if (st)
            return st;
        s += n + (c != NULL);
        if (c && !*s)
            return bmp_error_set(err, BMP_EINVAL, "limits: \"%s\" ends with a comma", spec);
    }
    *l = t;
    return BMP_OK;
}
