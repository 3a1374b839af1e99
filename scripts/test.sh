#!/bin/sh
# The whole test suite, as CI runs it (.ci/run): every stage once, none run
# twice, within half of CI's 90 minutes on the 2-core machine (issue 41).
#
#   postgres   a throwaway cluster for the *_pg twins (scripts/pg-cluster.sh)
#   build-san  clang, ASan + UBSan: every test program and the libFuzzer
#              harnesses, one build (scripts/build.sh san)
#   suite      the whole suite under ASan + UBSan (ctest -j$TEST_JOBS: the
#              PostgreSQL twins, the servers and the browser spend much of
#              their time waiting); meanwhile the two other builds run at the
#              lowest priority on what the tests leave of the CPU:
#   build-tsan ThreadSanitizer: the 8-thread test and the server
#   build-deb  the plain Release build with Debian's flags and the tests
#              (scripts/package.sh), the packages' own build
#   plain      what only a plain build can show, in build-deb (ctest -L plain:
#              the Python module over the shared library, exported symbols
#              and --no-undefined, the bmp_ prefix, examples/embed, award
#              loading no database client, the bench smoke runs)
#   packages   the Debian packages from build-deb: lintian, installed, used,
#              purged (scripts/package-test.sh; root only)
#   tsan       8 threads at once and bridgemp serve's workers under TSan
#   fuzz       each harness of build-san for a bounded time (scripts/fuzz.sh)
# At the end, a table of each stage's minutes.  Environment: JOBS (compile
# jobs, default 2), TEST_JOBS (ctest jobs, default 3), FUZZ_SECONDS,
# FUZZ_RUNS, FUZZ_JOBS (scripts/fuzz.sh).
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
TEST_JOBS=${TEST_JOBS:-3}
export JOBS
T=$(mktemp -d "${TMPDIR:-/tmp}/bmp-test-XXXXXX")
: >"$T/stages"
T0=$(date +%s)
# .ci/run notes when it started (BMP_CI_START, before scripts/deps.sh): the
# dependencies' minutes are the time from then to here.
BMP_DEPS_SECONDS=""
[ -z "${BMP_CI_START:-}" ] || BMP_DEPS_SECONDS=$((T0 - BMP_CI_START))
BG=""

# stage NAME COMMAND...: run it, and note its seconds and status in $T/stages.
stage() {
    name=$1
    shift
    echo "== $name: $*"
    s=$(date +%s)
    rc=0
    "$@" || rc=$?
    echo "$name $(($(date +%s) - s)) $rc" >>"$T/stages"
    return $rc
}
table() {
    echo
    echo "== stages, minutes (build-tsan and build-deb ran beside the suite)"
    [ -z "${BMP_DEPS_SECONDS:-}" ] || awk -v t="$BMP_DEPS_SECONDS" 'BEGIN { printf "   %-10s %6.1f\n", "deps", t / 60 }'
    awk '{ printf "   %-10s %6.1f%s\n", $1, $2 / 60, ($3 == 0 ? "" : "   FAILED") }' "$T/stages"
    awk -v t="$(($(date +%s) - T0 + ${BMP_DEPS_SECONDS:-0}))" 'BEGIN { printf "   %-10s %6.1f\n", "total", t / 60 }'
}
cleanup() {
    rc=$?
    [ -z "$BG" ] || wait "$BG" 2>/dev/null || true
    [ -z "$BMP_PG_DIR" ] || sh scripts/pg-cluster.sh stop "$BMP_PG_DIR"
    table
    rm -rf "$T"
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pg_start() {
    eval "$(sh scripts/pg-cluster.sh start)"
    export BMP_TEST_PG BMP_PG_DIR BMP_PG_BIN
    echo "   $BMP_TEST_PG"
}
stage postgres pg_start
stage build-san sh scripts/build.sh san

# The other two builds, one after the other at the lowest priority, while
# the suite runs; their output in $T/bg.log, printed if one fails.
(
    stage build-tsan nice -n 19 sh scripts/build.sh tsan &&
        stage build-deb nice -n 19 sh scripts/build.sh deb
) >"$T/bg.log" 2>&1 &
BG=$!

suite() {
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build-san --output-on-failure -j"$TEST_JOBS" -LE plain
}
stage suite suite

echo "== waiting for build-tsan and build-deb"
bg_rc=0
wait "$BG" || bg_rc=$?
BG=""
cat "$T/bg.log"
[ "$bg_rc" -eq 0 ] || { echo "a background build failed" >&2; exit 1; }

stage plain ctest --test-dir build-deb --output-on-failure -j"$TEST_JOBS" -L plain
stage packages env BMP_PACKAGES_BUILT=1 sh scripts/package-test.sh build-deb
tsan() {
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
        ctest --test-dir build-tsan --output-on-failure \
        -R '^(test_threads|test_resp_cache|test_srv_pool|cli_serve_api|cli_serve_cache|cli_serve_hold|cli_serve_bounds|cli_serve_browser)$'
}
stage tsan tsan
stage fuzz env FUZZ_BUILD=build-san sh scripts/fuzz.sh
