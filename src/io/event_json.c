/* JSON events (docs/event-format.md): strict reader and writer.
 *
 * The reader checks every field it knows and rejects every key it does not,
 * so that a typo ("tabels") is an error rather than a silently wrong award.
 * Every message names the source, the JSON path and what was expected
 * (the field readers are json_fields.c).
 */
#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/date.h"
#include "core/strindex.h"
#include "core/strs.h"
#include "core/util.h"
#include "io/json_fields.h"
#include "io/event_json.h"
#include "io/event_json_matches.h"
#include "io/event_json_stream.h"
#include "io/json_split.h"

static bool valid_date(const char *s)
{
    core_date d;
    return core_date_parse(s, &d);
}

static bmp_status read_group(io_json_ctx *c, json_t *g, bmp_group *out)
{
    static const char *const keys[] = {"name",        "type",    "tables", "upper_limit",
                                       "lower_limit", "session", "params", NULL};
    bmp_status st;
    if ((st = io_json_need_object(c, g)) || (st = io_json_check_keys(c, g, keys)) ||
        (st = io_json_get_id(c, g, "name", true, &out->name)) ||
        (st = io_json_get_str(c, g, "type", false, &out->type)) ||
        (st = io_json_get_num(c, g, "tables", 0, 1e6, &out->tables, NULL)) ||
        (st = io_json_get_limit(c, g, "upper_limit", &out->upper_limit)) ||
        (st = io_json_get_limit(c, g, "lower_limit", &out->lower_limit)) ||
        (st = io_json_get_int(c, g, "session", 0, 1000, &out->session)) ||
        (st = io_json_get_params(c, g, &out->params)))
        return st;
    return BMP_OK;
}

static bmp_status read_player(io_json_ctx *c, json_t *p, bmp_player *out)
{
    static const char *const keys[] = {"id", "name", "participation", "params", NULL};
    bmp_status st;
    out->participation = 1.0;
    if ((st = io_json_need_object(c, p)) || (st = io_json_check_keys(c, p, keys)) ||
        (st = io_json_get_id(c, p, "id", false, &out->id)) ||
        (st = io_json_get_str(c, p, "name", false, &out->name)) ||
        (st = io_json_get_num(c, p, "participation", 0, 1, &out->participation, NULL)) ||
        (st = io_json_get_params(c, p, &out->params)))
        return st;
    if (!out->id && !out->name)
        return io_json_fail(c, BMP_EINVAL, "a player needs an \"id\" (national number) or a \"name\"");
    return BMP_OK;
}

/* "session 2 A NS" (section and direction when given), built without
 * printf: it runs for every ranking of every contestant. */
static char *session_ranking(io_json_ctx *c, int session, const char *section,
                             const char *direction)
{
    char num[16];
    size_t k = sizeof num;
    num[--k] = '\0';
    do
        num[--k] = (char)('0' + session % 10);
    while ((session /= 10) > 0);
    const char *parts[] = {"session ", num + k, section ? " " : "", section ? section : "",
                           direction ? " " : "", direction ? direction : ""};
    size_t len[6], total = 1;
    for (int i = 0; i < 6; i++)
        total += len[i] = strlen(parts[i]);
    char *out = io_json_alloc(c, total), *p = out;
    for (int i = 0; out && i < 6; i++)
        p = (char *)memcpy(p, parts[i], len[i]) + len[i];
    if (out)
        *p = '\0';
    return out;
}

static bmp_status read_ranking(io_json_ctx *c, json_t *r, bmp_ranking_entry *out)
{
    static const char *const keys[] = {"ranking", "session", "section", "direction",
                                       "place",   "score",   NULL};
    bmp_status st;
    if ((st = io_json_need_object(c, r)) || (st = io_json_check_keys(c, r, keys)) ||
        (st = io_json_get_str(c, r, "ranking", false, &out->ranking)) ||
        (st = io_json_get_int(c, r, "session", 0, 1000, &out->session)) ||
        (st = io_json_get_id(c, r, "section", false, &out->section)) ||
        (st = io_json_get_str(c, r, "direction", false, &out->direction)) ||
        (st = io_json_get_place(c, r, "place", &out->place)) ||
        (st = io_json_get_num(c, r, "score", -1e9, 1e9, &out->score, &out->has_score)))
        return st;
    if (out->direction && strcmp(out->direction, "NS") != 0 && strcmp(out->direction, "EW") != 0) {
        size_t l = io_json_push_key(c, "direction");
        st = io_json_fail(c, BMP_EINVAL, "expected \"NS\" or \"EW\", got \"%s\"", out->direction);
        io_json_pop(c, l);
        return st;
    }
    if (!out->ranking) {
        /* Derive a ranking key: "session 2 A NS", "stratum"... */
        if (out->session)
            out->ranking = session_ranking(c, out->session, out->section, out->direction);
        else
            return io_json_fail(c, BMP_EINVAL,
                        "a ranking needs \"ranking\" (e.g. a stratum name) or \"session\"");
    }
    if (!out->ranking)
        return io_json_oom(c);
    if (out->place.lo == 0)
        return io_json_fail(c, BMP_EINVAL, "missing required field \"place\"");
    return BMP_OK;
}

static bmp_status read_contestant(io_json_ctx *c, json_t *o, bmp_contestant *out)
{
    static const char *const keys[] = {"id",          "name",       "place",    "group",
                                       "score",       "rankings",   "players",  "matches_played",
                                       "matches_won", "match_wins", "phantom",  "params",
                                       NULL};
    bmp_status st;
    json_t *arr;
    if ((st = io_json_need_object(c, o)) || (st = io_json_check_keys(c, o, keys)) ||
        (st = io_json_get_id(c, o, "id", true, &out->id)) ||
        (st = io_json_get_str(c, o, "name", false, &out->name)) ||
        (st = io_json_get_place(c, o, "place", &out->place)) ||
        (st = io_json_get_id(c, o, "group", false, &out->group)) ||
        (st = io_json_get_num(c, o, "score", -1e9, 1e9, &out->score, &out->has_score)) ||
        (st = io_json_get_int(c, o, "matches_played", 0, 100000, &out->matches_played)) ||
        (st = io_json_get_int(c, o, "matches_won", 0, 100000, &out->matches_won)) ||
        (st = io_json_get_num(c, o, "match_wins", 0, 100000, &out->match_wins, NULL)) ||
        (st = io_json_get_bool(c, o, "phantom", &out->phantom)) ||
        (st = io_json_get_params(c, o, &out->params)))
        return st;
    if (!json_object_get(o, "match_wins"))
        out->match_wins = out->matches_won;
    if ((st = io_json_get_array(c, o, "rankings", &arr)))
        return st;
    if (arr && json_array_size(arr)) {
        size_t l = io_json_push_key(c, "rankings");
        out->rankings = calloc(json_array_size(arr), sizeof *out->rankings);
        if (!out->rankings)
            return io_json_oom(c);
        for (size_t i = 0; i < json_array_size(arr); i++) {
            size_t l2 = io_json_push_index(c, i);
            out->nrankings++;
            if ((st = read_ranking(c, json_array_get(arr, i), &out->rankings[i])))
                return st;
            /* One place per ranking: a repeated ranking is a contradiction
             * (and resolve_places sizes its work arrays by contestants). */
            for (size_t k = 0; k < i; k++)
                if (strcmp(out->rankings[k].ranking, out->rankings[i].ranking) == 0)
                    return io_json_fail(c, BMP_EINVAL, "ranking \"%s\" repeated (also rankings[%zu])",
                                out->rankings[i].ranking, k);
            io_json_pop(c, l2);
        }
        io_json_pop(c, l);
    }
    if ((st = io_json_get_array(c, o, "players", &arr)))
        return st;
    if (arr && json_array_size(arr)) {
        size_t l = io_json_push_key(c, "players");
        out->players = calloc(json_array_size(arr), sizeof *out->players);
        if (!out->players)
            return io_json_oom(c);
        for (size_t i = 0; i < json_array_size(arr); i++) {
            size_t l2 = io_json_push_index(c, i);
            out->nplayers++;
            if ((st = read_player(c, json_array_get(arr, i), &out->players[i])))
                return st;
            io_json_pop(c, l2);
        }
        io_json_pop(c, l);
    }
    return BMP_OK;
}

/* A ranking's entries: bucketed by key (core_buckets_make), in O(n). */
typedef struct entry {
    size_t ci;      /* contestant */
    long rank;      /* index in its rankings[], -1 = its overall place */
    const char *key;
} entry;

static const char *entry_key(const void *arr, size_t i)
{
    return ((const entry *)arr)[i].key;
}

static bmp_place *entry_place(bmp_event *ev, const entry *e)
{
    bmp_contestant *c = &ev->contestants[e->ci];
    return e->rank < 0 ? &c->place : &c->rankings[e->rank].place;
}

/* Resolve ties and check the ranges of each bucket's ranking. */
static bmp_status resolve_buckets(io_json_ctx *c, bmp_event *ev, const entry *e, const core_buckets *b,
                                  bmp_place *pl)
{
    for (size_t k = 0; k < b->nb; k++) {
        const size_t *it = &b->items[b->start[k]];
        size_t m = b->start[k + 1] - b->start[k];
        for (size_t q = 0; q < m; q++)
            pl[q] = *entry_place(ev, &e[it[q]]);
        bmp_error e2 = {0};
        bmp_status st = bmp_places_resolve(pl, m, &e2);
        if (st) {
            size_t bad = 0;
            sscanf(e2.msg, "[%zu]", &bad);
            const entry *w = &e[it[bad < m ? bad : 0]];
            const char *rest = strchr(e2.msg, ':');
            if (w->rank < 0) {
                snprintf(c->path, sizeof c->path, "$.contestants[%zu].place", w->ci);
                return io_json_fail(c, st, "%s%s", rest ? rest + 2 : e2.msg,
                            w->key ? " (within its group)" : "");
            }
            snprintf(c->path, sizeof c->path, "$.contestants[%zu].rankings[%ld].place", w->ci,
                     w->rank);
            return io_json_fail(c, st, "%s (ranking \"%s\")", rest ? rest + 2 : e2.msg, w->key);
        }
        for (size_t q = 0; q < m; q++)
            *entry_place(ev, &e[it[q]]) = pl[q];
    }
    return BMP_OK;
}

/* Resolve ties and check ranges within each ranking: overall places per
 * group (phantoms aside), then each named ranking across contestants.
 * The two passes share their work arrays, sized for the larger (issue 46:
 * they were sized for both, at the read's peak of memory). */
static bmp_status resolve_places(io_json_ctx *c, bmp_event *ev)
{
    size_t n = ev->ncontestants, ne = 0, nr = 0;
    for (size_t i = 0; i < n; i++)
        nr += ev->contestants[i].nrankings;
    size_t most = n > nr ? n : nr;
    entry *e = malloc((most ? most : 1) * sizeof *e);
    bmp_place *pl = malloc((most ? most : 1) * sizeof *pl);
    core_buckets b = {0};
    bmp_status st = e && pl ? BMP_OK : io_json_oom(c);
    for (size_t i = 0; !st && i < n; i++)
        if (!ev->contestants[i].phantom)
            e[ne++] = (entry){i, -1, ev->contestants[i].group};
    if (!st && !core_buckets_make(&b, ne, entry_key, e))
        st = io_json_oom(c);
    if (!st)
        st = resolve_buckets(c, ev, e, &b, pl);
    core_buckets_free(&b);
    ne = 0;
    for (size_t i = 0; !st && i < n; i++)
        for (size_t r = 0; r < ev->contestants[i].nrankings; r++)
            e[ne++] = (entry){i, (long)r, ev->contestants[i].rankings[r].ranking};
    if (!st && !core_buckets_make(&b, ne, entry_key, e))
        st = io_json_oom(c);
    if (!st)
        st = resolve_buckets(c, ev, e, &b, pl);
    core_buckets_free(&b);
    free(e);
    free(pl);
    return st;
}

static const char *group_name(const void *arr, size_t i)
{
    return ((const bmp_group *)arr)[i].name;
}

static const char *contestant_id(const void *arr, size_t i)
{
    return ((const bmp_contestant *)arr)[i].id;
}

/* Groups, each name once (checked by hash). */
static bmp_status read_groups(io_json_ctx *c, json_t *arr, bmp_event *ev)
{
    core_strindex names;
    ev->groups = calloc(json_array_size(arr) + 1, sizeof *ev->groups);
    if (!ev->groups || !core_strindex_init(&names, json_array_size(arr), group_name, ev->groups))
        return io_json_oom(c);
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < json_array_size(arr) && !st; i++) {
        snprintf(c->path, sizeof c->path, "$.groups[%zu]", i);
        ev->ngroups++;
        bool dup = false;
        size_t j = 0;
        if ((st = read_group(c, json_array_get(arr, i), &ev->groups[i])))
            break;
        if (!core_strindex_add(&names, i, &dup, &j))
            st = io_json_oom(c);
        else if (dup) {
            strcat(c->path, ".name");
            st = io_json_fail(c, BMP_EINVAL, "duplicate group name \"%s\" (also $.groups[%zu])",
                      ev->groups[i].name, j);
        }
    }
    core_strindex_free(&names);
    return st;
}

/* Contestant i (read) is in a known group and its id is new. */
static bmp_status check_contestant(io_json_ctx *c, bmp_event *ev, core_strindex *ids, size_t i)
{
    bmp_contestant *ct = &ev->contestants[i];
    bool dup = false;
    size_t j = 0;
    if (ct->group && !bmp_event_group(ev, ct->group)) {
        strcat(c->path, ".group");
        return io_json_fail(c, BMP_EINVAL, "no group named \"%s\" in $.groups", ct->group);
    }
    if (!core_strindex_add(ids, i, &dup, &j))
        return io_json_oom(c);
    if (dup) {
        strcat(c->path, ".id");
        return io_json_fail(c, BMP_EINVAL, "duplicate contestant id \"%s\" (also $.contestants[%zu])",
                            ct->id, j);
    }
    return BMP_OK;
}

/* Contestants, each id once (checked by hash), each in a known group. */
static bmp_status read_contestants(io_json_ctx *c, json_t *arr, bmp_event *ev)
{
    core_strindex ids;
    ev->contestants = calloc(json_array_size(arr) + 1, sizeof *ev->contestants);
    if (!ev->contestants ||
        !core_strindex_init(&ids, json_array_size(arr), contestant_id, ev->contestants))
        return io_json_oom(c);
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < json_array_size(arr) && !st; i++) {
        strcpy(c->path, "$.contestants");
        io_json_push_index(c, i);
        ev->ncontestants++;
        st = read_contestant(c, json_array_get(arr, i), &ev->contestants[i]);
        if (!st)
            st = check_contestant(c, ev, &ids, i);
    }
    core_strindex_free(&ids);
    return st;
}

/* ---- $.contestants read as the text is parsed (json_split.h) ---------- */

/* $.contestants and $.matches mapped while the text was parsed into one
 * shell (event_json_stream.h), each element freed once read. */
typedef struct streamed {
    bmp_event *shell;
    ej_stream cs;       /* $.contestants */
    ej_stream ms;       /* $.matches (event_json_matches.c) */
    bool contestants;   /* $.contestants was streamed */
    bool matches;       /* $.matches was streamed */
} streamed;

static void map_contestant(void *arg, size_t i, json_t *el)
{
    ej_stream *s = arg;
    bmp_event *sh = s->shell;
    void *a = sh->contestants;
    bmp_contestant *ct = ej_stream_slot(s, &a, &sh->ncontestants, i, sizeof *ct);
    sh->contestants = a;
    if (ct)
        s->st = read_contestant(&s->c, el, ct);
}

typedef struct contestant_checks {
    bmp_event *ev;
    core_strindex ids;
} contestant_checks;

static bmp_status check_streamed_contestant(io_json_ctx *c, size_t i, void *arg)
{
    contestant_checks *k = arg;
    return check_contestant(c, k->ev, &k->ids, i);
}

/* read_contestants for contestants already read: the same checks in the
 * same order, so the first error is the one the whole-tree read reports. */
static bmp_status take_contestants(io_json_ctx *c, streamed *s, bmp_event *ev)
{
    bmp_event *sh = s->shell;
    size_t n = sh->ncontestants;
    bmp_contestant *a = ej_stream_take(sh->contestants, n, sizeof *a);
    if (!a)
        return io_json_oom(c);
    sh->contestants = NULL;
    sh->ncontestants = 0;
    ev->contestants = a;
    ev->ncontestants = n;
    contestant_checks k = {.ev = ev};
    if (!core_strindex_init(&k.ids, n, contestant_id, ev->contestants))
        return io_json_oom(c);
    bmp_status st = ej_stream_check(&s->cs, c, n, check_streamed_contestant, &k);
    core_strindex_free(&k.ids);
    return st;
}

/* $.format and $.body (normalised: "ACBL" -> "acbl", "nz" -> "nzb") and
 * $.edition, checked against the body's rules. */
static bmp_status read_body(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    char *fmt = NULL;
    bmp_status st = io_json_get_str(c, root, "format", false, &fmt);
    if (!st && fmt && strcmp(fmt, "bridgemp-event/1") != 0) {
        strcpy(c->path, "$.format");
        st = io_json_fail(c, BMP_EINVAL, "expected \"bridgemp-event/1\", got \"%s\"", fmt);
    }
    free(fmt);
    if (st || (st = io_json_get_str(c, root, "body", true, &ev->body)))
        return st;
    const bmp_rules *rules = bmp_rules_find(ev->body);
    if (!rules) {
        strcpy(c->path, "$.body");
        return io_json_fail(c, BMP_EINVAL, "unknown body \"%s\" (expected acbl, ebu, abf or nzb)",
                    ev->body);
    }
    free(ev->body);
    if (!(ev->body = core_strdup(rules->body)))
        return io_json_oom(c);
    if ((st = io_json_get_str(c, root, "edition", false, &ev->edition)) || !ev->edition)
        return st;
    const char *ed;
    bmp_error e2;
    if (bmp_rules_edition(rules, ev->edition, &ed, &e2)) {
        strcpy(c->path, "$.edition");
        return io_json_fail(c, BMP_EINVAL, "%s", e2.msg);
    }
    return BMP_OK;
}

/* Name, date and identity (docs/event-format.md): ids as strings or
 * integers, never empty. */
static bmp_status read_identity(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    bmp_status st;
    if ((st = io_json_get_str(c, root, "name", true, &ev->name)) ||
        (st = io_json_get_str(c, root, "date", false, &ev->date)))
        return st;
    if (ev->date && !valid_date(ev->date)) {
        strcpy(c->path, "$.date");
        return io_json_fail(c, BMP_EINVAL, "expected a date as YYYY-MM-DD, got \"%s\"", ev->date);
    }
    if ((st = io_json_get_id(c, root, "event_id", false, &ev->event_id)) ||
        (st = io_json_get_id(c, root, "sanction", false, &ev->sanction)) ||
        (st = io_json_get_id(c, root, "organiser", false, &ev->organiser)))
        return st;
    const char *const idk[] = {"event_id", "sanction", "organiser"};
    const char *const idv[] = {ev->event_id, ev->sanction, ev->organiser};
    for (int i = 0; i < 3; i++)
        if (idv[i] && !*idv[i]) {
            snprintf(c->path, sizeof c->path, "$.%s", idk[i]);
            return io_json_fail(c, BMP_EINVAL, "expected a non-empty id (or leave the key out)");
        }
    return BMP_OK;
}

/* $.kind, one of the event kinds (listed when it is not). */
static bmp_status read_kind(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    char *kind = NULL;
    bmp_status st = io_json_get_str(c, root, "kind", true, &kind);
    if (st)
        return st;
    ev->kind = bmp_event_kind_parse(kind);
    if (ev->kind == BMP_KIND_UNKNOWN) {
        char list[256] = "";
        for (int k = 1; k < BMP_KIND__COUNT; k++) {
            strncat(list, k > 1 ? ", " : "", sizeof list - strlen(list) - 1);
            strncat(list, bmp_event_kind_name((bmp_event_kind)k), sizeof list - strlen(list) - 1);
        }
        strcpy(c->path, "$.kind");
        st = io_json_fail(c, BMP_EINVAL, "unknown kind \"%s\" (expected one of: %s)", kind, list);
    }
    free(kind);
    return st;
}

/* The facts the rules read: classification ... movement. */
static bmp_status read_facts(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    char *mov = NULL;
    bmp_status st;
    ev->sessions = 1;
    if ((st = io_json_get_str(c, root, "classification", false, &ev->classification)) ||
        (st = io_json_get_str(c, root, "rating", false, &ev->rating)) ||
        (st = io_json_get_str(c, root, "grade", false, &ev->grade)) ||
        (st = io_json_get_str(c, root, "status", false, &ev->status)) ||
        (st = io_json_get_int(c, root, "sessions", 1, 100, &ev->sessions)) ||
        (st = io_json_get_int(c, root, "boards", 0, 10000, &ev->boards)) ||
        (st = io_json_get_int(c, root, "boards_per_match", 0, 1000, &ev->boards_per_match)) ||
        (st = io_json_get_str(c, root, "movement", false, &mov)) || !mov)
        return st;
    if (strcmp(mov, "one-winner") == 0)
        ev->movement = BMP_MOVEMENT_ONE_WINNER;
    else if (strcmp(mov, "two-winner") == 0)
        ev->movement = BMP_MOVEMENT_TWO_WINNER;
    else {
        strcpy(c->path, "$.movement");
        st = io_json_fail(c, BMP_EINVAL, "expected \"one-winner\" or \"two-winner\", got \"%s\"",
                          mov);
    }
    free(mov);
    return st;
}

static bmp_status read_restrictions(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    json_t *arr;
    bmp_status st = io_json_get_array(c, root, "restrictions", &arr);
    if (st || !arr)
        return st;
    ev->restrictions = calloc(json_array_size(arr) + 1, sizeof *ev->restrictions);
    if (!ev->restrictions)
        return io_json_oom(c);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *r = json_array_get(arr, i);
        if (!json_is_string(r)) {
            snprintf(c->path, sizeof c->path, "$.restrictions[%zu]", i);
            return io_json_expected(c, "a restriction name such as \"women\" or \"senior\"", r);
        }
        if (!(ev->restrictions[ev->nrestrictions++] = core_strdup(json_string_value(r))))
            return io_json_oom(c);
    }
    return BMP_OK;
}

/* $.groups, then $.contestants (required), each indexed. */
static bmp_status read_field(io_json_ctx *c, json_t *root, streamed *s, bmp_event *ev)
{
    json_t *arr;
    bmp_status st = io_json_get_array(c, root, "groups", &arr);
    if (st || (arr && (st = read_groups(c, arr, ev))))
        return st;
    if ((st = bmp_event_reindex(ev, c->err))) /* groups by name, for the contestants */
        return st;
    strcpy(c->path, "$");
    if (s && s->contestants) {
        if ((st = take_contestants(c, s, ev)) || (st = bmp_event_reindex(ev, c->err)))
            return st;
        strcpy(c->path, "$");
        return BMP_OK;
    }
    if ((st = io_json_get_array(c, root, "contestants", &arr)))
        return st;
    if (!arr) {
        strcpy(c->path, "$.contestants");
        return io_json_fail(c, BMP_EINVAL, "missing required field (expected an array of contestants)");
    }
    if ((st = read_contestants(c, arr, ev)) || (st = bmp_event_reindex(ev, c->err)))
        return st;
    strcpy(c->path, "$");
    return BMP_OK;
}

/* Tables entered, from the field when not given: a table seats two pairs,
 * one team-of-four's half, or four individuals (docs/event-format.md). */
static void tables_from_field(bmp_event *ev)
{
    size_t real = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        real += !ev->contestants[i].phantom;
    if (bmp_event_kind_is_teams(ev->kind))
        ev->tables = (double)real;
    else if (ev->kind == BMP_KIND_INDIVIDUAL)
        ev->tables = real / 4.0;
    else
        ev->tables = real / 2.0;
}

static bmp_status read_event(io_json_ctx *c, json_t *root, streamed *s, bmp_event *ev)
{
    static const char *const keys[] = {
        "format",   "body",         "edition",     "name",        "date",
        "event_id", "sanction",     "organiser",
        "kind",     "classification", "rating",    "grade",       "status",
        "sessions", "boards",       "boards_per_match", "movement", "tables",
        "upper_limit", "lower_limit", "restrictions", "groups",    "contestants",
        "matches",  "params",       NULL};
    bmp_status st;
    bool has_tables = false;
    strcpy(c->path, "$");
    if ((st = io_json_need_object(c, root)) || (st = io_json_check_keys(c, root, keys)) ||
        (st = read_body(c, root, ev)) || (st = read_identity(c, root, ev)) ||
        (st = read_kind(c, root, ev)) || (st = read_facts(c, root, ev)) ||
        (st = io_json_get_num(c, root, "tables", 0.5, 1e6, &ev->tables, &has_tables)) ||
        (st = io_json_get_limit(c, root, "upper_limit", &ev->upper_limit)) ||
        (st = io_json_get_limit(c, root, "lower_limit", &ev->lower_limit)) ||
        (st = io_json_get_params(c, root, &ev->params)) ||
        (st = read_restrictions(c, root, ev)) || (st = read_field(c, root, s, ev)) ||
        (st = s && s->matches ? ej_take_matches(c, &s->ms, ev) : ej_read_matches(c, root, ev)))
        return st;
    if (!has_tables)
        tables_from_field(ev);
    return resolve_places(c, ev);
}

/* The text as a tree, $.contestants and $.matches streamed when they can
 * be (split): json_split maps each element as it is parsed and frees its
 * JSON, and answers "read it whole" for anything unusual, which json_loads
 * then reads (and reports) exactly as before. */
static json_t *parse(const char *text, size_t len, const char *src, bool split,
                     const ej_input *in, streamed *s, bmp_status *st, bmp_error *err)
{
    *s = (streamed){0};
    json_t *root = NULL;
    if (split && (s->shell = calloc(1, sizeof *s->shell))) {
        ej_stream_init(&s->cs, src, "$.contestants", s->shell);
        ej_stream_init(&s->ms, src, "$.matches", s->shell);
        json_split_array arrays[] = {{.key = "contestants", .fn = map_contestant, .arg = &s->cs},
                                     {.key = "matches", .fn = ej_map_match, .arg = &s->ms}};
        if (json_split_nd(text, len, arrays, 2, &root, in ? in->done : NULL,
                          in ? in->arg : NULL)) {
            s->contestants = arrays[0].found;
            s->matches = arrays[1].found;
        }
    }
    if (!s->contestants && !s->matches) {
        bmp_event_free(s->shell);
        s->shell = NULL;
    }
    if (root)
        return root;
    if (in && (*st = in->restore(in->arg, err)))
        return NULL;
    json_error_t je;
    if (!(root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je)))
        *st = bmp_error_set(err, BMP_EPARSE, "%s: line %d, column %d: invalid JSON: %s", src,
                            je.line, je.column, je.text);
    return root;
}

bmp_status ej_load(const char *text, const char *source_name, bool split,
                bmp_event **out, bmp_error *err)
{
    return ej_load_n(text, strlen(text), source_name, split, out, err);
}

static bmp_status load(const char *text, size_t len, const char *source_name, bool split,
                       const ej_input *in, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<string>";
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3; /* a UTF-8 byte-order mark (Windows editors write one) */
        len -= 3;
    }
    streamed s;
    bmp_status st = BMP_OK;
    json_t *root = parse(text, len, src, split, in, &s, &st, err);
    bmp_event *ev = root ? calloc(1, sizeof *ev) : NULL;
    if (root && !ev)
        st = bmp_error_oom(err);
    if (ev) {
        ev->upper_limit = ev->lower_limit = BMP_NO_LIMIT;
        /* the streamed elements' strings are in the shell's blocks */
        ev->strings = core_strs_hold(s.shell ? s.shell->strings : NULL);
        ev->source = core_strdup(src);
        io_json_ctx c = {.src = src, .err = err};
        st = ev->source ? read_event(&c, root, s.shell ? &s : NULL, ev) : bmp_error_oom(err);
    }
    json_decref(root);
    bmp_event_free(s.shell);
    if (st) {
        bmp_event_free(ev);
        return st;
    }
    *out = ev;
    return BMP_OK;
}

bmp_status ej_load_n(const char *text, size_t len, const char *source_name, bool split,
                     bmp_event **out, bmp_error *err)
{
    return load(text, len, source_name, split, NULL, out, err);
}

bmp_status ej_load_in(const char *text, size_t len, const char *source_name, const ej_input *in,
                      bmp_event **out, bmp_error *err)
{
    return load(text, len, source_name, true, in, out, err);
}

bmp_status bmp_event_load_string(const char *text, const char *source_name, bmp_event **out,
                                 bmp_error *err)
{
    return ej_load(text, source_name, true, out, err);
}
