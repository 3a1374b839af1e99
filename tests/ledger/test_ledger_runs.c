/* The bodies' administration runs as tables (include/bridgemp/ledger_runs.h):
 * each body's table well formed, a run asked of the wrong body refused with
 * the body's runs named, the generic entry giving what the named public
 * function gives, and a charge run's reason in its audit entry. */
#include "ledger_test_util.h"

#include <ctype.h>
#include <regex.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_movein.h"
#include "bridgemp/ledger_runs.h"

static const char *const bodies[] = {"abf", "ebu", "nzb", "acbl"};

/* XXX-n: two to four capitals, a dash, a number, perhaps a letter. */
static bool rule_id(const char *s)
{
    regex_t re;
    assert_int_equal(regcomp(&re, "^[A-Z]{2,4}-[0-9]+[a-z]?$", REG_EXTENDED | REG_NOSUB), 0);
    bool ok = regexec(&re, s, 0, NULL, 0) == 0;
    regfree(&re);
    return ok;
}

/* One spec: a name, a rule, a line of doc, its arguments and options. */
static void check_spec(const char *body, const bmp_ledger_run_spec *r)
{
    assert_non_null(r->name);
    assert_true(r->name[0] && strspn(r->name, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(r->name));
    if (!rule_id(r->rule))
        fail_msg("%s %s: rule \"%s\" is not XXX-n", body, r->name, r->rule);
    assert_true(r->doc && r->doc[0] && !strchr(r->doc, '\n'));
    /* the longer help, if any: lines, each ending in a newline */
    assert_true(!r->help || (r->help[0] && r->help[strlen(r->help) - 1] == '\n'));
    assert_non_null(r->args);
    assert_non_null(r->run);
    assert_true(r->kind == BMP_LEDGER_OUT_TEXT || r->kind == BMP_LEDGER_OUT_RUN ||
                r->kind == BMP_LEDGER_OUT_TABLE);
    /* a table is written by the caller; a run's own --output is a run's */
    assert_true(r->kind != BMP_LEDGER_OUT_TABLE || !r->output);
    /* the usage names as many arguments as npos */
    size_t words = 0;
    for (const char *p = r->args; *p; p++)
        words += !isspace((unsigned char)*p) && (p == r->args || isspace((unsigned char)p[-1]));
    assert_int_equal(words, r->npos);
    assert_true(r->nopts == 0 || r->opts);
    for (size_t k = 0; k < r->nopts; k++) {
        const bmp_ledger_run_opt *o = &r->opts[k];
        if (!o->name || strncmp(o->name, "--", 2) != 0 || !o->doc || !o->doc[0])
            fail_msg("%s %s: option %zu is not documented", body, r->name, k);
        for (size_t j = 0; j < k; j++)
            assert_string_not_equal(o->name, r->opts[j].name);
    }
    assert_ptr_equal(bmp_ledger_run_find(body, r->name), r);
}

/* Every body's table: names unique, rule IDs XXX-n, every option documented. */
static void tables_well_formed(void **state)
{
    (void)state;
    size_t total = 0;
    for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++) {
        size_t n = 99;
        const bmp_ledger_run_spec *runs = bmp_ledger_runs(bodies[b], &n);
        assert_true(n == 0 || runs);
        for (size_t i = 0; i < n; i++) {
            check_spec(bodies[b], &runs[i]);
            for (size_t j = 0; j < i; j++)
                assert_string_not_equal(runs[i].name, runs[j].name);
        }
        total += n;
    }
    assert_true(total >= 15);
    size_t n = 99;
    assert_null(bmp_ledger_runs("sbu", &n));
    assert_int_equal(n, 0);
    assert_null(bmp_ledger_runs("acbl", &n));
    assert_non_null(bmp_ledger_runs("NZ", &n)); /* any case, and the alias */
    assert_non_null(bmp_ledger_run_find("abf", "capitation"));
    assert_non_null(bmp_ledger_run_find("ebu", "ums"));
    assert_non_null(bmp_ledger_run_find("nzb", "fees"));
}

/* A run asked of a body without it: NULL from find, EINVAL naming the
 * body's runs from the table's entry and from run_call, never a skip. */
static void wrong_body_named(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    assert_null(bmp_ledger_run_find("ebu", "capitation"));
    assert_null(bmp_ledger_run_find("abf", "ums"));
    const bmp_ledger_run_spec *cap = bmp_ledger_run_find("abf", "capitation");
    const char *pos[] = {"2026"};
    bmp_ledger_run_in in = {sizeof in, pos, 1, NULL, NULL};
    bmp_ledger_run_out out = {.size = sizeof out};
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(cap->run(t.l, "ebu", &in, &out, NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "the EBU has no capitation run; its runs: gold, ums, licences");
    assert_int_equal(bmp_ledger_run_call(t.l, "acbl", "capitation", &in, &out, NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "the ACBL has no capitation run; it has no administration runs");
    assert_int_equal(bmp_ledger_run_call(t.l, "nzb", "ums", &in, &out, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "NZ Bridge has no ums run; its runs: fees, levy, annual"));
    assert_int_equal(bmp_ledger_run_call(t.l, "sbu", "ums", &in, &out, NULL, &e), BMP_EINVAL);
    /* the bodies listed from the ledger's one table of them */
    assert_string_equal(e.msg, "no body \"sbu\" (expected abf, acbl, ebu or nzb)");
    /* NZ Bridge under the spellings libbridgemp's registry accepts */
    assert_ptr_equal(bmp_ledger_run_find("nz", "fees"), bmp_ledger_run_find("nzb", "fees"));
    assert_ptr_equal(bmp_ledger_run_find("NZBridge", "fees"), bmp_ledger_run_find("nzb", "fees"));
    assert_non_null(bmp_ledger_run_find("nzb", "fees"));
    /* the wrong number of arguments, a required option missing */
    bmp_ledger_run_in none = {sizeof none, NULL, 0, NULL, NULL};
    assert_int_equal(cap->run(t.l, "abf", &none, &out, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "capitation: expected 1 argument(s) (YEAR), got 0"));
    const char *month[] = {"2026-10"};
    bmp_ledger_run_in ums = {sizeof ums, month, 1, NULL, NULL};
    assert_int_equal(bmp_ledger_run_call(t.l, "ebu", "ums", &ums, &out, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "ums: --rates RATES.csv is required"));
    lt_unchanged(&t, before);
    bmp_ledger_run_out_free(&out);
    lt_done(&t);
}

/* The ABF's capitation through the table gives what
 * bmp_ledger_capitation_run gives (on two ledgers alike), and the line the
 * CLI prints; a table run fills the table as bmp_ledger_member_schedule. */
static void generic_same_as_direct(void **state)
{
    (void)state;
    lt a, b;
    lt_abf(&a);
    lt_abf(&b);
    bmp_error e = {0};
    char csv_a[256], csv_b[256];
    snprintf(csv_a, sizeof csv_a, "%s/cap.csv", a.dir);
    snprintf(csv_b, sizeof csv_b, "%s/cap.csv", b.dir);
    bmp_ledger_run direct;
    assert_int_equal(bmp_ledger_capitation_run(a.l, "abf", 2026, csv_a, &direct, &e), BMP_OK);
    const char *pos[] = {"2026"};
    bmp_ledger_run_in in = {sizeof in, pos, 1, NULL, csv_b};
    bmp_ledger_run_out out = {.size = sizeof out};
    assert_int_equal(bmp_ledger_run_call(b.l, "ABF", "capitation", &in, &out, NULL, &e), BMP_OK);
    assert_int_equal(out.kind, BMP_LEDGER_OUT_RUN);
    assert_int_equal(out.kind, bmp_ledger_run_find("abf", "capitation")->kind);
    assert_int_equal(out.run.id, direct.id);
    assert_int_equal(out.run.lines, direct.lines);
    assert_int_equal(out.run.total, direct.total);
    assert_int_equal(out.run.already, direct.already);
    char *sa = bmp_test_slurp(csv_a, NULL), *sb = bmp_test_slurp(csv_b, NULL);
    assert_string_equal(sa, sb);
    free(sa);
    free(sb);
    char want[160];
    snprintf(want, sizeof want, "capitation 2026: run %lld made: %zu line(s), total %lld.%02lld",
             (long long)direct.id, direct.lines, (long long)(direct.total / 100),
             (long long)(direct.total % 100));
    assert_string_equal(out.text, want);
    bmp_ledger_run_out_free(&out);
    /* again: made before, nothing changed, said so */
    assert_int_equal(bmp_ledger_run_call(b.l, "abf", "capitation", &in, &out, NULL, &e), BMP_OK);
    assert_true(out.run.already);
    assert_non_null(strstr(out.text, "already made, nothing changed"));
    bmp_ledger_run_out_free(&out);
    bmp_table direct_t = {0};
    assert_int_equal(bmp_ledger_member_schedule(a.l, "abf", 2026, &direct_t, &e), BMP_OK);
    assert_int_equal(bmp_ledger_run_call(b.l, "abf", "members", &in, &out, NULL, &e), BMP_OK);
    assert_int_equal(out.kind, BMP_LEDGER_OUT_TABLE);
    assert_int_equal(out.kind, bmp_ledger_run_find("abf", "members")->kind);
    assert_null(out.text);
    assert_true(direct_t.nrows > 0);
    assert_int_equal(out.table.nrows, direct_t.nrows);
    assert_int_equal(out.table.ncols, direct_t.ncols);
    for (size_t r = 0; r < direct_t.nrows; r++)
        assert_string_equal(lt_cell(&out.table, r, "number"), lt_cell(&direct_t, r, "number"));
    bmp_table_free(&direct_t);
    bmp_ledger_run_out_free(&out);
    lt_done(&a);
    lt_done(&b);
}

/* The detail of the last "charge" audit entry. */
static char *last_charge_entry(lt *t)
{
    bmp_ledger_audit_filter f = {.action = "charge"};
    bmp_table a = {0};
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_audit_list(t->l, &f, &a, &e), BMP_OK);
    assert_true(a.nrows > 0);
    char *d = strdup(lt_cell(&a, a.nrows - 1, "detail"));
    bmp_table_free(&a);
    return d;
}

/* Issue 29: a charge run started with the secretary's reason
 * (bmp_ledger_run_call_why) keeps it in its audit entry; the reason is
 * the call's only (a later run without one has none); a reason given to a
 * run that makes no charge run, or with a control character, is refused
 * with nothing written. */
static void reason_in_audit(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    const char *pos[] = {"2026"};
    bmp_ledger_run_in in = {sizeof in, pos, 1, NULL, NULL};
    bmp_ledger_run_out out = {.size = sizeof out};
    assert_int_equal(bmp_ledger_run_call_why(t.l, "abf", "capitation", &in,
                                             "the board's resolution of 2026-03-01", &out, NULL,
                                             &e), BMP_OK);
    char want[200];
    snprintf(want, sizeof want, "charge run %lld: abf capitation 2026, %zu line(s), %lld cents "
             "(ABF-111): the board's resolution of 2026-03-01", (long long)out.run.id,
             out.run.lines, (long long)out.run.total);
    assert_true(out.run.lines > 0 && out.run.total > 0);
    char *got = last_charge_entry(&t);
    assert_string_equal(got, want);
    free(got);
    bmp_ledger_run_out_free(&out);
    /* the reason was that call's: the next run, without one, has none */
    const char *pos27[] = {"2027"};
    in.pos = pos27;
    assert_int_equal(bmp_ledger_run_call(t.l, "abf", "capitation", &in, &out, NULL, &e), BMP_OK);
    snprintf(want, sizeof want, "charge run %lld: abf capitation 2027, %zu line(s), %lld cents "
             "(ABF-111)", (long long)out.run.id, out.run.lines, (long long)out.run.total);
    got = last_charge_entry(&t);
    assert_string_equal(got, want);
    free(got);
    bmp_ledger_run_out_free(&out);
    /* refused, nothing written: a table run (members) takes no reason; a
     * reason with a control character */
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_run_call_why(t.l, "abf", "members", &in, "because", &out, NULL,
                                             &e), BMP_EINVAL);
    assert_string_equal(e.msg, "members makes no charge run: a reason is kept only in a charge "
                               "run's audit entry");
    const char *pos28[] = {"2028"};
    in.pos = pos28;
    assert_int_equal(bmp_ledger_run_call_why(t.l, "abf", "capitation", &in, "a\x01b", &out,
                                             NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "reason"));
    bmp_ledger_run_out_free(&out);
    lt_unchanged(&t, before);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_well_formed),
        cmocka_unit_test(wrong_body_named),
        cmocka_unit_test(generic_same_as_direct),
        cmocka_unit_test(reason_in_audit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
