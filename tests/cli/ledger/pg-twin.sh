#!/bin/sh
# The CLI's ledger steps and demo on PostgreSQL (issue 12): a new database of
# the cluster scripts/test.sh starts (BMP_TEST_PG), the same script, then the
# database dropped.  Exit 77 (skipped) without a cluster.
#   sh pg-twin.sh steps|secretary|demo|one_event|numbers|acblscore|serve_acblscore|club|serve_api|serve_harden|serve_hold|serve_bounds|serve_accounts|serve_subapi|serve_api_v1|serve_cache|serve_register|serve_charges_rates|ebu_steps BRIDGEMP WORKDIR
what=$1 BIN=$2 W=$3
[ -n "$BMP_TEST_PG" ] || { echo "BMP_TEST_PG is not set: skipped"; exit 77; }
name=bmp_cli_$$
psql -q "$BMP_TEST_PG" -c "CREATE DATABASE $name" || exit 1
uri=$(printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///$name|")
case $what in
steps) BMP_STEPS_DB=$uri sh tests/cli/ledger/steps.sh "$BIN" "$W" ;;
secretary) BMP_STEPS_DB=$uri sh tests/cli/ledger/secretary.sh "$BIN" "$W" ;;
demo) sh examples/ledger/demo.sh "$BIN" "$uri" ;;
one_event) BMP_STEPS_DB=$uri sh tests/cli/ledger/one_event.sh "$BIN" "$W" ;;
numbers) BMP_STEPS_DB=$uri sh tests/cli/ledger/numbers.sh "$BIN" "$W" ;;
acblscore) BMP_STEPS_DB=$uri sh tests/cli/ledger/acblscore.sh "$BIN" "$W" ;;
serve_acblscore) BMP_STEPS_DB=$uri sh tests/cli/serve/acblscore.sh "$BIN" "$W" ;;
text_door) BMP_TEXT_DB=$uri sh tests/cli/ledger/text_door.sh "$BIN" "$W" ;;
serve_api) BMP_STEPS_DB=$uri sh tests/cli/serve/api.sh "$BIN" "$W" ;;
serve_cache) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/cache.py "$BIN" "$W" ;;
serve_harden) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/harden.py "$BIN" "$W" ;;
serve_hold) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/hold.py "$BIN" "$W" ;;
serve_bounds) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/bounds.py "$BIN" "$W" ;;
serve_accounts) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/accounts.py "$BIN" "$W" ;;
serve_subapi) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/subapi.py "$BIN" "$W" ;;
serve_api_v1) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/api_v1.py "$BIN" "$W" ;;
serve_register) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/register.py "$BIN" "$W" ;;
ebu_steps) BMP_STEPS_DB=$uri sh tests/cli/ledger_ebu/steps.sh "$BIN" "$W" ;;
serve_charges_rates) BMP_STEPS_DB=$uri /usr/bin/python3 tests/cli/serve/charges_rates.py "$BIN" "$W" ;;
club) # two ledgers: a second database
    psql -q "$BMP_TEST_PG" -c "CREATE DATABASE ${name}_2" || exit 1
    BMP_STEPS_DB=$uri BMP_STEPS_DB2=$(printf '%s' "$BMP_TEST_PG" | sed "s|:///[^?]*|:///${name}_2|") \
        sh tests/cli/ledger_club/steps.sh "$BIN" "$W" ;;
esac
rc=$?
[ "$what" = club ] && psql -q "$BMP_TEST_PG" -c "DROP DATABASE ${name}_2"
psql -q "$BMP_TEST_PG" -c "DROP DATABASE $name"
exit $rc
