/* What the page tests share (test_pages.c, test_pages_glance.c,
 * test_pages_office.c, test_pages_submit.c): the ABF register a site is
 * built on, importing and posting batches, query arguments, rendering a
 * page straight from a ledger, and looking for a string in it. */
#ifndef PAGES_TEST_UTIL_H
#define PAGES_TEST_UTIL_H

#include "ledger_test_util.h"

#include "server/pages.h"

/* A new ledger with the ABF clubs (LT_ABF_CLUBS) and these players (CSV
 * rows number,name,status,home_club,alternates, without the heading). */
static inline void pages_register(lt *t, const char *players)
{
    lt_new(t);
    bmp_error e = {0};
    size_t n = 0;
    char *csv = malloc(strlen(players) + 64);
    assert_non_null(csv);
    sprintf(csv, "number,name,status,home_club,alternates\n%s", players);
    assert_int_equal(bmp_ledger_import_clubs(t->l, "abf", lt_file(t, "c.csv", LT_ABF_CLUBS), &n,
                                             NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p.csv", csv), &n, NULL,
                                               &e), BMP_OK);
    free(csv);
}

/* The ABF file at path imported as club's batch (NULL: none): its id. */
static inline int64_t pages_import_club(lt *t, const char *path, const char *club)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = club};
    bmp_status st = bmp_ledger_import(t->l, path, &o, &id, &p, &e);
    if (st)
        fprintf(stderr, "import %s: %s\n", path, e.msg);
    assert_int_equal(st, BMP_OK);
    bmp_problems_free(&p);
    return id;
}

/* Post batch: approve it and close the ABF's period. */
static inline void pages_post(lt *t, int64_t batch, const char *period)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t->l, batch, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", period, NULL, &e), BMP_OK);
}

typedef struct args {
    const char *k[4], *v[4];
} args;

static inline const char *arg_of(void *ctx, const char *key)
{
    const args *a = ctx;
    for (int i = 0; a && i < 4 && a->k[i]; i++)
        if (strcmp(a->k[i], key) == 0)
            return a->v[i];
    return NULL;
}

/* Render path; the status and the page (static per call: copy it). */
static inline int render(lt *t, const char *path, const args *a, core_buf *out)
{
    const char *ctype = NULL;
    core_buf_reset(out);
    int st = web_page_render(t->l, path, arg_of, (void *)a, out, &ctype);
    if (st)
        assert_non_null(ctype);
    assert_false(out->failed);
    return st;
}

static inline void has(const core_buf *b, const char *s)
{
    if (!b->data || !strstr(b->data, s))
        fail_msg("the page has no \"%s\":\n%s", s, b->data ? b->data : "(empty)");
}

static inline void lacks(const core_buf *b, const char *s)
{
    if (b->data && strstr(b->data, s))
        fail_msg("the page has \"%s\"", s);
}

/* The ABF's secretary, logged in (issue 29): the batch pages need one. */
static const bmp_user secretary = {.id = 1, .name = "sally", .nroles = 1,
                                   .roles = {{BMP_ROLE_SECRETARY, "abf", ""}}};
#define CSRF "c5f0000000000000000000000000000000000000000000000000000000000001"

/* Render path as user u (NULL: nobody logged in); a 303's Location is put
 * in out, for has(). */
static inline int render_as(lt *t, const char *path, const bmp_user *u, core_buf *out)
{
    const char *ctype = NULL;
    core_buf_reset(out);
    char location[256] = "";
    web_ctx c = {.l = t->l, .method = "GET", .user = u, .csrf = CSRF, .location = location};
    int st = web_page_serve(&c, path, out, &ctype);
    if (st == 303)
        core_buf_puts(out, location); /* where it sends, for has() */
    assert_false(out->failed);
    return st;
}

/* A page served as site.c serves it, POSTs included (issue 29): the query
 * arguments, a multipart form's fields and a writing handle whose `who` is
 * the user's name, as site.c's write_as gives. */
typedef struct pages_site {
    lt *t;
    const args *a;
    const char *const *multi; /* name, value, file name (NULL: a field), ...; NULL-ended */
} pages_site;

static inline const char *pages_site_arg(void *ctx, const char *key)
{
    return arg_of((void *)((pages_site *)ctx)->a, key);
}

/* A field of the multipart form, as form.c's post processor gives it. */
static inline const char *pages_site_field(void *ctx, const char *name, size_t *len,
                                           const char **filename)
{
    const char *const *m = ((pages_site *)ctx)->multi;
    for (size_t i = 0; m && m[i]; i += 3)
        if (strcmp(m[i], name) == 0) {
            *len = strlen(m[i + 1]);
            if (filename)
                *filename = m[i + 2] ? m[i + 2] : "";
            return m[i + 1];
        }
    return NULL;
}

static inline bmp_status pages_site_write(void *ctx, const char *who, web_write_fn fn, void *arg,
                                          bmp_error *e)
{
    pages_site *o = ctx;
    bmp_ledger_opts lo = {.size = sizeof lo, .who = who};
    bmp_ledger *w = NULL;
    bmp_status st = bmp_ledger_open(o->t->db, &lo, &w, e);
    if (!st)
        st = fn(w, arg, e);
    bmp_ledger_close(w);
    return st;
}

/* GET (form and multi NULL), POST the urlencoded `form`, or POST the
 * multipart `multi` to path as user u; a 303's Location is put in out. */
static inline int pages_serve(lt *t, const char *path, const args *a, const char *form,
                              const char *const *multi, const bmp_user *u, core_buf *out)
{
    pages_site o = {t, a, multi};
    const char *ctype = NULL;
    char location[256] = "";
    core_buf_reset(out);
    bool post = form || multi;
    web_ctx c = {.l = t->l, .arg = pages_site_arg, .ctx = &o, .method = post ? "POST" : "GET",
                 .user = u, .csrf = CSRF, .body = form, .body_len = form ? strlen(form) : 0,
                 .write = pages_site_write, .location = location,
                 .field = multi ? pages_site_field : NULL};
    int st = web_page_serve(&c, path, out, &ctype);
    if (st == 303)
        core_buf_puts(out, location);
    assert_false(out->failed);
    return st;
}

#endif
