/* USEBIO 1.0-1.3 reader: a lenient libxml2 reader mapping a results file
 * into the event model (ecosystem.md §2; docs/usebio.md has the mapping).
 *
 * Lenient about what producers really write (1.1 event types under 1.2,
 * "3=" places, missing PLACE, flat or nested MASTER_POINTS, day-first dates,
 * Latin-1 bytes in a file declared UTF-8), strict about what would change an
 * award: every problem is an error naming file, line and element path.
 * Safety: no DTD loading, no network, no entity declarations. */
#include <ctype.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"

/* A place to resolve: contestant ci's overall place (rank < 0) or its
 * rankings[rank], in the ranking called key. */
typedef struct slot {
    char *key;
    size_t ci;
    long rank;
    xmlNode *node;      /* the PAIR / TEAM / PLAYER element */
    bool has_place;
    bool has_score;
    double score;
} slot;

typedef struct rd {
    const char *src;
    bmp_error *err;
    bmp_event *ev;
    xmlNode **cnode;    /* contestant -> its first element, for messages */
    slot *slots;
    size_t nslots, slots_cap;
    size_t ccap;        /* contestants allocated */
    size_t mcap;        /* matches allocated */
    size_t *htab;       /* id hash: contestant index + 1, 0 = empty */
    size_t hcap;
    bool two_winner;
    bool multi_section;
    double event_boards;
} rd;

/* ---- messages ---------------------------------------------------------- */

static bmp_status fail_at(rd *r, xmlNode *n, bmp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bmp_status fail_at(rd *r, xmlNode *n, bmp_status code, const char *fmt, ...)
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

static bmp_status oom(rd *r)
{
    return bmp_error_set(r->err, BMP_ENOMEM, "%s: out of memory", r->src);
}

/* ---- element access ---------------------------------------------------- */

static bool is_el(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && xmlStrcasecmp(n->name, BAD_CAST name) == 0;
}

static xmlNode *child(xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (is_el(c, name))
            return c;
    return NULL;
}

/* Trimmed text of an element (its text and CDATA children only: entity
 * references are never expanded).  "" for an empty element; NULL on
 * allocation failure. */
static char *text_of(xmlNode *n)
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
static char *child_text(rd *r, xmlNode *n, const char *name, xmlNode **where, bmp_status *st)
{
    xmlNode *c = child(n, name);
    if (where)
        *where = c;
    if (!c)
        return NULL;
    char *t = text_of(c);
    if (!t) {
        *st = oom(r);
        return NULL;
    }
    if (!*t) {
        free(t);
        return NULL;
    }
    return t;
}

/* An attribute's trimmed value, or NULL. */
static char *attr(xmlNode *n, const char *name)
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
                    s = bmp_asprintf("%.*s", (int)l, b);
                xmlFree(v);
            }
            return s;
        }
    return NULL;
}

/* A number written by a scorer: "52.31", " 4 ", "52,31" (decimal comma). */
static bool parse_number(const char *s, double *out)
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
static bmp_status child_number(rd *r, xmlNode *n, const char *name, double min, double max,
                               double *out, bool *has)
{
    bmp_status st = BMP_OK;
    xmlNode *w;
    char *t = child_text(r, n, name, &w, &st);
    if (has)
        *has = false;
    if (!t)
        return st;
    double d;
    if (!parse_number(t, &d) || d < min || d > max)
        st = fail_at(r, w, BMP_EINVAL, "expected a number from %g to %g, got \"%.40s\"", min, max,
                     t);
    else {
        *out = d;
        if (has)
            *has = true;
    }
    free(t);
    return st;
}

static bmp_status child_int(rd *r, xmlNode *n, const char *name, int min, int max, int *out,
                            bool *has)
{
    double d = 0;
    bool h = false;
    bmp_status st = child_number(r, n, name, min, max, &d, &h);
    if (has)
        *has = false;
    if (st || !h)
        return st;
    if (d != floor(d))
        return fail_at(r, child(n, name), BMP_EINVAL, "expected a whole number, got %g", d);
    *out = (int)d;
    if (has)
        *has = true;
    return BMP_OK;
}

/* ---- event header ------------------------------------------------------ */

/* USEBIO dates are day first (ecosystem.md §2.3 DATE): dd/mm/yyyy,
 * d/m/yyyy, dd-mm-yyyy, dd.mm.yyyy; year first yyyy-mm-dd also occurs.
 * Two-digit years and impossible dates are rejected, not guessed. */
static bool parse_date(const char *s, char iso[32])
{
    int a, b, c;
    char s1, s2, extra;
    if (sscanf(s, "%d%c%d%c%d%c", &a, &s1, &b, &s2, &c, &extra) != 5 || s1 != s2 ||
        !(s1 == '/' || s1 == '-' || s1 == '.'))
        return false;
    int y, m, d;
    const char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    size_t firstlen = strspn(p, "0123456789");
    if (firstlen == 4) {
        y = a, m = b, d = c;
    } else {
        const char *last = strrchr(s, s1) + 1;
        if (strspn(last, "0123456789") != 4)
            return false; /* two-digit year: which century? */
        d = a, m = b, y = c;
    }
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
        return false;
    if (m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return false;
    snprintf(iso, 32, "%04d-%02d-%02d", y, m, d);
    return true;
}

typedef struct type_map {
    const char *name;
    bmp_event_kind kind;
    const char *scoring; /* params "scoring", or NULL */
} type_map;

/* EVENT_TYPE, 1.0/1.1 and 1.2 vocabularies (ecosystem.md §2.4 rule 4). */
static const type_map event_types[] = {
    {"MP_PAIRS", BMP_KIND_PAIRS, "MATCH_POINTS"},
    {"BUTLER_PAIRS", BMP_KIND_BUTLER, "BUTLER_IMPS"},
    {"CROSS_IMP", BMP_KIND_PAIRS, "CROSS_IMPS"},
    {"CROSS_IMPS", BMP_KIND_PAIRS, "CROSS_IMPS"},
    {"AGGREGATE", BMP_KIND_PAIRS, "AGGREGATE"},
    {"SWISS_PAIRS", BMP_KIND_SWISS_PAIRS, NULL},
    {"SWISS_PAIRS_CROSS_IMPS", BMP_KIND_SWISS_PAIRS, "CROSS_IMPS"},
    {"SWISS_PAIRS_BUTLER_IMPS", BMP_KIND_SWISS_PAIRS, "BUTLER_IMPS"},
    {"SWISS_TEAMS", BMP_KIND_SWISS_TEAMS, NULL},
    {"TEAMS_OF_FOUR", BMP_KIND_TEAMS, NULL},
    {"TEAMS", BMP_KIND_TEAMS, NULL},
    {"PAIRS", BMP_KIND_PAIRS, NULL},
    {"INDIVIDUAL", BMP_KIND_INDIVIDUAL, NULL},
    {"KO", BMP_KIND_KNOCKOUT, NULL},
};

/* Header leaves mapped explicitly; every other leaf under EVENT is kept
 * verbatim as a string param "usebio.<element>" (1.3 ACBL additions). */
static const char *const known_header[] = {
    "EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "TITLE", "DATE", "WINNER_TYPE",
    "MASTER_POINT_SCALE", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG", "SESSION_COUNT",
    "SECTION_COUNT", "P2P_CHARGE_RATE", "EBU_CHARGE_CODE", "BOARD_SCORING_METHOD",
    "SCORING_METHOD", "BOARDS_PLAYED", "BOARDS_PER_ROUND", NULL};

static bool in_list(const char *const *list, const xmlChar *name)
{
    for (size_t i = 0; list[i]; i++)
        if (xmlStrcasecmp(name, BAD_CAST list[i]) == 0)
            return true;
    return false;
}

static bmp_status set_event_param(rd *r, const char *key, const char *v)
{
    return bmp_io_param_string(&r->ev->params, key, v) ? oom(r) : BMP_OK;
}

static bmp_status read_header(rd *r, xmlNode *root, xmlNode *event)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    xmlNode *w;
    char *t;
    /* Club. */
    xmlNode *club = child(root, "CLUB");
    if (club) {
        if ((t = child_text(r, club, "CLUB_NAME", NULL, &st)))
            st = set_event_param(r, "club_name", t);
        free(t);
        if (st)
            return st;
        if ((t = child_text(r, club, "CLUB_ID_NUMBER", NULL, &st)))
            st = set_event_param(r, "club_id", t);
        free(t);
        if (st)
            return st;
    }
    /* Event type -> kind and scoring. */
    char *type = attr(event, "EVENT_TYPE");
    if (!type) {
        xmlNode *p = child(event, "PARTICIPANTS");
        type = p ? attr(p, "EVENT_TYPE") : NULL;
    }
    bool found = false;
    for (size_t i = 0; type && i < sizeof event_types / sizeof event_types[0]; i++)
        if (strcasecmp(type, event_types[i].name) == 0) {
            found = true;
            ev->kind = event_types[i].kind;
            if (event_types[i].scoring)
                st = set_event_param(r, "scoring", event_types[i].scoring);
        }
    if (type && !found) {
        st = fail_at(r, event, BMP_EINVAL,
                     "EVENT_TYPE: expected one of MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, AGGREGATE, "
                     "PAIRS, SWISS_PAIRS(_CROSS_IMPS|_BUTLER_IMPS), SWISS_TEAMS, TEAMS_OF_FOUR, "
                     "TEAMS, INDIVIDUAL, KO; got \"%.40s\"",
                     type);
        free(type);
        return st;
    }
    free(type);
    if (st)
        return st;
    /* Scoring methods (1.2): BOARD_SCORING_METHOD wins over the 1.1 type. */
    static const char *const methods[][2] = {{"BOARD_SCORING_METHOD", "scoring"},
                                             {"SCORING_METHOD", "scoring"},
                                             {"MATCH_SCORING_METHOD", "match_scoring"}};
    for (size_t i = 0; i < 3; i++) {
        if ((t = child_text(r, event, methods[i][0], NULL, &st))) {
            for (char *p = t; *p; p++)
                *p = (char)toupper((unsigned char)*p);
            if (!(i == 1 && bmp_params_has(&ev->params, "scoring") &&
                  child(event, "BOARD_SCORING_METHOD")))
                st = set_event_param(r, methods[i][1], t);
        }
        free(t);
        if (st)
            return st;
    }
    /* Name: TITLE, else the description, else the identifier. */
    char *title = child_text(r, event, "TITLE", NULL, &st);
    char *desc = st ? NULL : child_text(r, event, "EVENT_DESCRIPTION", NULL, &st);
    char *ident = st ? NULL : child_text(r, event, "EVENT_IDENTIFIER", NULL, &st);
    if (!st) {
        ev->name = bmp_strdup(title ? title : desc ? desc : ident ? ident : "USEBIO event");
        if (desc && title)
            st = set_event_param(r, "description", desc);
        if (!st && ident)
            st = set_event_param(r, "event_id", ident);
    }
    free(title);
    free(desc);
    free(ident);
    if (st || !ev->name)
        return st ? st : oom(r);
    /* Date. */
    if ((t = child_text(r, event, "DATE", &w, &st))) {
        char iso[32];
        if (!parse_date(t, iso))
            st = fail_at(r, w, BMP_EINVAL,
                         "expected a day-first date with a 4-digit year such as 14/01/2025 "
                         "(or 2025-01-14), got \"%.40s\"",
                         t);
        else if (!(ev->date = bmp_strdup(iso)))
            st = oom(r);
    }
    free(t);
    if (st)
        return st;
    /* Winner type: 1 one field, 2 NS and EW ranked separately; empty = 1. */
    if ((w = child(event, "WINNER_TYPE"))) {
        if (!(t = text_of(w)))
            return oom(r);
        if (!*t || strcmp(t, "1") == 0)
            ev->movement = BMP_MOVEMENT_ONE_WINNER;
        else if (strcmp(t, "2") == 0)
            ev->movement = BMP_MOVEMENT_TWO_WINNER;
        else
            st = fail_at(r, w, BMP_EINVAL, "expected 1 (one winner) or 2 (two winners), got \"%.40s\"", t);
        free(t);
        if (st)
            return st;
    }
    r->two_winner = ev->movement == BMP_MOVEMENT_TWO_WINNER;
    int n = 0;
    bool has = false;
    if ((st = child_int(r, event, "SESSION_COUNT", 1, 100, &n, &has)))
        return st;
    if (has)
        ev->sessions = n;
    if ((st = child_int(r, event, "BOARDS_PLAYED", 0, 10000, &n, &has)))
        return st;
    if (has) {
        ev->boards = n;
        r->event_boards = n;
    }
    if ((st = child_int(r, event, "BOARDS_PER_ROUND", 0, 1000, &n, &has)))
        return st;
    if (has)
        ev->boards_per_match = n;
    /* Scale, type, flag, charge code: facts for the body's rules. */
    if ((t = child_text(r, event, "MASTER_POINT_SCALE", NULL, &st)))
        st = set_event_param(r, "master_point_scale", t);
    free(t);
    if (st)
        return st;
    if ((t = child_text(r, event, "MPS_AWARDED_FLAG", NULL, &st))) {
        bool off = strcasecmp(t, "N") == 0 || strcasecmp(t, "No") == 0 || strcmp(t, "0") == 0;
        st = bmp_io_param_bool(&ev->params, "mps_awarded", !off) ? oom(r) : BMP_OK;
    }
    free(t);
    if (st)
        return st;
    /* P2P_CHARGE_RATE (1.0-1.2) was superseded by EBU_CHARGE_CODE (1.3). */
    char *code = child_text(r, event, "EBU_CHARGE_CODE", NULL, &st);
    if (!code && !st)
        code = child_text(r, event, "P2P_CHARGE_RATE", NULL, &st);
    if (code)
        st = set_event_param(r, "charge_code", code);
    free(code);
    if (st)
        return st;
    /* Everything else that is a simple leaf: kept verbatim. */
    for (xmlNode *c = event->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || in_list(known_header, c->name) ||
            is_el(c, "MATCH_SCORING_METHOD"))
            continue;
        bool leaf = true;
        for (xmlNode *g = c->children; g; g = g->next)
            leaf &= g->type != XML_ELEMENT_NODE;
        if (!leaf)
            continue;
        if (!(t = text_of(c)))
            return oom(r);
        char key[96];
        snprintf(key, sizeof key, "usebio.%s", (const char *)c->name);
        for (char *p = key; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (*t && !bmp_params_has(&ev->params, key))
            st = set_event_param(r, key, t);
        free(t);
        if (st)
            return st;
    }
    return BMP_OK;
}

/* ---- contestants ------------------------------------------------------- */

static bool is_placeholder_name(const char *s)
{
    static const char *const names[] = {"PHANTOM", "SIT OUT", "SITOUT", "SIT-OUT", "BYE", NULL};
    for (size_t i = 0; s && names[i]; i++)
        if (strcasecmp(s, names[i]) == 0)
            return true;
    return false;
}

/* NBO numbers are strings (leading zeros matter); "", "0", "000" and the EBU
 * guest number 88888888 mean "no number". */
static bool is_sentinel_id(const char *s)
{
    if (!s || !*s || strcmp(s, "88888888") == 0)
        return true;
    return strspn(s, "0") == strlen(s);
}

static bmp_status add_player(rd *r, bmp_contestant *c, xmlNode *pn)
{
    bmp_status st = BMP_OK;
    bmp_player *np = realloc(c->players, (c->nplayers + 1) * sizeof *np);
    if (!np)
        return oom(r);
    c->players = np;
    bmp_player *p = &c->players[c->nplayers++];
    memset(p, 0, sizeof *p);
    p->participation = 1.0;
    char *id = child_text(r, pn, "NATIONAL_ID_NUMBER", NULL, &st);
    if (st)
        return st;
    if (is_sentinel_id(id)) {
        if (id && strcmp(id, "88888888") == 0 && bmp_io_param_bool(&p->params, "guest", true)) {
            free(id);
            return oom(r);
        }
        free(id);
    } else {
        p->id = id;
    }
    p->name = child_text(r, pn, "PLAYER_NAME", NULL, &st);
    if (st)
        return st;
    char *club = child_text(r, pn, "CLUB_ID_NUMBER", NULL, &st);
    if (club)
        st = bmp_io_param_string(&p->params, "club_id", club) ? oom(r) : BMP_OK;
    free(club);
    if (st)
        return st;
    if (!p->id && !p->name && !(p->name = bmp_strdup("UNKNOWN")))
        return oom(r);
    return BMP_OK;
}

/* MASTER_POINTS_AWARDED: whole hundredths of the type's unit ("57" = 0.57).
 * "36.0" (Salliere) is accepted; a fraction of a hundredth is not. */
static bmp_status mp_amount(rd *r, xmlNode *w, const char *t, int64_t *out)
{
    const char *p = t;
    int64_t v = 0;
    if (!isdigit((unsigned char)*p))
        goto bad;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (*p++ - '0');
        if (v > 1000000000000LL)
            goto bad;
    }
    if (*p == '.') {
        p++;
        while (*p == '0')
            p++;
    }
    if (*p)
        goto bad;
    *out = v;
    return BMP_OK;
bad:
    return fail_at(r, w, BMP_EINVAL,
                   "expected a whole number of hundredths of a point (e.g. 57 for 0.57), got "
                   "\"%.40s\"",
                   t);
}

/* A default colour where files commonly omit the type: ABF club sessions
 * award green points; EBU MASTER_POINTS_AWARDED alone are black/local. */
static const char *default_type(const char *body)
{
    if (strcmp(body, "abf") == 0)
        return "GREEN";
    if (strcmp(body, "ebu") == 0)
        return "BLACK";
    return NULL;
}

/* One MASTER_POINTS_AWARDED + MASTER_POINT_TYPE pair inside `holder`
 * (the PAIR/TEAM itself in the flat form, a MASTER_POINTS in the nested). */
static bmp_status read_mp(rd *r, xmlNode *holder, bmp_contestant *c)
{
    bmp_status st = BMP_OK;
    xmlNode *wa, *wt;
    char *amount = child_text(r, holder, "MASTER_POINTS_AWARDED", &wa, &st);
    if (!amount)
        return st;
    char *type = child_text(r, holder, "MASTER_POINT_TYPE", &wt, &st);
    const char *ty = type ? type : bmp_params_string(&r->ev->params, "master_point_type", NULL);
    if (!ty)
        ty = default_type(r->ev->body);
    int64_t v = 0;
    if (!st)
        st = mp_amount(r, wa, amount, &v);
    if (!st && !ty)
        st = fail_at(r, wa, BMP_EINVAL,
                     "MASTER_POINTS_AWARDED without a MASTER_POINT_TYPE here or on EVENT");
    const char *colour = st ? NULL : bmp_usebio_colour(r->ev->body, ty);
    if (!st && !colour) {
        char list[160];
        bmp_io_usebio_types(r->ev->body, list, sizeof list);
        st = fail_at(r, wt ? wt : wa, BMP_EINVAL,
                     "expected one of %s (%s), got \"%.40s\"", list,
                     r->ev->body, ty);
    }
    if (!st) {
        char key[64];
        snprintf(key, sizeof key, BMP_USEBIO_MP_PREFIX "%s", colour);
        double prev = bmp_params_number(&c->params, key, 0);
        if (bmp_io_param_number(&c->params, key, prev + (double)v))
            st = oom(r);
    }
    free(amount);
    free(type);
    return st;
}

static bmp_status read_all_mp(rd *r, xmlNode *n, bmp_contestant *c)
{
    bmp_status st = read_mp(r, n, c); /* flat form */
    for (xmlNode *m = n->children; m && !st; m = m->next)
        if (is_el(m, "MASTER_POINTS"))
            st = read_mp(r, m, c); /* nested form, one per type */
    return st;
}

/* Direction of a pair: DIRECTION, or the "NS"/"EW" in "1NS", "1 EW". */
static const char *pair_direction(const char *dir, const char *number)
{
    const char *s = dir && *dir ? dir : number;
    if (!s)
        return NULL;
    size_t l = strlen(s);
    if (l >= 2) {
        const char *e = s + l - 2;
        if (strcasecmp(e, "NS") == 0 || strcasecmp(s, "N") == 0)
            return "NS";
        if (strcasecmp(e, "EW") == 0 || strcasecmp(s, "E") == 0)
            return "EW";
    }
    if (strcasecmp(s, "N") == 0 || strcasecmp(s, "N-S") == 0)
        return "NS";
    if (strcasecmp(s, "E") == 0 || strcasecmp(s, "E-W") == 0)
        return "EW";
    return NULL;
}

/* A scope: one PARTICIPANTS element, with its session and section. */
typedef struct scope {
    xmlNode *participants;
    int session;       /* 0 = event level */
    char *section;     /* NULL = none */
    xmlNode *section_node;
} scope;

static bmp_status add_slot(rd *r, const char *key, size_t ci, long rank, xmlNode *node,
                           bool has_place, bool has_score, double score)
{
    if (r->nslots == r->slots_cap) {
        size_t cap = r->slots_cap ? r->slots_cap * 2 : 64;
        slot *ns = realloc(r->slots, cap * sizeof *ns);
        if (!ns)
            return oom(r);
        r->slots = ns;
        r->slots_cap = cap;
    }
    char *k = bmp_strdup(key);
    if (!k)
        return oom(r);
    r->slots[r->nslots++] = (slot){k, ci, rank, node, has_place, has_score, score};
    return BMP_OK;
}

/* Contestant id as written, qualified by the section when an event has
 * several ("A:1NS") so that ids stay unique. */
static char *qualified_id(rd *r, const scope *sc, const char *raw)
{
    if (sc->section && r->multi_section)
        return bmp_asprintf("%s:%s", sc->section, raw);
    return bmp_strdup(raw);
}

/* Contestant ids are looked up through a small open-addressing hash so
 * that a 100k-pair file is read in linear time. */
static size_t hash_id(const char *s)
{
    size_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static long find_contestant(rd *r, const char *id)
{
    if (!r->hcap)
        return -1;
    for (size_t i = hash_id(id) & (r->hcap - 1);; i = (i + 1) & (r->hcap - 1)) {
        size_t v = r->htab[i];
        if (!v)
            return -1;
        if (strcmp(r->ev->contestants[v - 1].id, id) == 0)
            return (long)(v - 1);
    }
}

/* Index contestant ci (its id set) in the hash, growing it at half load. */
static bmp_status index_contestant(rd *r, size_t ci)
{
    if ((r->ev->ncontestants + 1) * 2 > r->hcap) {
        size_t cap = r->hcap ? r->hcap * 2 : 64;
        while ((r->ev->ncontestants + 1) * 2 > cap)
            cap *= 2;
        size_t *t = calloc(cap, sizeof *t);
        if (!t)
            return oom(r);
        free(r->htab);
        r->htab = t;
        r->hcap = cap;
        for (size_t k = 0; k < r->ev->ncontestants; k++)
            if (k != ci && r->ev->contestants[k].id) {
                size_t i = hash_id(r->ev->contestants[k].id) & (cap - 1);
                while (t[i])
                    i = (i + 1) & (cap - 1);
                t[i] = k + 1;
            }
    }
    size_t i = hash_id(r->ev->contestants[ci].id) & (r->hcap - 1);
    while (r->htab[i])
        i = (i + 1) & (r->hcap - 1);
    r->htab[i] = ci + 1;
    return BMP_OK;
}

/* Room for one more contestant; capacity doubles (a +1 realloc per pair is
 * quadratic where realloc copies, as under AddressSanitizer). */
static bmp_status grow_contestants(rd *r, size_t *idx)
{
    bmp_event *ev = r->ev;
    if (ev->ncontestants == r->ccap) {
        size_t cap = r->ccap ? r->ccap * 2 : 16;
        bmp_contestant *nc = realloc(ev->contestants, cap * sizeof *nc);
        if (!nc)
            return oom(r);
        ev->contestants = nc;
        xmlNode **nn = realloc(r->cnode, cap * sizeof *nn);
        if (!nn)
            return oom(r);
        r->cnode = nn;
        r->ccap = cap;
    }
    *idx = ev->ncontestants++;
    memset(&ev->contestants[*idx], 0, sizeof ev->contestants[*idx]);
    return BMP_OK;
}

static bmp_status add_ranking(rd *r, bmp_contestant *c, const char *name, int session,
                              const char *section, const char *dir, bool has_score, double score,
                              long *idx)
{
    bmp_ranking_entry *nr = realloc(c->rankings, (c->nrankings + 1) * sizeof *nr);
    if (!nr)
        return oom(r);
    c->rankings = nr;
    bmp_ranking_entry *e = &c->rankings[c->nrankings];
    memset(e, 0, sizeof *e);
    e->ranking = bmp_strdup(name);
    e->session = session;
    e->section = bmp_strdup(section);
    e->direction = bmp_strdup(dir);
    e->has_score = has_score;
    e->score = has_score ? score : NAN;
    *idx = (long)c->nrankings++;
    if (!e->ranking || (section && !e->section) || (dir && !e->direction))
        return oom(r);
    return BMP_OK;
}

/* Name of a ranking: "session 2 section A NS", "section A", "NS", or
 * "overall" (which is the contestant's own place). */
static void ranking_name(char *buf, size_t n, int session, const char *section, const char *dir)
{
    snprintf(buf, n, "%s%.0d%s%s%s%s%s", session ? "session " : "", session,
             session && section ? " " : "", section ? "section " : "", section ? section : "",
             (session || section) && dir ? " " : "", dir ? dir : "");
    if (!*buf)
        snprintf(buf, n, "overall");
}

/* One PAIR / TEAM / PLAYER element of a scope. */
static bmp_status read_entry(rd *r, const scope *sc, xmlNode *n, bool overall)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    char *raw = NULL, *name = NULL, *dir = NULL, *place = NULL, *cid = NULL;
    xmlNode *wplace = NULL;
    bool team = is_el(n, "TEAM"), indiv = is_el(n, "PLAYER");
    /* Identity. */
    if (team) {
        raw = attr(n, "TEAM_ID");
        if (!raw)
            raw = child_text(r, n, "TEAM_ID", NULL, &st);
        if (!raw && !st)
            raw = child_text(r, n, "TEAM_NUMBER", NULL, &st);
        name = st ? NULL : attr(n, "TEAM_NAME");
        if (!name && !st)
            name = child_text(r, n, "TEAM_NAME", NULL, &st);
    } else if (indiv) {
        raw = child_text(r, n, "PLAYER_NUMBER", NULL, &st);
        if (!raw && !st)
            raw = child_text(r, n, "NATIONAL_ID_NUMBER", NULL, &st);
    } else {
        raw = child_text(r, n, "PAIR_NUMBER", NULL, &st);
    }
    if (st)
        goto out;
    if (!raw) {
        st = fail_at(r, n, BMP_EINVAL, "%s",
                     team    ? "a TEAM needs a TEAM_ID attribute (or TEAM_ID element)"
                     : indiv ? "a PLAYER needs a PLAYER_NUMBER or NATIONAL_ID_NUMBER"
                             : "a PAIR needs a PAIR_NUMBER");
        goto out;
    }
    if (!(cid = qualified_id(r, sc, raw))) {
        st = oom(r);
        goto out;
    }
    if (!team && !indiv && !(dir = child_text(r, n, "DIRECTION", NULL, &st)) && st)
        goto out;
    const char *d = indiv || team ? NULL : pair_direction(dir, raw);
    /* Scores: the percentage for pairs, else the total. */
    double pct = 0, total = 0;
    bool has_pct = false, has_total = false;
    if ((st = child_number(r, n, "PERCENTAGE", -1000, 1000, &pct, &has_pct)) ||
        (st = child_number(r, n, "TOTAL_SCORE", -1e9, 1e9, &total, &has_total)))
        goto out;
    bool has_score = has_pct || has_total;
    double score = has_pct ? pct : total;
    if ((place = child_text(r, n, "PLACE", &wplace, &st)), st)
        goto out;
    bmp_place pl = {0, 0, false};
    if (place && (!bmp_place_parse(place, &pl) || pl.lo == 0)) {
        st = fail_at(r, wplace, BMP_EINVAL, "expected a place such as 3 or \"3=\", got \"%.40s\"",
                     place);
        goto out;
    }
    /* Find or create the contestant. */
    long found = find_contestant(r, cid);
    size_t ci = 0;
    if (found >= 0 && overall) {
        st = fail_at(r, n, BMP_EINVAL,
                     "duplicate contestant \"%s\" (also at line %ld)", cid,
                     xmlGetLineNo(r->cnode[found]));
        goto out;
    }
    bmp_contestant *c;
    if (found >= 0) {
        ci = (size_t)found;
        c = &ev->contestants[ci];
    } else {
        if ((st = grow_contestants(r, &ci)))
            goto out;
        c = &ev->contestants[ci];
        r->cnode[ci] = n;
        c->id = cid;
        cid = NULL;
        if ((st = index_contestant(r, ci)))
            goto out;
        c->name = name;
        name = NULL;
        /* Only the overall result's sections are groups (U-6, U-7). */
        if (overall && sc->section && !(c->group = bmp_strdup(sc->section))) {
            st = oom(r);
            goto out;
        }
        /* Players. */
        if (indiv) {
            st = add_player(r, c, n);
        } else {
            for (xmlNode *p = n->children; p && !st; p = p->next) {
                if (is_el(p, "PLAYER"))
                    st = add_player(r, c, p);
                else if (team && is_el(p, "PAIR"))
                    for (xmlNode *q = p->children; q && !st; q = q->next)
                        if (is_el(q, "PLAYER"))
                            st = add_player(r, c, q);
            }
        }
        if (st)
            goto out;
        /* Phantom / sit-out: every player a placeholder, or so named. */
        bool ph = is_placeholder_name(c->name) || is_placeholder_name(raw);
        if (!ph && c->nplayers) {
            ph = true;
            for (size_t i = 0; i < c->nplayers; i++)
                ph &= !c->players[i].id && is_placeholder_name(c->players[i].name);
        }
        c->phantom = ph;
        /* The direction a pair sat, kept for the writer (a phantom has no
         * ranking to carry it). */
        if (d && bmp_io_param_string(&c->params, "direction", d)) {
            st = oom(r);
            goto out;
        }
        if (has_score) {
            c->has_score = true;
            c->score = score;
        }
        if ((has_pct && bmp_io_param_number(&c->params, "percentage", pct)) ||
            (has_total && bmp_io_param_number(&c->params, "total_score", total))) {
            st = oom(r);
            goto out;
        }
        /* Boards played: the players' participation. */
        int bp = 0;
        bool has_bp = false;
        if ((st = child_int(r, n, "BOARDS_PLAYED", 0, 100000, &bp, &has_bp)))
            goto out;
        if (has_bp) {
            if (bmp_io_param_number(&c->params, "boards_played", bp)) {
                st = oom(r);
                goto out;
            }
            if (r->event_boards > 0 && bp < r->event_boards)
                for (size_t i = 0; i < c->nplayers; i++)
                    c->players[i].participation = bp / r->event_boards;
        }
        double wod = 0;
        bool has_wod = false;
        if ((st = child_number(r, n, "WINS_OR_DRAWS", 0, 100000, &wod, &has_wod)))
            goto out;
        if (has_wod) {
            c->match_wins = wod;
            if (bmp_io_param_number(&c->params, "wins_or_draws", wod)) {
                st = oom(r);
                goto out;
            }
        }
        if ((st = read_all_mp(r, n, c)))
            goto out;
    }
    if (c->phantom)
        goto out; /* a phantom is never ranked nor awarded */
    if (r->two_winner && !d && !team && !indiv) {
        st = fail_at(r, n, BMP_EINVAL,
                     "WINNER_TYPE is 2 (NS and EW ranked separately) but this PAIR has no "
                     "DIRECTION NS or EW and its PAIR_NUMBER \"%.40s\" names none",
                     raw);
        goto out;
    }
    /* Where the place goes. */
    char key[160];
    if (overall && !r->two_winner) {
        snprintf(key, sizeof key, "overall:%s", sc->section ? sc->section : "");
        c->place = pl;
        st = add_slot(r, key, ci, -1, n, place != NULL, has_score, score);
    } else {
        ranking_name(key, sizeof key, overall ? 0 : sc->session, sc->section,
                     r->two_winner ? d : NULL);
        long ri = 0;
        if ((st = add_ranking(r, c, key, overall ? 0 : sc->session, sc->section,
                              r->two_winner ? d : NULL, has_score, score, &ri)))
            goto out;
        c->rankings[ri].place = pl;
        st = add_slot(r, key, ci, ri, n, place != NULL, has_score, score);
    }
out:
    free(raw);
    free(name);
    free(dir);
    free(place);
    free(cid);
    return st;
}

static bmp_status read_scope(rd *r, const scope *sc, bool overall)
{
    bmp_status st = BMP_OK;
    for (xmlNode *n = sc->participants->children; n && !st; n = n->next) {
        if (is_el(n, "PAIR") || is_el(n, "TEAM") || is_el(n, "PLAYER"))
            st = read_entry(r, sc, n, overall);
    }
    return st;
}

/* ---- places ------------------------------------------------------------ */

static bmp_place *slot_place(rd *r, const slot *s)
{
    bmp_contestant *c = &r->ev->contestants[s->ci];
    return s->rank < 0 ? &c->place : &c->rankings[s->rank].place;
}

static int by_score_desc(const void *a, const void *b)
{
    const slot *x = *(const slot *const *)a, *y = *(const slot *const *)b;
    return (x->score < y->score) - (x->score > y->score);
}

/* True when the n places are untied and distinct within 1..n: then they are
 * already resolved and consistent (what bmp_places_resolve would accept
 * unchanged), checked in linear time.  seen has room for n + 1 flags. */
static bool distinct_untied(const bmp_place *pl, size_t n, bool *seen)
{
    memset(seen, 0, (n + 1) * sizeof *seen);
    for (size_t k = 0; k < n; k++) {
        if (pl[k].tied || pl[k].hi != pl[k].lo || pl[k].lo < 1 || (size_t)pl[k].lo > n ||
            seen[pl[k].lo])
            return false;
        seen[pl[k].lo] = true;
    }
    return true;
}

/* Resolve "3=" extents and check each ranking; rebuild a ranking from the
 * scores when any of its places is missing (ecosystem.md §2.3 PLACE). */
static bmp_status resolve_places(rd *r)
{
    bmp_status st = BMP_OK;
    slot **group = calloc(r->nslots ? r->nslots : 1, sizeof *group);
    bmp_place *pl = calloc(r->nslots ? r->nslots : 1, sizeof *pl);
    bool *done = calloc(r->nslots ? r->nslots : 1, sizeof *done);
    bool *seen = calloc(r->nslots + 2, sizeof *seen);
    if (!group || !pl || !done || !seen) {
        st = oom(r);
        goto out;
    }
    for (size_t i = 0; i < r->nslots && !st; i++) {
        if (done[i])
            continue;
        size_t m = 0;
        bool missing = false;
        for (size_t j = i; j < r->nslots; j++)
            if (!done[j] && strcmp(r->slots[j].key, r->slots[i].key) == 0) {
                done[j] = true;
                group[m++] = &r->slots[j];
                missing |= !r->slots[j].has_place;
            }
        if (missing) {
            for (size_t k = 0; k < m; k++)
                if (!group[k]->has_score) {
                    st = fail_at(r, group[k]->node, BMP_EINVAL,
                                 "PLACE is missing in ranking \"%s\" and this entry has no "
                                 "PERCENTAGE or TOTAL_SCORE to rebuild it from",
                                 group[k]->key);
                    goto out;
                }
            /* Highest score first; equal scores share the places they span. */
            qsort(group, m, sizeof *group, by_score_desc);
            for (size_t k = 0; k < m;) {
                size_t e = k;
                while (e + 1 < m && group[e + 1]->score == group[k]->score)
                    e++;
                for (size_t q = k; q <= e; q++)
                    *slot_place(r, group[q]) =
                        (bmp_place){(int)k + 1, (int)e + 1, e > k};
                k = e + 1;
            }
            if (bmp_io_param_bool(&r->ev->params, "usebio.places_rebuilt", true)) {
                st = oom(r);
                goto out;
            }
            continue;
        }
        for (size_t k = 0; k < m; k++)
            pl[k] = *slot_place(r, group[k]);
        if (distinct_untied(pl, m, seen))
            continue; /* nothing to resolve; skips the quadratic general check */
        bmp_error e2 = {0};
        if ((st = bmp_places_resolve(pl, m, &e2))) {
            size_t bad = 0;
            sscanf(e2.msg, "[%zu]", &bad);
            if (bad >= m)
                bad = 0;
            const char *rest = strchr(e2.msg, ':');
            xmlNode *w = child(group[bad]->node, "PLACE");
            const char *k = group[bad]->key;
            st = fail_at(r, w ? w : group[bad]->node, st, "%s (ranking \"%s\")",
                         rest ? rest + 2 : e2.msg,
                         strncmp(k, "overall:", 8) == 0 ? (k[8] ? k + 8 : "overall") : k);
            goto out;
        }
        for (size_t k = 0; k < m; k++)
            *slot_place(r, group[k]) = pl[k];
    }
out:
    free(group);
    free(pl);
    free(done);
    free(seen);
    return st;
}

/* ---- matches ----------------------------------------------------------- */

static bmp_status read_match(rd *r, xmlNode *n, int session)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    xmlNode *wh = NULL, *wa = NULL;
    char *home = child_text(r, n, "TEAM", &wh, &st);
    if (!home && !st)
        home = child_text(r, n, "NS_PAIR_NUMBER", &wh, &st);
    char *away = st ? NULL : child_text(r, n, "OPPOSING_TEAM", &wa, &st);
    if (!away && !st)
        away = child_text(r, n, "EW_PAIR_NUMBER", &wa, &st);
    if (!st && (!home || !away))
        st = fail_at(r, n, BMP_EINVAL,
                     "a MATCH needs TEAM and OPPOSING_TEAM (or NS_PAIR_NUMBER and EW_PAIR_NUMBER)");
    char **names[2] = {&home, &away};
    xmlNode *where[2] = {wh, wa};
    for (int k = 0; k < 2 && !st; k++)
        if (find_contestant(r, *names[k]) < 0) {
            /* With several sections the ids are "A:1"; a MATCH names "1". */
            long only = -1;
            size_t l = strlen(*names[k]);
            for (size_t i = 0; i < ev->ncontestants && only != -2; i++) {
                const char *id = ev->contestants[i].id, *colon = strchr(id, ':');
                if (colon && strlen(colon + 1) == l && strcmp(colon + 1, *names[k]) == 0)
                    only = only == -1 ? (long)i : -2;
            }
            if (only >= 0) {
                char *q = bmp_strdup(ev->contestants[only].id);
                if (!q) {
                    st = oom(r);
                    break;
                }
                free(*names[k]);
                *names[k] = q;
            } else {
                st = fail_at(r, where[k], BMP_EINVAL, "%s participant with id \"%.40s\"",
                             only == -2 ? "more than one (in different sections)" : "no",
                             *names[k]);
            }
        }
    if (st) {
        free(home);
        free(away);
        return st;
    }
    if (ev->nmatches == r->mcap) {
        size_t cap = r->mcap ? r->mcap * 2 : 16;
        bmp_match *nm = realloc(ev->matches, cap * sizeof *nm);
        if (!nm) {
            free(home);
            free(away);
            return oom(r);
        }
        ev->matches = nm;
        r->mcap = cap;
    }
    bmp_match *m = &ev->matches[ev->nmatches++];
    memset(m, 0, sizeof *m);
    m->home = home;
    m->away = away;
    int round = 0;
    bool has = false;
    if ((st = child_int(r, n, "ROUND_NUMBER", 0, 100000, &round, &has)))
        return st;
    m->round = round;
    if (session && ev->sessions > 1 && !(m->stage = bmp_asprintf("session %d", session)))
        return oom(r);
    double hs = 0, as = 0, hv = 0, av = 0;
    bool h1 = false, a1 = false, h2 = false, a2 = false;
    if ((st = child_number(r, n, "TEAM_SCORE", -1e6, 1e6, &hs, &h1)) ||
        (!h1 && (st = child_number(r, n, "NS_SCORE", -1e6, 1e6, &hs, &h1))) ||
        (st = child_number(r, n, "OPPOSING_TEAM_SCORE", -1e6, 1e6, &as, &a1)) ||
        (!a1 && (st = child_number(r, n, "EW_SCORE", -1e6, 1e6, &as, &a1))) ||
        (st = child_number(r, n, "TEAM_VICTORY_POINTS", -1e6, 1e6, &hv, &h2)) ||
        (!h2 && (st = child_number(r, n, "NS_VICTORY_POINTS", -1e6, 1e6, &hv, &h2))) ||
        (st = child_number(r, n, "OPPOSING_TEAM_VICTORY_POINTS", -1e6, 1e6, &av, &a2)) ||
        (!a2 && (st = child_number(r, n, "EW_VICTORY_POINTS", -1e6, 1e6, &av, &a2))))
        return st;
    if (h1 != a1 || h2 != a2)
        return fail_at(r, n, BMP_EINVAL, "a MATCH needs both sides' %s, or neither",
                       h1 != a1 ? "scores" : "victory points");
    /* Board IMPs (first-named side's view) must agree with the match score. */
    int boards = 0;
    double imps = 0;
    bool has_imps = false;
    for (xmlNode *b = n->children; b; b = b->next) {
        if (!is_el(b, "BOARD"))
            continue;
        boards++;
        double v = 0;
        bool hv2 = false;
        if ((st = child_number(r, b, "IMPS", -1000, 1000, &v, &hv2)))
            return st;
        if (hv2) {
            imps += v;
            has_imps = true;
        }
    }
    if (has_imps && h1 && fabs(imps - (hs - as)) > 1e-9)
        return fail_at(r, n, BMP_EINVAL,
                       "the BOARD IMPS sum to %g but TEAM_SCORE - OPPOSING_TEAM_SCORE is %g", imps,
                       hs - as);
    m->boards = boards ? boards : ev->boards_per_match;
    /* The match score: VPs where given (what a Swiss ranks on), and the raw
     * score kept in params; the winner from the raw score (rule 5: never
     * from VPs alone when the IMPs are known). */
    if (h2) {
        m->has_score = true;
        m->home_score = hv;
        m->away_score = av;
        if (h1 && (bmp_io_param_number(&m->params, "home_imps", hs) ||
                   bmp_io_param_number(&m->params, "away_imps", as)))
            return oom(r);
    } else if (h1) {
        m->has_score = true;
        m->home_score = hs;
        m->away_score = as;
    } else if (has_imps) {
        h1 = true;
        hs = imps > 0 ? imps : 0;
        as = imps < 0 ? -imps : 0;
    }
    double a = h1 ? hs : hv, b = h1 ? as : av;
    if (h1 || h2) {
        const char *w = a > b ? m->home : a < b ? m->away : "tie";
        if (!(m->winner = bmp_strdup(w)))
            return oom(r);
    }
    return BMP_OK;
}

/* Wins from the matches (rule 5), overriding WINS_OR_DRAWS. */
static void tally_matches(rd *r)
{
    bmp_event *ev = r->ev;
    if (!ev->nmatches)
        return;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        int played = 0, won = 0, tied = 0;
        for (size_t k = 0; k < ev->nmatches; k++) {
            const bmp_match *m = &ev->matches[k];
            bool in = strcmp(m->home, c->id) == 0 || strcmp(m->away, c->id) == 0;
            if (!in)
                continue;
            played++;
            if (m->winner && strcmp(m->winner, "tie") == 0)
                tied++;
            else if (m->winner && strcmp(m->winner, c->id) == 0)
                won++;
        }
        c->matches_played = played;
        c->matches_won = won;
        c->match_wins = won + 0.5 * tied;
    }
}

/* ---- the document ------------------------------------------------------ */

static bmp_status add_scope(rd *r, scope **sv, size_t *n, size_t *cap, xmlNode *p, int session,
                            xmlNode *section)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        scope *ns = realloc(*sv, nc * sizeof *ns);
        if (!ns)
            return oom(r);
        *sv = ns;
        *cap = nc;
    }
    char *sid = NULL;
    if (section) {
        sid = attr(section, "SECTION_ID");
        if (!sid) {
            bmp_status st = BMP_OK;
            sid = child_text(r, section, "SECTION_ID", NULL, &st);
            if (st)
                return st;
        }
        if (!sid)
            return fail_at(r, section, BMP_EINVAL, "a SECTION needs a SECTION_ID attribute");
    }
    (*sv)[(*n)++] = (scope){p, session, sid, section};
    return BMP_OK;
}

/* Session number from SESSION_ID ("2"), else its position. */
static int session_number(xmlNode *s, int ordinal)
{
    char *id = attr(s, "SESSION_ID");
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
        if (is_el(c, "PARTICIPANTS"))
            st = add_scope(r, sv, n, cap, c, session, NULL);
        else if (is_el(c, "SECTION"))
            for (xmlNode *p = c->children; p && !st; p = p->next)
                if (is_el(p, "PARTICIPANTS"))
                    st = add_scope(r, sv, n, cap, p, session, c);
    }
    return st;
}

static bmp_status add_section_groups(rd *r, const scope *sv, size_t n)
{
    bmp_event *ev = r->ev;
    for (size_t i = 0; i < n; i++) {
        if (!sv[i].section || bmp_event_group(ev, sv[i].section))
            continue;
        bmp_group *ng = realloc(ev->groups, (ev->ngroups + 1) * sizeof *ng);
        if (!ng)
            return oom(r);
        ev->groups = ng;
        bmp_group *g = &ev->groups[ev->ngroups++];
        memset(g, 0, sizeof *g);
        g->upper_limit = g->lower_limit = BMP_NO_LIMIT;
        g->session = sv[i].session;
        g->name = bmp_strdup(sv[i].section);
        g->type = bmp_strdup("section");
        if (!g->name || !g->type)
            return oom(r);
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
        ev->tables = all;
    for (size_t g = 0; g < ev->ngroups; g++) {
        double t = 0;
        for (size_t i = 0; i < ev->ncontestants; i++)
            if (!ev->contestants[i].phantom && ev->contestants[i].group &&
                strcmp(ev->contestants[i].group, ev->groups[g].name) == 0)
                t += per;
        ev->groups[g].tables = t;
    }
}

static bmp_status map_document(rd *r, xmlDoc *doc, const bmp_usebio_opts *opts)
{
    bmp_event *ev = r->ev;
    bmp_status st;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !is_el(root, "USEBIO"))
        return fail_at(r, root, BMP_EINVAL, "expected the root element USEBIO, got %s",
                       root ? (const char *)root->name : "nothing");
    char *ver = attr(root, "Version");
    if (ver) {
        bool ok = strcmp(ver, "1.0") == 0 || strcmp(ver, "1.1") == 0 ||
                  strcmp(ver, "1.2") == 0 || strcmp(ver, "1.3") == 0;
        st = ok ? set_event_param(r, "usebio.version", ver)
                : fail_at(r, root, BMP_EINVAL, "Version: expected 1.0, 1.1, 1.2 or 1.3, got \"%.20s\"", ver);
        free(ver);
        if (st)
            return st;
    }
    xmlNode *event = NULL;
    for (xmlNode *c = root->children; c; c = c->next)
        if (is_el(c, "EVENT")) {
            if (event)
                return fail_at(r, c, BMP_EINVAL,
                               "a second EVENT: convert one event per file (split the file)");
            event = c;
        }
    if (!event)
        return fail_at(r, root, BMP_EINVAL, "no EVENT element");
    ev->sessions = 1;
    if ((st = read_header(r, root, event)))
        return st;
    /* Body-dependent mapping (MASTER_POINT_TYPE) needs the body now. */
    if ((st = bmp_usebio_apply_opts(ev, opts, r->err)))
        return st;
    r->two_winner = ev->movement == BMP_MOVEMENT_TWO_WINNER; /* a sidecar may say it */
    if (ev->kind == BMP_KIND_UNKNOWN)
        return fail_at(r, event, BMP_EINVAL,
                       "no EVENT_TYPE (expected e.g. MP_PAIRS, PAIRS, TEAMS, SWISS_TEAMS, "
                       "INDIVIDUAL): add it, or give \"kind\" in a --sidecar file");
    if (!ev->body)
        return bmp_error_set(r->err, BMP_EINVAL,
                             "%s: a USEBIO file does not say which body's rules apply: give "
                             "--body acbl|ebu|abf|nzb (or \"body\" in a --sidecar file)",
                             r->src);
    {
        xmlNode *w;
        char *t = child_text(r, event, "MASTER_POINT_TYPE", &w, &st);
        if (t) {
            const char *colour = bmp_usebio_colour(ev->body, t);
            if (!colour)
                {
                char list[160];
                bmp_io_usebio_types(ev->body, list, sizeof list);
                st = fail_at(r, w, BMP_EINVAL, "expected one of %s (%s), got \"%.40s\"", list,
                             ev->body, t);
            }
            else
                st = set_event_param(r, "master_point_type", t);
            if (!st)
                st = set_event_param(r, "colour", colour);
        }
        free(t);
        if (st)
            return st;
    }
    /* Scopes: event level (with its sections), then each SESSION. */
    scope *sv = NULL;
    size_t ns = 0, cap = 0, first_session = 0;
    st = collect_sections(r, event, 0, &sv, &ns, &cap);
    first_session = ns;
    int ordinal = 0, nsessions = 0;
    for (xmlNode *c = event->children; c && !st; c = c->next)
        if (is_el(c, "SESSION")) {
            nsessions++;
            st = collect_sections(r, c, session_number(c, ++ordinal), &sv, &ns, &cap);
        }
    if (!st && ns == 0)
        st = fail_at(r, event, BMP_EINVAL, "no PARTICIPANTS: nothing to award");
    if (!st && nsessions > 100)
        st = fail_at(r, event, BMP_ERANGE, "%d SESSION elements: at most 100 are supported",
                     nsessions);
    if (!st) {
        if (nsessions > ev->sessions)
            ev->sessions = nsessions;
        /* With no event-level results, a single session is the event. */
        bool event_level = first_session > 0;
        if (!event_level && nsessions == 1) {
            for (size_t i = 0; i < ns; i++)
                sv[i].session = 0;
            first_session = ns;
            event_level = true;
        }
        /* Sections, counted over the scopes that define the contestants:
         * the overall ones, or every session's when there is no overall. */
        size_t nsec = 0, def_end = event_level ? first_session : ns;
        for (size_t i = 0; i < def_end; i++)
            if (sv[i].section) {
                bool dup = false;
                for (size_t j = 0; j < i; j++)
                    dup |= sv[j].section && strcmp(sv[j].section, sv[i].section) == 0;
                nsec += !dup;
            }
        r->multi_section = nsec > 1;
        st = add_section_groups(r, sv, first_session);
        for (size_t i = 0; i < first_session && !st; i++)
            st = read_scope(r, &sv[i], true);
        for (size_t i = first_session; i < ns && !st; i++)
            st = read_scope(r, &sv[i], false);
    }
    for (size_t i = 0; i < ns; i++)
        free(sv[i].section);
    free(sv);
    if (st)
        return st;
    if ((st = resolve_places(r)))
        return st;
    /* Matches: event level and per session. */
    ordinal = 0;
    for (xmlNode *c = event->children; c && !st; c = c->next) {
        if (is_el(c, "MATCH"))
            st = read_match(r, c, 0);
        else if (is_el(c, "SESSION")) {
            int sn = session_number(c, ++ordinal);
            for (xmlNode *m = c->children; m && !st; m = m->next)
                if (is_el(m, "MATCH"))
                    st = read_match(r, m, sn);
        }
    }
    if (st)
        return st;
    tally_matches(r);
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
    return BMP_OK;
}

/* libxml2 options: no network, no DTD loading or validation, no entity
 * substitution, large line numbers, no messages on stderr. */
#define PARSE_OPTS (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | \
                    XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA)

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
                     char *msg, size_t msgsz, int *code)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        snprintf(msg, msgsz, "out of memory");
        return NULL;
    }
    first_error fe = {0};
    ctxt->_private = &fe;
    if (ctxt->sax) {
        ctxt->sax->initialized = XML_SAX2_MAGIC;
        ctxt->sax->serror = on_error;
    }
    xmlDoc *doc = xmlCtxtReadMemory(ctxt, data, (int)len, src, encoding, PARSE_OPTS);
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
static bool has_entities(xmlDoc *doc)
{
    return (doc->intSubset && (doc->intSubset->entities || doc->intSubset->pentities)) ||
           (doc->extSubset && doc->extSubset->entities);
}

bmp_status bmp_usebio_read_memory(const char *data, size_t len, const char *source_name,
                                  const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<memory>";
    if (len > (size_t)INT32_MAX)
        return bmp_error_set(err, BMP_EINVAL, "%s: file too large (over 2 GB)", src);
    char msg[BMP_ERROR_MSG_MAX - 32];
    int code = 0;
    bool latin1 = false;
    xmlDoc *doc = parse(data, len, src, NULL, msg, sizeof msg, &code);
    if (!doc && code == XML_ERR_INVALID_CHAR) {
        /* Declared (or defaulted to) UTF-8 but written in Latin-1 by a
         * Windows scorer: read it as ISO-8859-1 (docs/rulings.md U-3). */
        char m2[16];
        int c2 = 0;
        doc = parse(data, len, src, "ISO-8859-1", m2, sizeof m2, &c2);
        latin1 = doc != NULL;
    }
    if (!doc)
        return bmp_error_set(err, BMP_EPARSE, "%s", msg);
    if (has_entities(doc)) {
        xmlFreeDoc(doc);
        return bmp_error_set(err, BMP_EPARSE,
                             "%s: entity declarations are not accepted in a USEBIO file "
                             "(external entities and entity expansion are refused)",
                             src);
    }
    bmp_event *ev = calloc(1, sizeof *ev);
    if (!ev) {
        xmlFreeDoc(doc);
        return bmp_error_set(err, BMP_ENOMEM, "out of memory");
    }
    ev->upper_limit = ev->lower_limit = BMP_NO_LIMIT;
    ev->source = bmp_strdup(src);
    rd r = {.src = src, .err = err, .ev = ev};
    bmp_status st = ev->source ? BMP_OK : oom(&r);
    if (!st && latin1)
        st = bmp_io_param_string(&ev->params, "usebio.encoding", "ISO-8859-1") ? oom(&r)
                                                                                : BMP_OK;
    if (!st)
        st = map_document(&r, doc, opts);
    for (size_t i = 0; i < r.nslots; i++)
        free(r.slots[i].key);
    free(r.slots);
    free(r.cnode);
    free(r.htab);
    xmlFreeDoc(doc);
    if (st) {
        bmp_event_free(ev);
        return st;
    }
    *out = ev;
    return BMP_OK;
}

bmp_status bmp_usebio_read_file(const char *path, const bmp_usebio_opts *opts, bmp_event **out,
                                bmp_error *err)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return bmp_error_set(err, BMP_EIO, "%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *nb = cap > ((size_t)1 << 31) ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int ioerr = ferror(f);
    fclose(f);
    if (!buf)
        return bmp_error_set(err, BMP_ENOMEM, "%s: out of memory (or over 2 GB)", path);
    if (ioerr) {
        free(buf);
        return bmp_error_set(err, BMP_EIO, "%s: read error", path);
    }
    bmp_status st = bmp_usebio_read_memory(buf, len, path, opts, out, err);
    free(buf);
    return st;
}
