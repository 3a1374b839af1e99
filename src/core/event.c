/* The event model: names, lookups, parameters and release.  Loading from
 * JSON lives in src/io/event_json.c. */
#include "bridgemp/event.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/event_index.h"
#include "core/param_keys.h"
#include "core/strindex.h"
#include "core/strs.h"

/* What the index was built for: lookups fall back to a scan when the
 * arrays have been replaced or resized since. */
struct bmp_event_index {
    const bmp_event *ev;
    const bmp_contestant *contestants;
    size_t ncontestants;
    const bmp_group *groups;
    size_t ngroups;
    core_strindex by_id, by_group;
};

static const char *const kind_names[BMP_KIND__COUNT] = {
    [BMP_KIND_UNKNOWN] = "unknown",         [BMP_KIND_PAIRS] = "pairs",
    [BMP_KIND_TEAMS] = "teams",             [BMP_KIND_INDIVIDUAL] = "individual",
    [BMP_KIND_SWISS_PAIRS] = "swiss-pairs", [BMP_KIND_SWISS_TEAMS] = "swiss-teams",
    [BMP_KIND_BAM] = "bam",                 [BMP_KIND_KNOCKOUT] = "knockout",
    [BMP_KIND_ROUND_ROBIN] = "round-robin", [BMP_KIND_BUTLER] = "butler",
    [BMP_KIND_TEAM_OF_TWO] = "team-of-two", [BMP_KIND_MATCH] = "match",
};

const char *bmp_event_kind_name(bmp_event_kind k)
{
    return (unsigned)k < BMP_KIND__COUNT ? kind_names[k] : "unknown";
}

bmp_event_kind bmp_event_kind_parse(const char *s)
{
    if (!s)
        return BMP_KIND_UNKNOWN;
    for (int k = 1; k < BMP_KIND__COUNT; k++)
        if (strcasecmp(s, kind_names[k]) == 0)
            return (bmp_event_kind)k;
    return BMP_KIND_UNKNOWN;
}

bool bmp_event_kind_is_teams(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_BAM ||
           k == BMP_KIND_KNOCKOUT || k == BMP_KIND_ROUND_ROBIN || k == BMP_KIND_MATCH;
}

const bmp_param *bmp_params_get(const bmp_params *p, const char *key)
{
    if (!p)
        return NULL;
    for (size_t i = 0; i < p->count; i++)
        if (strcmp(p->items[i].key, key) == 0)
            return &p->items[i];
    return NULL;
}

bool bmp_params_has(const bmp_params *p, const char *key)
{
    return bmp_params_get(p, key) != NULL;
}

double bmp_params_number(const bmp_params *p, const char *key, double dflt)
{
    const bmp_param *v = bmp_params_get(p, key);
    if (!v)
        return dflt;
    if (v->type == BMP_PARAM_NUMBER)
        return v->number;
    if (v->type == BMP_PARAM_BOOL)
        return v->boolean ? 1.0 : 0.0;
    char *end;
    double d = strtod(v->string, &end);
    return (end != v->string && *end == '\0') ? d : dflt;
}

const char *bmp_params_string(const bmp_params *p, const char *key, const char *dflt)
{
    const bmp_param *v = bmp_params_get(p, key);
    return (v && v->type == BMP_PARAM_STRING) ? v->string : dflt;
}

bool bmp_params_bool(const bmp_params *p, const char *key, bool dflt)
{
    const bmp_param *v = bmp_params_get(p, key);
    if (!v)
        return dflt;
    if (v->type == BMP_PARAM_BOOL)
        return v->boolean;
    if (v->type == BMP_PARAM_NUMBER)
        return v->number != 0;
    return strcasecmp(v->string, "true") == 0 || strcasecmp(v->string, "yes") == 0;
}

static void params_free(bmp_params *p)
{
    for (size_t i = 0; i < p->count; i++) {
        core_param_str_free(p->items[i].key);
        core_param_str_free(p->items[i].string);
    }
    free(p->items);
    p->items = NULL;
    p->count = 0;
}

/* A string field of ev: freed unless it lies in ev's blocks (core/strs.h)
 * or is a shared constant (param_keys.h). */
static void str_free(const bmp_event *ev, char *p)
{
    if (!core_strs_owns(ev->strings, p))
        core_param_str_free(p);
}

void bmp_event_free(bmp_event *ev)
{
    if (!ev)
        return;
    str_free(ev, ev->source);
    str_free(ev, ev->body);
    str_free(ev, ev->edition);
    str_free(ev, ev->name);
    str_free(ev, ev->date);
    str_free(ev, ev->event_id);
    str_free(ev, ev->sanction);
    str_free(ev, ev->organiser);
    str_free(ev, ev->classification);
    str_free(ev, ev->rating);
    str_free(ev, ev->grade);
    str_free(ev, ev->status);
    for (size_t i = 0; i < ev->nrestrictions; i++)
        str_free(ev, ev->restrictions[i]);
    free(ev->restrictions);
    for (size_t i = 0; i < ev->ngroups; i++) {
        str_free(ev, ev->groups[i].name);
        str_free(ev, ev->groups[i].type);
        params_free(&ev->groups[i].params);
    }
    free(ev->groups);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        str_free(ev, c->id);
        str_free(ev, c->name);
        str_free(ev, c->group);
        for (size_t r = 0; r < c->nrankings; r++) {
            str_free(ev, c->rankings[r].ranking);
            str_free(ev, c->rankings[r].section);
            str_free(ev, c->rankings[r].direction);
        }
        free(c->rankings);
        for (size_t p = 0; p < c->nplayers; p++) {
            str_free(ev, c->players[p].id);
            str_free(ev, c->players[p].name);
            params_free(&c->players[p].params);
        }
        free(c->players);
        params_free(&c->params);
    }
    free(ev->contestants);
    for (size_t i = 0; i < ev->nmatches; i++) {
        bmp_match *m = &ev->matches[i];
        str_free(ev, m->stage);
        str_free(ev, m->home);
        str_free(ev, m->away);
        str_free(ev, m->winner);
        params_free(&m->params);
    }
    free(ev->matches);
    params_free(&ev->params);
    core_event_index_free(ev->index);
    core_strs_release(ev->strings);
    free(ev);
}

static const char *contestant_key(const void *arr, size_t i)
{
    const bmp_event *ev = arr;
    return i < ev->ncontestants ? ev->contestants[i].id : NULL;
}

static const char *group_key(const void *arr, size_t i)
{
    const bmp_event *ev = arr;
    return i < ev->ngroups ? ev->groups[i].name : NULL;
}

void core_event_index_free(bmp_event_index *x)
{
    if (!x)
        return;
    core_strindex_free(&x->by_id);
    core_strindex_free(&x->by_group);
    free(x);
}

static bool ids_fresh(const bmp_event *ev)
{
    const bmp_event_index *x = ev->index;
    return x && x->ev == ev && x->contestants == ev->contestants &&
           x->ncontestants == ev->ncontestants;
}

static bool groups_fresh(const bmp_event *ev)
{
    const bmp_event_index *x = ev->index;
    return x && x->ev == ev && x->groups == ev->groups && x->ngroups == ev->ngroups;
}

bool core_event_index_fresh(const bmp_event *ev)
{
    return ids_fresh(ev) && groups_fresh(ev);
}

bmp_status bmp_event_reindex(bmp_event *ev, bmp_error *err)
{
    core_event_index_free(ev->index);
    ev->index = NULL;
    bmp_event_index *x = calloc(1, sizeof *x);
    bool ok = x && core_strindex_init(&x->by_id, ev->ncontestants, contestant_key, ev) &&
              core_strindex_init(&x->by_group, ev->ngroups, group_key, ev);
    for (size_t i = 0; ok && i < ev->ncontestants; i++)
        ok = core_strindex_add(&x->by_id, i, NULL, NULL);
    for (size_t i = 0; ok && i < ev->ngroups; i++)
        ok = core_strindex_add(&x->by_group, i, NULL, NULL);
    if (!ok) {
        core_event_index_free(x);
        return bmp_error_oom(err);
    }
    x->ev = ev;
    x->contestants = ev->contestants;
    x->ncontestants = ev->ncontestants;
    x->groups = ev->groups;
    x->ngroups = ev->ngroups;
    ev->index = x;
    return BMP_OK;
}

const bmp_group *bmp_event_group(const bmp_event *ev, const char *name)
{
    if (!name)
        return NULL;
    size_t i;
    if (groups_fresh(ev))
        return core_strindex_find(&ev->index->by_group, name, &i) ? &ev->groups[i] : NULL;
    for (i = 0; i < ev->ngroups; i++)
        if (strcmp(ev->groups[i].name, name) == 0)
            return &ev->groups[i];
    return NULL;
}

const bmp_contestant *bmp_event_contestant(const bmp_event *ev, const char *id)
{
    if (!id)
        return NULL;
    size_t i;
    if (ids_fresh(ev))
        return core_strindex_find(&ev->index->by_id, id, &i) ? &ev->contestants[i] : NULL;
    for (i = 0; i < ev->ncontestants; i++)
        if (ev->contestants[i].id && strcmp(ev->contestants[i].id, id) == 0)
            return &ev->contestants[i];
    return NULL;
}

bool bmp_event_has_restriction(const bmp_event *ev, const char *r)
{
    for (size_t i = 0; i < ev->nrestrictions; i++)
        if (strcasecmp(ev->restrictions[i], r) == 0)
            return true;
    return false;
}
