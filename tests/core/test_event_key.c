/* bmp_event_key (issue 31: public for embedders, the Python module): an
 * event's key, who ran which event when, in the two forms the ledger keys
 * batches by (src/ledger/intake/event_key.c; docs/event-format.md "Identity"), and
 * bmp_rules_param_specs, the registry's parameter spec without the struct's
 * layout. */
#include "bmp_test.h"

#include <stdlib.h>
#include <string.h>

static bmp_event *json_ev(const char *text)
{
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_event_load_string(text, "t.json", &ev, &e))
        fail_msg("did not load: %s", e.msg);
    return ev;
}

static void assert_key(const char *json, const char *club, const char *want)
{
    bmp_event *ev = json_ev(json);
    char *key = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_event_key(ev, club, &key, &e), BMP_OK);
    assert_non_null(key);
    assert_string_equal(key, want);
    free(key);
    bmp_event_free(ev);
}

#define TAIL "\"kind\": \"pairs\", \"contestants\": [{\"id\": 1, \"place\": 1}]}"

/* The organiser's own event id wins; the club given is not used. */
static void key_by_ids(void **state)
{
    (void)state;
    assert_key("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"date\": "
               "\"2025-01-14\", \"event_id\": 5521, \"organiser\": \"3107\", " TAIL,
               "9999", "org=3107;id=5521;date=2025-01-14");
}

/* Without ids: the name folded (lower case, one space, no ends), the date,
 * the organiser or else the caller's club (or nothing). */
static void key_by_name(void **state)
{
    (void)state;
    const char *ev = "{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"  Tuesday   PAIRS \", "
                     "\"date\": \"2025-01-14\", " TAIL;
    assert_key(ev, "2074", "name=tuesday pairs;date=2025-01-14;club=2074");
    assert_key(ev, NULL, "name=tuesday pairs;date=2025-01-14;club=");
    assert_key("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"date\": "
               "\"2025-01-14\", \"organiser\": \"3107\", " TAIL,
               "2074", "name=tuesday;date=2025-01-14;club=3107");
}

/* No date: no key, whatever else the event says. */
static void no_key_without_date(void **state)
{
    (void)state;
    assert_key("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"event_id\": 1, "
               "\"organiser\": \"3107\", " TAIL,
               "2074", "");
}

static void key_errors(void **state)
{
    (void)state;
    char *key = (char *)"x";
    bmp_error e = {0};
    assert_int_equal(bmp_event_key(NULL, NULL, &key, &e), BMP_EINVAL);
    assert_null(key);
    assert_int_equal(bmp_event_key(NULL, NULL, NULL, &e), BMP_EINVAL);
}

/* The accessor gives the table `bridgemp params` prints: ABF's "route"
 * (ABF-4) is an event parameter. */
static void param_specs_accessor(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("abf");
    const bmp_param_specs *s = bmp_rules_param_specs(r);
    assert_non_null(s);
    assert_ptr_equal(s, r->params);
    const bmp_param_spec *p = bmp_param_specs_find(s, BMP_PARAM_EVENT, "route");
    assert_non_null(p);
    assert_string_equal(p->rule, "ABF-4");
    assert_null(bmp_rules_param_specs(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(key_by_ids),
        cmocka_unit_test(key_by_name),
        cmocka_unit_test(no_key_without_date),
        cmocka_unit_test(key_errors),
        cmocka_unit_test(param_specs_accessor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
