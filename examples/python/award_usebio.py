#!/usr/bin/env python3
"""A back office's check of a scorer's upload: award a USEBIO results file
with bridgemp and compare each player's points with the MASTER_POINTS the
file carries.  Exit 1 when they differ.

    python3 award_usebio.py club-pairs.xml --body abf --grade E
"""
import argparse
import sys

import bridgemp

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("file")
ap.add_argument("--body", default="abf")
ap.add_argument("--grade")
args = ap.parse_args()
try:
    with bridgemp.read(args.file, body=args.body, grade=args.grade) as event:
        computed, carried = event.award(), event.file_awards()
except bridgemp.Error as e:
    sys.exit(f"{args.file}: {e.message} ({e.code.name})")


def show(totals):
    return ", ".join(f"{v} {t}" for t, v in totals.items()) or "nothing"


print(f"{computed.event.name} ({computed.event.date}), {computed.event.body.upper()}")
for r in computed.reasons:
    print(f"no award: {r.text}")
differ = 0
for p in computed.players + [p for p in carried.players if not computed.player(p.id)]:
    ours, theirs = computed.player(p.id), carried.player(p.id)
    differ += ours != theirs
    note = "" if ours == theirs else f"   the file says {show(theirs)}"
    print(f"{p.id or '-':>8}  {p.name or '':24} {show(ours)}{note}")
print(f"{differ} player(s) differ" if differ else "the file's points agree")
sys.exit(1 if differ else 0)
