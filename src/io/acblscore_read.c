/* ACBLscore game files: the header, the events and their sections
 * (bridgemp/acblscore.h, docs/acblscore.md; the layout after Matthew
 * Kidd's public description "ACBLscore Game Files Decoded").  Little
 * endian throughout; every read is checked against the file's size.
 *
 *   0x000  magic 12 0a 03 'A' 'C' '3'
 *   0x012  50 x u32: the event details structures (0: no event)
 *   0x0da  50 x u8: event type; 0x10c  50 x u8: scoring
 *   0x13e  100 section summaries of 22 bytes: +0 event id (1-based),
 *          +1 letter (length-prefixed, 2), +4 u32 section details, +0x11
 *          and +0x12 the previous and next section ranked together
 *   0x9db  u16 ACBLscore version x 100 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/acblscore_internal.h"

#define ACS_MAX_EVENTS 50
#define ACS_MAX_SECTIONS 100
#define ACS_SUMMARY 0x13e
#define ACS_SUMMARY_SIZE 22
#define ACS_STRAT 0xd4
#define ACS_STRAT_SIZE 95

bool bmp_acblscore_sniff(const void *data, size_t len)
{
    return data && len >= 6 && memcmp(data, "\x12\x0a\x03" "AC3", 6) == 0;
}

bool bmp_acblscore_name(const char *name)
{
    static const char *const ext[] = {".aca", ".acm", ".ace", ".acl"};
    size_t n = name ? strlen(name) : 0;
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
        if (n > 4 && strcasecmp(name + n - 4, ext[i]) == 0)
            return true;
    return false;
}

/* One strat structure (95 bytes): +0x10 u16 first overall award
 * (hundredths), +0x18 u16 overall depth, +0x1e/+0x20 u16 masterpoint
 * limits, +0x22 the letter. */
static void read_strat(acs_rd *r, size_t p, size_t i, bmp_acblscore_strat *s)
{
    char what[64];
    snprintf(what, sizeof what, "strat %zu of the event at 0x%zx", i + 1, p);
    size_t q = p + ACS_STRAT + i * ACS_STRAT_SIZE;
    if (!acs_need(r, q, ACS_STRAT_SIZE, what))
        return;
    s->first_overall = acs_u16(r, q + 0x10, what);
    s->overall_depth = (int)acs_u16(r, q + 0x18, what);
    s->min_mp = (int)acs_u16(r, q + 0x1e, what);
    s->max_mp = (int)acs_u16(r, q + 0x20, what);
    unsigned c = acs_u8(r, q + 0x22, what);
    s->letter = (char)(c >= 'A' && c <= 'Z' ? c : '?');
}

/* The event details structure at p (strings are length-prefixed). */
static void read_event_details(acs_rd *r, size_t p, bmp_acblscore_event *ev)
{
    char what[64];
    snprintf(what, sizeof what, "event details of event %d", ev->id);
    if (!acs_need(r, p, 0x2cb, what))
        return;
    acs_str(r, p + 0x04, 25, ev->name, sizeof ev->name, what);
    acs_str(r, p + 0x1e, 13, ev->session_name, sizeof ev->session_name, what);
    acs_str(r, p + 0x2c, 16, ev->director, sizeof ev->director, what);
    acs_str(r, p + 0x3d, 10, ev->sanction, sizeof ev->sanction, what);
    acs_str(r, p + 0x48, 19, ev->date_text, sizeof ev->date_text, what);
    acs_str(r, p + 0x5c, 25, ev->club_name, sizeof ev->club_name, what);
    acs_str(r, p + 0x76, 6, ev->event_code, sizeof ev->event_code, what);
    ev->rating = (int)acs_u8(r, p + 0x88, what);
    ev->rating_name = acs_rating_name(ev->rating);
    ev->session = (int)acs_u8(r, p + 0x8c, what);
    ev->club_session = (int)acs_u8(r, p + 0x95, what);
    ev->tournament = ev->club_session == 0;
    ev->nsessions = (int)acs_u8(r, p + 0x9f, what);
    if (!ev->tournament) {
        acs_str(r, p + 0xb0, 6, ev->club_number, sizeof ev->club_number, what);
        ev->club_game_type = (int)acs_u8(r, p + 0xa1, what);
        ev->club_game_type_name = acs_club_game_type_name(ev->club_game_type);
    }
    unsigned ns = acs_u8(r, p + 0x9e, what);
    if (!r->st && ns > BMP_ACBLSCORE_MAX_STRATS) {
        char msg[80];
        snprintf(msg, sizeof msg, "%u strats (at most %d)", ns, BMP_ACBLSCORE_MAX_STRATS);
        acs_fail(r, p + 0x9e, what, msg);
        return;
    }
    for (size_t i = 0; i < ns && !r->st; i++)
        read_strat(r, p, i, &ev->strats[ev->nstrats++]);
    if (!acs_iso_date(ev->date_text, ev->date))
        ev->date[0] = '\0';
}

/* One section summary's section of ev: its details structure. */
static void read_section(acs_rd *r, size_t sum, bmp_acblscore_event *ev)
{
    bmp_acblscore_section *s = &ev->sections[ev->nsections];
    char what[64];
    s->summary = (int)((sum - ACS_SUMMARY) / ACS_SUMMARY_SIZE + 1);
    snprintf(what, sizeof what, "section summary %d", s->summary);
    acs_str(r, sum + 1, 2, s->letter, sizeof s->letter, what);
    /* +0x11: the section before it among those ranked together (0: none) */
    s->ranked_with = s->summary;
    for (int k = 0; k < ACS_MAX_SECTIONS && !r->st; k++) {
        unsigned prev = acs_u8(r, ACS_SUMMARY + (size_t)(s->ranked_with - 1) * ACS_SUMMARY_SIZE +
                                      0x11, what);
        if (!prev || prev > ACS_MAX_SECTIONS)
            break;
        s->ranked_with = (int)prev;
    }
    uint32_t q = acs_u32(r, sum + 4, what);
    if (r->st)
        return;
    snprintf(what, sizeof what, "section details of section %s", s->letter);
    if (!acs_need(r, q, 0x241, what))
        return;
    s->offset = q;
    s->movement = (int)acs_u8(r, q + 0x18, what);
    s->movement_name = acs_movement_name(s->movement);
    s->boards = (int)acs_u16(r, q + 0x19, what);
    s->highest_pair = (int)acs_u16(r, q + 0x1b, what);
    unsigned ph = acs_u8(r, q + 0x43, what);
    s->phantom = ph < 128 ? (int)ph : (int)ph - 256;
    s->tables = (int)acs_u16(r, q + 0x48, what);
    ev->nsections++;
    acs_read_entries(r, ev, s);
}

static void read_sections(acs_rd *r, bmp_acblscore_event *ev)
{
    size_t n = 0;
    for (size_t i = 0; i < ACS_MAX_SECTIONS; i++)
        n += acs_u8(r, ACS_SUMMARY + i * ACS_SUMMARY_SIZE, "section summaries") == (unsigned)ev->id;
    if (r->st)
        return;
    ev->sections = calloc(n ? n : 1, sizeof *ev->sections);
    if (!ev->sections) {
        r->st = bmp_error_oom(r->err);
        return;
    }
    for (size_t i = 0; i < ACS_MAX_SECTIONS && !r->st; i++) {
        size_t sum = ACS_SUMMARY + i * ACS_SUMMARY_SIZE;
        if (acs_u8(r, sum, "section summaries") == (unsigned)ev->id)
            read_section(r, sum, ev);
    }
}

void bmp_acblscore_free(bmp_acblscore_file *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nevents; i++) {
        for (size_t k = 0; k < f->events[i].nsections; k++)
            free(f->events[i].sections[k].entries);
        free(f->events[i].sections);
    }
    free(f->events);
    free(f);
}

static void read_events(acs_rd *r, bmp_acblscore_file *f)
{
    for (int i = 0; i < ACS_MAX_EVENTS && !r->st; i++) {
        uint32_t p = acs_u32(r, 0x12 + 4 * (size_t)i, "the event table");
        if (!p)
            continue;
        bmp_acblscore_event *ev = &f->events[f->nevents++];
        ev->id = i + 1;
        ev->offset = p;
        ev->type = (int)acs_u8(r, 0xda + (size_t)i, "the event types");
        ev->type_name = acs_event_type_name(ev->type);
        ev->scoring = (int)acs_u8(r, 0x10c + (size_t)i, "the event scoring methods");
        ev->scoring_name = acs_scoring_name(ev->scoring);
        read_event_details(r, p, ev);
        if (!r->st)
            read_sections(r, ev);
    }
}

bmp_status bmp_acblscore_read_memory(const void *data, size_t len, const char *source_name,
                                     bmp_acblscore_file **out, bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<memory>";
    if (!bmp_acblscore_sniff(data, len))
        return bmp_error_set(err, BMP_EPARSE, "%s: not an ACBLscore game file (no AC3 magic)",
                             src);
    acs_rd r = {data, len, src, err, BMP_OK};
    bmp_acblscore_file *f = calloc(1, sizeof *f);
    if (f)
        f->events = calloc(ACS_MAX_EVENTS, sizeof *f->events);
    if (!f || !f->events) {
        free(f);
        return bmp_error_oom(err);
    }
    f->size = len;
    f->version = (int)acs_u16(&r, 0x9db, "the file header");
    if (!r.st)
        read_events(&r, f);
    if (!r.st && !f->nevents)
        acs_fail(&r, 0x12, "the event table", "no event in the file");
    if (r.st) {
        bmp_acblscore_free(f);
        return r.st;
    }
    *out = f;
    return BMP_OK;
}
