/* bridgemp CLI: ABF credit files (Appendix D, G).  Ranks: cmd_rank.c. */
#include "cmd_credit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"
#include "bridgemp/file.h"
#include "cli_io.h"


static const char *const credit_help =
    "usage: bridgemp credit check [--check-digit] [--max-input SIZE] FILE...\n"
    "       bridgemp credit show [--check-digit] [--max-input SIZE] FILE\n"
    "       bridgemp credit merge [--check-digit] [--max-input SIZE] OUT FILE...\n"
    "\n"
    "ABF masterpoint credit files (Masterpoint Scheme Appendix D): .grn, .red,\n"
    ".gld (13 digits a line: ABF number 7 + award 6 in hundredths), .rag and the\n"
    "legacy .mp5 (19 digits: ABF number 7 + red 6 + green 6).\n"
    "\n"
    "  check   report every malformed line as FILE:LINE: message (exit 1 if any)\n"
    "  show    list the credits and the file's total credits\n"
    "  merge   merge files of the same colour into OUT, summing per ABF number\n"
    "\n"
    "  --check-digit   also require the ABF mod-11 check digit (docs/rulings.md)\n"
    "  --max-input SIZE  refuse a file larger than SIZE (default 256M; K, M, G)\n"
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

int cli_credit(int argc, char **argv)
{
    bool check = false;
    size_t max = 0;
    int nargs = 0;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        return BMP_EXIT_INPUT;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(credit_help, stdout);
            free(args);
            return 0;
        }
        if (strcmp(argv[i], "--check-digit") == 0)
            check = true;
        else if (strcmp(argv[i], "--max-input") == 0 || strncmp(argv[i], "--max-input=", 12) == 0) {
            const char *v = argv[i][11] == '=' ? argv[i] + 12 : i + 1 < argc ? argv[++i] : "";
            if (!cli_parse_max_input("credit", v, &max)) {
                fprintf(stderr, "\n%s", credit_help);
                free(args);
                return BMP_EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--") == 0) {
            while (++i < argc)
                args[nargs++] = argv[i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "bridgemp credit: unknown option %s\n%s", argv[i], credit_help);
            free(args);
            return BMP_EXIT_USAGE;
        } else
            args[nargs++] = argv[i];
    }
    const char *sub = nargs ? args[0] : NULL;
    int rc = 0;
    if (sub && strcmp(sub, "check") == 0 && nargs >= 2) {
        for (int i = 1; i < nargs; i++) {
            bmp_abf_credit_file f;
            if (!load(args[i], check, max, &f, &rc))
                print_totals(stdout, args[i], &f);
            bmp_abf_credit_free(&f);
        }
    } else if (sub && strcmp(sub, "show") == 0 && nargs == 2) {
        bmp_abf_credit_file f;
        if (!load(args[1], check, max, &f, &rc)) {
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
            print_totals(stdout, args[1], &f);
        }
        bmp_abf_credit_free(&f);
    } else if (sub && strcmp(sub, "merge") == 0 && nargs >= 3) {
        rc = merge(args[1], (const char *const *)args + 2, (size_t)nargs - 2, check, max);
    } else {
        fputs(credit_help, stderr);
        rc = BMP_EXIT_USAGE;
    }
    free(args);
    return rc;
}

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
