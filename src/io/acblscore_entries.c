/* ACBLscore game files: a section's entries and their players (layout in
 * docs/acblscore.md, after Kidd's "ACBLscore Game Files Decoded").
 *
 * Section details +4: four u32 entry index tables (by direction: N, E, S,
 * W; a Howell's by the direction its pair number maps to); an index table
 * has at +6 its highest entry and, for slot k, +0x0c + 8k: u16 number,
 * u16 players, u32 the entry.  Pair numbers map to slots at +0xdd: a
 * Mitchell's at +0x17d + 4(pair-1) + direction, a Howell's at +0x12d +
 * 2(pair-1): (slot, direction).
 *
 * An entry: +0 u16 its length (0xa2 + 120 per player), +0x14 i32 final
 * score (hundredths), +0x1c u16 per cent (hundredths), +0x1e strat,
 * +0x33 eligibility, +0x34 the entry's awards, +0x5e three 20-byte
 * rankings (one per strat: u16 section place low/high, overall low/high,
 * -, place in the section), +0xa4 the players (120 bytes each: names,
 * +0x36 ACBL number, +0x48 three award sets of three (u16 hundredths, u8
 * colour, u8 reason: >= 10 overall, the rest the strat), +0x71 u16 their
 * masterpoints, +0x73 rank letter). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/acblscore_internal.h"

#define ACS_PLAYER_SIZE 120
#define ACS_ENTRY_FIXED 0xa2
#define ACS_MITCHELL_MAX 40 /* the slot map holds 4 x 40 bytes */
#define ACS_HOWELL_MAX 80   /* 2 x 80 bytes */

/* One award set (three lines of 4 bytes) at q. */
static size_t read_award_set(acs_rd *r, size_t q, const bmp_acblscore_event *ev,
                             bmp_acblscore_award *out, const char *what)
{
    size_t n = 0;
    for (size_t j = 0; j < BMP_ACBLSCORE_MAX_AWARDS && !r->st; j++) {
        unsigned mp = acs_u16(r, q + 4 * j, what);
        unsigned colour = acs_u8(r, q + 4 * j + 2, what);
        unsigned reason = acs_u8(r, q + 4 * j + 3, what);
        if (!mp && j == 0 && !acs_u16(r, q + 4, what))
            break;
        if (!mp)
            continue;
        bmp_acblscore_award *a = &out[n++];
        a->points = mp;
        a->colour_code = (int)colour;
        a->colour = acs_colour_name((int)colour);
        a->overall = reason >= 10;
        unsigned k = reason % 10;
        a->strat = k >= 1 && k <= ev->nstrats ? ev->strats[k - 1].letter : 0;
    }
    return n;
}

static void read_player(acs_rd *r, size_t q, const bmp_acblscore_event *ev,
                        bmp_acblscore_player *pl, const char *what)
{
    if (!acs_need(r, q, ACS_PLAYER_SIZE, what))
        return;
    acs_str(r, q, 16, pl->last, sizeof pl->last, what);
    acs_str(r, q + 0x11, 16, pl->first, sizeof pl->first, what);
    acs_str(r, q + 0x22, 16, pl->city, sizeof pl->city, what);
    acs_str(r, q + 0x33, 2, pl->state, sizeof pl->state, what);
    acs_str(r, q + 0x36, 7, pl->number, sizeof pl->number, what);
    pl->section_awards[0].points = 0;
    pl->nsection_awards = read_award_set(r, q + 0x48 + 12, ev, pl->section_awards, what);
    pl->nawards = read_award_set(r, q + 0x48 + 24, ev, pl->awards, what);
    pl->masterpoints = (int)acs_u16(r, q + 0x71, what);
    unsigned c = acs_u8(r, q + 0x73, what);
    pl->rank_letter = (char)(c >= 'A' && c <= 'Z' ? c : ' ');
}

/* The entry at e (what names it). */
static void read_entry(acs_rd *r, size_t e, const bmp_acblscore_event *ev, bmp_acblscore_entry *en,
                       unsigned nplayers, const char *what)
{
    en->offset = (uint32_t)e;
    unsigned len = acs_u16(r, e, what);
    if (r->st)
        return;
    if (len < ACS_ENTRY_FIXED + ACS_PLAYER_SIZE) {
        char msg[80];
        snprintf(msg, sizeof msg, "length %u is too short for an entry", len);
        acs_fail(r, e, what, msg);
        return;
    }
    if (!acs_need(r, e, (size_t)len + 2, what)) /* the length leaves out its own 2 bytes */
        return;
    unsigned np = nplayers ? nplayers : (len - ACS_ENTRY_FIXED) / ACS_PLAYER_SIZE;
    if (np > BMP_ACBLSCORE_MAX_PLAYERS || ACS_ENTRY_FIXED + 2 + np * ACS_PLAYER_SIZE > len + 2) {
        char msg[80];
        snprintf(msg, sizeof msg, "%u players do not fit its length %u", np, len);
        acs_fail(r, e, what, msg);
        return;
    }
    en->score = acs_i32(r, e + 0x14, what);
    en->percentage = (int)acs_u16(r, e + 0x1c, what);
    en->strat = (int)acs_u8(r, e + 0x1e, what);
    en->eligibility = (int)acs_u8(r, e + 0x33, what);
    for (size_t k = 0; k < BMP_ACBLSCORE_MAX_STRATS; k++) {
        size_t q = e + 0x5e + 20 * k;
        bmp_acblscore_rank *rk = &en->ranks[k];
        rk->section_lo = (int)acs_u16(r, q, what);
        rk->section_hi = (int)acs_u16(r, q + 2, what);
        rk->overall_lo = (int)acs_u16(r, q + 4, what);
        rk->overall_hi = (int)acs_u16(r, q + 6, what);
        rk->in_section = (int)acs_u16(r, q + 10, what);
    }
    for (unsigned i = 0; i < np && !r->st; i++) {
        bmp_acblscore_player *pl = &en->players[en->nplayers];
        read_player(r, e + 0xa4 + (size_t)i * ACS_PLAYER_SIZE, ev, pl, what);
        if (np <= 2 || pl->last[0] || pl->first[0] || pl->number[0])
            en->nplayers++;
        else
            memset(pl, 0, sizeof *pl);
    }
}

/* The entry of slot `slot` of the index table at idx; 0 if none. */
static uint32_t slot_entry(acs_rd *r, uint32_t idx, unsigned slot, const char *what)
{
    if (!idx)
        return 0;
    return acs_u32(r, (size_t)idx + 0x10 + 8 * (size_t)slot, what);
}

static bool grow(acs_rd *r, bmp_acblscore_section *s, size_t *cap)
{
    if (s->nentries < *cap)
        return true;
    size_t c = *cap ? 2 * *cap : 16;
    bmp_acblscore_entry *v = realloc(s->entries, c * sizeof *v);
    if (!v) {
        r->st = bmp_error_oom(r->err);
        return false;
    }
    memset(v + *cap, 0, (c - *cap) * sizeof *v);
    s->entries = v;
    *cap = c;
    return true;
}

/* A pair (or individual) section: each pair number in each direction, the
 * phantom and empty slots (per cent 0) left out. */
static void read_pairs(acs_rd *r, const bmp_acblscore_event *ev, bmp_acblscore_section *s,
                       const uint32_t idx[4])
{
    bool howell = s->movement == 1 || s->movement == 7;
    int max = howell ? ACS_HOWELL_MAX : ACS_MITCHELL_MAX;
    char what[96];
    snprintf(what, sizeof what, "section details of section %s", s->letter);
    if (s->highest_pair > max) {
        char msg[80];
        snprintf(msg, sizeof msg, "highest pair number %d (at most %d)", s->highest_pair, max);
        acs_fail(r, s->offset + 0x1b, what, msg);
        return;
    }
    unsigned maxent[2] = {idx[0] ? acs_u8(r, idx[0] + 6, "an entry index table") : 0,
                          idx[1] ? acs_u8(r, idx[1] + 6, "an entry index table") : 0};
    size_t cap = 0;
    int ndir = howell ? 1 : 2;
    for (int pn = 1; pn <= s->highest_pair && !r->st; pn++)
        for (int j = 0; j < ndir && !r->st; j++) {
            if ((!howell && ((pn == s->phantom && j == 0) || (pn == -s->phantom && j == 1))) ||
                (howell && pn == s->phantom) || (!howell && (unsigned)pn > maxent[j]))
                continue;
            unsigned slot, dir = (unsigned)j;
            if (howell) {
                slot = acs_u8(r, s->offset + 0x12d + 2 * (size_t)(pn - 1), what);
                dir = acs_u8(r, s->offset + 0x12e + 2 * (size_t)(pn - 1), what);
                dir = dir >= 1 && dir <= 4 ? dir - 1 : 0;
            } else {
                slot = acs_u8(r, s->offset + 0x17d + 4 * (size_t)(pn - 1) + (size_t)j, what);
            }
            char ew[96];
            snprintf(ew, sizeof ew, "entry index of section %s", s->letter);
            uint32_t e = slot_entry(r, idx[dir], slot, ew);
            if (!e || r->st || acs_u16(r, (size_t)e + 0x1c, ew) == 0 || !grow(r, s, &cap))
                continue;
            bmp_acblscore_entry *en = &s->entries[s->nentries];
            en->number = pn;
            snprintf(en->direction, sizeof en->direction, "%s", howell ? "" : j ? "EW" : "NS");
            snprintf(what, sizeof what, "pair entry %d%s of section %s", pn, en->direction,
                     s->letter);
            read_entry(r, e, ev, en, 0, what);
            s->nentries++;
            snprintf(what, sizeof what, "section details of section %s", s->letter);
        }
}

/* A team section: index table 0 lists the teams (number, players, entry). */
static void read_teams(acs_rd *r, const bmp_acblscore_event *ev, bmp_acblscore_section *s,
                       uint32_t idx)
{
    char what[96];
    snprintf(what, sizeof what, "team index of section %s", s->letter);
    unsigned nteams = idx ? acs_u8(r, idx + 6, what) : 0;
    size_t cap = 0;
    for (unsigned i = 0; i < nteams && !r->st; i++) {
        size_t t = (size_t)idx + 0x14 + 8 * (size_t)i;
        unsigned no = acs_u16(r, t, what), np = acs_u16(r, t + 2, what);
        uint32_t e = acs_u32(r, t + 4, what);
        if (!e || r->st || !grow(r, s, &cap))
            continue;
        bmp_acblscore_entry *en = &s->entries[s->nentries++];
        en->number = (int)no;
        snprintf(what, sizeof what, "team entry %u of section %s", no, s->letter);
        read_entry(r, e, ev, en, np ? np : 0, what);
        snprintf(what, sizeof what, "team index of section %s", s->letter);
    }
}

bool acs_read_entries(acs_rd *r, const bmp_acblscore_event *ev, bmp_acblscore_section *s)
{
    char what[96];
    snprintf(what, sizeof what, "section details of section %s", s->letter);
    uint32_t idx[4];
    for (size_t k = 0; k < 4; k++)
        idx[k] = acs_u32(r, s->offset + 4 + 4 * k, what);
    if (r->st)
        return false;
    bool howell = s->movement == 1 || s->movement == 7;
    if (ev->type == 2 && !howell) { /* four directions: no such file seen yet */
        r->st = bmp_error_set(r->err, BMP_ENOTSUP,
                              "%s: offset 0x%x: section details of section %s: not supported: "
                              "an individual event's Mitchell section (four directions) is not "
                              "read yet (docs/acblscore.md)",
                              r->src, (unsigned)s->offset, s->letter);
        return false;
    }
    if (ev->type == 1 || ev->type == 4)
        read_teams(r, ev, s, idx[0]);
    else
        read_pairs(r, ev, s, idx);
    return !r->st;
}
