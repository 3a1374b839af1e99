#!/bin/sh
# An ACBLscore game file through the API (issue 42 item 3): the binary
# .ACA as the request body of POST /api/v1/preview and /api/v1/batches; a
# file of two events is refused without event= (400 naming them: each
# event is its own batch), event=2 previews the 199'ers game (its club
# rating and its awards, checked against the file's stored ones) and
# uploads it as a provisional batch (201), event=0 is 400; a NAP club
# game's file (one event) previews as "NAP club level, open, 2 strats".
#   sh acblscore.sh BRIDGEMP WORKDIR   (BMP_STEPS_DB: a PostgreSQL URI)
BIN=$(realpath "$1")
W=$2
rm -rf "$W" && mkdir -p "$W"
W=$(realpath "$W")
DB=${BMP_STEPS_DB:-$W/l.db}
export BRIDGEMP_NOW=2026-11-24T12:00:00Z
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
F=tests/data/acblscore/beverly-hills-bridge-club__170731.ACA
L="$BIN ledger --db $DB --who cli-test"
$L init > /dev/null || { echo "FAIL: init"; exit 1; }
{ echo number,name; "$BIN" convert $F - --to json --event 2 |
    grep -o '"id": "[0-9]\{7\}"' | sed 's/.*"\(.*\)"/\1,Player \1/' | sort -u; } > "$W/p.csv"
$L player import "$W/p.csv" --body acbl > /dev/null || { echo "FAIL: players"; exit 1; }
$L club add --body acbl --number 229849 --name "Beverly Hills Bridge Club" > /dev/null || fail "club add"
CLUB=$($L token create --scope club:acbl:229849 --name beverly-hills 2>/dev/null | tail -1)
case "$CLUB" in bmp_*) ;; *) fail "token create"; exit 1 ;; esac
mkdir -p "$W/tmp"
TMPDIR="$W/tmp" "$BIN" serve --db "$DB" --listen 127.0.0.1:0 --port-file "$W/port" 2> "$W/serve.err" &
PID=$!
trap 'kill $PID 2>/dev/null' EXIT
i=0
while [ ! -s "$W/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$W/port" ] || { cat "$W/serve.err"; echo "server did not start"; exit 1; }
U=http://127.0.0.1:$(cat "$W/port")

req() {
    want=$1; re=$2; shift 2
    F=${G:-$F}
    code=$(curl -s -o "$W/body" -w '%{http_code}' -H "Authorization: Bearer ${TOK:-$CLUB}" \
        -H 'Content-Type: application/octet-stream' --data-binary @$F "$@")
    if [ "$code" != "$want" ] || ! grep -Eq -- "$re" "$W/body"; then
        fail "curl $* -> $code (expected $want, /$re/)"; head -c 800 "$W/body"; echo
    fi
}
A="filename=170731.ACA&body=acbl"
req 400 "holds 2 events: import each as its own batch" -X POST "$U/api/v1/preview?$A"
req 400 "event \\\\\"0\\\\\": expected an event number from 1 to 50" -X POST "$U/api/v1/preview?$A&event=0"
req 400 "no event 3 \\(the file holds 2\\)" -X POST "$U/api/v1/preview?$A&event=3"
req 200 "Monday Aft. 199'ers Pairs" -X POST "$U/api/v1/preview?$A&event=2"
grep -q '"7391838"' "$W/body" || fail "preview: no line of 7391838"
grep -Eq '"rating": ?"club masterpoint game, restricted 0-200, 1 strat"' "$W/body" ||
    fail "preview: no club rating"
grep -Eq '"carried": ?\[\]' "$W/body" ||
    fail "preview: the stored awards differ from the computed ones"
req 201 "batch 1 provisional" -X POST "$U/api/v1/batches?$A&event=2"
$L batch show 1 | grep -Eq "7391838 +Player 7391838 +black +0\.49" || fail "batch 1: 7391838 0.49"
$L club add --body acbl --number 163246 --name "Long Beach Bridge Center" > /dev/null || fail "club add"
TOK=$($L token create --scope club:acbl:163246 --name long-beach 2>/dev/null | tail -1)
G=tests/data/acblscore/long-beach-bridge__170616.ACE
req 200 '"rating": ?"NAP club level, open, 2 strats"' -X POST "$U/api/v1/preview?filename=170616.ACE&body=acbl"
G= TOK=
echo "$fails failures"
[ "$fails" = 0 ]
