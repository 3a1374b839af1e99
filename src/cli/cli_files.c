/* The file handling every bridgemp command shares: inputs read once into
 * memory (with a size limit and a text check) and handed to the pipeline,
 * which alone turns bytes into an event (bridgemp/pipeline.h); standard
 * input spooled for a reader that opens its file twice; outputs named
 * after their inputs, written atomically, never over an input; standard
 * output checked at exit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bridgemp/acblscore.h"
#include "bridgemp/file.h"
#include "bridgemp/nzscorer.h"
#include "cli_io.h"

int cli_exit_of(bmp_status st)
{
    return st == BMP_OK ? BMP_EXIT_OK : st == BMP_ENOTSUP ? BMP_EXIT_NOTSUP : BMP_EXIT_INPUT;
}

int cli_fail(const bmp_error *e, bmp_status st)
{
    fprintf(stderr, "bridgemp: %s\n", e->msg[0] ? e->msg : bmp_status_name(st));
    return cli_exit_of(st);
}

bool cli_parse_limits(const char *cmd, const char *arg, bmp_limits *l)
{
    bmp_error e = {0};
    if (!bmp_limits_parse(arg, l, &e))
        return true;
    fprintf(stderr, "bridgemp %s: --%s\n", cmd, e.msg);
    return false;
}

bool cli_parse_max_input(const char *cmd, const char *arg, size_t *max)
{
    if (bmp_size_parse(arg, max))
        return true;
    fprintf(stderr,
            "bridgemp %s: --max-input: expected a size such as 1048576, 512K, 256M or 2G, "
            "got \"%s\"\n",
            cmd, arg);
    return false;
}

/* UTF-16 (either byte order, with its byte-order mark) whose first
 * character after white space is '<': an XML document. */
static bool utf16_xml_start(const char *buf, size_t len)
{
    const unsigned char *u = (const unsigned char *)buf;
    int le = len < 2                          ? -1
             : u[0] == 0xFF && u[1] == 0xFE ? 1 /* little-endian */
             : u[0] == 0xFE && u[1] == 0xFF ? 0
                                            : -1;
    for (size_t i = 2; le >= 0 && i + 1 < len; i += 2) {
        unsigned c = le ? u[i] | (unsigned)u[i + 1] << 8 : (unsigned)u[i] << 8 | u[i + 1];
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return c == '<';
    }
    return false;
}

/* Read path once, whole, within max bytes, and check it is text:
 * *xml tells USEBIO from JSON, *bom is a UTF-8 byte-order mark to skip. */
static bmp_status read_text(const char *path, const char *name, size_t max, char **buf,
                            size_t *len, size_t *bom, bool *xml, bmp_error *e)
{
    *bom = 0;
    bmp_status st = bmp_file_read(path, max, buf, len, e);
    if (st)
        return st;
    /* A JSON event is UTF-8 (RFC 8259): UTF-16 and invalid UTF-8 are
     * refused.  USEBIO is XML: it may declare another encoding (or be
     * Latin-1, docs/rulings.md U-3), and UTF-16 with its byte-order mark is
     * XML's other required encoding (docs/usebio.md), all decoded by
     * libxml2; UTF-16 without the mark (NUL bytes) is refused. */
    *xml = bmp_usebio_sniff(*buf, *len);
    /* an ACBLscore game file is binary (by its magic, else its name: the
     * reader says what is wrong with it, issue 42) */
    bool binary = bmp_acblscore_sniff(*buf, *len) || bmp_acblscore_name(name);
    if (!binary && !(*xml && utf16_xml_start(*buf, *len)))
        st = bmp_text_check(name, *buf, *len, !*xml, bom, e);
    if (st) {
        free(*buf);
        *buf = NULL;
    }
    return st;
}

/* A JSON event in a regular file, by every reader's sniff: its first byte
 * past blanks '{', neither XML (USEBIO, NZ Scorer) nor an ACBLscore file. */
static bool json_file(const char *path, const char *d, size_t len, bool xml)
{
    struct stat sb;
    size_t i = 0;
    while (i < len && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
        i++;
    return i < len && d[i] == '{' && !xml && !bmp_nzscorer_sniff(d, len) &&
           !bmp_acblscore_sniff(d, len) && !bmp_acblscore_name(path) &&
           strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

bmp_status cli_read_pipeline(bmp_pipeline *p, const char *path, size_t max, bmp_error *e)
{
    const char *name = strcmp(path, "-") == 0 ? "standard input" : path;
    char *buf = NULL;
    size_t len = 0, bom = 0;
    bool xml = false;
    bmp_status st = read_text(path, name, max, &buf, &len, &bom, &xml, e);
    if (!st && json_file(path, buf + bom, len - bom, xml)) {
        /* checked, and read again by the pipeline from the file, which
         * gives the text back as it parses it (bmp_event_load_file; issue
         * 46: 7-14 MB of text beside a 40,000-contestant event's model) */
        free(buf);
        return bmp_pipeline_read_file(p, path, e);
    }
    if (!st)
        st = bmp_pipeline_read_memory(p, buf + bom, len - bom, name, e);
    free(buf);
    return st;
}

/* A reader may open its file more than once (the USEBIO sidecar: before
 * and after mapping the file), and a pipe can be read only once, so
 * standard input is copied into a private file, <tmp>/bridgemp-XXXXXX/stdin,
 * which messages name. */
bmp_status cli_spool_stdin(size_t max, char dir[CLI_SPOOL_DIR], char path[CLI_SPOOL_PATH],
                           bmp_error *e)
{
    char *buf = NULL;
    size_t len = 0;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, CLI_SPOOL_DIR, "%s/bridgemp-XXXXXX",
             tmp && *tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    bmp_status st = bmp_file_read("-", max, &buf, &len, e);
    if (!st && !mkdtemp(dir)) {
        st = bmp_error_set(e, BMP_EIO, "cannot make a directory for --sidecar -: %s: %s", dir,
                           strerror(errno));
        dir[0] = '\0';
    }
    if (!st) {
        snprintf(path, CLI_SPOOL_PATH, "%s/stdin", dir);
        FILE *f = fopen(path, "wb");
        bool ok = f && fwrite(buf, 1, len, f) == len;
        if ((f && fclose(f) != 0) || !ok)
            st = bmp_error_set(e, BMP_EIO, "%s: cannot write --sidecar -: %s", path,
                               strerror(errno));
    }
    free(buf);
    return st;
}

void cli_unspool(char *dir, char *path)
{
    if (path[0])
        unlink(path);
    if (dir[0])
        rmdir(dir);
    path[0] = dir[0] = '\0';
}

/* DIR/NAME + ext, NAME being path's file name without its extension. */
char *cli_output_name(const char *dir, const char *path, const char *ext)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    int bl = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    size_t dl = strlen(dir);
    bool slash = dl > 0 && dir[dl - 1] == '/';
    size_t n = dl + (size_t)bl + strlen(ext) + 2;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s%.*s%s", dir, slash ? "" : "/", bl, base, ext);
    return s;
}

bmp_status cli_check_not_input(const char *out, const char *const *inputs, size_t ninputs,
                               bmp_error *e)
{
    const char *oname = !out || strcmp(out, "-") == 0 ? "-" : out;
    for (size_t i = 0; i < ninputs; i++) {
        if (!inputs[i] || !bmp_file_same(inputs[i], oname))
            continue;
        return bmp_error_set(e, BMP_EINVAL,
                             "%s: refused: the output is the input file %s (nothing written; "
                             "the input is left as it was)",
                             strcmp(oname, "-") == 0 ? "standard output" : oname,
                             strcmp(inputs[i], "-") == 0 ? "standard input" : inputs[i]);
    }
    return BMP_OK;
}

bmp_status cli_emit(const char *path, const char *text, size_t len, bmp_error *e)
{
    return bmp_file_write_atomic(path ? path : "-", text, len, e);
}

int cli_finish_stdout(int rc)
{
    errno = 0;
    bool bad = ferror(stdout) != 0;
    int e = errno;
    if (fflush(stdout) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    if (fclose(stdout) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    if (!bad || rc) /* a failing command has said why already */
        return rc;
    fprintf(stderr, "bridgemp: standard output: write error%s%s\n", e ? ": " : "",
            e ? strerror(e) : "");
    return rc ? rc : BMP_EXIT_INPUT;
}
