/* An NZ Scorer input's errors at its XML line and element, never at a JSON
 * path (issue 43 item 3): the reader maps a <session> onto a JSON event
 * (nzscorer.c), and the JSON reader, the parameter check and the rules name
 * that event's fields ("$.contestants[4].place"); for a Scorer file the
 * path becomes the element the field came from, as the reader's own errors
 * name it ("pairs.xml:350: <pair>: ..."). */
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

static bool is(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static xmlNode *child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (is(c, name))
            return c;
    return NULL;
}

static bool attr_is(xmlNode *n, const char *name, const char *v, size_t len)
{
    char *s = (char *)xmlGetProp(n, (const xmlChar *)name);
    bool same = s && strlen(s) == len && strncmp(s, v, len) == 0;
    xmlFree(s);
    return same;
}

/* The <pair> of a contestant id as nzscorer.c makes it: [SECTION:]NO[NS|EW]. */
static xmlNode *pair_element(xmlNode *root, const char *id)
{
    const char *colon = strchr(id, ':');
    const char *no = colon ? colon + 1 : id;
    size_t nl = strspn(no, "0123456789");
    const char *dir = no + nl; /* "NS", "EW" or "" (a Howell) */
    for (xmlNode *sc = child(child(root, "scores"), "scsection"); sc; sc = sc->next) {
        if (!is(sc, "scsection") || (colon && !attr_is(sc, "id", id, (size_t)(colon - id))))
            continue;
        for (xmlNode *p = sc->children; p; p = p->next) {
            if (!is(p, "pair") || !attr_is(p, "no", no, nl))
                continue;
            char *d = (char *)xmlGetProp(p, (const xmlChar *)"dir");
            bool ew = d && (strcmp(d, "E") == 0 || strcmp(d, "W") == 0);
            bool ns = d && (strcmp(d, "N") == 0 || strcmp(d, "S") == 0);
            xmlFree(d);
            if (!*dir || (strcmp(dir, "EW") == 0 && ew) || (strcmp(dir, "NS") == 0 && ns))
                return p;
        }
    }
    return NULL;
}

/* Contestant idx's id: the event's, else the mapped JSON's (the event
 * not made yet); "" when neither has it. */
static void contestant_id(const bmp_event *ev, const char *json, long idx, char *id, size_t n)
{
    id[0] = '\0';
    if (ev && (size_t)idx < ev->ncontestants && ev->contestants[idx].id) {
        snprintf(id, n, "%s", ev->contestants[idx].id);
    } else if (!ev && json) {
        json_t *j = json_loads(json, 0, NULL);
        json_t *c = json_array_get(json_object_get(j, "contestants"), (size_t)idx);
        const char *s = json_string_value(json_object_get(c, "id"));
        snprintf(id, n, "%s", s ? s : "");
        json_decref(j);
    }
}

/* The element a path's head names; *what names the contestant. */
static xmlNode *head_element(xmlNode *root, const bmp_event *ev, const char *json,
                             const io_where_path *w, char *what, size_t wn)
{
    char id[64];
    if (w->idx >= 0 && w->hl == 11 && strncmp(w->head, "contestants", 11) == 0) {
        contestant_id(ev, json, w->idx, id, sizeof id);
        if (!*id)
            return root;
        snprintf(what, wn, "contestant \"%.40s\": ", id);
        xmlNode *p = pair_element(root, id);
        return p ? p : root;
    }
    if (w->hl == 6 && strncmp(w->head, "tables", 6) == 0) {
        xmlNode *s = child(child(root, "sections"), "section");
        return s ? s : root;
    }
    if (w->hl == 6 && strncmp(w->head, "boards", 6) == 0) {
        xmlNode *b = child(root, "board_results");
        return b ? b : root;
    }
    if (w->hl == 6 && strncmp(w->head, "groups", 6) == 0 && w->idx >= 0) {
        long k = w->idx;
        for (xmlNode *s = child(child(root, "sections"), "section"); s; s = s->next)
            if (is(s, "section") && k-- == 0)
                return s;
    }
    return root; /* name, date, organiser and the event's facts: the <session> */
}

void io_nzscorer_where(const char *xml, size_t len, const bmp_event *ev, const char *json,
                       bmp_error *err)
{
    io_where_path w;
    if (!io_where_parse(err, &w) || !xml || len > (size_t)INT32_MAX ||
        io_where_option_param(&w, err))
        return;
    io_xml_init();
    xmlDoc *doc = xmlReadMemory(xml, (int)len, NULL, NULL, UB_PARSE_OPTS);
    xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
    char what[80] = "", msg[BMP_ERROR_MSG_MAX];
    xmlNode *n = is(root, "session") ? head_element(root, ev, json, &w, what, sizeof what) : NULL;
    if (n)
        snprintf(msg, sizeof msg, "%s:%ld: <%s>: %s%s%s", w.src, xmlGetLineNo(n),
                 (const char *)n->name, what, w.sub, w.rest);
    else
        snprintf(msg, sizeof msg, "%s: %s%s%s", w.src, what, w.sub, w.rest);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    if (doc)
        xmlFreeDoc(doc);
}
