/* USEBIO reader, streamed (issue 9): the file goes through libxml2's
 * xmlTextReader; each PAIR / TEAM / PLAYER element is expanded, mapped by
 * the tree reader's own step (ub_read_entry) and freed, so memory follows
 * the event being built, not the file.
 *
 * The tree reader (usebio_read.c) stays the reference.  The stream maps a
 * file in one pass when its layout allows it, which is how scorers write:
 * the CLUB and the EVENT header before the results; event-level results
 * before any SESSION (or a single SESSION and no event-level results); a
 * SECTION's id before its PARTICIPANTS.  Any other layout, malformed XML,
 * a Latin-1 file, an input the reader stopped reading short of its end, and
 * every error make ub_stream_load answer "read it as a tree"
 * (UB_STREAM_FALLBACK): the caller then reads the file again with the
 * tree reader, so results and messages (file:line: element path) are the
 * same either way; only the memory differs (docs/usebio.md, "Memory"). */
#include <errno.h>
#include <fcntl.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "core/param_keys.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"
#include "io/usebio_stream.h"

typedef struct stream {
    rd *r;
    const bmp_usebio_opts *opts;
    xmlTextReaderPtr xr;
    xmlDoc *skel;                /* the root, CLUB and EVENT header, copied */
    xmlNode *sroot, *sevent;
    bool fallback;               /* a layout the stream does not map */
    bool event_seen, header_done, need_boards;
    bool event_level;            /* event-level PARTICIPANTS were read */
    bool event_participants;     /* a PARTICIPANTS directly in the EVENT met */
    bool sid_done;               /* the open SECTION's first SECTION_ID met */
    int nsessions, session;      /* SESSIONs met; the current one's number */
    const char *section;         /* the open SECTION's id (in secs) */
    const char *def_section;     /* the first defining scope's section */
    size_t nscopes;
    char **secs;                 /* every section id met (owned) */
    size_t nsecs, secs_cap;
    xmlDoc *mdoc;                /* MATCH elements, read after the places */
    xmlNode **matches;
    int *msession;
    size_t nm, mcap;
    unsigned char seen[10000 / 8 + 1];
    int boards;
    long size;                   /* memory: the input's bytes, all to be consumed */
    struct counted *in;          /* a file: what was read of it */
} stream;

/* A file read through counting callbacks (xmlReaderForIO): the reader
 * must consume every byte up to the end of the file (walk).  A stat size
 * would not do: a pipe has none, and libxml2's own file input would
 * decompress a .gz that the tree reader, which the stream hands over to,
 * reads as it is. */
typedef struct counted {
    int fd;
    long total;
    bool eof;
} counted;

static int read_counted(void *ctx, char *buf, int len)
{
    counted *c = ctx;
    ssize_t n;
    do
        n = read(c->fd, buf, (size_t)len);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return -1;
    c->eof |= n == 0;
    c->total += (long)n;
    return (int)n;
}

static int close_counted(void *ctx)
{
    return close(((counted *)ctx)->fd);
}

/* What the walk does after an element: go inside it, or skip past it. */
enum { DESCEND, SKIP };

static bmp_status give_up(stream *s, const char *why)
{
    s->fallback = true;
    return bmp_error_set(s->r->err, BMP_EINVAL, "%s: streamed reader: %s", s->r->src, why);
}

static bool parent_is(const xmlNode *n, const char *name)
{
    return n->parent && ub_is(n->parent, name);
}

/* A SESSION directly in the EVENT. */
static bool is_event_session(const xmlNode *n)
{
    return ub_is(n, "SESSION") && parent_is(n, "EVENT");
}

/* An element whose PARTICIPANTS children are scopes (collect_sections):
 * the EVENT, its SESSIONs, and their SECTIONs. */
static bool holds_scopes(const xmlNode *n)
{
    if (ub_is(n, "EVENT") || is_event_session(n))
        return true;
    return ub_is(n, "SECTION") && n->parent &&
           (ub_is(n->parent, "EVENT") || is_event_session(n->parent));
}

/* U-41: BOARDs counted directly in the EVENT or under at most two levels
 * of SESSION / SECTION (usebio_header.c count_boards). */
static bool counted_board(const xmlNode *n)
{
    int levels = 0;
    for (const xmlNode *p = n->parent; p && p->type == XML_ELEMENT_NODE; p = p->parent) {
        if (ub_is(p, "EVENT"))
            return levels <= 2;
        if (!ub_is(p, "SESSION") && !ub_is(p, "SECTION"))
            return false;
        levels++;
    }
    return false;
}

/* The interned copy of a section id (ids are compared, and csec points at
 * them, for the whole read). */
static const char *intern_section(stream *s, const char *id)
{
    for (size_t i = 0; i < s->nsecs; i++)
        if (strcmp(s->secs[i], id) == 0)
            return s->secs[i];
    char **ns = core_grow(s->secs, &s->secs_cap, s->nsecs, sizeof *ns);
    if (!ns)
        return NULL;
    s->secs = ns;
    char *c = core_strdup(id);
    if (c)
        s->secs[s->nsecs++] = c;
    return c;
}

/* ---- the header ----------------------------------------------------------- */

/* Copy n into the skeleton under parent: how 1 with its subtree, 2 the
 * element and its attributes only. */
static bmp_status copy_into(stream *s, xmlNode *n, xmlNode *parent, int how, xmlNode **copy)
{
    if (how == 1 && !xmlTextReaderExpand(s->xr))
        return give_up(s, "cannot expand an element");
    xmlNode *c = xmlDocCopyNode(n, s->skel, how);
    if (!c || !xmlAddChild(parent, c)) {
        xmlFreeNode(c);
        return ub_oom(s->r);
    }
    if (copy)
        *copy = c;
    return BMP_OK;
}

/* At the EVENT's first result element (first: that element): the header
 * is complete, so it is mapped now, as the tree reader maps it first. */
static bmp_status finish_header(stream *s, xmlNode *first)
{
    bmp_status st;
    if (first && ub_is(first, "PARTICIPANTS") &&
        (st = copy_into(s, first, s->sevent, 2, NULL)))
        return st; /* its EVENT_TYPE attribute stands in for the EVENT's */
    s->header_done = true;
    if ((st = ub_map_header(s->r, s->sroot, s->sevent, s->opts)))
        return st;
    s->need_boards = !ub_child(s->sevent, "BOARDS_PLAYED");
    s->r->has_overall = true; /* event-level results, or the one session */
    return BMP_OK;
}

/* ---- results ---------------------------------------------------------------- */

static bool is_result(const xmlNode *n)
{
    return ub_is(n, "PARTICIPANTS") || ub_is(n, "SECTION") || ub_is(n, "SESSION") ||
           ub_is(n, "MATCH") || ub_is(n, "BOARD");
}

/* A PARTICIPANTS scope begins: event level, a session of an event with
 * event-level results, or the one session of an event without. */
static bmp_status begin_scope(stream *s, xmlNode *n, scope *sc, bool *overall)
{
    rd *r = s->r;
    bool in_section = parent_is(n, "SECTION");
    xmlNode *holder = in_section ? n->parent->parent : n->parent;
    bool event_level = ub_is(holder, "EVENT");
    if (in_section && !s->section)
        return give_up(s, "a SECTION's PARTICIPANTS before its SECTION_ID");
    if (event_level && s->nsessions > 0)
        return give_up(s, "event-level results after a SESSION");
    if (!event_level && !s->event_level && s->nsessions > 1)
        return give_up(s, "several SESSIONs without event-level results");
    s->event_level |= event_level;
    *overall = event_level || !s->event_level;
    *sc = (scope){NULL, *overall ? 0 : s->session, in_section ? (char *)s->section : NULL,
                  NULL};
    s->nscopes++;
    if (!*overall || !sc->section)
        return BMP_OK;
    /* A defining scope: its section is a group, and a second section
     * qualifies every id (the tree reader counts the sections first). */
    if (!s->def_section)
        s->def_section = sc->section;
    else if (!r->multi_section && strcmp(s->def_section, sc->section) != 0) {
        r->multi_section = true;
        bmp_status st = ub_requalify_ids(r);
        if (st)
            return st;
    }
    return ub_add_section_groups(r, sc, 1);
}

/* Read a scope's entries one at a time: expand, map, free. */
static bmp_status read_scope(stream *s, xmlNode *n)
{
    scope sc;
    bool overall;
    bmp_status st = begin_scope(s, n, &sc, &overall);
    int depth = xmlTextReaderDepth(s->xr);
    if (st || xmlTextReaderIsEmptyElement(s->xr))
        return st;
    int ret = xmlTextReaderRead(s->xr);
    while (ret == 1 && !st) {
        int type = xmlTextReaderNodeType(s->xr);
        if (type == XML_READER_TYPE_END_ELEMENT && xmlTextReaderDepth(s->xr) == depth)
            return BMP_OK;
        xmlNode *e = xmlTextReaderCurrentNode(s->xr);
        if (type != XML_READER_TYPE_ELEMENT) {
            ret = xmlTextReaderRead(s->xr);
            continue;
        }
        if (ub_is(e, "PAIR") || ub_is(e, "TEAM") || ub_is(e, "PLAYER")) {
            if (!xmlTextReaderExpand(s->xr))
                return give_up(s, "cannot expand an entry");
            st = ub_read_entry(s->r, &sc, e, overall);
        }
        ret = xmlTextReaderNext(s->xr);
    }
    return st ? st : give_up(s, "the file ends inside PARTICIPANTS");
}

static bmp_status keep_match(stream *s, xmlNode *n)
{
    if (!xmlTextReaderExpand(s->xr))
        return give_up(s, "cannot expand a MATCH");
    if (s->nm == s->mcap) {
        size_t cap = s->mcap ? s->mcap * 2 : 16;
        xmlNode **nm = realloc(s->matches, cap * sizeof *nm);
        if (nm)
            s->matches = nm;
        int *ns = nm ? realloc(s->msession, cap * sizeof *ns) : NULL;
        if (!ns)
            return ub_oom(s->r);
        s->msession = ns;
        s->mcap = cap;
    }
    if (!s->mdoc && !(s->mdoc = xmlNewDoc(BAD_CAST "1.0")))
        return ub_oom(s->r);
    xmlNode *c = xmlDocCopyNode(n, s->mdoc, 1);
    if (!c)
        return ub_oom(s->r);
    s->matches[s->nm] = c;
    s->msession[s->nm++] = parent_is(n, "SESSION") ? s->session : 0;
    return BMP_OK;
}

/* U-41: a BOARD is counted by its first BOARD_NUMBER child without
 * expanding the board: the reader goes through the children, expands that
 * one element and skips the others (TRAVELLER_LINEs, HANDs), which it
 * frees as it passes them.  Expanding the whole BOARD held one traveller
 * line a table in memory at once: a large field's board took several
 * times its own size.  The reader is left at the BOARD's end tag, from
 * which the walk moves on. */
static bmp_status count_board(stream *s)
{
    xmlTextReaderPtr xr = s->xr;
    int depth = xmlTextReaderDepth(xr);
    bool have_num = false;
    /* <BOARD/> has no children: the reader stays on it */
    int ret = xmlTextReaderIsEmptyElement(xr) ? 1 : xmlTextReaderRead(xr);
    while (ret == 1 && xmlTextReaderDepth(xr) > depth) {
        if (xmlTextReaderNodeType(xr) != XML_READER_TYPE_ELEMENT) {
            ret = xmlTextReaderRead(xr);
            continue;
        }
        xmlNode *k = xmlTextReaderCurrentNode(xr);
        if (!have_num && xmlTextReaderDepth(xr) == depth + 1 && ub_is(k, "BOARD_NUMBER")) {
            if (!xmlTextReaderExpand(xr))
                return give_up(s, "cannot expand a BOARD_NUMBER");
            have_num = true;
            ub_count_board_number(k, s->seen, &s->boards);
        }
        ret = xmlTextReaderNext(xr);
    }
    if (ret != 1)
        return give_up(s, "malformed XML");
    if (!have_num)
        ub_count_board_number(NULL, s->seen, &s->boards);
    return BMP_OK;
}

static bmp_status begin_session(stream *s, xmlNode *n)
{
    if (++s->nsessions > 100)
        return give_up(s, "over 100 SESSIONs");
    if (!s->event_level && s->nsessions > 1)
        return give_up(s, "several SESSIONs without event-level results");
    s->session = ub_session_number(n, s->nsessions);
    s->section = NULL;
    return BMP_OK;
}

static bmp_status begin_section(stream *s, xmlNode *n)
{
    s->sid_done = false;
    char *sid = ub_attr(n, "SECTION_ID");
    s->section = sid ? intern_section(s, sid) : NULL;
    bool oom = sid && !s->section;
    free(sid);
    return oom ? ub_oom(s->r) : BMP_OK;
}

/* A SECTION_ID element names its SECTION when the attribute did not. */
static bmp_status section_id_element(stream *s, xmlNode *n)
{
    if (s->section || s->sid_done)
        return BMP_OK;
    s->sid_done = true;
    if (!xmlTextReaderExpand(s->xr))
        return give_up(s, "cannot expand SECTION_ID");
    char *t = ub_text(n);
    if (!t)
        return ub_oom(s->r);
    s->section = *t ? intern_section(s, t) : NULL;
    bool oom = *t && !s->section;
    free(t);
    return oom ? ub_oom(s->r) : BMP_OK;
}

/* ---- the walk --------------------------------------------------------------- */

static bmp_status on_root_child(stream *s, xmlNode *n, int *next)
{
    *next = SKIP;
    if (ub_is(n, "EVENT")) {
        if (s->event_seen)
            return give_up(s, "a second EVENT");
        s->event_seen = true;
        *next = DESCEND;
        return copy_into(s, n, s->sroot, 2, &s->sevent);
    }
    if (ub_is(n, "CLUB"))
        return s->event_seen ? give_up(s, "a CLUB after the EVENT")
                             : copy_into(s, n, s->sroot, 1, NULL);
    return BMP_OK;
}

static bmp_status late_event_type(stream *s, xmlNode *n)
{
    char *mine = ub_attr(s->sevent, "EVENT_TYPE"), *late = mine ? NULL : ub_attr(n, "EVENT_TYPE");
    bool differs = !mine && late;
    free(mine);
    free(late);
    return differs ? give_up(s, "an EVENT_TYPE on a later PARTICIPANTS") : BMP_OK;
}

static bmp_status on_event_child(stream *s, xmlNode *n, int *next)
{
    *next = SKIP;
    bmp_status st;
    if (!is_result(n))
        return s->header_done ? give_up(s, "a header element after the results")
                              : copy_into(s, n, s->sevent, 1, NULL);
    if (!s->header_done && (st = finish_header(s, n)))
        return st;
    if (ub_is(n, "PARTICIPANTS") && !s->event_participants) {
        /* The tree reader takes a missing EVENT_TYPE from the EVENT's first
         * PARTICIPANTS, which the header saw only if it came first. */
        s->event_participants = true;
        if (!ub_child(s->sevent, "PARTICIPANTS") && (st = late_event_type(s, n)))
            return st;
    }
    if (ub_is(n, "SESSION")) {
        *next = DESCEND;
        return begin_session(s, n);
    }
    if (ub_is(n, "SECTION")) {
        *next = DESCEND;
        return begin_section(s, n);
    }
    if (ub_is(n, "PARTICIPANTS"))
        return read_scope(s, n);
    if (ub_is(n, "MATCH"))
        return keep_match(s, n);
    return s->need_boards ? count_board(s) : BMP_OK;
}

/* Below the EVENT: SESSION and SECTION contents. */
static bmp_status on_inner(stream *s, xmlNode *n, int *next)
{
    *next = SKIP;
    xmlNode *p = n->parent;
    if (ub_is(n, "BOARD"))
        return s->need_boards && counted_board(n) ? count_board(s) : BMP_OK;
    if (ub_is(n, "PARTICIPANTS") && holds_scopes(p))
        return read_scope(s, n);
    if (ub_is(n, "MATCH") && is_event_session(p))
        return keep_match(s, n);
    if (ub_is(n, "SECTION_ID") && ub_is(p, "SECTION") && holds_scopes(p))
        return section_id_element(s, n);
    if (ub_is(n, "SECTION") && is_event_session(p)) {
        *next = DESCEND;
        return begin_section(s, n);
    }
    /* Deeper SESSION / SECTION levels hold only BOARDs that count. */
    if ((ub_is(n, "SESSION") || ub_is(n, "SECTION")) && s->need_boards) {
        *next = DESCEND;
        return BMP_OK;
    }
    return BMP_OK;
}

static bmp_status on_element(stream *s, xmlNode *n, int depth, int *next)
{
    if (depth == 0) {
        *next = DESCEND;
        if (!ub_is(n, "USEBIO"))
            return give_up(s, "the root is not USEBIO");
        if (ub_has_entities(n->doc))
            return give_up(s, "entity declarations");
        xmlNode *c = xmlDocCopyNode(n, s->skel, 2);
        if (!c)
            return ub_oom(s->r);
        xmlDocSetRootElement(s->skel, c);
        s->sroot = c;
        return ub_map_version(s->r, c);
    }
    if (depth == 1)
        return on_root_child(s, n, next);
    if (depth == 2 && parent_is(n, "EVENT"))
        return on_event_child(s, n, next);
    return on_inner(s, n, next);
}

static bmp_status walk(stream *s)
{
    bmp_status st = BMP_OK;
    int ret = xmlTextReaderRead(s->xr);
    while (ret == 1 && !st) {
        if (xmlTextReaderNodeType(s->xr) != XML_READER_TYPE_ELEMENT) {
            ret = xmlTextReaderRead(s->xr);
            continue;
        }
        int next = SKIP;
        xmlNode *n = xmlTextReaderCurrentNode(s->xr);
        st = on_element(s, n, xmlTextReaderDepth(s->xr), &next);
        if (!st)
            ret = next == DESCEND ? xmlTextReaderRead(s->xr) : xmlTextReaderNext(s->xr);
    }
    if (st)
        return st;
    if (ret != 0)
        return give_up(s, "malformed XML");
    /* libxml2 2.9's reader answers "end of input" (0, and no error to the
     * structured handler) when an encoding conversion fails part-way; the
     * tree reader reports it.  A reader that stopped short gives up. */
    long consumed = xmlTextReaderByteConsumed(s->xr);
    if (s->in ? !s->in->eof || consumed != s->in->total : consumed != s->size)
        return give_up(s, "the input was not read to its end");
    if (!s->event_seen || !s->sevent)
        return give_up(s, "no EVENT");
    if (!s->header_done && (st = finish_header(s, NULL)))
        return st;
    return s->nscopes ? BMP_OK : give_up(s, "no PARTICIPANTS");
}

/* ---- after the walk --------------------------------------------------------- */

/* What the tree reader knew before reading the entries and the stream
 * learns only at the end: the number of sessions (an overall ranking is
 * session 1 of a one-session event, else 0) and the boards counted from
 * BOARD elements (U-41; the players' participation). */
static void settle(stream *s)
{
    rd *r = s->r;
    bmp_event *ev = r->ev;
    if (s->nsessions > ev->sessions)
        ev->sessions = s->nsessions;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        for (size_t k = 0; k < c->nrankings; k++)
            if (strncmp(c->rankings[k].ranking, "session ", 8) != 0)
                c->rankings[k].session = ev->sessions <= 1 ? 1 : 0;
    }
    if (!s->need_boards || s->boards <= 0)
        return;
    ev->boards = s->boards;
    r->event_boards = s->boards;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        if (!bmp_params_has(&c->params, "usebio.boards_played"))
            continue;
        double bp = bmp_params_number(&c->params, "usebio.boards_played", 0);
        if (bp < r->event_boards)
            for (size_t k = 0; k < c->nplayers; k++)
                c->players[k].participation = bp / r->event_boards;
    }
}

static bmp_status finish(stream *s)
{
    settle(s);
    bmp_status st = ub_map_places(s->r, s->sevent);
    for (size_t i = 0; i < s->nm && !st; i++)
        st = ub_read_match(s->r, s->matches[i], s->msession[i]);
    return st ? st : ub_map_end(s->r, s->opts);
}

static void no_messages(void *arg, xmlErrorPtr e)
{
    (void)arg;
    (void)e;
}

static void stream_free(stream *s)
{
    if (s->xr)
        xmlFreeTextReader(s->xr);
    if (s->skel)
        xmlFreeDoc(s->skel);
    if (s->mdoc)
        xmlFreeDoc(s->mdoc); /* the copies were freed one by one */
    free(s->matches);
    free(s->msession);
    for (size_t i = 0; i < s->nsecs; i++)
        free(s->secs[i]);
    free(s->secs);
}

bmp_status ub_stream_load(const char *path, const char *data, size_t len, const char *src,
                          const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    io_xml_init();
    counted in = {.fd = -1};
    stream s = {.opts = opts, .size = (long)len, .in = path ? &in : NULL};
    if (path && (in.fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0)
        s.xr = xmlReaderForIO(read_counted, close_counted, &in, path, NULL, UB_PARSE_OPTS);
    else if (!path)
        s.xr = xmlReaderForMemory(data, (int)len, src, NULL, UB_PARSE_OPTS);
    s.skel = xmlNewDoc(BAD_CAST "1.0");
    bmp_event *ev = calloc(1, sizeof *ev);
    rd r = {.src = src, .err = err, .ev = ev, .stream = true};
    s.r = &r;
    bmp_status st = BMP_OK;
    if (!s.skel || !ev || (ev->source = core_strdup(src)) == NULL)
        st = bmp_error_oom(err);
    else if (!s.xr)
        st = give_up(&s, "cannot open");
    if (!st) {
        ev->upper_limit = ev->lower_limit = BMP_NO_LIMIT;
        xmlTextReaderSetStructuredErrorHandler(s.xr, no_messages, NULL);
        st = walk(&s);
    }
    if (!st)
        st = finish(&s);
    ub_rd_free(&r);
    for (size_t i = 0; i < s.nm; i++)
        xmlFreeNode(s.matches[i]);
    s.nm = 0;
    stream_free(&s);
    if (st) {
        bmp_event_free(ev);
        return st;
    }
    *out = ev;
    return BMP_OK;
}
