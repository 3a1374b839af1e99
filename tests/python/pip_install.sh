#!/bin/sh
# `pip install ./python` into a fresh virtualenv (issue 44), then the
# module imported from there over this build's libbridgemp.  Offline: the
# venv sees the system's setuptools and wheel (--system-site-packages,
# --no-build-isolation: scripts/deps.sh installs them), as a build with the
# network would fetch them.
#   pip_install.sh WORKDIR LIBBRIDGEMP
set -eu
work=$1 lib=$2
rm -rf "$work"
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
cp -r python "$work/src"
"$work/venv/bin/pip" install -q --no-index --no-build-isolation "$work/src"
cd "$work"
BRIDGEMP_LIBRARY=$lib "$work/venv/bin/python" -c '
import bridgemp, sys
assert bridgemp.__file__.startswith(sys.prefix), bridgemp.__file__
ev = bridgemp.read("'"$OLDPWD"'/examples/abf/club-pairs.json")
print("pip install: bridgemp", bridgemp.version(), "from", bridgemp.__file__)'
