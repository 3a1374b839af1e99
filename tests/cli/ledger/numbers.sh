#!/bin/sh
# A player's number never refuses a results file in the ledger (issue 43
# item 1, ruling RI-7; tests/cli/ledger_numbers.cmake): a guest 88888888 and
# a player without a number held with their reasons in `batch show`, the
# others posted; --strict-numbers refuses as before, nothing written; NZ
# Scorer's pairs.xml (anonymised numbers 0 .. 131) imported, every line held
# for its number and the batch held for its carried cpoints (2015 scale).
#   sh numbers.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
# tests/data/numbers/ebu_guest.json with Jo Lane's number taken out
sed 's/"456789"/""/' tests/data/numbers/ebu_guest.json > "$W/guest.json"
printf 'number,name,dummy\n330,Palmerston North,0\n' > "$W/nzclubs.csv"

step 0 "schema" $L init
refused 1 "88888888 is the EBU guest number" $L import "$W/guest.json" --body ebu --strict-numbers
step 0 "guest.json: batch 1 provisional" $L import "$W/guest.json" --body ebu
step 0 "88888888 +Tom Bell .*guest" $L batch show 1
step 0 "Jo Lane .*no number" $L batch show 1
step 0 "" $L club import "$W/nzclubs.csv" --body nzb
refused 1 "NZB computer number \"0\": expected 4 or 5 digits" \
    $L import tests/data/nz-scorer/pairs.xml --body nzb --strict-numbers
step 0 "pairs.xml: batch 2 provisional" $L import tests/data/nz-scorer/pairs.xml --body nzb
step 0 "p0_2 .*not a valid NZB number" $L batch show 2
step 0 "p0_1 .*no number" $L batch show 2
# cpoints on the 2015 scale, bridgemp's award under the 2017 Manual: held
step 0 "10NS +2 3 +c +30.00 +31.00" $L batch show 2
refused 1 "batch 2 is held: the points the file carries differ" $L approve 2
step 0 "ledger verified" $L verify
echo "$fails failures"
[ "$fails" = 0 ]
