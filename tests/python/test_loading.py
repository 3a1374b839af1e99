"""The module loads libbridgemp alone (never libbridgemp-ledger nor a
database client), finds it by its SONAME, and reports its version
(issue 31)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import bridgemp
from conftest import ROOT, cli


def mapped() -> str:
    return Path("/proc/self/maps").read_text()


def test_only_the_engine_is_loaded():
    with bridgemp.read("examples/abf/club-pairs.json") as ev:
        ev.award()
        assert ev.content_hash and ev.key() is not None
    bridgemp.rank("abf", green=1)
    bridgemp.param_spec("abf")
    maps = mapped()
    lib = os.path.realpath(os.environ["BRIDGEMP_LIBRARY"])
    assert lib in maps
    for never in ("libbridgemp-ledger", "libsqlite3", "libpq"):
        assert never not in maps, never


def test_version_is_the_cli_s():
    assert cli("--version").stdout.decode() == f"bridgemp {bridgemp.version()}\n"
    assert bridgemp.version().count(".") == 2


def test_found_by_soname():
    """Without BRIDGEMP_LIBRARY the dynamic linker finds it by its SONAME
    (the build tree on LD_LIBRARY_PATH, as an installed package would be on
    the linker's path)."""
    soname = os.environ.get("BRIDGEMP_SONAME")
    lib = Path(os.environ["BRIDGEMP_LIBRARY"])
    if soname:
        assert bridgemp._lib.SONAME == soname
    env = {k: v for k, v in os.environ.items() if k != "BRIDGEMP_LIBRARY"}
    env["LD_LIBRARY_PATH"] = str(lib.resolve().parent)
    env["PYTHONPATH"] = str(ROOT / "python")
    code = ("import bridgemp; a = bridgemp.award('examples/abf/club-pairs.json'); "
            "print(bridgemp.library_path(), a.player('1002')); "
            "print(open('/proc/self/maps').read())")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    first, maps = r.stdout.split("\n", 1)
    assert first == f"{bridgemp._lib.SONAME} {{'green': Decimal('0.30')}}"
    assert str(lib.resolve().parent) + "/libbridgemp.so" in maps


def test_missing_library_is_an_import_error():
    env = dict(os.environ, BRIDGEMP_LIBRARY="/nonexistent/libbridgemp.so",
               PYTHONPATH=str(ROOT / "python"))
    r = subprocess.run([sys.executable, "-c", "import bridgemp"], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "ImportError: bridgemp: cannot load libbridgemp (set BRIDGEMP_LIBRARY" in r.stderr
