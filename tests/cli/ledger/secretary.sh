#!/bin/sh
# CLI steps of issue 26 item 6, "a secretary can see and undo"
# (cmd_ledger_secretary.c, tests/cli/ledger_secretary.cmake): batch show,
# close refused for a month not begun, close --dry-run, reopen of the last
# close, approve --all --body.  Each refused step leaves the dump unchanged.
#   sh secretary.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL database)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0

. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
printf 'number,point_type,points,event,reason\n1002,green,1.80,opening,carried over\n1003,green,4.80,opening,carried over\n' > "$W/open.csv"

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
step 0 "73 players imported" $L player import examples/ledger/abf-players.csv --body abf
step 0 "batch 1 provisional" $L import "$W/open.csv" --body abf
step 0 "batch 2 provisional" $L import examples/ebu/club-pairs.json --body ebu
# approve --all --body abf: the ABF's batch only, the EBU's stays provisional
step 0 "^batch 1 approved$" $L approve --all --body abf
step 0 "^2,ebu,event,provisional," $L batches --format csv
step 0 "abf 2025-08 closed: 1 batches posted \\(2 lines\\)" $L close 2025-08 --body abf
step 0 "batch 3 provisional" $L import examples/abf/club-pairs.json --club 2074
step 0 "^batch 3 approved$" $L approve 3
# batch show: the header, the lines, the held lines and why
step 0 "state +approved" $L batch show 3
step 0 "0001002 +Player 2 +green +0.30 +ABF-6" $L batch show 3
printf 'number,point_type,points,event,reason\n1099,green,0.50,late,x\n' > "$W/held.csv"
step 0 "batch 4 provisional" $L import "$W/held.csv" --body abf
step 0 "0001099 +green +0.50 +adjustment +adjustment: x +not registered" $L batch show 4
step 0 '"title": "held"' $L batch show 3 --format json
step 1 "no batch 99" $L batch show 99
step 2 "--format table or json" $L batch show 3 --format csv
# a month not begun by the ledger's clock (a typo) is refused
unchanged 1 "period 2062-03 has not begun: today is 2026-11-24" $L close 2062-03 --body abf
unchanged 1 "period 2026-12 has not begun" $L close 2026-12 --body abf
unchanged 1 "already closed up to 2025-08" $L close 2025-07 --body abf
# --dry-run: what the close would post and promote, nothing changed
unchanged 0 "dry run \\(nothing changed\\): 1 batches would be posted \\(20 lines\\), 20 players re-ranked, 2 promotions" \
    $L close 2025-09 --body abf --dry-run
unchanged 0 "0001003 +Player 3 +Graduate Master +Club Master" $L close 2025-09 --body abf --dry-run
unchanged 0 '"title": "promotions"' $L close 2025-09 --body abf --dry-run --format json
unchanged 1 "period 2062-03 has not begun" $L close 2062-03 --body abf --dry-run
step 0 "abf 2025-09 closed: 1 batches posted \\(20 lines\\), 20 players re-ranked, 2 promotions" \
    $L close 2025-09 --body abf
$L report statement 1003 --body abf --format csv > "$W/closed.csv"
# reopen: only the last closed period, with a reason
unchanged 1 "reopen 2025-08: only the last closed abf period can be reopened, and that is 2025-09" \
    $L reopen 2025-08 --body abf --reason typo
unchanged 2 "usage: bridgemp ledger reopen" $L reopen 2025-09 --body abf
step 0 "abf 2025-09 reopened: 1 batches back to approved, 20 players' ranks restored, 2 promotions undone, 0 certificates revoked" \
    $L reopen 2025-09 --body abf --reason "closed before the late results"
step 0 "^3,abf,event,approved,," $L batches --format csv
step 0 "rank at the last close: Graduate Master" $L report statement 1003 --body abf
step 0 "ledger verified" $L verify
step 0 "abf 2025-09 closed: 1 batches posted \\(20 lines\\), 20 players re-ranked, 2 promotions" \
    $L close 2025-09 --body abf
$L report statement 1003 --body abf --format csv > "$W/reclosed.csv"
cmp -s "$W/closed.csv" "$W/reclosed.csv" || { echo "FAIL: the re-close differs"; fails=$((fails + 1)); }
step 0 "ledger verified" $L verify
[ $fails = 0 ] && echo "secretary steps passed"
exit $fails
