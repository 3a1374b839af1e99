/* The register in the secretary's back office (issue 29 item 2,
 * src/server/pages_register.c, bmp_ledger_player_edit in
 * src/ledger/register/register_import.c): the search, a player's record, the edit
 * with a reason (audited with who and the reason, refused without one or
 * with a bad value, nothing written), held points released, a duplicate
 * merged (its number then reaches the player kept) and unmerged; who may
 * see and act.  The POSTs are written through the same web_ctx.write the
 * server gives (a writing handle whose `who` is the user's name).  The
 * browser drives the same pages in tests/cli/serve/register.py. */
#include "pages_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"

static int serve(lt *t, const char *path, const args *a, const char *form, const bmp_user *u,
                 core_buf *out)
{
    return pages_serve(t, path, a, form, NULL, u, out);
}

static const bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                                .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
static const bmp_user ebu_secretary = {.id = 3, .name = "eve", .nroles = 1,
                                       .roles = {{BMP_ROLE_SECRETARY, "ebu", ""}}};

/* The ABF clubs and the six players of lt_abf, Mary O'Brien twice (1234,
 * and 1324: two digits transposed), posted in 2026-09: 1234 green 10.00,
 * 1324 green 4.00 and 0.50 red; 9999 green 2.50 held (not registered). */
static void register_site(lt *t)
{
    lt_abf(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(
                         t->l, "abf",
                         lt_file(t, "d.csv", "number,name,status,home_club\n"
                                             "1234,Mary O'Brien,Active,2074\n"
                                             "1324,mary obrien,Active,2074\n"
                                             "1111,Zoë Müller,Active,2074\n"),
                         NULL, NULL, &e), BMP_OK);
    int64_t b = lt_import(t, lt_file(t, "a.csv", "number,point_type,points,event,reason\n"
                                                 "1234,green,10.00,x,y\n1324,green,4.00,x,y\n"
                                                 "1324,red,0.50,x,y\n9999,green,2.50,x,y\n"),
                          "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, b, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", "2026-09", NULL, &e), BMP_OK);
}

static const char *reg_field(lt *t, const char *number, const char *col)
{
    static char buf[128];
    bmp_table r;
    bmp_table_init(&r);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_player_register(t->l, "abf", number, &r, &e), BMP_OK);
    snprintf(buf, sizeof buf, "%s", lt_cell(&r, 0, col));
    bmp_table_free(&r);
    return buf;
}

static bmp_points green_of(lt *t, const char *number)
{
    bmp_ledger_summary s;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_player_summary(t->l, "abf", number, &s, &e), BMP_OK);
    for (size_t k = 0; k < s.ntypes; k++)
        if (strcmp(s.point_type[k], "green") == 0)
            return s.holding[k];
    return -1;
}

/* Search by name (accents and case ignored) and by number; who may see it. */
static void register_search(void **state)
{
    (void)state;
    lt t;
    register_site(&t);
    core_buf b;
    core_buf_init(&b);
    args q = {{"q"}, {"zoe muller"}};
    assert_int_equal(serve(&t, "/register", &q, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"found\">1 player found.</p>");
    has(&b, "<a href=\"/register/abf/0001111\">Zoë Müller</a>");
    args n = {{"q"}, {"1324"}};
    assert_int_equal(serve(&t, "/register", &n, NULL, &secretary, &b), 200);
    has(&b, "<a href=\"/register/abf/0001324\">mary obrien</a>");
    assert_int_equal(serve(&t, "/register", NULL, NULL, &secretary, &b), 200);
    has(&b, "<form method=\"get\" action=\"/register\" id=\"find\" role=\"search\">");
    /* nobody: the login page; a scorer or another body's secretary: 403 */
    assert_int_equal(serve(&t, "/register", &q, NULL, NULL, &b), 303);
    has(&b, "/login?next=");
    assert_int_equal(serve(&t, "/register", &q, NULL, &scorer, &b), 403);
    lacks(&b, "Müller");
    args ebu = {{"body", "q"}, {"abf", "zoe"}};
    assert_int_equal(serve(&t, "/register", &ebu, NULL, &ebu_secretary, &b), 403);
    assert_int_equal(serve(&t, "/register/abf/0001111", NULL, NULL, &ebu_secretary, &b), 403);
    assert_int_equal(serve(&t, "/duplicates", &ebu, NULL, &ebu_secretary, &b), 403);
    assert_int_equal(serve(&t, "/register/abf/0001111", NULL, "action=edit&status=Dormant&"
                                                             "reason=x", &scorer, &b), 403);
    assert_string_equal(reg_field(&t, "1111", "status"), "Active");
    core_buf_free(&b);
    lt_done(&t);
}

/* The record; an edit with a reason, audited with who and the reason; an
 * edit without a reason, or with a bad value, refused with nothing written. */
static void record_and_edit(void **state)
{
    (void)state;
    lt t;
    register_site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, NULL, &secretary, &b), 200);
    has(&b, "<h1>Register: Mary O&#39;Brien (0001234)</h1>");
    has(&b, "<dd id=\"reg-status\">Active</dd>");
    has(&b, "<dd id=\"reg-home_club\">2074</dd>");
    has(&b, "<td class=\"n\" data-label=\"Points\" id=\"holding-green\">10.00</td>");
    has(&b, "<input id=\"f-status\" name=\"status\" maxlength=\"200\" value=\"Active\">");
    has(&b, "name=\"csrf\" value=\"" CSRF "\"");
    has(&b, "<p id=\"no-held\">");
    has(&b, "History (1 of 1 lines, newest first)");
    /* the form sends every field: only the status differs */
    const char *form = "action=edit&name=Mary+O%27Brien&status=Dormant&home_club=2074&"
                       "alternates=&overseas=0&youth=0&registered_from=&registered_to=&"
                       "pre1982_red=0.00&birth_year=&reason=stopped+playing+in+2026";
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, form, &secretary, &b), 303);
    has(&b, "/register/abf/0001234?done=edit");
    assert_string_equal(reg_field(&t, "1234", "status"), "Dormant");
    bmp_table a;
    bmp_table_init(&a);
    bmp_error e = {0};
    bmp_ledger_audit_filter f = {.action = "edit player"};
    assert_int_equal(bmp_ledger_audit_list(t.l, &f, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 1);
    assert_string_equal(lt_cell(&a, 0, "who"), "sally");
    assert_string_equal(lt_cell(&a, 0, "detail"),
                        "abf player 0001234 edited: stopped playing in 2026\n"
                        "status (1): 0001234 \"Active\" -> \"Dormant\"");
    bmp_table_free(&a);
    /* without a reason, a bad value: 400, nothing written */
    char *before = lt_dump(&t);
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=edit&status=Active",
                           &secretary, &b), 400);
    has(&b, "an edit of the register needs a reason");
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=edit&youth=2&reason=r",
                           &secretary, &b), 400);
    has(&b, "player 0001234: youth: expected 0 or 1, got &quot;2&quot;");
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=edit&status=Alive&reason=r",
                           &secretary, &b), 400);
    has(&b, "Alive");
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=edit&home_club=9999&reason=r",
                           &secretary, &b), 400);
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=fly&reason=r", &secretary,
                           &b), 400);
    /* the same values again: nothing written, said so */
    assert_int_equal(serve(&t, "/register/abf/1234", NULL, "action=edit&status=Dormant&reason=r",
                           &secretary, &b), 303);
    has(&b, "done=same");
    lt_unchanged(&t, before);
    assert_int_equal(serve(&t, "/register/abf/5678", NULL, NULL, &secretary, &b), 404);
    core_buf_free(&b);
    lt_done(&t);
}

/* The library call itself: the fields it refuses, by name. */
static void edit_refusals(void **state)
{
    (void)state;
    lt t;
    register_site(&t);
    bmp_error e = {0};
    size_t changed = 9;
    char *before = lt_dump(&t);
    bmp_ledger_field num[] = {{"number", "1235"}};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1234", num, 1, "r", &changed, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "field \"number\": not a field an edit changes; the fields "
                                  "are name,status,"));
    assert_int_equal(changed, 0);
    bmp_ledger_field two[] = {{"status", "Dormant"}, {"status", "Active"}};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1234", two, 2, "r", NULL, NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "field status given twice");
    bmp_ledger_field ok[] = {{"youth", "1"}};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1234", ok, 1, "", NULL, NULL, &e),
                     BMP_EINVAL);
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "5678", ok, 1, "r", NULL, NULL, &e),
                     BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "no abf player 0005678: an edit changes a registered player"));
    bmp_ledger_field ctl[] = {{"name", "Mary\nO'Brien"}};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1234", ctl, 1, "r", NULL, NULL, &e),
                     BMP_EINVAL);
    lt_unchanged(&t, before);
    /* two fields at once */
    bmp_ledger_field f2[] = {{"youth", "1"}, {"birth_year", "2008"}};
    assert_int_equal(bmp_ledger_player_edit(t.l, "abf", "1234", f2, 2, "junior", &changed, NULL,
                                            &e), BMP_OK);
    assert_int_equal(changed, 2);
    assert_string_equal(reg_field(&t, "1234", "youth"), "1");
    assert_string_equal(reg_field(&t, "1234", "birth_year"), "2008");
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

/* The held line of 9999 (not registered when the batch came) and its
 * release once 9999 is registered: a provisional batch of 2.50 green,
 * posted at the next close (0.00 -> 2.50). */
static void held_release(void **state)
{
    (void)state;
    lt t;
    register_site(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "n.csv",
                                                                    "number,name,status\n"
                                                                    "9999,Nina New,Active\n"),
                                               NULL, NULL, &e), BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, NULL, &secretary, &b), 200);
    has(&b, "<caption>Held lines and why</caption>");
    has(&b, "data-label=\"points\">2.50</td><td data-label=\"reason\">not registered</td>");
    has(&b, "<form method=\"post\" action=\"/register/abf/0009999\" id=\"release\">");
    assert_int_equal(green_of(&t, "9999"), 0);
    /* the date the held line counts from: its batch's creation day */
    bmp_table h;
    bmp_table_init(&h);
    assert_int_equal(bmp_ledger_player_held(t.l, "abf", "9999", &h, &e), BMP_OK);
    assert_int_equal(h.nrows, 1);
    char date[16], form[96], bare[64];
    snprintf(date, sizeof date, "%s", lt_cell(&h, 0, "date"));
    bmp_table_free(&h);
    snprintf(form, sizeof form, "action=release&renewed=%s&reason=renewed+at+the+club", date);
    snprintf(bare, sizeof bare, "action=release&renewed=%s", date);
    char *before = lt_dump(&t);
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, "action=release&reason=r", &secretary,
                           &b), 400);
    has(&b, "a release needs the date of renewal");
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, bare, &secretary, &b), 400);
    has(&b, "a release of held points needs a reason");
    lt_unchanged(&t, before);
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, form, &secretary, &b), 303);
    has(&b, "/register/abf/0009999?done=release&batch=2");
    bmp_table a;
    bmp_table_init(&a);
    bmp_ledger_audit_filter f = {.action = "release"};
    assert_int_equal(bmp_ledger_audit_list(t.l, &f, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 1);
    assert_string_equal(lt_cell(&a, 0, "who"), "sally");
    assert_non_null(strstr(lt_cell(&a, 0, "detail"), "batch 2 releases 1 held lines of abf "
                                                     "0009999 (ABF-99, renewed "));
    assert_non_null(strstr(lt_cell(&a, 0, "detail"), "): renewed at the club"));
    bmp_table_free(&a);
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"no-held\">");
    /* a second release finds nothing: 404, nothing written */
    before = lt_dump(&t);
    assert_int_equal(serve(&t, "/register/abf/9999", NULL, form, &secretary, &b), 404);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_approve(t.l, 2, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", NULL, &e), BMP_OK);
    assert_int_equal(green_of(&t, "9999"), 250); /* 0.00 + 2.50 */
    core_buf_free(&b);
    lt_done(&t);
}

/* The duplicates page; a merge from its form (1324's 4.00 green to 1234:
 * 10.00 + 4.00 = 14.00), 1324 then a redirect; the unmerge undoes it. */
static void merge_and_unmerge(void **state)
{
    (void)state;
    lt t;
    register_site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/duplicates", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"pairs\">1 likely pair:");
    has(&b, "same name, same home club, numbers: two digits transposed");
    has(&b, "<form method=\"post\" action=\"/register/abf/0001324\" id=\"merge-1\">");
    has(&b, "<input type=\"hidden\" name=\"into\" value=\"0001234\">");
    /* issue 44: each number's points and last play, and either kept:
     * 1234 holds 10.00 green, 1324 4.00 green + 0.50 red = 4.50 (ABF-86) */
    has(&b, "<dt>0001234</dt><dd>10.00 points, last played ");
    has(&b, "<dt>0001324</dt><dd>4.50 points, last played ");
    has(&b, "<form method=\"post\" action=\"/register/abf/0001234\" id=\"merge-1b\">");
    has(&b, "Keep 0001324: merge 0001234 into it</button>");
    assert_int_equal(serve(&t, "/register/abf/1324", NULL, "action=merge&into=0001234",
                           &secretary, &b), 400);
    has(&b, "a merge needs a reason");
    assert_int_equal(serve(&t, "/register/abf/1324", NULL,
                           "action=merge&into=0001234&reason=same+person", &secretary, &b), 303);
    has(&b, "/register/abf/0001324?done=merge&batch=2");
    assert_int_equal(green_of(&t, "1234"), 1400); /* 10.00 + 4.00 */
    assert_string_equal(reg_field(&t, "1324", "merged_into"), "0001234");
    assert_int_equal(serve(&t, "/register/abf/1324", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"merged\">Merged into <a href=\"/register/abf/0001234\">0001234</a>");
    has(&b, "id=\"unmerge\"");
    assert_int_equal(serve(&t, "/duplicates", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"pairs\">0 likely pairs:");
    assert_int_equal(serve(&t, "/register/abf/1324", NULL, "action=unmerge&reason=not+the+same",
                           &secretary, &b), 303);
    has(&b, "done=unmerge&batch=3");
    assert_int_equal(green_of(&t, "1234"), 1000); /* 14.00 - 4.00 */
    assert_string_equal(reg_field(&t, "1324", "merged_into"), "");
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    core_buf_free(&b);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(register_search),  cmocka_unit_test(record_and_edit),
        cmocka_unit_test(edit_refusals),    cmocka_unit_test(held_release),
        cmocka_unit_test(merge_and_unmerge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
