/* bridgemp rank: a body's ranks and its other named functions (NZ gradings,
 * rating points, C->B conversion).  Every option is derived from the body's
 * bmp_rules (point types, rank inputs, function arguments): there is no
 * per-body code here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "bridgemp/bridgemp.h"
#include "cli_cmds.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_NOTSUP = 3 };

static const char *const rank_help =
    "The rank a player's lifetime points earn under BODY's rules, the next rank\n"
    "and what is missing for it.  The options are the body's point types (and\n"
    "any other input its rank rules take); FUNCTION is one of the body's other\n"
    "named functions (NZ: grading, rating-points, c-to-b).  Points are given as\n"
    "decimals (12.34).  'bridgemp rank BODY --help' lists a body's options.\n"
    "\n"
    "examples:\n"
    "  bridgemp rank abf --green 25 --red 25\n"
    "  bridgemp rank ebu --local 4344 --blue 2.75 --green 7.25\n"
    "  bridgemp rank nzb --a 60 --b 50\n"
    "  bridgemp rank nzb grading --a 20 --b 35 --rating 120\n";

/* `bridgemp rank BODY --help`: the options of this body, from its rules. */
static void body_help(const bmp_rules *r, FILE *out)
{
    fprintf(out, "usage: bridgemp rank %s --TYPE POINTS ... [--format table|json]\n", r->body);
    if (r->admin && r->admin[0].name)
        fprintf(out, "       bridgemp rank %s FUNCTION --ARG POINTS ... [--format table|json]\n",
                r->body);
    fprintf(out, "\n%s: %s\n\npoint types (lifetime points, e.g. 12.34):\n", r->name,
            r->total_doc ? r->total_doc : "");
    for (const bmp_point_type *t = r->point_types; t && t->name; t++)
        fprintf(out, "  --%-10s %s: %s\n", t->name, t->label, t->combine);
    for (const bmp_rank_input *in = r->rank_inputs; in && in->name; in++)
        fprintf(out, "  --%-10s %s (%s)\n", in->name, in->doc, in->rule);
    for (const bmp_admin_fn *f = r->admin; f && f->name; f++) {
        fprintf(out, "\nfunction %s (%s, %s): %s\n", f->name, f->rule, f->section, f->doc);
        for (const bmp_admin_arg *a = f->args; a && a->name; a++)
            fprintf(out, "  --%-10s %s\n", a->name, a->doc);
    }
}

typedef struct rank_args {
    const bmp_rules *r;
    const bmp_admin_fn *fn;       /* NULL: the rank */
    bmp_holding h;                /* the rank's inputs */
    bmp_points args[BMP_ADMIN_MAX_ARGS]; /* the function's */
    int given;
    bool json;
} rank_args;

/* One --NAME VALUE: a point type or rank input of the body, or an argument
 * of the function.  0, or an exit code. */
static int set_option(rank_args *ra, const char *name, const char *val)
{
    bmp_points v;
    if (!bmp_points_parse(val, &v)) {
        fprintf(stderr, "bridgemp rank: --%s: expected masterpoints such as 12.34, got \"%s\"\n",
                name, val);
        return EXIT_USAGE;
    }
    bmp_error e = {0};
    if (ra->fn) {
        int k = bmp_admin_arg_index(ra->fn, name);
        if (k < 0) {
            fprintf(stderr, "bridgemp rank: %s %s has no option --%s (see 'bridgemp rank %s "
                            "--help')\n",
                    ra->r->body, ra->fn->name, name, ra->r->body);
            return EXIT_USAGE;
        }
        ra->args[k] = v;
    } else if (bmp_holding_set(ra->r, &ra->h, name, v, &e)) {
        fprintf(stderr, "bridgemp rank: --%s: %s\n", name, e.msg);
        return EXIT_USAGE;
    }
    ra->given++;
    return 0;
}

/* The function (args[0], if any) and the options given: --format, or a
 * point type, rank input or function argument of the body (the command is
 * open: the body's rules say which). */
static int parse(rank_args *ra, const cli_parsed *p, const char *const *args, size_t n)
{
    if (n >= 1) {
        ra->fn = bmp_rules_admin(ra->r, args[0]);
        if (!ra->fn) {
            fprintf(stderr, "bridgemp rank: %s has no function \"%s\" (see 'bridgemp rank %s "
                            "--help')\n",
                    ra->r->body, args[0], ra->r->body);
            return EXIT_USAGE;
        }
    }
    if (n >= 2) {
        fprintf(stderr, "bridgemp rank: unexpected argument \"%s\"\n", args[1]);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < p->ngiven; i++) {
        const cli_given *g = &p->given[i];
        const char *val = g->value;
        int rc;
        if (g->opt) { /* --format */
            if (strcmp(val, "json") != 0 && strcmp(val, "table") != 0) {
                fprintf(stderr, "bridgemp rank: --format: expected table or json, got \"%s\"\n",
                        val);
                return EXIT_USAGE;
            }
            ra->json = strcmp(val, "json") == 0;
            continue;
        }
        if (!*val) {
            fprintf(stderr, "bridgemp rank: %.*s needs a value\n", (int)g->namelen, g->name);
            return EXIT_USAGE;
        }
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(g->namelen - 2), g->name + 2);
        if ((rc = set_option(ra, name, val)))
            return rc;
    }
    if (!ra->given) {
        fprintf(stderr, "bridgemp rank: give the player's points (see 'bridgemp rank %s --help')\n",
                ra->r->body);
        return EXIT_USAGE;
    }
    return 0;
}

static void print_rank_table(const bmp_rank *k)
{
    char tot[32];
    bmp_points_format(k->total, tot, sizeof tot);
    printf("%s (rank %d of %d; total %s)%s%s\n", k->name, k->ordinal, k->top, tot,
           k->extra[0] ? "; " : "", k->extra);
    if (!k->next[0]) {
        printf("next: none (the highest rank)\n");
        return;
    }
    printf("next: %s: missing", k->next);
    for (size_t i = 0; i < k->nmissing; i++) {
        char p[32];
        bmp_points_format(k->missing[i].points, p, sizeof p);
        printf("%s %s %s", i ? "," : "", k->missing[i].what, p);
    }
    printf("%s\n", k->nmissing ? "" : " nothing (the rank order is not by total alone)");
}

static json_t *points_json(bmp_points p)
{
    char s[32];
    bmp_points_format(p, s, sizeof s);
    return json_string(s);
}

static void print_json(json_t *o)
{
    json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', stdout);
    json_decref(o);
}

static void print_rank_json(const bmp_rules *r, const bmp_rank *k)
{
    json_t *o = json_object();
    json_object_set_new(o, "body", json_string(r->body));
    json_object_set_new(o, "rank", json_string(k->name));
    json_object_set_new(o, "ordinal", json_integer(k->ordinal));
    json_object_set_new(o, "top", json_integer(k->top));
    json_object_set_new(o, "stars", json_integer(k->stars));
    json_object_set_new(o, "extra", json_string(k->extra));
    json_object_set_new(o, "total", points_json(k->total));
    json_object_set_new(o, "rule", json_string(k->rule ? k->rule : ""));
    json_t *next = json_null();
    if (k->next[0]) {
        next = json_object();
        json_object_set_new(next, "rank", json_string(k->next));
        json_t *m = json_array();
        for (size_t i = 0; i < k->nmissing; i++) {
            json_t *x = json_object();
            json_object_set_new(x, "requirement", json_string(k->missing[i].what));
            json_object_set_new(x, "points", points_json(k->missing[i].points));
            json_array_append_new(m, x);
        }
        json_object_set_new(next, "missing", m);
    }
    json_object_set_new(o, "next", next);
    print_json(o);
}

static void print_result(const rank_args *ra, const bmp_admin_result *res)
{
    if (!ra->json) {
        for (size_t i = 0; i < res->count; i++)
            printf("%s: %s\n", res->items[i].name, res->items[i].text);
        return;
    }
    json_t *o = json_object();
    json_object_set_new(o, "body", json_string(ra->r->body));
    json_object_set_new(o, "function", json_string(ra->fn->name));
    json_object_set_new(o, "rule", json_string(ra->fn->rule));
    for (size_t i = 0; i < res->count; i++)
        json_object_set_new(o, res->items[i].name, json_string(res->items[i].text));
    print_json(o);
}

static int fail(const char *what, const bmp_error *e, bmp_status st)
{
    fprintf(stderr, "bridgemp %s: %s\n", what, e->msg[0] ? e->msg : bmp_status_name(st));
    return st == BMP_ENOTSUP ? EXIT_NOTSUP : EXIT_INPUT;
}

/* rank BODY [FUNCTION] (body, and args after it, n of them). */
static int rank_body(const cli_call *c, const char *body, const char *const *args, size_t n)
{
    const cli_parsed *p = c->p;
    const bmp_rules *r = body ? bmp_rules_find(body) : NULL;
    if (p->help) {
        if (r)
            body_help(r, stdout);
        else
            cli_help(c->prog, p->cmd, stdout);
        return 0;
    }
    if (!r) {
        if (body) {
            fprintf(stderr, "bridgemp rank: unknown body \"%s\" (known:", body);
            for (const bmp_rules *const *b = bmp_rules_list(); *b; b++)
                fprintf(stderr, " %s", (*b)->body);
            fputs(")\n", stderr);
        }
        cli_help(c->prog, p->cmd, stderr);
        return EXIT_USAGE;
    }
    rank_args ra = {.r = r};
    int rc = parse(&ra, p, args, n);
    if (rc) {
        /* a usage error: the message above, then the body's help */
        fputc('\n', stderr);
        body_help(r, stderr);
        return rc;
    }
    bmp_error e = {0};
    bmp_status st;
    if (ra.fn) {
        bmp_admin_result res = {0};
        if ((st = ra.fn->run(ra.args, &res, &e)))
            return fail("rank", &e, st);
        print_result(&ra, &res);
        return 0;
    }
    bmp_rank k;
    if ((st = bmp_rules_rank(r, &ra.h, &k, &e)))
        return fail("rank", &e, st);
    if (ra.json)
        print_rank_json(r, &k);
    else
        print_rank_table(&k);
    return 0;
}

static int cli_rank(void *arg)
{
    const cli_call *c = arg;
    const cli_parsed *p = c->p;
    size_t n = p->npos - p->nwords;
    const char *const *args = p->pos + p->nwords;
    return rank_body(c, n ? args[0] : NULL, n ? args + 1 : args, n ? n - 1 : 0);
}

/* The old command: `abf-rank ARGS` is `rank abf ARGS`. */
static int cli_abf_rank(void *arg)
{
    const cli_call *c = arg;
    const cli_parsed *p = c->p;
    return rank_body(c, "abf", p->pos + p->nwords, p->npos - p->nwords);
}

static const cli_opt rank_opts[] = {
    CLI_OPT_ID(0, "--format", 'f', "table|json", "table (default) or json"), CLI_OPT_END};

const cli_cmd cli_cmds_rank[] = {
    {"rank", "BODY [FUNCTION]",
     "a player's rank from lifetime points (ABF, EBU, NZ), and\nthe body's other functions (NZ "
     "grading, rating points, C->B)",
     rank_help, rank_opts, 0, CLI_MANY, cli_rank, CLI_OPEN | CLI_OWN_HELP},
    {"abf-rank", "", "the old name of 'rank abf'", rank_help, rank_opts, 0, CLI_MANY, cli_abf_rank,
     CLI_OPEN | CLI_OWN_HELP},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
