#!/bin/sh
# The project's builds, by name, as the test suite (scripts/test.sh) and a
# developer make them:
#   sh scripts/build.sh plain   build/      RelWithDebInfo, gcc: the everyday build
#   sh scripts/build.sh san     build-san/  clang, Debug, ASan + UBSan: every test
#                                           and the libFuzzer harnesses (tests/fuzz)
#   sh scripts/build.sh tsan    build-tsan/ ThreadSanitizer: test_threads, the
#                                           server's threaded tests and bridgemp
#   sh scripts/build.sh deb     build-deb/  Release with Debian's flags and the
#                                           tests, then the packages (scripts/package.sh)
# Output goes to BUILD_DIR/build.log; on failure its tail is printed.
# JOBS (default 2) compile jobs.
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
what=${1:-plain}
run() { # DIR: cmake --build DIR [targets], quiet unless it fails
    dir=$1
    shift
    cmake --build "$dir" -j"$JOBS" "$@" >"$dir/build.log" 2>&1 || {
        tail -60 "$dir/build.log" >&2
        echo "build.sh $what: failed, see $dir/build.log" >&2
        exit 1
    }
}
case $what in
plain)
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    run build
    ;;
san)
    # clang: libFuzzer is clang's; the tests get the harnesses' coverage
    # instrumentation too, so one build serves the suite and the fuzzers.
    CC=${SAN_CC:-clang} cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DBMP_SANITIZE=ON \
        -DBMP_FUZZ=ON >/dev/null
    run build-san
    ;;
tsan)
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DBMP_TSAN=ON >/dev/null
    run build-tsan --target test_threads test_resp_cache test_srv_pool bridgemp
    ;;
deb)
    BMP_DEB_TESTS=ON sh scripts/package.sh build-deb >/dev/null
    ;;
*)
    echo "usage: sh scripts/build.sh plain|san|tsan|deb" >&2
    exit 2
    ;;
esac
echo "build.sh $what: built"
