/* The ABF's room of the ledger (internal to src/ledger/abf): the hooks and
 * run adapters its ledger_body_ops (ops.c) points to. */
#ifndef BMP_LEDGER_ABF_ROOM_H
#define BMP_LEDGER_ABF_ROOM_H

#include "ledger/body_ops.h"

/* ABF-105 (1.3.4): NZ and UK points into ABF colours (convert.c). */
bmp_status abf_convert_rate(const bmp_ledger_conversion *c, bmp_ledger_converted *out,
                            bmp_error *err);
/* ABF-115 (8.4): the $10 fee for a payment without the club number
 * (club_fee.c). */
bmp_status abf_club_number_fee(bmp_ledger *l, const ledger_body *b, const bmp_ledger_payment *p,
                               int64_t club, bmp_ledger_paid *out, bmp_error *err);

/* ABF-90, ABF-91 (1.7.2, 1.7.3): the McCutcheon Trophy and awards on the
 * year's list (mccutcheon.c). */
bmp_status abf_year_awards(const ledger_year_player *p, size_t n, char (*award)[LEDGER_AWARD_SIZE],
                           bmp_table *t, bmp_error *err);

/* The run adapters (runs.c), one per entry of the ABF's runs table. */
LEDGER_RUN_DEF(abf_run_capitation);
LEDGER_RUN_DEF(abf_run_members);
LEDGER_RUN_DEF(abf_run_grade);
LEDGER_RUN_DEF(abf_run_levy);
LEDGER_RUN_DEF(abf_run_cancel);
LEDGER_RUN_DEF(abf_run_affiliated);
LEDGER_RUN_DEF(abf_run_daily);
LEDGER_RUN_DEF(abf_run_b4c);
LEDGER_RUN_DEF(abf_run_overdue);
LEDGER_RUN_DEF(abf_run_event_levy);

#endif
