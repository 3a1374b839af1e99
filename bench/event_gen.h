/* The JSON events the benchmarks generate (bench/engine, bench/award_cli):
 * one event of n contestants per shape (docs/event-format.md), and the
 * ordinary club events of bench/engine.  Static functions, one copy per
 * program, as bench/usebio_gen.h. */
#ifndef BMP_BENCH_EVENT_GEN_H
#define BMP_BENCH_EVENT_GEN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growable text buffer -------------------------------------------- */

typedef struct buf {
    char *s;
    size_t len, cap;
} buf;

static inline void put(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void put(buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n >= 0 && b->s && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t nc = b->cap ? b->cap * 2 : 4096;
        while (nc < b->len + (size_t)n + 1)
            nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            fprintf(stderr, "engine: out of memory\n");
            exit(1);
        }
        b->s = ns;
        b->cap = nc;
    }
}

/* ---- event generators (JSON, docs/event-format.md) ---------------------- */

/* Contestant i's k players, numbered base + step * i + j. */
static inline void players_ids(buf *b, long i, int k, long base, long step)
{
    put(b, "\"players\":[");
    for (int j = 0; j < k; j++)
        put(b, "%s{\"id\":\"%ld\",\"name\":\"Player %ld-%d\"}", j ? "," : "",
            base + step * i + j, i, j);
    put(b, "]");
}

/* The shapes' numbers: 6 digits (100010 ...), valid for the EBU and the ABF,
 * not for the ACBL (7 digits) nor the NZB (4 or 5 digits): those shapes flag
 * every player (issue 43). */
static inline void players(buf *b, long i, int k)
{
    players_ids(b, i, k, 100000, 10);
}

static const char *const shapes[] = {"acbl-pairs", "ebu-pairs",  "nzb-pairs", "abf-swiss",
                                     "acbl-swiss", "ebu-ko",     NULL};

/* One event of n contestants of the given shape, its players numbered
 * base + step * i + j; false if unknown. */
static inline bool gen_event_ids(buf *b, const char *shape, long n, long base, long step)
{
    put(b, "{\"format\":\"bridgemp-event/1\",\"name\":\"bench %s %ld\",\"date\":\"2025-05-21\",",
        shape, n);
    if (!strcmp(shape, "acbl-pairs")) { /* one-winner sectional pairs, ties every 50th */
        put(b, "\"body\":\"acbl\",\"kind\":\"pairs\",\"classification\":\"sectional\","
               "\"movement\":\"one-winner\",\"tables\":%g,\"contestants\":[", n / 2.0);
        for (long i = 1; i <= n; i++) {
            bool tie = i % 50 == 1 && i < n;
            long pl = i % 50 == 2 ? i - 1 : i;
            put(b, "%s{\"id\":\"%ld\",\"place\":%s%ld%s,", i > 1 ? "," : "", i,
                tie || i % 50 == 2 ? "\"" : "", pl, tie || i % 50 == 2 ? "=\"" : "");
            players_ids(b, i, 2, base, step);
            put(b, "}");
        }
    } else if (!strcmp(shape, "ebu-pairs")) { /* two-winner club pairs, NS/EW rankings */
        put(b, "\"body\":\"ebu\",\"edition\":\"2024\",\"kind\":\"pairs\",\"status\":\"club\","
               "\"boards\":24,\"movement\":\"two-winner\",\"tables\":%g,"
               "\"params\":{\"ums_charge_code\":\"01\"},\"contestants\":[", n / 2.0);
        for (long i = 1; i <= n; i++) {
            put(b, "%s{\"id\":\"%ld\",\"score\":%.2f,\"rankings\":[{\"session\":1,"
                   "\"direction\":\"%s\",\"place\":%ld}],",
                i > 1 ? "," : "", i, 70 - i * 40.0 / n, i % 2 ? "NS" : "EW", (i + 1) / 2);
            players_ids(b, i, 2, base, step);
            put(b, "}");
        }
    } else if (!strcmp(shape, "nzb-pairs")) {
        put(b, "\"body\":\"nzb\",\"kind\":\"pairs\",\"grade\":\"40C\",\"boards\":27,"
               "\"movement\":\"one-winner\",\"tables\":%g,\"contestants\":[", n / 2.0);
        for (long i = 1; i <= n; i++) {
            put(b, "%s{\"id\":\"%ld\",\"place\":%ld,\"score\":%.2f,", i > 1 ? "," : "", i, i,
                70 - i * 40.0 / n);
            players_ids(b, i, 2, base, step);
            put(b, "}");
        }
    } else if (!strcmp(shape, "abf-swiss")) { /* Swiss teams with 3 rounds of matches */
        put(b, "\"body\":\"abf\",\"edition\":\"2025\",\"kind\":\"swiss-teams\",\"grade\":\"B4\","
               "\"sessions\":2,\"boards_per_match\":16,\"tables\":%ld,"
               "\"params\":{\"congress\":\"state\",\"congress_event\":\"championship\"},"
               "\"contestants\":[", n);
        for (long i = 1; i <= n; i++) {
            put(b, "%s{\"id\":\"T%ld\",\"place\":%ld,\"score\":%.2f,", i > 1 ? "," : "", i, i,
                100 - i * 90.0 / n);
            players_ids(b, i, 4, base, step);
            put(b, "}");
        }
        put(b, "],\"matches\":[");
        for (int r = 1; r <= 3; r++)
            for (long i = 1; i + 1 <= n; i += 2)
                put(b, "%s{\"round\":%d,\"home\":\"T%ld\",\"away\":\"T%ld\",\"home_score\":14,"
                       "\"away_score\":6,\"boards\":16}",
                    r == 1 && i == 1 ? "" : ",", r, i, i + 1);
    } else if (!strcmp(shape, "acbl-swiss")) {
        put(b, "\"body\":\"acbl\",\"kind\":\"swiss-teams\",\"classification\":\"regional\","
               "\"sessions\":2,\"tables\":%ld,\"boards_per_match\":7,\"contestants\":[", n);
        for (long i = 1; i <= n; i++) {
            double w = 10 - i * 10.0 / n;
            put(b, "%s{\"id\":\"%ld\",\"place\":%ld,\"match_wins\":%.1f,", i > 1 ? "," : "", i, i,
                (long)(w * 2) / 2.0);
            players_ids(b, i, 4, base, step);
            put(b, "}");
        }
    } else if (!strcmp(shape, "ebu-ko")) { /* a knockout bracket: n - 1 matches */
        put(b, "\"body\":\"ebu\",\"edition\":\"2024\",\"kind\":\"knockout\",\"status\":\"club\","
               "\"boards_per_match\":24,\"tables\":%ld,\"params\":{\"original_tables\":%ld},"
               "\"contestants\":[", n, n);
        for (long i = 1; i <= n; i++) {
            put(b, "%s{\"id\":\"%ld\",", i > 1 ? "," : "", i);
            players_ids(b, i, 4, base, step);
            put(b, "}");
        }
        put(b, "],\"matches\":[");
        long *alive = malloc((size_t)n * sizeof *alive), na = n;
        for (long i = 0; i < n; i++)
            alive[i] = i + 1;
        bool firstm = true;
        for (int r = 1; na > 1; r++) {
            long k = 0;
            for (long i = 0; i + 1 < na; i += 2) {
                put(b, "%s{\"round\":%d,\"home\":\"%ld\",\"away\":\"%ld\",\"home_score\":70,"
                       "\"away_score\":44}",
                    firstm ? "" : ",", r, alive[i], alive[i + 1]);
                firstm = false;
                alive[k++] = alive[i];
            }
            if (na % 2)
                alive[k++] = alive[na - 1];
            na = k;
        }
        free(alive);
    } else {
        return false;
    }
    put(b, "]}");
    return true;
}

/* Shape S-valid (bench/award_cli): the ACBL and NZB shapes with numbers
 * their body can have, so no player is flagged (ACBL 1000010 ...: 7 digits;
 * NZB 10002 ...: 5 digits up to 44,999 contestants of two). */
static const struct {
    const char *name, *shape;
    long base, step;
} valid_shapes[] = {{"acbl-pairs-valid", "acbl-pairs", 1000000, 10},
                    {"nzb-pairs-valid", "nzb-pairs", 10000, 2},
                    {"acbl-swiss-valid", "acbl-swiss", 1000000, 10}};

/* One event of n contestants of the given shape (or S-valid); false if
 * unknown. */
static inline bool gen_event(buf *b, const char *shape, long n)
{
    for (size_t v = 0; v < sizeof valid_shapes / sizeof *valid_shapes; v++)
        if (!strcmp(shape, valid_shapes[v].name))
            return gen_event_ids(b, valid_shapes[v].shape, n, valid_shapes[v].base,
                                 valid_shapes[v].step);
    return gen_event_ids(b, shape, n, 100000, 10);
}

/* An ordinary club event: one of four bodies, 8 to 30 pairs. */
static inline void gen_club(buf *b, long k)
{
    static const char *const kinds[] = {"ebu-pairs", "nzb-pairs", "acbl-pairs", "abf-pairs"};
    const char *shape = kinds[k % 4];
    long n = 8 + (k * 7) % 23;
    if (!strcmp(shape, "abf-pairs")) {
        put(b, "{\"format\":\"bridgemp-event/1\",\"name\":\"club %ld\",\"body\":\"abf\","
               "\"edition\":\"2025\",\"kind\":\"pairs\",\"grade\":\"E\",\"boards\":24,"
               "\"movement\":\"one-winner\",\"contestants\":[", k);
        for (long i = 1; i <= n; i++) {
            put(b, "%s{\"id\":\"%ld\",\"place\":%ld,\"score\":%.2f,", i > 1 ? "," : "", i, i,
                65 - i * 1.1);
            players(b, i, 2);
            put(b, "}");
        }
        put(b, "]}");
        return;
    }
    if (!strcmp(shape, "acbl-pairs"))
        n = 2 * (n / 2) < 12 ? 12 : 2 * (n / 2); /* a sectional of 6+ tables */
    gen_event(b, shape, n);
}

static inline bool write_file(const char *path, const buf *b)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(b->s, 1, b->len, f) == b->len;
    if (f && fclose(f) != 0)
        ok = false;
    return ok;
}

#endif
