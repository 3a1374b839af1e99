/* ACBL special events in the tournament machinery: the stages of the North
 * American Pairs and the Grand National Teams (params.special, ACBL-153),
 * the larger of overall and summed section awards where the ACBL pays it
 * (ACBL-152), and credit for tables in play in a concurrent game
 * (params.concurrent_tables, ACBL-155). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"

static const char *const stages[] = {"nap-club", "nap-unit", "nap-district",
                                     "gnt-club", "gnt-unit", "gnt-district", NULL};

static bool is_stage(const char *s)
{
    for (size_t k = 0; s && stages[k]; k++)
        if (strcasecmp(s, stages[k]) == 0)
            return true;
    return false;
}

/* ACBL-153: a NAP or GNT stage.  The club stage is a club game (its charts:
 * the club rules); the unit and district stages are paid by the NAP/GNT
 * rating of the codification ("Calculating the Awards - NAP" / "- GNT"),
 * whose amounts, flight factors and colours are not in the sources this
 * library follows: refused, never guessed (docs/rulings.md ACBL-R52). */
static bmp_status stage(acbl_calc *c, const char *sp, bmp_awards *out, bmp_error *err)
{
    bool club_stage = strstr(sp, "-club") != NULL;
    bool nap = strncasecmp(sp, "nap", 3) == 0;
    if (club_stage && !c->club)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.special: \"%s\" is held at clubs: expected classification "
                             "club-masterpoint or club-championship, got \"%s\" (ACBL-153)",
                             sp, acbl_class_name(c->cls));
    if (!club_stage)
        return bmp_not_supported(
            err, nap ? "NAP unit and district stages" : "GNT unit and district stages",
            "ACBL-153", nap ? "Codification App. 13.B, Calculating the Awards - NAP"
                            : "Codification App. 13.B, Calculating the Awards - GNT",
            "the NAP/GNT rating's amounts, flight factors and colours are not in the sources "
            "followed here (docs/rulings.md ACBL-R52)");
    c->larger_overall = true;
    c->nap_club = nap;
    return bmp_awards_note(out, err,
                           "%s: %s club stage, flights as groups of type \"flight\"; overall "
                           "and section awards are not added: the larger is paid%s (ACBL-152, "
                           "ACBL-153, ruling ACBL-R52)",
                           sp, nap ? "North American Pairs" : "Grand National Teams",
                           nap ? "; half red, half black" : "");
}

/* ACBL-155: tables in a concurrent game.  ACBL-65 is the only credit the
 * sources give (two-session unrestricted events at Regionals and Sectionals,
 * params.concurrent_restricted_tables); no source lets a club, NAP or GNT
 * game's overall awards count another game's tables. */
bmp_status acbl_concurrent_tables(const bmp_event *ev, acbl_class cls, bmp_error *err)
{
    if (!bmp_params_has(&ev->params, "concurrent_tables"))
        return BMP_OK;
    double t = bmp_params_number(&ev->params, "concurrent_tables", 0);
    if (!(t >= 0))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.concurrent_tables: expected the tables in play in the "
                             "concurrent game (0 or more), got %g (ACBL-155)",
                             t);
    if (cls == ACBL_CLASS_SECTIONAL || cls == ACBL_CLASS_REGIONAL)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.concurrent_tables: at Sectionals and Regionals concurrent "
                             "tables are credited by ACBL-65: give "
                             "params.concurrent_restricted_tables (and "
                             "concurrent_unrestricted_events) instead (ACBL-155)");
    return bmp_not_supported(err, "credit for tables in a concurrent game", "ACBL-155",
                             "Handbook §3 I; Codification App. 13.B",
                             "only two-session unrestricted events at Regionals and Sectionals "
                             "take concurrent tables (ACBL-65); no source gives a club, unit, "
                             "NAP or GNT game that credit (docs/rulings.md ACBL-R54)");
}

bmp_status acbl_special(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    bmp_status st = acbl_concurrent_tables(c->ev, c->cls, err);
    if (st || !bmp_params_has(&c->ev->params, "special"))
        return st;
    const char *sp = bmp_params_string(&c->ev->params, "special", "");
    if (is_stage(sp))
        return stage(c, sp, out, err);
    if (!c->club) /* the other special games are club games (club_special.c) */
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.special: expected nap-unit, nap-district, gnt-unit or "
                             "gnt-district for a %s event, got \"%s\" (ACBL-153; the other "
                             "special games are club games, ACBL-C9/C10)",
                             acbl_class_name(c->cls), sp);
    return BMP_OK;
}

/* ACBL-152: per contestant, the overall awards against the summed section
 * awards of every session: the larger is paid. */
bmp_status acbl_larger_overall(const acbl_calc *c, size_t from, bmp_awards *out, bmp_error *err)
{
    if (!c->larger_overall || out->count <= from)
        return BMP_OK;
    size_t n = out->count - from;
    int *scope = calloc(n, sizeof *scope);
    const char **group = calloc(n, sizeof *group);
    if (!scope || !group) {
        free(scope);
        free(group);
        return bmp_error_oom(err);
    }
    for (size_t k = 0; k < n; k++) {
        const char *kind = out->items[from + k].kind;
        group[k] = strcmp(kind, "overall") == 0   ? "overall award"
                   : strcmp(kind, "session") == 0 ? "summed section awards"
                                                  : NULL;
    }
    bmp_status st = acbl_keep_larger(out, from, scope, group, "ACBL-152",
                                     "the larger of overall and summed section awards, ruling "
                                     "ACBL-R52",
                                     err);
    free(scope);
    free(group);
    return st;
}

/* ACBL-153: a NAP club-level game's awards are half red, half black
 * (ruling ACBL-R52: ACBLscore's 2017 "NAP Club Level" rating stores a 50 %
 * red / 50 % black breakdown and pays 1.25 as 0.63 red + 0.62 black): each
 * award is split with the red half rounded half-up, black the remainder. */
bmp_status acbl_nap_club_colours(const acbl_calc *c, size_t from, bmp_awards *out,
                                 bmp_error *err)
{
    if (!c->nap_club)
        return BMP_OK;
    size_t n0 = out->count;
    bmp_status st = BMP_OK;
    for (size_t k = from; k < n0 && !st; k++) {
        if (strcmp(out->items[k].colour, "black") != 0)
            continue;
        bmp_points red, black;
        acbl_split_gold_red(out->items[k].points, 1, 1, &red, &black);
        char r[32], b[32];
        bmp_points_format(red, r, sizeof r);
        bmp_points_format(black, b, sizeof b);
        bmp_award half = out->items[k];
        out->items[k].points = red;
        snprintf(out->items[k].colour, sizeof out->items[k].colour, "red");
        char tail[160];
        snprintf(tail, sizeof tail, "; NAP club level: half red %s, half black %s (ACBL-153, "
                 "ruling ACBL-R52)", r, b);
        if (out->items[k].explain) {
            size_t l = strlen(out->items[k].explain), m = strlen(tail);
            char *e = realloc(out->items[k].explain, l + m + 1);
            if (!e)
                return bmp_error_oom(err);
            memcpy(e + l, tail, m + 1);
            out->items[k].explain = e;
        }
        if (!black)
            continue;
        half.points = black;
        half.explain = NULL;
        st = bmp_awards_add(out, err, &half,
                            "black half of the NAP club-level award %s + %s (ACBL-153, ruling "
                            "ACBL-R52)",
                            r, b);
    }
    return st;
}
