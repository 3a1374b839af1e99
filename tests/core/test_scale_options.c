/* Every regulation table declares the options it reads (bmp_scale_info.options,
 * issue 41), and the declarations are right: for every body, edition and
 * table, the table computes with its defaults; each declared option, given a
 * value other than its default (as the command line gives it, text, and as a
 * number where it is one), is accepted; an option it does not declare is
 * refused by bmp_scale before anything is computed, naming the table's
 * options; and the keys a table asks its bag for are all declared, and each
 * declared one is asked for.  The keys asked for are recorded by wrapping
 * the bag's readers at link time (ld --wrap, tests/CMakeLists.txt), which
 * needs the static library: hence an internal header. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/params_spec.h" /* links the static libbridgemp (--wrap) */

/* ---- the keys a table asks its bag for (this test's own record) ---- */

enum { MAX_ASKED = 64 };
typedef struct asked {
    const bmp_params *bag; /* only reads of this bag count (not a table's inner events) */
    char keys[MAX_ASKED][48];
    size_t n;
} asked;
static asked *recording; /* the run in progress, NULL: none */

static void record(const bmp_params *p, const char *key)
{
    if (!recording || p != recording->bag || !key)
        return;
    for (size_t i = 0; i < recording->n; i++)
        if (strcmp(recording->keys[i], key) == 0)
            return;
    assert_true(recording->n < MAX_ASKED);
    snprintf(recording->keys[recording->n++], sizeof recording->keys[0], "%s", key);
}

const bmp_param *__real_bmp_params_get(const bmp_params *p, const char *key);
double __real_bmp_params_number(const bmp_params *p, const char *key, double dflt);
const char *__real_bmp_params_string(const bmp_params *p, const char *key, const char *dflt);
bool __real_bmp_params_bool(const bmp_params *p, const char *key, bool dflt);
bool __real_bmp_params_has(const bmp_params *p, const char *key);
const bmp_param *__wrap_bmp_params_get(const bmp_params *p, const char *key);
double __wrap_bmp_params_number(const bmp_params *p, const char *key, double dflt);
const char *__wrap_bmp_params_string(const bmp_params *p, const char *key, const char *dflt);
bool __wrap_bmp_params_bool(const bmp_params *p, const char *key, bool dflt);
bool __wrap_bmp_params_has(const bmp_params *p, const char *key);

const bmp_param *__wrap_bmp_params_get(const bmp_params *p, const char *key)
{
    record(p, key);
    return __real_bmp_params_get(p, key);
}
double __wrap_bmp_params_number(const bmp_params *p, const char *key, double dflt)
{
    record(p, key);
    return __real_bmp_params_number(p, key, dflt);
}
const char *__wrap_bmp_params_string(const bmp_params *p, const char *key, const char *dflt)
{
    record(p, key);
    return __real_bmp_params_string(p, key, dflt);
}
bool __wrap_bmp_params_bool(const bmp_params *p, const char *key, bool dflt)
{
    record(p, key);
    return __real_bmp_params_bool(p, key, dflt);
}
bool __wrap_bmp_params_has(const bmp_params *p, const char *key)
{
    record(p, key);
    return __real_bmp_params_has(p, key);
}

/* ---- runs ---- */

/* Compute body's table under edition with opts, recording into rec; the
 * status, the message into err. */
static bmp_status run(const char *body, const char *table, const char *edition,
                      const bmp_params *opts, asked *rec, bmp_error *err)
{
    bmp_table t;
    bmp_table_init(&t);
    rec->bag = opts;
    recording = rec;
    bmp_status st = bmp_scale(body, table, edition, opts, &t, err);
    recording = NULL;
    bmp_table_free(&t);
    return st;
}

static bool declared(const bmp_scale_info *s, const char *key)
{
    for (const bmp_param_spec *o = s->options; o && o->key; o++)
        if (strcmp(o->key, key) == 0)
            return true;
    return false;
}

/* Every key rec asked for is one s declares. */
static void assert_asked_declared(const char *body, const bmp_scale_info *s, const asked *rec)
{
    for (size_t i = 0; i < rec->n; i++)
        if (!declared(s, rec->keys[i]))
            fail_msg("%s table %s reads \"%s\", which it does not declare", body, s->name,
                     rec->keys[i]);
}

/* A value of o other than its default, as text. */
static const char *other_value(const bmp_param_spec *o, char *buf, size_t n)
{
    for (const char *v = o->values; v && *v;) {
        size_t k = strcspn(v, "|");
        snprintf(buf, n, "%.*s", (int)k, v);
        if (!o->dflt || strcmp(buf, o->dflt) != 0)
            return buf;
        v += k + (v[k] == '|');
    }
    char *end;
    double d = o->dflt ? strtod(o->dflt, &end) : 0;
    if (o->dflt && end != o->dflt && !*end) {
        snprintf(buf, n, "%g", 2 * d);
        return buf;
    }
    /* defaults that are words ("the printed last row"): a value in range */
    static const char *const samples[][2] = {
        {"places", "20"}, {"max-tables", "30"}, {"max-entrants", "60"}, {"min-entrants", "12"}};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        if (strcmp(samples[i][0], o->key) == 0)
            return samples[i][1];
    fail_msg("option %s: no value to try (add one to samples)", o->key);
    return NULL;
}

static bmp_param text_param(const char *key, const char *value)
{
    return (bmp_param){.key = (char *)key, .type = BMP_PARAM_STRING, .string = (char *)value};
}

enum { MAX_OPTS = 16 };

/* All of s's checks under one edition where its defaults compute. */
static void check_table(const char *body, const bmp_scale_info *s, const char *ed)
{
    bmp_error e = {0};
    asked all = {0};
    char vals[MAX_OPTS][64];
    bmp_param items[MAX_OPTS + 1];
    size_t n = 0;
    /* each option alone, as text and (numbers) as a number: accepted */
    for (const bmp_param_spec *o = s->options; o && o->key; o++, n++) {
        assert_true(n < MAX_OPTS);
        const char *v = other_value(o, vals[n], sizeof vals[n]);
        items[n] = text_param(o->key, v);
        bmp_params one = {&items[n], 1};
        asked rec = {0};
        if (run(body, s->name, ed, &one, &rec, &e))
            fail_msg("%s %s --%s %s: %s", body, s->name, o->key, v, e.msg);
        assert_asked_declared(body, s, &rec);
        if (o->type == BMP_PARAM_NUMBER) {
            bmp_param num = {.key = (char *)o->key, .type = BMP_PARAM_NUMBER, .number = atof(v)};
            bmp_params typed = {&num, 1};
            if (run(body, s->name, ed, &typed, &rec, &e))
                fail_msg("%s %s %s=%s (a number): %s", body, s->name, o->key, v, e.msg);
        } else {
            /* a number for a string option is the type error, not ignored */
            bmp_param num = {.key = (char *)o->key, .type = BMP_PARAM_NUMBER, .number = 1};
            bmp_params typed = {&num, 1};
            assert_int_equal(run(body, s->name, ed, &typed, &rec, &e), BMP_EINVAL);
            assert_non_null(strstr(e.msg, "expected a string"));
        }
    }
    /* every declared option together: accepted, and each was asked for */
    bmp_params every = {items, n};
    if (run(body, s->name, ed, &every, &all, &e))
        fail_msg("%s %s with every option: %s", body, s->name, e.msg);
    assert_asked_declared(body, s, &all);
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t j = 0; j < all.n && !seen; j++)
            seen = strcmp(all.keys[j], items[i].key) == 0;
        if (!seen)
            fail_msg("%s table %s declares \"%s\" but never reads it", body, s->name,
                     items[i].key);
    }
    /* ... plus one it does not declare: refused, naming the declared ones */
    items[n] = text_param("bogus", "1");
    bmp_params plus = {items, n + 1};
    asked rec = {0};
    e.msg[0] = '\0';
    assert_int_equal(run(body, s->name, ed, &plus, &rec, &e), BMP_EINVAL);
    char want[96];
    snprintf(want, sizeof want, "bogus: not an option of table %s (its options: ", s->name);
    assert_non_null(strstr(e.msg, want));
    for (size_t i = 0; i < n; i++)
        assert_non_null(strstr(e.msg, items[i].key));
    if (!n)
        assert_non_null(strstr(e.msg, "(its options: none)"));
    assert_int_equal(rec.n, 0); /* refused before the table ran */
}

/* For every body, table and edition: the defaults compute somewhere, and
 * there the declarations hold. */
static void every_table_declares_what_it_reads(void **state)
{
    (void)state;
    size_t tables = 0, options = 0;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++)
        for (const bmp_scale_info *s = (*r)->scales; s && s->name; s++) {
            bool computed = false;
            for (const char *const *ed = (*r)->editions; *ed; ed++) {
                bmp_param none_item = {0};
                bmp_params none = {&none_item, 0};
                asked rec = {0};
                bmp_error e = {0};
                bmp_status st = run((*r)->body, s->name, *ed, &none, &rec, &e);
                if (st == BMP_ENOTSUP)
                    continue; /* e.g. ACBL appendix-f in the later edition (ACBL-10) */
                if (st)
                    fail_msg("%s %s --edition %s: %s", (*r)->body, s->name, *ed, e.msg);
                assert_asked_declared((*r)->body, s, &rec);
                check_table((*r)->body, s, *ed);
                computed = true;
            }
            assert_true(computed);
            tables++;
            for (const bmp_param_spec *o = s->options; o && o->key; o++)
                options++;
        }
    /* acbl 13, ebu 24, abf 9, nzb 27 tables at the time of writing */
    assert_true(tables >= 70);
    assert_true(options >= 30);
}

/* The declared options are what the engine reads: real values through them.
 * ACBL-25: appendix-f's options reach the table (two brackets of 16: the
 * second's first place 19.93); EBU 4.4.9: sqrt --max 200 --t 50 is
 * 200 x sqrt(50/50) = 200 at 50 tables. */
static void options_change_the_table(void **state)
{
    (void)state;
    bmp_table t;
    bmp_error e = {0};
    bmp_param f[] = {text_param("brackets", "2")};
    bmp_params fb = {f, 1};
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("acbl", "appendix-f", "2003", &fb, &t, &e), BMP_OK);
    assert_int_equal(t.nrows, 2);
    assert_string_equal(bmp_table_get(&t, 1, 7), "19.93");
    bmp_table_free(&t);

    bmp_param q[] = {text_param("max", "200"), text_param("t", "50")};
    bmp_params qb = {q, 2};
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("ebu", "sqrt", NULL, &qb, &t, &e), BMP_OK);
    size_t row = bmp_table_find_row(&t, "50");
    assert_true(row < t.nrows);
    assert_string_equal(bmp_table_get(&t, row, 1), "200");
    bmp_table_free(&t);
}

/* Issue 41: an option of no table; the lookups the CLI uses. */
static void unknown_option_and_lookup(void **state)
{
    (void)state;
    bmp_error e = {0};
    const bmp_scale_info *s = bmp_scale_find("EBU", "s", &e);
    assert_non_null(s);
    assert_string_equal(s->name, "S");
    size_t n = 0;
    while (s->options && s->options[n].key)
        n++;
    assert_int_equal(n, 2); /* EBU 4.12: the status and the boards */
    assert_string_equal(s->options[0].key, "status");
    assert_string_equal(s->options[1].key, "boards");
    bmp_param b[] = {text_param("bogus", "1")};
    bmp_params bag = {b, 1};
    assert_int_equal(bmp_scale_check_options(s, &bag, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "bogus: not an option of table S (its options: status, boards)");
    s = bmp_scale_find("ebu", "A", &e);
    assert_int_equal(bmp_scale_check_options(s, &bag, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "bogus: not an option of table A (its options: none)");
    assert_int_equal(bmp_scale_check_options(s, NULL, &e), BMP_OK);

    assert_null(bmp_scale_find("wbf", "A", &e));
    assert_int_equal(e.code, BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "unknown body \"wbf\""));
    assert_null(bmp_scale_find("abf", "4A", &e));
    assert_int_equal(e.code, BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "unknown abf table \"4A\" (known: 1A, 1B"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_table_declares_what_it_reads),
        cmocka_unit_test(options_change_the_table),
        cmocka_unit_test(unknown_option_and_lookup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
