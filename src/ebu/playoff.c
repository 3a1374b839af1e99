/* EBU events awarded on nothing but themselves: a ranking play-off earns no
 * Master Points (4.5.9, EBU-78, ruling ES-7), and an inter-organisation
 * event is a basic event of its organiser on its actual entry, earlier
 * stages run by other organisations ignored (1.2.7 b, 4.10.3, EBU-16,
 * ruling ES-8). */
#include <string.h>

#include "ebu/ebu_internal.h"

bmp_status ebu_ranking_playoff_check(const bmp_event *ev, bool *no_awards, bmp_awards *out,
                                     bmp_error *err)
{
    *no_awards = bmp_params_bool(&ev->params, "ranking_playoff", false);
    if (!*no_awards)
        return BMP_OK;
    return bmp_awards_note(out, err, "EBU: no Master Points for a play-off on a tie in the "
                                     "overall ranking; its result decides the tied places of "
                                     "the event it completes (4.5.9, EBU-78)");
}

/* The params that take account of an earlier stage (4.2, 4.7.9, 3.11). */
static const char *const earlier_stage_params[] = {
    "original_tables", "separate_qualifying", "stage_tables", "carry_forward", NULL};

bmp_status ebu_inter_organisation_check(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    const bmp_params *p = &ev->params;
    if (!bmp_params_bool(p, "inter_organisation", false))
        return BMP_OK;
    const char *stage = bmp_params_string(p, "stage", "basic");
    if (strcmp(stage, "basic") != 0)
        return bmp_error_set(err, BMP_EINVAL, "$.params.stage: an inter-organisation event is "
                             "a basic event of its organiser (4.10.3, EBU-16): expected "
                             "\"basic\", got \"%s\"", stage);
    for (size_t i = 0; earlier_stage_params[i]; i++)
        if (bmp_params_has(p, earlier_stage_params[i]))
            return bmp_error_set(err, BMP_EINVAL, "$.params.%s: an inter-organisation event is "
                                 "awarded on its actual entry only; no account may be taken of "
                                 "earlier stages held by other organisations (1.2.7 b, 4.10.3, "
                                 "EBU-16)", earlier_stage_params[i]);
    return bmp_awards_note(out, err, "EBU: an inter-organisation event, a basic event of its "
                                     "organiser on its actual entry (1.2.7 b, 4.10.3, EBU-16)");
}
