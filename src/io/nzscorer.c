/* NZ Bridge Scorer's own XML (docs/nzscorer.md, issue 43 item 3): a
 * <session> is mapped onto a JSON event (docs/event-format.md), which the
 * JSON reader loads, so that places, ties, sections and phantoms are
 * checked by the one model's rules.  Every problem of the Scorer file
 * itself is reported here, with the XML line and the element:
 *
 *   session   event_name, event_date (d/m/yyyy), club_no -> name, date, organiser
 *   section   sectid, tables, handicap -> a group of type section (several)
 *   result    board numbers (boards), NP ("N P") and passed boards, and the
 *             pair numbers that play but are never scored: phantoms
 *   pair      no + dir (N, E: a Mitchell's NS, EW; H: a Howell), place
 *             (ties: the same place twice), res (the score, handicapped),
 *             nzb_no_1/2 + player_name_1/2, cpoints -> params "mp.c"
 *
 * The libxml2 options are the USEBIO reader's (no network, no entities). */
#include <jansson.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

typedef struct nz {
    const char *src;
    bmp_error *err;
    bmp_status st;
} nz;

static bmp_status fail(nz *z, xmlNode *n, const char *fmt, const char *a, const char *b)
{
    char what[200];
    snprintf(what, sizeof what, fmt, a, b);
    if (n)
        z->st = bmp_error_set(z->err, BMP_EINVAL, "%s:%ld: <%s>: %s", z->src,
                              (long)xmlGetLineNo(n), (const char *)n->name, what);
    else
        z->st = bmp_error_set(z->err, BMP_EINVAL, "%s: %s", z->src, what);
    return z->st;
}

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

/* An attribute's text (a libxml2 copy: xmlFree it), NULL when absent. */
static char *attr(xmlNode *n, const char *name)
{
    return (char *)xmlGetProp(n, (const xmlChar *)name);
}

/* A whole number attribute in [lo, hi]; *ok false (and z failed) otherwise. */
static long whole(nz *z, xmlNode *n, const char *name, long lo, long hi, bool need, bool *has)
{
    char *s = attr(n, name);
    *has = s && *s;
    long v = 0;
    if (*has) {
        char *end;
        v = strtol(s, &end, 10);
        if (*end || v < lo || v > hi)
            fail(z, n, "%s=\"%.40s\": expected a whole number", name, s);
    } else if (need && !z->st) {
        fail(z, n, "%s: missing%s", name, "");
    }
    xmlFree(s);
    return v;
}

static bool jset(json_t *o, const char *k, json_t *v)
{
    return v && json_object_set_new(o, k, v) == 0;
}

/* The header: name, date (d/m/yyyy as Scorer writes it), organiser. */
static void map_session(nz *z, xmlNode *s, json_t *ev, json_t *params)
{
    char *name = attr(s, "event_name"), *date = attr(s, "event_date");
    char *club = attr(s, "club_no"), *cname = attr(s, "club"), *tm = attr(s, "event_time");
    char *scoring = attr(s, "scoring_type"), *field = attr(s, "field_scoring");
    int d = 0, m = 0, y = 0;
    char iso[16], extra;
    if (!date || sscanf(date, "%d/%d/%d%c", &d, &m, &y, &extra) != 3 || d < 1 || d > 31 ||
        m < 1 || m > 12 || y < 1900 || y > 2999)
        fail(z, s, "event_date=\"%.40s\": expected a date d/m/yyyy", date ? date : "", NULL);
    snprintf(iso, sizeof iso, "%04d-%02d-%02d", y, m, d);
    if (!z->st && !(jset(ev, "name", json_string(name && *name ? name : "NZ Scorer session")) &&
                    jset(ev, "date", json_string(iso)) &&
                    (!club || !*club || jset(ev, "organiser", json_string(club))) &&
                    (!cname || jset(params, "nzscorer.club", json_string(cname))) &&
                    (!tm || jset(params, "nzscorer.event_time", json_string(tm))) &&
                    (!scoring || jset(params, "nzscorer.scoring_type", json_string(scoring))) &&
                    (!field || jset(params, "nzscorer.field_scoring", json_string(field)))))
        z->st = bmp_error_oom(z->err);
    if (!z->st && scoring && strcmp(scoring, "MP") != 0)
        fail(z, s, "scoring_type=\"%.40s\": not supported: only match-pointed pairs (MP) "
                   "sessions are read%s", scoring, "");
    xmlFree(name), xmlFree(date), xmlFree(club), xmlFree(cname), xmlFree(tm);
    xmlFree(scoring), xmlFree(field);
}

/* Sections: their tables (the event's, summed), a group each when there
 * are several; handicap when any is. */
static void map_sections(nz *z, xmlNode *secs, json_t *ev, json_t *params, size_t *nsec)
{
    json_t *groups = json_array();
    long tables = 0;
    bool handicap = false, has;
    *nsec = 0;
    for (xmlNode *s = secs ? secs->children : NULL; s && !z->st && groups; s = s->next) {
        if (!is(s, "section"))
            continue;
        char *id = attr(s, "sectid"), *hc = attr(s, "handicap");
        long t = whole(z, s, "tables", 1, 1000, true, &has);
        if (!z->st && (!id || !*id))
            fail(z, s, "sectid: missing%s%s", "", "");
        handicap |= hc && strcmp(hc, "true") == 0;
        json_t *g = z->st ? NULL : json_object();
        if (!z->st) { /* every jset runs and takes its value: no leak */
            bool ok = g != NULL;
            ok &= jset(g, "name", json_string(id));
            ok &= jset(g, "type", json_string("section"));
            ok &= jset(g, "tables", json_integer(t));
            if (!ok)
                json_decref(g);
            if (!ok || json_array_append_new(groups, g) != 0)
                z->st = bmp_error_oom(z->err);
        }
        xmlFree(id), xmlFree(hc);
        tables += t;
        (*nsec)++;
    }
    if (!z->st && !*nsec)
        fail(z, secs, "no <section>%s%s", "", "");
    if (!z->st && !(jset(ev, "tables", json_integer(tables)) &&
                    (*nsec < 2 || jset(ev, "groups", json_incref(groups))) &&
                    (!handicap || jset(params, "nzscorer.handicap", json_true()))))
        z->st = bmp_error_oom(z->err);
    json_decref(groups);
}

#define NZ_MAX_PAIR 1000
#define NZ_MAX_BOARD 1000

typedef struct seen {
    unsigned char board[NZ_MAX_BOARD + 1];
    unsigned char plays[2][NZ_MAX_PAIR + 1]; /* NS, EW pair numbers at a table */
} seen;

/* One <result>: its board, the pairs at the table, NP and passed. */
static void map_result(nz *z, xmlNode *r, seen *s, long *np, long *passed)
{
    bool has;
    long bd = whole(z, r, "bd", 1, NZ_MAX_BOARD, true, &has);
    long ns = whole(z, r, "ns", 0, NZ_MAX_PAIR, false, &has);
    long ew = whole(z, r, "ew", 0, NZ_MAX_PAIR, false, &has);
    if (z->st)
        return;
    s->board[bd] = 1;
    s->plays[0][ns] = s->plays[1][ew] = 1;
    char *cont = attr(r, "cont");
    if (cont && strcmp(cont, "N P") == 0)
        (*np)++;
    else if (cont && strcmp(cont, "PASS") == 0)
        (*passed)++;
    xmlFree(cont);
}

/* One scored pair, kept until the section's ties are known. */
typedef struct pair {
    xmlNode *n;
    long no, place;
    int dir; /* 0 NS (or a Howell's), 1 EW */
    bool howell;
} pair;

static json_t *players_of(nz *z, xmlNode *n, json_t **name)
{
    json_t *arr = json_array();
    char label[256] = "";
    for (int k = 1; k <= 2 && arr && !z->st; k++) {
        char an[32], ai[32];
        snprintf(an, sizeof an, "player_name_%d", k);
        snprintf(ai, sizeof ai, "nzb_no_%d", k);
        char *pn = attr(n, an), *id = attr(n, ai);
        json_t *p = json_object();
        bool ok = p != NULL;
        if (pn && *pn)
            ok &= jset(p, "name", json_string(pn));
        if (id && *id)
            ok &= jset(p, "id", json_string(id));
        if (!ok)
            json_decref(p); /* NULL is fine */
        if (!ok || json_array_append_new(arr, p) != 0)
            z->st = bmp_error_oom(z->err);
        if (pn && *pn)
            snprintf(label + strlen(label), sizeof label - strlen(label), "%s%.100s",
                     *label ? " - " : "", pn);
        xmlFree(pn), xmlFree(id);
    }
    *name = *label ? json_string(label) : json_null();
    return arr;
}

/* A number attribute as a JSON number (res, raw_score, handicap). */
static bool num_param(nz *z, xmlNode *n, const char *a, json_t *params, const char *key,
                      json_t *also, const char *also_key)
{
    char *s = attr(n, a), *end = NULL;
    double v = s && *s ? strtod(s, &end) : 0;
    bool ok = true;
    if (s && *s && (*end || v != v || v < -1e6 || v > 1e6))
        fail(z, n, "%s=\"%.40s\": expected a number", a, s);
    else if (s && *s)
        ok = jset(params, key, json_real(v)) && (!also || jset(also, also_key, json_real(v)));
    xmlFree(s);
    return ok;
}

static void emit_pair(nz *z, const pair *p, const char *sect, size_t nsec, bool tie, json_t *out)
{
    char id[64], place[24];
    snprintf(id, sizeof id, "%s%s%ld%s", nsec > 1 ? sect : "", nsec > 1 ? ":" : "", p->no,
             p->howell ? "" : p->dir ? "EW" : "NS");
    snprintf(place, sizeof place, "%ld%s", p->place, tie ? "=" : "");
    json_t *name = NULL, *c = json_object(), *params = json_object();
    json_t *players = players_of(z, p->n, &name);
    json_t *pl = tie ? json_string(place) : json_integer(p->place);
    /* every jset runs (each takes its value, even on failure): no leak */
    bool has, ok = c && params;
    ok &= jset(c, "id", json_string(id));
    ok &= jset(c, "name", name);
    if (nsec > 1)
        ok &= jset(c, "group", json_string(sect));
    ok &= jset(c, "players", players);
    if (p->howell && nsec < 2) {
        ok &= jset(c, "place", pl);
    } else {
        json_t *r = json_object(), *rs = json_array();
        ok &= r && rs && json_array_append(rs, r) == 0;
        ok &= jset(c, "rankings", rs);
        ok &= jset(r, "session", json_integer(1));
        if (nsec > 1)
            ok &= jset(r, "section", json_string(sect));
        if (!p->howell)
            ok &= jset(r, "direction", json_string(p->dir ? "EW" : "NS"));
        ok &= jset(r, "place", pl);
        json_decref(r);
    }
    long cp = whole(z, p->n, "cpoints", 0, 100000, false, &has);
    char *mp = attr(p->n, "match_points");
    ok &= num_param(z, p->n, "res", params, "nzscorer.score", c, "score");
    ok &= num_param(z, p->n, "raw_score", params, "nzscorer.raw_score", NULL, NULL);
    ok &= num_param(z, p->n, "handicap", params, "nzscorer.handicap", NULL, NULL);
    if (mp)
        ok &= jset(params, "nzscorer.match_points", json_string(mp));
    if (has && cp) /* C points awarded, whole: carried as hundredths */
        ok &= jset(params, "mp.c", json_integer(cp * 100));
    ok &= jset(c, "params", json_incref(params)) && json_array_append(out, c) == 0;
    xmlFree(mp);
    json_decref(params);
    json_decref(c);
    if (!ok && !z->st)
        z->st = bmp_error_oom(z->err);
}

static xmlNode *section_of(xmlNode *parent, const char *tag, const char *id)
{
    for (xmlNode *c = parent ? parent->children : NULL; c; c = c->next) {
        if (!is(c, tag))
            continue;
        char *s = attr(c, "id");
        bool same = s && strcmp(s, id) == 0;
        xmlFree(s);
        if (same)
            return c;
    }
    return NULL;
}

/* One <pair>: its number, direction and place. */
static bool read_pair(nz *z, xmlNode *n, pair *p)
{
    bool has;
    p->n = n;
    p->no = whole(z, n, "no", 1, NZ_MAX_PAIR, true, &has);
    p->place = whole(z, n, "place", 1, 2 * NZ_MAX_PAIR, true, &has);
    char *d = attr(n, "dir");
    p->howell = d && (strcmp(d, "H") == 0 || strcmp(d, "") == 0);
    p->dir = d && (strcmp(d, "E") == 0 || strcmp(d, "W") == 0);
    if (!z->st && !(d && (p->howell || p->dir || strcmp(d, "N") == 0 || strcmp(d, "S") == 0)))
        fail(z, n, "dir=\"%.20s\": expected N, E or H%s", d ? d : "", "");
    xmlFree(d);
    return !z->st;
}

/* A section's pairs (ties: the same place twice in a ranking) and its
 * phantoms: pair numbers at a table in the board results, never scored. */
static void map_scores(nz *z, xmlNode *sc, const char *sect, size_t nsec, const seen *s,
                       json_t *out, long *phantoms)
{
    size_t n = 0;
    for (xmlNode *c = sc ? sc->children : NULL; c; c = c->next)
        n += is(c, "pair");
    pair *v = calloc(n ? n : 1, sizeof *v);
    if (!v) {
        z->st = bmp_error_oom(z->err);
        return;
    }
    unsigned char scored[2][NZ_MAX_PAIR + 1] = {{0}};
    size_t k = 0;
    for (xmlNode *c = sc ? sc->children : NULL; c && !z->st; c = c->next)
        if (is(c, "pair") && read_pair(z, c, &v[k])) {
            char nb[24];
            snprintf(nb, sizeof nb, "%ld", v[k].no);
            if (scored[v[k].dir][v[k].no])
                fail(z, c, "pair %s is scored twice in section %.40s", nb, sect);
            scored[v[k].dir][v[k].no] = 1;
            k++;
        }
    for (size_t i = 0; i < k && !z->st; i++) {
        size_t same = 0, field = 0;
        for (size_t j = 0; j < k; j++) {
            same += v[j].dir == v[i].dir && v[j].place == v[i].place;
            field += v[j].dir == v[i].dir;
        }
        char pl[24], nf[24];
        snprintf(pl, sizeof pl, "%ld", v[i].place);
        snprintf(nf, sizeof nf, "%zu", field);
        if ((size_t)v[i].place + same - 1 > field) /* said here, at the XML line */
            fail(z, v[i].n, "place %s is beyond the %s pairs ranked with it", pl, nf);
        else
            emit_pair(z, &v[i], sect, nsec, same > 1, out);
    }
    bool howell = k && v[0].howell;
    for (long no = 1; no <= NZ_MAX_PAIR && !z->st; no++)
        *phantoms += howell ? (s->plays[0][no] || s->plays[1][no]) && !scored[0][no]
                            : (s->plays[0][no] && !scored[0][no]) +
                                  (s->plays[1][no] && !scored[1][no]);
    free(v);
}

/* The sections' results and scores, section by section; the event's
 * boards (the most any section played), NP and passed boards, phantoms. */
static void map_body(nz *z, xmlNode *root, size_t nsec, json_t *ev, json_t *params)
{
    xmlNode *secs = child(root, "sections"), *brs = child(root, "board_results");
    xmlNode *scs = child(root, "scores");
    json_t *cs = json_array();
    long boards = 0, np = 0, passed = 0, phantoms = 0;
    seen *s = malloc(sizeof *s);
    if (!cs || !s)
        z->st = bmp_error_oom(z->err);
    if (!z->st && !scs)
        fail(z, root, "no <scores>%s%s", "", "");
    for (xmlNode *sec = secs ? secs->children : NULL; sec && !z->st; sec = sec->next) {
        if (!is(sec, "section"))
            continue;
        char *id = attr(sec, "sectid");
        memset(s, 0, sizeof *s);
        xmlNode *br = section_of(brs, "brsection", id);
        for (xmlNode *r = br ? br->children : NULL; r && !z->st; r = r->next)
            if (is(r, "result"))
                map_result(z, r, s, &np, &passed);
        long b = 0;
        for (int i = 1; i <= NZ_MAX_BOARD; i++)
            b += s->board[i];
        boards = b > boards ? b : boards;
        xmlNode *sc = section_of(scs, "scsection", id);
        if (!z->st && !sc)
            fail(z, sec, "section %.40s has no <scsection id=\"%.40s\"> in <scores>", id, id);
        if (!z->st)
            map_scores(z, sc, id, nsec, s, cs, &phantoms);
        xmlFree(id);
    }
    free(s);
    if (!z->st && !json_array_size(cs))
        fail(z, scs, "no <pair>%s%s", "", "");
    bool ok = !z->st;
    ok &= jset(ev, "contestants", cs);
    if (boards)
        ok &= jset(ev, "boards", json_integer(boards));
    if (np)
        ok &= jset(params, "nzscorer.boards_not_played", json_integer(np));
    if (passed)
        ok &= jset(params, "nzscorer.boards_passed", json_integer(passed));
    if (phantoms)
        ok &= jset(params, "nzscorer.phantoms", json_integer(phantoms));
    if (!ok && !z->st)
        z->st = bmp_error_oom(z->err);
}

/* The event as JSON text (docs/event-format.md); NULL on failure. */
static char *to_json(nz *z, xmlNode *root, const bmp_usebio_opts *o)
{
    json_t *ev = json_object(), *params = json_object();
    size_t nsec = 0;
    if (!ev || !params) {
        z->st = bmp_error_oom(z->err);
    } else {
        bool ok = jset(ev, "format", json_string("bridgemp-event/1"));
        ok &= jset(ev, "body", json_string(o && o->body ? o->body : "nzb"));
        /* a club session's C points (NZ-26): the grade unless told */
        ok &= jset(ev, "grade", json_string(o && o->grade ? o->grade : "40C"));
        ok &= jset(ev, "kind", json_string("pairs"));
        ok &= jset(ev, "sessions", json_integer(1));
        if (!ok)
            z->st = bmp_error_oom(z->err);
    }
    if (!z->st)
        map_session(z, root, ev, params);
    if (!z->st)
        map_sections(z, child(root, "sections"), ev, params, &nsec);
    if (!z->st)
        map_body(z, root, nsec, ev, params);
    char *text = NULL;
    if (!z->st) {
        json_t *cs = json_object_get(ev, "contestants");
        bool howell = json_object_get(json_array_get(cs, 0), "place") ||
                      !json_object_get(json_array_get(json_object_get(json_array_get(cs, 0),
                                                                      "rankings"), 0),
                                       "direction");
        bool ok = jset(ev, "movement", json_string(howell ? "one-winner" : "two-winner"));
        ok &= jset(ev, "params", json_incref(params));
        if (!ok || !(text = json_dumps(ev, JSON_COMPACT)))
            z->st = bmp_error_oom(z->err);
    }
    json_decref(params);
    json_decref(ev);
    return text;
}

bool bmp_nzscorer_sniff(const char *data, size_t len)
{
    size_t i = 0;
    const char *d = data ? data : "";
    if (len >= 3 && memcmp(d, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    for (;;) {
        while (i < len && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
            i++;
        const char *close = i + 4 <= len && memcmp(d + i, "<!--", 4) == 0 ? "-->"
                            : i + 2 <= len && memcmp(d + i, "<?", 2) == 0 ? "?>"
                                                                          : NULL;
        if (!close)
            break;
        size_t cl = strlen(close), j = i + 2;
        while (j + cl <= len && memcmp(d + j, close, cl) != 0)
            j++;
        if (j + cl > len)
            return false;
        i = j + cl;
    }
    return i + 9 <= len && memcmp(d + i, "<session", 8) == 0 &&
           (d[i + 8] == ' ' || d[i + 8] == '>' || d[i + 8] == '\t' || d[i + 8] == '\r' ||
            d[i + 8] == '\n' || d[i + 8] == '/');
}

bmp_status bmp_nzscorer_read_memory(const char *data, size_t len, const char *source_name,
                                    const bmp_usebio_opts *opts, bmp_event **out,
                                    bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<memory>";
    if (!data || len > (size_t)INT32_MAX)
        return bmp_error_set(err, BMP_EINVAL, "%s: no data, or over 2 GB", src);
    io_xml_init();
    xmlDoc *doc = xmlReadMemory(data, (int)len, src, NULL, UB_PARSE_OPTS);
    if (!doc) {
        const xmlError *e = xmlGetLastError();
        return bmp_error_set(err, BMP_EPARSE, "%s:%d: malformed XML: %.200s", src,
                             e ? e->line : 0, e && e->message ? e->message : "error");
    }
    nz z = {src, err, BMP_OK};
    xmlNode *root = xmlDocGetRootElement(doc);
    char *text = NULL;
    if (ub_has_entities(doc))
        fail(&z, NULL, "entity declarations are refused%s%s", "", "");
    else if (!is(root, "session"))
        fail(&z, root, "expected an NZ Scorer <session>%s%s", "", "");
    else
        text = to_json(&z, root, opts);
    xmlFreeDoc(doc);
    bmp_status st = z.st;
    bmp_event *ev = NULL;
    if (!st && (st = bmp_event_load_string(text, src, &ev, err)))
        io_nzscorer_where(data, len, NULL, text, err); /* the element, never "$.x" */
    free(text);
    if (!st && (st = bmp_usebio_apply_opts(ev, opts, err)))
        io_nzscorer_where(data, len, ev, NULL, err);
    if (st) {
        bmp_event_free(ev);
        return st;
    }
    *out = ev;
    return BMP_OK;
}
