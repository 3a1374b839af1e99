#!/bin/sh
# tests/cli/ledger_movein/steps.sh on a new PostgreSQL database of the
# cluster BMP_TEST_PG names, dropped after.  Exit 77 (skipped) without one.
#   sh pg-twin.sh BRIDGEMP WORKDIR
BIN=$1 W=$2
[ -n "$BMP_TEST_PG" ] || { echo "BMP_TEST_PG is not set: skipped"; exit 77; }
name=bmp_movein_$$
psql -q "$BMP_TEST_PG" -c "CREATE DATABASE $name" || exit 1
uri=$(printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///$name|")
BMP_STEPS_DB=$uri sh tests/cli/ledger_movein/steps.sh "$BIN" "$W"
rc=$?
psql -q "$BMP_TEST_PG" -c "DROP DATABASE $name"
exit $rc
