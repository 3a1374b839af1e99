#!/usr/bin/env python3
"""Benchmark: awarding the examples through Python (python/bridgemp) and
through C (bench/award_calls.c, the same library calls), in one run.

    BRIDGEMP_LIBRARY=build/libbridgemp.so python3 bench/python/award.py \\
        [--rounds 200] [--repeat 5] [--award-calls build/award_calls]

Every example that `bridgemp award` accepts as it is (examples/*/*.json and
the ledger demo's ABF credit file) is read from memory and awarded once per
round, ROUNDS rounds; C and Python alternate REPEAT times and each side's
best round (process CPU time) is kept.  Prints both, per round and per
event, and the ratio Python / C (issue 31's target: at most 1.5).  The two
sides must find the same awards (their hundredths are summed and compared).
No asserts on time."""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
os.environ.setdefault("BRIDGEMP_LIBRARY", str(ROOT / "build" / "libbridgemp.so"))

import bridgemp  # noqa: E402


def examples() -> list[str]:
    out = []
    for p in sorted((ROOT / "examples").glob("*/*")):
        if p.suffix in (".json", ".grn"):
            rel = str(p.relative_to(ROOT))
            try:
                bridgemp.award(p.read_bytes(), name=rel)
            except bridgemp.Error:
                continue
            out.append(rel)
    return out


def python_round(inputs: list[tuple[str, bytes]]) -> tuple[float, int, int]:
    awards = hundredths = 0
    t = time.process_time()
    for name, data in inputs:
        result = bridgemp.award(data, name=name)
        awards += len(result.awards)
        hundredths += sum(a.hundredths for a in result.awards)
    return time.process_time() - t, awards, hundredths


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--award-calls", default=str(ROOT / "build" / "award_calls"))
    args = ap.parse_args()
    os.chdir(ROOT)
    files = examples()
    inputs = [(f, Path(f).read_bytes()) for f in files]
    c_best = py_best = float("inf")
    c_out: dict[str, str] = {}
    py_awards = py_sum = 0
    for _ in range(args.repeat):
        r = subprocess.run([args.award_calls, str(args.rounds), *files], capture_output=True,
                           text=True, check=True)
        c_out = dict(line.split(" ", 1) for line in r.stdout.splitlines())
        c_best = min(c_best, float(c_out["c_us_per_round"]) / 1e6)
        best = float("inf")
        for _ in range(args.rounds):
            t, py_awards, py_sum = python_round(inputs)
            best = min(best, t)
        py_best = min(py_best, best)
    if (py_awards, py_sum) != (int(c_out["awards_per_round"]),
                               int(c_out["hundredths_per_round"])):
        print(f"award.py: Python and C disagree: {py_awards} awards, {py_sum} hundredths "
              f"against {c_out}", file=sys.stderr)
        return 1
    n = len(files)
    print(f"{n} examples, {py_awards} awards per round; best of {args.repeat} x "
          f"{args.rounds} rounds, process CPU time")
    print(f"C       {c_best * 1e6:9.1f} us per round  {c_best * 1e6 / n:7.1f} us per event")
    print(f"Python  {py_best * 1e6:9.1f} us per round  {py_best * 1e6 / n:7.1f} us per event")
    print(f"ratio Python / C: {py_best / c_best:.2f}  (target <= 1.5)")
    print(f"libbridgemp {bridgemp.version()} ({bridgemp.library_path()}), Python "
          f"{sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
