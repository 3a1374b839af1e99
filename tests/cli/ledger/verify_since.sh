#!/bin/sh
# verify --since N:HASH (issue 46): only the chain after a head verify
# printed.  After a head H, new entries are checked and counted (the count
# printed is exactly the entries added); an entry altered before H is not
# read by --since (a full verify names it); an entry or a row image altered
# after H is named by --since.  Asserts counts and messages, never time.
#   sh verify_since.sh BRIDGEMP WORKDIR [sqlite|postgresql]
B=$1 W=$2 BACKEND=${3:-sqlite}
set -u
mkdir -p "$W"
DB=$W/since.db
if [ "$BACKEND" = postgresql ]; then
    [ -n "${BMP_TEST_PG:-}" ] || { echo "BMP_TEST_PG is not set: skipped"; exit 77; }
    name=bmp_since_$$
    DB=$(printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///$name|")
    psql -q "$BMP_TEST_PG" -c "CREATE DATABASE $name" || exit 1
    trap 'psql -q "$BMP_TEST_PG" -c "DROP DATABASE IF EXISTS $name" >/dev/null 2>&1' EXIT
else
    rm -f "$DB" "$DB-wal" "$DB-shm"
fi
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
raw() {
    if [ "$BACKEND" = postgresql ]; then
        psql -q -v ON_ERROR_STOP=1 "$DB" -c "$1" >/dev/null
    else
        sqlite3 "$DB" "$1"
    fi
}
# edit TRIGGER TABLE SQL: run SQL with the trigger in its way dropped and then
# made again as it was (the schema check sees nothing left behind).
edit() {
    if [ "$BACKEND" = postgresql ]; then
        def=$(psql -tA "$DB" -c "SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgname = '$1'")
        raw "BEGIN; DROP TRIGGER $1 ON $2; $3; $def; COMMIT"
    else
        def=$(sqlite3 "$DB" "SELECT sql FROM sqlite_schema WHERE name = '$1'")
        raw "BEGIN; DROP TRIGGER $1; $3; $def; COMMIT"
    fi
}
F="$B ledger --db $DB --who since"

BRIDGEMP_NOW=2025-10-01T10:00:00Z sh examples/ledger/demo.sh "$B" "$DB" >/dev/null 2>&1 ||
    { echo "FAIL: the demo did not run"; exit 1; }
out=$($F verify) || { echo "FAIL: verify of the demo: $out"; exit 1; }
H=$(printf '%s\n' "$out" | sed -n 's/^head //p')
N=${H%%:*}
echo "head after the demo: $H"

# nothing added: nothing to check
out=$($F verify --since "$H") || bad "verify --since H with nothing added: $out"
printf '%s\n' "$out" | grep -qF "0 entries checked" || bad "nothing added: $out"

# a batch of writes: two entries
$F grade 5 E --body abf >/dev/null || bad "grade"
$F affiliated 3101 2019-01-01 --body abf >/dev/null || bad "affiliated"
out=$($F verify --since "$H") || bad "verify --since H after two writes: $out"
H2=$(printf '%s\n' "$out" | sed -n 's/^head //p')
added=$((${H2%%:*} - N))
[ "$added" -ge 1 ] || bad "no entries added ($H2)"
printf '%s\n' "$out" | grep -qF "since head $H: $added entries checked" ||
    bad "expected $added entries checked (only the new ones): $out"
full=$($F verify) || bad "full verify: $full"
[ "$(printf '%s\n' "$full" | sed -n 's/^head //p')" = "$H2" ] || bad "heads differ: $full"
echo "ok: $added new entries checked of ${H2%%:*}"

# an entry before H altered: --since does not read it, a full verify does
edit audit_no_update audit "UPDATE audit SET detail = detail || ' (edited)' WHERE seq = 2"
out=$($F verify --since "$H" 2>&1) || bad "verify --since after an edit before H: $out"
printf '%s\n' "$out" | grep -qF "$added entries checked" || bad "--since read more: $out"
out=$($F verify 2>&1) && bad "full verify passed an edit of entry 2"
printf '%s\n' "$out" | grep -qF "audit 2: hash mismatch" || bad "full verify: $out"
echo "ok: an edit before H is left to the full verify"

# an entry after H altered: --since names it
s=$((N + 1))
edit audit_no_update audit "UPDATE audit SET detail = detail || ' (edited)' WHERE seq = $s"
out=$($F verify --since "$H" 2>&1) && bad "verify --since passed an edit of entry $s"
printf '%s\n' "$out" | grep -qF "audit $s: hash mismatch" || bad "--since, entry $s: $out"
echo "ok: an edit of entry $s after H is named"

# a row image after H altered (the entry itself left alone)
edit audit_no_update audit \
    "UPDATE audit SET detail = substr(detail, 1, length(detail) - length(' (edited)')) WHERE seq = $s"
$F verify --since "$H" >/dev/null 2>&1 || bad "entry $s restored: still failing"
edit audit_row_no_update audit_row \
    "UPDATE audit_row SET digest = '0000000000000000000000000000000000000000000000000000000000000000' WHERE seq = $s AND n = 1"
out=$($F verify --since "$H" 2>&1) && bad "verify --since passed an altered row image of $s"
printf '%s\n' "$out" | grep -qF "audit $s: its row images do not match its rows_hash" ||
    bad "--since, row image of $s: $out"
echo "ok: an altered row image of entry $s is named"

# the schema is checked by --since too (issue 45): a trigger dropped
raw "DROP TRIGGER audit_no_delete$( [ "$BACKEND" = postgresql ] && echo ' ON audit')"
out=$($F verify --since "$H" 2>&1) && bad "verify --since passed a dropped trigger"
printf '%s\n' "$out" | grep -qF "schema: trigger audit_no_delete is missing" || bad "schema: $out"
echo "ok: a dropped trigger is named by --since"

# a head not in the chain
out=$($F verify --since "$N:0000000000000000000000000000000000000000000000000000000000000001" 2>&1) &&
    bad "a rewritten head passed"
printf '%s\n' "$out" | grep -qF "the chain was rewritten" || bad "rewritten head: $out"

echo "verify --since: $fail failed"
[ $fail -eq 0 ]
