#!/bin/sh
# Run one command with a PostgreSQL cluster of its own (scripts/pg-cluster.sh
# start ... stop), for a test that stops or crashes its server
# (test_ledger_pg_pg: pg_ctl stop -m immediate mid-month).  The other *_pg
# tests share the cluster scripts/test.sh starts, each in a database of its
# own, and run in parallel; this one must not take their server down.
# Exit 77 (skipped) where no cluster was started for the suite either.
#   sh scripts/pg-own-cluster.sh COMMAND [ARG...]
[ -n "$BMP_TEST_PG" ] || { echo "BMP_TEST_PG is not set: skipped (scripts/test.sh starts a cluster)"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
env=$(sh "$here/pg-cluster.sh" start) || exit 1
eval "$env"
export BMP_TEST_PG BMP_PG_DIR BMP_PG_BIN
rc=0
"$@" || rc=$?
sh "$here/pg-cluster.sh" stop "$BMP_PG_DIR"
exit $rc
