/* bridgemp: conversions of another body's points into a ledger's body
 * (docs/ledger.md "Conversions between bodies").
 *
 * A player applies with points earned under another body; the receiving
 * body credits them at its stated rate as one provisional adjustment batch
 * citing the rule (ABF-105: NZ A/B/C and UK local/blue/green into gold,
 * red or green; NZ-102: ABF gold into NZ A, ABF red of Klinger holidays
 * and cruises into NZ B, NZ-106 flagging gold transferred in the year it
 * was earned as not for the Baden Wilson Trophy).  The application's reference (the foreign body's
 * statement) is recorded, and the same points (same player, kind and
 * reference) are never converted twice. */
#ifndef BRIDGEMP_LEDGER_CONVERT_H
#define BRIDGEMP_LEDGER_CONVERT_H

#include "bridgemp/ledger.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_conversion {
    const char *body;      /* receiving body ("abf") */
    const char *number;    /* the player's number in the receiving body */
    const char *foreign;   /* into abf: "nz-a", "nz-b", "nz-c", "uk-local", "uk-blue",
                            * "uk-green"; into nzb: "abf-gold", "abf-red-tour" */
    bmp_points points;     /* foreign points, hundredths, > 0 */
    const char *ref;       /* the foreign body's record of those points (required) */
    const char *date;      /* date of application, yyyy-mm-dd */
    const char *earned;    /* when the points were earned, yyyy[-mm-dd] (NZ-106); may be NULL */
} bmp_ledger_conversion;

typedef struct bmp_ledger_converted {
    int64_t batch;         /* the provisional batch (or the earlier one, on refusal) */
    char point_type[16];   /* the credit's point type */
    bmp_points points;     /* the credit */
    char rule[16];         /* the rule applied */
    char foreign[16];      /* the foreign kind, canonical ("nz-a") */
    char note[64];         /* a flag on the credit, "" or the NZ-106 Baden Wilson exclusion */
} bmp_ledger_converted;

/* All or nothing.  A second conversion of the same points is refused
 * (BMP_EINVAL, naming the batch that holds the first; out->batch is that
 * batch); a body with no conversion rule for `foreign` is BMP_ENOTSUP. */
bmp_status bmp_ledger_convert(bmp_ledger *l, const bmp_ledger_conversion *c,
                              bmp_ledger_converted *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
