#!/bin/sh
# Fails (exit 1, listing the lines) if C files under the given directories
# compare a string against a governing body's name: src/io and src/cli reach
# what a body defines through bmp_rules, never by testing its name (issue 9).
# Catches strcmp/strcasecmp/strncmp/strncasecmp(..., "abf") on one line, a
# body literal closing a comparison ("ebu") == 0 continued from the line
# before, and tables keyed by a body name ({"abf", "GREEN", ...}).
[ $# -gt 0 ] || { echo "usage: check_body_names.sh DIR..." >&2; exit 2; }
bodies='(acbl|ebu|abf|nzb?|nzbridge)'
hits=$(grep -rnEi --include='*.c' --include='*.h' \
    -e "str(n)?(case)?cmp *\(.*\"$bodies\"" \
    -e "\"$bodies\" *\) *[!=]= *0" \
    -e "\{ *\"$bodies\" *," "$@")
if [ -n "$hits" ]; then
    echo "a body's name is tested; use a field or function of bmp_rules instead:"
    echo "$hits"
    exit 1
fi
echo "no body name compared in $*"
