/* Event identity and the canonical content hash (docs/event-format.md,
 * "Identity" and "Content hash").
 *
 * The hash is the ledger's key for refusing a duplicate, so it must be the
 * same for one event whichever file it came from (JSON or USEBIO) and change
 * whenever anything an award depends on changes.  The canonical text is
 * compact JSON built from the model (not from a file):
 *   - "canon": "bridgemp-content/1" first, so a future change of the rules
 *     below is a new version, never a silent change of old hashes;
 *   - every object's keys sorted (bytewise), absent and default values left
 *     out, numbers whole as integers else 15 significant digits;
 *   - every array is a set: its elements sorted by their canonical text
 *     (contestants, players, rankings, groups, matches, restrictions);
 *   - left out: the source file name, the event's and contestants' names,
 *     a player's name when the player has an id, and dotted params
 *     ("usebio.*", "mp.*": importers' file metadata, never rule inputs).
 * A new award-relevant field of bmp_event must be added here (and the
 * version bumped if old hashes would change).
 */
#include <jansson.h>
#include <math.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

#define CANON_VERSION "bridgemp-content/1"
#define DUMP_FLAGS (JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(15) | JSON_ENCODE_ANY)

void bmp_event_identity(const bmp_event *ev, bmp_identity *out)
{
    memset(out, 0, sizeof *out);
    if (!ev)
        return;
    out->body = ev->body;
    out->edition = ev->edition;
    const bmp_rules *r = ev->body ? bmp_rules_find(ev->body) : NULL;
    const char *ed = NULL;
    if (r && bmp_rules_edition(r, ev->edition, &ed, NULL) == BMP_OK)
        out->edition = ed;
    out->date = ev->date;
    out->event_id = ev->event_id;
    out->sanction = ev->sanction;
    out->organiser = ev->organiser;
}

/* ---- building blocks --------------------------------------------------- */

/* Set key to v; a value that could not be built (no memory) clears *ok,
 * so that a hash is never taken of incomplete content. */
static void put(bool *ok, json_t *o, const char *key, json_t *v)
{
    if (!v || !o || json_object_set_new_nocheck(o, key, v))
        *ok = false;
}

static void put_str(bool *ok, json_t *o, const char *key, const char *s)
{
    if (s)
        put(ok, o, key, json_string_nocheck(s));
}

static json_t *num(double d)
{
    if (isfinite(d) && d == floor(d) && fabs(d) < 9e15)
        return json_integer((json_int_t)d);
    return json_real(d);
}

static void put_num(bool *ok, json_t *o, const char *key, double d, bool present)
{
    if (present)
        put(ok, o, key, num(d));
}

static void put_int(bool *ok, json_t *o, const char *key, long long v)
{
    if (v)
        put(ok, o, key, json_integer(v));
}

static void put_limit(bool *ok, json_t *o, const char *key, int64_t v)
{
    if (v != BMP_NO_LIMIT)
        put(ok, o, key, json_integer(v));
}

static void put_place(bool *ok, json_t *o, const char *key, bmp_place p)
{
    if (p.lo == 0)
        return;
    char buf[32];
    bmp_place_format(p, buf, sizeof buf);
    put_str(ok, o, key, buf);
}

/* The EBU's charge code given the old way (params.ums_charge_code, EBU-7)
 * is recorded only, never a rule input, and USEBIO has no element for it:
 * left out like the event's name (an export re-imports with one hash). */
#define OLD_CHARGE_CODE "ums_charge_code"

/* Rule inputs only: dotted keys are importers' metadata; skip (if not NULL)
 * is a key already hashed elsewhere. */
static void put_params_but(bool *ok, json_t *o, const bmp_params *p, const char *skip)
{
    json_t *po = NULL;
    for (size_t i = 0; i < p->count; i++) {
        const bmp_param *x = &p->items[i];
        if (!x->key || strchr(x->key, '.') || (skip && strcmp(x->key, skip) == 0))
            continue;
        if (!po && !(po = json_object())) {
            *ok = false;
            return;
        }
        json_t *v = x->type == BMP_PARAM_NUMBER   ? num(x->number)
                    : x->type == BMP_PARAM_STRING ? json_string_nocheck(x->string ? x->string : "")
                                                  : json_boolean(x->boolean);
        put(ok, po, x->key, v);
    }
    if (po)
        put(ok, o, "params", po);
}

static void put_params(bool *ok, json_t *o, const bmp_params *p)
{
    put_params_but(ok, o, p, NULL);
}

/* ---- sets: arrays sorted by their elements' canonical text ------------- */

typedef struct item {
    char *text;
    json_t *v;
} item;

static int cmp_item(const void *a, const void *b)
{
    return strcmp(((const item *)a)->text, ((const item *)b)->text);
}

/* Consumes the n values in vals; returns a sorted array, NULL on no memory. */
static json_t *set_of(json_t **vals, size_t n)
{
    json_t *arr = json_array();
    item *it = calloc(n ? n : 1, sizeof *it);
    bool ok = arr && it;
    if (!it) {
        for (size_t i = 0; i < n; i++)
            json_decref(vals[i]);
        json_decref(arr);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        it[i].v = vals[i];
        if (ok && !(it[i].text = json_dumps(vals[i], DUMP_FLAGS)))
            ok = false;
    }
    if (ok)
        qsort(it, n, sizeof *it, cmp_item);
    for (size_t i = 0; i < n; i++) {
        if (ok && json_array_append(arr, it[i].v))
            ok = false;
        json_decref(it[i].v);
        free(it[i].text);
    }
    free(it);
    if (!ok) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* Build n values (make, with index i_) into a sorted set under key of the
 * object o (nothing when n == 0); on no memory, free o and return NULL. */
#define PUT_SET(o, key, n, make)                                                                 \
    do {                                                                                         \
        if (n) {                                                                                 \
            json_t **vals_ = calloc((n), sizeof *vals_);                                         \
            if (!vals_) {                                                                        \
                json_decref(o);                                                                  \
                return NULL;                                                                     \
            }                                                                                    \
            for (size_t i_ = 0; i_ < (n); i_++)                                                  \
                vals_[i_] = (make);                                                              \
            json_t *set_ = set_of(vals_, (n));                                                   \
            free(vals_);                                                                         \
            if (!set_) {                                                                         \
                json_decref(o);                                                                  \
                return NULL;                                                                     \
            }                                                                                    \
            put(ok, (o), (key), set_);                                                            \
        }                                                                                        \
    } while (0)

/* ---- the model, field by field ----------------------------------------- */

static json_t *group_canon(bool *ok, const bmp_group *g)
{
    json_t *o = json_object();
    put_str(ok, o, "name", g->name);
    put_str(ok, o, "type", g->type);
    put_num(ok, o, "tables", g->tables, g->tables > 0);
    put_limit(ok, o, "upper_limit", g->upper_limit);
    put_limit(ok, o, "lower_limit", g->lower_limit);
    put_int(ok, o, "session", g->session);
    put_params(ok, o, &g->params);
    return o;
}

/* A session ranking (one with a section or direction) is named by its
 * session, section and direction, whatever its key ("session 1 NS" from
 * JSON, "NS" from USEBIO); a ranking score equal to the contestant's is
 * the contestant's score repeated (the USEBIO reader copies it). */
static json_t *ranking_canon(bool *ok, const bmp_contestant *c, const bmp_ranking_entry *e)
{
    json_t *o = json_object();
    if (!e->section && !e->direction)
        put_str(ok, o, "ranking", e->ranking);
    put_int(ok, o, "session", e->session);
    put_str(ok, o, "section", e->section);
    put_str(ok, o, "direction", e->direction);
    put_place(ok, o, "place", e->place);
    put_num(ok, o, "score", e->score,
            e->has_score && !(c->has_score && c->score == e->score));
    return o;
}

/* A pair's number as scored: "1NS" (the USEBIO reader's id for pair 1
 * sitting NS) is pair "1", as JSON writes it (issue 26). */
static json_t *contestant_id_canon(const char *id)
{
    size_t n = strlen(id), d = strspn(id, "0123456789");
    if (d > 0 && n == d + 2 &&
        (strcmp(id + d, "NS") == 0 || strcmp(id + d, "EW") == 0))
        return json_stringn_nocheck(id, d);
    return json_string_nocheck(id);
}

static json_t *player_canon(bool *ok, const bmp_player *p)
{
    json_t *o = json_object();
    put_str(ok, o, "id", p->id);
    if (!p->id)
        put_str(ok, o, "name", p->name); /* the only thing that tells this player apart */
    put_num(ok, o, "participation", p->participation, p->participation != 1.0);
    put_params(ok, o, &p->params);
    return o;
}

static json_t *contestant_canon(bool *ok, const bmp_contestant *c)
{
    json_t *o = json_object();
    if (c->id)
        put(ok, o, "id", contestant_id_canon(c->id));
    put_place(ok, o, "place", c->place);
    put_str(ok, o, "group", c->group);
    put_num(ok, o, "score", c->score, c->has_score);
    PUT_SET(o, "rankings", c->nrankings, ranking_canon(ok, c, &c->rankings[i_]));
    PUT_SET(o, "players", c->nplayers, player_canon(ok, &c->players[i_]));
    put_int(ok, o, "matches_played", c->matches_played);
    put_int(ok, o, "matches_won", c->matches_won);
    put_num(ok, o, "match_wins", c->match_wins, c->match_wins != 0);
    if (c->phantom)
        put(ok, o, "phantom", json_true());
    put_params(ok, o, &c->params);
    return o;
}

static json_t *match_canon(bool *ok, const bmp_match *m)
{
    json_t *o = json_object();
    put_int(ok, o, "round", m->round);
    put_str(ok, o, "stage", m->stage);
    put_str(ok, o, "home", m->home);
    put_str(ok, o, "away", m->away);
    put_num(ok, o, "home_score", m->home_score, m->has_score);
    put_num(ok, o, "away_score", m->away_score, m->has_score);
    put_str(ok, o, "winner", m->winner);
    put_int(ok, o, "boards", m->boards);
    put_params(ok, o, &m->params);
    return o;
}

static json_t *event_canon(bool *ok, const bmp_event *ev)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    bmp_identity id;
    bmp_event_identity(ev, &id);
    put_str(ok, o, "canon", CANON_VERSION);
    put_str(ok, o, "body", id.body);
    put_str(ok, o, "edition", id.edition);
    put_str(ok, o, "date", id.date);
    put_str(ok, o, "event_id", id.event_id);
    put_str(ok, o, "sanction", id.sanction);
    put_str(ok, o, "organiser", id.organiser);
    put_str(ok, o, "kind", bmp_event_kind_name(ev->kind));
    put_str(ok, o, "classification", ev->classification);
    put_str(ok, o, "rating", ev->rating);
    put_str(ok, o, "grade", ev->grade);
    put_str(ok, o, "status", ev->status);
    if (ev->sessions > 1) /* 0 (not stated) and 1 are one session */
        put_int(ok, o, "sessions", ev->sessions);
    put_int(ok, o, "boards", ev->boards);
    put_int(ok, o, "boards_per_match", ev->boards_per_match);
    if (ev->movement != BMP_MOVEMENT_UNSPECIFIED)
        put_str(ok, o, "movement",
                ev->movement == BMP_MOVEMENT_TWO_WINNER ? "two-winner" : "one-winner");
    put_num(ok, o, "tables", ev->tables, ev->tables > 0);
    put_limit(ok, o, "upper_limit", ev->upper_limit);
    put_limit(ok, o, "lower_limit", ev->lower_limit);
    PUT_SET(o, "restrictions", ev->nrestrictions, json_string_nocheck(ev->restrictions[i_]));
    PUT_SET(o, "groups", ev->ngroups, group_canon(ok, &ev->groups[i_]));
    PUT_SET(o, "contestants", ev->ncontestants, contestant_canon(ok, &ev->contestants[i_]));
    PUT_SET(o, "matches", ev->nmatches, match_canon(ok, &ev->matches[i_]));
    put_params_but(ok, o, &ev->params, OLD_CHARGE_CODE);
    return o;
}

bmp_status bmp_event_canonical(const bmp_event *ev, char **out, bmp_error *err)
{
    *out = NULL;
    if (!ev)
        return bmp_error_set(err, BMP_EINVAL, "bmp_event_canonical: no event");
    bool ok = true;
    json_t *o = event_canon(&ok, ev);
    if (o && ok)
        *out = json_dumps(o, DUMP_FLAGS);
    json_decref(o);
    return *out ? BMP_OK : bmp_error_oom(err);
}

bmp_status bmp_event_content_hash(const bmp_event *ev, char out[BMP_CONTENT_HASH_HEX],
                                  bmp_error *err)
{
    out[0] = '\0';
    char *text;
    bmp_status st = bmp_event_canonical(ev, &text, err);
    if (st)
        return st;
    if (sodium_init() < 0) {
        free(text);
        return bmp_error_set(err, BMP_EIO, "libsodium could not be initialised");
    }
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
    free(text);
    sodium_bin2hex(out, BMP_CONTENT_HASH_HEX, h, sizeof h);
    return BMP_OK;
}
