/* EBU ranked events without an award per match won: basic events (4.1),
 * finals and later qualifying stages of quali-final events (4.2) and
 * consolation finals (4.3).  Each stage picks its scale and status; the
 * ranking is then awarded from the scale (3.4, 3.5). */
#include <string.h>

#include "ebu/award_families.h"

/* The scale of a stage and how the awards cite it. */
typedef struct ranked {
    ebu_scale s;
    const char *rule, *section, *what;
} ranked;

/* 4.1.5 (EBU-46): a basic event (or a first qualifying stage) on Scales
 * A-F; 4.1.7 (EBU-48): 72 boards or more, one level higher. */
static bmp_status basic_stage(ebu_ctx *c, const ebu_entry *e, int *m4, ranked *r)
{
    bmp_status st;
    if (e->duration >= 72) {
        *m4 = ebu_status_shift(*m4, 1);
        if ((st = ebu_note(c, "72 boards or more: status +1 (4.1.7)")))
            return st;
    }
    if (*m4 == 0)
        return bmp_not_supported(c->err, "EBU status changes beyond the defined levels",
                                 "EBU-48", "4.1.7",
                                 "the handbook defines only one level above National");
    r->s = ebu_basic_scale(*m4, e->band, e->mv, e->tables,
                           strcmp(e->stage, "qualifying") == 0);
    r->rule = "EBU-46";
    r->section = "4.1.5";
    r->what = "basic event";
    return BMP_OK;
}

/* 4.2.9 (EBU-60): the recommendation, not enforced -- at most 3/4 of the
 * field qualify for an 18-35-board final, at most 1/2 for 36+ boards; a
 * note says when it was not followed (fewer of the final get awards). */
static bmp_status qualified_share_note(ebu_ctx *c, const ebu_entry *e)
{
    bool b36 = e->band == EBU_B36;
    if (e->band == EBU_B12_17 || (b36 ? 2 * e->tables <= e->original
                                      : 4 * e->tables <= 3 * e->original))
        return BMP_OK;
    return ebu_note(c, "%d of the original %d tables in a final of %s: more than the %s "
                       "recommended, so fewer than %s of the final receive an award (4.2.9, "
                       "EBU-60)",
                    e->tables, e->original, b36 ? "36+ boards" : "18-35 boards",
                    b36 ? "1/2" : "3/4", b36 ? "half" : "a third");
}

/* 4.2.4 (EBU-54, EBU-55): a final or later qualifying stage on Scales
 * QA-QE, on the original entry, with the status changes of 4.2.5-4.2.7. */
static bmp_status final_stage(ebu_ctx *c, const ebu_entry *e, int *m4, ranked *r)
{
    const bmp_event *ev = c->ev;
    bmp_status st;
    bool final = strcmp(e->stage, "final") == 0;
    if (!bmp_params_has(&ev->params, "original_tables"))
        return ebu_fail(c, BMP_EINVAL, "$.params.original_tables",
                        "a final or later stage needs the original entry (full tables of the "
                        "first qualifying stage, 4.2.3)");
    int finalists = ebu_count_ranked(ev, e->two_winner ? "NS" : NULL);
    int up = 0;
    /* 4.2.5 (EBU-56): a final (or later stage) of 36+ boards +1; 4.2.6
     * (EBU-57): a final after two or more separate qualifying stages with at
     * most half the original field +1; together at most +1. */
    if (e->band == EBU_B36)
        up = 1;
    if (final && bmp_params_bool(&ev->params, "separate_qualifying", false) &&
        2 * e->tables <= e->original)
        up = 1;
    /* 4.2.7 (EBU-58): a 12-17-board final -1 (cancels 4.2.6). */
    if (e->band == EBU_B12_17)
        up -= 1;
    if (up) {
        *m4 = ebu_status_shift(*m4, up);
        if ((st = ebu_note(c, "%s: status %+d (4.2.5-4.2.7)", e->stage, up)))
            return st;
    }
    if (*m4 == 0)
        return bmp_not_supported(c->err, "EBU status beyond the defined levels", "EBU-58",
                                 "4.2.7", NULL);
    if (final && (st = qualified_share_note(c, e)))
        return st;
    r->s = ebu_qa_scale(*m4, e->mv, e->original, finalists, !final);
    r->rule = finalists < r->s.k ? "EBU-55" : "EBU-54";
    r->section = "4.2.4";
    r->what = final ? "final (Scale QA-QE)" : "later qualifying stage (Scale QA-QE, max 180)";
    return BMP_OK;
}

/* 4.3.3 (EBU-63): a consolation final needs C >= P, and N >= C (12-35
 * boards) or N >= 3C (36+); else it is a basic event on its actual entry,
 * one level lower. */
static bmp_status consolation_stage(ebu_ctx *c, const ebu_entry *e, int *m4, ranked *r)
{
    const bmp_event *ev = c->ev;
    bmp_status st;
    if (!bmp_params_has(&ev->params, "premier_tables") ||
        !bmp_params_has(&ev->params, "neither_tables"))
        return ebu_fail(c, BMP_EINVAL, "$.params",
                        "a consolation final needs premier_tables (P) and neither_tables (N) "
                        "(4.3.3)");
    int P = (int)bmp_params_number(&ev->params, "premier_tables", 0);
    int N = (int)bmp_params_number(&ev->params, "neither_tables", 0);
    int C = e->tables;
    bool valid = C >= P && (e->band == EBU_B36 ? N >= 3 * C : N >= C);
    if (!valid) {
        *m4 = ebu_status_down_min_club(*m4);
        if ((st = ebu_note(c, "consolation fails 4.3.3 (C=%d, P=%d, N=%d): a basic event on "
                              "its actual entry one level lower, %s",
                           C, P, N, ebu_status_name(*m4))))
            return st;
        r->s = ebu_basic_scale(*m4, e->band, e->mv, e->tables, false);
        r->rule = "EBU-63";
        r->section = "4.3.3";
        r->what = "consolation as a basic event";
        return BMP_OK;
    }
    /* 4.3.4 (EBU-64): original entry floor(C + N/3); 4.3.5 (EBU-65): 36+
     * boards +1; 4.3.6 (EBU-66): maximum 3/5 of 300 = 180. */
    int orig = C + N / 3;
    /* 4.3.5: "exactly as though the consolation event were the premier
     * final": (a) the premier's 4.2.6 increase applies, (b) 36+ boards +1
     * (together at most +1, 4.2.6), and the 12-17-board decrease of 4.2.7
     * applies as it does to the final (Audit ruling, docs/rulings.md EBU). */
    int up = e->band == EBU_B36 ? 1 : 0;
    int field = (int)bmp_params_number(&ev->params, "original_tables", P + C + N);
    if (bmp_params_bool(&ev->params, "separate_qualifying", false) && 2 * P <= field)
        up = 1;
    if (e->band == EBU_B12_17)
        up -= 1;
    if (up)
        *m4 = ebu_status_shift(*m4, up);
    if (*m4 == 0)
        return bmp_not_supported(c->err, "EBU status beyond the defined levels", "EBU-65",
                                 "4.3.5", NULL);
    int finalists = ebu_count_ranked(ev, e->two_winner ? "NS" : NULL);
    r->s = ebu_qa_scale(*m4, e->mv, orig, finalists, true);
    if ((st = ebu_note(c, "consolation: original entry %d + %d/3 = %d (4.3.4), %s, max 180 "
                          "at Club (4.3.6)",
                       C, N, orig, ebu_status_name(*m4))))
        return st;
    r->rule = "EBU-64";
    r->section = "4.3.4";
    r->what = "consolation final (Scale QA-QE)";
    return BMP_OK;
}

bmp_status ebu_ranked_event(ebu_ctx *c, const ebu_entry *e, int m4)
{
    ranked r;
    bmp_status st;
    const char *stage = e->stage;
    if (strcmp(stage, "basic") == 0 || strcmp(stage, "qualifying") == 0)
        st = basic_stage(c, e, &m4, &r);
    else if (strcmp(stage, "final") == 0 || strcmp(stage, "later-qualifying") == 0)
        st = final_stage(c, e, &m4, &r);
    else if (strcmp(stage, "consolation") == 0)
        st = consolation_stage(c, e, &m4, &r);
    else
        return ebu_fail(c, BMP_EINVAL, "$.params.stage",
                        "expected basic, qualifying, final, later-qualifying or consolation, "
                        "got \"%s\"",
                        stage);
    if (st)
        return st;
    const ebu_scale *s = &r.s;
    if (s->capped && (st = ebu_note(c, "theoretical maximum reached: top %.4g, %d awards by "
                                       "constant reductions (4.4.3, 4.4.9)",
                                    ebu_scale_top(s), s->k)))
        return st;
    if ((st = ebu_note(c, "EBU %s: %s, %s, %d full tables, %d awards%s, top %.4g, minimum %lld",
                       r.what, ebu_status_name(m4), ebu_band_name(e->band), s->tables, s->k,
                       e->two_winner ? " per direction" : "", ebu_scale_top(s),
                       (long long)(ebu_scale_min(s) / 100))))
        return st;
    return ebu_award_ranking(c, s, e->two_winner, "ranking", r.rule, r.section, r.what);
}
