/* bridgemp: the lists a body publishes (issue 28 item 4, docs/ledger.md
 * "Publishing").
 *
 * Each report is a bmp_table (printed as a table, CSV, JSON or HTML) made
 * inside one read snapshot, and carries the head of the audit chain it was
 * made from: a note "ledger head N:HASH" and, through
 * bmp_ledger_report_write, a "head" field in JSON and a ledger_head column
 * in CSV (the same value on every row, so that the file stays one table). */
#ifndef BRIDGEMP_LEDGER_PUBLISH_H
#define BRIDGEMP_LEDGER_PUBLISH_H

#include <stdio.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_ranking_opts {
    size_t size;          /* sizeof (bmp_ledger_ranking_opts) */
    const char *club;     /* home club number, or NULL for every club */
    const char *rank;     /* a rank name ("Life Master", any case; a starred rank
                             matches its name without stars), or NULL */
    const char *status;   /* a register status; NULL: every player but the Deceased */
    const char *region;   /* the players of one region (the body's word for it:
                             bmp_ledger_region_word): an ABF state or territory
                             (NSW or New South Wales, any case), or a county,
                             region or unit some player of the register has
                             (any case); NULL: every region.  Anything else
                             is BMP_EINVAL naming what is expected. */
} bmp_ledger_ranking_opts;

/* The word body (a body code) uses for a player's region, as the register
 * import's column, the export's, the ranking's column and filter name it:
 * "state" (ABF: its State and Territory Associations), "county" (EBU: the
 * County Associations), "unit" (ACBL), "region" (NZ Bridge's Regions, and
 * any other).  docs/rulings.md RG-1. */
const char *bmp_ledger_region_word(const char *body);
/* Whether body's register has field (a column of bmp_ledger_player_register):
 * every field but overseas, youth, registered_from, registered_to and
 * pre1982_red, which only the bodies whose rules use them have (the ABF's
 * ABF-98..102; NZ Bridge's overseas, NZ-103). */
bool bmp_ledger_register_field(const char *body, const char *field);

/* The ranking list: every player's holdings per point type, the body's
 * total where it has one (each type weighted as the body's rules say;
 * types outside the total are shown, never added), the rank at the last
 * close, the home club and the region (a column named by
 * bmp_ledger_region_word); by total (or, without a total, by rank), then
 * name and number. */
bmp_status bmp_ledger_ranking(bmp_ledger *l, const char *body, const bmp_ledger_ranking_opts *o,
                              bmp_ledger_head *head, bmp_table *out, bmp_error *err);

/* Points won in calendar year `year` per player, from the posted journal
 * lines of batches of the year's periods; the rank at the start of the
 * year; the body's annual awards where it has them (the ABF's McCutcheon
 * Trophy and awards, 1.7.2-1.7.3) in an "award" column. */
bmp_status bmp_ledger_year_report(bmp_ledger *l, const char *body, int year,
                                  bmp_ledger_head *head, bmp_table *out, bmp_error *err);

/* The promotions of PERIOD (yyyy-mm, or yyyy for a whole year) as a body
 * publishes them: new rank, player, name, club, previous rank, date (the
 * close); by new rank, highest first, then name. */
bmp_status bmp_ledger_promotions_list(bmp_ledger *l, const char *body, const char *period,
                                      bmp_ledger_head *head, bmp_table *out, bmp_error *err);

typedef enum bmp_report_format {
    BMP_REPORT_TABLE, BMP_REPORT_CSV, BMP_REPORT_JSON, BMP_REPORT_HTML
} bmp_report_format;

/* "table", "csv", "json" or "html"; false for anything else. */
bool bmp_report_format_parse(const char *s, bmp_report_format *out);

/* A table in format fmt, with the head as described above (head NULL: the
 * table alone, as bmp_table_write; HTML: a page, every value escaped). */
bmp_status bmp_ledger_report_write(const bmp_table *t, const bmp_ledger_head *head,
                                   bmp_report_format fmt, FILE *f, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
