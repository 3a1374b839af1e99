/* USEBIO reader: messages with file, line and element path, and lenient
 * element access (trimmed text, case-insensitive names, scorer numbers). */
#include <ctype.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

/* ---- libxml2 set-up ---------------------------------------------------- */

/* libxml2 2.9 initialises itself lazily on first use and creates its
 * global mutexes there without a lock: two threads reading USEBIO at once
 * raced (ThreadSanitizer, test_threads). xmlInitParser is documented as
 * the call to make once before threads use the library; pthread_once is
 * the library's only process-wide state, and it is set once, never
 * changed (docs/architecture.md, Threads). */
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void xml_init_once(void)
{
    xmlInitParser();
}

void io_xml_init(void)
{
    pthread_once(&xml_once, xml_init_once);
}

/* ---- messages ---------------------------------------------------------- */

bmp_status ub_fail(rd *r, xmlNode *n, bmp_status code, const char *fmt, ...)
{
    char what[BMP_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (!n)
        return bmp_error_set(r->err, code, "%s: %s", r->src, what);
    xmlChar *path = xmlGetNodePath(n);
    bmp_status st = bmp_error_set(r->err, code, "%s:%ld: %s: %s", r->src, xmlGetLineNo(n),
                                  path ? (const char *)path : "?", what);
    xmlFree(path);
    return st;
}

bmp_status ub_oom(rd *r)
{
    return bmp_error_set(r->err, BMP_ENOMEM, "%s: out of memory", r->src);
}

bmp_status ub_warn(rd *r, xmlNode *n, const char *fmt, ...)
{
    /* The stream's copies of MATCH elements have no parents, hence no
     * path: a file with a warning (rare) is read again by the tree
     * reader (usebio_load.c), whose path names the element. */
    if (r->stream)
        return bmp_error_set(r->err, BMP_EINVAL,
                             "%s: streamed reader: a warning, for the tree reader", r->src);
    ub_warning *w = core_grow(r->warns, &r->warns_cap, r->nwarns, sizeof *w);
    if (!w)
        return ub_oom(r);
    r->warns = w;
    w = &r->warns[r->nwarns++];
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    xmlChar *path = n ? xmlGetNodePath(n) : NULL;
    w->line = n ? xmlGetLineNo(n) : 0;
    snprintf(w->msg, sizeof w->msg, "%s%s%s", path ? (const char *)path : "", path ? ": " : "",
             what);
    xmlFree(path);
    return BMP_OK;
}

void ub_flush_warnings(rd *r, const bmp_usebio_opts *opts)
{
    bool has = opts && opts->size >= offsetof(bmp_usebio_opts, warn_ud) + sizeof opts->warn_ud;
    for (size_t i = 0; has && opts->warn && i < r->nwarns; i++)
        opts->warn(opts->warn_ud, r->warns[i].line > 0 ? (size_t)r->warns[i].line : 0,
                   r->warns[i].msg);
    r->nwarns = 0;
}

/* ---- element access ---------------------------------------------------- */

bool ub_is(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, BAD_CAST name) == 0;
}

xmlNode *ub_child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (ub_is(c, name))
            return c;
    return NULL;
}

/* Trimmed text of an element (its text and CDATA children only: entity
 * references are never expanded).  "" for an empty element; NULL on
 * allocation failure. */
char *ub_text(xmlNode *n)
{
    size_t len = 0;
    for (xmlNode *c = n->children; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
            len += strlen((const char *)c->content);
    char *s = malloc(len + 1), *p = s;
    if (!s)
        return NULL;
    for (xmlNode *c = n->children; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            size_t l = strlen((const char *)c->content);
            memcpy(p, c->content, l);
            p += l;
        }
    *p = '\0';
    char *b = s;
    while (*b && isspace((unsigned char)*b))
        b++;
    char *e = b + strlen(b);
    while (e > b && isspace((unsigned char)e[-1]))
        *--e = '\0';
    if (b != s)
        memmove(s, b, strlen(b) + 1);
    return s;
}

/* Text of child `name`, NULL when absent or empty.  *st set on OOM. */
char *ub_child_text(rd *r, xmlNode *n, const char *name, xmlNode **where, bmp_status *st)
{
    xmlNode *c = ub_child(n, name);
    if (where)
        *where = c;
    if (!c)
        return NULL;
    char *t = ub_text(c);
    if (!t) {
        *st = ub_oom(r);
        return NULL;
    }
    if (!*t) {
        free(t);
        return NULL;
    }
    return t;
}

/* An attribute's trimmed value, or NULL. */
char *ub_attr(xmlNode *n, const char *name)
{
    for (xmlAttr *a = n->properties; a; a = a->next)
        if (xmlStrcasecmp(a->name, BAD_CAST name) == 0) {
            xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
            char *s = NULL;
            if (v) {
                const char *b = (const char *)v;
                while (isspace((unsigned char)*b))
                    b++;
                size_t l = strlen(b);
                while (l && isspace((unsigned char)b[l - 1]))
                    l--;
                if (l)
                    s = core_asprintf("%.*s", (int)l, b);
                xmlFree(v);
            }
            return s;
        }
    return NULL;
}

/* A number written by a scorer: "52.31", " 4 ", "52,31" (decimal comma). */
bool ub_parse_number(const char *s, double *out)
{
    char buf[64];
    size_t l = strlen(s);
    if (l == 0 || l >= sizeof buf)
        return false;
    for (size_t i = 0; i <= l; i++)
        buf[i] = s[i] == ',' ? '.' : s[i];
    char *end;
    errno = 0;
    double d = strtod(buf, &end);
    if (end == buf || *end || errno || !isfinite(d) || !(isdigit((unsigned char)buf[0]) ||
                                                         buf[0] == '-' || buf[0] == '+' ||
                                                         buf[0] == '.'))
        return false;
    *out = d;
    return true;
}

/* Optional numeric child: false + error when present and not a number. */
bmp_status ub_child_number(rd *r, xmlNode *n, const char *name, double min, double max,
                               double *out, bool *has)
{
    bmp_status st = BMP_OK;
    xmlNode *w;
    char *t = ub_child_text(r, n, name, &w, &st);
    if (has)
        *has = false;
    if (!t)
        return st;
    double d;
    if (!ub_parse_number(t, &d) || d < min || d > max)
        st = ub_fail(r, w, BMP_EINVAL, "expected a number from %g to %g, got \"%.40s\"", min, max,
                     t);
    else {
        *out = d;
        if (has)
            *has = true;
    }
    free(t);
    return st;
}

bmp_status ub_child_int(rd *r, xmlNode *n, const char *name, int min, int max, int *out,
                            bool *has)
{
    double d = 0;
    bool h = false;
    bmp_status st = ub_child_number(r, n, name, min, max, &d, &h);
    if (has)
        *has = false;
    if (st || !h)
        return st;
    if (d != floor(d))
        return ub_fail(r, ub_child(n, name), BMP_EINVAL, "expected a whole number, got %g", d);
    *out = (int)d;
    if (has)
        *has = true;
    return BMP_OK;
}
