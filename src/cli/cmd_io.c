/* `bridgemp award`, `bridgemp convert` and `bridgemp validate`: JSON events
 * and USEBIO results files in (the format is detected from the content);
 * awards (table, JSON, CSV), USEBIO with MASTER_POINTS, ABF credit files, or
 * a converted file out (docs/usebio.md).  Inputs are read once ("-" is
 * standard input), outputs written atomically and never over an input
 * (src/cli/cli_files.c); `award` takes several files and directories
 * (src/cli/cli_batch.c). */
#include <errno.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"
#include "bridgemp/pipeline.h"
#include "bridgemp/usebio.h"
#include "cli_batch.h"
#include "cli_cmds.h"
#include "cli_io.h"
#include "cmd_credit.h"

static const char *const award_io_help =
    "Compute the masterpoint awards of the event in FILE under its body's rules\n"
    "and edition, and print them per contestant and per player.  FILE is a JSON\n"
    "event (docs/event-format.md), a USEBIO results file (docs/usebio.md), an NZ\n"
    "Scorer session or an ACBLscore game file (docs/acblscore.md: every event of\n"
    "the file in turn, or --event N), detected from its content, or an ABF\n"
    "credit file (.grn .red .gld .rag),\n"
    "whose lines are shown as awards; - is standard input.  Several FILEs, or\n"
    "a DIR (its *.json and *.xml files, sorted by name), are computed one by\n"
    "one: a failure never stops the others, and a summary on standard error\n"
    "names each file that failed and why.\n"
    "\n"
    "--format usebio writes the results back as USEBIO with MASTER_POINTS filled\n"
    "in, ready to upload (a USEBIO input as read); abf-credit writes ABF credit\n"
    "files: --output OUT is then a prefix (OUT.grn, OUT.red, OUT.gld) or a\n"
    "directory to write DIR/NAME.grn ... where NAME is FILE's name without its\n"
    "extension.  --output-dir DIR writes one output per input, named after it\n"
    "(NAME.txt, .json, .csv, .xml, or NAME.grn/.red/.gld), and is needed for\n"
    "several inputs in any format but table.  --body ... --sidecar say what a\n"
    "USEBIO file cannot (options win over the sidecar, a JSON object with the\n"
    "event format's fields, - for standard input).  --usebio-flavour: abf\n"
    "(Compscore: flat, PLACE a bare integer, explicit 0), ebu (nested, ties\n"
    "\"3=\") or nz (nested, ties \"3\"); default: the body's own.\n"
    "--fail-empty: the reason is printed either way (in \"notes\" for JSON, on\n"
    "standard error otherwise).\n"
    "\n"
    "Every output is written to a temporary file and renamed into place once\n"
    "complete; an output that is one of the inputs is refused.  Inputs must be\n"
    "UTF-8 (a byte-order mark is accepted; USEBIO may declare its encoding).\n"
    "\n"
    "ABF walk-in events (param walk_in_average): the outright places are paid\n"
    "from the field in param \"field\" (the number of pairs, teams or\n"
    "individuals that entered); without it the field is taken from the walk-in\n"
    "tables (x 2 pairs, x 4 individuals, x 1 team), which is smaller than the\n"
    "real entry.  Give it with --set field=N; --explain names which was used.\n"
    "\n"
    "Exit status: 0 every input computed and written; 1 invalid input, a\n"
    "computation error or a failed write (several inputs: any failed); 2 usage\n"
    "error; 3 a rule the input needs is not supported yet (several inputs:\n"
    "every failure was of this kind); 4 with --fail-empty, a valid event that\n"
    "earns nothing.\n";

static const char *const convert_help =
    "Convert between JSON events and USEBIO.  IN's format is detected from its\n"
    "content (IN - is standard input); OUT's from --to or its extension (.json,\n"
    "or .xml/.usebio); OUT - is standard output and needs --to.  OUT is written\n"
    "to a temporary file and renamed into place; OUT may not be IN.\n"
    "Masterpoints a USEBIO file carries travel as contestant params\n"
    "\"mp.<colour>\" (hundredths) and are written back as MASTER_POINTS.\n"
    "An ACBLscore game file (docs/acblscore.md) of several events gives OUT-1.json,\n"
    "OUT-2.json ... (standard output: each in turn) unless --event N.\n"
    "The other options as in 'bridgemp award --help'.\n";

static const char *const validate_help =
    "Check an event file (JSON, docs/event-format.md, or USEBIO with the options\n"
    "of 'bridgemp award'; FILE - is standard input) against its body's rules,\n"
    "and print a summary: the file must load, every params bag must hold only\n"
    "the body's parameters ('bridgemp params BODY') with the right types and\n"
    "values, and the body's award computation must accept the event (the\n"
    "awards are discarded).  Every problem is reported with the file, the JSON\n"
    "path or line and what was expected; the exit code is 1 if the file is\n"
    "invalid, 3 if it needs a rule that is not supported yet.  A player without a\n"
    "valid number (a guest, none, one the body cannot have) is a warning line;\n"
    "--strict-numbers refuses an invalid one.\n";

/* The options given, as bits (which ones a command takes is its table, at the end). */
enum {
    O_USEBIO = 1 << 0, /* --body ... --sidecar */
    O_FORMAT = 1 << 1,
    O_TO = 1 << 2,
    O_MPFORM = 1 << 3,
    O_EXPLAIN = 1 << 4,
    O_OUTPUT = 1 << 5,
    O_OUTDIR = 1 << 6,
    O_CHECK = 1 << 7,
    O_MAX = 1 << 8,
    O_FAILEMPTY = 1 << 9,
    O_FLAVOUR = 1 << 10,
    O_STRICTNUM = 1 << 11, /* issue 43: --strict-numbers (award, validate) */
    O_EVENT = 1 << 12,     /* issue 42: --event N of an ACBLscore game file */
    O_LIMITS = 1 << 13,    /* issue 45: --limits KEY=N,... (bmp_limits) */
};

typedef struct io_args {
    bmp_usebio_opts uo;
    const char **set;
    const char *to, *outpath, *outdir, *format_name, *flavour;
    bmp_usebio_mp_form form;
    bmp_output_format fmt;
    bool usebio_out, explain, abf_credit, check_digit, fail_empty, strict_numbers;
    size_t max_input;
    const char *event; /* --event N, or NULL: every event of the file */
    bmp_limits limits; /* --limits (issue 45); zero fields: the defaults */
    char **pos;
    int npos;
    unsigned given;
    char stdin_dir[CLI_SPOOL_DIR], stdin_side[CLI_SPOOL_PATH]; /* --sidecar -: spooled */
} io_args;

/* libxml2 prints some encoding diagnostics through its generic error
 * handler even with XML_PARSE_NOERROR; the reader reports every problem in
 * its own message, so the CLI silences libxml2's (a per-thread libxml2
 * setting, made here in the program rather than in the library). */
static void quiet_xml(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
}

/* A usage error of the command called: the message, then its help. */
static int usage(const cli_call *c, const char *fmt, const char *arg)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    return cli_usage_error(c->prog, c->p->cmd, "%s", msg);
}

static int parse_opt(const char *cmd, int c, const char *val, io_args *a)
{
    switch (c) {
    case 'b': a->uo.body = val; return O_USEBIO;
    case 'e': a->uo.edition = val; return O_USEBIO;
    case 'g': a->uo.grade = val; return O_USEBIO;
    case 'c': a->uo.classification = val; return O_USEBIO;
    case 's': a->uo.status = val; return O_USEBIO;
    case 'r': a->uo.rating = val; return O_USEBIO;
    case 'C': /* "-": standard input (read by path, so through /dev/stdin) */
        a->uo.sidecar = strcmp(val, "-") == 0 ? "/dev/stdin" : val;
        return O_USEBIO;
    case 'S':
        if (!strchr(val, '=') || val[0] == '=') {
            fprintf(stderr, "bridgemp %s: --set: expected KEY=VALUE, got \"%s\"\n", cmd, val);
            return -1;
        }
        a->set[a->uo.nset++] = val;
        return O_USEBIO;
    case 'f':
        a->format_name = val;
        a->usebio_out = strcmp(val, "usebio") == 0;
        a->abf_credit = strcmp(val, "abf-credit") == 0;
        if (!a->usebio_out && !a->abf_credit && !bmp_output_format_parse(val, &a->fmt)) {
            fprintf(stderr,
                    "bridgemp %s: --format: expected table, json, csv, usebio or abf-credit, "
                    "got \"%s\"\n",
                    cmd, val);
            return -1;
        }
        return O_FORMAT;
    case 't':
        if (strcmp(val, "json") != 0 && strcmp(val, "usebio") != 0) {
            fprintf(stderr, "bridgemp %s: --to: expected json or usebio, got \"%s\"\n", cmd,
                    val);
            return -1;
        }
        a->to = val;
        return O_TO;
    case 'm':
        if (strcmp(val, "flat") == 0)
            a->form = BMP_USEBIO_MP_FLAT;
        else if (strcmp(val, "nested") == 0)
            a->form = BMP_USEBIO_MP_NESTED;
        else {
            fprintf(stderr, "bridgemp %s: --mp-form: expected flat or nested, got \"%s\"\n", cmd,
                    val);
            return -1;
        }
        return O_MPFORM;
    case 'F':
        if (!bmp_usebio_flavour_known(val)) {
            fprintf(stderr, "bridgemp %s: --usebio-flavour: expected abf, ebu or nz, got \"%s\"\n",
                    cmd, val);
            return -1;
        }
        a->flavour = val;
        return O_FLAVOUR;
    case 'x': a->explain = true; return O_EXPLAIN;
    case 'o': a->outpath = val; return O_OUTPUT;
    case 'O': a->outdir = val; return O_OUTDIR;
    case 'k': a->check_digit = true; return O_CHECK;
    case 'E': a->fail_empty = true; return O_FAILEMPTY;
    case 'N': a->strict_numbers = true; return O_STRICTNUM;
    case 'V': a->event = val; return O_EVENT;
    case 'L': return cli_parse_limits(cmd, val, &a->limits) ? O_LIMITS : -1;
    case 'M': return cli_parse_max_input(cmd, val, &a->max_input) ? O_MAX : -1;
    default: return -1;
    }
}

/* --sidecar -: standard input spooled into a private file (the sidecar is
 * read by path more than once: cli_files.c); free_args removes it. */
static int spool_sidecar(const char *cmd, io_args *a)
{
    bmp_error e = {0};
    bmp_status st = cli_spool_stdin(a->max_input, a->stdin_dir, a->stdin_side, &e);
    if (st) {
        fprintf(stderr, "bridgemp %s: --sidecar -: %s\n", cmd, e.msg);
        return BMP_EXIT_INPUT;
    }
    a->uo.sidecar = a->stdin_side;
    return 0;
}

/* The options given (the command's own: its table, cli_parse) and the
 * positional arguments; 0 or an exit code (usage errors print the help). */
static int parse_args(const cli_call *c, io_args *a)
{
    const char *cmd = c->p->cmd->name;
    const cli_parsed *p = c->p;
    memset(a, 0, sizeof *a);
    a->set = calloc(p->ngiven + 1, sizeof *a->set);
    if (!a->set)
        return BMP_EXIT_INPUT;
    a->uo.set = a->set;
    a->pos = (char **)p->pos + p->nwords;
    a->npos = (int)(p->npos - p->nwords);
    for (size_t i = 0; i < p->ngiven; i++) {
        int bit = parse_opt(cmd, p->given[i].opt->id, p->given[i].value, a);
        if (bit < 0) {
            fputc('\n', stderr);
            cli_help(c->prog, p->cmd, stderr);
            return BMP_EXIT_USAGE;
        }
        a->given |= (unsigned)bit;
    }
    /* the inputs: every positional but convert's OUT */
    int nin = strcmp(cmd, "convert") == 0 && a->npos > 1 ? 1 : a->npos;
    for (int i = 0; i < nin && a->uo.sidecar; i++)
        if (strcmp(a->pos[i], "-") == 0 && strcmp(a->uo.sidecar, "/dev/stdin") == 0)
            return usage(c, "%s",
                         "standard input (-) can be read only once: not as both FILE and "
                         "--sidecar");
    return a->uo.sidecar && strcmp(a->uo.sidecar, "/dev/stdin") == 0 ? spool_sidecar(cmd, a) : 0;
}

static void free_args(io_args *a)
{
    free(a->set);
    cli_unspool(a->stdin_dir, a->stdin_side);
}

static bool is_dir(const char *path)
{
    struct stat sb;
    return strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* ---- award ------------------------------------------------------------------ */

static bool ends_in_slash(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && s[n - 1] == '/';
}

static int reads_stdin(const io_args *a)
{
    int n = 0;
    for (int i = 0; i < a->npos; i++)
        n += strcmp(a->pos[i], "-") == 0;
    return n;
}

/* Contradictory or missing options: a message, or NULL. */
static const char *award_contradiction(const io_args *a)
{
    if (a->npos == 0)
        return "expected an event FILE (or several, or a directory)";
    int stdin_n = reads_stdin(a);
    if (stdin_n > 1)
        return "standard input (-) can be read only once";
    if (a->outdir && strcmp(a->outdir, "-") == 0)
        return "--output-dir needs a directory (standard output is --output -)";
    if (a->outpath && a->outdir)
        return "--output and --output-dir contradict each other: give one";
    if ((a->given & O_MPFORM) && !a->usebio_out)
        return "--mp-form applies to --format usebio only";
    if ((a->given & O_FLAVOUR) && !a->usebio_out)
        return "--usebio-flavour applies to --format usebio only";
    if (a->check_digit && !a->abf_credit)
        return "--check-digit applies to --format abf-credit only";
    if (a->explain && (a->usebio_out || a->abf_credit))
        return "--explain applies to --format table, json or csv only";
    if (a->abf_credit && !a->outpath && !a->outdir)
        return "--format abf-credit needs --output PREFIX (or --output-dir DIR): it writes files";
    if (a->abf_credit && a->outpath && strcmp(a->outpath, "-") == 0)
        return "--format abf-credit writes files, not standard output: give --output PREFIX";
    if (a->abf_credit && a->outpath && ends_in_slash(a->outpath) && !is_dir(a->outpath))
        return "--output DIR/: no such directory (the credit files are written into it)";
    if (stdin_n && a->outdir)
        return "--output-dir names each output after its input, and standard input (-) has "
               "no name: use --output";
    return NULL;
}

static const char *format_ext(const io_args *a)
{
    if (a->usebio_out)
        return ".xml";
    switch (a->fmt) {
    case BMP_OUT_JSON: return ".json";
    case BMP_OUT_CSV: return ".csv";
    default: return ".txt";
    }
}

/* The outputs an award of `in` writes to `out` (a file, or a prefix for the
 * three credit files) must not be its inputs. */
static bmp_status check_outputs(const io_args *a, const char *in, const char *out, bmp_error *e)
{
    const char *inputs[2] = {in, a->uo.sidecar};
    if (!a->abf_credit)
        return cli_check_not_input(out ? out : "-", inputs, 2, e);
    bmp_status st = cli_check_not_input("-", inputs, 2, e); /* "wrote ..." lines */
    for (int k = 0; k < 3 && !st; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%s", out, bmp_abf_credit_ext((bmp_abf_credit_kind)k));
        st = cli_check_not_input(path, inputs, 2, e);
    }
    return st;
}

/* A pipeline (bridgemp/pipeline.h) with the command's options: reading
 * (from memory), awarding and formatting are the library's; the CLI parses
 * arguments and handles files. */
static bmp_status open_pipeline(const io_args *a, bmp_pipeline **p, bmp_error *e)
{
    bmp_status st = bmp_pipeline_new(p, e);
    if (!st)
        st = bmp_pipeline_set_usebio(*p, &a->uo, e);
    if (!st)
        st = bmp_pipeline_set(*p, "explain", a->explain ? "true" : "false", e);
    if (!st)
        st = bmp_pipeline_set(*p, "check-digit", a->check_digit ? "true" : "false", e);
    if (!st) /* issue 43: flagged, not refused, unless --strict-numbers */
        st = bmp_pipeline_set(*p, "strict-numbers", a->strict_numbers ? "true" : "false", e);
    if (!st && a->flavour)
        st = bmp_pipeline_set(*p, "usebio-flavour", a->flavour, e);
    if (!st && a->form)
        st = bmp_pipeline_set(*p, "mp-form", a->form == BMP_USEBIO_MP_FLAT ? "flat" : "nested",
                              e);
    if (!st && a->event)
        st = bmp_pipeline_set(*p, "event", a->event, e);
    return st ? st : bmp_pipeline_set_limits(*p, &a->limits, e); /* issue 45 */
}

/* Event k (1-based) of a file that holds several, read again. */
static bmp_status read_event_k(bmp_pipeline *p, const char *in, size_t k, size_t max,
                               bmp_error *e)
{
    char no[24];
    snprintf(no, sizeof no, "%zu", k);
    bmp_status st = bmp_pipeline_set(p, "event", no, e);
    return st ? st : cli_read_pipeline(p, in, max, e);
}

/* convert and validate: an event (JSON or USEBIO, by content) whatever
 * the name says. */
static bmp_status open_event_pipeline(const io_args *a, bmp_pipeline **p, bmp_error *e)
{
    bmp_status st = open_pipeline(a, p, e);
    return st ? st : bmp_pipeline_set(*p, "input", "event", e);
}

static bmp_pipeline_format pipe_format(const io_args *a)
{
    return a->usebio_out            ? BMP_PIPE_USEBIO
           : a->fmt == BMP_OUT_JSON ? BMP_PIPE_JSON
           : a->fmt == BMP_OUT_CSV  ? BMP_PIPE_CSV
                                    : BMP_PIPE_TABLE;
}

/* One event's awards in the output (table: after a line naming the event
 * when the file holds several), written as they are made into *o, opened
 * at the first event's text (after its warnings, as the text was made
 * before): a temporary file renamed at the end, or a spool for standard
 * output (bridgemp/file.h), so the output is still all or nothing. */
static bmp_status award_event(const io_args *a, bmp_pipeline *p, size_t k, size_t n,
                              const char *out, bmp_file_out **o, bool *empty, bmp_error *e)
{
    bmp_status st = bmp_pipeline_award(p, e);
    if (!st) /* issue 43: "2 players without a valid EBU number: lines 41, 77" */
        st = bmp_pipeline_write_warnings(p, stderr, e);
    if (!st && !*o)
        st = bmp_file_out_open(out ? out : "-", o, e);
    FILE *f = bmp_file_out_stream(*o);
    if (!st && n > 1 && pipe_format(a) == BMP_PIPE_TABLE) {
        char head[160];
        int w = snprintf(head, sizeof head, "%s--- event %zu of %zu: %s ---\n", k > 1 ? "\n" : "",
                         k, n, bmp_pipeline_event(p)->name);
        if (w > 0 && (size_t)w < sizeof head && fwrite(head, 1, (size_t)w, f) != (size_t)w)
            st = bmp_error_set(e, BMP_EIO, "write error");
    }
    if (!st)
        st = bmp_pipeline_write_stream(p, pipe_format(a), f, e);
    /* Say why (docs/output-format.md): JSON carries the reasons in "notes";
     * every other format gets them on standard error. */
    if (!st && (a->fmt != BMP_OUT_JSON || a->usebio_out))
        st = bmp_awards_write_reasons(bmp_pipeline_event(p), bmp_pipeline_awards(p), stderr, e);
    if (!st && bmp_awards_empty(bmp_pipeline_awards(p)))
        *empty = true;
    return st;
}

/* Every event of the input (an ACBLscore file may hold several: each in
 * turn, unless --event N), written once. */
static bmp_status award_all(const io_args *a, bmp_pipeline *p, const char *in, const char *out,
                            bool header, bool *empty, bmp_error *e)
{
    size_t n = bmp_pipeline_event_count(p);
    size_t last = a->event ? 1 : n;
    bmp_file_out *o = NULL;
    bmp_status st = BMP_OK;
    for (size_t k = 1; !st && k <= last; k++) {
        if (k > 1)
            st = read_event_k(p, in, k, a->max_input, e);
        if (!st)
            st = award_event(a, p, k, a->event ? 1 : n, out, &o, empty, e);
    }
    if (!st && !o) /* no event: an empty output, as before */
        st = bmp_file_out_open(out ? out : "-", &o, e);
    if (!st && header && printf("==> %s <==\n", in) < 0)
        st = bmp_error_set(e, BMP_EIO, "standard output: write error");
    if (!st) {
        st = bmp_file_out_commit(o, e);
        o = NULL;
    }
    if (!st && header && putchar('\n') == EOF)
        st = bmp_error_set(e, BMP_EIO, "standard output: write error");
    bmp_file_out_abort(o);
    return st;
}

static bmp_status award_one(const io_args *a, const char *in, const char *out, bool header,
                            bool *empty, bmp_error *e)
{
    bmp_status st = check_outputs(a, in, out, e);
    bmp_pipeline *p = NULL;
    if (!st)
        st = open_pipeline(a, &p, e);
    if (!st)
        st = cli_read_pipeline(p, in, a->max_input, e);
    if (!st && a->abf_credit && !a->event && bmp_pipeline_event_count(p) > 1)
        st = bmp_error_set(e, BMP_EINVAL, "%s holds %zu events: --format abf-credit writes one "
                           "event's files: give --event N", in, bmp_pipeline_event_count(p));
    if (!st && a->abf_credit) {
        st = bmp_pipeline_award(p, e);
        if (!st)
            st = bmp_pipeline_write_warnings(p, stderr, e);
        if (!st)
            st = cli_award_credit(bmp_pipeline_event(p), bmp_pipeline_awards(p), out,
                                  a->check_digit, e);
        if (!st)
            st = bmp_awards_write_reasons(bmp_pipeline_event(p), bmp_pipeline_awards(p), stderr,
                                          e);
        if (!st && bmp_awards_empty(bmp_pipeline_awards(p)))
            *empty = true;
    } else if (!st) {
        st = award_all(a, p, in, out, header, empty, e);
    }
    bmp_pipeline_free(p);
    return st;
}

/* Where input i writes: --output-dir/NAME.ext, --output (or its directory
 * for credit files), or standard output (NULL). */
static bmp_status plan_output(const io_args *a, cli_input *it, bmp_error *e)
{
    if (a->outdir)
        it->out = cli_output_name(a->outdir, it->path, a->abf_credit ? "" : format_ext(a));
    else if (a->abf_credit && is_dir(a->outpath))
        it->out = cli_output_name(a->outpath, it->path, "");
    else if (a->outpath && strcmp(a->outpath, "-") != 0)
        it->out = strdup(a->outpath);
    else
        return BMP_OK;
    return it->out ? BMP_OK : bmp_error_oom(e);
}

static int cli_award(void *arg)
{
    const cli_call *c = arg;
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    io_args a;
    int rc = parse_args(c, &a);
    const char *why = rc ? NULL : award_contradiction(&a);
    if (why)
        rc = usage(c, "%s", why);
    cli_batch b = {0};
    bmp_error e = {0};
    if (!rc && cli_batch_expand(&b, a.pos, (size_t)a.npos, &e))
        rc = cli_fail(&e, e.code);
    bool several = !rc && (b.n > 1 || b.dirs);
    b.quiet = several;
    if (!rc && several && a.outpath && !(a.abf_credit && is_dir(a.outpath)))
        rc = usage(c, "%s", "several inputs write several outputs: use --output-dir DIR");
    else if (!rc && several && !a.outdir && !a.abf_credit && a.fmt != BMP_OUT_TABLE)
        rc = usage(c, "%s", "several inputs to standard output only as tables: use --output-dir");
    else if (!rc && a.abf_credit && a.outpath && is_dir(a.outpath) && reads_stdin(&a))
        rc = usage(c, "%s", "--output DIR names the credit files after the input, and standard "
                         "input (-) has no name: give --output PREFIX");
    if (!rc && a.outdir && !is_dir(a.outdir) && mkdir(a.outdir, 0777) != 0) {
        bmp_error_set(&e, BMP_EIO, "%s: cannot create the output directory: %s", a.outdir,
                      strerror(errno));
        rc = cli_fail(&e, BMP_EIO);
    }
    for (size_t i = 0; !rc && i < b.n; i++)
        if (!b.items[i].st && plan_output(&a, &b.items[i], &e))
            rc = cli_fail(&e, e.code);
    bool empty = false;
    if (!rc) {
        cli_batch_dedupe_outputs(&b);
        for (size_t i = 0; i < b.n; i++) {
            cli_input *it = &b.items[i];
            if (!it->st) {
                bmp_error ei = {0};
                bmp_status st = award_one(&a, it->path, it->out, several && !it->out, &empty,
                                           &ei);
                if (st)
                    cli_batch_fail(&b, i, st, ei.msg);
                if (st && !it->out && ferror(stdout)) {
                    /* standard output is gone (closed pipe, full disk): the
                     * rest would fail the same way */
                    cli_batch_skip_rest(&b, i + 1, "standard output failed");
                    break;
                }
            }
            cli_batch_progress(&b, i + 1);
        }
        rc = cli_batch_finish(&b, several);
    }
    if (!rc && empty && a.fail_empty)
        rc = BMP_EXIT_EMPTY;
    cli_batch_free(&b);
    free_args(&a);
    return rc;
}

/* ---- convert ----------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcasecmp(s + a - b, suf) == 0;
}

/* OUT for event k of several: NAME-k.EXT ("-": standard output, each in
 * turn; k 0: OUT itself). */
static bmp_status convert_out(const char *out, size_t k, char *buf, size_t size, bmp_error *e)
{
    const char *slash = strrchr(out, '/'), *dot = strrchr(out, '.');
    if (!k || strcmp(out, "-") == 0)
        dot = NULL, k = 0;
    if (dot && slash && dot < slash)
        dot = NULL;
    int w = !k  ? snprintf(buf, size, "%s", out)
            : dot ? snprintf(buf, size, "%.*s-%zu%s", (int)(dot - out), out, k, dot)
                  : snprintf(buf, size, "%s-%zu", out, k);
    return w >= 0 && (size_t)w < size ? BMP_OK
                                      : bmp_error_set(e, BMP_EINVAL, "%s: name too long", out);
}

/* The event read (k of several, or 0) written to OUT (or its numbered name). */
static bmp_status convert_event(bmp_pipeline *p, const io_args *a, bool usebio, size_t k,
                                bmp_error *e)
{
    char out[4096];
    const char *inputs[2] = {a->pos[0], a->uo.sidecar};
    bmp_status st = convert_out(a->pos[1], k, out, sizeof out, e);
    if (!st && k)
        st = cli_check_not_input(out, inputs, 2, e);
    /* USEBIO out carries the points the input carries (a USEBIO input is
     * written back as read, MASTER_POINTS filled in: UX-1) */
    if (!st && usebio)
        st = bmp_pipeline_file_awards(p, e);
    char *text = NULL;
    size_t len = 0;
    if (!st)
        st = bmp_pipeline_write_buffer(p, usebio ? BMP_PIPE_USEBIO : BMP_PIPE_EVENT_JSON, &text,
                                       &len, e);
    if (!st)
        st = cli_emit(out, text, len, e);
    free(text);
    return st;
}

static int cli_convert(void *arg)
{
    const cli_call *c = arg;
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    io_args a;
    int rc = parse_args(c, &a);
    if (!rc && a.npos != 2)
        rc = usage(c, "%s", "expected IN and OUT");
    bool usebio = false;
    if (!rc) {
        if (a.to)
            usebio = strcmp(a.to, "usebio") == 0;
        else if (ends_with(a.pos[1], ".xml") || ends_with(a.pos[1], ".usebio"))
            usebio = true;
        else if (!ends_with(a.pos[1], ".json"))
            rc = usage(c,
                       "cannot tell the format of \"%s\" from its extension: give --to "
                       "json|usebio",
                       a.pos[1]);
    }
    if (!rc && (a.given & O_MPFORM) && !usebio)
        rc = usage(c, "%s", "--mp-form applies to USEBIO output only");
    if (!rc && (a.given & O_FLAVOUR) && !usebio)
        rc = usage(c, "%s",
                   "--usebio-flavour applies to USEBIO output only");
    if (rc) {
        free_args(&a);
        return rc;
    }
    bmp_error e = {0};
    const char *inputs[2] = {a.pos[0], a.uo.sidecar};
    bmp_status st = cli_check_not_input(a.pos[1], inputs, 2, &e);
    bmp_pipeline *p = NULL;
    if (!st)
        st = open_event_pipeline(&a, &p, &e);
    if (!st)
        st = cli_read_pipeline(p, a.pos[0], a.max_input, &e);
    /* an ACBLscore file of several events: each (OUT-1.json, OUT-2.json
     * ...; standard output: in turn), unless --event N */
    size_t n = st || a.event ? 1 : bmp_pipeline_event_count(p);
    for (size_t k = 1; !st && k <= n; k++) {
        if (k > 1)
            st = read_event_k(p, a.pos[0], k, a.max_input, &e);
        if (!st)
            st = convert_event(p, &a, usebio, n > 1 ? k : 0, &e);
    }
    bmp_pipeline_free(p);
    free_args(&a);
    return st ? cli_fail(&e, st) : 0;
}

/* ---- validate ----------------------------------------------------------------- */

/* The body's checks of the event read (event k of several, or 0): its
 * parameter spec, then its own validation, run as the award computation
 * (the awards are only counted). */
static bmp_status validate_event(bmp_pipeline *p, const char *name, size_t k, bmp_error *e)
{
    const bmp_event *ev = bmp_pipeline_event(p);
    /* The body's checks: its parameter spec (an XML input's errors at the
     * element, issue 43), then its own validation, run as the award
     * computation (the awards are only counted). */
    bmp_status st = bmp_pipeline_check_params(p, e);
    if (!st)
        st = bmp_pipeline_award(p, e); /* errors name the input */
    char which[32] = "";
    if (k)
        snprintf(which, sizeof which, " (event %zu)", k);
    if (!st)
        printf("%s%s: valid %s event \"%s\": %s, %d session(s), %g tables, %zu contestants, "
               "%zu groups, %zu matches, %zu awards\n",
               name, which, ev->body, ev->name, bmp_event_kind_name(ev->kind), ev->sessions,
               ev->tables, ev->ncontestants, ev->ngroups, ev->nmatches,
               bmp_pipeline_awards(p)->count);
    return st;
}

static int cli_validate(void *arg)
{
    const cli_call *c = arg;
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    io_args a;
    int rc = parse_args(c, &a);
    if (!rc && a.npos != 1)
        rc = usage(c, "%s", "expected exactly one event FILE");
    if (rc) {
        free_args(&a);
        return rc;
    }
    bmp_error e = {0};
    const char *name = strcmp(a.pos[0], "-") == 0 ? "standard input" : a.pos[0];
    bmp_pipeline *p = NULL;
    bmp_status st = open_event_pipeline(&a, &p, &e);
    if (!st)
        st = cli_read_pipeline(p, a.pos[0], a.max_input, &e);
    size_t n = st || a.event ? 1 : bmp_pipeline_event_count(p); /* ACBLscore: each event */
    for (size_t k = 1; !st && k <= n; k++) {
        if (k > 1)
            st = read_event_k(p, a.pos[0], k, a.max_input, &e);
        if (!st)
            st = validate_event(p, name, n > 1 ? k : 0, &e);
    }
    for (size_t i = 0, line; !st && i < bmp_pipeline_warning_count(p); i++) { /* issue 43 */
        const char *w = bmp_pipeline_warning(p, i, &line);
        if (line)
            printf("%s:%zu: warning: %s\n", name, line, w);
        else
            printf("%s: warning: %s\n", name, w);
    }
    bmp_pipeline_free(p);
    free_args(&a);
    return st ? cli_fail(&e, st) : 0;
}

/* ---- the commands' table ------------------------------------------------------ */

#define IO_OPT(id, nm, l, v, d) CLI_OPT_ID(id, nm, l, v, d)
/* What a USEBIO file cannot say (award, convert, validate). */
#define USEBIO_OPTS                                                                          \
    IO_OPT('b', "--body", 'b', "BODY", "the governing body"),                                 \
        IO_OPT('e', "--edition", 'e', "ED", "the body's edition"),                            \
        IO_OPT('g', "--grade", 'g', "G", "the event's grade"),                                \
        IO_OPT('c', "--classification", 'c', "C",                                             \
               "the event's classification (ACBL: club-masterpoint, club-championship ...)"),  \
        IO_OPT('s', "--status", 's', "S", "the event's status"),                              \
        IO_OPT('r', "--rating", 'r', "R", "the event's rating"),                              \
        IO_OPT('S', "--set", 'S', "KEY=VALUE",                                                \
               "set an event param (repeatable; e.g. ACBL club game_type=restricted, "        \
               "special=charity: bridgemp params acbl)"),                                     \
        IO_OPT('C', "--sidecar", 'C', "FILE", "a JSON object with the event's fields (- stdin)")
#define MAX_INPUT_OPT                                                                        \
    IO_OPT('M', "--max-input", 'M', "SIZE", "refuse inputs larger than SIZE (default 256M; K, M, G)")
/* issue 43: a player number the body cannot have is flagged unless this is given */
#define STRICT_NUMBERS_OPT                                                                   \
    IO_OPT('N', "--strict-numbers", 0, NULL, "refuse a player number the body cannot have")
#define USEBIO_OUT_OPTS                                                                      \
    IO_OPT('m', "--mp-form", 'm', "flat|nested", "USEBIO output: flat or nested MASTER_POINTS"), \
        IO_OPT('F', "--usebio-flavour", 0, "abf|ebu|nz", "USEBIO output in that program's form")

#define EVENT_OPT                                                                            \
    IO_OPT('V', "--event", 0, "N", "an ACBLscore game file's event N (default: every event)"),  \
        IO_OPT('L', "--limits", 0, "KEY=N,...",                                                \
               "the work an input may ask for: players=16, contestants=10000, "              \
               "credit-lines=100000 (the defaults)")

static const cli_opt award_opts[] = {
    IO_OPT('f', "--format", 'f', "table|json|csv|usebio|abf-credit", "the output's format (table)"),
    IO_OPT('x', "--explain", 'x', NULL, "the derivation: factors, rounding, rule ID of each award"),
    IO_OPT('o', "--output", 'o', "OUT", "write to OUT, not standard output (abf-credit: a prefix)"),
    IO_OPT('O', "--output-dir", 'O', "DIR", "one output per input in DIR (created if missing)"),
    USEBIO_OPTS,
    USEBIO_OUT_OPTS,
    IO_OPT('k', "--check-digit", 'k', NULL, "abf-credit: require ABF mod-11 check digits"),
    MAX_INPUT_OPT,
    IO_OPT('E', "--fail-empty", 0, NULL, "exit 4 when a valid event earns nothing"),
    STRICT_NUMBERS_OPT,
    EVENT_OPT,
    CLI_OPT_END};
static const cli_opt convert_opts[] = {
    IO_OPT('t', "--to", 't', "json|usebio", "OUT's format (else from its extension)"),
    USEBIO_OPTS, USEBIO_OUT_OPTS, MAX_INPUT_OPT, EVENT_OPT, CLI_OPT_END};
static const cli_opt validate_opts[] = {USEBIO_OPTS, MAX_INPUT_OPT, STRICT_NUMBERS_OPT,
                                        EVENT_OPT, CLI_OPT_END};

const cli_cmd cli_cmds_io[] = {
    {"award", "FILE|DIR...",
     "compute the awards of events (JSON, docs/event-format.md,\nUSEBIO results files, "
     "docs/usebio.md, ACBLscore game\nfiles, docs/acblscore.md; a directory: its *.json and\n"
     "*.xml files; - is standard input)",
     award_io_help, award_opts, 0, CLI_MANY, cli_award, 0},
    {"convert", "IN OUT", "convert between JSON events and USEBIO", convert_help, convert_opts, 0,
     CLI_MANY, cli_convert, 0},
    {"validate", "FILE", "check an event file (its body's parameters and rules) and\nsummarise it",
     validate_help, validate_opts, 0, CLI_MANY, cli_validate, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
