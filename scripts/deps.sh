#!/bin/sh
# Install everything bridgemp needs to build and test, on Debian 12, as root.
# One list, used by both README commands and by CI.
set -e
export DEBIAN_FRONTEND=noninteractive
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake pkg-config ca-certificates \
    libjansson-dev libxml2-dev libsqlite3-dev sqlite3 libsodium-dev libcmocka-dev \
    clang libclang-rt-14-dev python3 python3-jsonschema python3-yaml python3-pytest python3-venv python3-setuptools python3-wheel libxml2-utils \
    postgresql libpq-dev \
    libmicrohttpd-dev libxxhash-dev libcurl4-openssl-dev curl chromium chromium-driver wrk \
    lintian dpkg-dev file systemd >/dev/null
# axe-core (the browser tests' accessibility check, tests/cli/serve/webdriver_lib.py)
# at a fixed place: /usr/local/lib/node_modules/axe-core/axe.min.js.  npm: the
# machine's own where it has one (a Node.js from NodeSource ships npm, and its
# nodejs package conflicts with Debian's npm), else Debian's.
command -v npm >/dev/null ||
    $SUDO apt-get install -y -qq --no-install-recommends npm >/dev/null
[ -f /usr/local/lib/node_modules/axe-core/axe.min.js ] ||
    $SUDO npm install -g --prefix /usr/local --no-fund --no-audit axe-core@4.10.3 >/dev/null
echo "deps.sh: dependencies installed"
