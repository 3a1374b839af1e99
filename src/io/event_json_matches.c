/* $.matches of a JSON event (docs/event-format.md "matches"): each match
 * read strictly, then checked against the event's contestants.  A team
 * event of a million teams has one and a half million matches; streamed
 * (json_split.h) they are mapped as the text is parsed instead of first
 * becoming one jansson tree. */
#include "io/event_json_matches.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

static bmp_status read_match(io_json_ctx *c, json_t *o, bmp_match *out)
{
    static const char *const keys[] = {"round",  "stage",  "home",   "away",   "home_score",
                                       "away_score", "winner", "boards", "params", NULL};
    bmp_status st;
    bool hs = false, as = false;
    if ((st = io_json_need_object(c, o)) || (st = io_json_check_keys(c, o, keys)) ||
        (st = io_json_get_int(c, o, "round", 0, 100000, &out->round)) ||
        (st = io_json_get_str(c, o, "stage", false, &out->stage)) ||
        (st = io_json_get_id(c, o, "home", true, &out->home)) ||
        (st = io_json_get_id(c, o, "away", true, &out->away)) ||
        (st = io_json_get_num(c, o, "home_score", -1e9, 1e9, &out->home_score, &hs)) ||
        (st = io_json_get_num(c, o, "away_score", -1e9, 1e9, &out->away_score, &as)) ||
        (st = io_json_get_id(c, o, "winner", false, &out->winner)) ||
        (st = io_json_get_int(c, o, "boards", 0, 100000, &out->boards)) ||
        (st = io_json_get_params(c, o, &out->params)))
        return st;
    if (hs != as)
        return io_json_fail(c, BMP_EINVAL, "give both \"home_score\" and \"away_score\", or neither");
    out->has_score = hs;
    return BMP_OK;
}

/* A match's sides and winner must be contestants of the event; a team
 * against itself, or a winner who did not play, would credit a wrong team
 * silently. */
static bmp_status check_match(io_json_ctx *c, const bmp_event *ev, const bmp_match *m)
{
    const char *ids[3] = {m->home, m->away, m->winner};
    const char *names[3] = {"home", "away", "winner"};
    for (int k = 0; k < 3; k++)
        if (ids[k] && !(k == 2 && strcmp(ids[k], "tie") == 0) &&
            !bmp_event_contestant(ev, ids[k])) {
            strcat(c->path, ".");
            strcat(c->path, names[k]);
            return io_json_fail(c, BMP_EINVAL, "no contestant with id \"%s\"", ids[k]);
        }
    if (strcmp(m->home, m->away) == 0) {
        strcat(c->path, ".away");
        return io_json_fail(c, BMP_EINVAL, "\"home\" and \"away\" are both \"%s\"", m->home);
    }
    if (m->winner && strcmp(m->winner, "tie") && strcmp(m->winner, m->home) &&
        strcmp(m->winner, m->away)) {
        strcat(c->path, ".winner");
        return io_json_fail(c, BMP_EINVAL,
                    "winner \"%s\" did not play in this match (expected \"%s\", \"%s\" "
                    "or \"tie\")",
                    m->winner, m->home, m->away);
    }
    return BMP_OK;
}

static void match_path(io_json_ctx *c, size_t i)
{
    strcpy(c->path, "$.matches");
    io_json_push_index(c, i);
}

bmp_status ej_read_matches(io_json_ctx *c, json_t *root, bmp_event *ev)
{
    json_t *arr;
    bmp_status st = io_json_get_array(c, root, "matches", &arr);
    if (st || !arr)
        return st;
    ev->matches = calloc(json_array_size(arr) + 1, sizeof *ev->matches);
    if (!ev->matches)
        return io_json_oom(c);
    for (size_t i = 0; i < json_array_size(arr) && !st; i++) {
        match_path(c, i);
        ev->nmatches++;
        bmp_match *m = &ev->matches[i];
        if (!(st = read_match(c, json_array_get(arr, i), m)))
            st = check_match(c, ev, m);
    }
    return st;
}

/* ---- streamed ------------------------------------------------------------ */

void ej_map_match(void *arg, size_t i, json_t *el)
{
    ej_stream *m = arg;
    bmp_event *sh = m->shell;
    void *a = sh->matches;
    bmp_match *mt = ej_stream_slot(m, &a, &sh->nmatches, i, sizeof *mt);
    sh->matches = a;
    if (mt)
        m->st = read_match(&m->c, el, mt);
}

static bmp_status check_streamed_match(io_json_ctx *c, size_t i, void *arg)
{
    const bmp_event *ev = arg;
    return check_match(c, ev, &ev->matches[i]);
}

/* ej_read_matches for matches already read: read_match's failure where it
 * was met, check_match for the matches before it. */
bmp_status ej_take_matches(io_json_ctx *c, const ej_stream *m, bmp_event *ev)
{
    bmp_event *sh = m->shell;
    size_t n = sh->nmatches;
    bmp_match *a = ej_stream_take(sh->matches, n, sizeof *a);
    if (!a)
        return io_json_oom(c);
    sh->matches = NULL;
    sh->nmatches = 0;
    ev->matches = a;
    ev->nmatches = n;
    return ej_stream_check(m, c, n, check_streamed_match, ev);
}
