#!/bin/sh
# Names and texts checked at the door (issue 27, item 5), from the command
# line and the API: register rows with invalid UTF-8, ESC or BEL refused by
# line and field; `player export` of a name an old ledger holds (written raw
# here) escaped on the terminal; a 1 MB event name and a long reason
# refused by the CLI (a command line holds at most 128 KiB per argument:
# 100 KB there) and a 2 MB reason and a 1 MB event name by the API, the
# ledger unchanged.  The database: a new SQLite file, or BMP_TEXT_DB (a
# PostgreSQL URI: tests/cli/ledger/pg-twin.sh text_door).  Issue 45: the
# line/paragraph separators, bidi marks, BOM, tag characters and names that
# show nothing refused in a register and a results file; `player export` and
# `club export` formula-guarded and read back unchanged.
#   sh text_door.sh BRIDGEMP WORKDIR
BIN=$1 W=$2
rm -rf "$W" && mkdir -p "$W" || exit 1
DB=${BMP_TEXT_DB:-$W/l.db}
L="$BIN ledger --db $DB --who text-test"
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# raw SQL behind the program's back: an old ledger's row
raw() {
    case $DB in
    postgres*) psql -q "$DB" -c "$1" ;;
    *) /usr/bin/python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()' "$DB" "$1" ;;
    esac
}
$L init > /dev/null || exit 1
printf 'number,name,dummy\n2074,Harbourside,0\n' > "$W/c.csv"
$L club import "$W/c.csv" --body abf > /dev/null || fail "club import"
printf 'number,name,status,home_club,alternates\n1002,Ann,Active,2074,\n1003,Bob,Active,2074,\n' > "$W/p.csv"
$L player import "$W/p.csv" --body abf > /dev/null || fail "player import"
$L dump > "$W/before"

# register rows: each refused by line and field, nothing imported
printf 'number,name,status,home_club,alternates\n1004,Cy \377,Active,2074,\n1005,Di \033[31m,Active,2074,\n1006,Ed\007,Active,2074,\n' > "$W/bad.csv"
$L player import "$W/bad.csv" --body abf > "$W/out" 2> "$W/err" && fail "bad register imported"
grep -q 'bad.csv:2: name: not UTF-8: byte 0xff at byte 4' "$W/err" || fail "line 2: $(cat "$W/err")"
grep -q 'bad.csv:3: name: a control character (U+001B, ESC) at byte 4' "$W/err" || fail "line 3"
grep -q 'bad.csv:4: name: a control character (U+0007, BEL) at byte 3' "$W/err" || fail "line 4"
LC_ALL=C grep -q "$(printf '\033')" "$W/err" && fail "an ESC reached the terminal"

# issue 45: separators, bidi marks, BOM, tag characters, blank-looking names
printf 'number,name,status,home_club,alternates\n1004,Cy\342\200\250Lee,Active,2074,\n1005,\342\200\217Di,Active,2074,\n1006,\357\273\277Ed,Active,2074,\n1007,Fay\363\240\201\201,Active,2074,\n1008,\342\200\215\342\200\215,Active,2074,\n1009,Gus\342\201\246,Active,2074,\n' > "$W/bad45.csv"
$L player import "$W/bad45.csv" --body abf > "$W/out" 2> "$W/err" && fail "issue 45 register imported"
grep -q 'bad45.csv:2: name: a line or paragraph separator (U+2028, LINE SEPARATOR) at byte 3' "$W/err" || fail "U+2028: $(cat "$W/err")"
grep -q 'bad45.csv:3: name: a bidirectional control (U+200F, RIGHT-TO-LEFT MARK) at byte 1' "$W/err" || fail "U+200F"
grep -q 'bad45.csv:4: name: a byte order mark (U+FEFF, BYTE ORDER MARK) at byte 1' "$W/err" || fail "U+FEFF"
grep -q 'bad45.csv:5: name: a tag character (U+E0041) at byte 4' "$W/err" || fail "tag"
grep -q 'bad45.csv:6: name: a name that shows nothing' "$W/err" || fail "ZWJ name"
grep -q 'bad45.csv:7: name: a bidirectional control (U+2066) at byte 4' "$W/err" || fail "U+2066"
$L dump > "$W/after"
cmp -s "$W/before" "$W/after" || fail "an issue 45 refusal changed the ledger"

# player export guards a name a spreadsheet would run, as every CSV output;
# player import reads the guarded name back as it was
printf 'number,name,status,home_club,alternates\n1010,=HYPERLINK("x"),Active,2074,\n1011,@Sum,Active,2074,\n1012,-Dee,Active,2074,\n1013,+Eve,Active,2074,\n' > "$W/f.csv"
$L player import "$W/f.csv" --body abf > /dev/null 2> "$W/err" || fail "formula names: $(cat "$W/err")"
$L player export --body abf > "$W/fexp" || fail "player export (formulas)"
grep -q '^0001010,"'"'"'=HYPERLINK(""x"")",Active,' "$W/fexp" || fail "= unguarded: $(cat "$W/fexp")"
grep -q '^0001011,"'"'"'@Sum",Active,' "$W/fexp" || fail "@ unguarded"
grep -q '^0001012,"'"'"'-Dee",Active,' "$W/fexp" || fail "- unguarded"
grep -q '^0001013,"'"'"'+Eve",Active,' "$W/fexp" || fail "+ unguarded"
$L player import "$W/fexp" --body abf > /dev/null 2> "$W/err" || fail "export read back: $(cat "$W/err")"
$L player export --body abf > "$W/fexp2" || fail "player export again"
cmp -s "$W/fexp" "$W/fexp2" || fail "the guard changed names on the way back: $(diff "$W/fexp" "$W/fexp2")"
printf 'number,name,dummy\n2075,=Club,0\n' > "$W/fc.csv"
$L club import "$W/fc.csv" --body abf > /dev/null 2> "$W/err" || fail "formula club: $(cat "$W/err")"
$L club export --body abf > "$W/fcexp" || fail "club export"
grep -q '^2075,"'"'"'=Club",0$' "$W/fcexp" || fail "club = unguarded: $(cat "$W/fcexp")"
$L club import "$W/fcexp" --body abf > /dev/null 2> "$W/err" || fail "club export read back: $(cat "$W/err")"
$L club export --body abf > "$W/fcexp2" || fail "club export again"
cmp -s "$W/fcexp" "$W/fcexp2" || fail "the guard changed club names: $(diff "$W/fcexp" "$W/fcexp2")"
$L dump > "$W/before"

# a 1 MB event name; a 100 KB reason (the CLI's largest argument is 128 KiB)
/usr/bin/python3 - "$W" <<'EOF'
import json, sys
ev = json.load(open('examples/abf/club-pairs.json'))
ev['name'] = 'N' * (1 << 20)
json.dump(ev, open(sys.argv[1] + '/big.json', 'w'))
EOF
$L import "$W/big.json" --club 2074 --body abf > /dev/null 2> "$W/err" && fail "1 MB event name imported"
grep -q 'big.json: name: too long: 1048576 bytes, at most 200' "$W/err" || fail "big name: $(head -c 300 "$W/err")"
# issue 45: a results file with a tag character or a name of only U+200D
/usr/bin/python3 - "$W" <<'EOF'
import json, sys
ev = json.load(open('examples/abf/club-pairs.json'))
ev['contestants'][0]['players'][0]['name'] = 'Ann\U000E0041'
ev['contestants'][1]['players'][1]['name'] = '\u200d'
json.dump(ev, open(sys.argv[1] + '/tag.json', 'w'))
EOF
$L import "$W/tag.json" --club 2074 --body abf > /dev/null 2> "$W/err" && fail "tag name imported"
grep -q 'tag.json: contestants\[0\].players\[0\].name: a tag character (U+E0041) at byte 4' "$W/err" ||
    fail "tag: $(cat "$W/err")"
grep -q 'tag.json: contestants\[1\].players\[1\].name: a name that shows nothing' "$W/err" ||
    fail "ZWJ results name: $(cat "$W/err")"
printf 'number,point_type,points,event,reason\n1002,green,1.00,opening,carried\n' > "$W/a.csv"
$L import "$W/a.csv" --body abf > /dev/null || fail "adjustment"
$L dump > "$W/before"
R=$(head -c 100000 /dev/zero | tr '\0' r)
$L reject 1 --reason "$R" > /dev/null 2> "$W/err" && fail "100 KB reason taken"
grep -q 'reason: too long: 100000 bytes, at most 1000' "$W/err" || fail "reason: $(cat "$W/err")"
$L reject 1 --reason "$(printf 'x\033]0;pwned\007')" > /dev/null 2> "$W/err" && fail "OSC reason taken"
grep -q 'reason: a control character (U+001B, ESC) at byte 2' "$W/err" || fail "OSC: $(cat "$W/err")"
$L dump > "$W/after"
cmp -s "$W/before" "$W/after" || fail "a refusal changed the ledger"

# an old ledger's name, written raw: exported escaped
raw "UPDATE player SET name = 'Old $(printf '\033')[31mRed' WHERE name = 'Bob'"
$L player export --body abf > "$W/export" || fail "player export"
grep -q '^0001003,Old \\e\[31mRed,Active,' "$W/export" || fail "export: $(cat "$W/export")"
LC_ALL=C grep -q "$(printf '\033')" "$W/export" && fail "export wrote a raw ESC"

# the API: 1 MB event name, 2 MB reason (under a 4 MiB body limit, so the
# ledger's own check answers)
CLUB=$($L token create --scope club:abf:2074 2>/dev/null | tail -1)
SEC=$($L token create --scope secretary:abf 2>/dev/null | tail -1)
$L token create --scope club:abf:2074 --name "$(printf 'a\342\200\256b')" > /dev/null 2> "$W/err" &&
    fail "a label with U+202E taken"
grep -q 'label: a bidirectional control (U+202E, RIGHT-TO-LEFT OVERRIDE) at byte 2' "$W/err" ||
    fail "label: $(cat "$W/err")"
rm -f "$W/port"
"$BIN" serve --db "$DB" --listen 127.0.0.1:0 --port-file "$W/port" --max-body 4194304 2> "$W/serve.err" &
SERVE=$!
trap 'kill $SERVE 2>/dev/null' EXIT
i=0
while [ ! -s "$W/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
U=http://127.0.0.1:$(cat "$W/port")
$L dump > "$W/before"
code=$(curl -s -o "$W/body" -w '%{http_code}' -X POST --data-binary @"$W/big.json" \
    -H "Authorization: Bearer $CLUB" "$U/api/v1/batches?filename=big.json")
[ "$code" = 400 ] || fail "API 1 MB name: $code"
grep -q 'big.json: name: too long: 1048576 bytes, at most 200' "$W/body" || fail "API name: $(head -c 300 "$W/body")"
printf '{"reason":"%s"}' "$(head -c 2097152 /dev/zero | tr '\0' r)" > "$W/reason.json"
code=$(curl -s -o "$W/body" -w '%{http_code}' -X POST --data-binary @"$W/reason.json" \
    -H "Authorization: Bearer $SEC" "$U/api/v1/batches/1/reject")
[ "$code" = 400 ] || fail "API 2 MB reason: $code"
grep -q 'reason: too long: 2097152 bytes, at most 1000' "$W/body" || fail "API reason: $(head -c 300 "$W/body")"
$L dump > "$W/after"
cmp -s "$W/before" "$W/after" || fail "an API refusal changed the ledger"
kill $SERVE
wait $SERVE 2>/dev/null
if [ $failed -eq 0 ]; then echo "ledger text door: all checks passed"; else exit 1; fi
