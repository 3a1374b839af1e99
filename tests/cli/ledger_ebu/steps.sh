#!/bin/sh
# CLI steps for the EBU's ledger runs (tests/cli/ledger_ebu.cmake):
# `bridgemp ledger ums`, `invoice`, `licences` and `gold` on the example
# club pairs (EBU-17, EBU-18, EBU-26, EBU-3).   sh steps.sh BRIDGEMP WORKDIR
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db} # a PostgreSQL database from pg-twin.sh
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
# step, refused, unchanged (tests/cli/steps_lib.sh)
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
printf 'number,name,dummy\nC1,Club One,0\nCTY,Countyshire,1\n' > "$W/clubs.csv"
printf 'from,code,session\n2024-04-01,01,40\n' > "$W/rates.csv"
printf 'from,category,table_session\n2024-04-01,standard,150\n' > "$W/lrates.csv"
printf 'club,event,end,sessions,tables,category\nCTY,Spring Congress,2025-03-16,4,30,standard\n' > "$W/events.csv"

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import "$W/clubs.csv" --body ebu
step 0 "batch 1 provisional" $L import examples/ebu/club-pairs.json --body ebu --club C1
step 0 "" $L approve 1
# EBU-17: the Monday pairs of 10 March 2025, 6 pairs x 2 = 12 player-sessions
# x 40 cents = 4.80; run twice: nothing new
refused 2 "usage: bridgemp ledger ums" $L ums 2025-03 --body ebu
refused 1 "none.csv: cannot open" $L ums 2025-03 --body ebu --rates "$W/none.csv"
# issue 44: --dry-run, what the run would charge and its lines, nothing
# written (its --output neither); the run then takes number 1 on either backend
refused 0 "ums 2025-03: a preview, nothing written: 1 line\\(s\\), total 4.80" $L ums 2025-03 --body ebu --rates "$W/rates.csv" --dry-run --output "$W/dry.csv"
refused 0 "C1 +Club One +1 +EBU-17 +Monday Evening Pairs, 2025-03-10: 12 player-sessions x 0.40 \\(UMS code 01\\) +480" $L ums 2025-03 --body ebu --rates "$W/rates.csv" --dry-run
[ -e "$W/dry.csv" ] && { echo "FAIL: the dry run wrote its --output"; fails=$((fails + 1)); }
printf 'from,code,session\n2024-04-01,10,60\n' > "$W/rates10.csv"
refused 1 "no UMS rate for charge code 01 on 2025-03-10" $L ums 2025-03 --body ebu --rates "$W/rates10.csv" --dry-run
step 0 "ums 2025-03: run 1 made: 1 line\\(s\\), total 4.80" $L ums 2025-03 --body ebu --rates "$W/rates.csv" --output "$W/ums.csv"
step 0 "EBU-17,\"Monday Evening Pairs, 2025-03-10: 12 player-sessions x 0.40 \\(UMS code 01\\)\",480" cat "$W/ums.csv"
refused 0 "run 1 already made, nothing changed" $L ums 2025-03 --body ebu --rates "$W/rates.csv"
refused 0 "ums 2025-03: made before as run 1 \\(1 line\\(s\\), total 4.80\\)" $L ums 2025-03 --body ebu --rates "$W/rates.csv" --dry-run
mkdir -p "$W/inv"
step 0 "1 invoice" $L invoice 1 --body ebu --as csv --output "$W/inv"
step 0 "EBU-17,\"Monday Evening Pairs, 2025-03-10: 12 player-sessions x 0.40 \\(UMS code 01\\)\",480" cat "$W/inv/EBU-1-C1.csv"
# EBU-26: 4 sessions x 30 tables x 1.50 = 180.00, due 15 April
step 0 "licences 2025-03: run 2 made: 1 line\\(s\\), total 180.00" $L licences 2025-03 --body ebu --events "$W/events.csv" --rates "$W/lrates.csv"
step 0 "due 2025-04-15" $L charges 2 --body ebu --format csv
# a run the body has not: a usage error naming its runs (issue 32 item 2; was exit 3)
refused 2 "NZ Bridge has no ums run. its runs: fees, levy" $L ums 2025-03 --body nzb --rates "$W/rates.csv"
# EBU-3: no Gold in a club pairs: an empty list
step 0 "number,name,awards,original,value" $L gold 2025-03-31 --body ebu --format csv
step 2 "usage: bridgemp ledger gold" $L gold --body ebu
[ "$fails" = 0 ] && echo "ebu ledger steps passed"
exit "$fails"
