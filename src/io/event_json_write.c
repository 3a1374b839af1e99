/* JSON events (docs/event-format.md): the writer, the inverse of
 * src/io/event_json.c.  Everything the reader accepts is written back so
 * that JSON -> model -> JSON is a fixed point: fields at their defaults are
 * left out, numbers that are whole are written as integers, and places are
 * written in the form bmp_place_parse reads ("3", "3/4"). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

/* A number: whole values as integers ("tables": 7, not 7.0). */
static json_t *num(double d)
{
    if (isfinite(d) && d == floor(d) && fabs(d) < 9e15)
        return json_integer((json_int_t)d);
    return json_real(d);
}

static void set_str(json_t *o, const char *key, const char *s)
{
    if (s)
        json_object_set_new(o, key, json_string(s));
}

static void set_place(json_t *o, const char *key, bmp_place p)
{
    if (p.lo == 0)
        return;
    if (!p.tied && p.hi == p.lo) {
        json_object_set_new(o, key, json_integer(p.lo));
        return;
    }
    char buf[32];
    /* Resolved ties always have hi > lo; an unresolved "3=" stays "3=". */
    bmp_place_format(p, buf, sizeof buf);
    json_object_set_new(o, key, json_string(buf));
}

static void set_limit(json_t *o, const char *key, int64_t v)
{
    if (v != BMP_NO_LIMIT)
        json_object_set_new(o, key, json_integer((json_int_t)v));
}

static void set_params(json_t *o, const bmp_params *p)
{
    if (!p->count)
        return;
    json_t *po = json_object();
    for (size_t i = 0; i < p->count; i++) {
        const bmp_param *x = &p->items[i];
        json_t *v = x->type == BMP_PARAM_NUMBER   ? num(x->number)
                    : x->type == BMP_PARAM_STRING ? json_string(x->string ? x->string : "")
                                                  : json_boolean(x->boolean);
        json_object_set_new(po, x->key, v);
    }
    json_object_set_new(o, "params", po);
}

static json_t *group_json(const bmp_group *g)
{
    json_t *o = json_object();
    set_str(o, "name", g->name);
    set_str(o, "type", g->type);
    if (g->tables > 0)
        json_object_set_new(o, "tables", num(g->tables));
    set_limit(o, "upper_limit", g->upper_limit);
    set_limit(o, "lower_limit", g->lower_limit);
    if (g->session)
        json_object_set_new(o, "session", json_integer(g->session));
    set_params(o, &g->params);
    return o;
}

static json_t *contestant_json(const bmp_contestant *c)
{
    json_t *o = json_object();
    set_str(o, "id", c->id);
    set_str(o, "name", c->name);
    set_place(o, "place", c->place);
    set_str(o, "group", c->group);
    if (c->has_score)
        json_object_set_new(o, "score", num(c->score));
    if (c->nrankings) {
        json_t *arr = json_array();
        for (size_t r = 0; r < c->nrankings; r++) {
            const bmp_ranking_entry *e = &c->rankings[r];
            json_t *ro = json_object();
            set_str(ro, "ranking", e->ranking);
            if (e->session)
                json_object_set_new(ro, "session", json_integer(e->session));
            set_str(ro, "section", e->section);
            set_str(ro, "direction", e->direction);
            set_place(ro, "place", e->place);
            if (e->has_score)
                json_object_set_new(ro, "score", num(e->score));
            json_array_append_new(arr, ro);
        }
        json_object_set_new(o, "rankings", arr);
    }
    if (c->nplayers) {
        json_t *arr = json_array();
        for (size_t p = 0; p < c->nplayers; p++) {
            const bmp_player *pl = &c->players[p];
            json_t *po = json_object();
            set_str(po, "id", pl->id);
            set_str(po, "name", pl->name);
            if (pl->participation != 1.0)
                json_object_set_new(po, "participation", num(pl->participation));
            set_params(po, &pl->params);
            json_array_append_new(arr, po);
        }
        json_object_set_new(o, "players", arr);
    }
    if (c->matches_played)
        json_object_set_new(o, "matches_played", json_integer(c->matches_played));
    if (c->matches_won)
        json_object_set_new(o, "matches_won", json_integer(c->matches_won));
    /* The reader defaults match_wins to matches_won: write it only when it differs. */
    if (c->match_wins != (double)c->matches_won)
        json_object_set_new(o, "match_wins", num(c->match_wins));
    if (c->phantom)
        json_object_set_new(o, "phantom", json_true());
    set_params(o, &c->params);
    return o;
}

static json_t *match_json(const bmp_match *m)
{
    json_t *o = json_object();
    if (m->round)
        json_object_set_new(o, "round", json_integer(m->round));
    set_str(o, "stage", m->stage);
    set_str(o, "home", m->home);
    set_str(o, "away", m->away);
    if (m->has_score) {
        json_object_set_new(o, "home_score", num(m->home_score));
        json_object_set_new(o, "away_score", num(m->away_score));
    }
    set_str(o, "winner", m->winner);
    if (m->boards)
        json_object_set_new(o, "boards", json_integer(m->boards));
    set_params(o, &m->params);
    return o;
}

/* Tables counted from the field, as src/io/event_json.c does when the file
 * states none: pairs / 2, individuals / 4, one per team, phantoms excluded. */
static double field_tables(const bmp_event *ev)
{
    size_t real = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        real += !ev->contestants[i].phantom;
    if (bmp_event_kind_is_teams(ev->kind))
        return (double)real;
    if (ev->kind == BMP_KIND_INDIVIDUAL)
        return real / 4.0;
    return real / 2.0;
}

bmp_status bmp_event_to_json(const bmp_event *ev, char **out, bmp_error *err)
{
    *out = NULL;
    if (!ev)
        return bmp_error_set(err, BMP_EINVAL, "bmp_event_to_json: no event");
    json_t *o = json_object();
    if (!o)
        return bmp_error_oom(err);
    json_object_set_new(o, "format", json_string("bridgemp-event/1"));
    set_str(o, "body", ev->body);
    set_str(o, "edition", ev->edition);
    set_str(o, "name", ev->name);
    set_str(o, "date", ev->date);
    set_str(o, "event_id", ev->event_id);
    set_str(o, "sanction", ev->sanction);
    set_str(o, "organiser", ev->organiser);
    json_object_set_new(o, "kind", json_string(bmp_event_kind_name(ev->kind)));
    set_str(o, "classification", ev->classification);
    set_str(o, "rating", ev->rating);
    set_str(o, "grade", ev->grade);
    set_str(o, "status", ev->status);
    if (ev->sessions > 1)
        json_object_set_new(o, "sessions", json_integer(ev->sessions));
    if (ev->boards)
        json_object_set_new(o, "boards", json_integer(ev->boards));
    if (ev->boards_per_match)
        json_object_set_new(o, "boards_per_match", json_integer(ev->boards_per_match));
    if (ev->movement != BMP_MOVEMENT_UNSPECIFIED)
        json_object_set_new(o, "movement", json_string(ev->movement == BMP_MOVEMENT_TWO_WINNER
                                                           ? "two-winner"
                                                           : "one-winner"));
    /* Tables are written only when they differ from what the reader counts
     * from the field (rulings C-3), so a counted value (even a quarter table
     * of one individual) round-trips. */
    if (ev->tables > 0 && ev->tables != field_tables(ev))
        json_object_set_new(o, "tables", num(ev->tables));
    set_limit(o, "upper_limit", ev->upper_limit);
    set_limit(o, "lower_limit", ev->lower_limit);
    if (ev->nrestrictions) {
        json_t *arr = json_array();
        for (size_t i = 0; i < ev->nrestrictions; i++)
            json_array_append_new(arr, json_string(ev->restrictions[i]));
        json_object_set_new(o, "restrictions", arr);
    }
    if (ev->ngroups) {
        json_t *arr = json_array();
        for (size_t i = 0; i < ev->ngroups; i++)
            json_array_append_new(arr, group_json(&ev->groups[i]));
        json_object_set_new(o, "groups", arr);
    }
    json_t *arr = json_array();
    for (size_t i = 0; i < ev->ncontestants; i++)
        json_array_append_new(arr, contestant_json(&ev->contestants[i]));
    json_object_set_new(o, "contestants", arr);
    if (ev->nmatches) {
        json_t *ma = json_array();
        for (size_t i = 0; i < ev->nmatches; i++)
            json_array_append_new(ma, match_json(&ev->matches[i]));
        json_object_set_new(o, "matches", ma);
    }
    set_params(o, &ev->params);
    /* 15 significant digits: 50.1 stays "50.1", not 50.100000000000001. */
    *out = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    json_decref(o);
    if (!*out)
        return bmp_error_oom(err);
    return BMP_OK;
}
