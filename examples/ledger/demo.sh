#!/bin/sh
# The ledger demo (docs/ledger.md): create a ledger, import the ABF club and
# player registers, post opening balances, import a month of events (a club
# pairs JSON event computed on import, a congress teams event and a club's
# ABF credit file; the club pairs again, refused as already imported, and
# its corrected result, which replaces it), approve, close the period, then print a player
# statement, the promotions and a club report, run the annual capitation
# and invoice the club for it, and verify the ledger.
#   sh examples/ledger/demo.sh [BRIDGEMP] [DB]
# BRIDGEMP: the program, else $BRIDGEMP, else build/bridgemp; the packaged
# one runs it from its examples (the bridgemp package):
#   cd /usr/share/doc/bridgemp && BRIDGEMP=/usr/bin/bridgemp sh examples/ledger/demo.sh
set -e
B=${1:-${BRIDGEMP:-build/bridgemp}}
DB=${2:-${TMPDIR:-/tmp}/bridgemp-demo.db}
rm -f "$DB" "$DB-wal" "$DB-shm"
L="$B ledger --db $DB --who demo"
X=examples/ledger
$L init
$L club import $X/abf-clubs.csv --body abf
$L player import $X/abf-players.csv --body abf
$L import $X/abf-opening-balances.csv --body abf --control green=91.50 --control red=1.50
$L approve --all
$L close 2025-08 --body abf
$L import examples/abf/club-pairs.json --club 2074
$L import examples/abf/congress-teams.json --club 3101
$L import $X/harbourside-tuesday-2025-09-16.grn --club 2074 --control green=1.80
# One event, one batch: the same file again is refused, naming its batch.
# The refusal is expected (the demo stops if the import succeeds).
if $L import examples/abf/club-pairs.json --club 2074; then exit 1; fi
# The club's corrected result (NS places 2 and 3 swapped) is the same event
# with other awards: refused with the per-player difference (expected) ...
if $L import $X/club-pairs-corrected.json --club 2074; then exit 1; fi
# ... unless it says what it replaces: then batch 2 is rejected and the
# correction recorded, in one transaction.
$L import $X/club-pairs-corrected.json --club 2074 --replaces 2 \
    --reason "NS places 2 and 3 were swapped"
$L batches
$L approve --all
$L close 2025-09 --body abf
$L report statement 1003 --body abf
$L report promotions --body abf --period 2025-09
$L report club 2074 --body abf --period 2025-09
$L capitation 2025 --body abf
$L invoice 1 --body abf
$L invoice list --body abf
$L verify
