#!/bin/sh
# CLI steps for `bridgemp ledger` (tests/cli/ledger.cmake): each step runs a
# command and checks its exit code and output; a refused step must leave
# the database dump unchanged.   sh steps.sh BRIDGEMP WORKDIR
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}   # pg-twin.sh runs the same steps on PostgreSQL
BACKEND=sqlite
case $DB in postgres*) BACKEND=postgresql ;; esac
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0

# step, refused, unchanged (tests/cli/steps_lib.sh)
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"

step 1 "no ledger (database|in this database) .*bridgemp ledger init" $L batches
step 0 "schema [0-9]+ \\($BACKEND\\)" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
step 0 "73 players imported" $L player import examples/ledger/abf-players.csv --body abf
printf 'number,name,status,home_club\n5001,A,Active,2074\n5002,B,Gone,2074\n5003,C,Active,7777\n' > "$W/bad.csv"
refused 1 "bad.csv:3: status: .*NZ-88" $L player import "$W/bad.csv" --body abf
refused 1 "bad.csv:4: home_club: no club \"7777\"" $L player import "$W/bad.csv" --body abf
step 0 "examples/abf/club-pairs.json: batch 1 provisional" $L import examples/abf/club-pairs.json --club 2074
# duplicate event (the database's UNIQUE key on body + content hash)
refused 1 "already imported: batch 1 \\(provisional\\)" $L import examples/abf/club-pairs.json
# control total mismatch
refused 1 "control total red: expected 44.00, the lines sum to 44.30" \
    $L import examples/abf/congress-teams.json --control red=44.00
# a bad line: every problem listed
printf 'number,point_type,points,event,reason\n1002,blue,1.00,x,y\n1003,green,-9.00,x,y\n' > "$W/adj.csv"
refused 1 "2 problems, nothing written" $L import "$W/adj.csv" --body abf
refused 1 "adj.csv:2: point type \"blue\" is not one of abf's" $L import "$W/adj.csv" --body abf
refused 1 "player 0001003 green: the holding would be -8.70" $L import "$W/adj.csv" --body abf
# NZ-9: an unknown player rejects an NZ batch
refused 1 "player 51234 is not in the register: masterpoints are issued only to members \\(NZ-9\\)" \
    $L import examples/nzb/club-pairs.json
step 0 "batch 1 approved" $L approve 1
refused 1 "batch 1 is approved: only a provisional batch can be approved" $L approve 1
step 0 "abf 2025-09 closed: 1 batches posted \\(20 lines\\), 20 players re-ranked" $L close 2025-09 --body abf
refused 1 "already closed up to 2025-09" $L close 2025-09 --body abf
step 0 "\"2025-09\"" $L report statement 1002 --body abf --format json
step 0 "holding,green,,0.30" $L report statement 1002 --body abf --format csv
# --output: the report to a file (written atomically), nothing on stdout
out=$($L report statement 1002 --body abf --format csv --output "$W/statement.csv"); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] ||
    { echo "FAIL: report --output: exit $rc, printed: $out"; fails=$((fails + 1)); }
step 0 "holding,green,,0.30" cat "$W/statement.csv"
step 0 "batch 2 reverses batch 1 \\(provisional\\)" $L correct 1 --reason "wrong session uploaded"
step 0 "batch 2 approved" $L approve --all
step 0 "abf 2025-10 closed: 1 batches posted" $L close 2025-10 --body abf
step 0 "holding +green +0.00" $L report statement 1002 --body abf
step 0 "reversal +posted +2025-10" $L batches
step 0 "ledger verified" $L verify
step 0 "0001002,Player 2,Active,2074,3101" $L player export --body abf
step 0 "" $L player export --body abf --output "$W/players.csv"
step 0 "0001002,Player 2" cat "$W/players.csv"
step 3 "not supported: ACBL ranks" $L close 2025-09 --body acbl
# ABF-99: the congress's unregistered player 2099 gets nothing until registered
printf 'number,point_type,points,event,reason\n2099,red,0.40,Spring Congress,late entry\n' > "$W/late.csv"
step 0 "batch 3 provisional" $L import "$W/late.csv" --body abf
step 1 "register the player first" $L release 2099 --body abf --date 2025-10-02
step 0 "player 0002099 Visitor" $L player add --body abf --number 2099 --name Visitor
step 0 "batch 4 provisional: 1 held line\\(s\\) released" $L release 2099 --body abf --date 2026-11-30
# ABF-105: 3 UK green points = 3 x 2.50 = 7.50 gold, once only (admin-abf)
step 0 "batch 5 provisional: uk-green 3.00 credited 7.50 gold \\(ABF-105\\)" $L convert 1002 --body abf --foreign uk-green --points 3.00 --ref "EBU 123" --date 2026-11-30
refused 1 "converted already.*batch 5" $L convert 1002 --body abf --foreign uk-green --points 3.00 --ref "EBU 123" --date 2026-11-30
refused 1 "expected nz-a" $L convert 1002 --body abf --foreign us-black --points 3.00 --ref x --date 2026-11-30
refused 2 "usage: bridgemp ledger convert" $L convert 1002 --body abf --foreign nz-a --points 3.00 --date 2026-11-30
# ABF-111: the annual capitation run, then again: nothing changes and it says so
step 0 "capitation 2026: run 1 made: [0-9]+ line" $L capitation 2026 --body abf --output "$W/cap.csv"
step 0 "^club,player,rule,charge,cents" cat "$W/cap.csv"
refused 0 "run 1 already made, nothing changed" $L capitation 2026 --body abf
# a run the body has not: a usage error naming its runs (issue 32 item 2; was exit 3)
refused 2 "NZ Bridge has no capitation run. its runs: fees, levy, annual" $L capitation 2026 --body nzb
# ABF-109: the annual schedule of registered home members, as a CSV file
step 0 "" $L members 2026 --body abf --format csv --output "$W/members.csv"
step 0 "^club,number,name,overseas,youth,new" cat "$W/members.csv"
# ABF-110: the quarterly levy: batch 1 (club 2074, grade E, 3.36 points, posted
# 2025-09) = 3.36 x 2.53 = 8.50; its reversal (batch 2, 2025-10) credits 8.50
refused 1 "without a grade \\(1\\)" $L levy 2025-Q3 --body abf
step 0 "batch 1: grade E" $L grade 1 E --body abf
step 0 "levy 2025-Q3: run 2 made: 1 line\\(s\\), total 8.50" $L levy 2025-Q3 --body abf --output "$W/levy.csv" \
    --reason "the quarter's levy, minute 12"
# ... the run's reason in its audit entry (issue 29, bmp_ledger_run_call_why)
step 0 "charge run 2: abf levy 2025-Q3, 1 line\\(s\\), 850 cents \\(ABF-110\\): the quarter's levy, minute 12" \
    $L audit --format csv
step 0 "2074,,ABF-110,levy batch 1 grade E 3.36 points,850" cat "$W/levy.csv"
refused 0 "already made, nothing changed" $L levy 2025-Q3 --body abf
step 0 "levy 2025-Q4: run 3 made: 1 line\\(s\\), total -8.50" $L levy 2025-Q4 --body abf
refused 1 "has been levied" $L grade 1 B4 --body abf
# ABF-98: the annual cancellation run, twice: the second changes nothing
printf 'number,club\n1003,2074\n' > "$W/cancel.csv"
step 0 "cancellations 2027: 1 cancelled, 0 already" $L cancel 2027 "$W/cancel.csv" --body abf
refused 0 "0 cancelled, 1 already cancelled \\(nothing changed\\)" $L cancel 2027 "$W/cancel.csv" --body abf
# ABF-106: the daily report of the batches processed on 24 Nov 2026 (the test clock)
step 0 "" $L daily 2026-11-24 --body abf --format csv --output "$W/daily.csv"
step 0 "^1,event,\"Club Monday Pairs \\(grade E, 10-table Mitchell\\)\",2025-08-04,2074,posted,20,3.36" cat "$W/daily.csv"
refused 1 "daily report date" $L daily 2026-13-01 --body abf
# the levy run 2 (ABF-110) as JSON, each line traceable to its batch
step 0 '"title": "Charge run 2: levy 2025-Q3"' $L charges 2 --body abf --format json
step 0 "^2074,,1,ABF-110,levy batch 1 grade E 3.36 points,850$" $L charges 2 --body abf --format csv
step 1 "no abf charge run 99" $L charges 99 --body abf
exit $fails
