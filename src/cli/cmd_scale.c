/* `bridgemp scale BODY TABLE`: a regulation table computed by the engine
 * (bmp_scale).  Besides --edition and --format a table takes the options it
 * declares (bmp_scale_info.options, where the body defines its tables:
 * --sessions 2, --grade A), listed by `bridgemp bodies BODY`; any other is
 * refused by the library (bmp_scale_check_options) and is a usage error,
 * exit 2, naming the table's options.  A bad value of a declared option is
 * the table's own error (exit 1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli_cmds.h"
#include "cli_io.h"

static const char *const scale_help =
    "Print a regulation table computed by the engine from the regulation's\n"
    "formulas (not copied from print).  'bridgemp bodies' lists the tables,\n"
    "'bridgemp bodies BODY' each table's options, passed as --NAME VALUE\n"
    "(e.g. --status district); one the table does not declare is refused.\n"
    "\n"
    "examples:\n"
    "  bridgemp scale acbl appendix-a --edition 2003\n"
    "  bridgemp scale acbl appendix-c --edition current --format csv\n"
    "  bridgemp scale ebu S --status county --boards 36\n";

/* The table's options as the library checks them; 0, or the exit status
 * (an unknown body or table: exit 1 as bmp_scale says; an option the table
 * does not declare: a usage error naming its options). */
static int check_options(const cli_call *c, const char *body, const char *table,
                         const bmp_params *params)
{
    bmp_error e = {0};
    const bmp_scale_info *s = bmp_scale_find(body, table, &e);
    if (!s)
        return cli_fail(&e, e.code);
    if (!bmp_scale_check_options(s, params, &e))
        return 0;
    char list[512] = "";
    for (const bmp_param_spec *o = s->options; o && o->key; o++)
        snprintf(list + strlen(list), sizeof list - strlen(list), ", --%s", o->key);
    /* the option refused: the first one the library refuses on its own */
    for (size_t i = 0; i < params->count; i++) {
        bmp_params one = {&params->items[i], 1};
        if (bmp_scale_check_options(s, &one, NULL))
            return cli_usage_error(c->prog, c->p->cmd,
                                   "--%s is not an option of %s table %s; its options: "
                                   "--edition, --format%s",
                                   params->items[i].key, body, s->name, list);
    }
    return cli_usage_error(c->prog, c->p->cmd, "%s", e.msg);
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
    const char *body = n > 0 ? args[0] : NULL, *table = n > 1 ? args[1] : NULL;
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
    int rc = table_params(c, &params) ? check_options(c, body, table, &params) : BMP_EXIT_USAGE;
    if (!rc) {
        bmp_error e = {0};
        bmp_table t;
        bmp_table_init(&t);
        bmp_status st = bmp_scale(body, table, cli_value(p, "--edition"), &params, &t, &e);
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
