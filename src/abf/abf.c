/* Australian Bridge Federation: rules entry point (Masterpoint Scheme,
 * 27/07/2025).  The award computation is in award.c; this file registers
 * the body, its edition and its tables. */
#include "abf/abf_internal.h"

static const char *const editions[] = {"2025", NULL};
static const char *const edition_docs[] = {"Masterpoint Scheme (27/07/2025)", NULL};
static const bmp_scale_info scales[] = {
    {"1A", "Session awards, two winners (Mitchell), weight 1.0 (3.2)"},
    {"1B", "Session awards, two winners (Mitchell), weight 1.5 (3.2)"},
    {"1C", "Session awards, two winners (Mitchell), weight 2.5 (3.2)"},
    {"2A", "Session awards, one winner (Howell), weight 1.0 (3.3)"},
    {"2B", "Session awards, one winner (Howell), weight 1.5 (3.3)"},
    {"2C", "Session awards, one winner (Howell), weight 2.5 (3.3)"},
    {"3A", "Outright winners' awards, weight 1.0 (3.4)"},
    {"3B", "Outright winners' awards, weight 1.5 (3.4)"},
    {"3C", "Outright winners' awards, weight 2.5 (3.4)"},
    {NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)edition; /* one edition: 2025 */
    return abf_award_event(ev, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    return abf_scale(name, opts, out, err);
}

const bmp_rules bmp_rules_abf = {
    .body = "abf",
    .name = "Australian Bridge Federation",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
};
