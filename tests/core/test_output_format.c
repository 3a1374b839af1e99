/* Output (docs/output-format.md): safe text for terminals, CSV cells that a
 * spreadsheet would read as formulas (OWASP CSV injection), valid UTF-8 in
 * JSON, the fixed award-kind vocabulary and the reasons for no award. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text_safe.h"

static void escape_controls(void **state)
{
    (void)state;
    char *s = core_text_escape("\x1b[31mRed\x1b[0m\tA\nB\x7f");
    assert_string_equal(s, "\\e[31mRed\\e[0m\\tA\\nB\\x7f");
    free(s);
    /* C1 control U+009B (CSI) and a right-to-left override U+202E. */
    s = core_text_escape("a\xc2\x9b" "b\xe2\x80\xae" "c");
    assert_string_equal(s, "a\\u009bb\\u202ec");
    free(s);
    /* Bytes that are not UTF-8 (Latin-1 e-acute, an overlong slash). */
    s = core_text_escape("Ren\xe9 \xc0\xaf");
    assert_string_equal(s, "Ren\\xe9 \\xc0\\xaf");
    free(s);
    /* UTF-8 text is left alone. */
    s = core_text_escape("Ren\xc3\xa9 M\xc4\x81ori");
    assert_string_equal(s, "Ren\xc3\xa9 M\xc4\x81ori");
    free(s);
}

static void formula_cells(void **state)
{
    (void)state;
    assert_true(core_text_is_formula("=1+1"));
    assert_true(core_text_is_formula("+SUM(A1)"));
    assert_true(core_text_is_formula("-2+3"));
    assert_true(core_text_is_formula("@cmd"));
    assert_true(core_text_is_formula("\tx"));
    assert_true(core_text_is_formula("\rx"));
    assert_false(core_text_is_formula("-1.50")); /* a number, not a formula */
    assert_false(core_text_is_formula("+3"));
    assert_false(core_text_is_formula("-"));     /* the empty-cell mark */
    assert_false(core_text_is_formula("Smith - Jones"));
    assert_false(core_text_is_formula(""));
    assert_string_equal(core_csv_unguard("'=1+1"), "=1+1");
    assert_string_equal(core_csv_unguard("'@Sum"), "@Sum");
    assert_string_equal(core_csv_unguard("'-1.50"), "'-1.50"); /* a number was never guarded */
    assert_string_equal(core_csv_unguard("O'Brien"), "O'Brien");
    assert_string_equal(core_csv_unguard("'Tis"), "'Tis");
}

static void utf8_repair(void **state)
{
    (void)state;
    char *s = core_text_utf8("Ren\xe9!");
    assert_string_equal(s, "Ren\xef\xbf\xbd!");
    free(s);
    s = core_text_utf8("\xed\xa0\x80"); /* a UTF-16 surrogate: 3 bad bytes */
    assert_string_equal(s, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    free(s);
}

static void kind_vocabulary(void **state)
{
    (void)state;
    assert_string_equal(bmp_award_kind_class("outright"), "overall"); /* ABF 4.3 */
    assert_string_equal(bmp_award_kind_class("ranking"), "overall");  /* EBU */
    assert_string_equal(bmp_award_kind_class("overall"), "overall");
    assert_string_equal(bmp_award_kind_class("final-match"), "match");
    assert_string_equal(bmp_award_kind_class("session-top"), "session");
    assert_string_equal(bmp_award_kind_class("stratum"), "stratum");
    assert_string_equal(bmp_award_kind_class("grade-bonus"), "bonus");
    assert_string_equal(bmp_award_kind_class("made-up"), "other");
}

/* Write awards of a hand-built event to memory. */
static char *write_to_string(const bmp_event *ev, const bmp_awards *a, bmp_output_format f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    assert_int_equal(bmp_awards_write(ev, a, f, false, m, NULL), BMP_OK);
    fclose(m);
    return buf;
}

static bmp_event *load(const char *text)
{
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_event_load_string(text, "t.json", &ev, &e))
        fail_msg("%s", e.msg);
    return ev;
}

/* A name that is not UTF-8 (a library caller may build events by hand)
 * still gives valid JSON, and a reason recorded by a body reaches the
 * notes with its rule and section. */
static void json_always_utf8_and_reasons(void **state)
{
    (void)state;
    bmp_event *ev = load("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"x\", "
                         "\"kind\": \"pairs\", \"contestants\": [{\"id\": 1, \"place\": 1}, "
                         "{\"id\": 2, \"place\": 2, \"phantom\": true}]}");
    free(ev->contestants[0].name);
    ev->contestants[0].name = strdup("Ren\xe9");
    bmp_awards a;
    bmp_awards_init(&a);
    bmp_award w = {.contestant = 0, .player = BMP_ALL_PLAYERS, .points = 125};
    w.place.lo = w.place.hi = 1;
    bmp_award_set(&w, "outright", "overall", "green", "ABF-9", "4.3");
    assert_int_equal(bmp_awards_add(&a, NULL, &w, NULL), BMP_OK);
    assert_int_equal(bmp_awards_reason(&a, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "ABF-15", "4.4.7",
                                       "session 1: 8 board(s), fewer than 12"),
                     BMP_OK);
    /* Said once however often the rule is met. */
    assert_int_equal(bmp_awards_reason(&a, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "ABF-15", "4.4.7",
                                       "session 1: 8 board(s), fewer than 12"),
                     BMP_OK);
    assert_int_equal(a.nreasons, 1);
    assert_int_equal(a.nnotes, 1);
    char *json = write_to_string(ev, &a, BMP_OUT_JSON);
    assert_non_null(strstr(json, "\"name\": \"Ren\xef\xbf\xbd\""));
    assert_non_null(strstr(json, "\"kind\": \"overall\",\n      \"label\": \"outright\""));
    assert_non_null(strstr(json, "\"points\": \"1.25\""));
    assert_non_null(strstr(json, "\"rule\": \"ABF-15\",\n      \"section\": \"4.4.7\""));
    /* The phantom (contestant 2) is left out with C-4. */
    assert_non_null(strstr(json, "\"text\": \"phantom or sit-out: never awarded\",\n      "
                                 "\"rule\": \"C-4\""));
    free(json);
    assert_false(bmp_awards_empty(&a));
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* An event that earns nothing and whose body only noted why: the citation
 * at the end of the note gives the rule and section. */
static void reason_from_note(void **state)
{
    (void)state;
    bmp_event *ev = load("{\"body\": \"ebu\", \"status\": \"club\", \"name\": \"x\", "
                         "\"kind\": \"pairs\", \"contestants\": [{\"id\": 1, \"place\": 1}]}");
    bmp_awards a;
    bmp_awards_init(&a);
    assert_int_equal(bmp_awards_note(&a, NULL, "EBU: no master points: the original entry (1 full "
                                         "tables) is below the minimum of 2 (3.1.1, EBU-27)"),
                     BMP_OK);
    bmp_reason *r;
    size_t n;
    assert_int_equal(bmp_awards_reasons(ev, &a, &r, &n, NULL), BMP_OK);
    assert_int_equal(n, 1);
    assert_true(r[0].contestant == BMP_WHOLE_EVENT);
    assert_string_equal(r[0].rule, "EBU-27");
    assert_string_equal(r[0].section, "3.1.1");
    bmp_reasons_free(r, n);
    assert_true(bmp_awards_empty(&a));
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* Issue 45: every class of code point the door refuses, named in the message. */
static void door_refuses(void **state)
{
    (void)state;
    const struct {
        const char *s, *why;
    } bad[] = {
        {"Ann\xe2\x80\xa8" "Lee", "a line or paragraph separator (U+2028, LINE SEPARATOR) at byte 4"},
        {"Ann\xe2\x80\xa9", "a line or paragraph separator (U+2029, PARAGRAPH SEPARATOR) at byte 4"},
        {"\xd8\x9c" "Ann", "a bidirectional control (U+061C, ARABIC LETTER MARK) at byte 1"},
        {"A\xe2\x80\x8e", "a bidirectional control (U+200E, LEFT-TO-RIGHT MARK) at byte 2"},
        {"A\xe2\x80\x8f", "a bidirectional control (U+200F, RIGHT-TO-LEFT MARK) at byte 2"},
        {"A\xe2\x80\xaa", "a bidirectional control (U+202A) at byte 2"},
        {"A\xe2\x80\xae", "a bidirectional control (U+202E, RIGHT-TO-LEFT OVERRIDE) at byte 2"},
        {"A\xe2\x81\xa6", "a bidirectional control (U+2066) at byte 2"},
        {"A\xe2\x81\xa9", "a bidirectional control (U+2069) at byte 2"},
        {"\xef\xbb\xbf" "Ann", "a byte order mark (U+FEFF, BYTE ORDER MARK) at byte 1"},
        {"Ann\xf3\xa0\x80\x80", "a tag character (U+E0000) at byte 4"},
        {"Ann\xf3\xa0\x81\xbf", "a tag character (U+E007F) at byte 4"},
        {"Ann\x1b", "a control character (U+001B, ESC) at byte 4"},
    };
    char why[160];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_true(core_text_fault(bad[i].s, 200, why, sizeof why));
        assert_string_equal(why, bad[i].why);
    }
    /* next to them, what stays: a zero-width joiner inside a name, a
     * no-break space, Maori and Arabic letters, the first code point past
     * the tags */
    assert_false(core_text_fault("Ren\xc3\xa9 M\xc4\x81ori", 200, why, sizeof why));
    assert_false(core_text_fault("A\xe2\x80\x8d" "B\xc2\xa0" "C", 200, why, sizeof why));
    assert_false(core_text_fault("\xd8\xb9\xd9\x84\xd9\x8a", 200, why, sizeof why));
    assert_false(core_text_fault("A\xf3\xa0\x82\x80", 200, why, sizeof why));
    /* blank-looking names */
    assert_true(core_text_blank("   "));
    assert_true(core_text_blank("\xe2\x80\x8d"));
    assert_true(core_text_blank("\xe2\x80\x8d\xe2\x80\x8d \xc2\xa0\xe3\x80\x80"));
    assert_true(core_text_blank("\xe2\x80\x8b\xe2\x81\xa0"));
    assert_false(core_text_blank(""));
    assert_false(core_text_blank(NULL));
    assert_false(core_text_blank(" A "));
    assert_false(core_text_blank("\xe2\x80\x8d" "A"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escape_controls),
        cmocka_unit_test(formula_cells),
        cmocka_unit_test(utf8_repair),
        cmocka_unit_test(kind_vocabulary),
        cmocka_unit_test(json_always_utf8_and_reasons),
        cmocka_unit_test(reason_from_note),
        cmocka_unit_test(door_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
