/* What a USEBIO file cannot say, from options and a JSON sidecar
 * (docs/usebio.md, "Options and the sidecar").  The sidecar is a JSON object
 * with the JSON event format's top-level field names; options given on the
 * command line win over it, and both win over the file. */
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"

static bmp_status replace(char **field, const char *v, bmp_error *err)
{
    char *d = core_strdup(v);
    if (v && !d)
        return bmp_error_oom(err);
    free(*field);
    *field = d;
    return BMP_OK;
}

static bool valid_body(bmp_event *ev, const char *src, const char *what, bmp_error *err,
                       bmp_status *st)
{
    const bmp_rules *r = bmp_rules_find(ev->body);
    if (!r) {
        *st = bmp_error_set(err, BMP_EINVAL, "%s: %s: unknown body \"%s\" (expected acbl, ebu, abf or nzb)",
                            src, what, ev->body);
        return false;
    }
    *st = replace(&ev->body, r->body, err);
    return *st == BMP_OK;
}

/* One string field of the sidecar. */
static bmp_status side_str(json_t *root, const char *key, const char *path, char **field,
                           bmp_error *err)
{
    json_t *v = json_object_get(root, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_string(v))
        return bmp_error_set(err, BMP_EINVAL, "%s: $.%s: expected a string", path, key);
    return replace(field, json_string_value(v), err);
}

static bmp_status side_int(json_t *root, const char *key, const char *path, long long min,
                           long long max, long long *out, bool *has, bmp_error *err)
{
    json_t *v = json_object_get(root, key);
    *has = false;
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max)
        return bmp_error_set(err, BMP_EINVAL, "%s: $.%s: expected an integer from %lld to %lld",
                             path, key, min, max);
    *out = json_integer_value(v);
    *has = true;
    return BMP_OK;
}

/* YYYY-MM-DD with a real month and day (the JSON event format's date). */
static bool iso_date(const char *s)
{
    int y, m, d;
    char extra;
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-' ||
        sscanf(s, "%4d-%2d-%2d%c", &y, &m, &d, &extra) != 3)
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return false;
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
        return false;
    return !(m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
}

/* Every key of a sidecar is one of the event's top-level fields. */
static bmp_status side_keys(json_t *root, const char *path, bmp_error *err)
{
    static const char *const keys[] = {
        "format",  "body",   "edition",  "name",   "date",        "kind",
        "event_id", "sanction", "organiser",
        "classification", "rating", "grade", "status", "sessions", "boards",
        "boards_per_match", "movement", "tables", "upper_limit", "lower_limit",
        "restrictions", "params", NULL};
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        bool ok = false;
        for (size_t i = 0; keys[i]; i++)
            ok |= strcmp(keys[i], key) == 0;
        if (!ok)
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s: $.%s: not a sidecar field (a sidecar holds the event's "
                                 "top-level fields: body, edition, grade, classification, status, "
                                 "rating, name, date, event_id, sanction, organiser, kind, "
                                 "sessions, boards, movement, tables, "
                                 "limits, restrictions, params)",
                                 path, key);
    }
    return BMP_OK;
}

/* The body (known to the rules) and the text fields. */
static bmp_status side_strings(bmp_event *ev, json_t *root, const char *path, bmp_error *err)
{
    bmp_status st;
    if ((st = side_str(root, "body", path, &ev->body, err)))
        return st;
    if (ev->body && !valid_body(ev, path, "$.body", err, &st))
        return st;
    if ((st = side_str(root, "edition", path, &ev->edition, err)) ||
        (st = side_str(root, "name", path, &ev->name, err)) ||
        (st = side_str(root, "date", path, &ev->date, err)) ||
        (st = side_str(root, "event_id", path, &ev->event_id, err)) ||
        (st = side_str(root, "sanction", path, &ev->sanction, err)) ||
        (st = side_str(root, "organiser", path, &ev->organiser, err)) ||
        (st = side_str(root, "classification", path, &ev->classification, err)) ||
        (st = side_str(root, "rating", path, &ev->rating, err)) ||
        (st = side_str(root, "grade", path, &ev->grade, err)) ||
        (st = side_str(root, "status", path, &ev->status, err)))
        return st;
    if (json_object_get(root, "name") && ev->name && !*ev->name)
        return bmp_error_set(err, BMP_EINVAL, "%s: $.name: expected a non-empty string", path);
    if (json_object_get(root, "date") && ev->date && !iso_date(ev->date))
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: $.date: expected a date as YYYY-MM-DD, got \"%s\"", path,
                             ev->date);
    return BMP_OK;
}

static bmp_status side_kind(bmp_event *ev, json_t *root, const char *path, bmp_error *err)
{
    json_t *v;
    if ((v = json_object_get(root, "kind")) && !json_is_null(v)) {
        bmp_event_kind k = json_is_string(v) ? bmp_event_kind_parse(json_string_value(v))
                                             : BMP_KIND_UNKNOWN;
        if (k == BMP_KIND_UNKNOWN)
            return bmp_error_set(err, BMP_EINVAL, "%s: $.kind: expected an event kind such as "
                                 "\"pairs\" or \"swiss-teams\"", path);
        ev->kind = k;
    }
    if ((v = json_object_get(root, "movement")) && !json_is_null(v)) {
        const char *m = json_is_string(v) ? json_string_value(v) : "";
        if (strcmp(m, "one-winner") == 0)
            ev->movement = BMP_MOVEMENT_ONE_WINNER;
        else if (strcmp(m, "two-winner") == 0)
            ev->movement = BMP_MOVEMENT_TWO_WINNER;
        else
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s: $.movement: expected \"one-winner\" or \"two-winner\"", path);
    }
    return BMP_OK;
}

/* Sessions, boards, boards a match, the limits. */
static bmp_status side_counts(bmp_event *ev, json_t *root, const char *path, bmp_error *err)
{
    static const struct {
        const char *key;
        long long min, max;
    } fields[] = {{"sessions", 1, 100},
                  {"boards", 0, 10000},
                  {"boards_per_match", 0, 1000},
                  {"upper_limit", 0, INT64_MAX / 2},
                  {"lower_limit", 0, INT64_MAX / 2}};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        long long n;
        bool has;
        bmp_status st = side_int(root, fields[i].key, path, fields[i].min, fields[i].max, &n,
                                 &has, err);
        if (st)
            return st;
        if (!has)
            continue;
        switch (i) {
        case 0: ev->sessions = (int)n; break;
        case 1: ev->boards = (int)n; break;
        case 2: ev->boards_per_match = (int)n; break;
        case 3: ev->upper_limit = n; break;
        default: ev->lower_limit = n; break;
        }
    }
    return BMP_OK;
}

/* Tables as stated (they then win over the count from the field). */
static bmp_status side_tables(bmp_event *ev, json_t *root, const char *path, bmp_error *err)
{
    json_t *v = json_object_get(root, "tables");
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_number(v) || !(json_number_value(v) >= 0.5 && json_number_value(v) <= 1e6))
        return bmp_error_set(err, BMP_EINVAL, "%s: $.tables: expected a number from 0.5 to 1e6",
                             path);
    ev->tables = json_number_value(v);
    return io_param_bool(&ev->params, "usebio.tables_stated", true) ? bmp_error_oom(err)
                                                                          : BMP_OK;
}

/* Restrictions replace the file's. */
static bmp_status side_restrictions(bmp_event *ev, json_t *root, const char *path,
                                    bmp_error *err)
{
    json_t *v = json_object_get(root, "restrictions");
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_array(v))
        return bmp_error_set(err, BMP_EINVAL, "%s: $.restrictions: expected an array", path);
    for (size_t i = 0; i < ev->nrestrictions; i++)
        free(ev->restrictions[i]);
    free(ev->restrictions);
    ev->nrestrictions = 0;
    if (!(ev->restrictions = calloc(json_array_size(v) + 1, sizeof *ev->restrictions)))
        return bmp_error_oom(err);
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *r = json_array_get(v, i);
        if (!json_is_string(r))
            return bmp_error_set(err, BMP_EINVAL, "%s: $.restrictions[%zu]: expected a string",
                                 path, i);
        if (!(ev->restrictions[ev->nrestrictions++] = core_strdup(json_string_value(r))))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* Params are added to (or replace) the file's. */
static bmp_status side_params(bmp_event *ev, json_t *root, const char *path, bmp_error *err)
{
    json_t *v = json_object_get(root, "params");
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_object(v))
        return bmp_error_set(err, BMP_EINVAL, "%s: $.params: expected an object", path);
    const char *pk;
    json_t *pv;
    json_object_foreach(v, pk, pv) {
        bmp_status st;
        if (json_is_number(pv))
            st = io_param_number(&ev->params, pk, json_number_value(pv));
        else if (json_is_string(pv))
            st = io_param_string(&ev->params, pk, json_string_value(pv));
        else if (json_is_boolean(pv))
            st = io_param_bool(&ev->params, pk, json_is_true(pv));
        else
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s: $.params.%s: expected a number, string or boolean", path,
                                 pk);
        if (st)
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* The sidecar's text given in place of a file (a newer field: read when
 * the struct's size covers it). */
static const char *sidecar_text(const bmp_usebio_opts *o)
{
    return o && o->size > offsetof(bmp_usebio_opts, sidecar_json) ? o->sidecar_json : NULL;
}

/* The sidecar of o: its text (named "sidecar" in messages), else its file. */
static bmp_status apply_sidecar(bmp_event *ev, const bmp_usebio_opts *o, bmp_error *err)
{
    json_error_t je;
    const char *text = sidecar_text(o);
    const char *path = text ? "sidecar" : o->sidecar;
    json_t *root = text ? json_loads(text, JSON_REJECT_DUPLICATES, &je)
                        : json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (!root)
        return bmp_error_set(err, BMP_EPARSE, "%s: line %d, column %d: invalid JSON: %s", path,
                             je.line, je.column, je.text);
    bmp_status st;
    if (!json_is_object(root))
        st = bmp_error_set(err, BMP_EINVAL, "%s: $: expected an object of event fields", path);
    else if (!(st = side_keys(root, path, err)) && !(st = side_strings(ev, root, path, err)) &&
             !(st = side_kind(ev, root, path, err)) && !(st = side_counts(ev, root, path, err)) &&
             !(st = side_tables(ev, root, path, err)) &&
             !(st = side_restrictions(ev, root, path, err)))
        st = side_params(ev, root, path, err);
    json_decref(root);
    return st;
}

/* The sidecar is applied to an empty event, as the reader will apply it:
 * a sidecar with any error counts as naming the body, so that the reader
 * reports that error (a misspelt "Body" is named as such), and "body":
 * null names none, as the reader reads it. */
bool io_usebio_opts_name_body(const bmp_usebio_opts *o)
{
    if (o && o->body)
        return true;
    if (!o || (!o->sidecar && !sidecar_text(o)))
        return false;
    bmp_event *ev = calloc(1, sizeof *ev);
    if (!ev)
        return true;
    bool named = apply_sidecar(ev, o, NULL) != BMP_OK || ev->body;
    bmp_event_free(ev);
    return named;
}

bmp_status io_usebio_no_body(const char *src, bmp_error *err)
{
    return bmp_error_set(err, BMP_EINVAL,
                         "%s: a USEBIO file does not say which body's rules apply: give "
                         "--body acbl|ebu|abf|nzb (or \"body\" in a --sidecar file)",
                         src);
}

bmp_status bmp_usebio_apply_opts(bmp_event *ev, const bmp_usebio_opts *o, bmp_error *err)
{
    bmp_status st;
    if (!o)
        return BMP_OK;
    if ((o->sidecar || sidecar_text(o)) && (st = apply_sidecar(ev, o, err)))
        return st;
    if (o->body) {
        if ((st = replace(&ev->body, o->body, err)))
            return st;
        if (!valid_body(ev, "option", "--body", err, &st))
            return st;
    }
    if ((o->edition && (st = replace(&ev->edition, o->edition, err))) ||
        (o->grade && (st = replace(&ev->grade, o->grade, err))) ||
        (o->classification && (st = replace(&ev->classification, o->classification, err))) ||
        (o->status && (st = replace(&ev->status, o->status, err))) ||
        (o->rating && (st = replace(&ev->rating, o->rating, err))))
        return st;
    for (size_t i = 0; i < o->nset; i++) {
        const char *kv = o->set[i];
        const char *eq = kv ? strchr(kv, '=') : NULL;
        if (!eq || eq == kv)
            return bmp_error_set(err, BMP_EINVAL, "--set: expected key=value, got \"%s\"",
                                 kv ? kv : "");
        char *key = core_asprintf("%.*s", (int)(eq - kv), kv);
        if (!key)
            return bmp_error_oom(err);
        st = io_param_parse(&ev->params, key, eq + 1);
        free(key);
        if (st)
            return bmp_error_oom(err);
    }
    return BMP_OK;
}
