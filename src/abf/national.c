/* Masterpointing national tournaments (7.5): per-board session rates, the
 * finals rate and the table amplification factor of each event. */
#include <strings.h>

#include "abf/abf_internal.h"

static const abf_national events[] = {
    /* 7.5.3: 0.08 per board, 0.12 once the field is 4 teams or fewer; x3
     * (not the Mixed Teams Playoff). */
    {"playoff", "National Play-offs", "A", 8000, 12000, 30, "7.5.3", "ABF-79"},
    {"playoff-mixed", "Mixed Teams Playoff", "A", 8000, 12000, 10, "7.5.3", "ABF-79"},
    /* 6.2.2: a State Play-off is masterpointed like the National Play-offs
     * but at grade B: the 7.5.3 rates are 1x and 1.5x grade A's per-board
     * rate (0.08), so grade B's 0.04 gives 0.04 and 0.06; x3 (ruling ABF-R20). */
    {"state-playoff", "State Play-off", "B", 4000, 6000, 30, "6.2.2", "ABF-61"},
    /* 7.5.4: stage 1 standard grade A; stage 2 0.12 per board; outright T =
     * stage-1 tables (no amplification stated). */
    {"butler", "Australian Butler Pairs", "A", 8000, 12000, 10, "7.5.4", "ABF-80"},
    /* 7.5.5: 0.08, finals 0.12, x3. */
    {"interstate-teams", "Interstate Teams", "A", 8000, 12000, 30, "7.5.5", "ABF-81"},
    /* 7.5.6: standard session awards; outright x1.5. */
    {"interstate-pairs", "Interstate Pairs", "A", 0, 0, 15, "7.5.6", "ABF-82"},
    /* 7.5.7: qualifying at A2 0.04, 0.06 for State/Regional finals of >= 3
     * sessions with >= 10 teams; National preliminary 0.08, 0.12 for its
     * finals; no amplification (7.5.2, AMB-14). */
    {"gnot-qualifying", "GNOT qualifying rounds", "A2", 4000, 6000, 10, "7.5.7", "ABF-83"},
    {"gnot-national", "GNOT National final", "A", 8000, 12000, 10, "7.5.7", "ABF-83"},
    /* 7.5.8: 0.12 per board throughout (premium included); x3. */
    {"not", "National Open Teams", "A", 12000, 12000, 30, "7.5.8", "ABF-84"},
};

const abf_national *abf_national_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof events / sizeof *events; i++)
        if (strcasecmp(events[i].name, name) == 0)
            return &events[i];
    return NULL;
}
