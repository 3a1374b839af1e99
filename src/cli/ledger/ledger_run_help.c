/* The help of the bodies' runs, generated from their tables
 * (include/bridgemp/ledger_runs.h): `bridgemp ledger NAME --help` and the
 * runs listed in `bridgemp ledger --help`. */
#include <string.h>

#include "bridgemp/rules.h"
#include "cli/ledger/ledger_run_help.h"

/* " --rates RATES.csv", " [--exempt]": option o in a usage line. */
static void usage_opt(FILE *f, const bmp_ledger_run_opt *o)
{
    fprintf(f, " %s%s%s%s%s", o->required ? "" : "[", o->name, o->value ? " " : "",
            o->value ? o->value : "", o->required ? "" : "]");
}

/* The usage line: the arguments, --body, required options first. */
static void usage_line(FILE *f, const char *code, const bmp_ledger_run_spec *s)
{
    fprintf(f, "usage: bridgemp ledger %s%s%s --body %s", s->name, s->args[0] ? " " : "",
            s->args, code);
    for (int required = 1; required >= 0; required--)
        for (size_t i = 0; i < s->nopts; i++)
            if (s->opts[i].required == (required == 1))
                usage_opt(f, &s->opts[i]);
    if (s->kind == BMP_LEDGER_OUT_TABLE)
        fputs(" [--format table|csv|json] [--output FILE]", f);
    else if (s->output)
        fprintf(f, " [--output %s]", s->output);
    if (s->kind == BMP_LEDGER_OUT_RUN)
        fputs(" [--reason R] [--dry-run]", f);
    fputc('\n', f);
}

/* "  --rates RATES.csv   from,code,session: ... (required)". */
static void option_line(FILE *f, const char *name, const char *value, const char *doc,
                        bool required)
{
    char left[64];
    snprintf(left, sizeof left, "%s%s%s", name, value ? " " : "", value ? value : "");
    fprintf(f, "  %-24s %s%s\n", left, doc, required ? " (required)" : "");
}

void cli_run_help(FILE *f, const char *code, const bmp_ledger_run_spec *s)
{
    usage_line(f, code, s);
    fprintf(f, "\n%s (%s): %s.\n", s->name, s->rule, s->doc);
    if (s->help)
        fprintf(f, "\n%s", s->help);
    fputs("\noptions:\n", f);
    option_line(f, "--body", code, "the governing body whose run this is", true);
    for (size_t i = 0; i < s->nopts; i++)
        option_line(f, s->opts[i].name, s->opts[i].value, s->opts[i].doc, s->opts[i].required);
    if (s->kind == BMP_LEDGER_OUT_TABLE) {
        option_line(f, "--format", "table|csv|json", "the table's format (table when absent)",
                    false);
        option_line(f, "--output", "FILE", "write the table to FILE (atomically)", false);
    } else if (s->output) {
        const char *dot = strrchr(s->output, '.');
        option_line(f, "--output", s->output,
                    dot && strcmp(dot, ".csv") == 0 ? "also write the run's lines as CSV"
                                                    : "write the documents there",
                    false);
    }
    if (s->kind == BMP_LEDGER_OUT_RUN)
        option_line(f, "--reason", "R", "why the run is made, kept in its audit entry", false);
    if (s->kind == BMP_LEDGER_OUT_RUN)
        option_line(f, "--dry-run", NULL, "what it would charge and leave out, and its lines; "
                    "nothing written", false);
    fputs("  --db FILE, --who NAME    the ledger, and who is recorded in the audit log\n", f);
}

void cli_run_list(FILE *f)
{
    for (const bmp_rules *const *r = bmp_rules_list(); *r; r++) {
        size_t n = 0;
        const bmp_ledger_run_spec *runs = bmp_ledger_runs((*r)->body, &n);
        if (!n)
            continue;
        fprintf(f, "\nruns of --body %s (%s):\n", (*r)->body, (*r)->name);
        for (size_t i = 0; i < n; i++) {
            char left[64];
            snprintf(left, sizeof left, "%s %s", runs[i].name, runs[i].args);
            fprintf(f, "  %-28s %s (%s)\n", left, runs[i].doc, runs[i].rule);
        }
    }
}
