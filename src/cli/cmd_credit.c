/* bridgemp CLI: ABF credit files (Appendix D, G).  Ranks: cmd_rank.c. */
#include "cmd_credit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"
#include "bridgemp/file.h"
#include "cli_cmds.h"
#include "cli_io.h"


static const char *const credit_help =
    "ABF masterpoint credit files (Masterpoint Scheme Appendix D): .grn, .red,\n"
    ".gld (13 digits a line: ABF number 7 + award 6 in hundredths), .rag and the\n"
    "legacy .mp5 (19 digits: ABF number 7 + red 6 + green 6).\n"
    "\n"
    "A file's colour comes from its extension.  merge writes OUT to a temporary\n"
    "file renamed into place when complete; OUT may not be one of the FILEs;\n"
    "OUT - writes to standard output (the colour of the first FILE).\n";

static int print_problems(const char *path, const bmp_abf_credit_file *f)
{
    for (size_t i = 0; i < f->nproblems; i++) {
        if (f->problems[i].line)
            printf("%s:%zu: %s\n", path, f->problems[i].line, f->problems[i].msg);
        else
            printf("%s: %s\n", path, f->problems[i].msg);
    }
    return f->nproblems ? 1 : 0;
}

/* Read one file once, whole (within max bytes); on a whole-file error
 * (extension, I/O) print it. */
static bmp_status load(const char *path, bool check, size_t max, bmp_abf_credit_file *f,
                       int *rc)
{
    bmp_abf_credit_opts o = {.size = sizeof o, .check_digit = check};
    bmp_error e = {0};
    bmp_abf_credit_kind kind = BMP_ABF_CREDIT_GREEN;
    bmp_abf_credit_init(f, kind);
    char *buf = NULL;
    size_t len = 0;
    bmp_status st =
        strcmp(path, "-") == 0
            ? bmp_error_set(&e, BMP_EINVAL,
                            "standard input: a credit file's colour comes from its extension "
                            "(.grn, .red, .gld, .rag): give the file's name")
            : bmp_abf_credit_kind_of(path, &kind, &e);
    if (!st)
        st = bmp_file_read(path, max, &buf, &len, &e);
    if (!st) {
        f->kind = kind;
        st = bmp_abf_credit_parse(buf, len, &o, f, &e);
    }
    free(buf);
    if (st == BMP_EPARSE) {
        print_problems(path, f);
        *rc = *rc ? *rc : BMP_EXIT_INPUT;
    } else if (st) {
        fprintf(stderr, "bridgemp: %s\n", e.msg);
        *rc = cli_exit_of(st);
    }
    return st;
}

static void print_totals(FILE *out, const char *path, const bmp_abf_credit_file *f)
{
    bmp_points p, g;
    char a[32], b[32];
    bmp_abf_credit_totals(f, &p, &g);
    bmp_points_format(p, a, sizeof a);
    if (f->kind == BMP_ABF_CREDIT_RAG) {
        bmp_points_format(g, b, sizeof b);
        fprintf(out, "%s: %zu credits, red %s, green %s\n", path, f->nrecs, a, b);
    } else {
        fprintf(out, "%s: %zu credits, %s %s\n", path, f->nrecs,
               f->kind == BMP_ABF_CREDIT_GREEN ? "green"
               : f->kind == BMP_ABF_CREDIT_RED ? "red"
                                               : "gold",
               a);
    }
}

/* credit merge OUT FILE...: OUT refused if it is one of the FILEs (before
 * anything is read or written), then written atomically. */
static int merge(const char *outpath, const char *const *in, size_t nin, bool check, size_t max)
{
    bool to_stdout = strcmp(outpath, "-") == 0;
    bmp_abf_credit_kind kind = BMP_ABF_CREDIT_GREEN;
    bmp_error e = {0};
    bmp_status st = cli_check_not_input(outpath, in, nin, &e);
    if (!st && !to_stdout)
        st = bmp_abf_credit_kind_of(outpath, &kind, &e);
    else if (!st && strcmp(in[0], "-") != 0)
        st = bmp_abf_credit_kind_of(in[0], &kind, &e);
    bmp_abf_credit_file out;
    bmp_abf_credit_init(&out, kind);
    int rc = 0;
    for (size_t i = 0; i < nin && !st && !rc; i++) {
        bmp_abf_credit_file f;
        if (!load(in[i], check, max, &f, &rc))
            st = bmp_abf_credit_merge(&out, &f, &e);
        bmp_abf_credit_free(&f);
    }
    for (size_t i = 0; i < out.nrecs; i++)
        out.recs[i].crlf = true; /* DOS text, as App. D recommends */
    char *text = NULL;
    size_t len = 0;
    if (!st && !rc && !(st = bmp_abf_credit_format(&out, &text, &len, &e)))
        st = cli_emit(outpath, text, len, &e);
    free(text);
    if (st) {
        fprintf(stderr, "bridgemp credit merge: %s\n", e.msg);
        rc = cli_exit_of(st);
    } else if (!rc) {
        print_totals(to_stdout ? stderr : stdout, to_stdout ? "standard output" : outpath, &out);
    }
    bmp_abf_credit_free(&out);
    return rc;
}

/* The options every credit command takes, and its FILE arguments. */
static void credit_args(const cli_call *c, bool *check, size_t *max, const char *const **args,
                        size_t *n, int *rc)
{
    const cli_parsed *p = c->p;
    *check = cli_value(p, "--check-digit") != NULL;
    *max = 0;
    const char *v = cli_value(p, "--max-input");
    if (v && !cli_parse_max_input("credit", v, max)) {
        fputc('\n', stderr);
        cli_help(c->prog, p->cmd, stderr);
        *rc = BMP_EXIT_USAGE;
    }
    *args = p->pos + p->nwords;
    *n = p->npos - p->nwords;
}

static int credit_check(void *arg)
{
    bool check;
    size_t max, n;
    const char *const *args;
    int rc = 0;
    credit_args(arg, &check, &max, &args, &n, &rc);
    for (size_t i = 0; !rc && i < n; i++) {
        bmp_abf_credit_file f;
        if (!load(args[i], check, max, &f, &rc))
            print_totals(stdout, args[i], &f);
        bmp_abf_credit_free(&f);
    }
    return rc;
}

static int credit_show(void *arg)
{
    bool check;
    size_t max, n;
    const char *const *args;
    int rc = 0;
    credit_args(arg, &check, &max, &args, &n, &rc);
    if (rc)
        return rc;
    bmp_abf_credit_file f;
    if (!load(args[0], check, max, &f, &rc)) {
        char a[32], b[32];
        for (size_t i = 0; i < f.nrecs; i++) {
            bmp_points_format(f.recs[i].points, a, sizeof a);
            if (f.kind == BMP_ABF_CREDIT_RAG) {
                bmp_points_format(f.recs[i].green, b, sizeof b);
                printf("%s  red %8s  green %8s\n", f.recs[i].abf, a, b);
            } else {
                printf("%s  %8s\n", f.recs[i].abf, a);
            }
        }
        print_totals(stdout, args[0], &f);
    }
    bmp_abf_credit_free(&f);
    return rc;
}

static int credit_merge(void *arg)
{
    bool check;
    size_t max, n;
    const char *const *args;
    int rc = 0;
    credit_args(arg, &check, &max, &args, &n, &rc);
    return rc ? rc : merge(args[0], args + 1, n - 1, check, max);
}

#define CREDIT_OPTS                                                                          \
    CLI_OPT_ID(0, "--check-digit", 0, NULL, "also require the ABF mod-11 check digit"),       \
        CLI_OPT_ID(0, "--max-input", 0, "SIZE", "refuse a file larger than SIZE (default 256M; K, M, G)")
static const cli_opt credit_opts[] = {CREDIT_OPTS, CLI_OPT_END};

const cli_cmd cli_cmds_credit[] = {
    {"credit", "CMD", "check, show or merge ABF credit files (.grn .red .gld .rag)", credit_help,
     NULL, 0, 0, NULL, 0},
    {"credit check", "FILE...", "report every malformed line as FILE:LINE: message", credit_help,
     credit_opts, 1, CLI_MANY, credit_check, 0},
    {"credit show", "FILE", "list the credits and the file's total credits", credit_help,
     credit_opts, 1, 1, credit_show, 0},
    {"credit merge", "OUT FILE...", "merge files of one colour into OUT, summing per ABF number",
     credit_help, credit_opts, 2, CLI_MANY, credit_merge, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};

bmp_status cli_award_credit(const bmp_event *ev, const bmp_awards *aw, const char *prefix,
                            bool check_digit, bmp_error *err)
{
    bmp_abf_credit_opts o = {.size = sizeof o, .check_digit = check_digit};
    unsigned written = 0;
    bmp_status st = bmp_abf_credit_write_opts(ev, aw, prefix, &o, &written, err);
    if (st)
        return st;
    for (int k = 0; k < 3; k++)
        if (written & (1u << k))
            printf("wrote %s.%s\n", prefix, bmp_abf_credit_ext((bmp_abf_credit_kind)k));
    if (!written)
        printf("no green, red or gold awards: no credit file written\n");
    return BMP_OK;
}
