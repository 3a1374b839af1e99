#!/bin/sh
# The full fault sweeps (docs/reliability.md): every allocation of every
# example event (award, JSON and USEBIO out), of a USEBIO read and of a
# ledger month (import, approve, close) fails in turn, under ASan + UBSan.
# CI runs the same program on a reduced set (about 150 points a case).
#   sh scripts/faults.sh
set -e
cd "$(dirname "$0")/.."
cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DBMP_SANITIZE=ON >/dev/null
cmake --build build-san -j"${JOBS:-2}" --target test_fault_alloc
BMP_FAULT_FULL=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ./build-san/tests/test_fault_alloc
