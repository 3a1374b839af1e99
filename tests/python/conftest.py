"""Shared fixtures of the Python module's tests (issue 31).

Run from the source tree (ctest python_module does this):
    BRIDGEMP_LIBRARY=build/libbridgemp.so BRIDGEMP_CLI=build/bridgemp \\
        /usr/bin/python3 -m pytest -q tests/python
The module is imported from python/ (no installation needed)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
os.chdir(ROOT)  # paths as the command line is given them: messages and names agree

CLI = os.environ.get("BRIDGEMP_CLI", str(ROOT / "build" / "bridgemp"))
if "BRIDGEMP_LIBRARY" not in os.environ:
    os.environ["BRIDGEMP_LIBRARY"] = str(ROOT / "build" / "libbridgemp.so")


def cli(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess:
    """Run the command line (from the source tree, as ctest does)."""
    return subprocess.run([CLI, *args], cwd=ROOT, input=input, capture_output=True)


def cli_json(*args: str) -> dict:
    r = cli(*args)
    assert r.returncode == 0, r.stderr.decode()
    return json.loads(r.stdout)


def accepted_examples() -> list[str]:
    """Every file under examples/ that `bridgemp award --format json`
    accepts as it is (no options), relative to the source tree."""
    out = []
    for p in sorted((ROOT / "examples").rglob("*")):
        if p.is_file() and cli("award", "--format", "json", str(p.relative_to(ROOT))).returncode == 0:
            out.append(str(p.relative_to(ROOT)))
    return out


EXAMPLES = accepted_examples()

# USEBIO files, with the options the file cannot say (as scripts/golden.sh
# awards them): ABF, NZB and EBU rules, one carrying MASTER_POINTS.
USEBIO_CASES = [
    ("examples/python/club-pairs.xml", {"body": "abf", "grade": "E"}),
    ("tests/data/usebio/abf_club_5tables.xml", {"body": "abf", "grade": "E"}),
    ("tests/data/usebio/tied_places.xml", {"body": "abf", "grade": "E"}),
    ("tests/data/usebio/example_teams.xml", {"body": "nzb", "grade": "40C"}),
    ("tests/data/usebio/abf_club_5tables.xml", {"body": "ebu", "status": "club"}),
]


def cli_options(opts: dict) -> list[str]:
    out = []
    for k, v in opts.items():
        out += [f"--{k.replace('_', '-')}", str(v)]
    return out


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
