/* Batch sources: a file turned into award lines (sources.c). */
#ifndef BMP_LEDGER_SOURCES_H
#define BMP_LEDGER_SOURCES_H

#include <stdbool.h>

#include "bridgemp/event.h"
#include "bridgemp/ledger.h"
#include "ledger/intake/carried.h"

/* Lines of one source, owning their strings. */
typedef struct ledger_lines {
    bmp_ledger_line *v;
    size_t n, cap;
    char **strs;            /* owned strings the lines point into */
    size_t nstrs, scap;
    bmp_batch_source source;
    char body[8];
    char hash[65];
    char *event, *event_date, *club;
    char *event_json;       /* an event computed on import, as JSON (derivations) */
    char *event_key;        /* who ran which event when (event_key.c) */
    char event_print[65];   /* its players and places (event_identity.c; issue 45) */
    char checksum[32];      /* ABF: sum of ABF number x points (ecosystem.md §5) */
    bool oom;               /* a string could not be kept: the whole read fails */
    ledger_carried carried; /* carried points against the engine's (issue 26) */
    const char **hold;      /* issue 43: hold[i] (i < nhold) is line i's reason to be held
                             * for its number (guest, no number, not a valid <BODY> number) */
    size_t nhold;
    const char *numbers;    /* issue 43: the pipeline's one-line summary of the flagged
                             * numbers (a kept string), or NULL */
} ledger_lines;

void ledger_lines_free(ledger_lines *ls);
/* Read a file's bytes into lines (kind from o->source, or from name and
 * the content); name stands for the file in messages.  Line-level
 * problems go to probs (status EINVAL); file-level ones to err. */
bmp_status ledger_lines_read(const char *data, size_t len, const char *name,
                             const bmp_ledger_import_opts *o, ledger_lines *ls,
                             bmp_problems *probs, bmp_error *err);
bmp_status ledger_event_hash(const bmp_event *ev, char hex[65], bmp_error *err);
/* hex (an event's content hash) mixed with the points a file carries
 * (usebio-mp batches, content_hash.c). */
bmp_status ledger_carried_hash(char hex[65], const bmp_ledger_line *v, size_t n, bmp_error *err);

#endif
