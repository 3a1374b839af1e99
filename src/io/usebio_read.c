/* USEBIO 1.0-1.3 reader: a lenient libxml2 reader mapping a results file
 * into the event model (ecosystem.md §2; docs/usebio.md has the mapping).
 *
 * Lenient about what producers really write (1.1 event types under 1.2,
 * "3=" places, missing PLACE, flat or nested MASTER_POINTS, day-first dates,
 * Latin-1 bytes in a file declared UTF-8), strict about what would change an
 * award: every problem is an error naming file, line and element path.
 * Safety: no DTD loading, no network, no entity declarations. */
#include <ctype.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/param_keys.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

/* ---- the document ------------------------------------------------------ */

static bmp_status add_scope(rd *r, scope **sv, size_t *n, size_t *cap, xmlNode *p, int session,
                            xmlNode *section)
{
    scope *ns = core_grow(*sv, cap, *n, sizeof *ns);
    if (!ns)
        return ub_oom(r);
    *sv = ns;
    char *sid = NULL;
    if (section) {
        sid = ub_attr(section, "SECTION_ID");
        if (!sid) {
            bmp_status st = BMP_OK;
            sid = ub_child_text(r, section, "SECTION_ID", NULL, &st);
            if (st)
                return st;
        }
        if (!sid)
            return ub_fail(r, section, BMP_EINVAL, "a SECTION needs a SECTION_ID attribute");
    }
    (*sv)[(*n)++] = (scope){p, session, sid, section};
    return BMP_OK;
}

/* Session number from SESSION_ID ("2"), else its position. */
int ub_session_number(xmlNode *s, int ordinal)
{
    char *id = ub_attr(s, "SESSION_ID");
    int n = ordinal;
    if (id) {
        char *end;
        long v = strtol(id, &end, 10);
        if (!*end && v >= 1 && v <= 100)
            n = (int)v;
        free(id);
    }
    return n;
}

static bmp_status collect_sections(rd *r, xmlNode *parent, int session, scope **sv, size_t *n,
                                   size_t *cap)
{
    bmp_status st = BMP_OK;
    for (xmlNode *c = parent->children; c && !st; c = c->next) {
        if (ub_is(c, "PARTICIPANTS"))
            st = add_scope(r, sv, n, cap, c, session, NULL);
        else if (ub_is(c, "SECTION"))
            for (xmlNode *p = c->children; p && !st; p = p->next)
                if (ub_is(p, "PARTICIPANTS"))
                    st = add_scope(r, sv, n, cap, p, session, c);
    }
    return st;
}

bmp_status ub_add_section_groups(rd *r, const scope *sv, size_t n)
{
    bmp_event *ev = r->ev;
    for (size_t i = 0; i < n; i++) {
        if (!sv[i].section || bmp_event_group(ev, sv[i].section))
            continue;
        bmp_group *ng = realloc(ev->groups, (ev->ngroups + 1) * sizeof *ng);
        if (!ng)
            return ub_oom(r);
        ev->groups = ng;
        bmp_group *g = &ev->groups[ev->ngroups++];
        memset(g, 0, sizeof *g);
        g->upper_limit = g->lower_limit = BMP_NO_LIMIT;
        g->session = sv[i].session;
        g->name = core_strdup(sv[i].section);
        g->type = core_strdup("section");
        if (!g->name || !g->type)
            return ub_oom(r);
    }
    return BMP_OK;
}

/* Tables from the field (docs/rulings.md C-3): pairs / 2, teams one each,
 * individuals / 4, phantoms excluded; per section too. */
static void count_tables(rd *r)
{
    bmp_event *ev = r->ev;
    double per = bmp_event_kind_is_teams(ev->kind)   ? 1.0
                 : ev->kind == BMP_KIND_INDIVIDUAL ? 0.25
                                                    : 0.5;
    double all = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom)
            all += per;
    if (!bmp_params_bool(&ev->params, "usebio.tables_stated", false))
        ev->tables = io_usebio_stated_tables(ev, all);
    for (size_t g = 0; g < ev->ngroups; g++)
        ev->groups[g].tables = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) { /* groups found by hash */
        const bmp_group *g = bmp_event_group(ev, ev->contestants[i].group);
        if (g && !ev->contestants[i].phantom)
            ev->groups[g - ev->groups].tables += per;
    }
}

/* Ranked across sections (UX-4): the sections are one field, so they are
 * no groups; each contestant keeps its section in params "usebio.section". */
static bmp_status one_field(rd *r)
{
    bmp_event *ev = r->ev;
    if (!bmp_params_bool(&ev->params, "usebio.ranked_across_sections", false))
        return BMP_OK;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        if (c->group && io_param_string(&c->params, "usebio.section", c->group))
            return ub_oom(r);
        free(c->group);
        c->group = NULL;
    }
    for (size_t g = 0; g < ev->ngroups; g++) {
        free(ev->groups[g].name);
        free(ev->groups[g].type);
        /* reader-made groups hold no params */
    }
    free(ev->groups);
    ev->groups = NULL;
    ev->ngroups = 0;
    return BMP_OK;
}

/* The USEBIO root's Version (shared with the streamed reader,
 * usebio_stream.c, as the steps below). */
bmp_status ub_map_version(rd *r, xmlNode *root)
{
    bmp_status st = BMP_OK;
    char *ver = ub_attr(root, "Version");
    if (ver) {
        bool ok = strcmp(ver, "1.0") == 0 || strcmp(ver, "1.1") == 0 ||
                  strcmp(ver, "1.2") == 0 || strcmp(ver, "1.3") == 0;
        st = ok ? ub_set_event_param(r, "usebio.version", ver)
                : ub_fail(r, root, BMP_EINVAL, "Version: expected 1.0, 1.1, 1.2 or 1.3, got \"%.20s\"", ver);
        free(ver);
    }
    return st;
}

/* The status name a MASTER_POINT_SCALE word means: one of the body's other
 * words for it (bmp_rules.usebio_scale_words, rulings U-48), else the word
 * as written (looked up in any case). */
static const char *scale_word(const bmp_rules *rules, const char *sc)
{
    for (size_t i = 0; sc && rules->usebio_scale_words && rules->usebio_scale_words[i][0]; i++)
        if (strcasecmp(sc, rules->usebio_scale_words[i][0]) == 0)
            return rules->usebio_scale_words[i][1];
    return sc;
}

/* The EVENT header: kind, body, status, point type. */
bmp_status ub_map_header(rd *r, xmlNode *root, xmlNode *event, const bmp_usebio_opts *opts)
{
    bmp_event *ev = r->ev;
    bmp_status st;
    ev->sessions = 1;
    if ((st = ub_read_header(r, root, event)))
        return st;
    /* Body-dependent mapping (MASTER_POINT_TYPE) needs the body now. */
    if ((st = bmp_usebio_apply_opts(ev, opts, r->err)))
        return st;
    r->two_winner = ev->movement == BMP_MOVEMENT_TWO_WINNER; /* a sidecar may say it */
    if (ev->kind == BMP_KIND_UNKNOWN)
        return ub_fail(r, event, BMP_EINVAL,
                       "no EVENT_TYPE (expected e.g. MP_PAIRS, PAIRS, TEAMS, SWISS_TEAMS, "
                       "INDIVIDUAL): add it, or give \"kind\" in a --sidecar file");
    if (!ev->body)
        return io_usebio_no_body(r->src, r->err);
    /* EBU: MASTER_POINT_SCALE (Club, District, County, Regional, National,
     * §2.3) is the event's status (EBU 3.2; bmp_rules.usebio_status_scales);
     * options and the sidecar, applied above and again at the end, still
     * win (rulings U-19). */
    const bmp_rules *rules = bmp_rules_find(ev->body);
    if (!ev->status && rules && rules->usebio_status_scales) {
        const char *sc = scale_word(rules, bmp_params_string(&ev->params,
                                                             "usebio.master_point_scale", NULL));
        for (const char *const *k = rules->usebio_status_scales; sc && *k; k++)
            if (strcasecmp(sc, *k) == 0) {
                if (!(ev->status = core_strdup(*k)))
                    return ub_oom(r);
                for (char *c = ev->status; *c; c++)
                    *c = (char)tolower((unsigned char)*c);
            }
    }
    {
        xmlNode *w;
        char *t = ub_child_text(r, event, "MASTER_POINT_TYPE", &w, &st);
        if (t) {
            const char *colour = bmp_usebio_colour(ev->body, t);
            if (!colour)
                {
                char list[160];
                io_usebio_types(ev->body, list, sizeof list);
                st = ub_fail(r, w, BMP_EINVAL, "expected one of %s (%s), got \"%.40s\"", list,
                             ev->body, t);
            }
            else
                st = ub_set_event_param(r, "usebio.master_point_type", t);
            if (!st)
                st = ub_set_event_param(r, "usebio.colour", colour);
        }
        free(t);
        if (st)
            return st;
    }
    return BMP_OK;
}

/* The root USEBIO (its Version checked) and its one EVENT. */
static bmp_status find_event(rd *r, xmlDoc *doc, xmlNode **root, xmlNode **event)
{
    bmp_status st;
    *root = xmlDocGetRootElement(doc);
    *event = NULL;
    if (!*root || !ub_is(*root, "USEBIO"))
        return ub_fail(r, *root, BMP_EINVAL, "expected the root element USEBIO, got %s",
                       *root ? (const char *)(*root)->name : "nothing");
    if ((st = ub_map_version(r, *root)))
        return st;
    for (xmlNode *c = (*root)->children; c; c = c->next)
        if (ub_is(c, "EVENT")) {
            if (*event)
                return ub_fail(r, c, BMP_EINVAL,
                               "a second EVENT: convert one event per file (split the file)");
            *event = c;
        }
    return *event ? BMP_OK : ub_fail(r, *root, BMP_EINVAL, "no EVENT element");
}

/* The scopes (PARTICIPANTS elements): event level, with its sections, then
 * each SESSION's.  *first_session: where the sessions' begin. */
typedef struct scopes {
    scope *v;
    size_t n, cap, first_session;
    int nsessions;
} scopes;

static bmp_status collect_scopes(rd *r, xmlNode *event, scopes *s)
{
    bmp_status st = collect_sections(r, event, 0, &s->v, &s->n, &s->cap);
    s->first_session = s->n;
    int ordinal = 0;
    for (xmlNode *c = event->children; c && !st; c = c->next)
        if (ub_is(c, "SESSION")) {
            s->nsessions++;
            st = collect_sections(r, c, ub_session_number(c, ++ordinal), &s->v, &s->n, &s->cap);
        }
    if (!st && s->n == 0)
        st = ub_fail(r, event, BMP_EINVAL, "no PARTICIPANTS: nothing to award");
    if (!st && s->nsessions > 100)
        st = ub_fail(r, event, BMP_ERANGE, "%d SESSION elements: at most 100 are supported",
                     s->nsessions);
    return st;
}

/* Distinct sections among the scopes that define the contestants: the
 * overall ones, or every session's when there is no overall. */
static size_t count_sections(const scope *sv, size_t n)
{
    size_t nsec = 0;
    for (size_t i = 0; i < n; i++)
        if (sv[i].section) {
            bool dup = false;
            for (size_t j = 0; j < i; j++)
                dup |= sv[j].section && strcmp(sv[j].section, sv[i].section) == 0;
            nsec += !dup;
        }
    return nsec;
}

/* Read every scope: the overall ones define the contestants, sessions
 * rank them. */
static bmp_status read_scopes(rd *r, scopes *s)
{
    if (s->nsessions > r->ev->sessions)
        r->ev->sessions = s->nsessions;
    /* With no event-level results, a single session is the event. */
    bool event_level = s->first_session > 0;
    if (!event_level && s->nsessions == 1) {
        for (size_t i = 0; i < s->n; i++)
            s->v[i].session = 0;
        s->first_session = s->n;
        event_level = true;
    }
    r->multi_section = count_sections(s->v, event_level ? s->first_session : s->n) > 1;
    r->has_overall = event_level;
    bmp_status st = ub_add_section_groups(r, s->v, s->first_session);
    for (size_t i = 0; i < s->first_session && !st; i++)
        st = ub_read_scope(r, &s->v[i], true);
    for (size_t i = s->first_session; i < s->n && !st; i++)
        st = ub_read_scope(r, &s->v[i], false);
    return st;
}

/* Matches: event level and per session, in document order. */
static bmp_status read_matches(rd *r, xmlNode *event)
{
    bmp_status st = BMP_OK;
    int ordinal = 0;
    for (xmlNode *c = event->children; c && !st; c = c->next) {
        if (ub_is(c, "MATCH"))
            st = ub_read_match(r, c, 0);
        else if (ub_is(c, "SESSION")) {
            int sn = ub_session_number(c, ++ordinal);
            for (xmlNode *m = c->children; m && !st; m = m->next)
                if (ub_is(m, "MATCH"))
                    st = ub_read_match(r, m, sn);
        }
    }
    return st;
}

static bmp_status map_document(rd *r, xmlDoc *doc, const bmp_usebio_opts *opts)
{
    xmlNode *root, *event;
    bmp_status st = find_event(r, doc, &root, &event);
    if (st || (st = ub_map_header(r, root, event, opts)))
        return st;
    scopes s = {0};
    st = collect_scopes(r, event, &s);
    if (!st)
        st = read_scopes(r, &s);
    for (size_t i = 0; i < s.n; i++)
        free(s.v[i].section);
    free(s.v);
    if (st || (st = ub_map_places(r, event)) || (st = read_matches(r, event)))
        return st;
    return ub_map_end(r, opts);
}

/* Places resolved and checked, sections ranked as one field merged. */
bmp_status ub_map_places(rd *r, xmlNode *event)
{
    bmp_status st;
    if (r->ev->ncontestants == 0) /* as with no PARTICIPANTS at all */
        return ub_fail(r, event, BMP_EINVAL,
                       "PARTICIPANTS hold no PAIR, TEAM or PLAYER: nothing to award");
    if ((st = ub_resolve_places(r)) || (st = one_field(r)))
        return st;
    return BMP_OK;
}

/* After the matches: wins, the index, tables, the options once more. */
bmp_status ub_map_end(rd *r, const bmp_usebio_opts *opts)
{
    bmp_event *ev = r->ev;
    bmp_status st;
    ub_tally_matches(r);
    if ((st = bmp_event_reindex(ev, r->err)))
        return st;
    count_tables(r);
    /* Options once more: they win over what the file said. */
    if ((st = bmp_usebio_apply_opts(ev, opts, r->err)))
        return st;
    if (ev->edition) {
        const char *ed;
        bmp_error e2 = {0};
        if (bmp_rules_edition(bmp_rules_find(ev->body), ev->edition, &ed, &e2))
            return bmp_error_set(r->err, BMP_EINVAL, "%s: %s", r->src, e2.msg);
    }
    ub_flush_warnings(r, opts); /* the read succeeded: its warnings count once */
    return BMP_OK;
}

#define PARSE_OPTS UB_PARSE_OPTS

/* The first error libxml2 reports (the last one is often a consequence,
 * such as "Premature end of data" after a mismatched tag). */
typedef struct first_error {
    bool have;
    int line, code;
    char msg[400];
} first_error;

static void on_error(void *ud, xmlErrorPtr e)
{
    xmlParserCtxtPtr ctxt = ud;
    first_error *fe = ctxt ? ctxt->_private : NULL;
    if (!fe || fe->have || !e || e->level < XML_ERR_ERROR)
        return;
    fe->have = true;
    fe->line = e->line;
    fe->code = e->code;
    snprintf(fe->msg, sizeof fe->msg, "%s", e->message ? e->message : "error");
    size_t l = strlen(fe->msg);
    while (l && (fe->msg[l - 1] == '\n' || fe->msg[l - 1] == ' '))
        fe->msg[--l] = '\0';
    for (char *p = fe->msg; *p; p++) /* one line: libxml2 appends "\nBytes: ..." */
        if (*p == '\n')
            *p = ' ';
}

static xmlDoc *parse(const char *data, size_t len, const char *src, const char *encoding,
                     int options, char *msg, size_t msgsz, int *code)
{
    io_xml_init();
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        *code = -1; /* out of memory */
        return NULL;
    }
    first_error fe = {0};
    ctxt->_private = &fe;
    if (ctxt->sax) {
        ctxt->sax->initialized = XML_SAX2_MAGIC;
        ctxt->sax->serror = on_error;
    }
    xmlDoc *doc = xmlCtxtReadMemory(ctxt, data, (int)len, src, encoding, options);
    if (!doc || !ctxt->wellFormed) {
        const xmlError *e = xmlCtxtGetLastError(ctxt);
        if (!fe.have && e && e->message)
            on_error(ctxt, (xmlErrorPtr)e);
        if (fe.have) {
            snprintf(msg, msgsz, "%s:%d: malformed XML: %s", src, fe.line, fe.msg);
            *code = fe.code;
        } else {
            snprintf(msg, msgsz, "%s: malformed XML", src);
        }
        if (doc)
            xmlFreeDoc(doc);
        doc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    return doc;
}

/* Entity declarations (internal subset) are refused outright: they are the
 * vehicle of external-entity and entity-expansion attacks, and no scorer
 * writes them. */
bool ub_has_entities(xmlDoc *doc)
{
    return (doc->intSubset && (doc->intSubset->entities || doc->intSubset->pentities)) ||
           (doc->extSubset && doc->extSubset->entities);
}

bmp_status ub_load(const char *data, size_t len, const char *src, const bmp_usebio_opts *opts,
                   bool keep_blanks, ub_loaded *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    if (len > (size_t)INT32_MAX)
        return bmp_error_set(err, BMP_EINVAL, "%s: file too large (over 2 GB)", src);
    char msg[BMP_ERROR_MSG_MAX - 32];
    int code = 0;
    int options = keep_blanks ? PARSE_OPTS & ~XML_PARSE_NOBLANKS : PARSE_OPTS;
    xmlDoc *doc = parse(data, len, src, NULL, options, msg, sizeof msg, &code);
    if (!doc && code == XML_ERR_INVALID_CHAR) {
        /* Declared (or defaulted to) UTF-8 but written in Latin-1 by a
         * Windows scorer: read it as ISO-8859-1 (docs/rulings.md U-3). */
        char m2[16];
        int c2 = 0;
        doc = parse(data, len, src, "ISO-8859-1", options, m2, sizeof m2, &c2);
        out->latin1 = doc != NULL;
    }
    if (!doc && code == -1)
        return bmp_error_set(err, BMP_ENOMEM, "%s: out of memory", src);
    if (!doc)
        return bmp_error_set(err, BMP_EPARSE, "%s", msg);
    if (ub_has_entities(doc)) {
        xmlFreeDoc(doc);
        return bmp_error_set(err, BMP_EPARSE,
                             "%s: entity declarations are not accepted in a USEBIO file "
                             "(external entities and entity expansion are refused)",
                             src);
    }
    bmp_event *ev = calloc(1, sizeof *ev);
    if (!ev) {
        xmlFreeDoc(doc);
        return bmp_error_oom(err);
    }
    ev->upper_limit = ev->lower_limit = BMP_NO_LIMIT;
    ev->source = core_strdup(src);
    rd r = {.src = src, .err = err, .ev = ev};
    bmp_status st = ev->source ? BMP_OK : ub_oom(&r);
    if (!st && out->latin1)
        st = io_param_string(&ev->params, "usebio.encoding", "ISO-8859-1") ? ub_oom(&r)
                                                                                : BMP_OK;
    if (!st)
        st = map_document(&r, doc, opts);
    ub_rd_free(&r);
    if (st) {
        free(r.cnode);
        xmlFreeDoc(doc);
        bmp_event_free(ev);
        return st;
    }
    out->doc = doc;
    out->ev = ev;
    out->cnode = r.cnode;
    return BMP_OK;
}

void ub_loaded_free(ub_loaded *l)
{
    if (l->doc)
        xmlFreeDoc(l->doc);
    bmp_event_free(l->ev);
    free(l->cnode);
    memset(l, 0, sizeof *l);
}
