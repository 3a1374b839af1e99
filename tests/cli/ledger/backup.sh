#!/bin/sh
# `ledger backup` and `ledger restore` (issue 27, item 4) on a live ledger:
# backups taken while an importer posts batches and `bridgemp serve` answers
# requests each verify, and each head N:HASH is entry N of the live chain
# afterwards (a prefix: the copy is one consistent moment of the ledger);
# a raw `cp` of the main file while the server holds the WAL open misses the
# batches still in the WAL, and comparing its head with the live one
# recorded before catches it (its own verify passes: it is consistent, only
# old).  Then restore: refusals (existing ledger, a tampered copy) and the
# all-or-nothing replace.  Bounded: 12 imports, at most 400 requests.
#   sh backup.sh BRIDGEMP WORKDIR
BIN=$1 W=$2
rm -rf "$W" && mkdir -p "$W" || exit 1
DB=$W/live.db
L="$BIN ledger --db $DB --who backup-test"
failed=0
fail() { echo "FAIL: $*"; failed=1; }
sh examples/ledger/demo.sh "$BIN" "$DB" > "$W/demo.out" 2>&1 || { cat "$W/demo.out"; exit 1; }

# head_at FILE N:HASH: true when entry N of FILE's chain has that hash
# (`ledger verify --head`: the earlier head is a prefix of the chain)
head_at() { "$BIN" ledger --db "$1" verify --head "$2" > /dev/null 2>&1; }
# the head `ledger verify` prints
head_of() { "$BIN" ledger --db "$1" verify 2>/dev/null | sed -n 's/^head //p'; }
live_head() { head_of "$DB"; }

rm -f "$W/port"
"$BIN" serve --db "$DB" --listen 127.0.0.1:0 --port-file "$W/port" 2> "$W/serve.err" &
SERVE=$!
i=0
while [ ! -s "$W/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$W/port" ] || { cat "$W/serve.err"; kill $SERVE; echo "server did not start"; exit 1; }
U=http://127.0.0.1:$(cat "$W/port")
trap 'kill $SERVE 2>/dev/null' EXIT

# the importer: 12 adjustment batches, each imported and approved
( for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
      f=$W/adj-$n.csv
      printf 'number,point_type,points,event,reason\n1002,green,0.%02d,backup test %d,concurrency\n' \
          "$n" "$n" > "$f"
      $L import "$f" --body abf > /dev/null 2>> "$W/import.err" || echo "import $n failed" >> "$W/import.err"
      $L approve --all --body abf > /dev/null 2>> "$W/import.err"
  done; touch "$W/imports.done" ) &
IMPORTER=$!
# the readers: pages and API reads until the importer is done (at most 400)
( k=0; while [ ! -e "$W/imports.done" ] && [ $k -lt 400 ]; do
      curl -s -o /dev/null "$U/players/abf/1002"; curl -s -o /dev/null "$U/api/v1/players/abf/1002"
      k=$((k + 2)); done; echo "$k" > "$W/requests" ) &
READER=$!

# backups while both run
for b in 1 2 3 4; do
    out=$("$BIN" ledger --db "$DB" backup "$W/b$b.db" 2>&1) || fail "backup $b: $out"
    echo "$out" | grep -q "^backup $W/b$b.db: verified, head [0-9]*:[0-9a-f]\{64\}$" ||
        fail "backup $b printed: $out"
    echo "$out" | sed 's/.*head //' > "$W/b$b.head"
    sleep 0.3
done
echo "backup heads: $(cut -d: -f1 "$W"/b[1-4].head | tr "\n" " ")"
wait $IMPORTER
wait $READER
[ -s "$W/import.err" ] && fail "importer: $(cat "$W/import.err")"
[ "$(cat "$W/requests")" -gt 0 ] || fail "no request served"
ls -a "$W" | grep -q '\.backup-' && fail "a temporary file was left behind"

# each copy verifies, and its head is a prefix of the live chain
for b in 1 2 3 4; do
    h=$(cat "$W/b$b.head"); n=${h%%:*}; hash=${h#*:}
    "$BIN" ledger --db "$W/b$b.db" verify > /dev/null 2>&1 || fail "b$b.db does not verify"
    head_at "$DB" "$h" || fail "b$b head $h is not entry $n of the live chain"
    [ "$(live_head | cut -d: -f1)" -ge "$n" ] || fail "b$b is ahead of the live ledger"
done
# a backup never overwrites
"$BIN" ledger --db "$DB" backup "$W/b1.db" > /dev/null 2> "$W/err" && fail "backup overwrote b1.db"
grep -q "b1.db: exists: never overwritten" "$W/err" || fail "overwrite refusal: $(cat "$W/err")"

# a raw copy while the WAL holds batches the main file has not got: the
# server keeps a connection open, so no checkpoint happens on close
$L import "$W/adj-1.csv" --body abf > /dev/null 2>&1 # refused (already imported): no change
printf 'number,point_type,points,event,reason\n1003,green,0.50,stale test,wal\n' > "$W/adj-wal.csv"
$L import "$W/adj-wal.csv" --body abf > /dev/null || fail "import into the WAL"
[ -s "$DB-wal" ] || fail "no WAL beside the live ledger"
LIVE=$(live_head)
echo "WAL: $(wc -c < "$DB-wal") bytes before the raw copy"
cp "$DB" "$W/raw.db"
RAW=$(head_of "$W/raw.db")
if "$BIN" ledger --db "$W/raw.db" verify > /dev/null 2>&1; then
    echo "raw copy: verify passes (the copy is consistent, only stale)"
else
    echo "raw copy: verify fails"
fi
[ "$RAW" != "$LIVE" ] || fail "the raw copy's head $RAW equals the live head: staleness not shown"
echo "raw copy head $RAW, live head $LIVE: the copy is stale"
# verify --head with the head the live ledger showed catches the stale copy
if "$BIN" ledger --db "$W/raw.db" verify --head "$LIVE" > "$W/rawhead.out" 2>&1; then
    fail "verify --head $LIVE passes on the stale raw copy"
fi
echo "raw copy: verify --head LIVE: $(grep -v '^ledger verified' "$W/rawhead.out" | head -1)"
# ... while a backup taken now has the live head exactly
"$BIN" ledger --db "$DB" backup "$W/now.db" > "$W/now.out" || fail "backup now"
grep -q "head $LIVE\$" "$W/now.out" || fail "backup head $(cat "$W/now.out") is not the live $LIVE"

# restore: a new ledger; an existing one refused without --force-replace
"$BIN" ledger restore "$W/now.db" --ledger "$W/r.db" > "$W/r.out" || fail "restore"
grep -q "^restored into $W/r.db: verified, head $LIVE\$" "$W/r.out" || fail "restore: $(cat "$W/r.out")"
"$BIN" ledger restore "$W/b1.db" --ledger "$W/r.db" > /dev/null 2> "$W/err" && fail "restore replaced r.db"
grep -q "a ledger is there" "$W/err" || fail "refusal: $(cat "$W/err")"
"$BIN" ledger --db "$W/r.db" verify > /dev/null || fail "r.db does not verify"
# a tampered copy is refused, the target untouched
cp "$W/b1.db" "$W/bad.db"
/usr/bin/python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("UPDATE holding SET points = points + 7 WHERE (player_id, point_type) = (SELECT player_id, point_type FROM holding LIMIT 1)"); c.commit()' "$W/bad.db" ||
    fail "tamper"
"$BIN" ledger restore "$W/bad.db" --ledger "$W/r.db" --force-replace > /dev/null 2> "$W/err" &&
    fail "a tampered backup was restored"
# one problem reads "the backup fails verify, nothing restored: ..."; with the
# chain's replay the edit is also named against the chain (two problems)
grep -q "holding of player" "$W/err" && grep -q "nothing" "$W/err" ||
    fail "tamper refusal: $(cat "$W/err")"
"$BIN" ledger restore "$W/bad.db" --ledger "$W/r2.db" > /dev/null 2>&1 && fail "r2 from a bad copy"
[ -e "$W/r2.db" ] && fail "a refused restore left r2.db"
# --force-replace: the older backup b1 replaces r.db whole
"$BIN" ledger restore "$W/b1.db" --ledger "$W/r.db" --force-replace > "$W/r.out" ||
    fail "force-replace: $(cat "$W/r.out")"
grep -q "head $(cat "$W/b1.head")\$" "$W/r.out" || fail "replaced head: $(cat "$W/r.out")"
"$BIN" ledger --db "$W/r.db" verify > /dev/null || fail "r.db after replace"
ls -a "$W" | grep -q '\.restore-' && fail "a temporary file was left behind"

kill $SERVE
wait $SERVE 2>/dev/null
if [ $failed -eq 0 ]; then echo "ledger backup: all checks passed"; else exit 1; fi
