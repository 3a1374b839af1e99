/* An event's player numbers checked by the body's syntax
 * (bmp_rules.player_id_check) when the pipeline reads it (issue 26 item 5,
 * ruling CL-3), and since issue 43 item 1 never refused for it: a number
 * changes no award.  A player without a number, with the body's guest or
 * placeholder number (bmp_rules.player_id_guest) or with a number the body
 * cannot have keeps the award line, flagged (io_number_flag: every output
 * shows it), and the read keeps a warning per player with the file's own
 * line: the first line holding the number as a JSON string ("ID") or a
 * USEBIO element's text (>ID<), an NZ Scorer nzb_no_K="ID".  The option
 * strict-numbers refuses as before issue 43: the first number the body's
 * syntax refuses (a guest's form written as a number included; players
 * without a number pass, as they did). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/strindex.h"
#include "core/util.h"
#include "io/file_map.h"
#include "io/pipeline_internal.h"

/* The line of the first occurrence of pat in text (0: not found). */
static size_t line_of(const char *text, size_t len, const char *pat)
{
    size_t n = strlen(pat), line = 1;
    if (!text || !n)
        return 0;
    for (size_t i = 0; i + n <= len; i++) {
        if (text[i] == '\n')
            line++;
        else if (text[i] == pat[0] && memcmp(text + i, pat, n) == 0)
            return line;
    }
    return 0;
}

/* How a number is written: "ID" (JSON), >ID< (USEBIO), nzb_no_K="ID" (NZ
 * Scorer); "" when it cannot be.  The JSON and USEBIO forms by hand (what
 * snprintf wrote: a pattern of every flagged player). */
static void id_pattern(io_ids_form form, size_t k, const char *id, char *buf, size_t n)
{
    if (form != IO_IDS_NZSCORER) {
        size_t l = strlen(id);
        if (l + 2 >= n) {
            buf[0] = '\0';
            return;
        }
        buf[0] = form == IO_IDS_USEBIO ? '>' : '"';
        memcpy(buf + 1, id, l);
        buf[l + 1] = form == IO_IDS_USEBIO ? '<' : '"';
        buf[l + 2] = '\0';
        return;
    }
    int w = snprintf(buf, n, "nzb_no_%zu=\"%s\"", k + 1, id);
    if (w < 0 || (size_t)w >= n)
        buf[0] = '\0';
}

/* Where a player without a distinctive number stands (none given, or all
 * zeros: every such player would match the first): his name as the form
 * writes it, "NAME" (JSON), >NAME< (USEBIO), name_K="NAME" (NZ Scorer's
 * player_name_K).  A name written escaped is not found: no line, as before. */
static void name_pattern(io_ids_form form, size_t k, const char *name, char *buf, size_t n)
{
    if (form != IO_IDS_NZSCORER) {
        id_pattern(form, k, name, buf, n);
        return;
    }
    int w = snprintf(buf, n, "name_%zu=\"%s\"", k + 1, name);
    if (w < 0 || (size_t)w >= n)
        buf[0] = '\0';
}

bool io_event_numbered(const bmp_event *ev)
{
    for (size_t c = 0; ev && c < ev->ncontestants; c++)
        for (size_t k = 0; k < ev->contestants[c].nplayers; k++) {
            const bmp_player *p = &ev->contestants[c].players[k];
            if ((p->id && *p->id) || bmp_params_bool(&p->params, "guest", false))
                return true;
        }
    return false;
}

/* io_number_flag with the body's rules found once by the caller. */
static io_number_kind flag_of(const bmp_rules *r, const bmp_player *p, bool numbered)
{
    if (!p->id || !*p->id)
        return bmp_params_bool(&p->params, "guest", false) ? IO_NUMBER_GUEST
               : numbered                                  ? IO_NUMBER_NONE
                                                           : IO_NUMBER_OK;
    if (r && r->player_id_guest && r->player_id_guest(p->id))
        return IO_NUMBER_GUEST;
    if (strspn(p->id, "0") == strlen(p->id))
        return IO_NUMBER_NONE; /* "0": unknown (../shared/spec/ecosystem.md) */
    if (r && r->player_id_check && r->player_id_check(p->id, 0, NULL) != BMP_OK)
        return IO_NUMBER_INVALID;
    return IO_NUMBER_OK;
}

io_number_kind io_number_flag(const bmp_event *ev, const bmp_player *p, bool numbered)
{
    return flag_of(ev && ev->body ? bmp_rules_find(ev->body) : NULL, p, numbered);
}

/* The body's name as the messages write it ("ACBL"), at most 15 bytes;
 * its length. */
static size_t body_upper(const char *body, char up[16])
{
    size_t j = 0;
    for (; body && body[j] && j + 1 < 16; j++)
        up[j] = (char)toupper((unsigned char)body[j]);
    up[j] = '\0';
    return j;
}

const char *io_number_flag_text(const bmp_event *ev, io_number_kind k, char *buf, size_t n)
{
    switch (k) {
    case IO_NUMBER_GUEST: return "guest";
    case IO_NUMBER_NONE: return "no number";
    case IO_NUMBER_INVALID: {
        char up[16];
        size_t j = body_upper(ev ? ev->body : NULL, up);
        char t[48] = "not a valid "; /* snprintf(buf, n, "not a valid %s number", up) */
        size_t l = 12 + j;
        memcpy(t + 12, up, j);
        memcpy(t + l, " number", 8);
        l += 7;
        if (n) {
            size_t m = l < n - 1 ? l : n - 1;
            memcpy(buf, t, m);
            buf[m] = '\0';
        }
        return buf;
    }
    default: return NULL;
    }
}

/* s (n bytes) and a NUL appended to a pool of strings; *off its place. */
static bool pool_put(char **pool, size_t *len, size_t *cap, const char *s, size_t n, size_t *off)
{
    char *p = core_grow(*pool, cap, *len + n, 1);
    if (!p)
        return false;
    *pool = p;
    memcpy(p + *len, s, n);
    p[*len + n] = '\0';
    *off = *len;
    *len += n + 1;
    return true;
}

bool io_warnings_add(io_warnings *w, size_t line, io_number_kind kind, const char *msg)
{
    size_t n = strnlen(msg, 255), off; /* cut at 255 bytes, as the buffers of 256 were */
    io_warning *v = core_grow(w->v, &w->cap, w->n, sizeof *v);
    if (!v)
        return false;
    w->v = v;
    if (!pool_put(&w->pool, &w->plen, &w->pcap, msg, n, &off))
        return false;
    w->v[w->n++] = (io_warning){.line = line, .kind = kind, .off = off};
    return true;
}

const char *io_warning_msg(const io_warnings *w, size_t i)
{
    return w->pool + w->v[i].off;
}

/* At most max bytes of s appended at *k, as snprintf cuts: the buffer of
 * cap bytes never overflows and stays NUL-terminated. */
static void cat(char *buf, size_t cap, size_t *k, const char *s, size_t max)
{
    size_t n = strlen(s), room = cap - 1 - *k;
    if (n > max)
        n = max;
    if (n > room)
        n = room;
    memcpy(buf + *k, s, n);
    *k += n;
    buf[*k] = '\0';
}

/* The first line of every pattern in one pass over the text (issue 46: a
 * search from the top for each flagged player made 80,000 players without
 * valid numbers quadratic).  The same answer as line_of: a pattern is
 * c0 ... cl with cl in it exactly m times (the form's delimiters around a
 * number that holds no cl), so where it occurs it is the bytes from a c0 up
 * to the m-th cl that follows; a number holding cl is searched alone. */
typedef struct pat_list {
    char *pool;   /* the patterns, NUL-terminated, one a flagged player */
    size_t *off;  /* player j's pattern: pool + off[j] ("" when none) */
    size_t n, len, cap, ncap;
} pat_list;

static const char *pat_key(const void *arr, size_t i)
{
    const pat_list *l = arr;
    return l->pool[l->off[i]] ? l->pool + l->off[i] : NULL;
}

static size_t count_char(const char *s, char ch)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == ch;
    return n;
}

/* The newlines in s (n bytes). */
static size_t count_nl(const char *s, size_t n)
{
    size_t c = 0;
    for (const char *e = s + n; s < e && (s = memchr(s, '\n', (size_t)(e - s))) != NULL; s++)
        c++;
    return c;
}

/* The first m-th cl at or after text + i, before text + lim; NULL if none. */
static const char *mth_cl(const char *text, size_t i, size_t lim, char cl, size_t m)
{
    const char *q = text + i, *e = text + lim;
    for (size_t seen = 0; q < e && (q = memchr(q, cl, (size_t)(e - q))) != NULL; q++)
        if (++seen == m)
            return q;
    return NULL;
}

/* The scan of lines_of: every c0 of the text a candidate, as line_of would
 * meet it; memchr between them, a candidate looked up only when its length
 * is a pattern's, the newlines counted only up to a match (issue 46: the
 * byte-by-byte scan was most of a flagged event's read). */
static void scan_lines(const char *text, size_t len, const core_strindex *x, char c0, char cl,
                       size_t m, size_t maxl, const uint64_t lens[3], size_t left, size_t *line)
{
    char cand[192];
    size_t win = maxl < sizeof cand - 1 ? maxl : sizeof cand - 1, ln = 1, counted = 0;
    const char *next = NULL; /* c0 == cl, m == 2 (JSON): the quote after p, found once */
    for (const char *p = text, *end = text + len;
         left && p < end && (p = next ? next : memchr(p, c0, (size_t)(end - p))) != NULL;
         p++) {
        size_t i = (size_t)(p - text), lim = len - i < win ? len : i + win, pos;
        const char *q;
        if (c0 == cl && m == 2) {
            next = p + 1 < end ? memchr(p + 1, cl, (size_t)(end - p - 1)) : NULL;
            if (!next)
                break; /* no quote after p: no candidate at p nor after */
            q = next < text + lim ? next : NULL;
        } else {
            q = mth_cl(text, i, lim, cl, m);
        }
        if (!q)
            continue;
        size_t cl_len = (size_t)(q - p) + 1; /* at most win < 192 */
        if (!(lens[cl_len >> 6] >> (cl_len & 63) & 1))
            continue;
        memcpy(cand, p, cl_len);
        cand[cl_len] = '\0';
        if (core_strindex_find(x, cand, &pos) && !line[pos]) {
            ln += count_nl(text + counted, i - counted);
            counted = i;
            line[pos] = ln;
            left--;
        }
    }
}

static bool lines_of(const char *text, size_t len, const pat_list *l, io_ids_form form,
                     size_t *line)
{
    char c0 = form == IO_IDS_USEBIO ? '>' : form == IO_IDS_NZSCORER ? 'n' : '"';
    char cl = form == IO_IDS_USEBIO ? '<' : '"';
    size_t m = form == IO_IDS_USEBIO ? 1 : 2, maxl = 0, left = 0;
    uint64_t lens[3] = {0, 0, 0}; /* the indexed patterns' lengths (each < 192) */
    size_t *first = malloc((l->n ? l->n : 1) * sizeof *first);
    core_strindex x;
    if (!first || !core_strindex_init(&x, l->n, pat_key, l)) {
        free(first);
        return false;
    }
    for (size_t j = 0; j < l->n; j++) {
        const char *pat = l->pool + l->off[j];
        line[j] = 0;
        first[j] = j;
        if (!*pat || !text)
            continue;
        if (count_char(pat, cl) != m) {
            line[j] = line_of(text, len, pat);
            continue;
        }
        bool dup = false;
        if (!core_strindex_add(&x, j, &dup, &first[j])) {
            core_strindex_free(&x);
            free(first);
            return false;
        }
        left += !dup;
        size_t pl = strlen(pat);
        maxl = pl > maxl ? pl : maxl;
        lens[pl >> 6] |= (uint64_t)1 << (pl & 63);
    }
    if (text)
        scan_lines(text, len, &x, c0, cl, m, maxl, lens, left, line);
    for (size_t j = 0; j < l->n; j++) /* a number twice: its first line */
        if (first[j] != j)
            line[j] = line[first[j]];
    core_strindex_free(&x);
    free(first);
    return true;
}

static bool pat_add(pat_list *l, const char *pat)
{
    size_t *o = core_grow(l->off, &l->ncap, l->n, sizeof *o);
    if (!o)
        return false;
    l->off = o;
    if (!pool_put(&l->pool, &l->len, &l->cap, pat, strlen(pat), &o[l->n]))
        return false;
    l->n++;
    return true;
}

/* strict-numbers: the first number the body's syntax refuses, at its line. */
static bmp_status strict_ids(const bmp_event *ev, const char *text, size_t len, io_ids_form form,
                             bmp_error *err)
{
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    for (size_t c = 0; ev && r && r->player_id_check && c < ev->ncontestants; c++)
        for (size_t k = 0; k < ev->contestants[c].nplayers; k++) {
            const bmp_player *p = &ev->contestants[c].players[k];
            bmp_error e = {0};
            if (!p->id || !*p->id || r->player_id_check(p->id, 0, &e) == BMP_OK)
                continue;
            char pat[192] = "";
            id_pattern(form, k, p->id, pat, sizeof pat);
            size_t line = line_of(text, len, pat);
            const char *src = ev->source ? ev->source : "event";
            const char *who = p->name ? p->name : "?";
            const char *cid = ev->contestants[c].id ? ev->contestants[c].id : "?";
            return line ? bmp_error_set(err, BMP_EINVAL, "%s:%zu: contestant %s player %s: %s",
                                        src, line, cid, who, e.msg)
                        : bmp_error_set(err, BMP_EINVAL, "%s: contestant %s player %s: %s", src,
                                        cid, who, e.msg);
        }
    return BMP_OK;
}

/* Warning x's message (a player's: x->c, x->k of ev), as it was made at
 * the read: "contestant C player P: FLAG[: the body's refusal]", at most
 * 255 bytes, into msg; its length. */
static size_t player_msg(const bmp_event *ev, const io_warnings *w, const io_warning *x,
                         char msg[256])
{
    const bmp_player *p = &ev->contestants[x->c].players[x->k];
    bmp_error e; /* the message only (not the whole struct zeroed a player) */
    e.msg[0] = '\0';
    if (x->kind == IO_NUMBER_INVALID)
        w->rules->player_id_check(p->id, 0, &e);
    const char *who = p->name ? p->name : "?";
    const char *cid = ev->contestants[x->c].id ? ev->contestants[x->c].id : "?";
    char why[200], fb[48];
    const char *flag = x->kind == IO_NUMBER_INVALID ? w->invalid
                                                    : io_number_flag_text(ev, x->kind, fb, sizeof fb);
    const char *detail = x->kind == IO_NUMBER_INVALID ? e.msg : ""; /* else the flag says it */
    /* "%s%s%.150s" into why, "contestant %s player %s: %s" into msg, without printf */
    size_t wl = 0, ml = 0;
    cat(why, sizeof why, &wl, flag, sizeof why);
    cat(why, sizeof why, &wl, detail[0] ? ": " : "", sizeof why);
    cat(why, sizeof why, &wl, detail, 150);
    const char *part[] = {"contestant ", cid, " player ", who, ": ", why};
    for (size_t i = 0; i < sizeof part / sizeof *part; i++)
        cat(msg, 256, &ml, part[i], 256);
    return ml;
}

/* A player's warning, its message made when asked for (io_warning_text). */
static bool warn_later(io_warnings *w, io_number_kind kind, size_t c, size_t k)
{
    io_warning *v = core_grow(w->v, &w->cap, w->n, sizeof *v);
    if (!v)
        return false;
    w->v = v;
    w->v[w->n++] =
        (io_warning){.line = 0, .kind = kind, .off = IO_WARNING_LATER, .c = c, .k = k};
    w->later++;
    return true;
}

bool io_warnings_make(io_warnings *w, const bmp_event *ev)
{
    if (!w->later)
        return true;
    if (!ev)
        return false;
    size_t plen0 = w->plen, i = 0;
    for (; i < w->n; i++) {
        if (w->v[i].off != IO_WARNING_LATER)
            continue;
        char msg[256];
        size_t n = player_msg(ev, w, &w->v[i], msg);
        if (!pool_put(&w->pool, &w->plen, &w->pcap, msg, n, &w->v[i].off))
            break;
    }
    if (i < w->n) { /* out of memory: none made */
        for (size_t j = 0; j < i; j++)
            if (w->v[j].off != IO_WARNING_LATER && w->v[j].off >= plen0)
                w->v[j].off = IO_WARNING_LATER;
        w->plen = plen0;
        return false;
    }
    w->later = 0;
    return true;
}

const char *io_warning_text(io_warnings *w, const bmp_event *ev, size_t i)
{
    if (w->v[i].off != IO_WARNING_LATER)
        return w->pool + w->v[i].off;
    if (io_warnings_make(w, ev))
        return w->pool + w->v[i].off;
    if (!ev)
        return NULL;
    player_msg(ev, w, &w->v[i], w->one); /* this one alone, until the next ask */
    return w->one;
}

/* The flagged players' warnings, in order, each at its line: each player's
 * flag found once, the patterns' lines in one pass; the messages are made
 * only when asked for (io_warning_text). */
static bmp_status flag_ids(const bmp_event *ev, const char *text, size_t len, io_ids_form form,
                           io_warnings *w, bmp_error *err)
{
    const bmp_rules *r = ev->body ? bmp_rules_find(ev->body) : NULL;
    bool numbered = io_event_numbered(ev);
    pat_list l = {0};
    size_t *line = NULL, base = w->n, later = w->later;
    bool ok = true;
    w->rules = r;
    io_number_flag_text(ev, IO_NUMBER_INVALID, w->invalid, sizeof w->invalid);
    for (size_t c = 0; ok && c < ev->ncontestants; c++)
        for (size_t k = 0; ok && k < ev->contestants[c].nplayers; k++) {
            const bmp_player *p = &ev->contestants[c].players[k];
            io_number_kind kind = flag_of(r, p, numbered);
            if (kind == IO_NUMBER_OK)
                continue;
            if (!(ok = warn_later(w, kind, c, k)))
                break;
            char pat[192] = "";
            if (kind != IO_NUMBER_NONE && p->id && *p->id)
                id_pattern(form, k, p->id, pat, sizeof pat);
            else if (!(p->id && *p->id) || kind == IO_NUMBER_NONE)
                if (p->name && *p->name)
                    name_pattern(form, k, p->name, pat, sizeof pat);
            ok = pat_add(&l, pat);
        }
    if (ok && l.n)
        ok = (line = malloc(l.n * sizeof *line)) && lines_of(text, len, &l, form, line);
    for (size_t j = 0; ok && j < l.n; j++)
        w->v[base + j].line = line[j];
    if (!ok) { /* none of this read's warnings kept */
        w->n = base;
        w->later = later;
    }
    free(line);
    free(l.pool);
    free(l.off);
    return ok ? BMP_OK : bmp_error_oom(err);
}

bmp_status io_player_ids(const bmp_event *ev, const char *text, size_t len, const char *path,
                         io_ids_form form, bool strict, io_warnings *w, bmp_error *err)
{
    if (!ev || (!strict && !w))
        return BMP_OK;
    if (!strict && !text && path && !io_event_has_flags(ev))
        return BMP_OK; /* read the file only for a player to flag */
    if (strict) {
        const bmp_rules *r = ev->body ? bmp_rules_find(ev->body) : NULL;
        bool any = false; /* read the file only for a number to refuse */
        for (size_t c = 0; r && r->player_id_check && !any && c < ev->ncontestants; c++)
            for (size_t k = 0; !any && k < ev->contestants[c].nplayers; k++) {
                const char *id = ev->contestants[c].players[k].id;
                any = id && *id && r->player_id_check(id, 0, NULL) != BMP_OK;
            }
        if (!any)
            return BMP_OK;
    }
    char *own = NULL;
    size_t olen = 0;
    io_mapped m; /* mapped, not on the heap (issue 46: file_map.h) */
    bool mapped = !text && path && io_file_map(&m, path);
    if (mapped)
        text = m.base, len = m.len;
    else if (!text && path && core_read_file(path, &own, &olen, NULL) == BMP_OK)
        text = own, len = olen;
    bmp_status st = strict ? strict_ids(ev, text, len, form, err)
                           : flag_ids(ev, text, len, form, w, err);
    free(own);
    if (mapped)
        io_file_unmap(&m);
    return st;
}

void io_warnings_clear(io_warnings *w)
{
    free(w->v);
    free(w->pool);
    memset(w, 0, sizeof *w);
}

/* "2 players without a valid EBU number (...): lines 41, 77": one line
 * for the whole read (no file name, no newline), the lines where the
 * reader knows them; "" when there are none.  Truncated to n. */
size_t io_warnings_summary_text(const bmp_event *ev, const io_warnings *w, char *buf, size_t n)
{
    if (n)
        buf[0] = '\0';
    if (!w->n)
        return 0;
    /* the event's body, or after a read that failed and dropped the event,
     * the body whose rules checked the numbers */
    char up[16];
    body_upper(ev && ev->body ? ev->body : w->rules ? w->rules->body : NULL, up);
    size_t g = 0, none = 0, bad = 0, nl = 0;
    for (size_t i = 0; i < w->n; i++) {
        g += w->v[i].kind == IO_NUMBER_GUEST;
        none += w->v[i].kind == IO_NUMBER_NONE;
        bad += w->v[i].kind == IO_NUMBER_INVALID;
        nl += w->v[i].line != 0 && (i == 0 || w->v[i].line != w->v[i - 1].line);
    }
    size_t used = 0;
#define PUT(...)                                                                          \
    do {                                                                                  \
        int k_ = snprintf(buf + used, used < n ? n - used : 0, __VA_ARGS__);              \
        used += k_ > 0 ? (size_t)k_ : 0;                                                  \
    } while (0)
    PUT("%zu player%s without a valid %s%snumber (%zu guest%s, %zu without a number, %zu not "
        "valid)",
        w->n, w->n == 1 ? "" : "s", up, *up ? " " : "", g, g == 1 ? "" : "s", none, bad);
    /* the lines in file order, each once, the first ten */
    size_t shown = 0, last = 0, more = 0;
    for (size_t i = 0; i < w->n; i++) {
        size_t l = w->v[i].line;
        if (!l || l == last)
            continue;
        last = l;
        if (shown == 10) {
            more++;
            continue;
        }
        PUT("%s%zu", shown++ ? ", " : nl == 1 ? ": line " : ": lines ", l);
    }
    if (more)
        PUT(" and %zu more", more);
#undef PUT
    return used < n ? used : n ? n - 1 : 0;
}

bmp_status io_warnings_summary(const bmp_event *ev, const io_warnings *w, FILE *out,
                               bmp_error *err)
{
    if (!w->n)
        return BMP_OK;
    char line[512];
    io_warnings_summary_text(ev, w, line, sizeof line);
    if (fprintf(out, "%s: %s\n", ev && ev->source ? ev->source : "event", line) < 0)
        return bmp_error_set(err, BMP_EIO, "write error");
    return BMP_OK;
}

const char *bmp_player_number_flag(const bmp_event *ev, size_t contestant, size_t player,
                                   char *buf, size_t n)
{
    if (!ev || contestant >= ev->ncontestants || player >= ev->contestants[contestant].nplayers)
        return NULL;
    const bmp_player *p = &ev->contestants[contestant].players[player];
    return io_number_flag_text(ev, io_number_flag(ev, p, io_event_numbered(ev)), buf, n);
}

bool bmp_event_has_number_flags(const bmp_event *ev)
{
    return io_event_has_flags(ev);
}

/* What snprintf(buf + *used, *used < n ? n - *used : 0, "%s%s: %s", a, b,
 * c) writes, and *used advanced past it when it fitted, without printf
 * (a cell of every award row when the event has flagged players). */
static void put_flag(char *buf, size_t n, size_t *used, const char *a, const char *b,
                     const char *c)
{
    const char *part[4] = {a, b, ": ", c};
    size_t len[4] = {strlen(a), strlen(b), 2, strlen(c)};
    size_t total = len[0] + len[1] + len[2] + len[3];
    if (*used < n) {
        size_t room = n - *used - 1, k = 0;
        char *o = buf + *used;
        for (int i = 0; i < 4 && k < room; i++) {
            size_t m = len[i] < room - k ? len[i] : room - k;
            memcpy(o + k, part[i], m);
            k += m;
        }
        o[k] = '\0';
    }
    if (*used + total < n)
        *used += total;
}

size_t io_number_flags(const bmp_event *ev, const bmp_contestant *c, int player, bool numbered,
                       char *buf, size_t n)
{
    size_t count = 0, used = 0;
    if (n)
        buf[0] = '\0';
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    for (size_t k = 0; k < c->nplayers; k++) {
        if (player != BMP_ALL_PLAYERS && player != (int)k)
            continue;
        const bmp_player *p = &c->players[k];
        char fb[48];
        const char *f = io_number_flag_text(ev, flag_of(r, p, numbered), fb, sizeof fb);
        if (!f)
            continue;
        const char *who = p->name ? p->name : p->id ? p->id : "?";
        put_flag(buf, n, &used, count ? "; " : "", who, f);
        count++;
    }
    return count;
}

bool io_flag_kinds_make(const bmp_event *ev, io_flag_kinds *fk)
{
    memset(fk, 0, sizeof *fk);
    size_t total = 0;
    for (size_t c = 0; ev && c < ev->ncontestants; c++)
        total += ev->contestants[c].nplayers;
    fk->start = malloc(((ev ? ev->ncontestants : 0) + 1) * sizeof *fk->start);
    fk->kind = malloc(total ? total : 1);
    if (!fk->start || !fk->kind) {
        io_flag_kinds_free(fk);
        return false;
    }
    bool numbered = io_event_numbered(ev);
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    size_t at = 0;
    for (size_t c = 0; ev && c < ev->ncontestants; c++) {
        fk->start[c] = at;
        for (size_t k = 0; k < ev->contestants[c].nplayers; k++, at++) {
            fk->kind[at] = (unsigned char)flag_of(r, &ev->contestants[c].players[k], numbered);
            fk->any |= fk->kind[at] != IO_NUMBER_OK;
        }
    }
    fk->start[ev ? ev->ncontestants : 0] = at;
    for (int k = 0; k < 4; k++)
        fk->text[k] = io_number_flag_text(ev, (io_number_kind)k, fk->buf[k], sizeof fk->buf[k]);
    return true;
}

void io_flag_kinds_free(io_flag_kinds *fk)
{
    free(fk->kind);
    free(fk->start);
    memset(fk, 0, sizeof *fk);
}

size_t io_number_flags_of(const bmp_event *ev, const io_flag_kinds *fk, size_t c, int player,
                          char *buf, size_t n)
{
    size_t count = 0, used = 0;
    if (n)
        buf[0] = '\0';
    const bmp_contestant *ct = &ev->contestants[c];
    for (size_t k = 0; k < ct->nplayers; k++) {
        if (player != BMP_ALL_PLAYERS && player != (int)k)
            continue;
        const char *f = fk->text[fk->kind[fk->start[c] + k]];
        if (!f)
            continue;
        const bmp_player *p = &ct->players[k];
        const char *who = p->name ? p->name : p->id ? p->id : "?";
        put_flag(buf, n, &used, count ? "; " : "", who, f);
        count++;
    }
    return count;
}

bool io_event_has_flags(const bmp_event *ev)
{
    bool numbered = io_event_numbered(ev);
    const bmp_rules *r = ev && ev->body ? bmp_rules_find(ev->body) : NULL;
    for (size_t c = 0; ev && c < ev->ncontestants; c++)
        for (size_t k = 0; k < ev->contestants[c].nplayers; k++)
            if (flag_of(r, &ev->contestants[c].players[k], numbered) != IO_NUMBER_OK)
                return true;
    return false;
}
