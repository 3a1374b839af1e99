#!/bin/sh
# Build and run the whole test suite twice: a normal build (then the Debian
# packages: built, installed, used and purged, as root), then under
# AddressSanitizer + UndefinedBehaviorSanitizer; then the 8-thread test
# (no global mutable state) and the server's API and browser tests under
# ThreadSanitizer.  Fuzz targets (if present)
# run for a bounded time under the sanitizers.
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}

# A throwaway PostgreSQL cluster for the ledger's *_pg tests (issue 12),
# removed however the script ends.
echo "== PostgreSQL cluster (scripts/pg-cluster.sh)"
eval "$(sh scripts/pg-cluster.sh start)"
export BMP_TEST_PG BMP_PG_DIR BMP_PG_BIN
trap 'sh scripts/pg-cluster.sh stop "$BMP_PG_DIR"' EXIT INT TERM
echo "   $BMP_TEST_PG"

echo "== build (RelWithDebInfo)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$JOBS"
echo "== tests"
ctest --test-dir build --output-on-failure -j"$JOBS"

# The Debian packages (issue 31): built in build-deb (Release), installed
# with apt-get, used from the installed files, purged.  Root only (it says
# why it is skipped otherwise).
echo "== Debian packages (scripts/package-test.sh)"
sh scripts/package-test.sh build-deb

echo "== build (ASan + UBSan)"
cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DBMP_SANITIZE=ON >/dev/null
cmake --build build-san -j"$JOBS"
echo "== tests under ASan + UBSan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-san --output-on-failure -j"$JOBS"

echo "== build (ThreadSanitizer): test_threads and the server"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DBMP_TSAN=ON >/dev/null
cmake --build build-tsan -j"$JOBS" --target test_threads test_resp_cache test_srv_pool bridgemp
echo "== 8 threads at once, and bridgemp serve's worker threads, under ThreadSanitizer"
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    ctest --test-dir build-tsan --output-on-failure -R '^(test_threads|test_resp_cache|test_srv_pool|cli_serve_api|cli_serve_cache|cli_serve_browser)$'

if [ -x scripts/fuzz.sh ]; then
    echo "== fuzzing (bounded)"
    sh scripts/fuzz.sh
fi
