/* Invariants over generated events (issue 16): seeded, reproducible pairs
 * fields for every body, checked against properties every regulation
 * shares rather than against hand values:
 *   - awards never increase as the place falls (one field, places only);
 *   - a tie shares the tied places' awards: the tied contestants' total is
 *     the untied total of the same places, to within the bodies' rounding
 *     of each share (one hundredth per tied contestant);
 *   - every award cites a rule ID of the body's inventory (docs/coverage.md
 *     lists every inventory ID);
 *   - the event written as JSON and read back awards exactly the same;
 *   - written as USEBIO with its awards and read back, every player keeps
 *     the same points.
 * A failure prints its seed; BMP_PROP_SEED=N BMP_PROP_CASES=1 replays it.
 * BMP_PROP_CASES sets how many events per body (default 60). */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/pipeline.h"

/* ---- a small seeded generator (xorshift64*) ----------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static int rng_int(uint64_t *s, int lo, int hi) /* lo..hi inclusive */
{
    return lo + (int)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

/* ---- events ---------------------------------------------------------------- */

typedef struct body_gen {
    const char *body;
    const char *head;    /* the event's fields before "tables" and "contestants" */
    int id_base;         /* player numbers id_base + k */
    bool tie_minimum;    /* a tie at the last paid place raises every tied place
                          * to the minimum first (EBU 3.5, ruling EBU-R4) */
} body_gen;

static const body_gen bodies[] = {
    {"abf", "\"body\":\"abf\",\"edition\":\"2025\",\"kind\":\"pairs\",\"grade\":\"E\","
            "\"sessions\":1,\"boards\":24,\"movement\":\"one-winner\"", 1000, false},
    {"ebu", "\"body\":\"ebu\",\"edition\":\"2024\",\"kind\":\"pairs\",\"status\":\"club\","
            "\"sessions\":1,\"boards\":24,\"movement\":\"one-winner\"", 100000, true},
    {"acbl", "\"body\":\"acbl\",\"edition\":\"current\",\"kind\":\"pairs\","
             "\"classification\":\"sectional\",\"rating\":\"championship\",\"sessions\":1,"
             "\"movement\":\"one-winner\"", 7000000, false}, /* ACBL: 7 digits */
    {"nzb", "\"body\":\"nzb\",\"kind\":\"pairs\",\"grade\":\"40C\",\"sessions\":1,"
            "\"boards\":27,\"movement\":\"one-winner\"", 50000, false},
};

typedef struct gen_event {
    int n;           /* pairs */
    int place[64];   /* 1-based place of pair i (ties share the lowest) */
    int extent[64];  /* how many share it */
} gen_event;

/* n pairs in a random order; each pair ties the one above it with
 * probability 1/5 (when `ties`). */
static void gen_places(uint64_t *s, int n, bool ties, gen_event *g)
{
    int order[64];
    g->n = n;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = rng_int(s, 0, i), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int pos = 0;
    while (pos < n) {
        int k = 1;
        while (ties && pos + k < n && rng_int(s, 1, 5) == 1)
            k++;
        for (int i = 0; i < k; i++) {
            g->place[order[pos + i]] = pos + 1;
            g->extent[order[pos + i]] = k;
        }
        pos += k;
    }
}

static char *event_json(const body_gen *b, const gen_event *g)
{
    size_t cap = 4096 + (size_t)g->n * 200, len = 0;
    char *j = malloc(cap);
    assert_non_null(j);
    len += (size_t)snprintf(j + len, cap - len,
                            "{\"format\":\"bridgemp-event/1\",\"name\":\"generated\","
                            "\"date\":\"2025-09-01\",%s,\"tables\":%d,\"contestants\":[",
                            b->head, (g->n + 1) / 2);
    for (int i = 0; i < g->n; i++) {
        char place[16];
        if (g->extent[i] > 1)
            snprintf(place, sizeof place, "\"%d=\"", g->place[i]);
        else
            snprintf(place, sizeof place, "%d", g->place[i]);
        len += (size_t)snprintf(j + len, cap - len,
                                "%s{\"id\":\"%d\",\"place\":%s,\"players\":[{\"id\":\"%d\"},"
                                "{\"id\":\"%d\"}]}",
                                i ? "," : "", i + 1, place, b->id_base + 2 * i,
                                b->id_base + 2 * i + 1);
    }
    snprintf(j + len, cap - len, "]}");
    return j;
}

/* Points per player of pair i, summed over its awards (all colours). */
static void points_per_pair(const bmp_awards *a, int n, bmp_points *out)
{
    memset(out, 0, (size_t)n * sizeof *out);
    for (size_t k = 0; k < a->count; k++)
        if ((int)a->items[k].contestant < n)
            out[a->items[k].contestant] += a->items[k].points;
}

/* ---- the inventory -------------------------------------------------------- */

static char *inventory; /* docs/coverage.md, whole */

static bool in_inventory(const char *rule)
{
    char key[24];
    snprintf(key, sizeof key, "| %s |", rule);
    return strstr(inventory, key) != NULL;
}

/* ---- properties ----------------------------------------------------------- */

static bmp_status award_of(const char *json, bmp_awards *a, bmp_error *e)
{
    bmp_event *ev = NULL;
    bmp_awards_init(a);
    bmp_status st = bmp_event_load_string(json, "generated", &ev, e);
    if (!st)
        st = bmp_award_event(ev, a, e);
    bmp_event_free(ev);
    return st;
}

static int cases(void)
{
    const char *c = getenv("BMP_PROP_CASES");
    return c && atoi(c) > 0 ? atoi(c) : 60;
}

static uint64_t first_seed(void)
{
    const char *s = getenv("BMP_PROP_SEED");
    return s ? strtoull(s, NULL, 10) : 20261125;
}

/* Fails with the seed that reproduces it. */
#define PROP(cond, seed, body, ...)                                                        \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            print_error("%s, seed %llu (BMP_PROP_SEED=%llu BMP_PROP_CASES=1): ", body,     \
                        (unsigned long long)(seed), (unsigned long long)(seed));           \
            fail_msg(__VA_ARGS__);                                                         \
        }                                                                                  \
    } while (0)

static void check_monotone_and_rules(const body_gen *b, uint64_t seed)
{
    uint64_t s = seed;
    gen_event g;
    gen_places(&s, rng_int(&s, 4, 40), true, &g);
    char *json = event_json(b, &g);
    bmp_awards a;
    bmp_error e = {0};
    bmp_status st = award_of(json, &a, &e);
    PROP(st == BMP_OK, seed, b->body, "award failed: %s", e.msg);
    bmp_points pts[64];
    points_per_pair(&a, g.n, pts);
    for (int i = 0; i < g.n; i++)
        for (int k = 0; k < g.n; k++)
            PROP(!(g.place[i] < g.place[k] && pts[i] < pts[k]), seed, b->body,
                 "place %d earns %lld, less than place %d's %lld", g.place[i],
                 (long long)pts[i], g.place[k], (long long)pts[k]);
    for (size_t k = 0; k < a.count; k++)
        PROP(in_inventory(a.items[k].rule), seed, b->body,
             "award %zu cites \"%s\", not an ID of the inventory (docs/coverage.md)", k,
             a.items[k].rule);
    bmp_awards_free(&a);
    free(json);
}

/* The same field with every tie broken: each tie group's total must equal
 * the untied places' total, within one hundredth per tied pair (C-2, ABF-R3
 * round each share once); where a tie at the last paid place first raises
 * every tied place to the minimum (EBU-R4), the total may only grow.  Tied
 * pairs always earn the same. */
static void check_ties_share(const body_gen *b, uint64_t seed)
{
    uint64_t s = seed;
    gen_event tied, untied;
    gen_places(&s, rng_int(&s, 4, 40), true, &tied);
    untied = tied;
    for (int p = 1; p <= tied.n; p++) { /* break ties in pair order */
        int next = p;
        for (int i = 0; i < tied.n; i++)
            if (tied.place[i] == p && tied.extent[i] > 1) {
                untied.place[i] = next++;
                untied.extent[i] = 1;
            }
    }
    char *jt = event_json(b, &tied), *ju = event_json(b, &untied);
    bmp_awards at, au;
    bmp_error e = {0};
    PROP(award_of(jt, &at, &e) == BMP_OK, seed, b->body, "tied award failed: %s", e.msg);
    PROP(award_of(ju, &au, &e) == BMP_OK, seed, b->body, "untied award failed: %s", e.msg);
    bmp_points pt[64], pu[64];
    points_per_pair(&at, tied.n, pt);
    points_per_pair(&au, untied.n, pu);
    for (int p = 1; p <= tied.n; p++) {
        bmp_points sum_t = 0, sum_u = 0, first = -1;
        int k = 0;
        for (int i = 0; i < tied.n; i++)
            if (tied.place[i] == p && tied.extent[i] > 1) {
                PROP(first < 0 || pt[i] == first, seed, b->body,
                     "pairs tied at place %d earn %lld and %lld", p, (long long)first,
                     (long long)pt[i]);
                first = pt[i];
                sum_t += pt[i];
                sum_u += pu[i];
                k++;
            }
        long long diff = (long long)(sum_t - sum_u);
        PROP(!k || (diff >= -k && (b->tie_minimum || diff <= k)), seed, b->body,
             "%d pairs tied at place %d share %lld; untied, the places earn %lld", k, p,
             (long long)sum_t, (long long)sum_u);
    }
    bmp_awards_free(&at);
    bmp_awards_free(&au);
    free(jt);
    free(ju);
}

/* Written as event JSON and read back: the same awards, item for item. */
static void check_json_round_trip(const body_gen *b, uint64_t seed)
{
    uint64_t s = seed;
    gen_event g;
    gen_places(&s, rng_int(&s, 4, 40), true, &g);
    char *json = event_json(b, &g), *again = NULL;
    bmp_error e = {0};
    bmp_pipeline *p = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    bmp_status st = bmp_pipeline_read_memory(p, json, strlen(json), "generated.json", &e);
    if (!st)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_EVENT_JSON, &again, &len, &e);
    PROP(st == BMP_OK, seed, b->body, "write event JSON: %s", e.msg);
    bmp_pipeline_free(p);
    bmp_awards a1, a2;
    PROP(award_of(json, &a1, &e) == BMP_OK, seed, b->body, "award: %s", e.msg);
    PROP(award_of(again, &a2, &e) == BMP_OK, seed, b->body, "award after the round trip: %s",
         e.msg);
    PROP(a1.count == a2.count, seed, b->body, "%zu awards, %zu after the round trip", a1.count,
         a2.count);
    for (size_t k = 0; k < a1.count; k++)
        PROP(a1.items[k].contestant == a2.items[k].contestant &&
                 a1.items[k].points == a2.items[k].points &&
                 strcmp(a1.items[k].rule, a2.items[k].rule) == 0 &&
                 strcmp(a1.items[k].colour, a2.items[k].colour) == 0,
             seed, b->body, "award %zu differs after the round trip", k);
    bmp_awards_free(&a1);
    bmp_awards_free(&a2);
    free(json);
    free(again);
}

/* Points per player number, summed over awards (all colours). */
static bmp_points player_total(const bmp_event *ev, const bmp_awards *a, const char *number)
{
    bmp_points t = 0;
    for (size_t k = 0; k < a->count; k++) {
        const bmp_contestant *c = &ev->contestants[a->items[k].contestant];
        for (size_t p = 0; p < c->nplayers; p++)
            if ((a->items[k].player == BMP_ALL_PLAYERS || (size_t)a->items[k].player == p) &&
                c->players[p].id && strcmp(c->players[p].id, number) == 0)
                t += a->items[k].points;
    }
    return t;
}

/* Written as USEBIO with its MASTER_POINTS and read back: every player's
 * total is the same. */
static void check_usebio_round_trip(const body_gen *b, uint64_t seed)
{
    uint64_t s = seed;
    gen_event g;
    gen_places(&s, rng_int(&s, 4, 40), true, &g);
    char *json = event_json(b, &g), *xml = NULL;
    bmp_error e = {0};
    bmp_pipeline *p1 = NULL, *p2 = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_new(&p1, &e), BMP_OK);
    bmp_status st = bmp_pipeline_read_memory(p1, json, strlen(json), "generated.json", &e);
    st = st ? st : bmp_pipeline_award(p1, &e);
    st = st ? st : bmp_pipeline_write_buffer(p1, BMP_PIPE_USEBIO, &xml, &len, &e);
    PROP(st == BMP_OK, seed, b->body, "write USEBIO: %s", e.msg);
    assert_int_equal(bmp_pipeline_new(&p2, &e), BMP_OK);
    st = bmp_pipeline_set(p2, "body", b->body, &e);
    st = st ? st : bmp_pipeline_read_memory(p2, xml, len, "generated.xml", &e);
    st = st ? st : bmp_pipeline_file_awards(p2, &e);
    PROP(st == BMP_OK, seed, b->body, "read the USEBIO back: %s", e.msg);
    const bmp_event *e1 = bmp_pipeline_event(p1), *e2 = bmp_pipeline_event(p2);
    for (size_t i = 0; i < e1->ncontestants; i++)
        for (size_t k = 0; k < e1->contestants[i].nplayers; k++) {
            const char *num = e1->contestants[i].players[k].id;
            bmp_points before = player_total(e1, bmp_pipeline_awards(p1), num);
            bmp_points after = player_total(e2, bmp_pipeline_awards(p2), num);
            PROP(before == after, seed, b->body, "player %s: %lld before the USEBIO round trip, "
                 "%lld after", num, (long long)before, (long long)after);
        }
    bmp_pipeline_free(p1);
    bmp_pipeline_free(p2);
    free(json);
    free(xml);
}

static void run_all(void (*check)(const body_gen *, uint64_t))
{
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
        for (int c = 0; c < cases(); c++)
            check(&bodies[i], first_seed() + (uint64_t)c);
}

static void test_awards_fall_with_place_and_cite_the_inventory(void **state)
{
    (void)state;
    run_all(check_monotone_and_rules);
}

static void test_ties_share_the_tied_places(void **state)
{
    (void)state;
    run_all(check_ties_share);
}

static void test_event_json_round_trip_keeps_every_award(void **state)
{
    (void)state;
    run_all(check_json_round_trip);
}

static void test_usebio_round_trip_keeps_every_players_points(void **state)
{
    (void)state;
    run_all(check_usebio_round_trip);
}

static int load_inventory(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/docs/coverage.md", BMP_SOURCE_DIR);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    inventory = malloc((size_t)n + 1);
    size_t got = inventory ? fread(inventory, 1, (size_t)n, f) : 0;
    fclose(f);
    if (!inventory || got != (size_t)n)
        return -1;
    inventory[n] = '\0';
    return 0;
}

static int free_inventory(void **state)
{
    (void)state;
    free(inventory);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_awards_fall_with_place_and_cite_the_inventory),
        cmocka_unit_test(test_ties_share_the_tied_places),
        cmocka_unit_test(test_event_json_round_trip_keeps_every_award),
        cmocka_unit_test(test_usebio_round_trip_keeps_every_players_points),
    };
    return cmocka_run_group_tests(tests, load_inventory, free_inventory);
}
