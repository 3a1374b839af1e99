/* American Contract Bridge League: rules entry point (Masterpoint Awards Rules & Regulations).
 * Not implemented yet: every request answers "not supported" with the rule
 * and section, never a guess. */
#include "bridgemp/bridgemp.h"

static const char *const editions[] = {"current", "2003", NULL};
static const char *const edition_docs[] = {"Masterpoint Awards Rules & Regulations (later, undated)", "Masterpoint Rules & Regulations MPBOOK.041 (Rev. 11/2003)", NULL};
static const bmp_scale_info scales[] = {{NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)ev;
    (void)edition;
    (void)out;
    return bmp_not_supported(err, "ACBL masterpoint awards", "ACBL-1", "1",
                             "the ACBL rules are not implemented yet");
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    (void)opts;
    (void)out;
    return bmp_not_supported(err, name, "ACBL-1", "1", "the ACBL tables are not implemented yet");
}

const bmp_rules bmp_rules_acbl = {
    .body = "acbl",
    .name = "American Contract Bridge League",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
};
