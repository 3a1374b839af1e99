/* USEBIO reader: participants -- PAIR, TEAM and PLAYER entries, their
 * players, scores, places and MASTER_POINTS (ecosystem.md §2.3). */
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
#include "core/param_keys.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

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
        return ub_oom(r);
    c->players = np;
    bmp_player *p = &c->players[c->nplayers++];
    memset(p, 0, sizeof *p);
    p->participation = 1.0;
    char *id = ub_child_text(r, pn, "NATIONAL_ID_NUMBER", NULL, &st);
    if (st)
        return st;
    bool guest = id && strcmp(id, "88888888") == 0;
    if (is_sentinel_id(id)) {
        if (guest && io_param_bool(&p->params, "guest", true)) {
            free(id);
            return ub_oom(r);
        }
        free(id);
    } else {
        p->id = id;
    }
    p->name = ub_child_text(r, pn, "PLAYER_NAME", NULL, &st);
    if (st)
        return st;
    char *club = ub_child_text(r, pn, "CLUB_ID_NUMBER", NULL, &st);
    bool club_given = club && *club;
    if (club_given)
        st = io_param_string(&p->params, "usebio.club_id", club) ? ub_oom(r) : BMP_OK;
    free(club);
    if (st)
        return st;
    if (!p->id && !p->name && !club_given && !guest && p->params.count == 0) {
        /* U-42: an empty <PLAYER/> is nobody: skipped, counted in the
         * contestant's params "usebio.empty_players" (never "UNKNOWN"). */
        c->nplayers--; /* nothing allocated: no id, name or params */
        double k = bmp_params_number(&c->params, "usebio.empty_players", 0) + 1;
        return io_param_number(&c->params, "usebio.empty_players", k) ? ub_oom(r) : BMP_OK;
    }
    if (!p->id && !p->name && !(p->name = core_strdup("UNKNOWN")))
        return ub_oom(r);
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
        if (v > CORE_CARRIED_MAX) /* issue 26: no event gives more */
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
    return ub_fail(r, w, BMP_EINVAL,
                   "expected a whole number of hundredths of a point (e.g. 57 for 0.57) up to "
                   "100000000, got "
                   "\"%.40s\"",
                   t);
}

/* A default colour where files commonly omit the type, the body's
 * (bmp_rules.usebio_default_type: ABF club sessions award green points; EBU
 * MASTER_POINTS_AWARDED alone are black/local). */
static const char *default_type(const char *body)
{
    const bmp_rules *rules = bmp_rules_find(body);
    return rules ? rules->usebio_default_type : NULL;
}

/* One MASTER_POINTS_AWARDED + MASTER_POINT_TYPE pair inside `holder`
 * (the PAIR/TEAM itself in the flat form, a MASTER_POINTS in the nested). */
static bmp_status read_mp(rd *r, xmlNode *holder, bmp_contestant *c)
{
    bmp_status st = BMP_OK;
    xmlNode *wa, *wt;
    char *amount = ub_child_text(r, holder, "MASTER_POINTS_AWARDED", &wa, &st);
    if (!amount)
        return st;
    char *type = ub_child_text(r, holder, "MASTER_POINT_TYPE", &wt, &st);
    const char *ty = type ? type : bmp_params_string(&r->ev->params, "usebio.master_point_type", NULL);
    if (!ty)
        ty = default_type(r->ev->body);
    int64_t v = 0;
    if (!st)
        st = mp_amount(r, wa, amount, &v);
    if (!st && !ty)
        st = ub_fail(r, wa, BMP_EINVAL,
                     "MASTER_POINTS_AWARDED without a MASTER_POINT_TYPE here or on EVENT");
    const char *colour = st ? NULL : bmp_usebio_colour(r->ev->body, ty);
    if (!st && !colour) {
        char list[160];
        io_usebio_types(r->ev->body, list, sizeof list);
        st = ub_fail(r, wt ? wt : wa, BMP_EINVAL,
                     "expected one of %s (%s), got \"%.40s\"", list,
                     r->ev->body, ty);
    }
    if (!st) {
        char key[64];
        core_strlcpy(key, BMP_USEBIO_MP_PREFIX, sizeof key);
        core_strlcat(key, colour, sizeof key);
        double prev = bmp_params_number(&c->params, key, 0);
        v *= io_usebio_unit(r->ev->body, colour); /* EBU local: whole points (U-20) */
        if (io_param_number(&c->params, key, prev + (double)v))
            st = ub_oom(r);
    }
    free(amount);
    free(type);
    return st;
}

static bmp_status read_all_mp(rd *r, xmlNode *n, bmp_contestant *c)
{
    bmp_status st = read_mp(r, n, c); /* flat form */
    for (xmlNode *m = n->children; m && !st; m = m->next)
        if (ub_is(m, "MASTER_POINTS"))
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


static bmp_status add_slot(rd *r, const char *key, size_t ci, long rank, xmlNode *node,
                           bool has_place, bool has_score, double score, bool pct)
{
    slot *ns = core_grow(r->slots, &r->slots_cap, r->nslots, sizeof *ns);
    if (!ns)
        return ub_oom(r);
    r->slots = ns;
    char *k = core_param_str(key);
    if (!k)
        return ub_oom(r);
    r->slots[r->nslots++] =
        (slot){k, ci, rank, r->stream ? NULL : node, has_place, has_score, score, pct};
    return BMP_OK;
}

/* Contestant id as written, qualified by the section when an event has
 * several ("A:1NS") so that ids stay unique. */
static char *qualified_id(rd *r, const scope *sc, const char *raw)
{
    if (sc->section && r->multi_section)
        return core_asprintf("%s:%s", sc->section, raw);
    return core_strdup(raw);
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

long ub_find_contestant(rd *r, const char *id)
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
            return ub_oom(r);
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
            return ub_oom(r);
        ev->contestants = nc;
        if (r->stream) {
            const char **ns = realloc(r->csec, cap * sizeof *ns);
            if (!ns)
                return ub_oom(r);
            r->csec = ns;
        } else {
            xmlNode **nn = realloc(r->cnode, cap * sizeof *nn);
            if (!nn)
                return ub_oom(r);
            r->cnode = nn;
        }
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
        return ub_oom(r);
    c->rankings = nr;
    bmp_ranking_entry *e = &c->rankings[c->nrankings];
    memset(e, 0, sizeof *e);
    e->ranking = core_param_str(name);
    e->session = session;
    e->section = section ? core_param_str(section) : NULL;
    e->direction = dir ? core_param_str(dir) : NULL;
    e->has_score = has_score;
    e->score = has_score ? score : NAN;
    *idx = (long)c->nrankings++;
    if (!e->ranking || (section && !e->section) || (dir && !e->direction))
        return ub_oom(r);
    return BMP_OK;
}

/* Name of a ranking: "session 2 section A NS", "section A", "NS", or
 * "overall" (which is the contestant's own place). */
static void ranking_name(char *buf, size_t n, int session, const char *section, const char *dir)
{
    /* without snprintf: this runs for every entry of a big file */
    char num[16];
    int k = (int)sizeof num;
    num[--k] = '\0';
    unsigned v = session < 0 ? 0u - (unsigned)session : (unsigned)session;
    for (; v; v /= 10)
        num[--k] = (char)('0' + v % 10);
    if (session < 0)
        num[--k] = '-';
    buf[0] = '\0';
    if (session) {
        core_strlcat(buf, "session ", n);
        core_strlcat(buf, num + k, n);
    }
    if (section) {
        core_strlcat(buf, session ? " section " : "section ", n);
        core_strlcat(buf, section, n);
    }
    if (dir) {
        core_strlcat(buf, session || section ? " " : "", n);
        core_strlcat(buf, dir, n);
    }
    if (!*buf)
        core_strlcpy(buf, "overall", n);
}

/* One PAIR / TEAM / PLAYER element as read, before it is mapped. */
typedef struct entry {
    xmlNode *n;
    bool team, indiv;
    char *raw;          /* the number as written (+ direction, below) */
    char *name, *dir, *cid, *place;
    const char *d;      /* the pair's direction, "NS" / "EW", or NULL */
    bool suffixed;      /* raw got the direction appended */
    double pct, total;
    bool has_pct, has_total;
    xmlNode *wplace;
    bmp_place pl;
} entry;

static void entry_free(entry *e)
{
    free(e->raw);
    free(e->name);
    free(e->dir);
    free(e->place);
    free(e->cid);
}

/* The entry's number and name: TEAM_ID (attribute or element) or
 * TEAM_NUMBER; PLAYER_NUMBER or NATIONAL_ID_NUMBER; PAIR_NUMBER. */
static bmp_status entry_number(rd *r, entry *e)
{
    bmp_status st = BMP_OK;
    xmlNode *n = e->n;
    if (e->team) {
        e->raw = ub_attr(n, "TEAM_ID");
        if (!e->raw)
            e->raw = ub_child_text(r, n, "TEAM_ID", NULL, &st);
        if (!e->raw && !st)
            e->raw = ub_child_text(r, n, "TEAM_NUMBER", NULL, &st);
        e->name = st ? NULL : ub_attr(n, "TEAM_NAME");
        if (!e->name && !st)
            e->name = ub_child_text(r, n, "TEAM_NAME", NULL, &st);
    } else if (e->indiv) {
        e->raw = ub_child_text(r, n, "PLAYER_NUMBER", NULL, &st);
        if (!e->raw && !st)
            e->raw = ub_child_text(r, n, "NATIONAL_ID_NUMBER", NULL, &st);
    } else {
        e->raw = ub_child_text(r, n, "PAIR_NUMBER", NULL, &st);
    }
    if (st || e->raw)
        return st;
    return ub_fail(r, n, BMP_EINVAL, "%s",
                   e->team    ? "a TEAM needs a TEAM_ID attribute (or TEAM_ID element)"
                   : e->indiv ? "a PLAYER needs a PLAYER_NUMBER or NATIONAL_ID_NUMBER"
                              : "a PAIR needs a PAIR_NUMBER");
}

/* The contestant id: the number, the direction of a Mitchell pair, the
 * section when an event has several. */
static bmp_status entry_identity(rd *r, const scope *sc, entry *e)
{
    bmp_status st = entry_number(r, e);
    if (st)
        return st;
    if (!e->team && !e->indiv && !(e->dir = ub_child_text(r, e->n, "DIRECTION", NULL, &st)) &&
        st)
        return st;
    e->d = e->indiv || e->team ? NULL : pair_direction(e->dir, e->raw);
    /* A Mitchell numbers NS 1..n and EW 1..n: a bare PAIR_NUMBER with a
     * DIRECTION names a different pair in each direction, so the id carries
     * the direction ("1NS", the §2.3 spelling) unless the number already
     * does.  Not in Swiss pairs, whose MATCH records name bare numbers
     * (rulings U-18). */
    if (e->d && !pair_direction(NULL, e->raw) && r->ev->kind != BMP_KIND_SWISS_PAIRS) {
        e->suffixed = true;
        char *q = core_asprintf("%s%s", e->raw, e->d);
        if (!q)
            return ub_oom(r);
        free(e->raw);
        e->raw = q;
    }
    return (e->cid = qualified_id(r, sc, e->raw)) ? BMP_OK : ub_oom(r);
}

/* Scores (the percentage for pairs, else the total) and the place. */
static bmp_status entry_result(rd *r, entry *e)
{
    bmp_status st;
    if ((st = ub_child_number(r, e->n, "PERCENTAGE", -1000, 1000, &e->pct, &e->has_pct)) ||
        (st = ub_child_number(r, e->n, "TOTAL_SCORE", -1e9, 1e9, &e->total, &e->has_total)))
        return st;
    if ((e->place = ub_child_text(r, e->n, "PLACE", &e->wplace, &st)), st)
        return st;
    if (e->place && (!bmp_place_parse(e->place, &e->pl) || e->pl.lo == 0))
        return ub_fail(r, e->wplace, BMP_EINVAL,
                       "expected a place such as 3 or \"3=\", got \"%.40s\"", e->place);
    return BMP_OK;
}

/* The contestant the entry names, or -1: a session's "1" + DIRECTION is
 * the overall "1" that has none (a pair may sit NS in one session and EW
 * in another). */
static long entry_find(rd *r, entry *e, bool overall)
{
    long found = ub_find_contestant(r, e->cid);
    if (found < 0 && !overall && e->suffixed) {
        size_t l = strlen(e->cid);
        e->cid[l - 2] = '\0';
        found = ub_find_contestant(r, e->cid);
        if (found < 0)
            memcpy(e->cid + l - 2, e->d, 3);
    }
    return found;
}

/* The players: a PLAYER entry is its own; a PAIR's and a TEAM's (a TEAM's
 * PAIRs' too). */
static bmp_status contestant_players(rd *r, const entry *e, bmp_contestant *c)
{
    bmp_status st = BMP_OK;
    if (e->indiv)
        return add_player(r, c, e->n);
    for (xmlNode *p = e->n->children; p && !st; p = p->next) {
        if (ub_is(p, "PLAYER"))
            st = add_player(r, c, p);
        else if (e->team && ub_is(p, "PAIR"))
            for (xmlNode *q = p->children; q && !st; q = q->next)
                if (ub_is(q, "PLAYER"))
                    st = add_player(r, c, q);
    }
    return st;
}

/* Phantom / sit-out: every player a placeholder, or so named. */
static bool is_phantom(const bmp_contestant *c, const char *raw)
{
    bool ph = is_placeholder_name(c->name) || is_placeholder_name(raw);
    if (!ph && c->nplayers) {
        ph = true;
        for (size_t i = 0; i < c->nplayers; i++)
            ph &= !c->players[i].id && is_placeholder_name(c->players[i].name);
    }
    return ph;
}

/* What the writer needs back (the direction, the number as written, the
 * scores) and the facts the awards read (boards played, wins). */
static bmp_status contestant_facts(rd *r, entry *e, bmp_contestant *c)
{
    bmp_status st;
    bmp_params *p = &c->params;
    /* The direction a pair sat (a phantom has no ranking to carry it). */
    if (e->d && io_param_string(p, "usebio.direction", e->d))
        return ub_oom(r);
    /* The number as written, when the id got the direction appended:
     * the writer puts it back ("17", not "17NS"; rulings UX-2). */
    if (e->suffixed) {
        e->raw[strlen(e->raw) - 2] = '\0';
        bool bad = io_param_string(p, "usebio.pair_number", e->raw);
        memcpy(e->raw + strlen(e->raw), e->d, 3);
        if (bad)
            return ub_oom(r);
    }
    if (e->has_pct || e->has_total) {
        c->has_score = true;
        c->score = e->has_pct ? e->pct : e->total;
    }
    if ((e->has_pct && io_param_number(p, "usebio.percentage", e->pct)) ||
        (e->has_total && io_param_number(p, "usebio.total_score", e->total)))
        return ub_oom(r);
    /* Boards played: the players' participation. */
    int bp = 0;
    bool has_bp = false;
    if ((st = ub_child_int(r, e->n, "BOARDS_PLAYED", 0, 100000, &bp, &has_bp)))
        return st;
    if (has_bp) {
        if (io_param_number(p, "usebio.boards_played", bp))
            return ub_oom(r);
        if (r->event_boards > 0 && bp < r->event_boards)
            for (size_t i = 0; i < c->nplayers; i++)
                c->players[i].participation = bp / r->event_boards;
    }
    double wod = 0;
    bool has_wod = false;
    if ((st = ub_child_number(r, e->n, "WINS_OR_DRAWS", 0, 100000, &wod, &has_wod)))
        return st;
    if (has_wod) {
        c->match_wins = wod;
        if (io_param_number(p, "usebio.wins_or_draws", wod))
            return ub_oom(r);
    }
    return read_all_mp(r, e->n, c);
}

/* A new contestant from its first (defining) entry. */
static bmp_status new_contestant(rd *r, const scope *sc, entry *e, bool overall, size_t *ci)
{
    bmp_status st = grow_contestants(r, ci);
    if (st)
        return st;
    bmp_contestant *c = &r->ev->contestants[*ci];
    if (r->stream)
        r->csec[*ci] = sc->section;
    else
        r->cnode[*ci] = e->n;
    c->id = e->cid;
    e->cid = NULL;
    if ((st = index_contestant(r, *ci)))
        return st;
    c->name = e->name;
    e->name = NULL;
    /* Only the overall result's sections are groups (U-6, U-7). */
    if (overall && sc->section && !(c->group = core_strdup(sc->section)))
        return ub_oom(r);
    if ((st = contestant_players(r, e, c)))
        return st;
    c->phantom = is_phantom(c, e->raw);
    return contestant_facts(r, e, c);
}

/* The contestant an entry is about: found (a session's entry) or new (the
 * overall result's, or a session's when there is none). */
static bmp_status entry_contestant(rd *r, const scope *sc, entry *e, bool overall, size_t *ci)
{
    long found = entry_find(r, e, overall);
    if (found >= 0 && overall)
        return ub_fail(r, e->n, BMP_EINVAL, "duplicate contestant \"%s\" (also at line %ld)",
                       e->cid, r->stream ? 0L : xmlGetLineNo(r->cnode[found]));
    if (found < 0 && !overall && r->has_overall)
        /* A session's pair must be one of the overall result's (U-7): the
         * overall result is what is awarded and what the writer uploads. */
        return ub_fail(r, e->n, BMP_EINVAL,
                       "\"%s\" is in this session's results but not in the event's overall "
                       "PARTICIPANTS",
                       e->cid);
    if (found >= 0) {
        *ci = (size_t)found;
        return BMP_OK;
    }
    return new_contestant(r, sc, e, overall, ci);
}

/* Where the place goes: the contestant's own (the overall result of a
 * one-winner field) or a named ranking (a session, a section, NS / EW). */
static bmp_status entry_place(rd *r, const scope *sc, entry *e, bool overall, size_t ci)
{
    bmp_event *ev = r->ev;
    bmp_contestant *c = &ev->contestants[ci];
    bool has_score = e->has_pct || e->has_total;
    double score = e->has_pct ? e->pct : e->total;
    /* NS and EW fields exist only for pairs: a WINNER_TYPE 2 on a teams or
     * individual file changes nothing (entry_fits refused a TEAM or a lone
     * PLAYER in a pairs event ranked by direction). */
    bool by_dir = r->two_winner && !e->team && !e->indiv;
    if (by_dir && !e->d)
        return ub_fail(r, e->n, BMP_EINVAL,
                       "WINNER_TYPE is 2 (NS and EW ranked separately) but this PAIR has no "
                       "DIRECTION NS or EW and its PAIR_NUMBER \"%.40s\" names none",
                       e->raw);
    char key[160];
    if (overall && !by_dir) {
        core_strlcpy(key, "overall:", sizeof key);
        core_strlcat(key, sc->section ? sc->section : "", sizeof key);
        c->place = e->pl;
        return add_slot(r, key, ci, -1, e->n, e->place != NULL, has_score, score, e->has_pct);
    }
    ranking_name(key, sizeof key, overall ? 0 : sc->session, sc->section, by_dir ? e->d : NULL);
    for (size_t k = 0; k < c->nrankings; k++)
        if (strcmp(c->rankings[k].ranking, key) == 0)
            return ub_fail(r, e->n, BMP_EINVAL, "\"%s\" appears twice in ranking \"%s\"", c->id,
                           key);
    /* One session: its NS/EW fields are that session's result, which is
     * how the bodies read a Mitchell session (NZ-21; U-25). */
    int sess = overall ? (ev->sessions <= 1 ? 1 : 0) : sc->session;
    long ri = 0;
    bmp_status st = add_ranking(r, c, key, sess, sc->section, by_dir ? e->d : NULL, has_score,
                                score, &ri);
    if (st)
        return st;
    c->rankings[ri].place = e->pl;
    return add_slot(r, key, ci, ri, e->n, e->place != NULL, has_score, score, e->has_pct);
}

/* U-45: a TEAM or a lone PLAYER in a pairs event ranked NS and EW is
 * refused, phantom or not: the event is a pairs event, whose contestants
 * are written back as PAIRs, and a PAIR without a DIRECTION is refused
 * under WINNER_TYPE 2 (found by fuzz_usebio). */
static bmp_status entry_fits(rd *r, const entry *e)
{
    bmp_event_kind k = r->ev->kind;
    bool pairs_event = !bmp_event_kind_is_teams(k) && k != BMP_KIND_INDIVIDUAL;
    if (r->two_winner && pairs_event && (e->team || e->indiv))
        return ub_fail(r, e->n, BMP_EINVAL,
                       "WINNER_TYPE is 2 (NS and EW ranked separately) in a pairs event, but "
                       "this entry is a %s (expected a PAIR with a DIRECTION NS or EW)",
                       e->team ? "TEAM" : "PLAYER");
    return BMP_OK;
}

/* One PAIR / TEAM / PLAYER element of a scope. */
bmp_status ub_read_entry(rd *r, const scope *sc, xmlNode *n, bool overall)
{
    entry e = {.n = n, .team = ub_is(n, "TEAM"), .indiv = ub_is(n, "PLAYER")};
    size_t ci = 0;
    bmp_status st = entry_fits(r, &e);
    if (!st)
        st = entry_identity(r, sc, &e);
    if (!st)
        st = entry_result(r, &e);
    if (!st)
        st = entry_contestant(r, sc, &e, overall, &ci);
    /* a phantom is never ranked nor awarded */
    if (!st && !r->ev->contestants[ci].phantom)
        st = entry_place(r, sc, &e, overall, ci);
    entry_free(&e);
    return st;
}

void ub_rd_free(rd *r)
{
    for (size_t i = 0; i < r->nslots; i++)
        core_param_str_free(r->slots[i].key);
    free(r->slots);
    free(r->htab);
    free(r->csec);
    core_strindex_free(&r->sfx);
    free(r->sfx_amb);
    free(r->warns);
}

/* Streamed: a second section among the contestants' defining scopes
 * makes the ids section-qualified ("A:1NS"), as the tree reader, which
 * counts the sections first, qualifies them from the start. */
bmp_status ub_requalify_ids(rd *r)
{
    bmp_event *ev = r->ev;
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        if (!r->csec[ci])
            continue;
        char *q = core_asprintf("%s:%s", r->csec[ci], ev->contestants[ci].id);
        if (!q)
            return ub_oom(r);
        free(ev->contestants[ci].id);
        ev->contestants[ci].id = q;
    }
    if (!r->hcap) /* no contestant yet (a first section without any) */
        return BMP_OK;
    memset(r->htab, 0, r->hcap * sizeof *r->htab);
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        size_t i = hash_id(ev->contestants[ci].id) & (r->hcap - 1);
        while (r->htab[i])
            i = (i + 1) & (r->hcap - 1);
        r->htab[i] = ci + 1;
    }
    return BMP_OK;
}

bmp_status ub_read_scope(rd *r, const scope *sc, bool overall)
{
    bmp_status st = BMP_OK;
    for (xmlNode *n = sc->participants->children; n && !st; n = n->next) {
        if (ub_is(n, "PAIR") || ub_is(n, "TEAM") || ub_is(n, "PLAYER"))
            st = ub_read_entry(r, sc, n, overall);
    }
    return st;
}
