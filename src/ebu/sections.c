/* EBU events played in two or more sections (3.8, EBU-37) and leagues with
 * geographic sub-divisions (4.8.9, EBU-99).
 *
 * An event whose contestants belong to groups of type "section" (places
 * within each section) is awarded within each separate section (3.8.2):
 * each section is run as an event of its own (its contestants, its tables,
 * its matches) and its awards, notes and reasons are put back on the
 * whole event's contestants, marked with the section.  A later stage or
 * final in sections shares the original entry pro rata (4.2.11, EBU-62).
 * A league division sub-divided 2A, 2B is such an event: each
 * sub-division has Division 2's figures (4.8.9).
 *
 * An event ranked across its sections (no section groups) declares its
 * sections with params.field_sections; it is one field only under 3.8.1
 * (same boards, scored by match points), and never for teams or other
 * non-match-pointed events (3.8.2).  Rulings EM-1 .. EM-5. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/util.h"
#include "ebu/award_ctx.h"

static bool is_section(const bmp_group *g)
{
    return g->type && strcasecmp(g->type, "section") == 0;
}

static size_t section_count(const bmp_event *ev)
{
    size_t n = 0;
    for (size_t g = 0; g < ev->ngroups; g++)
        n += is_section(&ev->groups[g]);
    return n;
}

/* The section group of contestant ct, or NULL. */
static const bmp_group *section_of(const bmp_event *ev, const bmp_contestant *ct)
{
    const bmp_group *g = ct && ct->group ? bmp_event_group(ev, ct->group) : NULL;
    return g && is_section(g) ? g : NULL;
}

/* Teams, team-like and Swiss pairs events are never match-pointed across
 * a field (3.8.2); pairs and individual events are, unless declared not. */
static bool match_pointed(const bmp_event *ev)
{
    if (ev->kind != BMP_KIND_PAIRS && ev->kind != BMP_KIND_INDIVIDUAL)
        return false;
    return bmp_params_bool(&ev->params, "match_pointed", true);
}

static const char *kind_text(const bmp_event *ev)
{
    if (ev->kind == BMP_KIND_SWISS_PAIRS)
        return "a Swiss pairs event (scored by victory points)";
    if (ev->kind == BMP_KIND_PAIRS || ev->kind == BMP_KIND_INDIVIDUAL)
        return "an event not scored by match points";
    return "a teams event";
}

/* 3.8.1 (EBU-37): an event ranked across its params.field_sections
 * sections is one field only if the same boards are played in each and it
 * is scored overall by match points; 3.8.2: never for teams or any other
 * non-match-pointed event (ruling EM-2). */
static bmp_status one_field(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    int n = (int)bmp_params_number(&ev->params, "field_sections", 1);
    if (n < 2)
        return BMP_OK;
    if (bmp_params_has(&ev->params, "sections") || bmp_params_has(&ev->params, "section"))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.field_sections: sections of differing status compete "
                             "only among themselves (4.9.3) and are never one field (3.8.1, "
                             "EBU-37)");
    if (!match_pointed(ev))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.field_sections: %s in %d sections is never one field: "
                             "master points are awarded within each separate section (3.8.2, "
                             "EBU-37); give each contestant its section (groups of type "
                             "\"section\") and its place within it",
                             kind_text(ev), n);
    if (!bmp_params_bool(&ev->params, "same_boards", false))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.same_boards: %d sections are one field only if the same "
                             "boards are played in each (3.8.1 a, EBU-37): declare same_boards "
                             "true, or award each section within itself (groups of type "
                             "\"section\")",
                             n);
    return bmp_awards_note(out, err,
                           "EBU: %d sections on the same boards, scored across the field by "
                           "match points: one field of %g tables (3.8.1, EBU-37)",
                           n, ev->tables);
}

/* What cannot be split into sections, refused before any award. */
static bmp_status split_refusals(const bmp_event *ev, bmp_error *err)
{
    const bmp_params *p = &ev->params;
    const char *stage = bmp_params_string(p, "stage", "basic");
    if (bmp_params_has(p, "field_sections"))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.field_sections: this event's places are within its "
                             "section groups; an event ranked across the field has no section "
                             "groups (3.8.1, EBU-37)");
    if (bmp_params_has(p, "sections") || bmp_params_has(p, "section"))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.sections: a section of differing status is awarded as "
                             "its own event with params.section (4.9.3, EBU-100); this event "
                             "also lists section groups: give one section per event");
    if (bmp_params_has(p, "stage_tables"))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.stage_tables: the stage's tables in all sections are the "
                             "section groups' (4.2.11, EBU-62): leave stage_tables out");
    if (ev->kind == BMP_KIND_KNOCKOUT)
        return bmp_not_supported(err, "EBU knock-outs in section groups", "EBU-37", "3.8.2",
                                 "a knock-out is awarded by matches won (4.7), not by places "
                                 "within sections");
    if (strcmp(bmp_params_string(p, "points", "local"), "green") == 0)
        return bmp_not_supported(err, "EBU Green Point events in section groups", "EBU-37",
                                 "3.8.2", "Chapter 6 names each flight or final with "
                                 "params.green_section: give each as its own event");
    if (strcmp(stage, "consolation") == 0)
        return bmp_not_supported(err, "EBU consolation finals in sections", "EBU-64", "4.3.4",
                                 "the original entry C + N/3 is defined for one consolation "
                                 "field");
    return BMP_OK;
}

/* Tables of a section: its stated tables, else its contestants with
 * standing (pairs / 2, individuals / 4, teams one each; 3.3.3, 4.1.3). */
static double section_tables(const bmp_event *ev, const bmp_group *g)
{
    if (g->tables > 0)
        return g->tables;
    double per = bmp_event_kind_is_teams(ev->kind)     ? 1.0
                 : ev->kind == BMP_KIND_INDIVIDUAL ? 0.25
                                                    : 0.5;
    double t = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (!ct->phantom && !ebu_without_standing(ct) && section_of(ev, ct) == g)
            t += per;
    }
    return t;
}

/* Every contestant in a section; every match within one section (3.8.2:
 * each section competes within itself). */
static bmp_status check_members(const bmp_event *ev, bmp_error *err)
{
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (!ev->contestants[i].phantom && !section_of(ev, &ev->contestants[i]))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].group: this event is played in sections: "
                                 "expected the name of its section (a group of type "
                                 "\"section\") (3.8.2, EBU-37)", i);
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        const bmp_group *h = section_of(ev, bmp_event_contestant(ev, m->home));
        const bmp_group *a = section_of(ev, bmp_event_contestant(ev, m->away));
        if (h != a)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.matches[%zu]: a match between sections \"%s\" and \"%s\": "
                                 "master points are awarded within each separate section "
                                 "(3.8.2, EBU-37), so a match is between contestants of one "
                                 "section", k, h ? h->name : "(none)", a ? a->name : "(none)");
    }
    return BMP_OK;
}

/* Full tables of the stage in all sections (4.1.3 per section). */
static int stage_full_tables(const bmp_event *ev)
{
    int all = 0;
    for (size_t g = 0; g < ev->ngroups; g++)
        if (is_section(&ev->groups[g]))
            all += (int)(section_tables(ev, &ev->groups[g]) + 1e-9);
    return all;
}

/* One section as an event of its own: shallow copies of its contestants
 * and matches; map[] takes its contestant indices back to the event's. */
typedef struct ebu_part {
    bmp_event sub;
    size_t *map;
    bmp_param *params;
    int original;    /* the section's share of the original entry, 0 = none */
} ebu_part;

static void part_free(ebu_part *p)
{
    free(p->sub.contestants);
    free(p->sub.matches);
    free(p->params);
    free(p->map);
}

static bmp_status part_members(const bmp_event *ev, const bmp_group *g, ebu_part *p)
{
    bmp_event *s = &p->sub;
    s->contestants = malloc((ev->ncontestants ? ev->ncontestants : 1) * sizeof *s->contestants);
    p->map = malloc((ev->ncontestants ? ev->ncontestants : 1) * sizeof *p->map);
    s->matches = malloc((ev->nmatches ? ev->nmatches : 1) * sizeof *s->matches);
    if (!s->contestants || !p->map || !s->matches)
        return BMP_ENOMEM;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (section_of(ev, &ev->contestants[i]) == g) {
            p->map[s->ncontestants] = i;
            s->contestants[s->ncontestants++] = ev->contestants[i];
        }
    for (size_t k = 0; k < ev->nmatches; k++)
        if (section_of(ev, bmp_event_contestant(ev, ev->matches[k].home)) == g)
            s->matches[s->nmatches++] = ev->matches[k];
    return BMP_OK;
}

/* 4.2.11 (EBU-62): a later stage or final in sections not scored across
 * the field: the section's original entry is the original entry x its
 * full tables / the stage's full tables, whole tables down (EG-10, EM-3). */
static bmp_status part_original(const bmp_event *ev, int tables, int all, ebu_part *p,
                                bmp_error *err)
{
    const char *stage = bmp_params_string(&ev->params, "stage", "basic");
    const bmp_param *o = bmp_params_get(&ev->params, "original_tables");
    p->sub.params = ev->params;
    if (!o || (strcmp(stage, "final") != 0 && strcmp(stage, "later-qualifying") != 0))
        return BMP_OK;
    if (all <= 0)
        return bmp_error_set(err, BMP_EINVAL, "$.groups: no section has a full table, so the "
                             "original entry cannot be shared among them (4.1.3, 4.2.11)");
    int whole = (int)o->number;
    if (whole < all)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.original_tables: the original entry (%d full tables) "
                             "cannot be smaller than this stage's %d full tables in all its "
                             "sections (4.2.3)", whole, all);
    p->params = malloc(ev->params.count * sizeof *p->params);
    if (!p->params)
        return bmp_error_oom(err);
    memcpy(p->params, ev->params.items, ev->params.count * sizeof *p->params);
    p->original = (int)((int64_t)whole * tables / all);
    p->params[o - ev->params.items].number = p->original;
    p->sub.params.items = p->params;
    return BMP_OK;
}

/* "section X: " before *s (kept unchanged when out of memory). */
static bool prefix(char **s, const char *name)
{
    char *t = core_asprintf("section %s: %s", name, *s);
    if (!t)
        return false;
    free(*s);
    *s = t;
    return true;
}

/* Mark what the section's run added to out: contestant indices back to the
 * event's, "section X" on the ranking, the derivations, notes and reasons. */
static bmp_status mark_part(bmp_awards *out, const ebu_part *p, const char *name, size_t a0,
                            size_t n0, size_t r0, bmp_error *err)
{
    for (size_t k = a0; k < out->count; k++) {
        bmp_award *aw = &out->items[k];
        aw->contestant = p->map[aw->contestant];
        if (strncmp(aw->ranking, "overall", 7) == 0) {
            char r[sizeof aw->ranking];
            snprintf(r, sizeof r, "section %s%s", name, aw->ranking + 7);
            memcpy(aw->ranking, r, sizeof r);
        }
        if (aw->explain && !prefix(&aw->explain, name))
            return bmp_error_oom(err);
    }
    for (size_t k = n0; k < out->nnotes; k++)
        if (!prefix(&out->notes[k], name))
            return bmp_error_oom(err);
    for (size_t k = r0; k < out->nreasons; k++) {
        bmp_reason *r = &out->reasons[k];
        if (r->contestant != BMP_WHOLE_EVENT)
            r->contestant = p->map[r->contestant];
        if (!prefix(&r->text, name))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* Award section g (index gi of the groups) as an event of its own. */
static bmp_status award_part(const bmp_event *ev, size_t gi, int all, ebu_award_fn award,
                             bmp_awards *out, bmp_error *err)
{
    const bmp_group *g = &ev->groups[gi];
    ebu_part p = {.sub = *ev};
    p.sub.contestants = NULL;
    p.sub.matches = NULL;
    p.sub.ncontestants = p.sub.nmatches = 0;
    p.sub.groups = NULL;
    p.sub.ngroups = 0;
    p.sub.index = NULL; /* lookups by id scan the section's contestants */
    p.sub.tables = section_tables(ev, g);
    bmp_status st = part_members(ev, g, &p) ? bmp_error_oom(err) : BMP_OK;
    if (!st)
        st = part_original(ev, (int)(p.sub.tables + 1e-9), all, &p, err);
    size_t a0 = out->count, n0 = out->nnotes, r0 = out->nreasons;
    if (!st && p.original)
        st = bmp_awards_note(out, err, "original entry %d x %d/%d = %d (4.2.11, EBU-62)",
                             (int)bmp_params_number(&ev->params, "original_tables", 0),
                             (int)(p.sub.tables + 1e-9), all, p.original);
    bool none = p.params && p.original == 0; /* a section of no full table */
    if (!st && none)
        st = bmp_awards_note(out, err, "EBU: no master points: no full table, so no share of "
                             "the original entry (4.1.3, 4.2.11)");
    if (!st && !none && p.sub.ncontestants > 0 && (st = award(&p.sub, out, err)))
        bmp_error_prefix(err, "$.groups[%zu] (section \"%s\"): ", gi, g->name);
    /* Even after an error: whatever was added names the event's contestants. */
    bmp_status mk = mark_part(out, &p, g->name, a0, n0, r0, st ? NULL : err);
    if (!st)
        st = mk;
    part_free(&p);
    return st;
}

bmp_status ebu_sections_event(const bmp_event *ev, ebu_award_fn award, bool *done,
                              bmp_awards *out, bmp_error *err)
{
    *done = false;
    size_t n = section_count(ev);
    if (n == 0)
        return one_field(ev, out, err);
    *done = true;
    bmp_status st;
    if ((st = split_refusals(ev, err)) || (st = check_members(ev, err)))
        return st;
    bool league = bmp_params_bool(&ev->params, "league", false);
    if (league)
        st = bmp_awards_note(out, err, "EBU: Division %d sub-divided into %zu sections: each "
                             "awarded as Division %d of %d, with identical figures (4.8.9, "
                             "EBU-99)",
                             (int)bmp_params_number(&ev->params, "division", 1), n,
                             (int)bmp_params_number(&ev->params, "division", 1),
                             (int)bmp_params_number(&ev->params, "divisions", 1));
    else
        st = bmp_awards_note(out, err, "EBU: event in %zu sections, awarded within each "
                             "separate section (3.8.2, EBU-37)%s", n,
                             match_pointed(ev) ? "" : ": never one field for this kind");
    int all = stage_full_tables(ev);
    for (size_t g = 0; !st && g < ev->ngroups; g++)
        if (is_section(&ev->groups[g]))
            st = award_part(ev, g, all, award, out, err);
    return st;
}

/* 4.8.9 (EBU-99): the status of Division d of a league of n divisions is
 * its key figure over Club's 27 (4.8.5-4.8.7): Club league of 3, Division
 * 2: 40.5 / 27 = District.  An interpolated key figure that is not a
 * quarter of Club is no status level (ruling EM-5). */
static bmp_status division_status(const bmp_event *ev, int *m4, bmp_error *err)
{
    int n = (int)bmp_params_number(&ev->params, "divisions", 1);
    int d = (int)bmp_params_number(&ev->params, "division", 1);
    int64_t kn, kd;
    if (*m4 != EBU_M4_CLUB && *m4 != EBU_M4_DISTRICT && *m4 != EBU_M4_COUNTY)
        return bmp_not_supported(err, "EBU leagues of Regional or National organisations",
                                 "EBU-97", "4.8.5", "the key figures are given for Club, "
                                 "District and County leagues only");
    if (d > n || !ebu_league_key(*m4, n, d, &kn, &kd))
        return bmp_error_set(err, BMP_EINVAL, "$.params.division: expected a division from 1 "
                             "to params.divisions (%d), got %d", n, d);
    if ((4 * kn) % (27 * kd) != 0)
        return bmp_not_supported(err, "EBU play-offs of an interpolated league division",
                                 "EBU-99", "4.8.9", "the division's key figure is not a "
                                 "multiple of a quarter of Club's 27, so it names no status "
                                 "level");
    *m4 = (int)(4 * kn / (27 * kd));
    return BMP_OK;
}

/* 4.8.9 (EBU-99): play-offs at the end of a league season.  Between the
 * winners of a division's sub-divisions: a knock-out (4.7.9) with the
 * original entry of all the sub-divisions' teams, at the division's status
 * (*m4 becomes it).  Between division winners: no special award, a basic
 * event of the organising body on its actual entry (3 teams at least). */
bmp_status ebu_playoff_status(const bmp_event *ev, int *m4, bmp_awards *out, bmp_error *err)
{
    const bmp_params *p = &ev->params;
    bool sub = bmp_params_bool(p, "subdivision_playoff", false);
    bool div = bmp_params_bool(p, "division_playoff", false);
    if (div && (sub || bmp_params_has(p, "original_tables") ||
                bmp_params_bool(p, "league", false)))
        return bmp_error_set(err, BMP_EINVAL, "$.params.division_playoff: a play-off between "
                             "division winners has no special award: a basic event on its "
                             "actual entry, without original_tables, league or "
                             "subdivision_playoff (4.8.9, EBU-99)");
    if (div)
        return bmp_awards_note(out, err, "EBU: play-off between division winners: no special "
                               "award, a basic event on its actual entry (4.8.9, EBU-99)");
    if (!sub)
        return BMP_OK;
    if (ev->kind != BMP_KIND_KNOCKOUT)
        return bmp_error_set(err, BMP_EINVAL, "$.params.subdivision_playoff: a play-off between "
                             "sub-division winners is a knock-out (kind \"knockout\", 4.7.9; "
                             "4.8.9, EBU-99)");
    if (strcmp(bmp_params_string(p, "points", "local"), "local") != 0)
        return bmp_error_set(err, BMP_EINVAL, "$.params.points: a sub-division play-off earns "
                             "Local Points at the division's status (4.8.9, EBU-99)");
    if (!bmp_params_has(p, "original_tables"))
        return bmp_error_set(err, BMP_EINVAL, "$.params.original_tables: a sub-division "
                             "play-off's original entry is all the teams of the "
                             "sub-divisions (4.8.9, EBU-99)");
    int org = *m4;
    bmp_status st = division_status(ev, m4, err);
    if (!st)
        st = bmp_awards_note(out, err, "EBU: play-off between sub-division winners: a "
                             "knock-out of original entry %d teams at Division %d's status, "
                             "%s of a %s league (4.8.9, EBU-99)",
                             (int)bmp_params_number(p, "original_tables", 0),
                             (int)bmp_params_number(p, "division", 1), ebu_status_name(*m4),
                             ebu_status_name(org));
    return st;
}
