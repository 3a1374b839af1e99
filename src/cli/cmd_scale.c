/* `bridgemp scale BODY TABLE`: a regulation table computed by the engine
 * (bmp_scale).  Besides --edition and --format a table takes options of its
 * own (--sessions 2, --grade A), which the engine reads from a params bag
 * and does not list; so an option the table does not read is found by
 * trying it: a table reads --NAME when some value of it changes the table,
 * or when the value given fails and another does not.  An option whatever
 * value of which leaves the table as it is (or always fails) is a usage
 * error, exit 2, naming the options the table does read among the body's
 * parameter names and those its description lists ("opts max, t"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli_cmds.h"
#include "cli_io.h"

static const char *const scale_help =
    "Print a regulation table computed by the engine from the regulation's\n"
    "formulas (not copied from print).  'bridgemp bodies' lists the tables.\n"
    "Table-specific options are passed as --NAME VALUE (e.g. --sessions 2); one\n"
    "the table does not read is refused.\n"
    "\n"
    "examples:\n"
    "  bridgemp scale acbl appendix-a --edition 2003\n"
    "  bridgemp scale acbl appendix-c --edition current --format csv\n";

/* The values an option is tried with besides the one given, and the
 * body's own words (its scale option's values, its parameters' values). */
static const char *const fixed_probes[] = {"\x01", "0", "1", "2", "7", "99", "999999", "yes",
                                           "no", "A", "half-even", NULL};
enum { MAX_PROBES = 96 };

typedef struct scale_in {
    const char *body, *table, *edition;
    const char *probes[MAX_PROBES + 1];
    size_t nshort;  /* the fixed probes and the scale option's values */
    char words[2048];
} scale_in;

/* Add the words of "a|b|c" to in's probes. */
static void add_words(scale_in *in, size_t *n, size_t *used, const char *list)
{
    for (const char *w = list; w && *w && *n < MAX_PROBES;) {
        size_t k = strcspn(w, "|");
        if (*used + k + 1 > sizeof in->words)
            return;
        char *at = in->words + *used;
        memcpy(at, w, k);
        at[k] = '\0';
        *used += k + 1;
        in->probes[(*n)++] = at;
        w += k + (w[k] == '|');
    }
}

static void make_probes(scale_in *in, const bmp_rules *r)
{
    size_t n = 0, used = 0;
    for (size_t i = 0; fixed_probes[i]; i++)
        in->probes[n++] = fixed_probes[i];
    add_words(in, &n, &used, r ? r->scale_values : NULL);
    in->nshort = n;
    for (int l = 0; r && r->params && l < BMP_PARAM_LEVELS; l++)
        for (const bmp_param_spec *p = r->params->level[l]; p && p->key; p++)
            add_words(in, &n, &used, p->values);
    in->probes[n] = NULL;
}

/* The table as CSV (malloc'ed) for params, or NULL when bmp_scale fails. */
static char *render(const scale_in *in, const bmp_params *params)
{
    bmp_error e = {0};
    bmp_table t;
    bmp_table_init(&t);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bmp_status st = f ? bmp_scale(in->body, in->table, in->edition, params, &t, &e) : BMP_ENOMEM;
    if (!st)
        st = bmp_table_write(&t, BMP_OUT_CSV, f, &e);
    if (f)
        fclose(f);
    bmp_table_free(&t);
    if (st) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* params with item k's value v (k == count: one more item, key). */
static char *render_with(const scale_in *in, bmp_params *params, size_t k, const char *key,
                         const char *v)
{
    bmp_param saved = params->items[k];
    params->items[k] = (bmp_param){.key = (char *)key, .type = BMP_PARAM_STRING, .string = (char *)v};
    size_t count = params->count;
    if (k == count)
        params->count++;
    char *out = render(in, params);
    params->items[k] = saved;
    params->count = count;
    return out;
}

static bool same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* Does the table read option key at item k of params (the others as they
 * are), given value (NULL: only the probes)?  base: the table without it. */
static bool reads(const scale_in *in, bmp_params *params, size_t k, const char *key,
                  const char *value, const char *base)
{
    char *given = value ? render_with(in, params, k, key, value) : NULL;
    bool read = given && !same(given, base), any_ok = given != NULL;
    for (size_t i = 0; in->probes[i] && !read; i++) {
        char *out = render_with(in, params, k, key, in->probes[i]);
        read = out && !same(out, base);
        any_ok |= out != NULL;
        free(out);
    }
    free(given);
    /* the given value fails where another succeeds: read, and the error is its */
    return read || (value && !given && any_ok);
}

/* ", --NAME" for each name the table reads among those the body names: its
 * scale option, its parameters, and what the table's description lists
 * after "opts " (the engine lists a table's options nowhere else). */
static void list_read(scale_in *in, const bmp_rules *r, char *buf, size_t n)
{
    char cand[64][48];
    size_t nc = 0;
    if (r->scale_option)
        snprintf(cand[nc++], sizeof cand[0], "%s", r->scale_option);
    for (int l = 0; r->params && l < BMP_PARAM_LEVELS; l++)
        for (const bmp_param_spec *p = r->params->level[l]; p && p->key && nc < 64; p++)
            snprintf(cand[nc++], sizeof cand[0], "%s", p->key);
    for (const bmp_scale_info *s = r->scales; s && s->name; s++) {
        const char *o = strcmp(s->name, in->table) == 0 ? strstr(s->description, "opts ") : NULL;
        for (o = o ? o + 5 : NULL; o && *o && nc < 64; o += strspn(o, ", ")) {
            size_t w = strcspn(o, ", ;)");
            snprintf(cand[nc++], sizeof cand[0], "%.*s", (int)w, o);
            o += w;
        }
    }
    bmp_param one = {0};
    bmp_params none = {&one, 0};
    char *base = render(in, &none);
    const char *cut = in->probes[in->nshort]; /* the short list: a message, not a refusal */
    in->probes[in->nshort] = NULL;
    for (size_t i = 0; i < nc; i++) {
        bool dup = false;
        for (size_t j = 0; j < i && !dup; j++)
            dup = strcmp(cand[j], cand[i]) == 0;
        if (dup || strlen(buf) + strlen(cand[i]) + 5 > n || !reads(in, &none, 0, cand[i], NULL, base))
            continue;
        strcat(buf, ", --");
        strcat(buf, cand[i]);
    }
    in->probes[in->nshort] = cut;
    free(base);
}

/* Every table option given must be one the table reads; 0 or the exit status. */
static int check_options(const cli_call *c, scale_in *in, bmp_params *params)
{
    const bmp_rules *r = bmp_rules_find(in->body);
    make_probes(in, r);
    char *base = NULL;
    int rc = 0;
    for (size_t k = 0; r && k < params->count && !rc; k++) {
        bmp_param p = params->items[k];
        /* the others as given; this one left out for the base */
        params->items[k] = params->items[params->count - 1];
        params->count--;
        base = render(in, params);
        params->count++;
        params->items[k] = p;
        if (base && !reads(in, params, k, p.key, p.string, base)) {
            char list[512] = "";
            list_read(in, r, list, sizeof list);
            rc = cli_usage_error(c->prog, c->p->cmd,
                                 "--%s is not an option of %s %s (no value of it changes the "
                                 "table); its options: --edition, --format%s",
                                 p.key, in->body, in->table, list);
        }
        free(base);
    }
    return rc;
}

/* The table options given (CLI_OPEN: every --NAME VALUE not --edition or
 * --format) as a params bag of strings; false (said) when one has no value
 * or out of memory. */
static bool table_params(const cli_call *c, bmp_params *params)
{
    const cli_parsed *p = c->p;
    params->items = calloc(p->ngiven + 1, sizeof *params->items);
    if (!params->items)
        return false;
    for (size_t i = 0; i < p->ngiven; i++) {
        const cli_given *g = &p->given[i];
        if (g->opt)
            continue;
        if (!*g->value) {
            cli_usage_error(c->prog, p->cmd, "%.*s needs a value", (int)g->namelen, g->name);
            return false;
        }
        bmp_param *q = &params->items[params->count++];
        q->type = BMP_PARAM_STRING;
        q->key = strndup(g->name + 2, g->namelen - 2);
        q->string = strdup(g->value);
        if (!q->key || !q->string)
            return false;
    }
    return true;
}

static void free_params(bmp_params *params)
{
    for (size_t i = 0; i < params->count; i++) {
        free(params->items[i].key);
        free(params->items[i].string);
    }
    free(params->items);
}

static int cmd_scale(void *arg)
{
    const cli_call *c = arg;
    const cli_parsed *p = c->p;
    size_t n = p->npos - p->nwords;
    const char *const *args = p->pos + p->nwords;
    scale_in in = {n > 0 ? args[0] : NULL, n > 1 ? args[1] : NULL, cli_value(p, "--edition"),
                   {NULL}, 0, ""};
    const char *format = cli_value(p, "--format");
    bmp_output_format fmt = BMP_OUT_TABLE;
    if (format && !bmp_output_format_parse(format, &fmt))
        return cli_usage_error(c->prog, p->cmd, "--format: expected table, json or csv, got \"%s\"",
                               format);
    if (n > 2)
        return cli_usage_error(c->prog, p->cmd, "unexpected argument \"%s\"", args[2]);
    if (n < 2)
        return cli_usage_error(c->prog, p->cmd, "expected BODY and TABLE");
    bmp_params params = {0};
    int rc = table_params(c, &params) ? check_options(c, &in, &params) : BMP_EXIT_USAGE;
    if (!rc) {
        bmp_error e = {0};
        bmp_table t;
        bmp_table_init(&t);
        bmp_status st = bmp_scale(in.body, in.table, in.edition, &params, &t, &e);
        if (!st)
            st = bmp_table_write(&t, fmt, stdout, &e);
        if (st)
            rc = cli_fail(&e, st);
        bmp_table_free(&t);
    }
    free_params(&params);
    return rc;
}

static const cli_opt scale_opts[] = {
    CLI_OPT_ID(0, "--edition", 'e', "ED", "the body's edition (default: the newest)"),
    CLI_OPT_ID(0, "--format", 'f', "table|json|csv", "table (default), json or csv"),
    CLI_OPT_END};

const cli_cmd cli_cmds_scale[] = {
    {"scale", "BODY TABLE", "print a regulation table computed by the engine", scale_help,
     scale_opts, 0, CLI_MANY, cmd_scale, CLI_OPEN},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
