/* `bridgemp award` and `bridgemp convert`: JSON events and USEBIO results
 * files in (the format is detected from the content); awards (table, JSON,
 * CSV), USEBIO with MASTER_POINTS, ABF credit files, or a converted file out
 * (docs/usebio.md). */
#include <getopt.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/pipeline.h"
#include "bridgemp/usebio.h"
#include "cli_io.h"
#include "cmd_credit.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_NOTSUP = 3, EXIT_EMPTY = 4 };

static const char *const award_io_help =
    "usage: bridgemp award FILE [--format table|json|csv|usebio|abf-credit] [--explain]\n"
    "                      [--output OUT] [--body BODY] [--edition ED] [--grade G]\n"
    "                      [--classification C] [--status S] [--rating R]\n"
    "                      [--set KEY=VALUE ...] [--sidecar FILE]\n"
    "                      [--mp-form flat|nested] [--check-digit] [--fail-empty]\n"
    "\n"
    "Compute the masterpoint awards of the event in FILE under its body's rules\n"
    "and edition, and print them per contestant and per player.  FILE is a JSON\n"
    "event (docs/event-format.md) or a USEBIO results file (docs/usebio.md),\n"
    "detected from its content, or an ABF credit file (.grn .red .gld .rag),\n"
    "whose lines are shown as awards.\n"
    "\n"
    "  -f, --format FMT   table (default), json, csv; usebio writes the results\n"
    "                     back as USEBIO with MASTER_POINTS filled in, ready to\n"
    "                     upload; abf-credit writes ABF credit files\n"
    "  -x, --explain      show the derivation: factors, intermediate values,\n"
    "                     rounding, and the rule ID and section of each award\n"
    "  -o, --output OUT   write to OUT instead of standard output\n"
    "                     (abf-credit: OUT is a prefix: OUT.grn, OUT.red, OUT.gld)\n"
    "      --check-digit  abf-credit: require ABF mod-11 check digits\n"
    "  --body, --edition, --grade, --classification, --status, --rating,\n"
    "  --set KEY=VALUE, --sidecar FILE\n"
    "                     what a USEBIO file cannot say (options win over the\n"
    "                     sidecar, a JSON object with the event format's fields)\n"
    "  --mp-form FORM     usebio output: flat or nested MASTER_POINTS\n"
    "      --fail-empty   exit 4 when the event is valid but earns nothing (the\n"
    "                     default is exit 0; the reason is printed either way:\n"
    "                     in \"notes\" for JSON, on standard error otherwise)\n"
    "  -h, --help         this help\n";

static const char *const convert_help =
    "usage: bridgemp convert IN OUT [--to json|usebio] [--body BODY] [--edition ED]\n"
    "                        [--grade G] [--classification C] [--status S]\n"
    "                        [--rating R] [--set KEY=VALUE ...] [--sidecar FILE]\n"
    "                        [--mp-form flat|nested]\n"
    "\n"
    "Convert between JSON events and USEBIO.  IN's format is detected from its\n"
    "content; OUT's from --to or its extension (.json, .xml); OUT - is standard\n"
    "output.  Masterpoints a USEBIO file carries travel as contestant params\n"
    "\"mp.<colour>\" (hundredths) and are written back as MASTER_POINTS.\n";

typedef struct io_args {
    bmp_usebio_opts uo;
    const char **set;
    const char *to, *outpath;
    bmp_usebio_mp_form form;
    bmp_output_format fmt;
    bool usebio_out, explain, abf_credit, check_digit, fail_empty;
    const char *pos[2];
    int npos;
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

static int fail_with(const bmp_error *e, bmp_status st)
{
    fprintf(stderr, "bridgemp: %s\n", e->msg[0] ? e->msg : bmp_status_name(st));
    return st == BMP_ENOTSUP ? EXIT_NOTSUP : EXIT_INPUT;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

/* Parse the shared options; returns 0 or an exit code. */
static int parse_args(const char *cmd, int argc, char **argv, io_args *a, int maxpos)
{
    static const struct option opts[] = {
        {"body", required_argument, NULL, 'b'},  {"edition", required_argument, NULL, 'e'},
        {"grade", required_argument, NULL, 'g'}, {"classification", required_argument, NULL, 'c'},
        {"status", required_argument, NULL, 's'}, {"rating", required_argument, NULL, 'r'},
        {"set", required_argument, NULL, 'S'},   {"sidecar", required_argument, NULL, 'C'},
        {"format", required_argument, NULL, 'f'}, {"to", required_argument, NULL, 't'},
        {"mp-form", required_argument, NULL, 'm'}, {"explain", no_argument, NULL, 'x'},
        {"output", required_argument, NULL, 'o'}, {"check-digit", no_argument, NULL, 'k'},
        {"fail-empty", no_argument, NULL, 'E'},   {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    a->set = calloc((size_t)argc + 1, sizeof *a->set);
    if (!a->set)
        return EXIT_INPUT;
    a->uo.set = a->set;
    int c;
    optind = 1;
    opterr = 1;
    while ((c = getopt_long(argc, argv, "-b:e:g:c:s:r:S:C:f:t:m:xo:k", opts, NULL)) != -1) {
        switch (c) {
        case 1:
            if (a->npos >= maxpos) {
                fprintf(stderr, "bridgemp %s: unexpected argument \"%s\"\n", cmd, optarg);
                return EXIT_USAGE;
            }
            a->pos[a->npos++] = optarg;
            break;
        case 'b': a->uo.body = optarg; break;
        case 'e': a->uo.edition = optarg; break;
        case 'g': a->uo.grade = optarg; break;
        case 'c': a->uo.classification = optarg; break;
        case 's': a->uo.status = optarg; break;
        case 'r': a->uo.rating = optarg; break;
        case 'S':
            if (!strchr(optarg, '=') || optarg[0] == '=') {
                fprintf(stderr, "bridgemp %s: --set: expected KEY=VALUE, got \"%s\"\n", cmd,
                        optarg);
                return EXIT_USAGE;
            }
            a->set[a->uo.nset++] = optarg;
            break;
        case 'C': a->uo.sidecar = optarg; break;
        case 'f':
            if (strcmp(optarg, "usebio") == 0)
                a->usebio_out = true;
            else if (strcmp(optarg, "abf-credit") == 0)
                a->abf_credit = true;
            else if (!bmp_output_format_parse(optarg, &a->fmt)) {
                fprintf(stderr,
                        "bridgemp %s: --format: expected table, json, csv, usebio or abf-credit, "
                        "got \"%s\"\n",
                        cmd, optarg);
                return EXIT_USAGE;
            }
            break;
        case 't':
            if (strcmp(optarg, "json") != 0 && strcmp(optarg, "usebio") != 0) {
                fprintf(stderr, "bridgemp %s: --to: expected json or usebio, got \"%s\"\n", cmd,
                        optarg);
                return EXIT_USAGE;
            }
            a->to = optarg;
            break;
        case 'm':
            if (strcmp(optarg, "flat") == 0)
                a->form = BMP_USEBIO_MP_FLAT;
            else if (strcmp(optarg, "nested") == 0)
                a->form = BMP_USEBIO_MP_NESTED;
            else {
                fprintf(stderr, "bridgemp %s: --mp-form: expected flat or nested, got \"%s\"\n",
                        cmd, optarg);
                return EXIT_USAGE;
            }
            break;
        case 'x': a->explain = true; break;
        case 'o': a->outpath = optarg; break;
        case 'k': a->check_digit = true; break;
        case 'E': a->fail_empty = true; break;
        default: return EXIT_USAGE;
        }
    }
    return 0;
}

/* A pipeline (bridgemp/pipeline.h) with the command's options: reading,
 * awarding and formatting are the library's; the CLI parses arguments and
 * handles files. */
static bmp_status open_pipeline(const io_args *a, bmp_pipeline **p, bmp_error *e)
{
    const char *const names[] = {"body", "edition", "grade", "classification",
                                 "status", "rating", "sidecar"};
    const char *const vals[] = {a->uo.body,   a->uo.edition, a->uo.grade, a->uo.classification,
                                a->uo.status, a->uo.rating,  a->uo.sidecar};
    bmp_status st = bmp_pipeline_new(p, e);
    for (size_t i = 0; i < sizeof names / sizeof *names && !st; i++)
        if (vals[i])
            st = bmp_pipeline_set(*p, names[i], vals[i], e);
    for (size_t i = 0; i < a->uo.nset && !st; i++)
        st = bmp_pipeline_set(*p, "set", a->set[i], e);
    if (!st)
        st = bmp_pipeline_set(*p, "explain", a->explain ? "true" : "false", e);
    if (!st)
        st = bmp_pipeline_set(*p, "check-digit", a->check_digit ? "true" : "false", e);
    if (!st && a->form)
        st = bmp_pipeline_set(*p, "mp-form", a->form == BMP_USEBIO_MP_FLAT ? "flat" : "nested",
                              e);
    return st;
}

static bmp_status write_text(const char *path, const char *text, bmp_error *e)
{
    FILE *out = stdout;
    if (path && strcmp(path, "-") != 0 && !(out = fopen(path, "wb")))
        return bmp_error_set(e, BMP_EIO, "%s: cannot write", path);
    bool ok = fputs(text, out) >= 0;
    if (out != stdout)
        ok &= fclose(out) == 0;
    return ok ? BMP_OK : bmp_error_set(e, BMP_EIO, "%s: write error", path ? path : "stdout");
}

int bmp_cli_award(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(award_io_help, stdout);
        return 0;
    }
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    io_args a;
    int rc = parse_args("award", argc, argv, &a, 1);
    if (!rc && a.npos != 1) {
        fputs("bridgemp award: expected exactly one event FILE\n", stderr);
        rc = EXIT_USAGE;
    }
    if (!rc && a.abf_credit && !a.outpath) {
        fputs("bridgemp award: --format abf-credit needs --output PREFIX\n", stderr);
        rc = EXIT_USAGE;
    }
    if (rc) {
        if (rc == EXIT_USAGE)
            fputs(award_io_help, stderr);
        free(a.set);
        return rc;
    }
    bmp_error e = {0};
    bmp_pipeline *p = NULL;
    bmp_status st = open_pipeline(&a, &p, &e);
    if (!st)
        st = bmp_pipeline_read_file(p, a.pos[0], &e);
    if (!st)
        st = bmp_pipeline_award(p, &e);
    if (!st && a.abf_credit) {
        st = bmp_cli_award_credit(bmp_pipeline_event(p), bmp_pipeline_awards(p), a.outpath,
                                  a.check_digit, &e);
    } else if (!st && a.usebio_out) {
        char *doc = NULL;
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_USEBIO, &doc, NULL, &e);
        if (!st)
            st = write_text(a.outpath, doc, &e);
        free(doc);
    } else if (!st) {
        FILE *out = stdout;
        if (a.outpath && !(out = fopen(a.outpath, "w")))
            st = bmp_error_set(&e, BMP_EIO, "%s: cannot write", a.outpath);
        if (!st)
            st = bmp_pipeline_write_stream(p,
                                           a.fmt == BMP_OUT_JSON  ? BMP_PIPE_JSON
                                           : a.fmt == BMP_OUT_CSV ? BMP_PIPE_CSV
                                                                  : BMP_PIPE_TABLE,
                                           out, &e);
        if (out != stdout && out && fclose(out) != 0 && !st)
            st = bmp_error_set(&e, BMP_EIO, "%s: write error", a.outpath);
    }
    /* Say why (docs/output-format.md): JSON carries the reasons in "notes";
     * every other format gets them on standard error. */
    if (!st && (a.fmt != BMP_OUT_JSON || a.usebio_out || a.abf_credit))
        st = bmp_awards_write_reasons(bmp_pipeline_event(p), bmp_pipeline_awards(p), stderr, &e);
    bool empty = !st && bmp_awards_empty(bmp_pipeline_awards(p));
    bmp_pipeline_free(p);
    free(a.set);
    if (st)
        return fail_with(&e, st);
    return empty && a.fail_empty ? EXIT_EMPTY : 0;
}

static bool ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcasecmp(s + a - b, suf) == 0;
}

int bmp_cli_convert(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(convert_help, stdout);
        return 0;
    }
    xmlSetGenericErrorFunc(NULL, quiet_xml);
    io_args a;
    int rc = parse_args("convert", argc, argv, &a, 2);
    if (!rc && a.npos != 2) {
        fputs("bridgemp convert: expected IN and OUT\n", stderr);
        rc = EXIT_USAGE;
    }
    bool usebio = false;
    if (!rc) {
        if (a.to)
            usebio = strcmp(a.to, "usebio") == 0;
        else if (ends_with(a.pos[1], ".xml") || ends_with(a.pos[1], ".usebio"))
            usebio = true;
        else if (!ends_with(a.pos[1], ".json")) {
            fprintf(stderr, "bridgemp convert: cannot tell the format of \"%s\" from its "
                            "extension: give --to json|usebio\n", a.pos[1]);
            rc = EXIT_USAGE;
        }
    }
    if (rc) {
        if (rc == EXIT_USAGE)
            fputs(convert_help, stderr);
        free(a.set);
        return rc;
    }
    bmp_error e = {0};
    bmp_pipeline *p = NULL;
    bmp_status st = open_pipeline(&a, &p, &e);
    if (!st)
        st = bmp_pipeline_read_file(p, a.pos[0], &e);
    if (!st && usebio)
        st = bmp_pipeline_file_awards(p, &e);
    char *text = NULL;
    if (!st)
        st = bmp_pipeline_write_buffer(p, usebio ? BMP_PIPE_USEBIO : BMP_PIPE_EVENT_JSON, &text,
                                       NULL, &e);
    if (!st)
        st = write_text(a.pos[1], text, &e);
    free(text);
    bmp_pipeline_free(p);
    free(a.set);
    return st ? fail_with(&e, st) : 0;
}
