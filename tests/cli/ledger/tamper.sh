#!/bin/sh
# The tamper suite (issue 27): a ledger edited behind the program's back,
# with sqlite3 or psql, in every way the issue lists and one edit per other
# table and meaningful column; `ledger verify` must fail and name each edit
# (its table and key), and `verify --head` must catch a cut or rewritten
# tail.  docs/reliability.md lists the cases and their results.
#   sh tamper.sh BRIDGEMP WORKDIR [sqlite|postgresql]
# On postgresql the databases are made in the cluster BMP_TEST_PG names
# (exit 77, skipped, without one).
B=$1 W=$2 BACKEND=${3:-sqlite}
set -u
mkdir -p "$W"
FIX=$W/tamper-fixture.db
if [ "$BACKEND" = postgresql ]; then
    [ -n "${BMP_TEST_PG:-}" ] || { echo "BMP_TEST_PG is not set: skipped"; exit 77; }
    base=bmp_tamper_$$
    uri_of() { printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///$1|"; }
    psql -q "$BMP_TEST_PG" -c "CREATE DATABASE ${base}_fix" || exit 1
    FIX=$(uri_of "${base}_fix")
fi
fail=0
n=0

L() { "$B" ledger --db "$1" --who tamper "$@"; }

# The fixture: the README demo (registers, imports, a replaced batch, two
# closes, capitation, an invoice) and a token, a payment, a conversion, a
# grade, an affiliation and certificates: every table with rows.
BRIDGEMP_NOW=2025-10-01T10:00:00Z sh examples/ledger/demo.sh "$B" "$FIX" >/dev/null 2>&1 ||
    { echo "FAIL: the demo did not run"; exit 1; }
F="$B ledger --db $FIX --who tamper"
$F token create --scope secretary:abf --name auditor >/dev/null &&
    $F payment record --body abf --club 2074 --amount 100.00 --date 2025-10-02 --ref P1 \
        --invoice ABF-1-2074 >/dev/null &&
    $F convert 1003 --body abf --foreign nz-a --points 5 --ref NZ1 --date 2025-10-03 >/dev/null &&
    $F grade 5 E --body abf >/dev/null &&
    $F affiliated 3101 2019-01-01 --body abf >/dev/null &&
    $F certificates 2025-09 --body abf >/dev/null &&
    $F verify >"$W/tamper-fixture.out" ||
    { echo "FAIL: the fixture"; cat "$W/tamper-fixture.out"; exit 1; }
HEAD=$(sed -n 's/^head //p' "$W/tamper-fixture.out")
echo "fixture verified, head $HEAD"

# A fresh copy of the fixture in $DB.
copy() {
    n=$((n + 1))
    if [ "$BACKEND" = postgresql ]; then
        psql -q "$BMP_TEST_PG" -c "CREATE DATABASE ${base}_$n TEMPLATE ${base}_fix" || exit 1
        DB=$(uri_of "${base}_$n")
    else
        DB=$W/tamper-$n.db
        rm -f "$DB" "$DB-wal" "$DB-shm"
        cp "$FIX" "$DB"
    fi
}

drop() {
    if [ "$BACKEND" = postgresql ]; then
        psql -q "$BMP_TEST_PG" -c "DROP DATABASE ${base}_$n" >/dev/null 2>&1
    else
        rm -f "$DB" "$DB-wal" "$DB-shm"
    fi
}

# Raw SQL behind the program's back (triggers that stand in the way are
# dropped first, as a tamperer would).
raw() {
    if [ "$BACKEND" = postgresql ]; then
        psql -q -v ON_ERROR_STOP=1 "$DB" -c "$1" >/dev/null
    else
        sqlite3 "$DB" "$1"
    fi
}

notrig() { # notrig TRIGGER...: drop a trigger on either backend
    for t in "$@"; do
        if [ "$BACKEND" = postgresql ]; then
            tbl=$(psql -tA "$DB" -c "SELECT event_object_table FROM information_schema.triggers \
                WHERE trigger_name = '$t' LIMIT 1")
            [ -n "$tbl" ] && raw "DROP TRIGGER $t ON $tbl"
        else
            raw "DROP TRIGGER IF EXISTS $t"
        fi
    done
}

# check NAME EXPECT [VERIFY-ARGS]: $DB was edited; verify must exit 1 and
# print EXPECT (fixed strings naming the table and key, parts split by " ~ ").
check() {
    name=$1 expect=$2
    shift 2
    out=$("$B" ledger --db "$DB" verify "$@" 2>&1)
    rc=$?
    ok=1
    rest=$expect
    while [ -n "$rest" ]; do # the parts of EXPECT between " ~ ", each on one line
        part=${rest%% ~ *}
        printf '%s\n' "$out" | grep -qF -- "$part" || ok=0
        [ "$part" = "$rest" ] && rest= || rest=${rest#* ~ }
    done
    if [ $rc -ne 1 ] || [ $ok -eq 0 ]; then
        echo "FAIL: $name: exit $rc, expected '$expect' in:"
        printf '%s\n' "$out" | head -20
        fail=$((fail + 1))
    else
        printf 'ok: %s: %s\n' "$name" "$(printf '%s\n' "$out" | grep -F -- "${expect%% ~ *}" | head -1 | sed 's/^ *//')"
    fi
    drop
}

. tests/cli/ledger/tamper_cases.sh

[ "$BACKEND" = postgresql ] && psql -q "$BMP_TEST_PG" -c "DROP DATABASE ${base}_fix" >/dev/null
echo "$n cases, $fail failed"
[ $fail -eq 0 ]
