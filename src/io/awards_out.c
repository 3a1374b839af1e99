/* Printing awards (docs/output-format.md): a text table, CSV, or JSON in one
 * documented shape for every body and event kind (docs/output.schema.json),
 * with the derivation when asked (--explain) and the reasons for every
 * event or contestant that earns nothing. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/table_rows.h"
#include "core/text_safe.h"
#include "io/number_flag.h"

#define AWARDS_FORMAT "bridgemp-awards/1"

static const char *player_label(const bmp_player *p)
{
    return p->id ? p->id : (p->name ? p->name : "");
}

/* ---- JSON --------------------------------------------------------------- */

/* A JSON string that is always valid UTF-8 (bytes that are not become
 * U+FFFD); json null for NULL. */
static json_t *jstr(const char *s)
{
    if (!s)
        return json_null();
    json_t *v = json_string(s);
    if (v)
        return v;
    char *u = core_text_utf8(s);
    v = u ? json_string(u) : NULL;
    free(u);
    return v;
}

/* Set a key, failing on a value that could not be built (no memory). */
static bool set(json_t *o, const char *key, json_t *v)
{
    return v && json_object_set_new(o, key, v) == 0;
}

static bool append(json_t *arr, json_t *v)
{
    return v && json_array_append_new(arr, v) == 0;
}

static json_t *points_json(const char *type, bmp_points pts)
{
    char buf[32];
    bmp_points_format(pts, buf, sizeof buf);
    json_t *o = json_object();
    if (o && type && !set(o, "point_type", jstr(type)))
        return json_decref(o), NULL;
    /* Points as a decimal string and as integer hundredths: never a float. */
    if (o && (!set(o, "points", jstr(buf)) || !set(o, "hundredths", json_integer(pts))))
        return json_decref(o), NULL;
    return o;
}

static json_t *event_json(const bmp_event *ev, bmp_error *err, bmp_status *st)
{
    bmp_identity id;
    bmp_event_identity(ev, &id);
    char hash[BMP_CONTENT_HASH_HEX];
    if ((*st = bmp_event_content_hash(ev, hash, err)))
        return NULL;
    json_t *o = json_object(), *scale = json_object(), *ident = json_object();
    bool ok = o && scale && ident && set(o, "name", jstr(ev->name ? ev->name : "")) &&
              set(o, "body", jstr(id.body ? id.body : "")) && set(o, "edition", jstr(id.edition)) &&
              set(o, "kind", jstr(bmp_event_kind_name(ev->kind))) &&
              /* The scale or table used: what the event declares; each award
               * names the rule and section that produced it. */
              set(scale, "classification", jstr(ev->classification)) &&
              set(scale, "rating", jstr(ev->rating)) && set(scale, "grade", jstr(ev->grade)) &&
              set(scale, "status", jstr(ev->status)) &&
              set(scale, "sessions", json_integer(ev->sessions > 0 ? ev->sessions : 1)) &&
              set(scale, "tables", json_real(ev->tables)) && set(o, "scale", scale) &&
              set(ident, "date", jstr(id.date)) && set(ident, "event_id", jstr(id.event_id)) &&
              set(ident, "sanction", jstr(id.sanction)) &&
              set(ident, "organiser", jstr(id.organiser)) && set(o, "identity", ident) &&
              set(o, "content_hash", jstr(hash));
    scale = ident = NULL; /* owned by o once set */
    if (!ok) {
        json_decref(o);
        *st = bmp_error_oom(err);
        return NULL;
    }
    return o;
}

static json_t *player_ref(const bmp_contestant *c, int player)
{
    if (player == BMP_ALL_PLAYERS || player < 0 || (size_t)player >= c->nplayers)
        return json_null(); /* each player of the contestant receives it */
    const bmp_player *p = &c->players[player];
    json_t *o = json_object();
    if (o && (!set(o, "id", jstr(p->id)) || !set(o, "name", jstr(p->name))))
        return json_decref(o), NULL;
    return o;
}

static json_t *award_json(const bmp_event *ev, const bmp_award *w, bool explain, bool numbered)
{
    const bmp_contestant *c = &ev->contestants[w->contestant];
    char pl[24];
    bmp_place_format(w->place, pl, sizeof pl);
    json_t *o = json_object(), *pts = points_json(NULL, w->points);
    bool ok = o && pts && set(o, "contestant", jstr(c->id)) && set(o, "name", jstr(c->name)) &&
              set(o, "player", player_ref(c, w->player)) &&
              set(o, "kind", jstr(bmp_award_kind_class(w->kind))) &&
              set(o, "label", jstr(w->kind)) && set(o, "ranking", jstr(w->ranking)) &&
              set(o, "place", jstr(pl)) &&
              set(o, "points", json_incref(json_object_get(pts, "points"))) &&
              set(o, "hundredths", json_incref(json_object_get(pts, "hundredths"))) &&
              set(o, "point_type", jstr(w->colour)) && set(o, "rule", jstr(w->rule)) &&
              set(o, "section", jstr(w->section)) &&
              set(o, "explain", jstr(explain ? w->explain : NULL));
    char flags[512];
    if (ok && io_number_flags(ev, c, w->player, numbered, flags, sizeof flags))
        ok = set(o, "number_flags", jstr(flags)); /* issue 43: only where there is one */
    json_decref(pts);
    if (!ok)
        return json_decref(o), NULL;
    return o;
}

/* The awards bucketed by contestant (a counting sort, linear): contestant
 * c's awards are order[start[c]] .. order[start[c + 1] - 1], in award order.
 * Free both; false on no memory. */
static bool by_contestant(const bmp_awards *a, size_t n, size_t **startp, size_t **orderp)
{
    size_t *start = calloc(n + 2, sizeof *start), *order = calloc(a->count + 1, sizeof *order);
    *startp = start;
    *orderp = order;
    if (!start || !order)
        return false;
    for (size_t i = 0; i < a->count; i++)
        start[a->items[i].contestant + 2]++;
    for (size_t i = 2; i < n + 2; i++)
        start[i] += start[i - 1];
    for (size_t i = 0; i < a->count; i++)
        order[start[a->items[i].contestant + 1]++] = i;
    return true;
}

/* Player totals per point type, each contestant's awards visited through
 * its bucket: linear in contestants and awards. */
static json_t *players_json(const bmp_event *ev, const bmp_awards *a)
{
    bool numbered = io_event_numbered(ev);
    size_t n = ev->ncontestants;
    size_t *start, *order;
    json_t *arr = json_array();
    bool ok = by_contestant(a, n, &start, &order) && arr;
    for (size_t ci = 0; ok && ci < n; ci++) {
        const bmp_contestant *c = &ev->contestants[ci];
        for (size_t p = 0; ok && p < c->nplayers; p++) {
            json_t *totals = json_array();
            ok = totals != NULL;
            /* Point types in the order first awarded; a handful per player. */
            for (size_t k = start[ci]; ok && k < start[ci + 1]; k++) {
                const bmp_award *w = &a->items[order[k]];
                if (w->player != BMP_ALL_PLAYERS && w->player != (int)p)
                    continue;
                bool seen = false;
                for (size_t j = start[ci]; j < k && !seen; j++) {
                    const bmp_award *x = &a->items[order[j]];
                    seen = (x->player == BMP_ALL_PLAYERS || x->player == (int)p) &&
                           strcmp(x->colour, w->colour) == 0;
                }
                if (seen)
                    continue;
                bmp_points t = 0;
                for (size_t j = k; j < start[ci + 1]; j++) {
                    const bmp_award *x = &a->items[order[j]];
                    if ((x->player == BMP_ALL_PLAYERS || x->player == (int)p) &&
                        strcmp(x->colour, w->colour) == 0)
                        t += x->points;
                }
                if (t)
                    ok = append(totals, points_json(w->colour, t));
            }
            if (!ok || json_array_size(totals) == 0) {
                json_decref(totals);
                continue;
            }
            json_t *o = json_object();
            ok = o && set(o, "id", jstr(c->players[p].id)) &&
                 set(o, "name", jstr(c->players[p].name)) && set(o, "contestant", jstr(c->id)) &&
                 set(o, "totals", totals);
            char fb[48];
            io_number_kind kind = io_number_flag(ev, &c->players[p], numbered);
            const char *flag = io_number_flag_text(ev, kind, fb, sizeof fb);
            if (ok && flag)
                ok = set(o, "number_flag", jstr(flag));
            ok = ok && append(arr, o);
            if (!ok && o)
                json_decref(o);
        }
    }
    free(start);
    free(order);
    if (!ok)
        return json_decref(arr), NULL;
    return arr;
}

static json_t *note_json(const char *type, const char *text, const char *rule,
                         const char *section, json_t *contestant, json_t *player)
{
    json_t *o = json_object();
    bool ok = o && set(o, "type", jstr(type)) && set(o, "text", jstr(text)) &&
              set(o, "rule", jstr(rule && *rule ? rule : NULL)) &&
              set(o, "section", jstr(section && *section ? section : NULL)) &&
              set(o, "contestant", contestant) && set(o, "player", player);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Notes: the reasons for no award (always), then the event's derivation
 * lines (with explain). */
static json_t *notes_json(const bmp_event *ev, const bmp_awards *a, bool explain, bmp_error *err,
                          bmp_status *st)
{
    bmp_reason *r;
    size_t n;
    if ((*st = bmp_awards_reasons(ev, a, &r, &n, err)))
        return NULL;
    json_t *arr = json_array();
    bool ok = arr != NULL;
    for (size_t i = 0; ok && i < n; i++) {
        const bmp_contestant *c =
            r[i].contestant < ev->ncontestants ? &ev->contestants[r[i].contestant] : NULL;
        json_t *who = c ? jstr(c->id) : json_null();
        json_t *pl = c && r[i].player >= 0 && (size_t)r[i].player < c->nplayers
                         ? jstr(player_label(&c->players[r[i].player]))
                         : json_null();
        ok = append(arr, note_json("reason", r[i].text, r[i].rule, r[i].section, who, pl));
    }
    for (size_t i = 0; ok && explain && i < a->nnotes; i++)
        ok = append(arr, note_json("derivation", a->notes[i], NULL, NULL, json_null(),
                                   json_null()));
    bmp_reasons_free(r, n);
    if (!ok) {
        json_decref(arr);
        *st = bmp_error_oom(err);
        return NULL;
    }
    return arr;
}

static bmp_status write_json(const bmp_event *ev, const bmp_awards *a, bool explain, FILE *out,
                             bmp_error *err)
{
    bmp_status st = BMP_OK;
    json_t *root = json_object(), *awards = json_array();
    bool ok = root && awards && set(root, "format", jstr(AWARDS_FORMAT));
    json_t *e = ok ? event_json(ev, err, &st) : NULL;
    ok = ok && !st && set(root, "event", e);
    ok = ok && set(root, "awarded", json_boolean(!bmp_awards_empty(a)));
    bool numbered = io_event_numbered(ev);
    for (size_t i = 0; ok && i < a->count; i++)
        ok = append(awards, award_json(ev, &a->items[i], explain, numbered));
    if (ok) { /* set() owns the array from here, whether it succeeds or not */
        ok = set(root, "awards", awards);
        awards = NULL;
    }
    ok = ok && set(root, "players", players_json(ev, a));
    json_t *notes = ok ? notes_json(ev, a, explain, err, &st) : NULL;
    ok = ok && !st && set(root, "notes", notes);
    if (!ok) {
        json_decref(root);
        json_decref(awards);
        return st ? st : bmp_error_oom(err);
    }
    int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(root);
    return rc || ferror(out) ? bmp_error_set(err, BMP_EIO, "could not write JSON") : BMP_OK;
}

/* ---- table and CSV ------------------------------------------------------ */

/* The rows of the awards table, made as they are written (core/table_rows.h:
 * the text's widths take a first pass over them): each award, then for
 * CSV one row per reason (kind "none", points 0), so a spreadsheet shows
 * why as well as what. */
typedef struct award_rows {
    const bmp_event *ev;
    const bmp_awards *a;
    bool explain, flags, numbered;
    bmp_reason *r; /* CSV: the reasons, after the awards */
    size_t nr;
    char pts[32], pl[24], fl[512];
} award_rows;

static void reason_row(award_rows *x, const bmp_reason *r, const char **cells)
{
    const bmp_event *ev = x->ev;
    const bmp_contestant *c =
        r->contestant < ev->ncontestants ? &ev->contestants[r->contestant] : NULL;
    const char *name = c ? (c->name ? c->name : "") : (ev->name ? ev->name : "");
    if (c && r->player >= 0 && (size_t)r->player < c->nplayers)
        name = player_label(&c->players[r->player]);
    x->pl[0] = x->fl[0] = '\0';
    if (c && c->place.lo)
        bmp_place_format(c->place, x->pl, sizeof x->pl);
    size_t k = 0;
    cells[k++] = c ? c->id : "";
    cells[k++] = name;
    cells[k++] = "none";
    cells[k++] = c ? "" : "event";
    cells[k++] = x->pl;
    cells[k++] = "0.00";
    cells[k++] = "";
    cells[k++] = r->rule;
    cells[k++] = r->section;
    if (x->explain)
        cells[k++] = r->text;
    if (x->flags && c)
        io_number_flags(ev, c, r->player, x->numbered, x->fl, sizeof x->fl);
    if (x->flags)
        cells[k++] = x->fl;
}

static bmp_status award_row(void *ctx, size_t i, const char **cells, bool *skip, bmp_error *err)
{
    (void)skip;
    (void)err;
    award_rows *x = ctx;
    if (i >= x->a->count) {
        reason_row(x, &x->r[i - x->a->count], cells);
        return BMP_OK;
    }
    const bmp_award *w = &x->a->items[i];
    const bmp_contestant *c = &x->ev->contestants[w->contestant];
    bmp_points_format(w->points, x->pts, sizeof x->pts);
    bmp_place_format(w->place, x->pl, sizeof x->pl);
    const char *who = c->name ? c->name : "";
    if (w->player != BMP_ALL_PLAYERS && (size_t)w->player < c->nplayers)
        who = player_label(&c->players[w->player]);
    size_t k = 0;
    cells[k++] = c->id;
    cells[k++] = who;
    cells[k++] = w->kind;
    cells[k++] = w->ranking;
    cells[k++] = x->pl;
    cells[k++] = x->pts;
    cells[k++] = w->colour;
    cells[k++] = w->rule;
    cells[k++] = w->section;
    if (x->explain)
        cells[k++] = w->explain ? w->explain : "";
    if (x->flags) {
        io_number_flags(x->ev, c, w->player, x->numbered, x->fl, sizeof x->fl);
        cells[k++] = x->fl;
    }
    return BMP_OK;
}

/* The event notes printed before a table (--explain), escaped. */
static bmp_status write_derivation(const bmp_awards *a, FILE *out, bmp_error *err)
{
    fputs("Derivation:\n", out);
    for (size_t i = 0; i < a->nnotes; i++) {
        char *s = core_text_escape(a->notes[i]);
        if (!s)
            return bmp_error_oom(err);
        fprintf(out, "  %s\n", s);
        free(s);
    }
    fputc('\n', out);
    return BMP_OK;
}

/* The per-player table's rows: every player of every contestant in turn
 * (the cursor follows r, asked for in order), skipped without points. */
typedef struct total_rows {
    const bmp_event *ev;
    const bmp_awards *a;
    bool flags, numbered;
    size_t *start, *order; /* by_contestant */
    size_t ci, k;          /* the cursor: contestant, player */
    char pts[32], fb[48];
} total_rows;

static bmp_status total_row(void *ctx, size_t r, const char **cells, bool *skip, bmp_error *err)
{
    (void)err;
    total_rows *x = ctx;
    if (r == 0)
        x->ci = x->k = 0;
    while (x->k >= x->ev->contestants[x->ci].nplayers) {
        x->ci++;
        x->k = 0;
    }
    const bmp_contestant *c = &x->ev->contestants[x->ci];
    size_t k = x->k++;
    /* Every award of the contestant to this player (all types, as the
     * table has always shown). */
    bmp_points tot = 0;
    for (size_t j = x->start[x->ci]; j < x->start[x->ci + 1]; j++) {
        const bmp_award *w = &x->a->items[x->order[j]];
        if (w->player == BMP_ALL_PLAYERS || w->player == (int)k)
            tot += w->points;
    }
    if (tot == 0) {
        *skip = true;
        return BMP_OK;
    }
    bmp_points_format(tot, x->pts, sizeof x->pts);
    cells[0] = c->players[k].id ? c->players[k].id : "-";
    cells[1] = c->players[k].name ? c->players[k].name : "";
    cells[2] = c->id;
    cells[3] = x->pts;
    if (x->flags) { /* the number column only where there is a flag */
        io_number_kind kind = io_number_flag(x->ev, &c->players[k], x->numbered);
        const char *f = io_number_flag_text(x->ev, kind, x->fb, sizeof x->fb);
        cells[4] = f ? f : "";
    }
    return BMP_OK;
}

static bmp_status write_player_totals(const bmp_event *ev, const bmp_awards *a, bool flags,
                                      FILE *out, bmp_error *err)
{
    static const char *const pcols[] = {"player", "name", "contestant", "points", NULL};
    static const char *const pcols_f[] = {"player", "name", "contestant", "points", "number",
                                          NULL};
    total_rows x = {.ev = ev, .a = a, .flags = flags, .numbered = io_event_numbered(ev)};
    core_table_rows t = {.columns = flags ? pcols_f : pcols, .row = total_row, .ctx = &x};
    for (size_t i = 0; i < ev->ncontestants; i++)
        t.nrows += ev->contestants[i].nplayers;
    size_t w[CORE_TABLE_MAX_COLS], shown = 0;
    bmp_status st = BMP_OK;
    if (!by_contestant(a, ev->ncontestants, &x.start, &x.order))
        st = bmp_error_oom(err);
    if (!st)
        st = core_table_rows_measure(&t, w, &shown, err);
    if (!st && shown) {
        fputs("\nPer player:\n", out);
        st = core_table_rows_write(&t, w, false, out, err);
    }
    free(x.start);
    free(x.order);
    return st;
}

bmp_status bmp_awards_write(const bmp_event *ev, const bmp_awards *a, bmp_output_format fmt,
                            bool explain, FILE *out, bmp_error *err)
{
    if (fmt == BMP_OUT_JSON)
        return write_json(ev, a, explain, out, err);

    static const char *const cols[] = {"contestant", "name",   "kind",   "ranking",
                                       "place",      "points", "colour", "rule",
                                       "section",    NULL};
    static const char *const cols_x[] = {"contestant", "name",   "kind", "ranking", "place",
                                         "points",     "colour", "rule", "section", "derivation",
                                         NULL};
    /* issue 43: a column of number flags only where there is a flag */
    static const char *const cols_f[] = {"contestant", "name",    "kind",         "ranking",
                                         "place",      "points",  "colour",       "rule",
                                         "section",    "number flags", NULL};
    static const char *const cols_xf[] = {"contestant", "name",   "kind",       "ranking",
                                          "place",      "points", "colour",     "rule",
                                          "section",    "derivation", "number flags", NULL};
    award_rows x = {.ev = ev, .a = a, .explain = explain, .flags = io_event_has_flags(ev),
                    .numbered = io_event_numbered(ev)};
    core_table_rows t = {.columns = x.flags ? (explain ? cols_xf : cols_f)
                                            : (explain ? cols_x : cols),
                         .nrows = a->count, .row = award_row, .ctx = &x};
    bmp_status st = BMP_OK;
    if (fmt == BMP_OUT_CSV) {
        st = bmp_awards_reasons(ev, a, &x.r, &x.nr, err);
        t.nrows += st ? 0 : x.nr;
        if (!st)
            st = core_table_rows_write(&t, NULL, true, out, err);
        bmp_reasons_free(x.r, x.nr);
        return st;
    }
    char title[512];
    snprintf(title, sizeof title, "%s (%s%s%s): awards", ev->name ? ev->name : "event", ev->body,
             ev->edition ? ", " : "", ev->edition ? ev->edition : "");
    t.title = title;
    size_t w[CORE_TABLE_MAX_COLS], shown;
    st = core_table_rows_measure(&t, w, &shown, err);
    if (!st && explain)
        st = write_derivation(a, out, err);
    if (!st)
        st = core_table_rows_write(&t, w, false, out, err);
    return st ? st : write_player_totals(ev, a, x.flags, out, err);
}

/* ---- In memory -------------------------------------------------------- */

/* Any format into a buffer of the caller's (open_memstream). */
bmp_status bmp_awards_write_buffer(const bmp_event *ev, const bmp_awards *a,
                                   bmp_output_format fmt, bool explain, char **out, size_t *len,
                                   bmp_error *err)
{
    *out = NULL;
    if (len)
        *len = 0;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return bmp_error_oom(err);
    bmp_status st = bmp_awards_write(ev, a, fmt, explain, f, err);
    if (fclose(f) != 0 && !st)
        st = bmp_error_oom(err);
    if (st) {
        free(buf);
        return st;
    }
    *out = buf;
    if (len)
        *len = n;
    return BMP_OK;
}
