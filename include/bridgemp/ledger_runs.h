/* Each governing body's administration runs over the ledger, as a table
 * (the way bmp_rules describes a body's awards): the run's name (the CLI
 * subcommand), its rule ID, one line of doc, its positional arguments and
 * options, and one generic entry point.  A command line or a server builds
 * its commands or routes from the table instead of knowing the bodies.
 *
 *   size_t n;
 *   const bmp_ledger_run_spec *runs = bmp_ledger_runs("abf", &n);
 *   const bmp_ledger_run_spec *cap = bmp_ledger_run_find("abf", "capitation");
 *   const char *pos[] = {"2025"};
 *   bmp_ledger_run_in in = {sizeof in, pos, 1, NULL, NULL};
 *   bmp_ledger_run_out out = {sizeof out};
 *   cap->run(l, "abf", &in, &out, NULL, &err);   // out.text: what to print
 *   bmp_ledger_run_out_free(&out);
 *
 * The named public functions (bmp_ledger_capitation_run, ...) stay: each
 * entry of the table is a thin adapter over one of them. */
#ifndef BRIDGEMP_LEDGER_RUNS_H
#define BRIDGEMP_LEDGER_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One option of a run: name "--rates", value placeholder "FILE.csv" (NULL:
 * a flag, given as any non-NULL value), whether it is required, one line.
 * The options every run shares are not listed: the body (the `body`
 * argument), --output (the spec's `output`, or the rendered table's file)
 * and, for a table, the caller's --format. */
typedef struct bmp_ledger_run_opt {
    const char *name, *value, *doc;
    bool required;
} bmp_ledger_run_opt;

/* What a run is given.  pos: the positional arguments (without the run's
 * name), npos of them; opts: one value per option of the spec, parallel to
 * spec->opts, NULL when absent (opts itself may be NULL when none is
 * given); output: the spec's `output` file (NULL: none). */
typedef struct bmp_ledger_run_in {
    size_t size;  /* sizeof(bmp_ledger_run_in), for versioning */
    const char *const *pos;
    size_t npos;
    const char *const *opts;
    const char *output;
} bmp_ledger_run_in;

typedef enum bmp_ledger_run_kind {
    BMP_LEDGER_OUT_TEXT,   /* a line of text only (a record, a count) */
    BMP_LEDGER_OUT_RUN,    /* a charge run: `run` filled, and `text` */
    BMP_LEDGER_OUT_TABLE,  /* a table: `table`, to render as the caller's format */
} bmp_ledger_run_kind;

/* What a run gives back.  `text` (malloc'ed) is the line the bridgemp CLI
 * prints for it, without the newline; NULL for a table.  Free with
 * bmp_ledger_run_out_free. */
typedef struct bmp_ledger_run_out {
    size_t size;  /* sizeof(bmp_ledger_run_out), for versioning */
    bmp_ledger_run_kind kind;
    bmp_ledger_run run;
    bmp_table table;
    char *text;
} bmp_ledger_run_out;

typedef struct bmp_ledger_run_spec bmp_ledger_run_spec;

/* Every run has this signature; `body` is checked against the body whose
 * table holds the run (EINVAL naming that body's runs otherwise). */
typedef bmp_status (*bmp_ledger_run_fn)(bmp_ledger *l, const char *body,
                                        const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                                        bmp_problems *probs, bmp_error *err);

struct bmp_ledger_run_spec {
    const char *name;  /* the subcommand: "capitation" */
    const char *rule;  /* its regulation: "ABF-111" */
    const char *args;  /* the positional arguments' usage: "YEAR" */
    const char *doc;   /* one line */
    size_t npos;       /* how many positional arguments */
    const bmp_ledger_run_opt *opts;
    size_t nopts;
    /* The run's own --output: its lines written as CSV ("FILE.csv"), or a
     * directory of documents ("DIR"), or a document ("FILE"); NULL when the
     * run gives a table, which the caller renders and writes itself. */
    const char *output;
    bmp_ledger_run_fn run;
    /* What it gives back: a charge run, a table (rendered by the caller:
     * the CLI's --format and --output), or a line of text. */
    bmp_ledger_run_kind kind;
    /* More about the run for its help (`bridgemp ledger NAME --help`):
     * paragraphs, each line ending in a newline; NULL: the doc says all. */
    const char *help;
};

/* The runs of `body` (a code such as "abf", any case; "nz" for "nzb"), *n
 * of them; NULL and 0 for an unknown body or one without runs. */
const bmp_ledger_run_spec *bmp_ledger_runs(const char *body, size_t *n);

/* The run `name` of `body`, NULL if that body has none of that name. */
const bmp_ledger_run_spec *bmp_ledger_run_find(const char *body, const char *name);

/* Find and call run `name` of `body`: EINVAL naming the body's runs when it
 * has none of that name, and for the wrong number of arguments or a missing
 * required option. */
bmp_status bmp_ledger_run_call(bmp_ledger *l, const char *body, const char *name,
                               const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                               bmp_problems *probs, bmp_error *err);

/* bmp_ledger_run_call with the secretary's reason (issue 29: every
 * back-office action has one): kept in the audit entry of the charge run
 * the call makes, beside who ("charge run 7: abf capitation 2026, 4
 * line(s), 9320 cents (ABF-111): REASON").  NULL or "": none, as
 * bmp_ledger_run_call.  Text checked as a rejection's (control characters,
 * length).  EINVAL for a reason given to a run that makes no charge run
 * (a table, a line of text): it would be kept nowhere.  A charge run made
 * before changes nothing and writes no entry. */
bmp_status bmp_ledger_run_call_why(bmp_ledger *l, const char *body, const char *name,
                                   const bmp_ledger_run_in *in, const char *reason,
                                   bmp_ledger_run_out *out, bmp_problems *probs,
                                   bmp_error *err);

/* What charge run `name` of `body` would do, nothing written (issue 44: a
 * preview says what it will charge and what it leaves out): the run is
 * made as bmp_ledger_run_call makes it, in its transaction, then rolled
 * back; its --output is not written.  out->run: lines, total, and what it
 * leaves out (skipped, skipped_why); id 0, or, when the run of that period
 * was made before (already), that run's number.  *lines (initialised by
 * the caller, bmp_table_init): the lines it would charge, or those of the
 * run made before, as club, club_name, player, batch, rule, charge, cents.
 * out->text: "ums 2026-07: a preview, nothing written: 3 line(s), total
 * 12.34" and "leaves out:" with one line each.  A run that would fail
 * answers its error, as the run would.  EINVAL for a run that makes no
 * charge run.  Needs the write lock as a run does. */
bmp_status bmp_ledger_run_preview(bmp_ledger *l, const char *body, const char *name,
                                  const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                                  bmp_table *lines, bmp_problems *probs, bmp_error *err);

/* Free what a run gave back (its table and text); it may be reused. */
void bmp_ledger_run_out_free(bmp_ledger_run_out *out);

#ifdef __cplusplus
}
#endif
#endif
