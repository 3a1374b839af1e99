/* bridgemp: the EBU's administration runs over the ledger (docs/ledger.md
 * "EBU administration", issue 13).
 *
 * Gold Points (EBU-3, handbook 2.5.1-2.5.4): every Gold award loses 20 %
 * of its original value a year and is worth nothing after five.  The value
 * at a date is a read of the posted journal -- nothing is ever written for
 * the decay (ruling EA-1) -- counted in whole years by anniversaries of the
 * event date and rounded to the nearest hundredth (ruling EA-2).  Gold is
 * not used for rank (2.5.2): the EBU rank reads Local, Blue and Green only.
 *
 * UMS charges (EBU-17, EBU-18): a charge run for a month over the approved
 * and posted EBU events of the month, player-sessions x the rate of the
 * event's UMS charge code (EBU-7) in force on its date, from a rate table
 * (the rates are published by the EBU, not in the handbook: ruling EA-3);
 * code 02 (a supplementary MP-only file) pays nothing; the EBU-17
 * exemptions the event cannot tell are an input (ruling EA-4).  Invoiced
 * club by club (clubs, counties and teams leagues are the ledger's clubs)
 * by the one invoice mechanism (ledger_invoice.h).
 *
 * Licence fees (EBU-26, EBU-18): a charge run over a list of licensed
 * events, sessions x tables x the rate of the event's category, due 30 days
 * after the end of the event (ruling EA-7). */
#ifndef BRIDGEMP_LEDGER_EBU_H
#define BRIDGEMP_LEDGER_EBU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/points.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* EBU-3 (2.5.1): the value at `as_of` (yyyy-mm-dd) of a Gold award of
 * `original` hundredths made on `awarded` (yyyy-mm-dd): original x (5 - k)
 * / 5 for k whole years since the award (k counted by anniversaries: the
 * year is complete on the same month and day, 29 February's on 1 March),
 * rounded to the nearest hundredth, and 0 from the fifth anniversary; 0
 * before the award.  *years (may be NULL) gets k.  EINVAL for a bad date. */
bmp_status bmp_ebu_gold_value(bmp_points original, const char *awarded, const char *as_of,
                              bmp_points *value, int *years, bmp_error *err);

/* EBU-3: every EBU player's Gold at `as_of`, from the posted journal:
 * number, name, awards (Gold lines credited, less reversals), original
 * (the sum of the lines as made), value
 * (the sum of their values at the date), by number.  Players whose Gold
 * has all expired are listed with value 0.00. */
bmp_status bmp_ledger_ebu_gold(bmp_ledger *l, const char *body, const char *as_of,
                               bmp_table *out, bmp_error *err);

/* EBU-3: one player's Gold awards at `as_of`: batch, event, date,
 * original, years, value, by date. */
bmp_status bmp_ledger_ebu_gold_awards(bmp_ledger *l, const char *body, const char *number,
                                      const char *as_of, bmp_table *out, bmp_error *err);

/* EBU-17, EBU-18: the UMS charge run of `month` (yyyy-mm).
 * rates: CSV from,code,session -- the cents per player-session of each UMS
 * charge code from that date on.  exemptions (may be NULL): CSV
 * batch,exemption,note, exemption one of
 *   novice            a novice session without magazine points (EBU-17a)
 *   party             the club's one party/social/charity session of the
 *                     year (EBU-17b; one session)
 *   children-in-need  the Children in Need event (EBU-17c)
 *   charity           an extra charity session: 1 a year for a club with
 *                     10,001-20,000 player-sessions in the previous year,
 *                     2 above 20,000 (EBU-17d; one session)
 *   ebu               a session the EBU exempted specifically (EBU-17e;
 *                     the note names the grant)
 * Every batch of the month needs a UMS charge code (params.ums_charge_code
 * or the event's sanction); one run per month, all or nothing, idempotent;
 * csv (may be NULL) gets the run's lines. */
bmp_status bmp_ledger_ebu_ums_run(bmp_ledger *l, const char *body, const char *month,
                                  const char *rates, const char *exemptions, const char *csv,
                                  bmp_ledger_run *out, bmp_error *err);

/* EBU-26, EBU-18: the licence fee run of `month` (yyyy-mm, the month the
 * events ended).  events: CSV club,event,end,sessions,tables,category (one
 * licensed event a row, ending in the month; tables the average a session,
 * whole); rates: CSV from,category,table_session (cents per table-session).
 * One line per event: sessions x tables x rate, due 30 days after `end`.
 * Simultaneous pairs (category "sim") are charged by heats: not
 * supported.  One run per month, all or nothing, idempotent. */
bmp_status bmp_ledger_ebu_licence_run(bmp_ledger *l, const char *body, const char *month,
                                      const char *events, const char *rates, const char *csv,
                                      bmp_ledger_run *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
