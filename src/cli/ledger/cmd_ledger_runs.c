/* The ledger subcommands generated from the bodies' run tables
 * (include/bridgemp/ledger_runs.h): `bridgemp ledger NAME ARGS --body B`
 * looks NAME up in B's table and takes the spec's options and --body (and
 * --output where the run writes one, --format for a table) besides --db
 * and --who; a charge run also takes an optional --reason, kept in its
 * audit entry (bmp_ledger_run_call_why), and --dry-run: what it would
 * charge and leave out, and its lines, nothing written
 * (bmp_ledger_run_preview, issue 44).  What is checked before the ledger is opened: the options,
 * the number of arguments, the required options, and the values whose
 * placeholder says what they are (a YEAR, an ID, CENTS, "html|csv|json");
 * the run itself checks the rest.  What it prints: the run's line, or its
 * table as --format. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/rules.h"
#include "cli/ledger/cmd_ledger_runs.h"
#include "cli/ledger/ledger_run_help.h"

enum { MAX_BODIES = 16, MAX_OPTS = 16, MORE_OPTS = 4 };

/* Every body's spec of run `name` (and the body's code), n of them. */
static size_t specs_of(const char *name, const bmp_ledger_run_spec **specs, const char **codes)
{
    size_t n = 0;
    for (const bmp_rules *const *r = bmp_rules_list(); *r && n < MAX_BODIES; r++) {
        const bmp_ledger_run_spec *s = bmp_ledger_run_find((*r)->body, name);
        if (s) {
            specs[n] = s;
            codes[n++] = (*r)->body;
        }
    }
    return n;
}

/* Add option o to table t (n entries so far) unless it has one of that name. */
static void add_opt(cli_opt *t, size_t *n, cli_opt o)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp(t[i].name, o.name) == 0)
            return;
    t[(*n)++] = o;
}

/* The options run s takes besides --db and --who, added to t: --body, the
 * spec's own (read by name: cli_value), --reason for a charge run, --output
 * and --format as its output says.  At most s->nopts + MORE_OPTS. */
static void spec_table(const bmp_ledger_run_spec *s, cli_opt *t, size_t *n)
{
    add_opt(t, n, (cli_opt)LOPT_BODY);
    for (size_t i = 0; i < s->nopts; i++) {
        const bmp_ledger_run_opt *o = &s->opts[i];
        add_opt(t, n, (cli_opt){o->name, 0, o->value ? CLI_VALUE : CLI_FLAG, o->value, o->doc,
                                false, 0, o->required, 0});
    }
    if (s->kind == BMP_LEDGER_OUT_RUN) {
        add_opt(t, n, (cli_opt)LOPT_REASON);
        add_opt(t, n, (cli_opt)LFLAG(dry_run, "--dry-run", "print what the run would charge "
                                     "and leave out, and its lines; nothing written"));
    }
    if (s->kind == BMP_LEDGER_OUT_TABLE) {
        add_opt(t, n, (cli_opt)LOPT_OUTPUT);
        add_opt(t, n, (cli_opt)LOPT_FORMAT);
    } else if (s->output) {
        add_opt(t, n, (cli_opt)LOPT(output, s->output, "where the run writes its output"));
    }
}

/* A placeholder that says what its value is: a whole number in a range. */
typedef struct typed {
    const char *word;
    long long min, max;
} typed;
static const typed types[] = {
    {"YEAR", 1, 9999}, {"ID", 1, INT64_MAX}, {"BATCH", 1, INT64_MAX},
    {"RUN", 1, INT64_MAX}, {"CENTS", INT64_MIN, INT64_MAX}};

/* Does value v fit placeholder word (n characters)?  Words of no type fit. */
static bool fits(const char *word, size_t n, const char *v)
{
    long long x;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strlen(types[i].word) == n && strncmp(types[i].word, word, n) == 0)
            return ledger_number(v, types[i].min, types[i].max, &x);
    if (!memchr(word, '|', n))
        return true;
    /* a choice: "html|csv|json" */
    size_t len = strlen(v);
    for (const char *p = word, *end = word + n; p < end;) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        size_t k = bar ? (size_t)(bar - p) : (size_t)(end - p);
        if (k == len && strncmp(p, v, len) == 0)
            return true;
        p += k + 1;
    }
    return false;
}

/* The arguments: as many as the spec says, each fitting its placeholder,
 * and the required options given. */
static bool args_fit(const ledger_args *a, const bmp_ledger_run_spec *s)
{
    if (a->npos - 1 != s->npos)
        return false;
    const char *w = s->args;
    for (size_t i = 0; i < s->npos; i++) {
        w += strspn(w, " ");
        size_t n = strcspn(w, " ");
        if (!fits(w, n, a->pos[i + 1]))
            return false;
        w += n;
    }
    for (size_t i = 0; i < s->nopts; i++)
        if (s->opts[i].required && !cli_value(a->cl, s->opts[i].name))
            return false;
    return true;
}

/* "expected html, csv or json" from "html|csv|json"; else the placeholder. */
static void expected(FILE *f, const char *value)
{
    if (!strchr(value, '|')) {
        fprintf(f, "expected a whole number (%s)", value);
        return;
    }
    fputs("expected ", f);
    for (const char *p = value; *p;) {
        size_t k = strcspn(p, "|");
        fprintf(f, "%.*s", (int)k, p);
        p += k;
        if (*p++ == '|')
            fputs(strchr(p, '|') ? ", " : " or ", f);
        else
            break;
    }
}

/* The options' values that the placeholder types: a usage error if one
 * does not fit ("bridgemp ledger overdue: --as: expected html, csv or json"). */
static int values_fit(const ledger_args *a, const bmp_ledger_run_spec *s)
{
    for (size_t i = 0; i < s->nopts; i++) {
        const bmp_ledger_run_opt *o = &s->opts[i];
        const char *v = cli_value(a->cl, o->name);
        if (!v || !o->value || fits(o->value, strlen(o->value), v))
            continue;
        fprintf(stderr, "bridgemp ledger %s: %s: ", s->name, o->name);
        expected(stderr, o->value);
        fprintf(stderr, ", got \"%s\"\n", v);
        return LEDGER_EXIT_USAGE;
    }
    return 0;
}

/* Without --body: every body's help of that run (--help), else usage.
 * The options: any body's run of the name takes them (the entry's table). */
static int no_body(ledger_args *a)
{
    const bmp_ledger_run_spec *specs[MAX_BODIES];
    const char *codes[MAX_BODIES];
    size_t n = specs_of(a->pos[0], specs, codes);
    const cli_opt *tables[] = {a->cl->cmd->opts};
    int rc = cli_check_opts(a->prog, a->cl, a->pos[0], tables, 1);
    if (rc)
        return rc;
    FILE *f = a->help ? stdout : stderr;
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc('\n', f);
        cli_run_help(f, codes[i], specs[i]);
    }
    return a->help ? 0 : LEDGER_EXIT_USAGE;
}

/* A body without that run: the library's words, naming the body's runs. */
static int wrong_body(const ledger_args *a)
{
    bmp_error e = {0};
    bmp_ledger_run_out out = {.size = sizeof out};
    bmp_status st = bmp_ledger_run_call(NULL, a->body, a->pos[0], NULL, &out, NULL, &e);
    bmp_ledger_run_out_free(&out);
    fprintf(stderr, "bridgemp ledger: %s\n", e.msg[0] ? e.msg : bmp_status_name(st));
    return LEDGER_EXIT_USAGE;
}

/* Call the run and print what it gave: its line, or its table. */
static bmp_status run_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                           bmp_problems *p, bmp_error *e)
{
    const bmp_ledger_run_spec *s = arg;
    const char *vals[MAX_OPTS] = {0};
    for (size_t i = 0; i < s->nopts && i < MAX_OPTS; i++)
        vals[i] = cli_value(a->cl, s->opts[i].name);
    bmp_ledger_run_in in = {sizeof in, a->pos + 1, a->npos - 1, vals,
                            s->kind == BMP_LEDGER_OUT_TABLE ? NULL : a->output};
    bmp_ledger_run_out out = {.size = sizeof out};
    if (a->dry_run && s->kind == BMP_LEDGER_OUT_RUN) { /* the text, then the lines */
        bmp_table lines;
        bmp_table_init(&lines);
        ledger_args shown = *a;
        shown.output = NULL; /* the run's own file is not written */
        bmp_status st = bmp_ledger_run_preview(l, a->body, s->name, &in, &out, &lines, p, e);
        if (!st)
            printf("%s\n", out.text);
        if (!st)
            st = ledger_put_table(&lines, &shown, e);
        bmp_table_free(&lines);
        bmp_ledger_run_out_free(&out);
        return st;
    }
    bmp_status st = bmp_ledger_run_call_why(l, a->body, s->name, &in, a->reason, &out, p, e);
    if (!st && out.kind == BMP_LEDGER_OUT_TABLE)
        st = ledger_put_table(&out.table, a, e);
    else if (!st && out.text)
        printf("%s\n", out.text);
    bmp_ledger_run_out_free(&out);
    return st;
}

static int cli_runs_dispatch(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return no_body(a);
    const bmp_ledger_run_spec *s = bmp_ledger_run_find(a->body, a->pos[0]);
    if (!s)
        return wrong_body(a);
    if (s->nopts > MAX_OPTS) {
        fprintf(stderr, "bridgemp ledger %s: more than %d options\n", s->name, MAX_OPTS);
        return LEDGER_EXIT_INPUT;
    }
    cli_opt t[MAX_OPTS + MORE_OPTS + 1] = {0};
    size_t nt = 0;
    spec_table(s, t, &nt);
    const cli_opt *tables[] = {t};
    int rc = cli_check_opts(a->prog, a->cl, s->name, tables, 1);
    if (rc)
        return rc;
    const bmp_rules *r = bmp_rules_find(a->body);
    const char *code = r ? r->body : a->body;
    if (a->help || !args_fit(a, s)) {
        cli_run_help(a->help ? stdout : stderr, code, s);
        return a->help ? 0 : LEDGER_EXIT_USAGE;
    }
    rc = values_fit(a, s);
    return rc ? rc : ledger_run(a, run_step, s);
}

/* The options of every body's run called name, into a table of its own. */
static cli_opt *union_table(const char *name)
{
    const bmp_ledger_run_spec *specs[MAX_BODIES];
    const char *codes[MAX_BODIES];
    size_t n = specs_of(name, specs, codes), cap = 1, k = 0;
    for (size_t i = 0; i < n; i++)
        cap += specs[i]->nopts + MORE_OPTS;
    cli_opt *t = calloc(cap, sizeof *t);
    for (size_t i = 0; t && i < n; i++)
        spec_table(specs[i], t, &k);
    return t;
}

cli_cmd *cli_runs_table(void)
{
    size_t cap = 1, n = 0;
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++) {
        size_t k = 0;
        bmp_ledger_runs((*r)->body, &k);
        cap += k;
    }
    cli_cmd *t = calloc(cap, sizeof *t);
    for (const bmp_rules *const *r = bmp_rules_list(); t && *r; r++) {
        size_t k = 0;
        const bmp_ledger_run_spec *runs = bmp_ledger_runs((*r)->body, &k);
        for (size_t i = 0; i < k; i++) {
            size_t j = 0;
            while (j < n && strcmp(t[j].name, runs[i].name) != 0)
                j++;
            if (j < n)
                continue;
            t[n] = (cli_cmd){runs[i].name, runs[i].args, runs[i].doc, NULL,
                             union_table(runs[i].name), 0, CLI_MANY, cli_runs_dispatch,
                             CLI_OWN_HELP | CLI_OPEN | CLI_UNLISTED};
            if (!t[n++].opts) {
                cli_runs_free(t);
                return NULL;
            }
        }
    }
    return t;
}

void cli_runs_free(cli_cmd *t)
{
    for (cli_cmd *c = t; c && c->name; c++)
        free((cli_opt *)c->opts);
    free(t);
}
