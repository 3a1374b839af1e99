#!/bin/sh
# Moving a body in (issue 28) through the CLI: who is recorded without
# --who ($BRIDGEMP_WHO, then the login name), the audit log readable and as
# JSON, the register import's header check and --dry-run, opening balances
# (once per player, replaced), likely duplicates, merge and unmerge.
#   sh steps.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: another database)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
unset BRIDGEMP_WHO
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB"
me=$(id -un)

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
# who: the login name without --who or $BRIDGEMP_WHO (it was "bridgemp")
step 0 "^#1 2026-11-24T12:00:00Z $me: import clubs" $L audit
export BRIDGEMP_WHO="Jo Bloggs"
step 0 "73 players imported" $L player import examples/ledger/abf-players.csv --body abf
step 0 "^#2 2026-11-24T12:00:00Z Jo Bloggs: import players" $L audit --action import
step 0 "^1 entries" $L audit --who "$me" --since 2026-11-24
step 0 '^ +"Jo Bloggs",$' $L audit --format json --action "import players"
step 0 "^seq,at,who,action,detail,prev_hash,hash" $L audit --format csv
step 0 "^0 entries" $L audit --since 2027-01-01
# the register: header names as an old system writes them, a status file
printf 'Number,Name,Status,Home Club,Registered From\n2001,New One,Active,2074,2021\n' > "$W/h.csv"
refused 0 'column "Home Club" read as home_club' $L player import "$W/h.csv" --body abf --dry-run
refused 0 'new player 0002001 "New One" Active, home club 2074' $L player import "$W/h.csv" --body abf --dry-run
step 0 "1 players imported" $L player import "$W/h.csv" --body abf
printf 'number,name,status\n2001,New One,Dormant\n' > "$W/s.csv"
refused 0 '0002001 status: "Active" -> "Dormant"' $L player import "$W/s.csv" --body abf --dry-run
step 0 "1 players imported" $L player import "$W/s.csv" --body abf
step 0 "0002001,New One,Dormant,2074,,0,0,2021,,0.00" $L player export --body abf
printf 'number,name,home_clbu\n2001,New One,2074\n' > "$W/m.csv"
refused 1 'unknown column "home_clbu" \(did you mean home_club\?\)' $L player import "$W/m.csv" --body abf
# opening balances: no promotion, once per player, replaced
printf 'number,green,red,gold,rank,rank_date\n1003,160.00,80.00,0,National Master,2019-05-01\n1004,24.90,0,0,Local Master,2020-01-02\n1005,0,0,0,Nil,\n' > "$W/o.csv"
refused 2 "usage: bridgemp ledger opening FILE --body B --reason R" $L opening "$W/o.csv" --body abf
step 0 "o.csv: opening batch 1 posted: 3 players" $L opening "$W/o.csv" --body abf --reason "MPC export"
# the audit log's rows (--rows): what each entry wrote, per field from -> to
# the players' carried ranks are the opening_player rows, not images of
# each player (ruling CH-7): the entry names them so
step 0 "^      opening_player 1 new: rows=3; each player's rank, stars and rank_name set to its carried rank \(ruling CH-7\)\$" $L audit --rows --action opening
step 0 "^      journal 1 new: rows=3\$" $L audit --rows --action opening
step 0 '^ +"rows=3; each player.s rank, stars and rank_name set to its carried rank .ruling CH-7."$' $L audit --rows --table opening_player --format json
step 0 "^4,2026-11-24T12:00:00Z,Jo Bloggs,import players,player,74,changed,status: 'Active' -> 'Dormant'\$" $L audit --rows --table player --format csv
step 0 "^1 entries" $L audit --table opening_player --since 2026-11-24
refused 1 "player 0001003 already has an opening balance \(batch 1\)" $L opening "$W/o.csv" --body abf --reason again
step 0 "opening balance *green *1 *160.00" $L report statement 1003 --body abf
step 0 "rank at the last close: National Master" $L report statement 1003 --body abf
step 0 "o.csv: opening batch 3 posted: 3 players" $L opening "$W/o.csv" --body abf --reason "fixed export" --replaces 1
step 0 "holding *green *160.00" $L report statement 1003 --body abf
step 0 "abf 2025-10 closed: 0 batches posted \(0 lines\), 0 players re-ranked, 0 promotions" $L close 2025-10 --body abf
# duplicates, merge, unmerge
printf 'number,name,status,home_club\n1234,Mary O'"'"'Brien,Active,2074\n1324,mary obrien,Active,2074\n' > "$W/d.csv"
step 0 "2 players imported" $L player import "$W/d.csv" --body abf
step 0 "0001234 +Mary O'Brien +0001324 +mary obrien +2074 +same name, same home club, numbers: two digits transposed, birth year not known" $L player duplicates --body abf
refused 2 "usage: bridgemp ledger player merge DUP --body B --into KEEP" $L player merge 1324 --body abf --reason r
step 0 "player 1324 merged into 1234: batch 4" $L player merge 1324 --into 1234 --body abf --reason "same player"
step 0 "player 0001234 Mary O'Brien" $L report statement 1324 --body abf
refused 1 "already merged" $L player merge 1324 --into 1234 --body abf --reason again
step 0 "player 1324 unmerged: batch 5 reverses the merge" $L player unmerge 1324 --body abf --reason "two people"
step 0 "player 0001324 mary obrien" $L report statement 1324 --body abf
step 0 "ledger verified" $L verify
step 0 "abf player 0001324 merged into 0001234: batch 4 moves nothing; 0001234 ranked Nil \\(was none\\)" $L audit --action merge
[ $fails = 0 ] && echo "ledger movein steps: all passed"
exit $fails
