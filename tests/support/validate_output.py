#!/usr/bin/env python3
"""Validate `bridgemp award --format json` for every example (and the USEBIO
files of the golden run) against docs/output.schema.json (ctest: output_schema).

Beyond the schema: every award kind is in the fixed vocabulary (never
"other" for an example), an event that earns nothing says why, and every
reason carries a rule ID and a section.  Usage: validate_output.py BRIDGEMP
(run from the repository root)."""
import glob
import json
import subprocess
import sys

import jsonschema

BIN = sys.argv[1]
schema = json.load(open("docs/output.schema.json", encoding="utf-8"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

U = "tests/data/usebio/"
runs = [[f] for f in sorted(glob.glob("examples/*/*.json"))]
runs += [[U + "abf_club_5tables.xml", "--body", "abf", "--grade", "E"],
         [U + "example_pairs.xml", "--body", "abf", "--grade", "E"],
         [U + "tied_places.xml", "--body", "abf", "--grade", "E"],
         [U + "example_teams.xml", "--body", "nzb", "--grade", "40C"],
         [U + "abf_club_5tables.xml", "--body", "nzb", "--grade", "40C"],
         [U + "abf_club_5tables.xml", "--body", "ebu", "--status", "club"],
         ["tests/data/output/ebu-short.json"],
         ["tests/data/output/hostile-names.json"],
         ["tests/data/output/abf-participation.json"],
         ["tests/data/output/nzb-few-deals.json"]]

failures = 0
checked = 0
for args in runs:
    for explain in ([], ["--explain"]):
        cmd = [BIN, "award"] + args + ["--format", "json"] + explain
        p = subprocess.run(cmd, capture_output=True)
        where = " ".join(cmd[1:])
        if p.returncode != 0:
            # Events that are errors by design (an example of a refused
            # input) must still not write JSON to stdout.
            if p.stdout.strip():
                print(f"FAIL {where}: exit {p.returncode} with output")
                failures += 1
            continue
        try:
            doc = json.loads(p.stdout.decode("utf-8"))  # strict UTF-8
        except (UnicodeDecodeError, ValueError) as e:
            print(f"FAIL {where}: not UTF-8 JSON: {e}")
            failures += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:5]:
            print(f"FAIL {where}: {'/'.join(map(str, e.path))}: {e.message}")
        failures += bool(errors)
        for a in doc.get("awards", []):
            if a.get("kind") == "other":
                print(f"FAIL {where}: award label {a.get('label')!r} is not in the vocabulary")
                failures += 1
        reasons = [n for n in doc.get("notes", []) if n.get("type") == "reason"]
        if doc.get("awarded") is False and not reasons:
            print(f"FAIL {where}: earns nothing and gives no reason")
            failures += 1
        for n in reasons:
            if not n.get("rule") or not n.get("section"):
                print(f"FAIL {where}: reason without rule and section: {n.get('text')!r}")
                failures += 1
        checked += 1

print(f"{checked} outputs checked against docs/output.schema.json, {failures} failure(s)")
sys.exit(1 if failures or checked == 0 else 0)
