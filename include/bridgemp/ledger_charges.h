/* bridgemp: charge runs of a ledger (docs/ledger.md "Charge runs").
 *
 * A run charges clubs for one period under one rule -- the ABF annual
 * capitation (ABF-111, 8.2: per home player, once a year after the club
 * declares its membership at March 31, less $1 commission per NEW player;
 * none for overseas and youth players, ABF-100, ABF-102).  One run per
 * body, kind and period: all or nothing, and running it again changes
 * nothing and says so.  Each line is in cents and names its club, player
 * and rule; the run is written as CSV
 *   club,player,rule,charge,cents
 * (an atomic write).  Invoices are made from these lines. */
#ifndef BRIDGEMP_LEDGER_CHARGES_H
#define BRIDGEMP_LEDGER_CHARGES_H

#include "bridgemp/ledger.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_run {
    int64_t id;           /* the run */
    bool already;         /* it had been made before: nothing changed */
    size_t lines;
    int64_t total;        /* cents: charges less commissions */
    size_t skipped;       /* batches the run left out, each listed in skipped_why */
    char skipped_why[1024]; /* "batch N: why\n" each ("...\n" past the room) */
} bmp_ledger_run;

/* The annual capitation run of membership year `year` (1 April year to
 * 31 March year+1, ABF-98) for the body; csv (may be NULL) gets the run's
 * lines, the same file on a re-run.  ENOTSUP for a body without
 * capitation. */
bmp_status bmp_ledger_capitation_run(bmp_ledger *l, const char *body, int year,
                                     const char *csv, bmp_ledger_run *out, bmp_error *err);

/* ABF-112: record the date `club` first affiliated with its State
 * (yyyy-mm-dd); in that ABF registration year its NEW players pay no
 * capitation.  Refused once a capitation run has charged the club. */
bmp_status bmp_ledger_set_club_affiliated(bmp_ledger *l, const char *body, const char *club,
                                          const char *date, bmp_error *err);

/* Record the event grade of a batch ("C", "B4", "B4c" ...; exempt: a GNOT
 * or GNP event) for the levy.  Refused once a levy run has charged it. */
bmp_status bmp_ledger_set_grade(bmp_ledger *l, const char *body, int64_t batch,
                                const char *grade, bool exempt, bmp_error *err);

/* The quarterly masterpoint levy run (ABF-110, 8.1: club events billed
 * quarterly on all points the club issued) of `quarter` ("2026-Q3"): one
 * line per club batch posted in the quarter's three periods, points x the
 * rate of its grade under the schedule in force on the event date, and
 * the late credit-file penalty (ABF-113) when it was lodged (imported)
 * more than 30 days after the event.  Every batch needs its grade: the
 * run is refused, naming them, until each has one. */
bmp_status bmp_ledger_levy_run(bmp_ledger *l, const char *body, const char *quarter,
                               const char *csv, bmp_ledger_run *out, bmp_error *err);

/* NZ Bridge's monthly fee run (NZ-96) of `month` (yyyy-mm): for each
 * approved or posted event of the month (by event date), one line for its
 * player-sessions x the club (NZ-93a, grade ...C) or tournament (NZ-93b,
 * ...A/...B) session fee, and one for the A points awarded x the fee per A
 * point (NZ-93c, half up to the cent), at the rates in force on the event
 * date.  The rates are an input (the document has none): fee_table is a
 * CSV from,club_session,tournament_session,a_point in cents.  Teams events
 * count sessions only for 2 x 12- and 3 x 8-board matches (NZ-94).  One
 * run per month, all or nothing, idempotent; invoiced like any charge run
 * (ledger_invoice.h).  Ruling NZF-1. */
bmp_status bmp_ledger_nz_fee_run(bmp_ledger *l, const char *body, const char *month,
                                 const char *fee_table, const char *csv, bmp_ledger_run *out,
                                 bmp_error *err);

/* NZ-97 (NZ-88): the levy on every Active and Unknown player, charged to
 * the player's home club, at `rate_cents` a player (an input: the document
 * gives no amount), for `period` ("2025", "2025-H1": NZ charges it
 * "periodically").  One run per period, all or nothing; refused while an
 * Active or Unknown player has no home club.  Ruling NZF-2. */
bmp_status bmp_ledger_nz_levy_run(bmp_ledger *l, const char *body, const char *period,
                                  int64_t rate_cents, const char *csv, bmp_ledger_run *out,
                                  bmp_error *err);

/* The body's charge runs, newest first: run, kind, period, rule, lines,
 * total (cents written 12.34), invoices (made of the run; credit notes not
 * counted), who, created_at.  ENOTFOUND for an unknown body. */
bmp_status bmp_ledger_charge_runs(bmp_ledger *l, const char *body, bmp_table *out,
                                  bmp_error *err);

/* The lines of charge run `run` as a table (club, player, batch, rule,
 * charge, cents), in the order charged: for invoices and JSON output. */
bmp_status bmp_ledger_charge_lines(bmp_ledger *l, const char *body, int64_t run, bmp_table *out,
                                   bmp_error *err);

/* ABF-98 (1.3.1): the annual cancellation run.  path is the clubs' list of
 * members cancelled before 1 April `year` (CSV with a `number` column and
 * optionally `club`, which must be the player's home club): each Active
 * player becomes Dormant (non-financial) with registered_to = year - 1.
 * All or nothing (every bad row listed); a player already cancelled so is
 * counted in *already and left alone, so a re-run changes nothing. */
bmp_status bmp_ledger_cancel_members(bmp_ledger *l, const char *body, int year, const char *path,
                                     size_t *cancelled, size_t *already, bmp_problems *probs,
                                     bmp_error *err);

/* ABF-109 (1.4.3): the annual schedule of registered home members of
 * membership year `year` (for the cancellation process): club, number,
 * name, overseas, youth, new (first registered that year), one row per
 * Active home player registered in the year, by club and number. */
bmp_status bmp_ledger_member_schedule(bmp_ledger *l, const char *body, int year, bmp_table *out,
                                      bmp_error *err);

/* ABF-106 (1.4.3): the daily report of the batches processed (imported)
 * on `date` (yyyy-mm-dd): batch, source, event, event date, club, state,
 * lines and points, by batch. */
bmp_status bmp_ledger_daily_report(bmp_ledger *l, const char *body, const char *date,
                                   bmp_table *out, bmp_error *err);

/* ABF-107 (1.4.3, 2.6): the monthly list of B4c, B4s and B5i points
 * processed -- batches of those grades (`bmp_ledger_set_grade`) posted in
 * `period` (yyyy-mm): batch, grade, club, event, event date, points. */
bmp_status bmp_ledger_b4c_list(bmp_ledger *l, const char *body, const char *period,
                               bmp_table *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
