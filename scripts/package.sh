#!/bin/sh
# Build the Debian packages (cmake/packaging.cmake: CPack's DEB generator)
# in a Release build of their own, configured for /usr, with Debian's
# hardening flags (dpkg-buildflags, as debhelper would pass them):
#   sh scripts/package.sh [BUILD_DIR]     (default build-deb)
# leaves BUILD_DIR/packages/*.deb and prints their paths.  Install them with
#   apt-get install ./build-deb/packages/*.deb
set -e
cd "$(dirname "$0")/.."
B=${1:-build-deb}
JOBS=${JOBS:-2}
# BMP_DEB_TESTS=ON: the test suite in the same build too, for the tests only a
# plain build can show (scripts/test.sh runs `ctest -L plain` there).
TESTS=${BMP_DEB_TESTS:-OFF}
CFLAGS_DEB=""
LDFLAGS_DEB=""
if command -v dpkg-buildflags >/dev/null; then
    export DEB_BUILD_MAINT_OPTIONS=hardening=+all
    CFLAGS_DEB="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CFLAGS)"
    LDFLAGS_DEB=$(dpkg-buildflags --get LDFLAGS)
fi
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DBMP_TESTS="$TESTS" \
    "-DCMAKE_C_FLAGS=$CFLAGS_DEB" "-DCMAKE_EXE_LINKER_FLAGS=$LDFLAGS_DEB" \
    "-DCMAKE_SHARED_LINKER_FLAGS=$LDFLAGS_DEB" >/dev/null
rm -f "$B"/packages/*.deb
cmake --build "$B" -j"$JOBS" --target package >"$B/package.log" 2>&1 || {
    cat "$B/package.log"
    exit 1
}
ls "$B"/packages/*.deb
