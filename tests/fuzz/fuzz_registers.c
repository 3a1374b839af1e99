/* libFuzzer harness: the ledger's CSV inputs (src/ledger/shared/csv.c, the player
 * and club registers of registry.c, the adjustment files of sources.c) must
 * never crash, leak or leave a half-imported register.  An in-memory
 * ledger, replaced by a fresh one every FRESH_EVERY inputs: the registers
 * and batches that inputs import stay in it, and a ledger kept for a whole
 * 10M run grew past 800 MB and slowed the run from about 4,000 to 800
 * inputs a second.  The first byte picks the body and the file kind. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "ledger/shared/csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FRESH_EVERY = 4096 };

static bmp_ledger *ledger;
static unsigned inputs;
static char path[64];

static void setup(void)
{
    bmp_error e = {0};
    if (ledger)
        bmp_ledger_close(ledger);
    ledger = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "fuzz",
                         .now = "2026-11-25T12:00:00Z"};
    if (bmp_ledger_open(":memory:", &o, &ledger, &e)) {
        fprintf(stderr, "fuzz_registers: %s\n", e.msg);
        abort();
    }
    snprintf(path, sizeof path, "/tmp/bmp-fuzz-registers-%d.csv", (int)getpid());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const bodies[] = {"abf", "nzb", "ebu", "acbl"};
    if (size < 1)
        return 0;
    if (!ledger || ++inputs % FRESH_EVERY == 0)
        setup();
    const char *body = bodies[data[0] & 3];
    bmp_error e = {0};
    lcsv c = {0};
    (void)lcsv_parse((const char *)data + 1, size - 1, "fuzz", &c, &e);
    lcsv_free(&c);
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    size_t n = 0;
    bmp_problems p = {0};
    switch ((data[0] >> 2) & 3) {
    case 0: (void)bmp_ledger_import_players(ledger, body, path, &n, &p, &e); break;
    case 1: (void)bmp_ledger_import_clubs(ledger, body, path, &n, &p, &e); break;
    default: {
        bmp_ledger_import_opts o = {.size = sizeof o, .body = body,
                                    .source = BMP_BATCH_ADJUSTMENT};
        int64_t id = 0;
        (void)bmp_ledger_import(ledger, path, &o, &id, &p, &e);
    }
    }
    bmp_problems_free(&p);
    unlink(path);
    return 0;
}
