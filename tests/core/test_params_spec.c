/* The parameter spec of every body (bmp_rules.params, src/<body>/params.c)
 * and its one checker (bmp_params_check_event, src/core/params_check.c):
 * the tables are well formed, every body's award refuses an unknown or
 * mistyped name at every level, naming the valid ones, and accepts every
 * declared name with a value of its type.  That the code reads only
 * declared names is the ctest params_spec_sync (tests/params_sync.cmake). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bmp_test.h"

/* An event of `body` with one group, one match, two contestants and a
 * player each, whose bag at `level` holds "key": value (raw JSON). */
static char *event_with(const char *body, bmp_param_level level, const char *key,
                        const char *value)
{
    static const char *const head[] = {
        "\"body\":\"acbl\",\"classification\":\"club-masterpoint\",\"kind\":\"pairs\"",
        "\"body\":\"ebu\",\"status\":\"club\",\"kind\":\"pairs\",\"boards\":24",
        "\"body\":\"abf\",\"grade\":\"E\",\"kind\":\"pairs\",\"boards\":24",
        "\"body\":\"nzb\",\"grade\":\"40C\",\"kind\":\"pairs\",\"boards\":24"};
    int b = !strcmp(body, "acbl") ? 0 : !strcmp(body, "ebu") ? 1 : !strcmp(body, "abf") ? 2 : 3;
    char bag[BMP_PARAM_LEVELS][160] = {"{}", "{}", "{}", "{}", "{}"};
    snprintf(bag[level], sizeof bag[level], "{\"%s\":%s}", key, value);
    char *json = malloc(4096);
    assert_non_null(json);
    int n = snprintf(
        json, 4096,
        "{%s,\"name\":\"spec\",\"sessions\":1,\"tables\":2,\"params\":%s,"
        "\"groups\":[{\"name\":\"A\",\"type\":\"section\",\"params\":%s}],"
        "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"boards\":8,\"params\":%s}],"
        "\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"params\":%s,"
        "\"players\":[{\"id\":\"11\",\"params\":%s},{\"id\":\"12\"}]},"
        "{\"id\":\"2\",\"place\":2,\"players\":[{\"id\":\"21\"},{\"id\":\"22\"}]}]}",
        head[b], bag[BMP_PARAM_EVENT], bag[BMP_PARAM_GROUP], bag[BMP_PARAM_MATCH],
        bag[BMP_PARAM_CONTESTANT], bag[BMP_PARAM_PLAYER]);
    assert_true(n > 0 && n < 4096);
    return json;
}

static const char *const level_path[BMP_PARAM_LEVELS] = {
    "$", "$.groups[0]", "$.contestants[0]", "$.contestants[0].players[0]", "$.matches[0]"};

/* The valid names of a level, as the error lists them. */
static void names(const bmp_param_spec *spec, char *buf, size_t n)
{
    buf[0] = '\0';
    for (const bmp_param_spec *p = spec; p && p->key; p++)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", p == spec ? "" : ", ", p->key);
    if (!buf[0])
        snprintf(buf, n, "none");
}

/* Every body publishes a spec through its rules, well formed. */
static void spec_tables_well_formed(void **state)
{
    (void)state;
    int bodies = 0;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++, bodies++) {
        const bmp_param_specs *s = (*r)->params;
        assert_non_null(s);
        assert_non_null(s->body);
        size_t total = 0;
        for (int l = 0; l < BMP_PARAM_LEVELS; l++)
            for (const bmp_param_spec *p = s->level[l]; p && p->key; p++, total++) {
                /* names are plain: a dotted key is importers' metadata */
                assert_null(strchr(p->key, '.'));
                assert_non_null(p->doc);
                assert_true(strlen(p->doc) > 10);
                /* a rule ID, except the two names no rule reads */
                if (strcmp(p->key, "guest") && strcmp(p->key, "note"))
                    assert_non_null(p->rule);
                /* values only for strings, ranges only for numbers */
                if (p->type != BMP_PARAM_STRING)
                    assert_null(p->values);
                if (p->type != BMP_PARAM_NUMBER)
                    assert_int_equal(p->range, BMP_RANGE_ANY);
                /* one entry per name and level */
                for (const bmp_param_spec *q = p + 1; q->key; q++)
                    assert_string_not_equal(p->key, q->key);
                assert_ptr_equal(bmp_param_specs_find(s, (bmp_param_level)l, p->key), p);
            }
        assert_true(total >= 10);
        /* the USEBIO reader's guest flag is accepted by every body */
        assert_non_null(bmp_param_specs_find(s, BMP_PARAM_PLAYER, "guest"));
    }
    assert_int_equal(bodies, 4);
    assert_string_equal(bmp_param_level_name(BMP_PARAM_CONTESTANT), "contestant");
    assert_string_equal(bmp_param_type_name(BMP_PARAM_BOOL), "bool");
    assert_string_equal(bmp_param_range_name(BMP_RANGE_WHOLE1), "whole >= 1");
}

/* Each body's award refuses an unknown name at each level, naming the path
 * and every valid name of that level. */
static void unknown_key_every_body_every_level(void **state)
{
    (void)state;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++)
        for (int l = 0; l < BMP_PARAM_LEVELS; l++) {
            char *json = event_with((*r)->body, (bmp_param_level)l, "zzz_typo", "1");
            bmp_awards aw;
            bmp_error e = {0};
            bmp_status st = bmp_test_run(json, &aw, &e);
            bmp_awards_free(&aw);
            char want[1400], list[1200];
            names((*r)->params->level[l], list, sizeof list);
            snprintf(want, sizeof want,
                     "%s.params.zzz_typo: unknown %s parameter (expected one of: %s)",
                     level_path[l], (*r)->params->body, list);
            if (st != BMP_EINVAL || strcmp(e.msg, want))
                fail_msg("%s %s: status %d, \"%s\"\nexpected \"%s\"", (*r)->body,
                         bmp_param_level_name((bmp_param_level)l), (int)st, e.msg, want);
            free(json);
        }
}

/* Each body's award refuses the first name of each level with a value of
 * the wrong type, naming the expected type and the rule. */
static void mistyped_every_body_every_level(void **state)
{
    (void)state;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++)
        for (int l = 0; l < BMP_PARAM_LEVELS; l++) {
            const bmp_param_spec *p = (*r)->params->level[l];
            if (!p || !p->key)
                continue;
            /* a string where a number or bool is expected, else a number */
            const char *bad = p->type == BMP_PARAM_STRING ? "7" : "\"seven\"";
            char *json = event_with((*r)->body, (bmp_param_level)l, p->key, bad);
            bmp_awards aw;
            bmp_error e = {0};
            bmp_status st = bmp_test_run(json, &aw, &e);
            bmp_awards_free(&aw);
            char want[300];
            snprintf(want, sizeof want, "%s.params.%s: expected %s%s%s%s", level_path[l], p->key,
                     p->type == BMP_PARAM_BOOL     ? "true or false"
                     : p->type == BMP_PARAM_STRING ? "a string"
                                                   : "a number",
                     p->rule ? " (" : "", p->rule ? p->rule : "", p->rule ? ")" : "");
            if (st != BMP_EINVAL || strcmp(e.msg, want))
                fail_msg("%s %s: status %d, \"%s\"\nexpected \"%s\"", (*r)->body,
                         bmp_param_level_name((bmp_param_level)l), (int)st, e.msg, want);
            free(json);
        }
}

/* A bag holding every declared name of a level with a valid value. */
static void fill_valid(const bmp_param_spec *spec, bmp_params *bag, bmp_param *items)
{
    bag->items = items;
    bag->count = 0;
    for (const bmp_param_spec *p = spec; p && p->key; p++) {
        bmp_param *q = &items[bag->count++];
        memset(q, 0, sizeof *q);
        q->key = (char *)p->key;
        q->type = p->type;
        q->number = 1; /* in every range: whole >= 1, > 0, 0 to 1 */
        q->boolean = true;
        char first[64];
        if (p->values) {
            size_t n = strcspn(p->values, "|");
            snprintf(first, sizeof first, "%.*s", (int)n, p->values);
            q->string = strdup(first);
        } else {
            q->string = strdup("x");
        }
    }
}

/* The checker accepts every declared name, at its level, with a value of
 * its type, range and values; and dotted metadata keys at every level. */
static void every_declared_name_accepted(void **state)
{
    (void)state;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++) {
        bmp_param items[BMP_PARAM_LEVELS][64];
        bmp_params bags[BMP_PARAM_LEVELS];
        for (int l = 0; l < BMP_PARAM_LEVELS; l++)
            fill_valid((*r)->params->level[l], &bags[l], items[l]);
        bmp_player pl = {.id = "1", .participation = 1, .params = bags[BMP_PARAM_PLAYER]};
        bmp_contestant ct = {.id = "1", .players = &pl, .nplayers = 1,
                             .params = bags[BMP_PARAM_CONTESTANT]};
        bmp_group g = {.name = "A", .params = bags[BMP_PARAM_GROUP]};
        bmp_match m = {.home = "1", .away = "1", .params = bags[BMP_PARAM_MATCH]};
        bmp_event ev = {.body = (char *)(*r)->body, .groups = &g, .ngroups = 1,
                        .contestants = &ct, .ncontestants = 1, .matches = &m, .nmatches = 1,
                        .params = bags[BMP_PARAM_EVENT]};
        bmp_error e = {0};
        if (bmp_params_check_event(&ev, (*r)->params, &e))
            fail_msg("%s: %s", (*r)->body, e.msg);
        /* importers' metadata ("usebio.club_id", "mp.green") is never checked */
        bmp_param meta = {.key = "usebio.club_id", .type = BMP_PARAM_STRING, .string = "42"};
        bmp_params mb = {&meta, 1};
        ev.params = mb;
        g.params = mb;
        ct.params = mb;
        pl.params = mb;
        m.params = mb;
        assert_int_equal(bmp_params_check_event(&ev, (*r)->params, &e), BMP_OK);
        for (int l = 0; l < BMP_PARAM_LEVELS; l++)
            for (size_t i = 0; i < bags[l].count; i++)
                free(items[l][i].string);
    }
}

/* The example: `playof` on an ACBL knockout contestant was accepted
 * silently and the ACBL-35/43 playoff credit lost. */
static void acbl_playof_refused(void **state)
{
    (void)state;
    bmp_error e = {0};
    bmp_event *ev = NULL;
    assert_int_equal(bmp_event_load_file(BMP_SOURCE_DIR "/tests/data/params/acbl-ko-playof.json",
                                         &ev, &e),
                     BMP_OK);
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "$.contestants[1].params.playof: unknown ACBL parameter (expected "
                               "one of: rounds_advanced, playoff, forfeited, team_mp, "
                               "multiway_full, multiway_half, eligible)");
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* String values outside the declared list are refused where the body would
 * otherwise fall back silently (EBU-36 stage, EBU-107 category); a body
 * that checks its own values keeps its message (NZ-5 grading). */
static void string_values_checked(void **state)
{
    (void)state;
    bmp_awards aw;
    bmp_error e = {0};
    char *json = event_with("ebu", BMP_PARAM_CONTESTANT, "category", "\"E\"");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_EINVAL);
    assert_string_equal(e.msg,
                        "$.contestants[0].params.category: expected A, B, C or D (EBU-107), got "
                        "\"E\"");
    bmp_awards_free(&aw);
    free(json);
    /* values are exact: EBU compares "final" case-sensitively */
    json = event_with("ebu", BMP_PARAM_EVENT, "stage", "\"Final\"");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.stage: expected basic, qualifying, final, "
                                  "later-qualifying or consolation (EBU-36), got \"Final\""));
    bmp_awards_free(&aw);
    free(json);
    json = event_with("nzb", BMP_PARAM_PLAYER, "grading", "\"expert\"");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_EINVAL);
    assert_non_null(
        strstr(e.msg, "$.contestants[0].players[0]: params.grading: expected open, "
                      "intermediate or junior (NZ-5)"));
    bmp_awards_free(&aw);
    free(json);
}

/* Numbers out of the declared range name the range (NZ-77 stage size,
 * ACBL-61 multi-way matches, ABF-42 pqp_share). */
static void number_ranges_checked(void **state)
{
    (void)state;
    bmp_awards aw;
    bmp_error e = {0};
    char *json = event_with("nzb", BMP_PARAM_GROUP, "size", "2.5");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_ERANGE);
    assert_string_equal(e.msg, "$.groups[0].params.size: expected a whole number >= 0, got 2.5");
    bmp_awards_free(&aw);
    free(json);
    /* ACBL-61: multi-way matches won are counted, never negative (the
     * award would have been truncated and subtracted) */
    json = event_with("acbl", BMP_PARAM_CONTESTANT, "multiway_full", "-1");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_ERANGE);
    assert_string_equal(e.msg, "$.contestants[0].params.multiway_full: expected a whole number "
                               ">= 0, got -1");
    bmp_awards_free(&aw);
    free(json);
    json = event_with("abf", BMP_PARAM_PLAYER, "pqp_share", "1.5");
    assert_int_equal(bmp_test_run(json, &aw, &e), BMP_ERANGE);
    assert_string_equal(e.msg, "$.contestants[0].players[0].params.pqp_share: expected a number "
                               "from 0 to 1, got 1.5");
    bmp_awards_free(&aw);
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spec_tables_well_formed),
        cmocka_unit_test(unknown_key_every_body_every_level),
        cmocka_unit_test(mistyped_every_body_every_level),
        cmocka_unit_test(every_declared_name_accepted),
        cmocka_unit_test(acbl_playof_refused),
        cmocka_unit_test(string_values_checked),
        cmocka_unit_test(number_ranges_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
