/* Printing awards: per contestant and per player, as a text table, CSV or
 * JSON, with the derivation when asked (--explain). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

static const char *player_label(const bmp_player *p)
{
    return p->id ? p->id : (p->name ? p->name : "");
}

static void place_str(const bmp_award *a, char *buf, size_t n)
{
    bmp_place_format(a->place, buf, n);
}

/* Per-player totals of every contestant in one pass over the awards:
 * tot[first[c] + p] for player p of contestant c (what
 * bmp_awards_player_total gives, without a scan per player). */
static bmp_points *player_totals(const bmp_event *ev, const bmp_awards *a, size_t **first_out)
{
    size_t *first = malloc((ev->ncontestants + 1) * sizeof *first);
    size_t n = 0;
    for (size_t i = 0; first && i < ev->ncontestants; i++) {
        first[i] = n;
        n += ev->contestants[i].nplayers;
    }
    bmp_points *tot = first ? calloc(n ? n : 1, sizeof *tot) : NULL;
    if (!tot) {
        free(first);
        return NULL;
    }
    first[ev->ncontestants] = n;
    for (size_t i = 0; i < a->count; i++) {
        const bmp_award *w = &a->items[i];
        if (w->contestant >= ev->ncontestants)
            continue;
        size_t np = ev->contestants[w->contestant].nplayers;
        for (size_t p = 0; p < np; p++)
            if (w->player == BMP_ALL_PLAYERS || w->player == (int)p)
                tot[first[w->contestant] + p] += w->points;
    }
    *first_out = first;
    return tot;
}

static bmp_status write_json(const bmp_event *ev, const bmp_awards *a, bool explain, FILE *out,
                             bmp_error *err)
{
    json_t *root = json_object();
    json_object_set_new(root, "event", json_string(ev->name ? ev->name : ""));
    json_object_set_new(root, "body", json_string(ev->body ? ev->body : ""));
    if (ev->edition)
        json_object_set_new(root, "edition", json_string(ev->edition));
    json_t *arr = json_array();
    for (size_t i = 0; i < a->count; i++) {
        const bmp_award *w = &a->items[i];
        const bmp_contestant *c = &ev->contestants[w->contestant];
        char pts[32], pl[24];
        bmp_points_format(w->points, pts, sizeof pts);
        place_str(w, pl, sizeof pl);
        json_t *o = json_object();
        json_object_set_new(o, "contestant", json_string(c->id));
        if (c->name)
            json_object_set_new(o, "name", json_string(c->name));
        if (w->player != BMP_ALL_PLAYERS && (size_t)w->player < c->nplayers)
            json_object_set_new(o, "player", json_string(player_label(&c->players[w->player])));
        json_object_set_new(o, "kind", json_string(w->kind));
        json_object_set_new(o, "ranking", json_string(w->ranking));
        json_object_set_new(o, "place", json_string(pl));
        /* Points as a decimal string and as integer hundredths: never a float. */
        json_object_set_new(o, "points", json_string(pts));
        json_object_set_new(o, "hundredths", json_integer(w->points));
        json_object_set_new(o, "colour", json_string(w->colour));
        json_object_set_new(o, "rule", json_string(w->rule));
        json_object_set_new(o, "section", json_string(w->section));
        if (explain && w->explain)
            json_object_set_new(o, "explain", json_string(w->explain));
        json_array_append_new(arr, o);
    }
    json_object_set_new(root, "awards", arr);
    json_t *players = json_array();
    size_t *first = NULL;
    bmp_points *tot = player_totals(ev, a, &first);
    if (!tot) {
        json_decref(root);
        return bmp_error_set(err, BMP_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        for (size_t p = 0; p < c->nplayers; p++) {
            bmp_points t = tot[first[i] + p];
            if (t == 0)
                continue;
            char pts[32];
            bmp_points_format(t, pts, sizeof pts);
            json_t *o = json_object();
            if (c->players[p].id)
                json_object_set_new(o, "id", json_string(c->players[p].id));
            if (c->players[p].name)
                json_object_set_new(o, "name", json_string(c->players[p].name));
            json_object_set_new(o, "contestant", json_string(c->id));
            json_object_set_new(o, "points", json_string(pts));
            json_object_set_new(o, "hundredths", json_integer(t));
            json_array_append_new(players, o);
        }
    }
    free(tot);
    free(first);
    json_object_set_new(root, "players", players);
    if (explain) {
        json_t *notes = json_array();
        for (size_t i = 0; i < a->nnotes; i++)
            json_array_append_new(notes, json_string(a->notes[i]));
        json_object_set_new(root, "derivation", notes);
    }
    int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(root);
    return rc ? bmp_error_set(err, BMP_EIO, "could not write JSON") : BMP_OK;
}

bmp_status bmp_awards_write(const bmp_event *ev, const bmp_awards *a, bmp_output_format fmt,
                            bool explain, FILE *out, bmp_error *err)
{
    if (fmt == BMP_OUT_JSON)
        return write_json(ev, a, explain, out, err);

    bmp_table t;
    bmp_table_init(&t);
    static const char *const cols[] = {"contestant", "name",   "kind",   "ranking",
                                       "place",      "points", "colour", "rule",
                                       "section",    NULL};
    static const char *const cols_x[] = {"contestant", "name",   "kind", "ranking", "place",
                                         "points",     "colour", "rule", "section", "derivation",
                                         NULL};
    bmp_status st = bmp_table_columns(&t, explain ? cols_x : cols);
    for (size_t i = 0; i < a->count && !st; i++) {
        const bmp_award *w = &a->items[i];
        const bmp_contestant *c = &ev->contestants[w->contestant];
        char pts[32], pl[24];
        bmp_points_format(w->points, pts, sizeof pts);
        place_str(w, pl, sizeof pl);
        const char *who = c->name ? c->name : "";
        if (w->player != BMP_ALL_PLAYERS && (size_t)w->player < c->nplayers)
            who = player_label(&c->players[w->player]);
        bmp_table_cell(&t, "%s", c->id);
        bmp_table_cell(&t, "%s", who);
        bmp_table_cell(&t, "%s", w->kind);
        bmp_table_cell(&t, "%s", w->ranking);
        bmp_table_cell(&t, "%s", pl);
        bmp_table_cell(&t, "%s", pts);
        bmp_table_cell(&t, "%s", w->colour);
        bmp_table_cell(&t, "%s", w->rule);
        st = bmp_table_cell(&t, "%s", w->section);
        if (explain)
            st = bmp_table_cell(&t, "%s", w->explain ? w->explain : "");
    }
    if (!st && fmt == BMP_OUT_TABLE) {
        char title[512];
        snprintf(title, sizeof title, "%s (%s%s%s): awards", ev->name ? ev->name : "event",
                 ev->body, ev->edition ? ", " : "", ev->edition ? ev->edition : "");
        bmp_table_title(&t, title);
        if (explain) {
            fputs("Derivation:\n", out);
            for (size_t i = 0; i < a->nnotes; i++)
                fprintf(out, "  %s\n", a->notes[i]);
            fputc('\n', out);
        }
    }
    if (!st)
        st = bmp_table_write(&t, fmt, out, err);
    bmp_table_free(&t);
    if (st || fmt != BMP_OUT_TABLE)
        return st;

    /* Per-player totals. */
    bmp_table p;
    bmp_table_init(&p);
    static const char *const pcols[] = {"player", "name", "contestant", "points", NULL};
    st = bmp_table_columns(&p, pcols);
    size_t *first = NULL;
    bmp_points *totals = st ? NULL : player_totals(ev, a, &first);
    if (!st && !totals)
        st = bmp_error_set(err, BMP_ENOMEM, "out of memory");
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        for (size_t k = 0; k < c->nplayers; k++) {
            bmp_points tot = totals[first[i] + k];
            if (tot == 0)
                continue;
            char pts[32];
            bmp_points_format(tot, pts, sizeof pts);
            bmp_table_cell(&p, "%s", c->players[k].id ? c->players[k].id : "-");
            bmp_table_cell(&p, "%s", c->players[k].name ? c->players[k].name : "");
            bmp_table_cell(&p, "%s", c->id);
            st = bmp_table_cell(&p, "%s", pts);
        }
    }
    free(totals);
    free(first);
    if (!st && p.nrows) {
        fputs("\nPer player:\n", out);
        st = bmp_table_write(&p, BMP_OUT_TABLE, out, err);
    }
    bmp_table_free(&p);
    return st;
}
