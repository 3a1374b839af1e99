/* bridgemp bodies [BODY]: the governing bodies, and everything one body
 * defines, listed from its bmp_rules (no per-body code).  A body's listing
 * is a table of sections: add a section (e.g. the parameter spec) by adding
 * a printer to `sections`. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli_cmds.h"

static const char *const bodies_help =
    "Without BODY: list the governing bodies, their editions and tables.\n"
    "With BODY (acbl, ebu, abf, nzb): everything the body defines: editions,\n"
    "regulation tables, point types and how they combine, player numbers,\n"
    "ranks and other functions ('bridgemp rank BODY --help').\n";

static void print_editions(const bmp_rules *r, FILE *out)
{
    for (size_t i = 0; r->editions[i]; i++)
        fprintf(out, "  edition %-8s %s%s\n", r->editions[i],
                r->edition_docs ? r->edition_docs[i] : "", i == 0 ? " (default)" : "");
}

/* Each table, with the options it declares ("; options --status, --boards"). */
static void print_tables(const bmp_rules *r, FILE *out)
{
    for (const bmp_scale_info *s = r->scales; s && s->name; s++) {
        fprintf(out, "  table   %-12s %s", s->name, s->description);
        for (const bmp_param_spec *o = s->options; o && o->key; o++)
            fprintf(out, "%s--%s", o == s->options ? "; options " : ", ", o->key);
        fputc('\n', out);
    }
}

/* With BODY: each table's options, one line each (name, values, default, doc). */
static void print_table_options(const bmp_rules *r, FILE *out)
{
    for (const bmp_scale_info *s = r->scales; s && s->name; s++) {
        if (!s->options || !s->options->key)
            continue;
        /* a list shared with the table before is said once */
        if (s != r->scales && s[-1].options == s->options)
            continue;
        fprintf(out, "options of table %s", s->name);
        for (const bmp_scale_info *t = s + 1; t->name && t->options == s->options; t++)
            fprintf(out, ", %s", t->name);
        fputs(":\n", out);
        for (const bmp_param_spec *o = s->options; o->key; o++) {
            fprintf(out, "  --%-13s %s", o->key, o->doc);
            if (o->values)
                fprintf(out, "; %s", o->values);
            if (o->dflt)
                fprintf(out, "; default %s", o->dflt);
            fprintf(out, "%s%s%s\n", o->rule ? " (" : "", o->rule ? o->rule : "",
                    o->rule ? ")" : "");
        }
    }
}

static void print_point_types(const bmp_rules *r, FILE *out)
{
    fprintf(out, "point types (%s):\n", r->total_doc ? r->total_doc : "");
    for (const bmp_point_type *t = r->point_types; t && t->name; t++) {
        char usebio[96] = "";
        for (const char *const *u = t->usebio_types; u && *u; u++) {
            strncat(usebio, u == t->usebio_types ? "" : "/", sizeof usebio - strlen(usebio) - 1);
            strncat(usebio, *u, sizeof usebio - strlen(usebio) - 1);
        }
        char weight[32];
        if (t->total_weight)
            snprintf(weight, sizeof weight, "x%d in the total", t->total_weight);
        else
            snprintf(weight, sizeof weight, "outside the total");
        fprintf(out, "  %-9s %s (%s): %s, %s, %s; %s (%s); USEBIO %s%s\n", t->name, t->label,
                t->colour, t->unit == BMP_UNIT_WHOLE ? "whole points" : "hundredths", weight,
                t->rank ? "counts for rank" : "no part in rank", t->combine, t->rule, usebio,
                t->usebio_unit == BMP_UNIT_WHOLE ? " (whole points in the file)" : "");
    }
}

static void print_player_ids(const bmp_rules *r, FILE *out)
{
    fprintf(out, "player numbers: %s\n", r->player_id_doc ? r->player_id_doc : "-");
}

static void print_ranks(const bmp_rules *r, FILE *out)
{
    bmp_rank_info info;
    if (!r->rank_info || !r->rank_info(0, &info)) {
        bmp_holding h = {0};
        bmp_rank k;
        bmp_error e = {0};
        bmp_rules_rank(r, &h, &k, &e);
        fprintf(out, "ranks: %s\n", e.msg[0] ? e.msg : "none");
        return;
    }
    fprintf(out, "ranks ('bridgemp rank %s --help'):\n", r->body);
    for (int i = 0; r->rank_info(i, &info); i++)
        fprintf(out, "  %2d %-28s %s\n", i, info.name, info.requires);
    for (const bmp_rank_input *in = r->rank_inputs; in && in->name; in++)
        fprintf(out, "  input %s: %s (%s)\n", in->name, in->doc, in->rule);
}

static void print_functions(const bmp_rules *r, FILE *out)
{
    if (!r->admin || !r->admin[0].name)
        return;
    fprintf(out, "functions ('bridgemp rank %s FUNCTION'):\n", r->body);
    for (const bmp_admin_fn *f = r->admin; f->name; f++) {
        fprintf(out, "  %-14s %s (%s, %s); options", f->name, f->doc, f->rule, f->section);
        for (const bmp_admin_arg *a = f->args; a && a->name; a++)
            fprintf(out, " --%s", a->name);
        fputc('\n', out);
    }
}

/* The sections of `bridgemp bodies BODY`, in order. */
static void (*const sections[])(const bmp_rules *, FILE *) = {
    print_editions, print_tables, print_table_options, print_point_types, print_player_ids,
    print_ranks, print_functions,
};

static void print_body(const bmp_rules *r, FILE *out)
{
    fprintf(out, "%s  %s\n", r->body, r->name);
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        sections[i](r, out);
}

static int cli_bodies(void *arg)
{
    const cli_call *c = arg;
    const cli_parsed *p = c->p;
    size_t n = p->npos - p->nwords;
    const char *const *args = p->pos + p->nwords;
    if (n > 1)
        return cli_usage_error(c->prog, p->cmd, "unexpected argument \"%s\"", args[1]);
    if (n == 1) {
        const bmp_rules *r = bmp_rules_find(args[0]);
        if (!r)
            return cli_usage_error(c->prog, p->cmd, "unknown body \"%s\"", args[0]);
        print_body(r, stdout);
        return 0;
    }
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++) {
        printf("%s  %s\n", (*r)->body, (*r)->name);
        print_editions(*r, stdout);
        print_tables(*r, stdout);
    }
    return 0;
}

const cli_cmd cli_cmds_bodies[] = {
    {"bodies", "[BODY]",
     "list governing bodies, editions and tables; with BODY\nits point types, player numbers, "
     "ranks and functions",
     bodies_help, NULL, 0, CLI_MANY, cli_bodies, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
