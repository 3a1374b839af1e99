/* ACBLscore game files: one event of the file as a JSON event
 * (docs/event-format.md; the mapping in docs/acblscore.md), which the JSON
 * reader loads, so that places, ties and groups are checked by the one
 * model's rules.
 *
 *   event    name, date, club number -> organiser, sanction, "s<club
 *            session>e<event>" -> event_id, the rating ->
 *            classification + params.special (+ acblscore.rating, raw),
 *            the club game type -> params.game_type (each also as
 *            "acblscore.special" / ".game_type"; the plain key once the
 *            body's rules accept it)
 *   section  a group of type "section" with its tables; the event's tables
 *            are the sections' sum, its boards the most any section played
 *   strat    a group of type "stratum" named "Strat <letter>", its upper limit
 *   entry    a contestant "<section><pair><NS|EW>", its players (ACBL
 *            numbers; another text, "NM" or a club's "#64", in player params
 *            "acblscore.number"), its strat as group, rankings: per strat its
 *            overall place {"ranking": "Strat B", "place": 2} and its section
 *            place {"session": 1, "section": "A", "direction": "NS", "place":
 *            1} (the top strat's; a lower strat's named "Strat B session 1 A
 *            NS", one comparison per strat, field and direction; sections
 *            ranked together: a section group "A+B+C"), the places from the
 *            per cents (acblscore_places.c); the awards it stored
 *            (the "total" set) as params "mp.<colour>" (hundredths). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "io/acblscore_internal.h"

static bool jset(json_t *o, const char *k, json_t *v)
{
    return v && json_object_set_new(o, k, v) == 0;
}

static bool jpush(json_t *a, json_t *v)
{
    return v && json_array_append_new(a, v) == 0;
}

/* Text of the file as JSON: trailing blanks dropped, its bytes above 127
 * taken as Latin-1 (ACBLscore is a DOS-era program; JSON wants UTF-8). */
static json_t *jtrim(const char *s)
{
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        n--;
    char *u = malloc(2 * n + 1);
    if (!u)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            u[k++] = (char)c;
        } else {
            u[k++] = (char)(0xc0 | c >> 6);
            u[k++] = (char)(0x80 | (c & 0x3f));
        }
    }
    json_t *j = json_stringn(u, k);
    free(u);
    return j;
}

static const char *kind_of(const bmp_acblscore_event *ev)
{
    switch (ev->type) {
    case 1: return ev->scoring == 8 || ev->scoring == 18 ? "knockout" : "swiss-teams";
    case 2: return "individual";
    case 4: return "bam";
    default: return "pairs";
    }
}

/* open | invitational | restricted | newcomer: ACBLscore's code, a top
 * strat with an upper limit making an invitational/restricted game
 * restricted. */
static const char *game_type_of(const bmp_acblscore_event *ev)
{
    bool limited = ev->nstrats && ev->strats[0].max_mp > 0;
    switch (ev->club_game_type) {
    case 0: return "open";
    case 1: return limited ? "restricted" : "invitational";
    default: return "newcomer";
    }
}

/* The place lo..hi: "3/4" for a tie. */
static json_t *place_of(int lo, int hi)
{
    if (hi > lo) {
        char b[32];
        snprintf(b, sizeof b, "%d/%d", lo, hi);
        return json_string(b);
    }
    return json_integer(lo);
}

/* An ACBL player number as ACBLscore keeps it: a letter or digit, then
 * six digits ("7940416", "Q760039"). */
static bool acbl_number(const char *s)
{
    if (strlen(s) != 7 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= '0' && s[0] <= '9')))
        return false;
    for (int i = 1; i < 7; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static json_t *players_of(const bmp_acblscore_entry *en, json_t **name)
{
    json_t *arr = json_array();
    char label[160] = "";
    for (size_t k = 0; k < en->nplayers && arr; k++) {
        const bmp_acblscore_player *p = &en->players[k];
        char full[40];
        snprintf(full, sizeof full, "%s%s%s", p->first, p->first[0] ? " " : "", p->last);
        json_t *o = json_object(), *pp = NULL;
        bool ok = o && (!full[0] || jset(o, "name", jtrim(full)));
        if (ok && acbl_number(p->number))
            ok = jset(o, "id", json_string(p->number));
        else if (ok && p->number[0]) /* "NM", a club's own "#64": kept, not an ACBL number */
            ok = (pp = json_object()) && jset(o, "params", pp) &&
                 jset(pp, "acblscore.number", jtrim(p->number));
        if (!ok || !jpush(arr, o)) {
            json_decref(o);
            json_decref(arr);
            return NULL;
        }
        snprintf(label + strlen(label), sizeof label - strlen(label), "%s%s", k ? " - " : "",
                 full);
    }
    *name = label[0] ? jtrim(label) : json_null();
    return arr;
}

/* The entry's places (acblscore_places.c), per strat: overall, and in its
 * section's ranked-together field and direction (a lower strat's named
 * after the strat).  An event without strats: its overall place. */
static json_t *rankings_of(const bmp_acblscore_event *ev, const bmp_acblscore_section *s,
                           const bmp_acblscore_entry *en, const acs_places *pl, json_t *c)
{
    json_t *rs = json_array();
    char field[64];
    int tables, nsec;
    acs_rank_group(ev, s, field, sizeof field, &tables, &nsec);
    size_t nk = ev->nstrats ? ev->nstrats : 1;
    for (size_t k = 0; k < nk && rs; k++) {
        const acs_place *p = acs_places_of(pl, en, k);
        if (!p)
            continue;
        char strat[16] = "", key[96];
        if (ev->nstrats)
            snprintf(strat, sizeof strat, "Strat %c", ev->strats[k].letter);
        snprintf(key, sizeof key, "%s session 1 %s%s%s", strat, field, en->direction[0] ? " " : "",
                 en->direction);
        json_t *o = json_object(), *r = json_object();
        bool ok = o && r && jpush(rs, json_incref(o)) && jpush(rs, json_incref(r));
        if (ev->nstrats)
            ok = ok && jset(o, "ranking", json_string(strat)) &&
                 jset(o, "place", place_of(p->olo, p->ohi));
        else /* no strats: the contestant's place */
            ok = ok && jset(c, "place", place_of(p->olo, p->ohi)) &&
                 json_array_remove(rs, json_array_size(rs) - 2) == 0;
        ok = ok && (k == 0 || jset(r, "ranking", jtrim(key))) &&
             jset(r, "session", json_integer(1)) && jset(r, "section", jtrim(field)) &&
             (!en->direction[0] || jset(r, "direction", json_string(en->direction))) &&
             jset(r, "place", place_of(p->slo, p->shi));
        json_decref(o);
        json_decref(r);
        if (!ok) {
            json_decref(rs);
            return NULL;
        }
    }
    return rs;
}

/* The stored awards of the entry's first player (ACBLscore gives each
 * player of an entry the same), summed per colour, as "mp.<colour>". */
static bool awards_of(const bmp_acblscore_entry *en, json_t *params)
{
    if (!en->nplayers)
        return true;
    const bmp_acblscore_player *p = &en->players[0];
    for (size_t k = 0; k < p->nawards; k++) {
        char key[32];
        if (p->awards[k].colour)
            snprintf(key, sizeof key, "mp.%s", p->awards[k].colour);
        else
            snprintf(key, sizeof key, "acblscore.colour_%d", p->awards[k].colour_code);
        json_int_t was = json_integer_value(json_object_get(params, key));
        if (!jset(params, key, json_integer(was + p->awards[k].points)))
            return false;
    }
    if (p->nawards) {
        char how[8];
        snprintf(how, sizeof how, "%c%c", p->awards[0].overall ? 'O' : 'S',
                 p->awards[0].strat ? p->awards[0].strat : '-');
        return jset(params, "acblscore.award", json_string(how));
    }
    return true;
}

static json_t *contestant_of(const bmp_acblscore_event *ev, const bmp_acblscore_section *s,
                             const bmp_acblscore_entry *en, const acs_places *pl)
{
    char id[32];
    snprintf(id, sizeof id, "%s%d%s", s->letter, en->number, en->direction);
    json_t *c = json_object(), *params = json_object(), *name = NULL;
    json_t *players = players_of(en, &name);
    bool ok = c && params && players;
    ok &= jset(c, "id", jtrim(id));
    ok &= jset(c, "name", name);
    if (en->strat >= 1 && (size_t)en->strat <= ev->nstrats) {
        char g[16];
        snprintf(g, sizeof g, "Strat %c", ev->strats[en->strat - 1].letter);
        ok &= jset(c, "group", json_string(g));
    }
    ok &= jset(c, "players", players);
    ok &= jset(c, "score", json_real(en->percentage / 100.0));
    ok &= jset(c, "rankings", rankings_of(ev, s, en, pl, c));
    ok &= jset(params, "acblscore.score", json_real((double)en->score / 100.0));
    if (en->eligibility) /* ineligible for awards (ACBL-154): ranked nowhere, as ACBLscore;
                          * acblscore.eligibility keeps the file's code as metadata */
        ok &= jset(params, "eligible", json_false()) &&
              jset(params, "acblscore.eligibility", json_integer(en->eligibility));
    ok &= awards_of(en, params);
    ok &= jset(c, "params", json_incref(params));
    json_decref(params);
    if (!ok) {
        json_decref(c);
        return NULL;
    }
    return c;
}

/* Sections ranked together: a group of type section "A+B+C" with their
 * tables, once (at its first section). */
static bool rank_group(const bmp_acblscore_event *ev, const bmp_acblscore_section *s,
                       json_t *groups)
{
    char name[64];
    int tables, nsec;
    acs_rank_group(ev, s, name, sizeof name, &tables, &nsec);
    if (nsec < 2 || s->ranked_with != s->summary)
        return true;
    json_t *g = json_object();
    bool ok = g && jset(g, "name", jtrim(name)) && jset(g, "type", json_string("section")) &&
              jset(g, "tables", json_integer(tables));
    ok = ok && jpush(groups, g);
    if (!ok)
        json_decref(g);
    return ok;
}

/* Sections (groups), contestants, tables, boards, movement. */
static bool map_sections(const bmp_acblscore_event *ev, json_t *j, json_t *groups)
{
    json_t *cs = json_array();
    acs_places pl;
    if (!acs_places_compute(ev, &pl)) {
        json_decref(cs);
        return false;
    }
    bool ok = cs != NULL, mitchell = false;
    int tables = 0, boards = 0;
    for (size_t i = 0; i < ev->nsections && ok; i++) {
        const bmp_acblscore_section *s = &ev->sections[i];
        json_t *g = json_object();
        ok = g && jset(g, "name", jtrim(s->letter)) &&
             jset(g, "type", json_string("section")) && jset(g, "tables", json_integer(s->tables));
        ok = ok && jpush(groups, g);
        if (!ok)
            json_decref(g);
        ok = ok && rank_group(ev, s, groups);
        tables += s->tables;
        boards = s->boards > boards ? s->boards : boards;
        mitchell |= s->movement == 0 || s->movement == 6;
        for (size_t k = 0; k < s->nentries && ok; k++)
            ok = jpush(cs, contestant_of(ev, s, &s->entries[k], &pl));
    }
    ok = ok && jset(j, "contestants", json_incref(cs)) && jset(j, "tables", json_integer(tables)) &&
         jset(j, "movement", json_string(mitchell && ev->type != 1 ? "two-winner" : "one-winner"));
    if (ok && boards)
        ok = jset(j, "boards", json_integer(boards));
    json_decref(cs);
    acs_places_free(&pl);
    return ok;
}

static bool map_strats(const bmp_acblscore_event *ev, json_t *j, json_t *groups)
{
    bool ok = true;
    for (size_t k = 0; k < ev->nstrats && ok; k++) {
        const bmp_acblscore_strat *st = &ev->strats[k];
        char name[16];
        snprintf(name, sizeof name, "Strat %c", st->letter);
        json_t *g = json_object();
        ok = g && jset(g, "name", json_string(name)) && jset(g, "type", json_string("stratum")) &&
             (st->max_mp <= 0 || jset(g, "upper_limit", json_integer(st->max_mp))) &&
             (st->min_mp <= 0 || jset(g, "lower_limit", json_integer(st->min_mp)));
        ok = ok && jpush(groups, g);
        if (!ok)
            json_decref(g);
    }
    if (ok && ev->nstrats && ev->strats[0].max_mp > 0)
        ok = jset(j, "upper_limit", json_integer(ev->strats[0].max_mp));
    return ok;
}

/* A club game's detail as the body's rules take it (params.special,
 * params.game_type), once its rules accept the key (`bridgemp params
 * acbl`); always as "acblscore.<key>" too. */
static bool club_param(const bmp_rules *r, json_t *params, const char *key, const char *value)
{
    char dotted[48];
    snprintf(dotted, sizeof dotted, "acblscore.%s", key);
    bool ok = jset(params, dotted, json_string(value));
    if (r && r->params && bmp_param_specs_find(r->params, BMP_PARAM_EVENT, key))
        ok &= jset(params, key, json_string(value));
    return ok;
}

static bool map_params(const bmp_acblscore_event *ev, const char *body, json_t *params)
{
    char buf[40];
    const char *special = bmp_acblscore_rating_slug(ev->rating, buf, sizeof buf);
    const bmp_rules *r = bmp_rules_find(body);
    bool ok = jset(params, "acblscore.rating", json_integer(ev->rating));
    if (ev->rating_name)
        ok &= jset(params, "acblscore.rating_name", json_string(ev->rating_name));
    if (special)
        ok &= club_param(r, params, "special", special);
    if (!ev->tournament) {
        ok &= club_param(r, params, "game_type", game_type_of(ev));
        ok &= jset(params, "acblscore.club_game_type", json_integer(ev->club_game_type));
        ok &= jset(params, "acblscore.club_session", json_integer(ev->club_session));
    }
    ok &= jset(params, "acblscore.event", json_integer(ev->id));
    ok &= jset(params, "acblscore.club", jtrim(ev->club_name));
    ok &= jset(params, "acblscore.session_name", jtrim(ev->session_name));
    return ok;
}

/* Ruling ACBL-RC14: ACBLscore credited an open NAP club game's top flight
 * with the tables of a concurrent restricted game of the same rating in the
 * same club session of the file; that credit is given as ACBL-65's
 * concurrent_restricted_tables (club_nap.c applies it). */
static int concurrent_tables(const bmp_acblscore_file *f, const bmp_acblscore_event *ev)
{
    if (ev->tournament || ev->nstrats == 0 || ev->strats[0].max_mp != 0)
        return 0;
    int t = 0;
    for (size_t i = 0; i < f->nevents; i++) {
        const bmp_acblscore_event *o = &f->events[i];
        if (o == ev || o->rating != ev->rating || o->club_session != ev->club_session ||
            o->tournament || o->nstrats == 0 || o->strats[0].max_mp == 0)
            continue;
        for (size_t k = 0; k < o->nsections; k++)
            t += o->sections[k].tables;
    }
    return t;
}

static json_t *event_json(const bmp_acblscore_file *f, const bmp_acblscore_event *ev,
                          const bmp_usebio_opts *o)
{
    json_t *j = json_object(), *groups = json_array(), *params = json_object();
    bool ok = j && groups && params;
    ok &= jset(j, "format", json_string("bridgemp-event/1"));
    ok &= jset(j, "body", json_string(o && o->body ? o->body : "acbl"));
    ok &= jset(j, "name", ev->name[0] ? jtrim(ev->name) : json_string("ACBLscore event"));
    if (ev->date[0])
        ok &= jset(j, "date", json_string(ev->date));
    if (ev->club_number[0])
        ok &= jset(j, "organiser", jtrim(ev->club_number));
    if (ev->sanction[0])
        ok &= jset(j, "sanction", jtrim(ev->sanction));
    /* the club's session and the event's slot: one event key per event of
     * a file (a club's two games of one session are two events) */
    char id[32];
    snprintf(id, sizeof id, "s%de%d", ev->club_session, ev->id);
    ok &= jset(j, "event_id", json_string(id));
    ok &= jset(j, "classification",
               json_string(acs_rating_classification(ev->rating, ev->tournament)));
    ok &= jset(j, "kind", json_string(kind_of(ev)));
    ok &= jset(j, "sessions", json_integer(ev->nsessions > 0 ? ev->nsessions : 1));
    ok = ok && map_sections(ev, j, groups) && map_strats(ev, j, groups) &&
         map_params(ev, o && o->body ? o->body : "acbl", params);
    char buf[40];
    const char *special = bmp_acblscore_rating_slug(ev->rating, buf, sizeof buf);
    int credit = special && strcmp(special, "nap-club") == 0 ? concurrent_tables(f, ev) : 0;
    if (ok && credit)
        ok = jset(params, "concurrent_restricted_tables", json_integer(credit));
    ok = ok && jset(j, "groups", json_incref(groups)) && jset(j, "params", json_incref(params));
    json_decref(groups);
    json_decref(params);
    if (!ok) {
        json_decref(j);
        return NULL;
    }
    return j;
}

bmp_status bmp_acblscore_event_json(const bmp_acblscore_file *f, size_t i, const char *source_name,
                                    const bmp_usebio_opts *opts, char **out, bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<memory>";
    if (!f || i >= f->nevents)
        return bmp_error_set(err, BMP_EINVAL, "%s: no event %zu (the file holds %zu)", src,
                             i + 1, f ? f->nevents : 0);
    json_t *j = event_json(f, &f->events[i], opts);
    *out = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return *out ? BMP_OK : bmp_error_oom(err);
}

bmp_status bmp_acblscore_to_event(const bmp_acblscore_file *f, size_t i, const char *source_name,
                                  const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    char *text;
    const char *src = source_name ? source_name : "<memory>";
    bmp_status st = bmp_acblscore_event_json(f, i, src, opts, &text, err);
    bmp_event *ev = NULL;
    if (!st)
        st = bmp_event_load_string(text, src, &ev, err);
    free(text);
    if (!st)
        st = bmp_usebio_apply_opts(ev, opts, err);
    if (st) {
        bmp_event_free(ev);
        return st;
    }
    *out = ev;
    return BMP_OK;
}

bmp_status bmp_acblscore_read_event(const void *data, size_t len, const char *source_name,
                                    size_t index, const bmp_usebio_opts *opts, bmp_event **out,
                                    size_t *nevents, bmp_error *err)
{
    *out = NULL;
    bmp_acblscore_file *f;
    bmp_status st = bmp_acblscore_read_memory(data, len, source_name, &f, err);
    if (st)
        return st;
    if (nevents)
        *nevents = f->nevents;
    st = bmp_acblscore_to_event(f, index, source_name, opts, out, err);
    bmp_acblscore_free(f);
    return st;
}
