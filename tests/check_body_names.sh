#!/bin/sh
# Fails (exit 1, listing the lines) if C files under the given directories
# compare a string against a governing body's name: src/io, src/cli,
# src/server and the ledger's core reach what a body defines through
# bmp_rules or the ledger's per-body table (src/ledger/body_ops.h), never by
# testing its name (issues 9, 32).  Catches strcmp/strcasecmp/strncmp/
# strncasecmp(..., "abf") on one line, a body literal closing a comparison
# ("ebu") == 0 continued from the line before, and tables keyed by a body
# name ({"abf", "GREEN", ...}).
#   check_body_names.sh [-x PATH]... DIR...
# -x PATH leaves out a directory (a body's room, src/ledger/abf) or a file
# under the given directories; it may be repeated.
usage() { echo "usage: check_body_names.sh [-x EXCLUDED_PATH]... DIR..." >&2; exit 2; }
excluded=""
while [ $# -gt 0 ]; do
    case "$1" in
        -x) [ $# -ge 2 ] || usage; excluded="$excluded ${2%/}"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || usage
bodies='(acbl|ebu|abf|nzb?|nzbridge)'
hits=$(grep -rnEi --include='*.c' --include='*.h' \
    -e "str(n)?(case)?cmp *\(.*\"$bodies\"" \
    -e "\"$bodies\" *\) *[!=]= *0" \
    -e "\{ *\"$bodies\" *," "$@")
for x in $excluded; do
    # a hit is "path:line:text"; drop the file x and everything under x/
    hits=$(printf '%s\n' "$hits" | awk -v x="$x" \
        'index($0, x ":") != 1 && index($0, x "/") != 1')
done
if [ -n "$hits" ]; then
    echo "a body's name is tested; use a field or function of bmp_rules (or, in the ledger,"
    echo "of the body's table, src/ledger/body_ops.h) instead:"
    echo "$hits"
    exit 1
fi
echo "no body name compared in $*${excluded:+ (left out:$excluded)}"
