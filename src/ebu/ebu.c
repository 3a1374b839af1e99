/* English Bridge Union: rules entry point (Master Points and Licensing Handbook 2024).
 * Not implemented yet: every request answers "not supported" with the rule
 * and section, never a guess. */
#include "bridgemp/bridgemp.h"

static const char *const editions[] = {"2024", NULL};
static const char *const edition_docs[] = {"Master Points and Licensing Handbook 2024", NULL};
static const bmp_scale_info scales[] = {{NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)ev;
    (void)edition;
    (void)out;
    return bmp_not_supported(err, "EBU masterpoint awards", "EBU-1", "1",
                             "the EBU rules are not implemented yet");
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    (void)opts;
    (void)out;
    return bmp_not_supported(err, name, "EBU-1", "1", "the EBU tables are not implemented yet");
}

const bmp_rules bmp_rules_ebu = {
    .body = "ebu",
    .name = "English Bridge Union",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
};
