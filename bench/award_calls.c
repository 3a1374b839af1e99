/* Benchmark: the C side of bench/python/award.py (issue 31).
 *
 *   award_calls ROUNDS FILE...
 *
 * Reads each FILE into memory once, then ROUNDS times awards every file
 * with the library calls the Python module (python/bridgemp) makes for
 * bridgemp.award(data, name=FILE): bmp_pipeline_new, bmp_usebio_sniff,
 * bmp_text_check, bmp_pipeline_read_memory, bmp_pipeline_award, every award
 * through bmp_awards_count/_at with its contestant and players, the event's
 * identity, bmp_awards_reasons, the notes, bmp_pipeline_free.  Prints the
 * process CPU time per round (best of ROUNDS, microseconds), the awards
 * per round and the sum of their hundredths (the Python side checks it is
 * the same).  No asserts on time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct input {
    const char *name;
    char *data;
    size_t len;
} input;

/* What the module reads of one award: every field, the contestant's id and
 * name and the players'. */
static long long touch(const bmp_event *ev, const bmp_award *w, size_t *chars)
{
    const bmp_contestant *c = &ev->contestants[w->contestant];
    *chars += strlen(w->kind) + strlen(w->ranking) + strlen(w->colour) + strlen(w->rule) +
              strlen(w->section) + (c->id ? strlen(c->id) : 0) + (c->name ? strlen(c->name) : 0);
    for (size_t p = 0; p < c->nplayers; p++)
        *chars += (c->players[p].id ? strlen(c->players[p].id) : 0) +
                  (c->players[p].name ? strlen(c->players[p].name) : 0);
    return w->points + w->place.lo + w->place.hi + w->place.tied;
}

/* One file, as bridgemp.award(data, name=...) does it; false on an error. */
static bool award_one(const input *in, size_t *nawards, long long *sum, size_t *chars)
{
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    size_t bom = 0;
    bool xml = bmp_usebio_sniff(in->data, in->len);
    bool ok = bmp_pipeline_new(&p, &e) == BMP_OK &&
              bmp_text_check(in->name, in->data, in->len, !xml, &bom, &e) == BMP_OK &&
              bmp_pipeline_read_memory(p, in->data + bom, in->len - bom, in->name, &e) == BMP_OK &&
              bmp_pipeline_award(p, &e) == BMP_OK;
    if (ok) {
        const bmp_event *ev = bmp_pipeline_event(p);
        const bmp_awards *a = bmp_pipeline_awards(p);
        size_t n = bmp_awards_count(a);
        for (size_t i = 0; i < n; i++) {
            const bmp_award *w = bmp_awards_at(a, i);
            *sum += w->points;
            touch(ev, w, chars);
        }
        *nawards += n;
        bmp_identity id;
        bmp_event_identity(ev, &id);
        *chars += strlen(bmp_event_kind_name(ev->kind)) + (id.body ? strlen(id.body) : 0);
        bmp_reason *r = NULL;
        size_t nr = 0;
        ok = bmp_awards_reasons(ev, a, &r, &nr, &e) == BMP_OK;
        for (size_t i = 0; ok && i < nr; i++)
            *chars += strlen(r[i].text);
        bmp_reasons_free(r, nr);
        for (size_t i = 0; i < bmp_awards_note_count(a); i++)
            *chars += strlen(bmp_awards_note_at(a, i));
    }
    if (!ok)
        fprintf(stderr, "award_calls: %s: %s\n", in->name, e.msg);
    bmp_pipeline_free(p);
    return ok;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 0;
    if (rounds < 1 || argc < 3) {
        fprintf(stderr, "usage: award_calls ROUNDS FILE...\n");
        return 2;
    }
    size_t n = (size_t)argc - 2;
    input *in = calloc(n, sizeof *in);
    for (size_t i = 0; in && i < n; i++) {
        bmp_error e = {0};
        in[i].name = argv[i + 2];
        if (bmp_file_read(in[i].name, 0, &in[i].data, &in[i].len, &e)) {
            fprintf(stderr, "award_calls: %s\n", e.msg);
            return 1;
        }
    }
    double best = 1e30;
    size_t awards = 0, chars = 0;
    long long sum = 0;
    for (int r = 0; r < rounds; r++) {
        awards = 0;
        sum = 0;
        double t = cpu_now();
        for (size_t i = 0; i < n; i++)
            if (!award_one(&in[i], &awards, &sum, &chars))
                return 1;
        t = cpu_now() - t;
        if (t < best)
            best = t;
    }
    printf("c_us_per_round %.1f\nawards_per_round %zu\nhundredths_per_round %lld\n",
           best * 1e6, awards, sum);
    fprintf(stderr, "(%zu characters read)\n", chars);
    for (size_t i = 0; i < n; i++)
        free(in[i].data);
    free(in);
    return 0;
}
