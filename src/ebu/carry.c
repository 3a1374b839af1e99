/* EBU carry-forward scores (3.11.1, EBU-40): "Quali-final events may allow
 * that a certain fraction of the previous stage score be carried forward
 * into the next stage; awards are still made for each separate stage of
 * the event, including the stage(s) in which a carry-forward score is
 * included in the final result."  A stage with params.carry_forward is a
 * later stage of a quali-final (final, later qualifying stage or
 * consolation), awarded as any such stage on its result including the
 * carried score, over its own boards; the previous stage is its own event
 * (ruling EM-4).  Green events carry forward only as 6.4.6 (EBU-132). */
#include <string.h>

#include "ebu/ebu_internal.h"

static bool later_stage(const char *stage)
{
    return strcmp(stage, "final") == 0 || strcmp(stage, "later-qualifying") == 0 ||
           strcmp(stage, "consolation") == 0;
}

/* The kind of event that has no stages to carry a score between. */
static const char *no_stages(const bmp_event *ev)
{
    if (ev->kind == BMP_KIND_KNOCKOUT)
        return "a knock-out";
    if (bmp_params_bool(&ev->params, "league", false))
        return "a league";
    if (bmp_params_bool(&ev->params, "ladder", false))
        return "a ladder";
    return NULL;
}

bmp_status ebu_carry_forward_check(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    const bmp_params *p = &ev->params;
    if (!bmp_params_bool(p, "carry_forward", false))
        return BMP_OK;
    const char *stage = bmp_params_string(p, "stage", "basic");
    if (strcmp(bmp_params_string(p, "points", "local"), "green") == 0) {
        if (strcmp(bmp_params_string(p, "green_event", ""), "multiple-pairs-carry") == 0)
            return BMP_OK; /* 6.4.6 governs */
        return bmp_error_set(err, BMP_EINVAL, "$.params.carry_forward: a Green Point event "
                             "with a carry-forward is green_event \"multiple-pairs-carry\" "
                             "(6.4.6, EBU-132)");
    }
    const char *none = no_stages(ev);
    if (none)
        return bmp_error_set(err, BMP_EINVAL, "$.params.carry_forward: a score is carried "
                             "forward between the stages of a quali-final event (3.11.1, "
                             "EBU-40); %s has none", none);
    if (!later_stage(stage))
        return bmp_error_set(err, BMP_EINVAL, "$.params.carry_forward: a score is carried "
                             "forward into a later stage (3.11.1, EBU-40): expected stage "
                             "final, later-qualifying or consolation, got \"%s\"; the first "
                             "stage is awarded on its own result", stage);
    int sessions = ev->sessions > 0 ? ev->sessions : 1;
    int duration = (int)bmp_params_number(p, "duration", (double)ev->boards * sessions);
    return bmp_awards_note(out, err, "EBU: carry-forward: this stage (%s) is awarded on its "
                           "result including the score carried forward, over its own %d "
                           "boards; the previous stage is awarded separately (3.11.1, EBU-40)",
                           stage, duration);
}
