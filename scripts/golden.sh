#!/bin/sh
# Award every example (and a set of USEBIO files) with --explain and write
# one text file per input into DIR.  tests/golden/ holds the reference run:
# a refactor must leave every award and derivation byte-identical
# (ctest: golden_examples).  Regenerate deliberately, and say why in the
# commit, only when a change of results is intended:
#   sh scripts/golden.sh build/bridgemp tests/golden
set -e
BIN=${1:?usage: golden.sh BRIDGEMP DIR}
OUT=${2:?usage: golden.sh BRIDGEMP DIR}
cd "$(dirname "$0")/.."
mkdir -p "$OUT"
# standard output, then standard error, then a non-zero exit code: one file,
# in an order that does not depend on buffering
finish() {
    cat "$1.err" >>"$1.txt"
    rm -f "$1.err"
    [ "$2" -eq 0 ] || echo "exit $2" >>"$1.txt"
}
for f in examples/*/*.json; do
    b=$(basename "$(dirname "$f")")-$(basename "$f" .json)
    rc=0
    "$BIN" award "$f" --explain >"$OUT/$b.txt" 2>"$OUT/$b.err" || rc=$?
    finish "$OUT/$b" $rc
done
U=tests/data/usebio
while read -r name file args; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086
    rc=0
    "$BIN" award "$U/$file" $args --explain >"$OUT/usebio-$name.txt" 2>"$OUT/usebio-$name.err" ||
        rc=$?
    finish "$OUT/usebio-$name" $rc
done <<LIST
abf-club abf_club_5tables.xml --body abf --grade E
abf-example-pairs example_pairs.xml --body abf --grade E
abf-tied tied_places.xml --body abf --grade E
nzb-example-teams example_teams.xml --body nzb --grade 40C
nzb-club-5tables nzb_club_5tables.xml --body nzb --grade 40C
ebu-club-5tables abf_club_5tables.xml --body ebu --status club
LIST
# The ledger demo's reports (issue 32: a refactor of the ledger leaves them
# byte-identical): the database path and the clock vary between runs, and the
# schema number counts migrations, so all three are replaced by fixed text;
# so is the hash of the audit chain's head (issue 27), which covers the clock.
DB="$OUT/ledger-demo.db"
rc=0
sh examples/ledger/demo.sh "$BIN" "$DB" >"$OUT/ledger-demo.raw" 2>&1 || rc=$?
sed -e "s|$DB|LEDGER.db|g" -f scripts/ledger-demo.sed "$OUT/ledger-demo.raw" >"$OUT/ledger-demo.txt"
[ "$rc" -eq 0 ] || echo "exit $rc" >>"$OUT/ledger-demo.txt"
rm -f "$OUT/ledger-demo.raw" "$DB" "$DB-wal" "$DB-shm"
