/* ABF masterpoint credit files (Masterpoint Scheme Appendix D; ABF-117..120)
 * holding ABF numbers (ABF-93).
 *
 * A credit file is plain ASCII, one record per line, digits only: 13 digits
 * (ABF number 7 + award 6, in hundredths) for .grn/.red/.gld, 19 digits
 * (ABF number 7 + red 6 + green 6) for .rag and the legacy .mp5.  The
 * reader reports every malformed line; the writer turns computed awards into
 * one file per colour.  ABF numbers are checked by the body
 * (src/abf/numbers.c, bmp_abf_number_validate). */
#include "bridgemp/abf.h"
#include "bridgemp/file.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/util.h"

#define MAX_AWARD 999999 /* 6 digits of hundredths: 9999.99 */

/* ---- File kinds (App. D "Naming the Files") ------------------------------ */

static const char *const exts[] = {"grn", "red", "gld", "rag"};

const char *bmp_abf_credit_ext(bmp_abf_credit_kind k)
{
    return exts[k];
}

int bmp_abf_credit_width(bmp_abf_credit_kind k)
{
    return k == BMP_ABF_CREDIT_RAG ? 19 : 13;
}

bmp_status bmp_abf_credit_kind_of(const char *path, bmp_abf_credit_kind *kind, bmp_error *err)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    if (!dot)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: no extension: expected .grn, .red, .gld, .rag or .mp5 (App. D)",
                             path);
    const char *e = dot + 1;
    for (int k = 0; k < 4; k++)
        if (strcasecmp(e, exts[k]) == 0) {
            *kind = (bmp_abf_credit_kind)k;
            return BMP_OK;
        }
    /* ".mp5 or .rag" hold red and green; the other legacy .mp? names are
     * "still supported" but App. D does not say which colour each holds. */
    if (strcasecmp(e, "mp5") == 0) {
        *kind = BMP_ABF_CREDIT_RAG;
        return BMP_OK;
    }
    if (strlen(e) == 3 && strncasecmp(e, "mp", 2) == 0) {
        bmp_not_supported(err, "legacy credit file colour", "ABF-119", "App. D",
                          "App. D names only .mp5 (red and green); convert with NAT4WIN or "
                          "rename to .grn/.red/.gld");
        bmp_error_prefix(err, "%s: ", path);
        return BMP_ENOTSUP;
    }
    return bmp_error_set(err, BMP_EINVAL,
                         "%s: extension .%s is not a credit file: expected .grn, .red, .gld, "
                         ".rag or .mp5 (App. D)",
                         path, e);
}

/* ---- The file in memory --------------------------------------------------- */

void bmp_abf_credit_init(bmp_abf_credit_file *f, bmp_abf_credit_kind kind)
{
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->final_newline = true;
}

void bmp_abf_credit_free(bmp_abf_credit_file *f)
{
    if (!f)
        return;
    free(f->recs);
    free(f->problems);
    memset(f, 0, sizeof *f);
}

static bmp_status push_rec(bmp_abf_credit_file *f, const bmp_abf_credit_rec *r)
{
    bmp_abf_credit_rec *n = core_grow(f->recs, &f->cap, f->nrecs, sizeof *n);
    if (!n)
        return BMP_ENOMEM;
    f->recs = n;
    f->recs[f->nrecs++] = *r;
    return BMP_OK;
}

static bmp_status problem(bmp_abf_credit_file *f, size_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bmp_status problem(bmp_abf_credit_file *f, size_t line, const char *fmt, ...)
{
    bmp_abf_credit_problem *n = core_grow(f->problems, &f->pcap, f->nproblems, sizeof *n);
    if (!n)
        return BMP_ENOMEM;
    f->problems = n;
    bmp_abf_credit_problem *p = &f->problems[f->nproblems++];
    p->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->msg, sizeof p->msg, fmt, ap);
    va_end(ap);
    return BMP_OK;
}

bmp_status bmp_abf_credit_add(bmp_abf_credit_file *f, const char *abf, bmp_points points,
                              bmp_points green, bool crlf, bmp_error *err)
{
    bmp_abf_credit_rec r = {.points = points, .green = green, .crlf = crlf};
    bmp_status st = bmp_abf_number_validate(abf, false, r.abf, err);
    if (st)
        return st;
    if (points < 0 || points > MAX_AWARD || green < 0 || green > MAX_AWARD)
        return bmp_error_set(err, BMP_ERANGE,
                             "ABF %s: a credit must be 0.00 to 9999.99 (6 digits, no sign, App. D)",
                             r.abf);
    if (f->kind != BMP_ABF_CREDIT_RAG && green != 0)
        return bmp_error_set(err, BMP_EINVAL, "ABF %s: a .%s file holds one colour", r.abf,
                             exts[f->kind]);
    return push_rec(f, &r) ? bmp_error_oom(err) : BMP_OK;
}

/* ---- Reader ---------------------------------------------------------------- */

static bmp_points digits6(const char *p)
{
    bmp_points v = 0;
    for (int i = 0; i < 6; i++)
        v = v * 10 + (p[i] - '0');
    return v;
}

/* One line (without its ending).  App. D: "13-digits per line precisely. No
 * characters, no spaces and no signs". */
static bmp_status parse_line(bmp_abf_credit_file *f, const bmp_abf_credit_opts *opts,
                             const char *s, size_t n, size_t lineno, bool crlf)
{
    size_t w = (size_t)bmp_abf_credit_width(f->kind);
    if (n == 0)
        return problem(f, lineno, "blank line: expected %zu digits", w);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!isdigit(c)) {
            if (c == '\r')
                return problem(f, lineno, "carriage return inside the line (column %zu)", i + 1);
            if (isprint(c))
                return problem(f, lineno, "'%c' at column %zu: only digits are allowed", c, i + 1);
            return problem(f, lineno, "byte 0x%02X at column %zu: only digits are allowed", c,
                           i + 1);
        }
    }
    if (n != w)
        return problem(f, lineno, "%zu digits: a .%s line has exactly %zu", n, exts[f->kind], w);
    bmp_abf_credit_rec r = {.crlf = crlf};
    memcpy(r.abf, s, 7);
    r.abf[7] = '\0';
    bmp_error e = {0};
    if (bmp_abf_number_validate(r.abf, opts && opts->check_digit, NULL, &e))
        return problem(f, lineno, "%s", e.msg);
    r.points = digits6(s + 7);
    if (f->kind == BMP_ABF_CREDIT_RAG)
        r.green = digits6(s + 13);
    return push_rec(f, &r);
}

bmp_status bmp_abf_credit_parse(const char *data, size_t len, const bmp_abf_credit_opts *opts,
                                bmp_abf_credit_file *f, bmp_error *err)
{
    size_t lineno = 0, i = 0;
    f->final_newline = true;
    while (i < len) {
        size_t start = i;
        while (i < len && data[i] != '\n')
            i++;
        lineno++;
        size_t n = i - start;
        bool has_nl = i < len;
        /* DOS text (CR LF) is what App. D recommends; LF alone is accepted too. */
        bool crlf = has_nl && n > 0 && data[i - 1] == '\r';
        if (crlf)
            n--;
        if (!has_nl)
            f->final_newline = false;
        if (parse_line(f, opts, data + start, n, lineno, crlf))
            return bmp_error_oom(err);
        if (has_nl)
            i++;
    }
    if (lineno == 0 && problem(f, 0, "empty file: no credits"))
        return bmp_error_oom(err);
    if (f->nproblems) {
        const bmp_abf_credit_problem *p = &f->problems[0];
        return bmp_error_set(err, BMP_EPARSE, "line %zu: %s%s", p->line, p->msg,
                             f->nproblems > 1 ? " (and more)" : "");
    }
    return BMP_OK;
}

bmp_status bmp_abf_credit_read(const char *path, const bmp_abf_credit_opts *opts,
                               bmp_abf_credit_file *f, bmp_error *err)
{
    bmp_abf_credit_kind kind = BMP_ABF_CREDIT_GREEN;
    bmp_abf_credit_init(f, kind);
    bmp_status st = bmp_abf_credit_kind_of(path, &kind, err);
    if (st)
        return st;
    f->kind = kind;
    char *buf = NULL;
    size_t len = 0;
    st = bmp_file_read(path, 0, &buf, &len, err);
    if (st)
        return st;
    st = bmp_abf_credit_parse(buf, len, opts, f, err);
    free(buf);
    if (st)
        bmp_error_prefix(err, "%s: ", path);
    return st;
}

/* ---- Writer ---------------------------------------------------------------- */

bmp_status bmp_abf_credit_format(const bmp_abf_credit_file *f, char **out, size_t *len,
                                 bmp_error *err)
{
    size_t w = (size_t)bmp_abf_credit_width(f->kind);
    char *buf = malloc(f->nrecs * (w + 2) + 1);
    if (!buf)
        return bmp_error_oom(err);
    size_t n = 0;
    for (size_t i = 0; i < f->nrecs; i++) {
        const bmp_abf_credit_rec *r = &f->recs[i];
        if (r->points < 0 || r->points > MAX_AWARD || r->green < 0 || r->green > MAX_AWARD) {
            free(buf);
            return bmp_error_set(err, BMP_ERANGE, "ABF %s: credit outside 0.00 to 9999.99",
                                 r->abf);
        }
        if (f->kind == BMP_ABF_CREDIT_RAG)
            n += (size_t)sprintf(buf + n, "%s%06lld%06lld", r->abf, (long long)r->points,
                                 (long long)r->green);
        else
            n += (size_t)sprintf(buf + n, "%s%06lld", r->abf, (long long)r->points);
        if (i + 1 < f->nrecs || f->final_newline) {
            if (r->crlf)
                buf[n++] = '\r';
            buf[n++] = '\n';
        }
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return BMP_OK;
}

bmp_status bmp_abf_credit_save(const bmp_abf_credit_file *f, const char *path, bmp_error *err)
{
    char *buf;
    size_t len;
    bmp_status st = bmp_abf_credit_format(f, &buf, &len, err);
    if (st)
        return st;
    st = bmp_file_write_atomic(path, buf, len, err);
    free(buf);
    return st;
}

/* App. G: "merge two or more masterpoint files of the same type (colour)". */
bmp_status bmp_abf_credit_merge(bmp_abf_credit_file *dst, const bmp_abf_credit_file *src,
                                bmp_error *err)
{
    if (dst->kind != src->kind)
        return bmp_error_set(err, BMP_EINVAL,
                             "cannot merge a .%s file into a .%s file: same colour only (App. G)",
                             exts[src->kind], exts[dst->kind]);
    for (size_t i = 0; i < src->nrecs; i++) {
        const bmp_abf_credit_rec *r = &src->recs[i];
        size_t j = 0;
        while (j < dst->nrecs && strcmp(dst->recs[j].abf, r->abf) != 0)
            j++;
        if (j == dst->nrecs) {
            if (push_rec(dst, r))
                return bmp_error_oom(err);
            continue;
        }
        bmp_abf_credit_rec *d = &dst->recs[j];
        if (d->points + r->points > MAX_AWARD || d->green + r->green > MAX_AWARD)
            return bmp_error_set(err, BMP_ERANGE,
                                 "ABF %s: merged credit exceeds 9999.99, the most a 6-digit field "
                                 "holds (App. D)",
                                 r->abf);
        d->points += r->points;
        d->green += r->green;
    }
    return BMP_OK;
}

void bmp_abf_credit_totals(const bmp_abf_credit_file *f, bmp_points *points, bmp_points *green)
{
    bmp_points p = 0, g = 0;
    for (size_t i = 0; i < f->nrecs; i++) {
        p += f->recs[i].points;
        g += f->recs[i].green;
    }
    if (points)
        *points = p;
    if (green)
        *green = g;
}

/* ---- From awards ----------------------------------------------------------- */

static int colour_kind(const char *c)
{
    if (strcasecmp(c, "green") == 0)
        return BMP_ABF_CREDIT_GREEN;
    if (strcasecmp(c, "red") == 0)
        return BMP_ABF_CREDIT_RED;
    if (strcasecmp(c, "gold") == 0)
        return BMP_ABF_CREDIT_GOLD;
    return -1;
}

static int cmp_rec(const void *a, const void *b)
{
    return strcmp(((const bmp_abf_credit_rec *)a)->abf, ((const bmp_abf_credit_rec *)b)->abf);
}

/* Add p points to player abf in f, summing with an earlier line. */
static bmp_status credit_to(bmp_abf_credit_file *f, const char *abf, bmp_points p)
{
    for (size_t i = 0; i < f->nrecs; i++)
        if (strcmp(f->recs[i].abf, abf) == 0) {
            f->recs[i].points += p;
            return BMP_OK;
        }
    bmp_abf_credit_rec r = {.points = p, .crlf = true};
    memcpy(r.abf, abf, 8);
    return push_rec(f, &r);
}

static bmp_status credit_player(const bmp_event *ev, const bmp_award *a, size_t pi,
                                const bmp_abf_credit_opts *opts, bmp_abf_credit_file *f,
                                bmp_error *err)
{
    const bmp_contestant *c = &ev->contestants[a->contestant];
    const bmp_player *pl = &c->players[pi];
    char abf[8];
    bmp_error e = {0};
    if (bmp_abf_number_validate(pl->id, opts && opts->check_digit, abf, &e))
        return bmp_error_set(err, BMP_EINVAL,
                             "contestant %s%s%s%s, player %zu%s%s%s: %s: the credit file needs "
                             "each player's ABF number as the player id (App. D)",
                             c->id, c->name ? " (\"" : "", c->name ? c->name : "",
                             c->name ? "\")" : "", pi + 1, pl->name ? " (\"" : "",
                             pl->name ? pl->name : "", pl->name ? "\")" : "", e.msg);
    return credit_to(f, abf, a->points) ? bmp_error_oom(err)
                                        : BMP_OK;
}

/* Credit every award (all players of a contestant, or the one it names)
 * into files[colour]. */
static bmp_status credit_awards(const bmp_event *ev, const bmp_awards *aw,
                                const bmp_abf_credit_opts *opts, bmp_abf_credit_file files[3],
                                bmp_error *err)
{
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < aw->count && !st; i++) {
        const bmp_award *a = &aw->items[i];
        int k = colour_kind(a->colour);
        if (k < 0) {
            st = bmp_error_set(err, BMP_EINVAL,
                               "award %zu (contestant %s): colour \"%s\" is not an ABF colour "
                               "(green, red, gold)",
                               i + 1, a->contestant < ev->ncontestants
                                          ? ev->contestants[a->contestant].id
                                          : "?",
                               a->colour);
            break;
        }
        if (a->contestant >= ev->ncontestants) {
            st = bmp_error_set(err, BMP_EINVAL, "award %zu: no contestant %zu", i + 1,
                               a->contestant);
            break;
        }
        const bmp_contestant *c = &ev->contestants[a->contestant];
        if (a->points < 0) {
            st = bmp_error_set(err, BMP_ERANGE,
                               "contestant %s: negative award cannot be written (App. D: no signs)",
                               c->id);
            break;
        }
        if (a->player == BMP_ALL_PLAYERS) {
            if (c->nplayers == 0)
                st = bmp_error_set(err, BMP_EINVAL,
                                   "contestant %s: no players, so no ABF numbers to credit",
                                   c->id);
            for (size_t p = 0; p < c->nplayers && !st; p++)
                st = credit_player(ev, a, p, opts, &files[k], err);
        } else if (a->player < 0 || (size_t)a->player >= c->nplayers) {
            st = bmp_error_set(err, BMP_EINVAL, "contestant %s: no player %d", c->id,
                               a->player + 1);
        } else {
            st = credit_player(ev, a, (size_t)a->player, opts, &files[k], err);
        }
    }
    return st;
}

/* Drop players whose awards of the colour sum to 0.00, sort by ABF number,
 * and check every sum fits the 6-digit field. */
static bmp_status finish_file(bmp_abf_credit_file *f, int k, bmp_error *err)
{
    size_t kept = 0;
    for (size_t i = 0; i < f->nrecs; i++)
        if (f->recs[i].points != 0)
            f->recs[kept++] = f->recs[i];
    f->nrecs = kept;
    if (f->nrecs)
        qsort(f->recs, f->nrecs, sizeof *f->recs, cmp_rec);
    for (size_t i = 0; i < f->nrecs; i++)
        if (f->recs[i].points > MAX_AWARD)
            return bmp_error_set(err, BMP_ERANGE,
                                 "ABF %s: %s total exceeds 9999.99, the most a 6-digit field "
                                 "holds (App. D)",
                                 f->recs[i].abf, exts[k]);
    return BMP_OK;
}

bmp_status bmp_abf_credit_from_awards(const bmp_event *ev, const bmp_awards *aw,
                                      const bmp_abf_credit_opts *opts,
                                      bmp_abf_credit_file files[3], bmp_error *err)
{
    for (int k = 0; k < 3; k++)
        bmp_abf_credit_init(&files[k], (bmp_abf_credit_kind)k);
    bmp_status st = credit_awards(ev, aw, opts, files, err);
    for (int k = 0; k < 3 && !st; k++)
        st = finish_file(&files[k], k, err);
    return st;
}

bmp_status bmp_abf_credit_write_opts(const bmp_event *ev, const bmp_awards *aw,
                                     const char *prefix, const bmp_abf_credit_opts *opts,
                                     unsigned *written, bmp_error *err)
{
    bmp_abf_credit_file files[3];
    bmp_status st = bmp_abf_credit_from_awards(ev, aw, opts, files, err);
    unsigned done = 0;
    for (int k = 0; k < 3 && !st; k++) {
        bmp_abf_credit_file *f = &files[k];
        if (f->nrecs == 0)
            continue;
        size_t plen = strlen(prefix) + 5;
        char *path = malloc(plen);
        if (!path)
            st = bmp_error_oom(err);
        if (!st) {
            snprintf(path, plen, "%s.%s", prefix, exts[k]);
            st = bmp_abf_credit_save(f, path, err);
            done |= 1u << k;
        }
        free(path);
    }
    for (int k = 0; k < 3; k++)
        bmp_abf_credit_free(&files[k]);
    if (written)
        *written = done;
    return st;
}

bmp_status bmp_abf_credit_write(const bmp_event *ev, const bmp_awards *aw, const char *prefix,
                                bmp_error *err)
{
    return bmp_abf_credit_write_opts(ev, aw, prefix, NULL, NULL, err);
}
