#!/bin/sh
# CLI steps of issue 26 items 3-5 (tests/cli/ledger_club.cmake): the club
# is the file's club (USEBIO CLUB_ID_NUMBER), an unknown --club is refused,
# the charge runs list every batch they skip and why (ABF-110 levy, EBU-18
# UMS); scale options checked against the body and the file; player
# numbers checked by award and validate.   sh steps.sh BRIDGEMP WORKDIR
# (BMP_STEPS_DB, BMP_STEPS_DB2: PostgreSQL URIs for the two ledgers, the
# _pg twin, tests/cli/ledger/pg-twin.sh club)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
U=tests/data/usebio/abf_club_green.xml # ABF, CLUB_ID_NUMBER 2074, Club / GREEN
sed 's/>2074</>3107</' $U > "$W/club3107.xml"

step 0 "schema" $L init
step 0 "2 clubs imported" $L club import examples/ledger/abf-clubs.csv --body abf
# a club not in the register: refused, naming it
refused 1 "club 9999 is not in the abf club register \\(--club\\)" \
    $L import examples/abf/club-pairs.json --club 9999
refused 1 "club 3107 is not in the abf club register \\(the file's club\\)" \
    $L import "$W/club3107.xml" --body abf --grade E --kind event
# --club and the file's club disagree: refused naming both
refused 1 "the file is club 2074's event, not club 3101's \\(--club 3101\\)" \
    $L import $U --body abf --grade E --kind event --club 3101
step 0 "batch 1 provisional" $L import $U --body abf --grade E --kind event
# ABF-110: the levy run lists the batch it skips (no club) and why
step 0 "batch 2 provisional" $L import examples/abf/club-pairs.json
step 0 "" $L approve 2
step 0 "" $L close 2025-10 --body abf
step 0 "" $L grade 2 E --body abf
step 0 "skipped 1 batch\\(es\\):
batch 2: no club: not levied \\(import it with --club, ABF-110\\)" $L levy 2025-Q4 --body abf

# EBU-18: the UMS run lists the event without a club (it failed the run)
E=${BMP_STEPS_DB2:-$W/e.db}
printf 'from,code,session\n2024-04-01,01,40\n' > "$W/rates.csv"
step 0 "schema" $BIN ledger --db "$E" init
step 0 "batch 1 provisional" $BIN ledger --db "$E" import examples/ebu/club-pairs.json --body ebu
step 0 "" $BIN ledger --db "$E" approve 1
step 0 "ums 2025-03: run 1 made: 0 line\\(s\\), total 0.00
skipped 1 batch\\(es\\):
batch 1: no club to invoice" $BIN ledger --db "$E" ums 2025-03 --body ebu --rates "$W/rates.csv"

# item 4: the scale options: one the body uses, agreeing with the file
step 1 "--grade B4 gives red points, but the file says MASTER_POINT_TYPE GREEN" \
    "$BIN" award $U --body abf --grade B4
step 1 "--grade A gives gold points, but the file says MASTER_POINT_TYPE GREEN" \
    "$BIN" validate $U --body abf --grade A
step 1 "--grade: the EBU uses --status, not --grade" "$BIN" award examples/ebu/club-pairs.json --grade E
step 1 "--status: the ABF uses --grade, not --status" "$BIN" award $U --body abf --status club
refused 1 "--grade: the EBU uses --status, not --grade" \
    $L import examples/ebu/club-pairs.json --body ebu --grade E
# item 5: a number mistyped with letters is refused by award and validate
# too, at the file's own line (USEBIO element, JSON string), with
# --strict-numbers since issue 43 (without it: computed, flagged, RI-7)
sed 's/>1180290</>9OOO71</' $U > "$W/letters.xml"
sed 's/"1003"/"9OOO71"/' examples/abf/club-pairs.json > "$W/letters.json"
for c in award validate; do
    step 1 "letters.xml:32: contestant 1NS player Ben Cox: ABF number \"9OOO71\" is not all digits" \
        "$BIN" $c "$W/letters.xml" --body abf --grade E --strict-numbers
    step 1 "letters.json:22: contestant 1 player Player 3: ABF number \"9OOO71\" is not all digits" \
        "$BIN" $c "$W/letters.json" --strict-numbers
done
step 0 "letters.json:22: warning: contestant 1 player Player 3: not a valid ABF number" \
    "$BIN" validate "$W/letters.json"
# the ledger too with --strict-numbers; without it the line would be held
# (RI-7: tests/cli/ledger/numbers.sh), here refused as the same event as batch 1
refused 1 "letters.xml:32: contestant 1NS player Ben Cox" \
    $L import "$W/letters.xml" --body abf --grade E --kind event --strict-numbers
refused 1 "player 9OOO71 green: 0.00 in batch 1, 0.15 in this file" \
    $L import "$W/letters.xml" --body abf --grade E --kind event
# ... and so is every number not of the body's syntax, in award, validate and
# convert as in the ledger (ruling CL-3): EBU "50A" and ACBL "P0011", the
# examples' made-up ids before they became numbers of their body's form
sed 's/"501"/"50A"/' examples/ebu/teams-final.json > "$W/ebu-made-up.json"
sed 's/"P000011"/"P0011"/' examples/acbl/nabc-open-pairs.json > "$W/acbl-made-up.json"
for c in award validate; do
    step 1 "ebu-made-up.json:23: contestant 1 player \\?: EBU number \"50A\" is not all digits" \
        "$BIN" $c "$W/ebu-made-up.json" --strict-numbers
    step 1 "acbl-made-up.json:20: contestant 1 player \\?: ACBL player number \"P0011\": expected 7 digits" \
        "$BIN" $c "$W/acbl-made-up.json" --strict-numbers
done
# issue 43: convert computes every readable file, the number flagged in its output
"$BIN" convert "$W/ebu-made-up.json" "$W/converted.xml" --to usebio &&
    grep -q "<!-- bridgemp: not a valid EBU number -->" "$W/converted.xml" ||
    { echo "FAIL: convert did not flag EBU 50A"; fails=$((fails + 1)); }
# a transposed number is held, naming the player and the registered number
# (another day's event: the same event again would be refused by its key)
sed -e 's/>1180290</>1180209</' -e 's#<DATE>06/02/2025<#<DATE>13/02/2025<#' $U > "$W/transposed.xml"
step 0 "" $L player add --body abf --number 1180290 --name "Ben Cox" --status Active
step 0 "held: player 1180209 Ben Cox: not registered; near: 1180290 Ben Cox \\(two digits transposed\\)" \
    $L import "$W/transposed.xml" --body abf --grade E --kind event
# issue 26 item 4: import's --status (the EBU's scale, as `award` spells it)
# was accepted and ignored ("$.status: expected the EBU status"); it is used,
# and disagreeing with --usebio-status (its older name) is a usage error
E=tests/data/usebio/abf_club_5tables.xml
refused 2 "--status club and --usebio-status county disagree" \
    $L import "$E" --body ebu --status club --usebio-status county
step 0 "abf_club_5tables.xml: batch [0-9]+ provisional" $L import "$E" --body ebu --status club
[ "$fails" = 0 ] && echo "ledger club steps passed"
exit "$fails"
