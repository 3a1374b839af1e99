#!/bin/sh
# A PostgreSQL ledger's backup (issue 27, item 4; docs/ledger.md "Backups"):
# `ledger backup` answers that pg_dump is the tool; the documented
# procedure -- pg_dump -Fc, pg_restore into a new database, `ledger verify`
# -- gives a ledger that verifies with the same head.  A new database of the
# cluster scripts/test.sh starts (BMP_TEST_PG); exit 77 (skipped) without one.
#   sh pg-backup.sh BRIDGEMP WORKDIR
BIN=$1 W=$2
[ -n "$BMP_TEST_PG" ] || { echo "BMP_TEST_PG is not set: skipped"; exit 77; }
PGB=${BMP_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PGB/pg_dump" ] || { echo "no pg_dump: skipped"; exit 77; }
rm -rf "$W" && mkdir -p "$W" || exit 1
a=bmp_bk_a_$$ b=bmp_bk_b_$$
uri() { printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///$1|"; }
A=$(uri $a) B=$(uri $b)
failed=0
fail() { echo "FAIL: $*"; failed=1; }
head_of() { "$BIN" ledger --db "$1" verify 2>/dev/null | sed -n 's/^head //p'; }
psql -q "$BMP_TEST_PG" -c "CREATE DATABASE $a" || exit 1
psql -q "$BMP_TEST_PG" -c "CREATE DATABASE $b" || exit 1
sh examples/ledger/demo.sh "$BIN" "$A" > "$W/demo.out" 2>&1 || { cat "$W/demo.out"; fail "demo"; }
HEAD=$(head_of "$A")
case $HEAD in [1-9]*:*) ;; *) fail "no head: $HEAD" ;; esac
# the CLI's backup names the tool instead (exit 3: not supported)
"$BIN" ledger --db "$A" backup "$W/x.db" > /dev/null 2> "$W/err"
[ $? -eq 3 ] || fail "backup on PostgreSQL did not answer 'not supported'"
grep -q "not supported on PostgreSQL: use pg_dump (docs/ledger.md)" "$W/err" || fail "$(cat "$W/err")"
[ -e "$W/x.db" ] && fail "a file was left"
# the documented procedure
"$PGB/pg_dump" -Fc -d "$A" -f "$W/ledger.dump" || fail "pg_dump"
"$PGB/pg_restore" --no-owner -d "$B" "$W/ledger.dump" || fail "pg_restore"
"$BIN" ledger --db "$B" verify > "$W/verify.out" 2>&1 || fail "verify of the restored database: $(cat "$W/verify.out")"
[ "$(head_of "$B")" = "$HEAD" ] || fail "restored head $(head_of "$B") is not $HEAD"
"$BIN" ledger --db "$B" verify --head "$HEAD" > /dev/null || fail "verify --head $HEAD on the restored ledger"
echo "head $HEAD before and after pg_dump / pg_restore"
# a restore into an existing PostgreSQL ledger names pg_restore
"$BIN" ledger restore "$W/ledger.dump" --ledger "$B" --force-replace > /dev/null 2> "$W/err"
grep -q "not supported on PostgreSQL: use pg_restore (docs/ledger.md)" "$W/err" || fail "restore into PostgreSQL: $(cat "$W/err")"
psql -q "$BMP_TEST_PG" -c "DROP DATABASE $a"
psql -q "$BMP_TEST_PG" -c "DROP DATABASE $b"
if [ $failed -eq 0 ]; then echo "ledger pg backup: all checks passed"; else exit 1; fi
