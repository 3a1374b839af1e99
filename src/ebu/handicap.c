/* EBU handicap events (3.10.1, EBU-39): no awards in a handicap
 * tournament, unless it is re-scored without the handicap, and then on the
 * re-scored ranking (contestants' places); never when players reached this
 * stage by virtue of a handicap (ruling EG-9). */
#include "ebu/ebu_internal.h"

bmp_status ebu_handicap_check(const bmp_event *ev, bool *no_awards, bmp_awards *out,
                              bmp_error *err)
{
    const bmp_params *p = &ev->params;
    *no_awards = false;
    if (!bmp_params_bool(p, "handicap", false))
        return BMP_OK;
    bool rescored = bmp_params_bool(p, "rescored_without_handicap", false);
    if (rescored && bmp_params_bool(p, "qualified_by_handicap", false))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.rescored_without_handicap: re-scoring without the "
                             "handicap is never feasible when players qualified for this stage "
                             "by virtue of a handicap (3.10.1, EBU-39)");
    if (!rescored) {
        *no_awards = true;
        return bmp_awards_note(out, err, "EBU: no awards in a handicap tournament; re-score it "
                                         "without the handicap to award it (3.10.1, EBU-39)");
    }
    return bmp_awards_note(out, err, "EBU: awarded on the ranking re-scored without the "
                                     "handicap (3.10.1, EBU-39)");
}
