/* The faithful USEBIO export (rulings UX-1): the file as read, with only
 * its MASTER_POINTS filled in.  The document is parsed again with its white
 * space, mapped by the reader itself (so contestant ids match the event's),
 * and each contestant's first element gets its awards: existing
 * MASTER_POINTS_AWARDED / MASTER_POINT_TYPE elements are updated in place,
 * missing ones inserted after PLACE with the file's own indentation.
 * Everything else -- PAIR_NUMBER, DIRECTION, PLACE, EVENT_TYPE, BOARD and
 * TRAVELLER_LINE, HANDSET -- is written back as read. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

typedef struct rw {
    const bmp_event *ev;      /* the re-read event (ids, body) */
    const bmp_usebio_flavour *fl;
    bmp_usebio_mp_form form; /* as asked; DEFAULT: the file's, else the flavour's */
    int file_form;            /* the file's own: 0 none seen, 1 flat, 2 nested */
    bool awarded;
    bmp_error *err;
} rw;

static bool is_blank(const xmlNode *n)
{
    return n && n->type == XML_TEXT_NODE && xmlIsBlankNode((xmlNode *)n);
}

/* Remove n and the white space before it. */
static void drop(xmlNode *n)
{
    if (is_blank(n->prev)) {
        xmlNode *w = n->prev;
        xmlUnlinkNode(w);
        xmlFreeNode(w);
    }
    xmlUnlinkNode(n);
    xmlFreeNode(n);
}

/* The indentation before element n ("\n    "), or NULL. */
static const xmlChar *indent_of(const xmlNode *n)
{
    return is_blank(n->prev) ? n->prev->content : NULL;
}

/* Insert a new element after `after` (or as the last child of parent when
 * after is NULL), preceded by the white space ws; returns it. */
static xmlNode *insert(xmlNode *parent, xmlNode *after, const char *name, const char *text,
                       const xmlChar *ws)
{
    xmlNode *e = xmlNewDocNode(parent->doc, NULL, BAD_CAST name, NULL);
    if (!e)
        return NULL;
    if (text)
        xmlNodeAddContent(e, BAD_CAST text);
    xmlNode *w = ws ? xmlNewDocText(parent->doc, ws) : NULL;
    if (after) {
        xmlNode *at = after;
        if (w)
            at = xmlAddNextSibling(at, w);
        xmlAddNextSibling(at, e);
    } else {
        /* Before the closing tag's own white space, if any. */
        xmlNode *last = parent->last;
        if (is_blank(last)) {
            if (w)
                xmlAddPrevSibling(last, w);
            xmlAddPrevSibling(last, e);
        } else {
            if (w)
                xmlAddChild(parent, w);
            xmlAddChild(parent, e);
        }
    }
    return e;
}

static void set_text(xmlNode *n, const char *text)
{
    xmlNodeSetContent(n, NULL);
    xmlNodeAddContent(n, BAD_CAST text);
}

/* An amount as the file spells them: "36.0" where it wrote decimals. */
static void amount_text(char *buf, size_t n, bmp_points v, const xmlNode *like)
{
    xmlChar *old = like ? xmlNodeGetContent(like) : NULL;
    bool dec = old && strchr((const char *)old, '.');
    snprintf(buf, n, dec ? "%lld.0" : "%lld", (long long)v);
    xmlFree(old);
}

/* The colour an existing MASTER_POINT_TYPE element names. */
static const char *colour_of(const rw *w, const xmlNode *type)
{
    if (!type)
        return NULL;
    xmlChar *t = xmlNodeGetContent(type);
    char *s = t ? core_strdup((const char *)t) : NULL;
    xmlFree(t);
    if (!s)
        return NULL;
    size_t b = strspn(s, " \t\r\n"), e = strlen(s);
    while (e > b && strchr(" \t\r\n", s[e - 1]))
        e--;
    s[e] = '\0';
    const char *c = bmp_usebio_colour(w->ev->body, s + b);
    free(s);
    return c;
}

/* The colour a MASTER_POINTS_AWARDED without a type has: the EVENT's
 * MASTER_POINT_TYPE, else the body's default (as the reader takes it). */
static const char *implied_colour(const rw *w)
{
    const char *c = bmp_params_string(&w->ev->params, "usebio.colour", NULL);
    const bmp_rules *r = bmp_rules_find(w->ev->body);
    if (!c && r && r->usebio_default_type)
        c = bmp_usebio_colour(w->ev->body, r->usebio_default_type);
    return c ? c : "";
}

/* Where new MASTER_POINTS go: after PLACE (Compscore, NZ Scorer), else
 * after the last score element; NULL: at the end. */
static xmlNode *anchor(xmlNode *n)
{
    static const char *const after[] = {"PLACE", "PERCENTAGE", "TOTAL_SCORE", "BOARDS_PLAYED",
                                        "DIRECTION", "PAIR_NUMBER", "PLAYER_NUMBER", NULL};
    for (size_t i = 0; after[i]; i++) {
        xmlNode *a = ub_child(n, after[i]);
        if (a)
            return a;
    }
    return NULL;
}

/* The indentation new children of n take: that of an existing child. */
static const xmlChar *child_indent(xmlNode *n)
{
    for (xmlNode *c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && indent_of(c))
            return indent_of(c);
    return NULL;
}

static void drop_all(xmlNode *n, const char *name)
{
    for (xmlNode *c = n->children, *next; c; c = next) {
        next = c->next;
        if (ub_is(c, name))
            drop(c);
    }
}

static bmp_status write_flat(rw *w, xmlNode *n, const io_usebio_mp *m)
{
    drop_all(n, "MASTER_POINTS");
    xmlNode *fa = ub_child(n, "MASTER_POINTS_AWARDED"), *ft = ub_child(n, "MASTER_POINT_TYPE");
    const bmp_rules *rules = bmp_rules_find(w->ev->body);
    bool zero = m->n == 0;
    if (zero && !fa && !(w->fl->explicit_zero && w->awarded && rules && rules->usebio_default_type))
        return BMP_OK;
    char amount[32];
    amount_text(amount, sizeof amount, zero ? 0 : m->amount[0], fa);
    const char *colour = zero ? NULL : m->colour[0];
    if (fa) {
        set_text(fa, amount);
        if (colour && ft && strcmp(colour_of(w, ft) ? colour_of(w, ft) : "", colour) != 0)
            set_text(ft, bmp_usebio_type(w->ev->body, colour));
        else if (colour && !ft && strcmp(colour, implied_colour(w)) != 0)
            insert(n, fa, "MASTER_POINT_TYPE", bmp_usebio_type(w->ev->body, colour),
                   indent_of(fa));
        return BMP_OK;
    }
    if (ft)
        drop(ft);
    const xmlChar *ws = child_indent(n);
    xmlNode *a = insert(n, anchor(n), "MASTER_POINTS_AWARDED", amount, ws);
    if (a)
        a = insert(n, a, "MASTER_POINT_TYPE",
                   colour ? bmp_usebio_type(w->ev->body, colour) : rules->usebio_default_type, ws);
    return a ? BMP_OK : bmp_error_oom(w->err);
}

/* The white space for a nested block's children: one step deeper. */
static char *deeper(const xmlChar *ws)
{
    if (!ws)
        return NULL;
    return core_asprintf("%s  ", (const char *)ws);
}

static bmp_status write_nested(rw *w, xmlNode *n, const io_usebio_mp *m)
{
    drop_all(n, "MASTER_POINTS_AWARDED");
    drop_all(n, "MASTER_POINT_TYPE");
    bool used[BMP_IO_USEBIO_COLOURS] = {false};
    xmlNode *last = NULL;
    for (xmlNode *c = n->children, *next; c; c = next) {
        next = c->next;
        if (!ub_is(c, "MASTER_POINTS"))
            continue;
        const char *col = colour_of(w, ub_child(c, "MASTER_POINT_TYPE"));
        size_t k = 0;
        while (k < m->n && (used[k] || !col || strcmp(m->colour[k], col) != 0))
            k++;
        xmlNode *fa = ub_child(c, "MASTER_POINTS_AWARDED");
        if (k == m->n || !fa) {
            drop(c); /* a colour no longer awarded */
            continue;
        }
        char amount[32];
        amount_text(amount, sizeof amount, m->amount[k], fa);
        set_text(fa, amount);
        used[k] = true;
        last = c;
    }
    const xmlChar *ws = child_indent(n);
    char *inner = deeper(ws);
    bmp_status st = BMP_OK;
    for (size_t k = 0; k < m->n && !st; k++) {
        if (used[k])
            continue;
        xmlNode *b = insert(n, last ? last : anchor(n), "MASTER_POINTS", NULL, ws);
        char amount[32];
        snprintf(amount, sizeof amount, "%lld", (long long)m->amount[k]);
        if (!b || !insert(b, NULL, "MASTER_POINTS_AWARDED", amount, BAD_CAST inner) ||
            !insert(b, NULL, "MASTER_POINT_TYPE", bmp_usebio_type(w->ev->body, m->colour[k]),
                    BAD_CAST inner))
            st = bmp_error_oom(w->err);
        else if (ws)
            xmlAddChild(b, xmlNewDocText(n->doc, ws));
        last = b;
    }
    free(inner);
    return st;
}

static bmp_status write_contestant(rw *w, xmlNode *n, const io_usebio_mp *m, bool team,
                                   const char *id)
{
    bool has_flat = ub_child(n, "MASTER_POINTS_AWARDED") != NULL;
    bool has_nested = ub_child(n, "MASTER_POINTS") != NULL;
    bool flat;
    if (w->form != BMP_USEBIO_MP_DEFAULT)
        flat = w->form == BMP_USEBIO_MP_FLAT;
    else if (has_flat || has_nested)
        flat = has_flat;
    else if (w->file_form)
        flat = w->file_form == 1;
    else
        flat = w->fl->flat && !team;
    if (flat && m->n > 1) {
        if (w->form == BMP_USEBIO_MP_FLAT)
            return bmp_error_set(w->err, BMP_EINVAL,
                                 "contestant \"%s\" has awards in %zu colours: the flat "
                                 "MASTER_POINTS form holds one (use the nested form)",
                                 id, m->n);
        flat = false;
    }
    return flat ? write_flat(w, n, m) : write_nested(w, n, m);
}

/* The file's own form: that of the first contestant with MASTER_POINTS. */
static int file_form(const ub_loaded *l)
{
    for (size_t i = 0; i < l->ev->ncontestants; i++) {
        if (ub_child(l->cnode[i], "MASTER_POINTS_AWARDED"))
            return 1;
        if (ub_child(l->cnode[i], "MASTER_POINTS"))
            return 2;
    }
    return 0;
}

/* MPS_AWARDED_FLAG, where the file has one, says Y once there are awards. */
static void awarded_flag(xmlDoc *doc)
{
    xmlNode *root = xmlDocGetRootElement(doc);
    xmlNode *flag = ub_child(ub_child(root, "EVENT"), "MPS_AWARDED_FLAG");
    if (flag)
        set_text(flag, "Y");
}

static bool has_declaration(const char *d, size_t len)
{
    size_t i = len >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (i < len && strchr(" \t\r\n", d[i]))
        i++;
    return len - i < 5 || memcmp(d + i, "<?xml", 5) == 0 || (unsigned char)d[0] >= 0xFE;
}

static bmp_status serialise(const ub_loaded *l, bool decl, char **out, size_t *len,
                            bmp_error *err)
{
    xmlBufferPtr buf = xmlBufferCreate();
    /* Always UTF-8: a declared encoding libxml2 can convert to but readers
     * need not know (UTF-7, found by fuzz_usebio) would make the file
     * unreadable; Latin-1 read under U-3 goes out as what it really is. */
    xmlSaveCtxtPtr sc = buf ? xmlSaveToBuffer(buf, "UTF-8",
                                              XML_SAVE_NO_EMPTY | (decl ? 0 : XML_SAVE_NO_DECL))
                            : NULL;
    bool ok = sc && xmlSaveDoc(sc, l->doc) >= 0;
    if (sc)
        ok &= xmlSaveClose(sc) >= 0;
    if (!ok) {
        if (buf)
            xmlBufferFree(buf);
        return bmp_error_set(err, BMP_EINVAL, "USEBIO rewrite: libxml2 could not write the "
                                              "document");
    }
    size_t n = (size_t)xmlBufferLength(buf);
    *out = malloc(n + 1);
    if (*out) {
        memcpy(*out, xmlBufferContent(buf), n);
        (*out)[n] = '\0';
        if (len)
            *len = n;
    }
    xmlBufferFree(buf);
    return *out ? BMP_OK : bmp_error_oom(err);
}

static bmp_status patch(rw *w, const ub_loaded *l, const bmp_event *ev,
                        const io_usebio_mp *mp)
{
    bool team = bmp_event_kind_is_teams(ev->kind), any = false;
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        const bmp_contestant *c = bmp_event_contestant(l->ev, ev->contestants[ci].id);
        if (!c)
            return bmp_error_set(w->err, BMP_EINVAL,
                                 "USEBIO rewrite: contestant \"%s\" is not in %s (the event "
                                 "was not read from this file)",
                                 ev->contestants[ci].id, l->ev->source);
        size_t k = (size_t)(c - l->ev->contestants);
        bmp_status st = write_contestant(w, l->cnode[k], &mp[ci], team, c->id);
        if (st)
            return st;
        any |= mp[ci].n > 0;
    }
    if (any)
        awarded_flag(l->doc);
    return BMP_OK;
}

bmp_status bmp_usebio_rewrite(const char *orig, size_t orig_len, const char *source_name,
                              const bmp_usebio_opts *read_opts, const bmp_event *ev,
                              const bmp_awards *aw, const bmp_usebio_write_opts *wo,
                              char **out, size_t *len, bmp_error *err)
{
    *out = NULL;
    if (len)
        *len = 0;
    const char *flavour = wo ? wo->flavour : NULL;
    bmp_status st = io_usebio_flavour_check(flavour, err);
    if (st)
        return st;
    if (!ev || !ev->body)
        return bmp_error_set(err, BMP_EINVAL, "USEBIO rewrite: the event needs a body");
    io_usebio_mp *mp = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *mp);
    if (!mp)
        return bmp_error_oom(err);
    ub_loaded l = {0};
    const char *src = source_name ? source_name : "<memory>";
    if (!(st = io_usebio_collect(ev, aw, mp, err)))
        st = ub_load(orig, orig_len, src, read_opts, true, &l, err);
    if (!st) {
        rw w = {.ev = l.ev, .fl = io_usebio_flavour_find(flavour, l.ev->body),
                .form = wo ? wo->form : BMP_USEBIO_MP_DEFAULT, .file_form = file_form(&l),
                .awarded = aw != NULL, .err = err};
        st = aw ? patch(&w, &l, ev, mp) : BMP_OK; /* no awards: the file as read */
    }
    if (!st)
        st = serialise(&l, has_declaration(orig, orig_len), out, len, err);
    ub_loaded_free(&l);
    free(mp);
    return st;
}
