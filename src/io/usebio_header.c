/* USEBIO reader: the EVENT header (ecosystem.md §2.3): event type, name,
 * date, winner type, counts, scale; the identity (CLUB_ID_NUMBER,
 * EVENT_IDENTIFIER, charge code); other leaves verbatim. */
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
#include "io/usebio_read.h"

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
    const char *scoring; /* params "usebio.scoring", or NULL */
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
    "SCORING_METHOD", "BOARDS_PLAYED", "BOARDS_PER_ROUND",
    /* results, never header leaves even when they hold only text (the
     * streamed reader, which meets them after the header, agreed only on
     * well-formed files: fuzz_usebio_stream, docs/reliability.md) */
    "PARTICIPANTS", "SECTION", "SESSION", "MATCH", "BOARD", NULL};

static bool in_list(const char *const *list, const xmlChar *name)
{
    for (size_t i = 0; list[i]; i++)
        if (xmlStrcasecmp(name, BAD_CAST list[i]) == 0)
            return true;
    return false;
}

bmp_status ub_set_event_param(rd *r, const char *key, const char *v)
{
    return io_param_string(&r->ev->params, key, v) ? ub_oom(r) : BMP_OK;
}

/* U-41: the number of distinct BOARD_NUMBERs of the BOARD elements under
 * the event (directly or in its SESSION / SECTION elements); a BOARD
 * without a usable number counts once. */
void ub_count_board(xmlNode *k, unsigned char *seen, int *count)
{
    ub_count_board_number(ub_child(k, "BOARD_NUMBER"), seen, count);
}

/* The same from the BOARD's first BOARD_NUMBER element (NULL: none). */
void ub_count_board_number(xmlNode *num, unsigned char *seen, int *count)
{
    char *t = num ? ub_text(num) : NULL;
    double v = 0;
    int b = t && ub_parse_number(t, &v) && v >= 1 && v < 10000 ? (int)v : 0;
    free(t);
    if (!b || !(seen[b / 8] & (1u << (b % 8))))
        (*count)++;
    if (b)
        seen[b / 8] |= (unsigned char)(1u << (b % 8));
}

static void count_boards_in(xmlNode *n, unsigned char *seen, int *count, int depth)
{
    for (xmlNode *k = n->children; k; k = k->next) {
        if (k->type != XML_ELEMENT_NODE)
            continue;
        if (ub_is(k, "BOARD")) {
            ub_count_board(k, seen, count);
        } else if (depth < 2 && (ub_is(k, "SESSION") || ub_is(k, "SECTION"))) {
            count_boards_in(k, seen, count, depth + 1);
        }
    }
}

static int count_boards(xmlNode *event)
{
    unsigned char seen[10000 / 8 + 1] = {0};
    int count = 0;
    count_boards_in(event, seen, &count, 0);
    return count;
}

/* U-44: the kind an EVENT_TYPE (any vocabulary) maps to; -1 if none. */
int io_usebio_type_kind(const char *type)
{
    for (size_t i = 0; type && i < sizeof event_types / sizeof event_types[0]; i++)
        if (strcasecmp(type, event_types[i].name) == 0)
            return (int)event_types[i].kind;
    return -1;
}

/* The CLUB: its name, and its id as the organiser (identity,
 * docs/event-format.md). */
static bmp_status header_club(rd *r, xmlNode *root)
{
    bmp_status st = BMP_OK;
    xmlNode *club = ub_child(root, "CLUB");
    if (!club)
        return BMP_OK;
    char *t = ub_child_text(r, club, "CLUB_NAME", NULL, &st);
    if (t)
        st = ub_set_event_param(r, "usebio.club_name", t);
    free(t);
    if (st)
        return st;
    r->ev->organiser = ub_child_text(r, club, "CLUB_ID_NUMBER", NULL, &st);
    return st;
}

/* EVENT_TYPE (on the EVENT, else its first PARTICIPANTS) -> kind and
 * scoring. */
static bmp_status header_event_type(rd *r, xmlNode *event)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    char *type = ub_attr(event, "EVENT_TYPE");
    if (!type) {
        xmlNode *p = ub_child(event, "PARTICIPANTS");
        type = p ? ub_attr(p, "EVENT_TYPE") : NULL;
    }
    bool found = false;
    for (size_t i = 0; type && i < sizeof event_types / sizeof event_types[0]; i++)
        if (strcasecmp(type, event_types[i].name) == 0) {
            found = true;
            ev->kind = event_types[i].kind;
            /* U-44: kept as read, written back when the kind is unchanged */
            if (!st)
                st = ub_set_event_param(r, "usebio.event_type", event_types[i].name);
            if (event_types[i].scoring)
                st = ub_set_event_param(r, "usebio.scoring", event_types[i].scoring);
        }
    if (type && !found)
        st = ub_fail(r, event, BMP_EINVAL,
                     "EVENT_TYPE: expected one of MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, AGGREGATE, "
                     "PAIRS, SWISS_PAIRS(_CROSS_IMPS|_BUTLER_IMPS), SWISS_TEAMS, TEAMS_OF_FOUR, "
                     "TEAMS, INDIVIDUAL, KO; got \"%.40s\"",
                     type);
    free(type);
    return st;
}

/* Scoring methods (1.2): BOARD_SCORING_METHOD wins over the 1.1 type. */
static bmp_status header_scoring(rd *r, xmlNode *event)
{
    static const char *const methods[][2] = {{"BOARD_SCORING_METHOD", "usebio.scoring"},
                                             {"SCORING_METHOD", "usebio.scoring"},
                                             {"MATCH_SCORING_METHOD", "usebio.match_scoring"}};
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < 3 && !st; i++) {
        char *t = ub_child_text(r, event, methods[i][0], NULL, &st);
        if (t) {
            for (char *p = t; *p; p++)
                *p = (char)toupper((unsigned char)*p);
            if (!(i == 1 && bmp_params_has(&r->ev->params, "usebio.scoring") &&
                  ub_child(event, "BOARD_SCORING_METHOD")))
                st = ub_set_event_param(r, methods[i][1], t);
        }
        free(t);
    }
    /* 1.2 generic PAIRS + BOARD_SCORING_METHOD BUTLER_IMPS is the 1.1
     * BUTLER_PAIRS (§2.4 rule 4): the same kind whichever vocabulary the
     * producer used (the ABF pays Butler pairs by the top third, 4.2.3).
     * Plain "IMPS" (Compscore) may be Butler or cross-IMPs: left as pairs. */
    bmp_event *ev = r->ev;
    if (!st && ev->kind == BMP_KIND_PAIRS &&
        strcmp(bmp_params_string(&ev->params, "usebio.scoring", ""), "BUTLER_IMPS") == 0)
        ev->kind = BMP_KIND_BUTLER;
    return st;
}

/* Name: TITLE, else the description, else the identifier (the producer's
 * event id, identity). */
static bmp_status header_name(rd *r, xmlNode *event)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    char *title = ub_child_text(r, event, "TITLE", NULL, &st);
    char *desc = st ? NULL : ub_child_text(r, event, "EVENT_DESCRIPTION", NULL, &st);
    char *ident = st ? NULL : ub_child_text(r, event, "EVENT_IDENTIFIER", NULL, &st);
    if (!st) {
        ev->name = core_strdup(title ? title : desc ? desc : ident ? ident : "USEBIO event");
        if (desc && title)
            st = ub_set_event_param(r, "usebio.description", desc);
    }
    ev->event_id = ident;
    free(title);
    free(desc);
    return st || ev->name ? st : ub_oom(r);
}

static bmp_status header_date(rd *r, xmlNode *event)
{
    bmp_status st = BMP_OK;
    xmlNode *w;
    char *t = ub_child_text(r, event, "DATE", &w, &st);
    if (t) {
        char iso[32];
        if (!parse_date(t, iso))
            st = ub_fail(r, w, BMP_EINVAL,
                         "expected a day-first date with a 4-digit year such as 14/01/2025 "
                         "(or 2025-01-14), got \"%.40s\"",
                         t);
        else if (!(r->ev->date = core_strdup(iso)))
            st = ub_oom(r);
    }
    free(t);
    return st;
}

/* Winner type: 1 one field, 2 NS and EW ranked separately; empty = 1. */
static bmp_status header_winner_type(rd *r, xmlNode *event)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    xmlNode *w = ub_child(event, "WINNER_TYPE");
    if (w) {
        char *t = ub_text(w);
        if (!t)
            return ub_oom(r);
        if (!*t || strcmp(t, "1") == 0)
            ev->movement = BMP_MOVEMENT_ONE_WINNER;
        else if (strcmp(t, "2") == 0)
            ev->movement = BMP_MOVEMENT_TWO_WINNER;
        else
            st = ub_fail(r, w, BMP_EINVAL,
                         "expected 1 (one winner) or 2 (two winners), got \"%.40s\"", t);
        free(t);
    }
    r->two_winner = ev->movement == BMP_MOVEMENT_TWO_WINNER;
    return st;
}

/* Sessions, boards (counted from BOARD elements when not stated, U-41:
 * EBU club scorers omit BOARDS_PLAYED), boards a round. */
static bmp_status header_counts(rd *r, xmlNode *event)
{
    bmp_event *ev = r->ev;
    int n = 0;
    bool has = false;
    bmp_status st = ub_child_int(r, event, "SESSION_COUNT", 1, 100, &n, &has);
    if (st)
        return st;
    if (has)
        ev->sessions = n;
    if ((st = ub_child_int(r, event, "BOARDS_PLAYED", 0, 10000, &n, &has)))
        return st;
    if (!has)
        n = count_boards(event);
    if (has || n > 0) {
        ev->boards = n;
        r->event_boards = n;
    }
    if ((st = ub_child_int(r, event, "BOARDS_PER_ROUND", 0, 1000, &n, &has)))
        return st;
    if (has)
        ev->boards_per_match = n;
    return BMP_OK;
}

/* Scale, awarded flag, charge code: facts for the body's rules. */
static bmp_status header_facts(rd *r, xmlNode *event)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    char *t = ub_child_text(r, event, "MASTER_POINT_SCALE", NULL, &st);
    if (t)
        st = ub_set_event_param(r, "usebio.master_point_scale", t);
    free(t);
    if (st)
        return st;
    if ((t = ub_child_text(r, event, "MPS_AWARDED_FLAG", NULL, &st))) {
        bool off = strcasecmp(t, "N") == 0 || strcasecmp(t, "No") == 0 || strcmp(t, "0") == 0;
        st = io_param_bool(&ev->params, "usebio.mps_awarded", !off) ? ub_oom(r) : BMP_OK;
    }
    free(t);
    if (st)
        return st;
    /* P2P_CHARGE_RATE (1.0-1.2) was superseded by EBU_CHARGE_CODE (1.3). */
    ev->sanction = ub_child_text(r, event, "EBU_CHARGE_CODE", NULL, &st);
    if (!ev->sanction && !st)
        ev->sanction = ub_child_text(r, event, "P2P_CHARGE_RATE", NULL, &st);
    /* 1.3 ACBL additions stand in for a missing club id or charge code
     * (and are also kept verbatim below, so the writer does not repeat
     * them under CLUB_ID_NUMBER or P2P_CHARGE_RATE). */
    if (!ev->organiser && !st)
        ev->organiser = ub_child_text(r, event, "ACBL_CLUB_NUMBER", NULL, &st);
    if (!ev->sanction && !st)
        ev->sanction = ub_child_text(r, event, "ACBL_SANCTION_NUMBER", NULL, &st);
    return st;
}

/* Everything else that is a simple leaf: kept verbatim. */
static bmp_status header_leaves(rd *r, xmlNode *event)
{
    bmp_status st = BMP_OK;
    for (xmlNode *c = event->children; c && !st; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || in_list(known_header, c->name) ||
            ub_is(c, "MATCH_SCORING_METHOD"))
            continue;
        bool leaf = true;
        for (xmlNode *g = c->children; g; g = g->next)
            leaf &= g->type != XML_ELEMENT_NODE;
        if (!leaf)
            continue;
        char *t = ub_text(c);
        if (!t)
            return ub_oom(r);
        char key[96];
        snprintf(key, sizeof key, "usebio.%s", (const char *)c->name);
        for (char *p = key; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (*t && !bmp_params_has(&r->ev->params, key))
            st = ub_set_event_param(r, key, t);
        free(t);
    }
    return st;
}

bmp_status ub_read_header(rd *r, xmlNode *root, xmlNode *event)
{
    bmp_status st;
    if ((st = header_club(r, root)) || (st = header_event_type(r, event)) ||
        (st = header_scoring(r, event)) || (st = header_name(r, event)) ||
        (st = header_date(r, event)) || (st = header_winner_type(r, event)) ||
        (st = header_counts(r, event)) || (st = header_facts(r, event)))
        return st;
    return header_leaves(r, event);
}
