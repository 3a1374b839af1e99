/* libFuzzer harness (issue 26 item 2): events carrying points imported
 * into one ledger, one after another.  Each input makes a variant of
 * examples/abf/club-pairs.json (its date and first score from a counter,
 * so that each is a new event) whose contestants carry "mp.green" or
 * "mp.gold" figures drawn from the bytes: the engine's own figure, one
 * near it, a large integer, a fraction, a negative, an exponent, or none.
 * After each import the harness checks:
 *  - `ledger verify` passes (audit chain, control totals, holdings);
 *  - a batch that is not held carries exactly the engine's award (its
 *    totals are the computed ones), so nothing beyond the engine's figure
 *    goes in unchecked; a held batch cannot be approved;
 *  - after the month is closed, player 1002's green holding is exactly the
 *    engine's awards of the unheld batches plus the carried figures the
 *    secretary accepted (accept-carried, chosen by a byte), never more. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_carried.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NCONT 20

static bmp_ledger *L;
static char *tmpl;               /* the example's text */
static bmp_points computed[NCONT]; /* the engine's green per player of each contestant */
static unsigned counter;
static bmp_points expect_1002;   /* what 1002's green holding must be */
static int month;                /* the last month closed, from 2000-01 */

static void die(const char *what, const char *msg)
{
    fprintf(stderr, "fuzz_ledger_carried: %s: %s\n", what, msg);
    abort();
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path, "cannot open");
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

static char dir[] = "/tmp/bmp-fuzz-carried-XXXXXX";

/* The ledger's directory removed at exit (the fuzzer's own exit too). */
static void cleanup(void)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz_ledger_carried: could not remove %s\n", dir);
}

static void setup(void)
{
    char db[64];
    if (!mkdtemp(dir))
        die("mkdtemp", "failed");
    atexit(cleanup);
    snprintf(db, sizeof db, "%s/l.db", dir);
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "fuzz",
                         .now = "2026-11-24T12:00:00Z"};
    size_t n = 0;
    if (bmp_ledger_open(db, &o, &L, &e) ||
        bmp_ledger_import_clubs(L, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-clubs.csv", &n,
                                NULL, &e) ||
        bmp_ledger_import_players(L, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-players.csv",
                                  &n, NULL, &e))
        die("setup", e.msg);
    tmpl = slurp(BMP_SOURCE_DIR "/examples/abf/club-pairs.json");
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_awards_init(&aw);
    if (bmp_event_load_file(BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &ev, &e) ||
        bmp_award_event(ev, &aw, &e))
        die("template", e.msg);
    for (size_t i = 0; i < aw.count; i++)
        if (aw.items[i].contestant < NCONT && aw.items[i].player == BMP_ALL_PLAYERS)
            computed[aw.items[i].contestant] += aw.items[i].points;
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* One contestant's carried figure as JSON text, from two bytes; *value
 * the hundredths it says when it is a whole number the reader takes. */
static void figure(uint8_t kind, uint8_t v, size_t c, char *out, size_t size, bool *valid,
                   bmp_points *value)
{
    *valid = true;
    switch (kind % 7) {
    case 0: *value = computed[c]; snprintf(out, size, "%lld", (long long)*value); break;
    case 1: *value = computed[c] + v; snprintf(out, size, "%lld", (long long)*value); break;
    case 2: *value = (bmp_points)v << (v % 40); snprintf(out, size, "%lld", (long long)*value);
        *valid = *value <= 100000000; break;
    case 3: snprintf(out, size, "%u.%03u", v, 1u + v * 7u % 999u); *valid = false; break;
    case 4: snprintf(out, size, "-%u", v + 1u); *valid = false; break;
    case 5: snprintf(out, size, "%u.2e18", v % 10); *valid = false; break;
    default: out[0] = '\0'; *value = 0; break;
    }
}

/* The event's JSON: the template with its date, first score and carried
 * figures; *carried0: the figure for contestant 1 (0 if none). */
static char *event_text(const uint8_t *d, size_t n, bool *valid, bmp_points *carried0,
                        bool *gold)
{
    size_t cap = strlen(tmpl) + NCONT * 64 + 64, len = 0;
    char *out = malloc(cap);
    const char *p = tmpl;
    *valid = true;
    *carried0 = 0;
    *gold = n > 0 && (d[0] & 0x40);
    for (size_t c = 0; c < NCONT; c++) {
        char key[32];
        snprintf(key, sizeof key, "\n   \"id\": \"%zu\",", c + 1);
        const char *at = strstr(p, key);
        if (!at)
            break;
        at += strlen(key);
        memcpy(out + len, p, (size_t)(at - p));
        len += (size_t)(at - p);
        p = at;
        char fig[64];
        bool ok = true;
        bmp_points v = 0;
        figure(2 * c + 1 < n ? d[2 * c + 1] : 6, 2 * c + 2 < n ? d[2 * c + 2] : 0, c, fig,
               sizeof fig, &ok, &v);
        if (!fig[0])
            continue;
        *valid = *valid && ok;
        if (c == 0)
            *carried0 = v;
        len += (size_t)snprintf(out + len, cap - len, " \"params\": {\"mp.%s\": %s},",
                                *gold && c == 0 ? "gold" : "green", fig);
    }
    snprintf(out + len, cap - len, "%s", p);
    /* a new event each time: its date and first score */
    char *date = strstr(out, "\"date\": \"2025-08-04\"");
    char *score = strstr(out, "\"score\": 54.92");
    char buf[32];
    if (date) {
        snprintf(buf, sizeof buf, "\"date\": \"%04u-%02u-04\"", 2000 + counter / 12 % 26,
                 1 + counter % 12);
        memcpy(date, buf, strlen(buf));
    }
    if (score) {
        snprintf(buf, sizeof buf, "\"score\": %02u.%02u", 40 + counter / 100 % 60, counter % 100);
        memcpy(score, buf, strlen(buf));
    }
    counter++;
    return out;
}

static void check_verify(void)
{
    bmp_problems p = {0};
    bmp_error e = {0};
    if (bmp_ledger_verify(L, &p, &e))
        die("verify", p.count ? p.msgs[0] : e.msg);
    bmp_problems_free(&p);
}

/* The batch's totals are the engine's: green, the sum over players. */
static void check_unheld(int64_t id)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    if (bmp_ledger_batch(L, id, &t, &e))
        die("batch", e.msg);
    bmp_points want = 0;
    for (size_t c = 0; c < NCONT; c++)
        want += 2 * computed[c];
    char w[48], pts[32];
    bmp_points_format(want, pts, sizeof pts);
    snprintf(w, sizeof w, "green %s", pts);
    size_t col = 0;
    while (col < t.ncols && strcmp(t.columns[col], "totals") != 0)
        col++;
    if (strcmp(bmp_table_get(&t, 0, col), w) != 0)
        die("an unheld batch differs from the engine's award", bmp_table_get(&t, 0, col));
    bmp_table_free(&t);
}

static void check_holding(void)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    if (bmp_ledger_statement(L, "abf", "1002", &t, &e))
        die("statement", e.msg);
    const char *got = "0.00";
    for (size_t r = 0; r < t.nrows; r++)
        if (strcmp(bmp_table_get(&t, r, 0), "holding") == 0 &&
            strcmp(bmp_table_get(&t, r, 1), "green") == 0)
            got = bmp_table_get(&t, r, 3);
    char want[32];
    bmp_points_format(expect_1002, want, sizeof want);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "holding of 1002: %s, expected %s\n", got, want);
        die("holding", "1002's green holding is not what the engine and the secretary gave");
    }
    bmp_table_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!L)
        setup();
    bool valid = true, gold = false;
    bmp_points carried0 = 0;
    char *text = event_text(data, size, &valid, &carried0, &gold);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    bmp_status st = bmp_ledger_import_memory(L, text, strlen(text), "fuzz.json", &o, &id, &p, &e);
    free(text);
    bmp_problems_free(&p);
    if (!st && !valid)
        die("import", "a figure that is not whole hundredths within bounds was taken");
    if (!st) {
        bool held = false;
        if (bmp_ledger_batch_hold(L, id, &held, NULL, NULL, 0, &e))
            die("hold", e.msg);
        if (!held) {
            check_unheld(id);
            expect_1002 += computed[0];
        } else if (!bmp_ledger_approve(L, id, &e)) {
            die("approve", "a held batch was approved");
        } else if (size > 0 && (data[0] & 1)) {
            if (bmp_ledger_accept_carried(L, id, "fuzz: the director confirms", &e))
                die("accept-carried", e.msg);
            expect_1002 += gold ? 0 : carried0;
        }
        if ((!held || (size > 0 && (data[0] & 1))) && bmp_ledger_approve(L, id, &e))
            die("approve", e.msg);
        if (!held || (size > 0 && (data[0] & 1))) {
            char period[16];
            if (month < 26 * 12) {
                snprintf(period, sizeof period, "%04d-%02d", 2000 + month / 12, 1 + month % 12);
                bmp_ledger_close_stats s;
                if (bmp_ledger_close_period(L, "abf", period, &s, &e))
                    die("close", e.msg);
                month++;
                check_holding();
            }
        }
    }
    check_verify();
    return 0;
}
