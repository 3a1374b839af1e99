#!/bin/sh
# Build the libFuzzer harnesses (tests/fuzz/) with clang into build-fuzz/ and
# run each for a bounded number of inputs (FUZZ_RUNS, default 60000) and time
# (FUZZ_SECONDS, default 60), starting from the committed seed corpus
# (every harness of tests/fuzz/, ledger_carried included: issue 26).  The
# seed is fixed (FUZZ_SEED, default 1) so that CI is reproducible: the same
# commit explores the same inputs.  For exploratory runs set FUZZ_SEED=0
# (random) and a larger FUZZ_SECONDS/FUZZ_RUNS=-1.  Fails on any crash, leak, timeout or trap.  New
# corpus entries go to build-fuzz/corpus/ (not committed); a crash leaves its
# input in build-fuzz/artifacts/ -- make it a regression test.  Paths are
# absolute: the HTTP harness runs a server in-process, which works in its own
# upload directory.
#
# FUZZ_BUILD=DIR: use the harnesses of a build made already (scripts/test.sh
# passes build-san, which scripts/build.sh san configures with BMP_FUZZ=ON)
# instead of building build-fuzz/.  FUZZ_JOBS (default 2): harnesses run at
# once, each a single process (the seed fixes what each explores).
set -e
cd "$(dirname "$0")/.."
SECS=${FUZZ_SECONDS:-60}
RUNS=${FUZZ_RUNS:-60000}
SEED=${FUZZ_SEED:-1}
JOBS=${JOBS:-2}
FJOBS=${FUZZ_JOBS:-2}
B=${FUZZ_BUILD:-}
if [ -z "$B" ]; then
    B=build-fuzz
    CC=${FUZZ_CC:-clang} cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DBMP_FUZZ=ON \
        -DBMP_TESTS=OFF >/dev/null
    cmake --build build-fuzz -j"$JOBS" >/dev/null
fi
ls "$B"/tests/fuzz/fuzz_* >/dev/null 2>&1 || {
    echo "fuzz.sh: no harness in $B/tests/fuzz (configure it with -DBMP_FUZZ=ON, clang)" >&2
    exit 1
}
mkdir -p build-fuzz/artifacts
W=$(mktemp -d "${TMPDIR:-/tmp}/bmp-fuzz-XXXXXX")
trap 'rm -rf "$W"' EXIT

# one harness: its log in build-fuzz/NAME.log, its status in $W/NAME.rc
fuzz_one() {
    bin=$1 name=$2
    mkdir -p "build-fuzz/corpus/$name" "tests/fuzz/corpus/$name"
    rc=0
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" -seed="$SEED" -runs="$RUNS" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
           -print_final_stats=1 -artifact_prefix="$PWD/build-fuzz/artifacts/$name-" \
           "$PWD/build-fuzz/corpus/$name" "$PWD/tests/fuzz/corpus/$name" \
           >"build-fuzz/$name.log" 2>&1 || rc=$?
    echo "$rc" >"$W/$name.rc"
}

running=0
for bin in "$B"/tests/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    name=${bin##*/fuzz_}
    echo "== fuzz $name (seed $SEED, $RUNS runs, at most ${SECS}s)"
    fuzz_one "$bin" "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$FJOBS" ]; then
        wait
        running=0
    fi
done
wait

status=0
for rcf in "$W"/*.rc; do
    name=$(basename "$rcf" .rc)
    if [ "$(cat "$rcf")" != 0 ]; then
        echo "fuzz $name FAILED: see build-fuzz/$name.log and build-fuzz/artifacts/" >&2
        tail -40 "build-fuzz/$name.log" >&2
        status=1
    else
        printf '%s: ' "$name"
        grep -E 'stat::number_of_executed_units|stat::new_units_added' "build-fuzz/$name.log" | tr '\n' ' '
        echo
    fi
done
exit $status
