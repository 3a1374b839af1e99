/* GET /api/v1/bodies/{body}/params (issue 29): what a body needs of an
 * upload, for the club's submission form -- the option that sets the
 * event's scale (grade, status or classification) with its values, the
 * editions, the event kinds, and every parameter the body reads from an
 * event's "params" (its own parameter spec: `bridgemp params BODY`), each
 * with its type and allowed values.  Public, like the rules it describes. */
#include <string.h>

#include "bridgemp/rules.h"
#include "server/api_sub.h"

/* "a|b|c" as ["a","b","c"] (an empty array for NULL). */
static json_t *values_json(const char *v)
{
    json_t *a = json_array();
    while (a && v && *v) {
        size_t n = strcspn(v, "|");
        json_array_append_new(a, json_stringn(v, n));
        v += n + (v[n] == '|');
    }
    return a;
}

static json_t *spec_json(bmp_param_level lv, const bmp_param_spec *p)
{
    json_t *o = json_pack("{s:s,s:s,s:s,s:o}", "level", bmp_param_level_name(lv), "name", p->key,
                          "type", bmp_param_type_name(p->type), "values",
                          values_json(p->type == BMP_PARAM_STRING ? p->values : NULL));
    json_object_set_new(o, "range", p->type == BMP_PARAM_NUMBER
                                        ? json_string(bmp_param_range_name(p->range))
                                        : json_null());
    json_object_set_new(o, "default", p->dflt ? json_string(p->dflt) : json_null());
    json_object_set_new(o, "unit", p->unit ? json_string(p->unit) : json_null());
    json_object_set_new(o, "rule", p->rule ? json_string(p->rule) : json_null());
    json_object_set_new(o, "doc", json_string(p->doc ? p->doc : ""));
    return o;
}

/* The upload's options (POST /api/v1/batches, /api/v1/preview): the body's
 * scale option with its values first, then the others of every body. */
static json_t *options_json(const bmp_rules *r)
{
    json_t *a = json_array();
    if (r->scale_option)
        json_array_append_new(a, json_pack("{s:s,s:b,s:o}", "name", r->scale_option, "required",
                                           true, "values", values_json(r->scale_values)));
    if (r->scale_option && strcmp(r->scale_option, "classification") == 0)
        json_array_append_new(a, json_pack("{s:s,s:b,s:o}", "name", "rating", "required", false,
                                           "values",
                                           values_json("championship|non-championship|"
                                                       "consolation|charity")));
    json_t *eds = json_array();
    for (size_t i = 0; r->editions && r->editions[i]; i++)
        json_array_append_new(eds, json_string(r->editions[i]));
    json_array_append_new(a, json_pack("{s:s,s:b,s:o}", "name", "edition", "required", false,
                                       "values", eds));
    json_array_append_new(a, json_pack("{s:s,s:b,s:o}", "name", "kind", "required", false,
                                       "values", values_json("auto|event|usebio-mp|abf-credit")));
    return a;
}

int srv_body_params(srv_req *rq, srv_resp *rs)
{
    const bmp_rules *r = bmp_rules_find(rq->params[0]);
    if (!r) {
        srv_error(rs, 404, "no body \"%s\": expected abf, acbl, ebu or nzb", rq->params[0]);
        return 0;
    }
    json_t *params = json_array(), *types = json_array();
    for (const bmp_point_type *t = r->point_types; t && t->name; t++)
        json_array_append_new(types, json_string(t->name));
    const bmp_param_specs *s = bmp_rules_param_specs(r);
    for (int lv = 0; s && lv < BMP_PARAM_LEVELS; lv++)
        for (const bmp_param_spec *p = s->level[lv]; p && p->key; p++)
            json_array_append_new(params, spec_json((bmp_param_level)lv, p));
    json_t *j = json_pack("{s:s,s:s,s:o,s:o,s:o,s:o}", "body", r->body, "name", r->name,
                          "point_types", types, "options", options_json(r),
                          "kinds",
                          values_json("pairs|teams|individual|swiss-pairs|swiss-teams|bam|"
                                      "knockout|round-robin|butler|team-of-two|match"),
                          "params", params);
    json_object_set_new(j, "scale_option", r->scale_option ? json_string(r->scale_option)
                                                           : json_null());
    srv_json(rs, 200, j);
    rs->cacheable = true;
    return 0;
}
