#!/bin/sh
# CLI steps for the published lists and invoice settings (issue 28 items 4
# and 5; tests/cli/ledger_publish.cmake): each step checks the exit code
# and output; a refused step must leave the database dump unchanged.
#   sh steps.sh BRIDGEMP WORKDIR
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
step 0 "batch 1 provisional" $L import examples/abf/club-pairs.json --club 2074
step 0 "batch 2 provisional" $L import examples/abf/congress-teams.json
step 0 "batch 2 approved" $L approve --all
step 0 "8 promotions" $L close 2025-09 --body abf

# item 4: the lists, each naming the ledger head it was made from
HEAD=$($L report ranking --body abf --format json | sed -n 's/.*"head": "\([0-9]*:[0-9a-f]*\)".*/\1/p')
case $HEAD in [0-9]*:????????????????????????????????????????????????????????????????) ;;
    *) echo "FAIL: no head in the ranking's JSON ($HEAD)"; fails=$((fails + 1)) ;; esac
step 0 "^0002061,T6 player 1,3101,,Graduate Master,0.00,3.00,0.00,3.00,$HEAD\$" \
    $L report ranking --body abf --format csv
step 0 "ledger head $HEAD" $L report ranking --body abf
step 0 "total: green \\+ red \\+ gold" $L report ranking --body abf --club 3101
step 0 "^8 player\\(s\\)" $L report ranking --body abf --rank "graduate master"
step 0 "<td>T6 player 1</td>" $L report ranking --body abf --format html
# ABF-90 (1.7.2): the most points of 2025, four tied on 3.00 (team of six, T6)
step 0 "McCutcheon Trophy \\(ABF-90, 1.7.2\\): 0002061 T6 player 1, 3.00 points \\(tied\\)" \
    $L report year 2025 --body abf
step 0 "^Graduate Master +0002021 +T2 player 1 +3101 Spring Congress" \
    $L report promotions 2025-09 --body abf
# a player's state (migration 023, rulings RG-1): the register's column,
# --dry-run from -> to, the ranking's --state (or --region; --county is the EBU's)
printf 'Number,State\n2061,NSW\n2062,new south wales\n2063,VIC\n' > "$W/states.csv"
refused 0 '0002062 state: "" -> "NSW"' $L player import "$W/states.csv" --body abf --dry-run
step 0 "3 players imported" $L player import "$W/states.csv" --body abf
step 0 "^0002061,T6 player 1,Active,3101,,0,0,2011,,0.00,NSW\$" $L player export --body abf
step 0 "^0002061,T6 player 1,3101,NSW,Graduate Master,0.00,3.00,0.00,3.00," \
    $L report ranking --body abf --state nsw --format csv
step 0 "^2 player\\(s\\)" $L report ranking --body abf --region "New South Wales"
step 0 "^1 player\\(s\\)" $L report ranking --body abf --state VIC
step 1 'state "Sydney": expected one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA' \
    $L report ranking --body abf --state Sydney
step 2 "--county: abf players have a state, not a county: use --region or --state" \
    $L report ranking --body abf --county Kent
step 2 "one region at a time" $L report ranking --body abf --state NSW --region VIC
# the --period form is as before
step 0 "^2025-09 +0002021 +T2 player 1 +Nil +Graduate Master" \
    $L report promotions --body abf --period 2025-09
step 1 "expected yyyy-mm or yyyy" $L report promotions 2025-9 --body abf
step 2 "usage: bridgemp ledger report promotions \\[PERIOD\\]" \
    $L report promotions 2025-09 --period 2025-09 --body abf

# item 5: the finding -- a folder that does not exist is made before the
# commit (it failed after committing the invoices)
step 0 "total 838.80" $L capitation 2026 --body abf
step 0 "1 invoice\\(s\\) made.*written to $W/inv/2026" $L invoice 1 --body abf --output "$W/inv/2026"
[ -s "$W/inv/2026/ABF-1-2074.html" ] || { echo "FAIL: no $W/inv/2026/ABF-1-2074.html"; fails=$((fails + 1)); }
step 0 "no settings: invoices are numbered BODY-RUN-CLUB" $L invoice-settings --body abf
unchanged 1 "invoice setting \"colour=red\": expected KEY=VALUE" \
    $L invoice-settings --body abf --set tax_rate=1000 --set colour=red
step 0 "tax_rate +1000" $L invoice-settings --body abf --set prefix=INV- --set next=100 \
    --set due_days=30 --set tax_name=GST --set tax_rate=1000 --set tax_included=yes \
    --set "tax_id=ABN 70 053 651 666"
step 0 "invoice-settings.*tax_rate: \"0\" -> \"1000\"" $L dump

if [ $fails -gt 0 ]; then echo "$fails step(s) failed"; exit 1; fi
echo "all steps passed"
