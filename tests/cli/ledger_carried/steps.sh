#!/bin/sh
# Carried points checked (issue 26 item 2) through the CLI: a USEBIO file
# whose MASTER_POINTS differ from the engine's award is held, approval is
# refused until `ledger accept-carried ID --reason R` (audited); GOLD at a
# club night is held naming the type; JSON mp.green of 9.2e18, 999999999999,
# 1.999 and 0.5 are refused and the ledger still verifies, reports and
# closes.   sh steps.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: another database)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who secretary"

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
step 0 "73 players imported" $L player import examples/ledger/abf-players.csv --body abf
"$BIN" award examples/abf/club-pairs.json --format usebio > "$W/club.xml" || fails=$((fails + 1))
# GOLD at a club night (ABF club sessions award green, ABF-6); rejected, it
# frees the event for the next file
sed -e '0,/<MASTER_POINT_TYPE>GREEN</s//<MASTER_POINT_TYPE>GOLD</' "$W/club.xml" > "$W/gold.xml"
step 0 "gold.xml: batch 1 provisional, held: the file carries gold points, which this event's scale does not give \\(the engine awards green\\)" \
    $L import "$W/gold.xml" --body abf --grade E
refused 1 "batch 1 is held" $L approve 1
refused 0 "batch 1 held: the file carries gold points.*; not approved" $L approve --all
step 0 "batch 1 rejected" $L reject 1 --reason "gold at a club night"
# MASTER_POINTS_AWARDED 30 (0.30 green, ABF-6) made 3000 (30.00)
sed '0,/<MASTER_POINTS_AWARDED>30</s//<MASTER_POINTS_AWARDED>3000</' "$W/club.xml" > "$W/edited.xml"
step 0 "edited.xml: batch 2 provisional, held: the points the file carries differ from the engine's award \\(1 difference\\)" \
    $L import "$W/edited.xml" --body abf --grade E
refused 1 "batch 2 is held: .*ledger accept-carried 2 --reason R" $L approve 2
refused 2 "usage: bridgemp ledger accept-carried ID --reason R" $L accept-carried 2
refused 2 "expected a batch number" $L accept-carried x --reason because
refused 1 "no batch 9" $L accept-carried 9 --reason because
step 0 "batch 2: carried points accepted" $L accept-carried 2 --reason "director's award confirmed"
step 0 "accept-carried.*batch 2 carried points accepted \\(held: .*\\): director's award confirmed" $L dump
refused 1 "already accepted" $L accept-carried 2 --reason again
step 0 "batch 2 approved" $L approve 2
step 0 "abf 2025-08 closed: 1 batches posted" $L close 2025-08 --body abf
step 0 "holding,green,,30.00" $L report statement 1002 --body abf --format csv
# JSON mp.green: whole hundredths within what an event can give, never cut
for v in 9.2e18 999999999999 1.999 0.5; do
    sed "s/\"id\": \"1\",/\"id\": \"1\", \"params\": {\"mp.green\": $v},/" examples/abf/club-pairs.json > "$W/mp.json"
    refused 1 "mp.json: \\\$.contestants\\[0\\].params.mp.green: expected a whole number of hundredths of a point .*got ($v|9.2e\\+18)" \
        $L import "$W/mp.json"
done
step 0 "ok|verified|passed" $L verify
step 0 "holding,green,,30.00" $L report statement 1002 --body abf --format csv
step 0 "abf 2025-09 closed" $L close 2025-09 --body abf
[ $fails = 0 ] && echo "ledger carried steps: all passed"
exit $fails
