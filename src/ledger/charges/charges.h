/* Charge runs' shared steps (charges.c): every run (capitation, levies,
 * fees, penalties, UMS, licences) opens, finds and closes its row here. */
#ifndef BMP_LEDGER_CHARGES_H
#define BMP_LEDGER_CHARGES_H

#include "bridgemp/ledger_charges.h"
#include "ledger/ledger_internal.h"

/* The run of `kind` and `period` made before, if any (out->already). */
bmp_status charge_earlier(bmp_ledger *l, const ledger_body *b, const char *kind,
                          const char *period, bmp_ledger_run *out, bmp_error *err);
/* A new, empty run of `kind` for `period` under `rule` (its regulation);
 * *id its number. */
bmp_status charge_run_open(bmp_ledger *l, const ledger_body *b, const char *kind,
                           const char *period, const char *rule, int64_t *id, bmp_error *err);
/* The run's line count and total from out, and its audit entry "charge run
 * N: CODE WHAT PERIOD, L line(s), C cents (RULE)" (charge_audit). */
bmp_status charge_run_close(bmp_ledger *l, const ledger_body *b, const char *what,
                            const char *period, const char *rule, const bmp_ledger_run *out,
                            bmp_error *err);
/* A run previewed (l->preview, bmp_ledger_run_preview): its lines read
 * into the preview's table, once; nothing otherwise (run_preview.c). */
bmp_status charge_preview_peek(bmp_ledger *l, int64_t run, bmp_error *err);
/* The audit entry "charge" of a run with `detail`, and ": REASON" after it
 * when the run was given one (bmp_ledger_run_call_why). */
bmp_status charge_audit(bmp_ledger *l, const char *detail, bmp_error *err);
/* The run's lines as CSV club,player,rule,charge,cents (atomic write). */
bmp_status charge_csv(bmp_ledger *l, int64_t run, const char *path, bmp_error *err);

/* List a batch the run leaves out, with why (never silently, issue 26). */
void charge_skip(bmp_ledger_run *r, int64_t batch, const char *why);
/* The same for another thing the run leaves out: "WHAT ID: why" (a
 * player the capitation cannot charge). */
void charge_skip_named(bmp_ledger_run *r, const char *what, const char *id, const char *why);
/* List every posted batch of periods p[0..2] without a club: `why`. */
bmp_status charge_skip_clubless(bmp_ledger *l, const ledger_body *b, const char p[3][32],
                                const char *why, bmp_ledger_run *out, bmp_error *err);
/* List every event batch dated in `month` (yyyy-mm) not yet approved:
 * "STATE, not approved: not charged (RULE charges ...)". */
bmp_status charge_skip_unapproved(bmp_ledger *l, const ledger_body *b, const char *month,
                                  const char *rule, bmp_ledger_run *out, bmp_error *err);

#endif
