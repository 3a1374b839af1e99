#!/bin/sh
# Long fuzzing (not in CI; docs/reliability.md records the runs): every
# libFuzzer harness in tests/fuzz for FUZZ_RUNS executions each (default
# 10,000,000), random seed, the committed corpus plus build-fuzz/corpus/.
# A crash stops that harness and leaves its input in build-fuzz/artifacts/:
# add it to tests/fuzz/corpus/<name>/ (scripts/fuzz.sh, run by CI, replays
# the corpus) and fix it.  Prints executions, coverage and corpus per harness.
# FUZZ_SECONDS (default: no limit) bounds each harness's time instead.
# Paths are absolute: the HTTP harness runs a server in-process, which
# works in its own upload directory.
# The HTTP and registers harnesses run with -detect_leaks=0: their state
# outlives an input (the server's threads free a request's memory after the
# client has its answer; the ledger's SQLite caches grow), so libFuzzer's
# per-input check (mallocs != frees) re-ran nearly every input under a full
# LeakSanitizer scan: a third of the time, and half the rate or less.
# LeakSanitizer still checks the whole process when the run ends (and fails
# it), so a leak in any input is reported.
# libFuzzer's -timeout is wall-clock time: a long run at nice 19 beside a
# build on the same cores was starved for 15 s on one input and stopped as
# a "timeout" (2026-11-27: both runs, inputs that take 45 and 94 ms).  The
# long runs therefore allow FUZZ_TIMEOUT seconds (default 60), which still
# stops a real hang, and report inputs slower than 10 s without stopping
# (-report_slow_units).  CI's bounded run keeps 10 s.
# The harnesses are built at -O1 in build-fuzz-long/ (FUZZ_OPT; CI's bounded
# run keeps its -O0 build-fuzz/): our code is the instrumented part, and at
# -O0 the registers and HTTP harnesses ran at 700-1,300 inputs a second, so
# a 10M run took longer than a working session.  FUZZ_WORKERS=N runs N
# processes over one corpus (libFuzzer -jobs/-workers, RUNS/N each, the
# executions summed): a slow harness can have both cores.  Logs go to
# build-fuzz/long-NAME/ (one fuzz-K.log a worker).  AddressSanitizer keeps
# 10 frames per allocation stack (malloc_context_size, default 30) and a
# 64 MB quarantine (default 256 MB): the ledger harnesses allocate through
# SQLite on every input, and unwinding 30 frames and recycling the
# quarantine were a fifth of their time; a report then shows 10 frames of
# where the memory was allocated, and a use after free is still caught
# while the freed block is among the last 64 MB freed.
# Inputs are at most FUZZ_MAXLEN bytes: 65,536 by default, 16,384 for the
# HTTP harness.  Its cost per input grew with its uploads (a 21 KB credit
# file took 57 ms, a 1.8 KB one 8-10 ms), which the parser harnesses already
# fuzz up to 64 KB; 16 KB still holds a request target that fills
# libmicrohttpd's 16 KiB pool.
#   FUZZ_RUNS=10000000 FUZZ_WORKERS=2 JOBS=2 sh scripts/fuzz-long.sh [NAME...]
set -e
cd "$(dirname "$0")/.."
root=$PWD
RUNS=${FUZZ_RUNS:-10000000}
W=${FUZZ_WORKERS:-1}
CC=${FUZZ_CC:-clang} cmake -S . -B build-fuzz-long -DCMAKE_BUILD_TYPE=Debug -DBMP_FUZZ=ON \
    -DBMP_TESTS=OFF -DCMAKE_C_FLAGS_DEBUG="-g ${FUZZ_OPT:--O1}" >/dev/null
cmake --build build-fuzz-long -j"${JOBS:-2}" >/dev/null
mkdir -p build-fuzz/artifacts
status=0
names=$*
[ -n "$names" ] || names=$(ls build-fuzz-long/tests/fuzz/ | sed -n 's/^fuzz_//p')
for name in $names; do
    bin=$root/build-fuzz-long/tests/fuzz/fuzz_$name
    logs=$root/build-fuzz/long-$name
    rm -rf "$logs"
    mkdir -p "$logs" "build-fuzz/corpus/$name" "tests/fuzz/corpus/$name"
    maxlen=${FUZZ_MAXLEN:-65536}
    [ "$name" = http ] && maxlen=${FUZZ_MAXLEN:-16384}
    echo "== fuzz $name: $RUNS runs, $W worker(s), inputs up to $maxlen bytes"
    extra=
    case $name in http | registers) extra=-detect_leaks=0 ;; esac
    [ "$W" -gt 1 ] && extra="$extra -jobs=$W -workers=$W"
    start=$(date +%s)
    if (cd "$logs" && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:malloc_context_size=10:quarantine_size_mb=64 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$bin" $extra -seed=0 -runs=$(( (RUNS + W - 1) / W )) -max_total_time="${FUZZ_SECONDS:-0}" \
               -timeout="${FUZZ_TIMEOUT:-60}" -report_slow_units=10 \
               -rss_limit_mb=2048 -max_len=$maxlen -print_final_stats=1 \
               -artifact_prefix="$root/build-fuzz/artifacts/$name-" \
               "$root/build-fuzz/corpus/$name" "$root/tests/fuzz/corpus/$name" \
               >"$logs/main.log" 2>&1); then
        :
    else
        echo "fuzz $name FAILED: see $logs/ and build-fuzz/artifacts/" >&2
        status=1
    fi
    # a worker's own log (main.log repeats each one as its job ends)
    set -- "$logs"/fuzz-*.log
    [ -f "$1" ] || set -- "$logs/main.log"
    echo "   $(( $(date +%s) - start )) s; executions $(cat "$@" |
        awk '/stat::number_of_executed_units/ {s += $2} END {print s + 0}'), new units $(cat "$@" |
        awk '/stat::new_units_added/ {s += $2} END {print s + 0}'); last: $(cat "$@" |
        grep -E '^#[0-9]+.*(DONE|pulse|REDUCE|NEW)' | tail -1 | cut -c1-100)"
done
exit $status
