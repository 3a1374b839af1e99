#!/bin/sh
# Fails (exit 1, listing them) when a global symbol defined in the given
# objects starts with bmp_ but no public header (the .h files of the given
# include directories, comments left out) names it: bmp_ is the public API's
# prefix, internal names take their room's (core_ io_ ledger_ srv_ cli_ abf_
# acbl_ ebu_ nzb_; scripts/rename-internal.sh).  Functions and objects alike.
#   check_prefix.sh NM INCLUDE_DIR[|DIR...] OBJ[|OBJ...]...
# ('|'-separated lists as CMake's $<JOIN:...,|> gives them.)
[ $# -ge 3 ] || { echo "usage: check_prefix.sh NM INCLUDE_DIRS OBJ..." >&2; exit 2; }
nm=$1
incs=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
IFS='|'
# shellcheck disable=SC2086,SC2048
set -- $*
for d in $incs; do
    for h in "$d"/*.h; do
        [ -f "$h" ] && perl -0777 -pe 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g' "$h"
    done
done | grep -ow 'bmp_[A-Za-z0-9_]*' | sort -u >"$tmp/public"
unset IFS
[ -s "$tmp/public" ] || { echo "check_prefix: no public name found in $incs" >&2; exit 2; }
[ $# -gt 0 ] || { echo "check_prefix: no objects" >&2; exit 2; }
"$nm" -A -g --defined-only "$@" >"$tmp/nm" || exit 2
awk '$3 ~ /^bmp_/ { print $3 "\t" $1 }' "$tmp/nm" | sort -u >"$tmp/defined"
cut -f1 "$tmp/defined" | sort -u | comm -23 - "$tmp/public" >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
    echo "internal symbols with the public prefix bmp_ (rename them after their room):"
    grep -wF -f "$tmp/bad" "$tmp/defined" | awk -F'\t' '{ sub(/:[0-9a-fA-F]*$/, "", $2); print "    " $1 "  (" $2 ")" }'
    exit 1
fi
echo "every global bmp_ symbol in $# objects is named in a public header"
