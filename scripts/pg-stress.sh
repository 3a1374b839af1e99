#!/bin/sh
# The PostgreSQL concurrency and crash tests repeated (issue 12): the same
# event imported by two clients at once, the client killed and the server
# stopped -m immediate mid-month, each RUNS times (default 50), on a
# throwaway cluster; prints the counts.  Needs a built tree (build/).
#   RUNS=50 sh scripts/pg-stress.sh
set -e
cd "$(dirname "$0")/.."
eval "$(sh scripts/pg-cluster.sh start)"
export BMP_TEST_PG BMP_PG_DIR BMP_PG_BIN
trap 'sh scripts/pg-cluster.sh stop "$BMP_PG_DIR"' EXIT INT TERM
BMP_PG_RACES=${RUNS:-50} BMP_PG_CRASHES=${RUNS:-50} BMP_TEST_BACKEND=postgresql \
    ./build/tests/test_ledger_pg 2>&1 | grep -v "WARNING:  terminating connection"
