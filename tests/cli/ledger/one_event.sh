#!/bin/sh
# One event, one batch through the CLI (issue 26 item 1;
# tests/cli/ledger_one_event.cmake): a corrected event refused with the
# per-player difference, then recorded with --replaces; the event's own
# USEBIO export and its conversion refused as the same event; the export
# re-awards 7 tables; a player twice refused by validate, award and import.
# A refused step leaves the database dump unchanged.
#   sh one_event.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
BIN=$1
W=$2
rm -rf "$W" && mkdir -p "$W"
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
. "$(dirname "$0")/../steps_lib.sh"
L="$BIN ledger --db $DB --who cli-test"
EV=examples/ebu/club-pairs.json
# the same event with NS places 1 and 2 swapped (a corrected result)
sed -e 's/"NS", "place": 1 }/"NS", "place": X }/' -e 's/"NS", "place": 2 }/"NS", "place": 1 }/' \
    -e 's/"NS", "place": X }/"NS", "place": 2 }/' $EV > "$W/corrected.json"
# Ann Fox's number on Jo Lane too (two contestants); on Tom Bell (one pair)
sed 's/"456789"/"345678"/' $EV > "$W/twice.json"
sed 's/"234567"/"123456"/' $EV > "$W/pair.json"
"$BIN" award $EV --format usebio -o "$W/export.xml" || fails=$((fails + 1))
"$BIN" convert $EV "$W/convert.xml" || fails=$((fails + 1))

step 0 "schema" $L init
step 0 "club-pairs.json: batch 1 provisional" $L import $EV
refused 1 "already imported: batch 1 \\(provisional\\) holds the same content" $L import $EV
refused 1 "the same event as batch 1 \\(provisional; name=monday evening pairs;date=2025-03-10;club=\\) with other awards: give --replaces 1" \
    $L import "$W/corrected.json"
refused 1 "player 123456 local: 30.00 in batch 1, 20.00 in this file" $L import "$W/corrected.json"
refused 1 "player 456789 local: 20.00 in batch 1, 30.00 in this file" $L import "$W/corrected.json"
refused 1 "export.xml: already imported: batch 1 \\(provisional\\) holds the same event" \
    $L import "$W/export.xml" --body ebu
refused 1 "convert.xml: already imported: batch 1 \\(provisional\\) holds the same content" \
    $L import "$W/convert.xml" --body ebu
refused 1 "a replacement needs a reason|--reason" $L import "$W/corrected.json" --replaces 1
step 0 "corrected.json: batch 2 provisional" \
    $L import "$W/corrected.json" --replaces 1 --reason "NS places 1 and 2 swapped"
step 0 " 1 +ebu +event +rejected .*NS places 1 and 2 swapped" $L batches
refused 1 "player 123456 local: 20.00 in batch 2, 30.00 in this file" $L import $EV
step 0 "ledger verified" $L verify
# the export re-awards the 7 tables of the event (EBU-46: 30, 20, 10)
step 0 "1NS .* 1 +30.00 +local" "$BIN" award "$W/export.xml" --body ebu
step 0 "13EW .* 2/3 +15.00 +local" "$BIN" award "$W/export.xml" --body ebu
# a player appears once per event
for c in validate award; do
    step 1 "player 345678 appears twice: contestant 2 \\(position 2\\) player 1 and contestant 2 \\(position 2\\) player 2" \
        "$BIN" $c "$W/twice.json"
    step 1 "player 123456 appears twice: contestant 1 \\(position 1\\) player 1 and contestant 1 \\(position 1\\) player 2" \
        "$BIN" $c "$W/pair.json"
done
refused 1 "player 123456 appears twice" $L import "$W/pair.json"
# an NZ event corrected after it was posted is charged once by the month's
# fee run, as its replacement; the replaced batch is listed as skipped, with
# why (ruling SK-1).  NZ-93a: the club pairs of 21 May 2025 (grade 40C, 1
# session), 12 players x 1 session = 12 player-sessions x 60 cents = 7.20
NZ=examples/nzb/club-pairs.json
sed -e 's/"place": 1, "score": 60.2/"place": 2, "score": 54.0/' \
    -e 's/"place": 2, "score": 55.0/"place": 1, "score": 55.0/' $NZ > "$W/nz-corrected.json"
printf 'from,club_session,tournament_session,a_point\n2025-01-01,60,150,20\n' > "$W/fees.csv"
{ echo "number,name,status,home_club"
  grep -o '"id": "[0-9]\{5\}", "name": "[^"]*"' $NZ | sed 's/"id": "\([0-9]*\)", "name": "\([^"]*\)"/\1,\2,Active,100/'
} > "$W/nz-players.csv"
step 0 "" $L club add --body nzb --number 100 --name "Wednesday Club"
step 0 "12 players imported" $L player import "$W/nz-players.csv" --body nzb
step 0 "club-pairs.json: batch 3 provisional" $L import $NZ --body nzb --club 100
step 0 "batch 3 approved" $L approve 3
step 0 "" $L close 2025-05 --body nzb
step 0 "nz-corrected.json: batch 5 provisional" \
    $L import "$W/nz-corrected.json" --body nzb --club 100 --replaces 3 --reason "places 1 and 2"
step 0 " 4 +nzb +reversal +provisional" $L batches
step 0 "batch 5 approved" $L approve --all --body nzb
step 0 "" $L close 2025-06 --body nzb
step 0 "fees 2025-05: run [0-9]+ made: 1 line\\(s\\), total 7.20
skipped 1 batch\\(es\\):
batch 3: reversed by batch 4, replaced by batch 5: not charged \\(a corrected event is charged once, as its replacement\\)" \
    $L fees 2025-05 --body nzb --fees "$W/fees.csv"
step 0 "ledger verified" $L verify
# issue 45 item 2: one event posts once in any form.  Club 2074's Monday
# pairs, then the same renamed with numbers zero-padded, with an
# organiser's id, renumbered, its own credit file (as written and with the
# lines reversed) and its USEBIO export under another title: each refused
# naming batch 6; a club replaces only a batch of the same event
AB=examples/abf/club-pairs.json
sed -e 's/Club Monday Pairs/Monday Club Pairs/' -e 's/"id": "10/"id": "00010/' $AB > "$W/padded.json"
sed 's/"date": "2025-08-04",/"date": "2025-08-04", "organiser": "2074", "event_id": "MON-0804",/' \
    $AB > "$W/org.json"
sed -e 's/Club Monday Pairs/Monday/' -e 's/^   "id": "/   "id": "9/' $AB > "$W/renumbered.json"
"$BIN" award $AB --format abf-credit --output "$W/monday" || fails=$((fails + 1))
sed -n '1!G;h;$p' "$W/monday.grn" > "$W/reversed.grn"
"$BIN" award $AB --format usebio -o "$W/abf.xml" || fails=$((fails + 1))
sed 's|<TITLE>[^<]*</TITLE>|<TITLE>Another Title</TITLE>|' "$W/abf.xml" > "$W/retitled.xml"
sed -e 's/"date": "2025-08-04"/"date": "2025-08-11"/' -e 's/"grade": "E"/"grade": "D"/' -e 's/"id": "1002"/"id": "1042"/' $AB \
    > "$W/next.json"
step 0 "" $L club add --body abf --number 2074 --name Harbourside
step 0 "club-pairs.json: batch 6 provisional" $L import $AB --club 2074
for f in padded.json org.json renumbered.json monday.grn reversed.grn retitled.xml; do
    refused 1 "$f: already imported: batch 6 \\(provisional\\) holds the same event \\(the same award lines" \
        $L import "$W/$f" --club 2074 --body abf
done
refused 1 "next.json: batch 6 is another event .*a club replaces only a batch of the same event" \
    $L import "$W/next.json" --club 2074 --replaces 6 --reason "wrong file"
step 0 "ledger verified" $L verify
echo "$fails failures"
[ "$fails" = 0 ]
