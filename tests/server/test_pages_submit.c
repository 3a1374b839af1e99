/* A club's submission pages (issue 29 item 3, src/server/pages_submit*.c,
 * pages_submissions.c), rendered as a logged-in user straight from a
 * ledger built here: the upload form's choices are the body's own (ABF:
 * grade F..A), a preview writes nothing and shows the held lines and the
 * derivations, a submit imports exactly the bytes previewed, a duplicate
 * is refused before submitting, a corrected file replaces its batch, and
 * a scorer of another club is refused (403).  The multipart form is given
 * field by field, as site.c's libmicrohttpd post processor gives it; the
 * browser drives the real server in tests/cli/serve/submit.py. */
#include "pages_test_util.h"

#include "bridgemp/ledger_queue.h"

#define EX BMP_SOURCE_DIR "/examples/"

static const bmp_user sam = {.id = 3, .name = "sam", .nroles = 1,
                             .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
static const bmp_user otto = {.id = 2, .name = "otto", .nroles = 1,
                              .roles = {{BMP_ROLE_SCORER, "abf", "3101"}}};

/* A request's form: multipart fields (name, bytes, file name), or a
 * urlencoded body; query arguments. */
typedef struct req {
    lt *t;
    const char *name[8], *value[8], *file[8];
    size_t len[8];
    const char *body;
    args q;
} req;

static const char *field_of(void *ctx, const char *name, size_t *len, const char **filename)
{
    req *r = ctx;
    for (int i = 0; i < 8 && r->name[i]; i++)
        if (strcmp(r->name[i], name) == 0) {
            *len = r->len[i] ? r->len[i] : strlen(r->value[i]);
            if (filename)
                *filename = r->file[i] ? r->file[i] : "";
            return r->value[i];
        }
    return NULL;
}

static const char *query_of(void *ctx, const char *key)
{
    return arg_of(&((req *)ctx)->q, key);
}

/* page_write's writer: the test's own handle. */
static bmp_status write_here(void *ctx, const char *who, web_write_fn fn, void *arg,
                             bmp_error *e)
{
    (void)who;
    return fn(((req *)ctx)->t->l, arg, e);
}

static int serve(req *r, const char *method, const char *path, const bmp_user *u, core_buf *out)
{
    const char *ctype = NULL;
    core_buf_reset(out);
    char location[256] = "";
    web_ctx c = {.l = r->t->l, .arg = query_of, .ctx = r, .method = method, .user = u,
                 .csrf = CSRF, .location = location, .write = write_here,
                 .body = r->body, .body_len = r->body ? strlen(r->body) : 0,
                 .field = r->body ? NULL : field_of};
    int st = web_page_serve(&c, path, out, &ctype);
    if (st == 303)
        core_buf_puts(out, location);
    assert_false(out->failed);
    return st;
}

static const char *read_example(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* POST /submit (multipart) of `text` as `fname`, club `club`. */
static int preview(lt *t, const bmp_user *u, const char *club, const char *fname,
                   const char *text, core_buf *out)
{
    req r = {.t = t, .name = {"csrf", "club", "action", "file", "grade"},
             .value = {CSRF, club, "preview", text, "E"},
             .file = {NULL, NULL, NULL, fname, NULL}};
    return serve(&r, "POST", "/submit", u, out);
}

/* The submit form's fields of a preview page, as a urlencoded body. */
static char *submit_body(const core_buf *page, const char *extra)
{
    const char *form = strstr(page->data, "id=\"submit\"");
    assert_non_null(form);
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "action=submit");
    for (const char *s = form; (s = strstr(s, "<input type=\"hidden\" name=\"")); ) {
        s += strlen("<input type=\"hidden\" name=\"");
        const char *q = strchr(s, '"');
        const char *v = strstr(q, "value=\"") + 7, *ve = strchr(v, '"');
        if (strncmp(s, "csrf", 4) != 0) /* a colon in club= is fine for this reader */
            core_buf_printf(&b, "&%.*s=%.*s", (int)(q - s), s, (int)(ve - v), v);
        s = ve;
    }
    core_buf_puts(&b, extra);
    return core_buf_take(&b, NULL);
}

static size_t batches(lt *t)
{
    bmp_table q;
    bmp_table_init(&q);
    size_t total = 0;
    bmp_error e = {0};
    bmp_ledger_queue_filter f = {.size = sizeof f, .body = "abf", .club = "2074"};
    assert_int_equal(bmp_ledger_queue_batches(t->l, &f, 0, 10, &q, &total, &e), BMP_OK);
    bmp_table_free(&q);
    return total;
}

/* The form offers what the ABF needs: its grades (ABF scale_values), its
 * editions; the file goes as multipart with the CSRF token. */
static void upload_form(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render_as(&t, "/submit", &sam, &b), 200);
    has(&b, "<form method=\"post\" action=\"/submit\" id=\"upload\" enctype=\"multipart/"
            "form-data\"><input type=\"hidden\" name=\"csrf\" value=\"" CSRF "\">");
    has(&b, "<input type=\"hidden\" name=\"club\" value=\"abf:2074\">");
    has(&b, "For Harbourside (abf club 2074).");
    has(&b, "<select id=\"grade\" name=\"grade\"><option value=\"\">as the file says</option>"
            "<option>F</option><option>E</option><option>D</option><option>C</option>"
            "<option>B4c</option>");
    has(&b, "<option>A2</option><option>A</option></select>");
    has(&b, "<select id=\"edition\" name=\"edition\">");
    has(&b, "<a href=\"/submissions?club=abf%3A2074\">My club's batches</a>");
    /* nobody: to the login page; a secretary is no scorer; another club's
     * scorer may not submit for 2074 */
    assert_int_equal(render_as(&t, "/submit", NULL, &b), 303);
    has(&b, "/login?next=%2Fsubmit");
    assert_int_equal(render_as(&t, "/submit", &secretary, &b), 403);
    has(&b, "sally is not a scorer of any club.");
    req r = {.t = &t, .q = {{"club"}, {"abf:2074"}}};
    assert_int_equal(serve(&r, "GET", "/submit", &otto, &b), 403);
    has(&b, "otto is not a scorer of club 2074 of abf.");
    assert_int_equal(serve(&r, "GET", "/submissions", &otto, &b), 403);
    lacks(&b, "Newest first");
    core_buf_free(&b);
    lt_done(&t);
}

/* Issue 29 item 3: "picks what the body needs (grade, status, event type)
 * from the body's own parameter spec": an EBU scorer is asked the event's
 * status (src/ebu/ebu.c scale_values), not a grade; an ACBL scorer its
 * classification (src/acbl/acbl.c) and, with it, the rating. */
static void upload_form_other_bodies(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    const bmp_user eve = {.id = 4, .name = "eve", .nroles = 1,
                          .roles = {{BMP_ROLE_SCORER, "ebu", "77"}}};
    assert_int_equal(render_as(&t, "/submit", &eve, &b), 200);
    has(&b, "<label for=\"status\">Status of the event</label>");
    has(&b, "<select id=\"status\" name=\"status\"><option value=\"\">as the file says</option>"
            "<option>club</option><option>district</option><option>county</option>"
            "<option>regional</option><option>national</option></select>");
    lacks(&b, "name=\"grade\"");
    lacks(&b, "name=\"rating\"");
    const bmp_user al = {.id = 5, .name = "al", .nroles = 1,
                         .roles = {{BMP_ROLE_SCORER, "acbl", "123"}}};
    assert_int_equal(render_as(&t, "/submit", &al, &b), 200);
    has(&b, "<label for=\"classification\">Classification of the event</label>");
    has(&b, "<option>club-masterpoint</option><option>club-championship</option>"
            "<option>unit</option><option>sectional</option><option>regional</option>"
            "<option>national</option></select>");
    has(&b, "<select id=\"rating\" name=\"rating\"><option value=\"\">as the file says</option>"
            "<option>championship</option><option>non-championship</option>"
            "<option>consolation</option><option>charity</option></select>");
    lacks(&b, "name=\"grade\"");
    lacks(&b, "name=\"status\"");
    core_buf_free(&b);
    lt_done(&t);
}

/* Preview, then submit; the same file again is a duplicate, refused before
 * submitting; a corrected file replaces the batch. */
static void preview_submit_replace(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    /* the example credit file pays 1006, Deceased here (lt_abf): refused
     * before anything is submitted, nothing written */
    const char *text = read_example(EX "ledger/harbourside-tuesday-2025-09-16.grn");
    char *before = lt_dump(&t);
    assert_int_equal(preview(&t, &sam, "abf:2074", "C:\\scores\\tue 16.grn", text, &b), 200);
    lt_unchanged(&t, before); /* a preview writes nothing */
    has(&b, "<h1>Preview of tue_16.grn</h1>");
    has(&b, "It cannot be submitted as it is");
    has(&b, "<li>tue_16.grn:2: player 0001006 is Deceased: no points (NZ-88)</li>");
    has(&b, "<dd id=\"preview-lines\">6</dd>");
    lacks(&b, "id=\"submit\"");
    /* a file the club can submit: 1005 0.45, 1004 0.45, 1010 0.30 (not
     * registered: held, with the reason) */
    text = "0001005000045\n0001004000045\n0001010000030\n";
    assert_int_equal(preview(&t, &sam, "abf:2074", "tue-16.grn", text, &b), 200);
    has(&b, "It can be submitted");
    has(&b, "<dd id=\"preview-lines\">3</dd>");
    has(&b, "<dd id=\"preview-held\">1</dd>");
    /* a credit file has no names and no derivations: no such columns */
    lacks(&b, "<th scope=\"col\">name</th>");
    lacks(&b, "<th scope=\"col\">derivation</th>");
    has(&b, "<td data-label=\"player\">0001005</td>"
            "<td data-label=\"point type\">green</td><td class=\"n\" data-label=\"points\">"
            "0.45</td><td data-label=\"rule\">ABF-117</td><td data-label=\"held\"></td>");
    has(&b, "<td data-label=\"player\">0001010</td>");
    has(&b, "<td data-label=\"held\">not registered");
    /* 0.45 + 0.45 + 0.30 = 1.20 green, 3 lines */
    has(&b, "<td data-label=\"point type\">green</td><td class=\"n\" data-label=\"points\">"
            "1.20</td><td class=\"n\" data-label=\"lines\">3</td>");
    has(&b, "<form method=\"post\" action=\"/submit\" id=\"submit\">");
    has(&b, "<input type=\"hidden\" name=\"filename\" value=\"tue-16.grn\">");
    has(&b, "<input type=\"hidden\" name=\"grade\" value=\"E\">");
    char *body = submit_body(&b, "");
    req r = {.t = &t, .body = body};
    assert_int_equal(batches(&t), 0);
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 303);
    has(&b, "/submissions?club=abf%3A2074&batch=1");
    free(body);
    assert_int_equal(batches(&t), 1);
    req q = {.t = &t, .q = {{"club", "batch"}, {"abf:2074", "1"}}};
    assert_int_equal(serve(&q, "GET", "/submissions", &sam, &b), 200);
    has(&b, "<h1>Batches of Harbourside</h1>");
    has(&b, "Submitted as <a href=\"/batch/1\">batch 1</a>");
    has(&b, "<a href=\"/batch/1\">1</a></td><td data-label=\"state\">provisional</td>");
    has(&b, "tue-16.grn");
    /* the same file again: the duplicate of batch 1, nothing to submit */
    assert_int_equal(preview(&t, &sam, "abf:2074", "tue.grn", text, &b), 200);
    has(&b, "It cannot be submitted as it is");
    has(&b, "<dd id=\"preview-duplicate\"><a href=\"/batch/1\">batch 1</a></dd>");
    has(&b, "<h2 id=\"problems\">Problems</h2>");
    lacks(&b, "id=\"submit\"");
    /* a corrected file (1005 had 0.60, not 0.45): a credit file has no
     * event of its own to match, so the scorer says it replaces batch 1;
     * the preview names it and the per-player difference, 0.45 -> 0.60 */
    const char *fixed = "0001005000060\n0001004000045\n0001010000030\n";
    req fx = {.t = &t, .name = {"csrf", "club", "action", "file", "grade", "replaces", "reason"},
              .value = {CSRF, "abf:2074", "preview", fixed, "E", "1", "1005 scored 0.60"},
              .file = {NULL, NULL, NULL, "tue-16.grn", NULL, NULL, NULL}};
    assert_int_equal(serve(&fx, "POST", "/submit", &sam, &b), 200);
    has(&b, "<dd id=\"preview-replaces\"><a href=\"/batch/1\">batch 1</a></dd>");
    has(&b, "Points that differ from batch 1");
    has(&b, "0.60");
    has(&b, "<input type=\"checkbox\" id=\"replaces\" name=\"replaces\" value=\"1\" checked>");
    has(&b, "This file replaces batch 1");
    has(&b, "value=\"1005 scored 0.60\"");
    body = submit_body(&b, "&replaces=1&reason=1005+scored+0.60");
    r.body = body;
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 303);
    has(&b, "&batch=2");
    free(body);
    bmp_table bt;
    bmp_table_init(&bt);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_batch(t.l, 1, &bt, &e), BMP_OK);
    assert_string_equal(lt_cell(&bt, 0, "state"), "rejected");
    bmp_table_free(&bt);
    assert_int_equal(batches(&t), 2);
    core_buf_free(&b);
    lt_done(&t);
}

/* Another club's scorer: refused for club 2074 (403), nothing written; a
 * submit without a reason for its replacement is refused (400). */
static void refusals(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    const char *text = read_example(EX "ledger/harbourside-tuesday-2025-09-16.grn");
    char *before = lt_dump(&t);
    assert_int_equal(preview(&t, &otto, "abf:2074", "tue.grn", text, &b), 403);
    has(&b, "otto is not a scorer of club 2074 of abf.");
    lacks(&b, "Preview of");
    req r = {.t = &t, .body = "action=submit&club=abf%3A2074&filename=tue.grn&content=MDAwMQ"};
    assert_int_equal(serve(&r, "POST", "/submit", &otto, &b), 403);
    /* a correction without its reason: the preview again, asking for it
     * (issue 44; words_for_people); this file ("0001") cannot be read */
    r.body = "action=submit&club=abf%3A2074&filename=tue.grn&content=MDAwMQ&replaces=1";
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 400);
    r.body = "action=submit&club=abf%3A2074&filename=tue.grn&content=!!";
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 400);
    has(&b, "damaged");
    assert_int_equal(preview(&t, &sam, "abf:2074", "adjust.csv", text, &b), 403);
    has(&b, "adjustments (.csv) are the body&#39;s");
    lt_unchanged(&t, before);
    core_buf_free(&b);
    lt_done(&t);
}

/* Issue 44: words for people.  The same file again offers no "replaces"
 * and shows no hash nor command-line option; a correction submitted
 * without its reason shows the preview again with the file kept (it was a
 * bare "Bad request" page whose Back lost the upload); a .xml file that is
 * not XML says so (it said "invalid JSON"); another club's file is headed
 * as such (it said "The file cannot be read as results"), in the page's
 * words, not "(--club 3101)". */
static void words_for_people(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    const char *text = "0001005000045\n0001004000045\n";
    assert_int_equal(preview(&t, &sam, "abf:2074", "tue.grn", text, &b), 200);
    char *body = submit_body(&b, "");
    req r = {.t = &t, .body = body};
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 303);
    free(body);
    assert_int_equal(preview(&t, &sam, "abf:2074", "tue.grn", text, &b), 200);
    has(&b, "<dd id=\"preview-duplicate\"><a href=\"/batch/1\">batch 1</a></dd>");
    lacks(&b, "id=\"replaces\"");
    lacks(&b, "sha256");
    lacks(&b, "--replaces");
    /* a correction (1005 0.60) submitted without its reason */
    const char *fixed = "0001005000060\n0001004000045\n";
    req fx = {.t = &t, .name = {"csrf", "club", "action", "file", "grade", "replaces"},
              .value = {CSRF, "abf:2074", "preview", fixed, "E", "1"},
              .file = {NULL, NULL, NULL, "tue.grn", NULL, NULL}};
    assert_int_equal(serve(&fx, "POST", "/submit", &sam, &b), 400);
    has(&b, "<h1>Preview of tue.grn</h1>");
    has(&b, "<p class=\"error\" id=\"form-error\" role=\"alert\">a corrected file needs a "
            "reason");
    body = submit_body(&b, "&replaces=1");
    r.body = body;
    assert_int_equal(serve(&r, "POST", "/submit", &sam, &b), 400);
    has(&b, "<h1>Preview of tue.grn</h1>"); /* the file kept: submit it with the reason */
    has(&b, "<input type=\"hidden\" name=\"content\" value=\"");
    lacks(&b, "<h1>Bad request</h1>");
    free(body);
    assert_int_equal(batches(&t), 1);
    /* not XML */
    assert_int_equal(preview(&t, &sam, "abf:2074", "club.xml", "{\"event\": 1}", &b), 400);
    has(&b, "the file is named .xml but is not XML");
    lacks(&b, "invalid JSON");
    /* another club's file: 2074's USEBIO file sent as 3101's */
    const char *xml = read_example(BMP_SOURCE_DIR "/tests/data/usebio/abf_club_green.xml");
    assert_int_equal(preview(&t, &otto, "abf:3101", "green.xml", xml, &b), 403);
    has(&b, "<h1>This file is another club&#39;s event</h1>");
    lacks(&b, "--club");
    lacks(&b, "cannot be read as results");
    core_buf_free(&b);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(upload_form),
        cmocka_unit_test(upload_form_other_bodies),
        cmocka_unit_test(preview_submit_replace),
        cmocka_unit_test(refusals),
        cmocka_unit_test(words_for_people),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
