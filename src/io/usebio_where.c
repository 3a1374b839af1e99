/* A USEBIO input's errors at its XML line and element, never at a JSON
 * path (issue 43, rulings U-49): the rules check the event the reader
 * made, and name its fields as the JSON event format's ("$.status"); for
 * an event read from USEBIO the path becomes the element the field came
 * from. */
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

/* An event field -> the EVENT child it is read from (usebio.md's table);
 * the EVENT itself when the file has no such child. */
static const char *const field_element[][2] = {
    {"status", "MASTER_POINT_SCALE"}, {"date", "DATE"},
    {"boards", "BOARDS_PLAYED"},      {"sessions", "SESSION_COUNT"},
    {"movement", "WINNER_TYPE"},      {"tables", "TABLE_COUNT"},
    {"boards_per_match", "BOARDS_PER_ROUND"}, {"name", "TITLE"},
    {"event_id", "EVENT_IDENTIFIER"}, {"sanction", "EBU_CHARGE_CODE"},
    {"organiser", "CLUB_ID_NUMBER"}};

/* The n-th (from 0) element called name below `top`, in document order. */
static xmlNode *nth_element(xmlNode *top, const char *name, size_t *n)
{
    for (xmlNode *c = top ? top->children : NULL; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (ub_is(c, name) && (*n)-- == 0)
            return c;
        xmlNode *f = nth_element(c, name, n);
        if (f)
            return f;
    }
    return NULL;
}

/* The element whose PAIR_NUMBER / TEAM_ID / PLAYER_NUMBER (or, for a
 * player, NATIONAL_ID_NUMBER) is the contestant's id after its section. */
static xmlNode *contestant_element(xmlNode *top, const char *id)
{
    static const char *const entries[] = {"PAIR", "TEAM", "PLAYER"};
    const char *colon = strchr(id, ':');
    const char *num = colon ? colon + 1 : id;
    size_t len = strspn(num, "0123456789");
    if (!len)
        len = strlen(num);
    for (xmlNode *c = top ? top->children : NULL; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        for (size_t k = 0; k < 3; k++) {
            if (!ub_is(c, entries[k]))
                continue;
            /* an element without its number (a PAIR's PLAYER has no
             * PLAYER_NUMBER) is not the contestant: never ub_text(NULL) */
            char *t = ub_attr(c, "TEAM_ID");
            xmlNode *nn = t ? NULL : ub_child(c, k == 2 ? "PLAYER_NUMBER" : "PAIR_NUMBER");
            if (nn)
                t = ub_text(nn);
            nn = !t && k == 1 ? ub_child(c, "TEAM_NUMBER") : NULL;
            if (nn)
                t = ub_text(nn);
            bool same = t && strlen(t) >= len && strncmp(t, num, len) == 0 &&
                        (t[len] == '\0' || strcasecmp(t + len, num + len) == 0);
            free(t);
            if (same)
                return c;
        }
        xmlNode *f = contestant_element(c, id);
        if (f)
            return f;
    }
    return NULL;
}

/* The element for a path's head ("status", "contestants[3]", "matches[0]");
 * *what names the event's record when the path names one. */
static xmlNode *path_element(xmlNode *event, const bmp_event *ev, const char *head, size_t hl,
                             long idx, char *what, size_t wn)
{
    for (size_t i = 0; i < sizeof field_element / sizeof field_element[0]; i++)
        if (strlen(field_element[i][0]) == hl && strncmp(head, field_element[i][0], hl) == 0) {
            xmlNode *c = ub_child(event, field_element[i][1]);
            if (!c && strcmp(field_element[i][1], "TITLE") == 0)
                c = ub_child(event, "EVENT_DESCRIPTION");
            return c ? c : event;
        }
    if (idx >= 0 && hl == 7 && strncmp(head, "matches", 7) == 0) {
        size_t n = (size_t)idx;
        snprintf(what, wn, "match %ld: ", idx + 1);
        xmlNode *m = nth_element(event, "MATCH", &n);
        return m ? m : event;
    }
    if (idx >= 0 && hl == 11 && strncmp(head, "contestants", 11) == 0 && ev &&
        (size_t)idx < ev->ncontestants && ev->contestants[idx].id) {
        snprintf(what, wn, "contestant \"%.40s\": ", ev->contestants[idx].id);
        xmlNode *c = contestant_element(event, ev->contestants[idx].id);
        return c ? c : event;
    }
    return event;
}

/* The EVENT element of a parsed USEBIO document (NULL: none). */
static xmlNode *doc_event(xmlDoc *doc)
{
    xmlNode *root = xmlDocGetRootElement(doc);
    return ub_is(root, "EVENT") ? root : ub_child(root, "EVENT");
}

bool io_where_parse(const bmp_error *err, io_where_path *w)
{
    const char *d = err ? strstr(err->msg, "$.") : NULL;
    if (!d)
        return false;
    memset(w, 0, sizeof *w);
    size_t pre = (size_t)(d - err->msg); /* "file.xml: " */
    snprintf(w->src, sizeof w->src, "%.*s", pre >= 2 ? (int)(pre - 2) : 0, err->msg);
    const char *p = d + 2;
    w->head = p;
    w->hl = strcspn(p, "[.: ");
    w->idx = -1;
    const char *end = p + w->hl;
    if (*end == '[') {
        w->idx = strtol(end + 1, (char **)&end, 10);
        if (*end == ']')
            end++;
    }
    const char *sub = end;
    end += strcspn(end, ": "); /* the rest of the path (".players[0].params.guest") */
    w->rest = *end == ':' ? end + 1 : end;
    while (*w->rest == ' ')
        w->rest++;
    /* the parts a reader of the XML needs: the player, the parameter */
    const char *pl = strstr(sub, ".players[");
    const char *pk = strstr(sub, ".params.");
    if (pl && pl < end) {
        long j = strtol(pl + 9, NULL, 10);
        snprintf(w->sub, sizeof w->sub, "player %ld%s", j + 1, pk && pk < end ? ", " : ": ");
    }
    if (pk && pk < end) {
        size_t used = strlen(w->sub);
        snprintf(w->sub + used, sizeof w->sub - used, "parameter %.*s: ", (int)(end - pk - 8),
                 pk + 8);
    }
    if (w->hl == 6 && strncmp(p, "params", 6) == 0 && *sub == '.')
        snprintf(w->key, sizeof w->key, "%.*s", (int)(end - sub - 1), sub + 1);
    return true;
}

bool io_where_option_param(const io_where_path *w, bmp_error *err)
{
    if (!w->key[0])
        return false;
    /* the readers keep a file's own facts under dotted keys ("usebio.x",
     * "nzscorer.x"), which no spec checks: an event parameter the check
     * names was given by the options */
    char msg[BMP_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%s: parameter %s (given with set or the sidecar, not in the "
                              "file): %s", w->src, w->key, w->rest);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    return true;
}

void io_usebio_where(const char *xml, size_t len, const bmp_event *ev, bmp_error *err)
{
    io_where_path w;
    if (!io_where_parse(err, &w) || !xml || len > (size_t)INT32_MAX ||
        io_where_option_param(&w, err))
        return;
    io_xml_init();
    xmlDoc *doc = xmlReadMemory(xml, (int)len, NULL, NULL, UB_PARSE_OPTS);
    if (!doc)
        doc = xmlReadMemory(xml, (int)len, NULL, "ISO-8859-1", UB_PARSE_OPTS); /* U-3 */
    xmlNode *event = doc ? doc_event(doc) : NULL;
    char what[80] = "";
    xmlNode *n = event ? path_element(event, ev, w.head, w.hl, w.idx, what, sizeof what) : NULL;
    xmlChar *path = n ? xmlGetNodePath(n) : NULL;
    char msg[BMP_ERROR_MSG_MAX];
    char *scale = n && ub_is(n, "MASTER_POINT_SCALE") ? ub_text(n) : NULL;
    char note[120] = "";
    if (scale)
        snprintf(note, sizeof note, " (the file's scale \"%.40s\" is none: give --status)",
                 scale);
    free(scale);
    if (path)
        snprintf(msg, sizeof msg, "%s:%ld: %s: %s%s%s%s", w.src, xmlGetLineNo(n),
                 (const char *)path, what, w.sub, w.rest, note);
    else
        snprintf(msg, sizeof msg, "%s: %s%s%s", w.src, what, w.sub, w.rest);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    xmlFree(path);
    if (doc)
        xmlFreeDoc(doc);
}
