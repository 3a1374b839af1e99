/* ACBLscore fidelity (issue 42 items 2 and 4): for each game file, each
 * event, bridgemp's own awards against the awards ACBLscore stored, per
 * player and colour.
 *
 *   acblscore_fidelity [--expect-matched N] FILE...
 *       prints a table: file, event, players, matched, differing, refused
 *       (with the reason); with --expect-matched N exits 1 unless exactly N
 *       player-colour awards matched in all (ctest acblscore_fidelity: the
 *       count cannot silently change).
 *   acblscore_fidelity --dump DIR FILE...
 *       writes DIR/<file name>.json per file: every event converted
 *       (docs/acblscore.md) and the stored awards per player and colour.
 *
 * A player-colour award matches when bridgemp awards that player exactly
 * the points ACBLscore stored in that colour; a player with stored points
 * and none computed, or computed and none stored, differs. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/acblscore.h"
#include "bridgemp/bridgemp.h"
#include "bridgemp/pipeline.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = b ? (size_t)n : 0;
    return b;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* ---- the dump ---------------------------------------------------------- */

static json_t *stored_awards(const bmp_acblscore_event *ev)
{
    json_t *a = json_array();
    for (size_t s = 0; s < ev->nsections; s++)
        for (size_t k = 0; k < ev->sections[s].nentries; k++) {
            const bmp_acblscore_entry *en = &ev->sections[s].entries[k];
            char id[32];
            snprintf(id, sizeof id, "%s%d%s", ev->sections[s].letter, en->number, en->direction);
            for (size_t p = 0; p < en->nplayers; p++) {
                const bmp_acblscore_player *pl = &en->players[p];
                for (size_t w = 0; w < pl->nawards; w++) {
                    const bmp_acblscore_award *x = &pl->awards[w];
                    char strat[2] = {x->strat, '\0'}, name[40];
                    snprintf(name, sizeof name, "%s %s", pl->first, pl->last);
                    json_array_append_new(
                        a, json_pack("{s:s,s:s,s:s,s:s?,s:I,s:f,s:s?,s:s,s:s,s:b}", "contestant",
                                     id, "player", pl->number, "name", name, "colour", x->colour,
                                     "points_hundredths", (json_int_t)x->points, "points",
                                     (double)x->points / 100.0, "strat",
                                     x->strat ? strat : NULL, "kind",
                                     x->overall ? "overall" : "section", "section",
                                     ev->sections[s].letter, "eligible", en->eligibility == 0));
                }
            }
        }
    return a;
}

static json_t *raw_event(const bmp_acblscore_event *ev)
{
    json_t *st = json_array();
    for (size_t k = 0; k < ev->nstrats; k++) {
        char l[2] = {ev->strats[k].letter, '\0'};
        json_array_append_new(st, json_pack("{s:s,s:i,s:i}", "letter", l, "min_mp",
                                            ev->strats[k].min_mp, "max_mp", ev->strats[k].max_mp));
    }
    json_t *secs = json_array();
    for (size_t s = 0; s < ev->nsections; s++) {
        const bmp_acblscore_section *x = &ev->sections[s];
        json_array_append_new(secs, json_pack("{s:s,s:s?,s:i,s:i,s:i,s:I}", "letter", x->letter,
                                              "movement", x->movement_name, "tables", x->tables,
                                              "boards", x->boards, "phantom", x->phantom,
                                              "entries", (json_int_t)x->nentries));
    }
    return json_pack("{s:i,s:s,s:s,s:s,s:s,s:s,s:i,s:s?,s:i,s:s?,s:i,s:o,s:o}", "id", ev->id,
                     "name", ev->name, "date", ev->date, "date_text", ev->date_text, "club_number",
                     ev->club_number, "club", ev->club_name, "rating", ev->rating, "rating_name",
                     ev->rating_name, "club_game_type", ev->club_game_type,
                     "club_game_type_name", ev->club_game_type_name, "club_session",
                     ev->club_session, "strats", st, "sections", secs);
}

static int dump_one(const char *dir, const char *path)
{
    size_t len;
    char *data = slurp(path, &len);
    bmp_error e = {0};
    bmp_acblscore_file *f = NULL;
    if (!data || bmp_acblscore_read_memory(data, len, base_name(path), &f, &e)) {
        fprintf(stderr, "%s: %s\n", path, data ? e.msg : "cannot read");
        free(data);
        return 1;
    }
    json_t *evs = json_array();
    int rc = 0;
    for (size_t i = 0; i < f->nevents; i++) {
        char *text = NULL;
        json_t *conv = NULL;
        if (bmp_acblscore_event_json(f, i, base_name(path), NULL, &text, &e) == BMP_OK)
            conv = json_loads(text, 0, NULL);
        else
            rc = 1, fprintf(stderr, "%s: %s\n", path, e.msg);
        free(text);
        json_t *pp = json_object_get(conv, "params");
        const char *const keys[] = {"special", "game_type"};
        for (size_t k = 0; k < 2; k++) { /* the club rules' names (bridgemp params acbl) */
            char dotted[40];
            snprintf(dotted, sizeof dotted, "acblscore.%s", keys[k]);
            if (json_object_get(pp, dotted) && !json_object_get(pp, keys[k]))
                json_object_set(pp, keys[k], json_object_get(pp, dotted));
        }
        json_array_append_new(evs, json_pack("{s:o,s:o*,s:o}", "read", raw_event(&f->events[i]),
                                             "event", conv, "stored_awards",
                                             stored_awards(&f->events[i])));
    }
    char out[4096];
    snprintf(out, sizeof out, "%s/%s.json", dir, base_name(path));
    json_t *root = json_pack("{s:s,s:I,s:o}", "file", base_name(path), "size", (json_int_t)len,
                             "events", evs);
    if (json_dump_file(root, out, JSON_INDENT(1) | JSON_SORT_KEYS) != 0)
        rc = 1, fprintf(stderr, "%s: cannot write\n", out);
    json_decref(root);
    bmp_acblscore_free(f);
    free(data);
    return rc;
}

/* ---- the comparison ----------------------------------------------------- */

typedef struct tally {
    long stored, matched, differing, refused_events, events;
} tally;

/* bridgemp's points of `colour` for player p of contestant c. */
static bmp_points computed(const bmp_awards *aw, size_t c, size_t p, const char *colour)
{
    bmp_points sum = 0;
    for (size_t i = 0; aw && i < aw->count; i++) {
        const bmp_award *a = &aw->items[i];
        if (a->contestant == c && (a->player == BMP_ALL_PLAYERS || a->player == (int)p) &&
            strcasecmp(a->colour, colour) == 0)
            sum += a->points;
    }
    return sum;
}

static bmp_points stored(const bmp_acblscore_player *pl, const char *colour)
{
    bmp_points sum = 0;
    for (size_t w = 0; w < pl->nawards; w++)
        if (pl->awards[w].colour && strcmp(pl->awards[w].colour, colour) == 0)
            sum += pl->awards[w].points;
    return sum;
}

/* The entry a contestant was converted from ("<section><pair><dir>"). */
static const bmp_acblscore_entry *entry_of(const bmp_acblscore_event *ev, const char *id)
{
    for (size_t s = 0; s < ev->nsections; s++)
        for (size_t k = 0; k < ev->sections[s].nentries; k++) {
            const bmp_acblscore_entry *en = &ev->sections[s].entries[k];
            char x[32];
            snprintf(x, sizeof x, "%s%d%s", ev->sections[s].letter, en->number, en->direction);
            if (strcmp(x, id) == 0)
                return en;
        }
    return NULL;
}

/* Per player and colour: stored against computed (aw NULL: refused). */
static void compare(const bmp_acblscore_event *aev, const bmp_event *ev, const bmp_awards *aw,
                    tally *t, long *players)
{
    static const char *const colours[] = {"black", "silver", "red", "gold", "platinum"};
    for (size_t c = 0; c < ev->ncontestants; c++) {
        const bmp_acblscore_entry *en = entry_of(aev, ev->contestants[c].id);
        for (size_t p = 0; en && p < en->nplayers && p < ev->contestants[c].nplayers; p++) {
            (*players)++;
            for (size_t k = 0; k < sizeof colours / sizeof *colours; k++) {
                bmp_points s = stored(&en->players[p], colours[k]);
                bmp_points m = aw ? computed(aw, c, p, colours[k]) : 0;
                t->stored += s != 0;
                if (!aw || (!s && !m))
                    continue;
                if (s == m)
                    t->matched++;
                else
                    t->differing++;
            }
        }
    }
}

static void fidelity_event(const char *path, const char *data, size_t len,
                           const bmp_acblscore_file *f, size_t i, tally *all)
{
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    char no[24];
    snprintf(no, sizeof no, "%zu", i + 1);
    bmp_status st = bmp_pipeline_new(&p, &e);
    if (!st)
        st = bmp_pipeline_set(p, "event", no, &e);
    if (!st)
        st = bmp_pipeline_read_memory(p, data, len, base_name(path), &e);
    tally t = {0};
    long players = 0;
    if (!st) {
        bmp_status ast = bmp_pipeline_award(p, &e);
        compare(&f->events[i], bmp_pipeline_event(p), ast ? NULL : bmp_pipeline_awards(p), &t,
                &players);
        st = ast;
    }
    char why[72] = "";
    if (st) {
        const char *m = strstr(e.msg, ": ") ? strstr(e.msg, ": ") + 2 : e.msg;
        snprintf(why, sizeof why, "%.71s", m);
        t.refused_events = 1;
    }
    printf("%-40s %2zu %7ld %6ld %7ld %9ld  %s\n", base_name(path), i + 1, players, t.stored,
           t.matched, t.differing, st ? why : "-");
    all->stored += t.stored, all->matched += t.matched, all->differing += t.differing;
    all->refused_events += t.refused_events, all->events++;
    bmp_pipeline_free(p);
}

static int fidelity_main(int argc, char **argv)
{
    long expect = -1;
    int i = 1;
    if (argc > 2 && strcmp(argv[1], "--expect-matched") == 0) {
        expect = strtol(argv[2], NULL, 10);
        i = 3;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: acblscore_fidelity [--expect-matched N] FILE...\n"
                        "       acblscore_fidelity --dump DIR FILE...\n");
        return 2;
    }
    printf("%-40s %2s %7s %6s %7s %9s  %s\n", "file", "ev", "players", "stored", "matched",
           "differing", "refused (reason)");
    tally all = {0};
    int rc = 0;
    for (; i < argc; i++) {
        size_t len;
        char *data = slurp(argv[i], &len);
        bmp_error e = {0};
        bmp_acblscore_file *f = NULL;
        if (!data || bmp_acblscore_read_memory(data, len, base_name(argv[i]), &f, &e)) {
            fprintf(stderr, "%s: %s\n", argv[i], data ? e.msg : "cannot read");
            rc = 1;
        }
        for (size_t k = 0; f && k < f->nevents; k++)
            fidelity_event(argv[i], data, len, f, k, &all);
        bmp_acblscore_free(f);
        free(data);
    }
    printf("total: %ld events (%ld refused), %ld stored player-colour awards, %ld matched, %ld "
           "differing\n",
           all.events, all.refused_events, all.stored, all.matched, all.differing);
    if (expect >= 0 && all.matched != expect) {
        fprintf(stderr, "acblscore_fidelity: %ld matched, expected %ld: update the expected "
                        "count in tests/CMakeLists.txt (and docs/acblscore.md) if this is an "
                        "improvement\n", all.matched, expect);
        rc = 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "--dump") == 0) {
        int rc = 0;
        for (int i = 3; i < argc; i++)
            rc |= dump_one(argv[2], argv[i]);
        return rc;
    }
    return fidelity_main(argc, argv);
}
