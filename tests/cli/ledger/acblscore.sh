#!/bin/sh
# ACBLscore game files in the ledger (issue 42 items 2 and 4;
# tests/cli/ledger_acblscore.cmake): a file of two events is refused
# without --event (never its first event taken silently); --event 2 posts
# the 199'ers game's stored awards (black, per player) as one batch, the
# players without an ACBL number ("NM", none) held with their reason; the
# other event of the same session is a batch of its own (its own event id).
# The carried-points check (issue 26) runs on a game file: the stored
# awards agree with the engine's (batch 1 not held, approved), and a copy
# of the file with one stored award changed (Ilene Gerber's 0.49 to 0.60)
# is held with the reason and the difference, derivation ACBL-C1.
#   sh acblscore.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
F=tests/data/acblscore/beverly-hills-bridge-club__170731.ACA
printf 'number,name\n7391838,Ilene Gerber\n5964784,Helen Romm\n5964741,John Romm\n' > "$W/p.csv"
printf '4550765,Anna Rapaport\n6812449,Jan Goldsmith\n3779017,Tom Lawrence\n' >> "$W/p.csv"
printf '5186641,Edward Pelant\n5549558,Zorina Pelant\n3779173,Judy Rosenberg\n' >> "$W/p.csv"
printf '5467381,Robert Eisenstein\n' >> "$W/p.csv"

step 0 "schema" $L init
step 0 "10 players imported" $L player import "$W/p.csv" --body acbl
refused 1 "holds 2 events: import each as its own batch \(--event 1 \.\.\. --event 2\)" \
    $L import $F --body acbl
refused 2 "--event takes an event number from 1 to 50" $L import $F --body acbl --event 0
refused 1 "no event 3 \(the file holds 2\)" $L import $F --body acbl --event 3
step 0 "batch 1 provisional$" $L import $F --body acbl --event 2
step 0 "Monday Aft. 199'ers Pairs +12 +black 4.32" $L batches
step 0 "7391838 +Ilene Gerber +black +0.49" $L batch show 1
step 0 "Mercy Naghavi +black +0.49 +file +B1EW +no number" $L batch show 1
refused 1 "player O100279 is not in the register of acbl" $L import $F --body acbl --event 1
# event 1's players, as the reader gives them, registered: its own batch
{ echo number,name; "$BIN" convert $F - --to json --event 1 |
    grep -o '"id": "[A-Z0-9]\{7\}"' | sed 's/.*"\(.*\)"/\1,Player \1/' | sort -u; } > "$W/p1.csv"
step 0 "players imported" $L player import "$W/p1.csv" --body acbl
step 0 "batch 2 provisional" $L import $F --body acbl --event 1
refused 1 "batch 2" $L import $F --body acbl --event 1
step 0 "ledger verified" $L verify
# the check ran and agreed: batch 1 is not held, so it can be approved
step 0 "batch 1 approved" $L approve 1
# a differing stored award: the total award set of Ilene Gerber's player
# record (at 0x625a: its ACBL number at +0x36, docs/acblscore.md; +0x60 u16
# hundredths) changed from 0x31 (0.49) to 0x3c (0.60)
cp $F "$W/changed.ACA"
at=25274
[ "$(od -An -tx1 -j$at -N4 "$W/changed.ACA" | tr -d ' ')" = 31000101 ] ||
    { echo "FAIL: no 0.49 black award at $at"; fails=$((fails + 1)); }
printf '\074' | dd of="$W/changed.ACA" bs=1 seek=$at conv=notrunc 2>/dev/null
step 0 "batch 1 rejected" $L reject 1 --reason "re-imported from a changed file"
step 0 "batch 3 provisional, held: the points the file carries differ from the engine's award \(1 difference\)" \
    $L import "$W/changed.ACA" --body acbl --event 2
step 0 "B1EW +7391838 \? +black +0\.60 +0\.49 +ACBL-C1 Handbook §3 I 0\.49: session 1 B EW" \
    $L batch show 3
refused 1 "batch 3 is held: the points the file carries differ" $L approve 3
step 0 "ledger verified" $L verify
echo "$fails failures"
[ "$fails" = 0 ]
