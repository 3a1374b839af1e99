#!/bin/sh
# CLI steps for payments, the ABF fines and congress gates and NZ
# certificates (tests/cli/ledger_pay.cmake; ABF-114, ABF-115, ABF-116,
# NZ-99): each step checks the exit code and output; a refused or repeated
# step must leave the database dump unchanged.   sh steps.sh BRIDGEMP WORKDIR
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=$W/l.db
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0

# step, refused, unchanged (tests/cli/steps_lib.sh)
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
step 0 "73 players imported" $L player import examples/ledger/abf-players.csv --body abf
# ABF-111: 36 home players of 2074 x 23.30 = 838.80, invoiced as ABF-1-2074
step 0 "total 838.80" $L capitation 2026 --body abf
step 0 "1 invoice\\(s\\) made" $L invoice 1 --body abf
step 0 "payment B1: recorded 10.00; invoice balance 828.80" \
    $L payment record --body abf --club 2074 --invoice ABF-1-2074 --amount 10.00 --date 2026-12-01 --ref B1
unchanged 0 "recorded before, nothing changed" \
    $L payment record --body abf --club 2074 --invoice ABF-1-2074 --amount 10.00 --date 2026-12-01 --ref B1
unchanged 1 "99999.00 is more than invoice ABF-1-2074's balance 828.80" \
    $L payment record --body abf --club 2074 --invoice ABF-1-2074 --amount 99999 --date 2026-12-01 --ref B2
unchanged 2 "--amount: expected dollars and cents" \
    $L payment record --body abf --club 2074 --amount 5.001 --date 2026-12-01 --ref B9
# ABF-115: $10 for a payment without the club number, invoiced ABF-2-2074
step 0 "administration fee charged \\(ABF-115\\)" \
    $L payment record --body abf --club 2074 --amount 5 --date 2026-12-01 --ref B3 --no-club-number
step 0 "^ABF-2-2074,2074,2026-11-24,10.00,0.00,10.00,38$" $L balances 2027-01-01 --body abf --format csv
step 0 "^B3,2074,,2026-12-01,5.00,no$" $L payment list --body abf --format csv
# every table command honours --output (an atomic write, nothing on stdout)
step 0 "^$" $L balances 2027-01-01 --body abf --format csv --output "$W/balances.csv"
step 0 "^ABF-2-2074,2074,2026-11-24,10.00,0.00,10.00,38$" cat "$W/balances.csv"
step 0 "^$" $L invoice list --body abf --format csv --output "$W/invoices.csv"
step 0 "^ABF-1-2074," cat "$W/invoices.csv"
# a malformed number is a usage error before the ledger is opened
step 2 "usage: bridgemp ledger event-levy|usage: bridgemp ledger payment" \
    $BIN ledger --db "$W/none.db" event-levy 1x --body abf
step 2 "usage: bridgemp ledger grade" $BIN ledger --db "$W/none.db" grade 0 E --body abf
# ABF-114: 91 days after issue, quarter 1: 10 % of 828.80 + 10 % of 10.00 = 83.88
unchanged 0 "nothing to charge" $L overdue 2027-02-22 --body abf
step 0 "charge run 3, 2 line\\(s\\), 83.88; invoiced" $L overdue 2027-02-23 --body abf
unchanged 0 "made before: nothing changed" $L overdue 2027-02-23 --body abf
unchanged 0 "nothing to charge" $L overdue 2027-03-31 --body abf
# a run the body has not: a usage error naming its runs (issue 32 item 2; was exit 3)
unchanged 2 "NZ Bridge has no overdue run. its runs: fees, levy" $L overdue 2027-03-31 --body nzb
# ABF-116: the Spring Congress's batch (3.36 points at B4, $2.68: 9.00) waits
# for its levy invoice ABF-4-3101
unchanged 1 "no abf batch 99" $L event-levy 99 --body abf
step 0 "batch 1 provisional" $L import examples/abf/club-pairs.json --club 3101
unchanged 1 "batch 1 has no grade: record it with .ledger grade 1 GRADE. first" $L event-levy 1 --body abf
step 0 "" $L grade 1 B4 --body abf
step 0 "congress levy \(ABF-116\): charge run 4, 1 line\(s\), 9.00; invoiced" $L event-levy 1 --body abf
unchanged 0 "made before: nothing changed" $L event-levy 1 --body abf
unchanged 1 "batch 1 \(congress\): its levy invoice ABF-4-3101 is unpaid \(balance 9.00\)" $L approve 1
step 0 "payment S1: recorded 9.00; invoice balance 0.00" \
    $L payment record --body abf --club 3101 --invoice ABF-4-3101 --amount 9 --date 2026-11-30 --ref S1
step 0 "batch 1 approved" $L approve 1
# NZ-99
step 0 "0 promotions" $L close 2025-08 --body nzb
step 0 "certificates 2025-08: 0 made, 0 made before; written to" \
    $L certificates 2025-08 --body nzb --output "$W/c.html"
step 0 "<title>Masterpoint certificates 2025-08</title>" cat "$W/c.html"
unchanged 1 "period \"2025-09\" is not a closed nzb period" $L certificates 2025-09 --body nzb
step 0 "ledger verified" $L verify
exit $fails
