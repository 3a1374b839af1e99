/* Australian Bridge Federation: rules entry point (Masterpoint Scheme (27/07/2025)).
 * Not implemented yet: every request answers "not supported" with the rule
 * and section, never a guess. */
#include "bridgemp/bridgemp.h"

static const char *const editions[] = {"2025", NULL};
static const char *const edition_docs[] = {"Masterpoint Scheme (27/07/2025)", NULL};
static const bmp_scale_info scales[] = {{NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)ev;
    (void)edition;
    (void)out;
    return bmp_not_supported(err, "ABF masterpoint awards", "ABF-1", "1",
                             "the ABF rules are not implemented yet");
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    (void)opts;
    (void)out;
    return bmp_not_supported(err, name, "ABF-1", "1", "the ABF tables are not implemented yet");
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
