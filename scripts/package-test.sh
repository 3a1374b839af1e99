#!/bin/sh
# The Debian packages end to end (issue 31, docs/architecture.md "Packages"):
# build them (scripts/package.sh, a Release build of their own), check them
# with lintian (no errors), install them on this machine with
# `apt-get install ./*.deb`, then, from the installed files only:
#   - the ledger demo (/usr/share/doc/bridgemp/examples, /usr/bin/bridgemp)
#     prints what tests/golden/ledger-demo.txt holds;
#   - examples/embed builds against libbridgemp-dev with pkg-config (shared,
#     static, and C++ with the ledger) and awards an example;
#   - the Python module imports with /usr/bin/python3 (when packaged);
#   - bridgemp-server: its user, its conffile, its unit (systemd-analyze
#     verify where it exists) and the unit's commands run as its user;
# then `apt-get purge` them all and check that no file of theirs is left.
# Whatever fails, what was installed is purged (trap).  Needs root;
# scripts/test.sh runs it after the tests.
#   sh scripts/package-test.sh [BUILD_DIR]     (default build-deb)
set -e
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
    echo "package-test: skipped: installing the packages (apt-get install) needs root"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# only the installed files: nothing pointing into a build tree
unset PKG_CONFIG_PATH LD_LIBRARY_PATH PYTHONPATH BRIDGEMP_LIBRARY BRIDGEMP_DB
B=${1:-build-deb}
step() { echo "== package-test: $*"; }
fail() {
    echo "package-test: FAIL: $*" >&2
    exit 1
}

# BMP_PACKAGES_BUILT=1: scripts/test.sh built them already (scripts/build.sh deb).
if [ "${BMP_PACKAGES_BUILT:-0}" = 1 ] && ls "$B"/packages/*.deb >/dev/null 2>&1; then
    step "the packages built in $B (scripts/build.sh deb)"
else
    step "building the packages (scripts/package.sh $B)"
    sh scripts/package.sh "$B" >/dev/null
fi
DEBS=$(ls "$(cd "$B" && pwd)"/packages/*.deb)
PKGS=""
for d in $DEBS; do
    PKGS="$PKGS $(dpkg-deb -f "$d" Package)"
done
# Never install over (then purge) an installation that is not ours.
for p in $PKGS; do
    st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ -z "$st" ] || [ "$st" = not-installed ] ||
        fail "$p is already on this machine ($st): not touching it"
done
W=$(mktemp -d "${TMPDIR:-/tmp}/bridgemp-pkgtest.XXXXXX")
chmod 711 "$W"
INSTALLED=0
SERVE=""
cleanup() {
    rc=$?
    [ -z "$SERVE" ] || kill "$SERVE" 2>/dev/null || true
    if [ "$INSTALLED" = 1 ]; then
        echo "package-test: purging$PKGS" >&2
        # shellcheck disable=SC2086
        dpkg --purge $PKGS >/dev/null 2>&1 || echo "package-test: dpkg --purge failed" >&2
    fi
    rm -rf "$W"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

VER=$(dpkg-deb -f "$(echo "$DEBS" | head -n 1)" Version)
VER=${VER%-*}
has() { echo " $PKGS " | grep -q " $1 "; }
for p in libbridgemp0 libbridgemp-ledger0 libbridgemp-dev bridgemp bridgemp-server; do
    has $p || fail "no package $p among$PKGS"
done
if [ -f python/bridgemp/__init__.py ] && ! has python3-bridgemp; then
    fail "python/bridgemp is in the tree but no python3-bridgemp package was built"
fi
# the engine's runtime package carries the engine only
dpkg-deb -c "$B"/packages/libbridgemp0_*.deb | grep 'libbridgemp\.so\.0' >/dev/null || fail "libbridgemp0 lacks libbridgemp.so.0"
if dpkg-deb -c "$B"/packages/libbridgemp0_*.deb | grep ledger >/dev/null; then
    fail "libbridgemp0 carries the ledger"
fi

if command -v lintian >/dev/null; then
    step "lintian --fail-on error"
    # shellcheck disable=SC2086
    lintian --fail-on error $DEBS 2>/dev/null || fail "lintian reports errors"
else
    step "lintian: not installed (scripts/deps.sh installs it), not run"
fi

step "apt-get install$PKGS"
INSTALLED=1
# shellcheck disable=SC2086
apt-get install -y -q -o DPkg::Lock::Timeout=600 $DEBS >"$W/install.log" 2>&1 || {
    cat "$W/install.log"
    fail "apt-get install"
}
# Their files: every file and link, and the directories that are theirs alone.
# shellcheck disable=SC2086
dpkg -L $PKGS | sort -u | while read -r f; do
    if [ -d "$f" ] && [ ! -L "$f" ]; then
        case "$f" in *bridgemp*) echo "$f" ;; esac
    else
        echo "$f"
    fi
done >"$W/files"
[ -s "$W/files" ] || fail "dpkg -L lists nothing"

step "bridgemp $VER from /usr/bin and its helper from /usr/libexec"
[ "$(/usr/bin/bridgemp --version)" = "bridgemp $VER" ] || fail "/usr/bin/bridgemp --version"
/usr/bin/bridgemp ledger --help | grep "^usage: bridgemp ledger" >/dev/null || fail "bridgemp ledger --help"
[ -x /usr/libexec/bridgemp/bridgemp-ledger ] || fail "no /usr/libexec/bridgemp/bridgemp-ledger"
[ -f /usr/share/man/man1/bridgemp.1.gz ] || fail "no manual page"
[ -f /usr/share/bash-completion/completions/bridgemp ] || fail "no bash completion"

step "the ledger demo from the installed files (tests/golden/ledger-demo.txt)"
DB="$W/bridgemp-demo.db"
rc=0
(cd /usr/share/doc/bridgemp && TMPDIR=$W BRIDGEMP=/usr/bin/bridgemp sh examples/ledger/demo.sh) \
    >"$W/demo.raw" 2>&1 || rc=$?
sed -e "s|$DB|LEDGER.db|g" -f scripts/ledger-demo.sed "$W/demo.raw" >"$W/demo.txt"
[ "$rc" -eq 0 ] || echo "exit $rc" >>"$W/demo.txt"
diff -u tests/golden/ledger-demo.txt "$W/demo.txt" || fail "the installed demo differs from tests/golden/ledger-demo.txt"

step "examples/embed against libbridgemp-dev (pkg-config --cflags --libs bridgemp)"
EX=/usr/share/doc/bridgemp/examples
cp -r $EX/embed "$W/embed"
# shellcheck disable=SC2046
cc -std=c17 -O2 -Wall -Wextra -Werror -o "$W/embed/embed" "$W/embed/embed.c" \
    $(pkg-config --cflags --libs bridgemp) || fail "cc embed.c with pkg-config bridgemp"
ldd "$W/embed/embed" | grep -Eq "libbridgemp\.so\.0 => (/usr)?/lib/" || fail "embed does not load the installed libbridgemp.so.0"
# ABF-6 (3.1.1): grade E W = 1.50, 10-table Mitchell: 0.02 x 1.50 x 10 = 0.30
check_embed() {
    "$1" $EX/abf/club-pairs.json >"$W/embed.out" || fail "$1 failed"
    if ! grep -Eq '^  1 +session 1 NS +0\.30 green +ABF-6$' "$W/embed.out" ||
        ! grep -q ": 10 awards$" "$W/embed.out" || ! grep -q "(libbridgemp $VER)" "$W/embed.out"; then
        fail "$1: unexpected output: $(cat "$W/embed.out")"
    fi
}
check_embed "$W/embed/embed"
# static: libbridgemp.a and the dependencies bridgemp.pc names
LIBDIR=$(pkg-config --variable=libdir bridgemp)
# shellcheck disable=SC2046
cc -std=c17 -O2 -o "$W/embed/embed-static" "$W/embed/embed.c" $(pkg-config --cflags bridgemp) \
    "$LIBDIR/libbridgemp.a" $(pkg-config --libs $(pkg-config --print-requires-private bridgemp)) \
    -lm -lpthread || fail "static link against $LIBDIR/libbridgemp.a"
if ldd "$W/embed/embed-static" | grep -q libbridgemp; then fail "embed-static loads libbridgemp"; fi
check_embed "$W/embed/embed-static"
if command -v c++ >/dev/null; then
    # shellcheck disable=SC2046
    c++ -std=c++17 -O2 -Wall -Wextra -Werror -o "$W/embed/embed-cxx" "$W/embed/embed.cpp" \
        $(pkg-config --cflags --libs bridgemp-ledger) || fail "c++ embed.cpp with bridgemp-ledger"
    "$W/embed/embed-cxx" $EX/abf/club-pairs.json | grep -Eq "^C\+\+: libbridgemp $VER, ledger schema [0-9]+: 10 awards$" ||
        fail "embed-cxx: unexpected output"
fi

if has python3-bridgemp; then
    step "import bridgemp with /usr/bin/python3"
    # the module, the version, and the libraries the process mapped (the
    # installed libbridgemp.so.0 and not the ledger's)
    out=$(cd "$W" && /usr/bin/python3 -I -c '
import bridgemp
print(bridgemp.__file__)
print(bridgemp.version())
with open("/proc/self/maps") as m:
    print(" ".join(sorted({l.split()[-1] for l in m if "libbridgemp" in l})))') ||
        fail "import bridgemp"
    echo "$out" | sed -n 1p | grep -q "^/usr/lib/python3/dist-packages/bridgemp/__init__.py$" ||
        fail "bridgemp imported from elsewhere: $out"
    [ "$(echo "$out" | sed -n 2p)" = "$VER" ] || fail "bridgemp.version(): $out"
    echo "$out" | sed -n 3p | grep -Eqx "(/usr)?/lib/[^ ]*/libbridgemp\.so\.$VER" ||
        fail "the module mapped other libraries than the installed libbridgemp: $out"
else
    step "python3-bridgemp: not built (no python/bridgemp in the tree)"
fi

step "bridgemp-server: user, conffile, unit"
UNIT=/usr/lib/systemd/system/bridgemp.service
getent passwd bridgemp | grep -q ':/var/lib/bridgemp:/usr/sbin/nologin$' || fail "system user bridgemp"
dpkg-query -W -f='${Conffiles}\n' bridgemp-server | grep -q "^ /etc/default/bridgemp " ||
    fail "/etc/default/bridgemp is not a conffile"
for k in User=bridgemp StateDirectory=bridgemp EnvironmentFile=-/etc/default/bridgemp \
    ProtectSystem=strict ProtectHome=yes NoNewPrivileges=yes PrivateTmp=yes PrivateDevices=yes \
    CapabilityBoundingSet= SystemCallFilter=@system-service; do
    grep -qx "$k" $UNIT || fail "$UNIT lacks $k"
done
grep -q "^RestrictAddressFamilies=" $UNIT || fail "$UNIT lacks RestrictAddressFamilies"
if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify $UNIT || fail "systemd-analyze verify $UNIT"
else
    echo "   (systemd-analyze not installed: not verified)"
fi
# The unit's two commands as systemd would run them (as bridgemp, with
# /etc/default/bridgemp), on a state directory of the test's own.
mkdir "$W/state"
chown bridgemp:bridgemp "$W/state"
# shellcheck disable=SC1091
. /etc/default/bridgemp
# shellcheck disable=SC2034 # the unit's lines name them (eval below)
BRIDGEMP_DB=$W/state/ledger.db
# shellcheck disable=SC2034
BRIDGEMP_LISTEN=127.0.0.1:0
# shellcheck disable=SC2034
BRIDGEMP_SERVE_ARGS="--port-file $W/state/port"
for c in ExecStartPre ExecStart; do
    line=$(sed -n "s/^$c=//p" $UNIT)
    eval "set -- $line"
    if [ $c = ExecStartPre ]; then
        setpriv --reuid=bridgemp --regid=bridgemp --init-groups -- "$@" >/dev/null || fail "$c as bridgemp: $*"
    else
        setpriv --reuid=bridgemp --regid=bridgemp --init-groups -- "$@" 2>"$W/serve.err" &
        SERVE=$!
    fi
done
i=0
while [ ! -s "$W/state/port" ] && [ $i -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
done
[ -s "$W/state/port" ] || fail "bridgemp serve did not start: $(cat "$W/serve.err")"
U="http://127.0.0.1:$(cat "$W/state/port")"
curl -fsS "$U/healthz" >/dev/null || fail "GET /healthz"
curl -fsS "$U/api/v1/batches" | grep -q '"total": *0' || fail "GET /api/v1/batches on the new ledger"
kill -TERM "$SERVE"
wait "$SERVE" || fail "bridgemp serve did not stop cleanly on SIGTERM"
SERVE=""

step "apt-get purge$PKGS"
# shellcheck disable=SC2086
apt-get purge -y -q -o DPkg::Lock::Timeout=600 $PKGS >"$W/purge.log" 2>&1 || {
    cat "$W/purge.log"
    fail "apt-get purge"
}
INSTALLED=0
left=$(while read -r f; do
    if [ -e "$f" ] || [ -L "$f" ]; then echo "$f"; fi
done <"$W/files")
[ -z "$left" ] || fail "left after the purge: $left"
for p in $PKGS; do
    st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ -z "$st" ] || [ "$st" = not-installed ] || fail "$p is still $st after the purge"
done
[ ! -e /etc/systemd/system/multi-user.target.wants/bridgemp.service ] ||
    fail "the unit is still enabled after the purge"
echo "package-test: $(wc -l <"$W/files") files of$PKGS installed, used and purged"
