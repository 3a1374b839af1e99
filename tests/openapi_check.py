#!/usr/bin/env python3
"""docs/openapi.yaml is valid YAML and describes every route the server
implements (`bridgemp serve --routes`), method and path, and no other.
  openapi_check.py BRIDGEMP docs/openapi.yaml"""
import subprocess
import sys

import yaml


def main():
    binary, spec_path = sys.argv[1], sys.argv[2]
    try:
        with open(spec_path, encoding="utf-8") as f:
            spec = yaml.safe_load(f)
    except yaml.YAMLError as e:
        print(f"{spec_path}: not valid YAML: {e}")
        return 1
    documented = set()
    for path, ops in (spec.get("paths") or {}).items():
        for method in ops:
            if method in ("get", "post", "put", "patch", "delete"):
                documented.add(f"{method.upper()} {path}")
    out = subprocess.run([binary, "serve", "--routes"], check=True, capture_output=True,
                         text=True).stdout
    served = {line.strip() for line in out.splitlines() if " /" in line}
    problems = [f"served but not in {spec_path}: {r}" for r in sorted(served - documented)]
    problems += [f"in {spec_path} but not served: {r}" for r in sorted(documented - served)]
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"openapi: {len(served)} routes, all documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
