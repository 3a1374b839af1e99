/* USEBIO writer: a strict USEBIO 1.2 document with the awards filled in as
 * MASTER_POINTS (ecosystem.md §2.3-2.4), for a club to upload its results.
 * Strict means: one spelling per element (the EVENT_TYPE as read or the 1.2
 * generic one, day-first dates, ties and the MASTER_POINTS form as the
 * flavour writes them, whole hundredths), and an error rather than a
 * lossy file when an award cannot be expressed (an unknown colour for the
 * body, different awards for two players of one pair). */
#include <ctype.h>
#include <libxml/xmlwriter.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"
#include "core/util.h"
#include "io/number_flag.h"
#include "io/usebio_internal.h"

typedef struct wr {
    xmlTextWriterPtr w;
    const bmp_event *ev;
    bmp_error *err;
    int rc;           /* first negative xmlTextWriter return; -2: bad text */
    char bad[96];     /* the element and text refused */
    bmp_usebio_mp_form form;
    const bmp_usebio_flavour *fl;
    bool awarded;     /* awards were given (aw != NULL): flat form writes 0s */
    io_usebio_mp *mp; /* per contestant: colours and amounts, from the awards */
    bool numbered;    /* io_event_numbered(ev): "no number" is a flag (issue 43) */
} wr;

/* XML 1.0 forbids most control characters and U+FFFE/U+FFFF, which a JSON
 * string may hold; xmlTextWriter would write them raw.  Refuse instead. */
static bool xml_text_ok(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
            return false;
        if (p[0] == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
            return false;
    }
    return true;
}

static void bad_text(wr *w, const char *where, const char *text)
{
    if (w->rc >= 0) {
        w->rc = -2;
        snprintf(w->bad, sizeof w->bad, "%s: \"%.40s\"", where, text);
    }
}

static void el(wr *w, const char *name, const char *text)
{
    if (w->rc < 0 || !text)
        return;
    if (!xml_text_ok(text)) {
        bad_text(w, name, text);
        return;
    }
    int r = xmlTextWriterWriteElement(w->w, BAD_CAST name, BAD_CAST text);
    if (r < 0)
        w->rc = r;
}

static void elf(wr *w, const char *name, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void elf(wr *w, const char *name, const char *fmt, ...)
{
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    el(w, name, buf);
}

static void start(wr *w, const char *name)
{
    if (w->rc >= 0) {
        int r = xmlTextWriterStartElement(w->w, BAD_CAST name);
        if (r < 0)
            w->rc = r;
    }
}

static void end(wr *w)
{
    if (w->rc >= 0) {
        int r = xmlTextWriterEndElement(w->w);
        if (r < 0)
            w->rc = r;
    }
}

static void at(wr *w, const char *name, const char *v)
{
    if (v && !xml_text_ok(v)) {
        bad_text(w, name, v);
        return;
    }
    if (w->rc >= 0 && v) {
        int r = xmlTextWriterWriteAttribute(w->w, BAD_CAST name, BAD_CAST v);
        if (r < 0)
            w->rc = r;
    }
}

static void num_el(wr *w, const char *name, double v)
{
    elf(w, name, "%.15g", v);
}

static const char *event_type(bmp_event_kind k)
{
    switch (k) {
    case BMP_KIND_PAIRS: return "PAIRS";
    case BMP_KIND_INDIVIDUAL: return "INDIVIDUAL";
    case BMP_KIND_SWISS_PAIRS: return "SWISS_PAIRS";
    case BMP_KIND_SWISS_TEAMS: return "SWISS_TEAMS";
    case BMP_KIND_BUTLER: return "BUTLER_PAIRS";
    case BMP_KIND_KNOCKOUT: return "KO";
    default: return bmp_event_kind_is_teams(k) ? "TEAMS" : NULL;
    }
}

/* U-44: the EVENT_TYPE the file was read with (MP_PAIRS, CROSS_IMP ...) while
 * the kind is still the one it maps to; else the generic 1.2 type. */
static const char *event_type_as_read(const bmp_event *ev)
{
    const char *t = bmp_params_string(&ev->params, "usebio.event_type", NULL);
    return t && io_usebio_type_kind(t) == (int)ev->kind ? t : event_type(ev->kind);
}

static void write_mp(wr *w, size_t ci, bool team)
{
    const io_usebio_mp *m = &w->mp[ci];
    const bmp_rules *rules = bmp_rules_find(w->ev->body);
    /* The flat form holds one colour; the ABF flavour writes it (Compscore,
     * read by Cobalt) where it fits (rulings UX-3). */
    bool flat = w->form == BMP_USEBIO_MP_FLAT ||
                (w->form == BMP_USEBIO_MP_DEFAULT && !team && m->n <= 1 &&
                 w->fl->flat);
    for (size_t k = 0; k < m->n; k++) {
        if (!flat)
            start(w, "MASTER_POINTS");
        elf(w, "MASTER_POINTS_AWARDED", "%lld", (long long)m->amount[k]);
        el(w, "MASTER_POINT_TYPE", bmp_usebio_type(w->ev->body, m->colour[k]));
        if (!flat)
            end(w);
    }
    /* U-43: Compscore3 writes MASTER_POINTS_AWARDED 0 (and the type) for
     * every pair without an award, and the ABF's importer expects it. */
    if (flat && m->n == 0 && w->awarded && w->fl->explicit_zero && rules &&
        rules->usebio_default_type) {
        el(w, "MASTER_POINTS_AWARDED", "0");
        el(w, "MASTER_POINT_TYPE", rules->usebio_default_type);
    }
}

static void write_player(wr *w, const bmp_player *p)
{
    start(w, "PLAYER");
    /* issue 43 (rulings RI-7): USEBIO has no element for it, so a comment
     * says why the number identifies nobody; none when it does */
    char fb[48];
    const char *f = io_number_flag_text(w->ev, io_number_flag(w->ev, p, w->numbered), fb,
                                        sizeof fb);
    if (f && w->rc >= 0) {
        char text[64];
        snprintf(text, sizeof text, " bridgemp: %s ", f);
        int r = xmlTextWriterWriteComment(w->w, BAD_CAST text);
        if (r < 0)
            w->rc = r;
    }
    el(w, "PLAYER_NAME", p->name ? p->name : "");
    /* The EBU guest number goes back out (U-9): "" would lose the flag. */
    el(w, "NATIONAL_ID_NUMBER",
       p->id ? p->id : bmp_params_bool(&p->params, "guest", false) ? "88888888" : "");
    el(w, "CLUB_ID_NUMBER", bmp_params_string(&p->params, "usebio.club_id", NULL));
    end(w);
}

/* The place in the ranking USEBIO's PLACE holds: the overall place, or in a
 * two-winner event the event-level NS/EW ranking.  In a one-session event
 * the session-1 ranking is the event's result (the JSON form the bodies
 * use: rankings [{session 1, direction, place}]), so it stands in when
 * there is no event-level one (rulings U-21). */
static const bmp_ranking_entry *direction_ranking(const bmp_event *ev, const bmp_contestant *c)
{
    for (int s = 0; s <= (ev->sessions <= 1 ? 1 : 0); s++)
        for (size_t r = 0; r < c->nrankings; r++)
            if (c->rankings[r].direction && c->rankings[r].session == s)
                return &c->rankings[r];
    return NULL;
}

/* The one-field place: the overall place, else (one session) the
 * direction-less session-1 ranking's (U-21). */
static bmp_place field_place(const bmp_event *ev, const bmp_contestant *c)
{
    if (c->place.lo > 0 || ev->sessions > 1)
        return c->place;
    for (size_t r = 0; r < c->nrankings; r++)
        if (!c->rankings[r].direction && c->rankings[r].session == 1)
            return c->rankings[r].place;
    return c->place;
}

/* A tie as the flavour writes it: "3=" (EBU) or "3" for each tied
 * contestant (Compscore, NZ Scorer; rulings UX-3). */
static void write_place(wr *w, bmp_place p)
{
    if (p.lo == 0)
        return;
    if ((p.hi > p.lo || p.tied) && w->fl->tie_equals)
        elf(w, "PLACE", "%d=", p.lo);
    else
        elf(w, "PLACE", "%d", p.lo);
}

/* The id as written: without the "A:" section qualifier the reader adds
 * (the section a group, or kept in params when ranked as one field, UX-4). */
static const char *raw_id(const bmp_contestant *c)
{
    const char *g = c->group ? c->group : bmp_params_string(&c->params, "usebio.section", NULL);
    size_t gl = g ? strlen(g) : 0;
    if (gl && strncmp(c->id, g, gl) == 0 && c->id[gl] == ':')
        return c->id + gl + 1;
    return c->id;
}

static void write_scores(wr *w, const bmp_contestant *c, bool pct_first)
{
    bool has_pct = bmp_params_has(&c->params, "usebio.percentage");
    bool has_tot = bmp_params_has(&c->params, "usebio.total_score");
    if (has_tot)
        num_el(w, "TOTAL_SCORE", bmp_params_number(&c->params, "usebio.total_score", 0));
    else if (c->has_score && !pct_first)
        num_el(w, "TOTAL_SCORE", c->score);
    if (has_pct)
        num_el(w, "PERCENTAGE", bmp_params_number(&c->params, "usebio.percentage", 0));
    else if (c->has_score && pct_first && !has_tot)
        num_el(w, "PERCENTAGE", c->score);
}

static void write_contestant(wr *w, size_t ci)
{
    const bmp_event *ev = w->ev;
    const bmp_contestant *c = &ev->contestants[ci];
    bool team = bmp_event_kind_is_teams(ev->kind);
    const bmp_ranking_entry *dr = direction_ranking(ev, c);
    if (team) {
        start(w, "TEAM");
        at(w, "TEAM_ID", raw_id(c));
        at(w, "TEAM_NAME", c->name);
        write_place(w, field_place(ev, c));
        write_scores(w, c, false);
        if (c->matches_played || c->match_wins)
            num_el(w, "WINS_OR_DRAWS", c->match_wins);
        write_mp(w, ci, true);
        for (size_t p = 0; p < c->nplayers; p++)
            write_player(w, &c->players[p]);
        end(w);
        return;
    }
    if (ev->kind == BMP_KIND_INDIVIDUAL) {
        start(w, "PLAYER");
        el(w, "PLAYER_NUMBER", raw_id(c));
        const bmp_player *p = c->nplayers ? &c->players[0] : NULL;
        el(w, "PLAYER_NAME", p && p->name ? p->name : c->name ? c->name : "");
        el(w, "NATIONAL_ID_NUMBER", p && p->id ? p->id : "");
        write_scores(w, c, true);
        write_place(w, field_place(ev, c));
        write_mp(w, ci, false);
        end(w);
        return;
    }
    start(w, "PAIR");
    /* The number as read ("17" with DIRECTION NS, not the id "17NS"). */
    el(w, "PAIR_NUMBER", bmp_params_string(&c->params, "usebio.pair_number", raw_id(c)));
    const char *dir = dr ? dr->direction : bmp_params_string(&c->params, "usebio.direction", NULL);
    if (dir)
        el(w, "DIRECTION", dir);
    if (bmp_params_has(&c->params, "usebio.boards_played"))
        num_el(w, "BOARDS_PLAYED", bmp_params_number(&c->params, "usebio.boards_played", 0));
    write_scores(w, c, true);
    write_place(w, dr ? dr->place : field_place(ev, c));
    write_mp(w, ci, false);
    if (c->matches_played || bmp_params_has(&c->params, "usebio.wins_or_draws"))
        num_el(w, "WINS_OR_DRAWS", c->match_wins);
    for (size_t p = 0; p < c->nplayers; p++)
        write_player(w, &c->players[p]);
    if (c->phantom && c->nplayers == 0)
        for (int k = 0; k < 2; k++) {
            start(w, "PLAYER");
            el(w, "PLAYER_NAME", "PHANTOM");
            end(w);
        }
    end(w);
}

static void write_match(wr *w, const bmp_match *m)
{
    bool team = bmp_event_kind_is_teams(w->ev->kind);
    start(w, "MATCH");
    if (m->round)
        elf(w, "ROUND_NUMBER", "%d", m->round);
    el(w, team ? "TEAM" : "NS_PAIR_NUMBER", m->home);
    el(w, team ? "OPPOSING_TEAM" : "EW_PAIR_NUMBER", m->away);
    bool imps = bmp_params_has(&m->params, "usebio.home_imps");
    if (imps) {
        num_el(w, team ? "TEAM_SCORE" : "NS_SCORE", bmp_params_number(&m->params, "usebio.home_imps", 0));
        num_el(w, team ? "OPPOSING_TEAM_SCORE" : "EW_SCORE",
               bmp_params_number(&m->params, "usebio.away_imps", 0));
    }
    if (m->has_score) {
        num_el(w, imps ? (team ? "TEAM_VICTORY_POINTS" : "NS_VICTORY_POINTS")
                       : (team ? "TEAM_SCORE" : "NS_SCORE"),
               m->home_score);
        num_el(w, imps ? (team ? "OPPOSING_TEAM_VICTORY_POINTS" : "EW_VICTORY_POINTS")
                       : (team ? "OPPOSING_TEAM_SCORE" : "EW_SCORE"),
               m->away_score);
    }
    end(w);
}

/* Header elements the reader kept verbatim ("usebio.venue" -> VENUE; the
 * 1.3 ACBL additions) go back out unchanged, except the reader's own notes. */
static void write_passthrough(wr *w)
{
    static const char *const own[] = {"usebio.version", "usebio.encoding",
                                      "usebio.places_rebuilt", "usebio.tables_stated",
                                      "usebio.program_name", "usebio.program_version",
                                      /* mapped by the reader and written above under
                                       * their own element names (never twice, never
                                       * as invented CLUB_ID, SCORING, COLOUR ...) */
                                      "usebio.club_name", "usebio.club_id", "usebio.scoring",
                                      "usebio.match_scoring", "usebio.description",
                                      "usebio.event_id", "usebio.master_point_scale",
                                      "usebio.master_point_type", "usebio.colour",
                                      "usebio.charge_code", "usebio.event_type",
                                      "usebio.table_count", NULL};
    const bmp_params *p = &w->ev->params;
    for (size_t i = 0; i < p->count; i++) {
        const char *k = p->items[i].key;
        if (strncmp(k, "usebio.", 7) != 0 || p->items[i].type != BMP_PARAM_STRING)
            continue;
        bool skip = false;
        for (size_t j = 0; own[j]; j++)
            skip |= strcmp(k, own[j]) == 0;
        char name[96];
        size_t n = 0;
        for (const char *c = k + 7; *c && n + 1 < sizeof name; c++) {
            if (!(isalnum((unsigned char)*c) || *c == '_'))
                skip = true;
            name[n++] = (char)toupper((unsigned char)*c);
        }
        name[n] = '\0';
        if (!skip && n && !isdigit((unsigned char)name[0]))
            el(w, name, p->items[i].string);
    }
}

static bool in_group(const bmp_contestant *c, const char *g)
{
    return g ? (c->group && strcmp(c->group, g) == 0) : c->group == NULL;
}

/* The section of a contestant ranked across sections (UX-4): no group,
 * the section kept in params. */
static const char *field_section(const bmp_contestant *c)
{
    return c->group ? NULL : bmp_params_string(&c->params, "usebio.section", NULL);
}

static void write_section(wr *w, const char *name, bool by_param)
{
    const bmp_event *ev = w->ev;
    start(w, "SECTION");
    at(w, "SECTION_ID", name);
    start(w, "PARTICIPANTS");
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        const char *fs = field_section(c);
        if (by_param ? fs && strcmp(fs, name) == 0 : in_group(c, name))
            write_contestant(w, i);
    }
    end(w);
    end(w);
}

/* UX-4: the sections of one field, each once, in order of first pair. */
static void write_field_sections(wr *w)
{
    const bmp_event *ev = w->ev;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const char *fs = field_section(&ev->contestants[i]);
        bool seen = false;
        for (size_t j = 0; fs && j < i && !seen; j++) {
            const char *f2 = field_section(&ev->contestants[j]);
            seen = f2 && strcmp(f2, fs) == 0;
        }
        if (fs && !seen)
            write_section(w, fs, true);
    }
}

static void write_event(wr *w, bool any_awards)
{
    const bmp_event *ev = w->ev;
    const bmp_params *p = &ev->params;
    start(w, "USEBIO");
    at(w, "Version", "1.2");
    const char *club = bmp_params_string(p, "usebio.club_name", NULL);
    /* Identity: typed fields (older JSON files carried usebio.* params);
     * an id the reader took from a 1.3 ACBL element goes back out only
     * there (write_passthrough), not repeated under a second name. */
    const char *club_id =
        ev->organiser ? ev->organiser : bmp_params_string(p, "usebio.club_id", NULL);
    if (club_id && strcmp(club_id, bmp_params_string(p, "usebio.acbl_club_number", "")) == 0)
        club_id = NULL;
    const char *charge =
        ev->sanction ? ev->sanction : bmp_params_string(p, "usebio.charge_code", NULL);
    if (charge && strcmp(charge, bmp_params_string(p, "usebio.acbl_sanction_number", "")) == 0)
        charge = NULL;
    if (club || club_id) {
        start(w, "CLUB");
        el(w, "CLUB_NAME", club);
        el(w, "CLUB_ID_NUMBER", club_id);
        end(w);
    }
    start(w, "EVENT");
    at(w, "EVENT_TYPE", event_type_as_read(ev));
    el(w, "EVENT_IDENTIFIER",
       ev->event_id ? ev->event_id : bmp_params_string(p, "usebio.event_id", NULL));
    el(w, "EVENT_DESCRIPTION", bmp_params_string(p, "usebio.description", NULL));
    el(w, "PROGRAM_NAME", "bridgemp");
    el(w, "PROGRAM_VERSION", bmp_version());
    el(w, "TITLE", ev->name);
    if (ev->date && strlen(ev->date) == 10)
        elf(w, "DATE", "%.2s/%.2s/%.4s", ev->date + 8, ev->date + 5, ev->date);
    if (ev->movement != BMP_MOVEMENT_UNSPECIFIED)
        el(w, "WINNER_TYPE", ev->movement == BMP_MOVEMENT_TWO_WINNER ? "2" : "1");
    el(w, "BOARD_SCORING_METHOD", bmp_params_string(p, "usebio.scoring", NULL));
    el(w, "MATCH_SCORING_METHOD", bmp_params_string(p, "usebio.match_scoring", NULL));
    const char *scale = bmp_params_string(p, "usebio.master_point_scale", NULL);
    char scale_buf[16];
    const bmp_rules *rules = bmp_rules_find(ev->body);
    if (!scale && rules && rules->usebio_status_scales && ev->status &&
        strlen(ev->status) > 1 && strlen(ev->status) < sizeof scale_buf) {
        /* EBU status -> MASTER_POINT_SCALE "Club" ... (rulings U-19). */
        for (const char *const *k = rules->usebio_status_scales; *k; k++)
            if (strcasecmp(ev->status, *k) == 0)
                scale = strcpy(scale_buf, *k);
    }
    el(w, "MASTER_POINT_SCALE", scale);
    if (any_awards || bmp_params_has(p, "usebio.mps_awarded"))
        el(w, "MPS_AWARDED_FLAG", any_awards || bmp_params_bool(p, "usebio.mps_awarded", false) ? "Y" : "N");
    elf(w, "SESSION_COUNT", "%d", ev->sessions > 0 ? ev->sessions : 1);
    if (ev->ngroups)
        elf(w, "SECTION_COUNT", "%zu", ev->ngroups);
    if (ev->boards)
        elf(w, "BOARDS_PLAYED", "%d", ev->boards);
    if (ev->boards_per_match)
        elf(w, "BOARDS_PER_ROUND", "%d", ev->boards_per_match);
    if (io_usebio_unlisted_tables(ev))
        elf(w, "TABLE_COUNT", "%.15g", ev->tables);
    el(w, "P2P_CHARGE_RATE", charge);
    el(w, "MASTER_POINT_TYPE", bmp_params_string(p, "usebio.master_point_type", NULL));
    write_passthrough(w);
    /* Contestants without a group at event level; each group as a SECTION. */
    bool any_ungrouped = false;
    for (size_t i = 0; i < ev->ncontestants; i++)
        any_ungrouped |= ev->contestants[i].group == NULL && !field_section(&ev->contestants[i]);
    if (any_ungrouped || ev->ncontestants == 0) {
        start(w, "PARTICIPANTS");
        at(w, "EVENT_TYPE", event_type_as_read(ev));
        for (size_t i = 0; i < ev->ncontestants; i++)
            if (in_group(&ev->contestants[i], NULL) && !field_section(&ev->contestants[i]))
                write_contestant(w, i);
        end(w);
    }
    for (size_t g = 0; g < ev->ngroups; g++)
        write_section(w, ev->groups[g].name, false);
    write_field_sections(w);
    for (size_t m = 0; m < ev->nmatches; m++)
        write_match(w, &ev->matches[m]);
    end(w); /* EVENT */
    end(w); /* USEBIO */
}

bmp_status bmp_usebio_write(const bmp_event *ev, const bmp_awards *aw, bmp_usebio_mp_form form,
                            char **out, size_t *len, bmp_error *err)
{
    bmp_usebio_write_opts wo = {.form = form};
    return bmp_usebio_write_with(ev, aw, &wo, out, len, err);
}

/* What a USEBIO file can hold: a body and a name, a kind with an
 * EVENT_TYPE, and groups that are sections (the 1.3 stratification
 * elements are not published, ecosystem.md §2.3, so a stratum or flight is
 * refused rather than written as a section: rulings U-13). */
static bmp_status check_writable(const bmp_event *ev, bmp_error *err)
{
    if (!ev || !ev->body || !ev->name)
        return bmp_error_set(err, BMP_EINVAL, "USEBIO writer: the event needs a body and a name");
    if (!event_type(ev->kind))
        return bmp_error_set(err, BMP_EINVAL, "USEBIO writer: no EVENT_TYPE for kind \"%s\"",
                             bmp_event_kind_name(ev->kind));
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const char *gn = ev->contestants[i].group;
        const bmp_group *g = gn ? bmp_event_group(ev, gn) : NULL;
        if (gn && !g)
            return bmp_error_set(err, BMP_EINVAL, "contestant \"%s\": no group \"%s\"",
                                 ev->contestants[i].id, gn);
        if (g && g->type && strcmp(g->type, "section") != 0)
            return bmp_error_set(err, BMP_EINVAL,
                                 "contestant \"%s\" is in %s \"%s\": USEBIO can only group "
                                 "contestants by SECTION (keep this event as JSON)",
                                 ev->contestants[i].id, g->type, gn);
    }
    return BMP_OK;
}

/* Each contestant's awards by colour; the flat form holds one colour. */
static bmp_status collect_awards(wr *w, const bmp_awards *aw)
{
    const bmp_event *ev = w->ev;
    w->mp = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *w->mp);
    if (!w->mp)
        return bmp_error_oom(w->err);
    bmp_status st = io_usebio_collect(ev, aw, w->mp, w->err);
    for (size_t i = 0; !st && w->form == BMP_USEBIO_MP_FLAT && i < ev->ncontestants; i++)
        if (w->mp[i].n > 1)
            st = bmp_error_set(w->err, BMP_EINVAL,
                               "contestant \"%s\" has awards in %zu colours: the flat "
                               "MASTER_POINTS form holds one (use the nested form)",
                               ev->contestants[i].id, w->mp[i].n);
    return st;
}

/* The document through libxml2's text writer into buf; w->rc < 0 when
 * it failed (-2: a character XML 1.0 cannot carry). */
static bmp_status write_document(wr *w, xmlBufferPtr buf)
{
    w->w = xmlNewTextWriterMemory(buf, 0);
    if (!w->w)
        return bmp_error_oom(w->err);
    xmlTextWriterSetIndent(w->w, 1);
    xmlTextWriterSetIndentString(w->w, BAD_CAST "  ");
    w->rc = xmlTextWriterStartDocument(w->w, "1.0", "UTF-8", NULL);
    bool any = false;
    for (size_t i = 0; i < w->ev->ncontestants; i++)
        any |= w->mp[i].n > 0;
    write_event(w, any);
    if (w->rc >= 0)
        w->rc = xmlTextWriterEndDocument(w->w);
    xmlFreeTextWriter(w->w); /* flushes into buf */
    if (w->rc == -2)
        return bmp_error_set(w->err, BMP_EINVAL,
                             "USEBIO writer: %s holds a character XML 1.0 cannot carry (a "
                             "control character or U+FFFE/U+FFFF)",
                             w->bad);
    if (w->rc < 0)
        return bmp_error_set(w->err, BMP_EINVAL,
                             "USEBIO writer: libxml2 could not write the document (a text "
                             "field is not valid UTF-8?)");
    return BMP_OK;
}

bmp_status bmp_usebio_write_with(const bmp_event *ev, const bmp_awards *aw,
                                 const bmp_usebio_write_opts *wo, char **out, size_t *len,
                                 bmp_error *err)
{
    *out = NULL;
    if (len)
        *len = 0;
    bmp_usebio_mp_form form = wo ? wo->form : BMP_USEBIO_MP_DEFAULT;
    const char *flavour = wo ? wo->flavour : NULL;
    bmp_status st = io_usebio_flavour_check(flavour, err);
    if (st || (st = check_writable(ev, err)))
        return st;
    wr w = {.ev = ev, .err = err, .form = form, .awarded = aw != NULL,
            .numbered = io_event_numbered(ev),
            .fl = io_usebio_flavour_find(flavour, ev->body)};
    xmlBufferPtr buf = NULL;
    io_xml_init();
    if (!(st = collect_awards(&w, aw)))
        st = (buf = xmlBufferCreate()) ? write_document(&w, buf) : bmp_error_oom(err);
    free(w.mp);
    if (!st) {
        size_t n = (size_t)xmlBufferLength(buf);
        if ((*out = malloc(n + 1))) {
            memcpy(*out, xmlBufferContent(buf), n);
            (*out)[n] = '\0';
            if (len)
                *len = n;
        } else {
            st = bmp_error_oom(err);
        }
    }
    if (buf)
        xmlBufferFree(buf);
    return st;
}

bmp_status bmp_usebio_write_file(const bmp_event *ev, const bmp_awards *aw,
                                 bmp_usebio_mp_form form, const char *path, bmp_error *err)
{
    char *doc;
    size_t len;
    bmp_status st = bmp_usebio_write(ev, aw, form, &doc, &len, err);
    if (st)
        return st;
    st = bmp_file_write_atomic(path, doc, len, err);
    free(doc);
    return st;
}
