#!/bin/sh
# Build and run the whole test suite twice: a normal build, then under
# AddressSanitizer + UndefinedBehaviorSanitizer.  Fuzz targets (if present)
# run for a bounded time under the sanitizers.
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}

echo "== build (RelWithDebInfo)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$JOBS"
echo "== tests"
ctest --test-dir build --output-on-failure -j"$JOBS"

echo "== build (ASan + UBSan)"
cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DBMP_SANITIZE=ON >/dev/null
cmake --build build-san -j"$JOBS"
echo "== tests under ASan + UBSan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-san --output-on-failure -j"$JOBS"

if [ -x scripts/fuzz.sh ]; then
    echo "== fuzzing (bounded)"
    sh scripts/fuzz.sh
fi
