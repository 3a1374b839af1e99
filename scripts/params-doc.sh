#!/bin/sh
# Rewrite the generated parameter tables of docs/event-format.md from the
# program (`bridgemp params BODY --format markdown`): everything between
# "<!-- params:BODY begin" and "<!-- params:BODY end -->" is replaced.
# ctest params_spec_sync checks the docs match.
#   sh scripts/params-doc.sh build/bridgemp
set -e
BIN=${1:?usage: params-doc.sh BRIDGEMP}
cd "$(dirname "$0")/.."
DOC=docs/event-format.md
for body in acbl ebu abf nzb; do
    gen=$(mktemp)
    out=$(mktemp)
    "$BIN" params "$body" --format markdown >"$gen"
    awk -v body="$body" -v gen="$gen" '
        index($0, "<!-- params:" body " begin") == 1 {
            while ((getline line < gen) > 0) print line
            skip = 1
            next
        }
        skip && index($0, "<!-- params:" body " end -->") == 1 { skip = 0; next }
        !skip { print }
    ' "$DOC" >"$out"
    mv "$out" "$DOC"
    rm -f "$gen"
done
