#!/bin/sh
# Fails (exit 1, naming file:line) if C files under the given directories
# call the ledger's store table (src/ledger/store/store.h: ledger_store_ops)
# anywhere but in its own folder: the ledger reaches its database only
# through the query layer (src/ledger/store/query.h: lq_prepare, lq_step,
# lq_col_*, lq_run, ledger_tx ...), issue 41.  Catches `x->ops->step(`,
# `ops->prepare` through a copy of the table, a member spelled on the next
# line, a copy of the table (ledger_store_ops *ops = l->ops), and a backend
# named directly (ledger_store_sqlite, ledger_store_for).
# A body's table (ledger_body_ops, body_ops.h: ops->members_only, ops->runs)
# has no member of the store's names and is left alone.
#   check_store_calls.sh [-x PATH]... DIR...
# -x PATH leaves out a directory (the store's own, src/ledger/store) or a
# file; it may be repeated.
usage() { echo "usage: check_store_calls.sh [-x EXCLUDED_PATH]... DIR..." >&2; exit 2; }
excluded=""
while [ $# -gt 0 ]; do
    case "$1" in
        -x) [ $# -ge 2 ] || usage; excluded="$excluded ${2%/}"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || usage
# every member of ledger_store_ops
members='name|lookup_chunk|open|close|schema_version|schema_latest|begin|commit|rollback'
members="$members|prepare|bind_int|bind_text|step|col_int|col_text|col_null|col_count"
members="$members|col_name|reset|finalize|copy_begin|copy_row|copy_end|tables|begin_read"
members="$members|data_version|watch_open|watch_read|set_read_only|backup|restore"
members="$members|schema_objects"
hits=$(grep -rnE --include='*.c' --include='*.h' \
    -e "ops[[:space:]]*->[[:space:]]*($members)([^A-Za-z0-9_]|\$)" \
    -e "ops[[:space:]]*->[[:space:]]*\$" \
    -e "ledger_store_ops[[:space:]]*\*[[:space:]]*[A-Za-z_][A-Za-z0-9_]*[[:space:]]*=" \
    -e "ledger_store_(sqlite|postgres|for)([^A-Za-z0-9_]|\$)" "$@")
for x in $excluded; do
    # a hit is "path:line:text"; drop the file x and everything under x/
    hits=$(printf '%s\n' "$hits" | awk -v x="$x" \
        'index($0, x ":") != 1 && index($0, x "/") != 1')
done
if [ -n "$hits" ]; then
    echo "the store's table is called outside src/ledger/store; use the query layer"
    echo "(src/ledger/store/query.h: lq_prepare, lq_step, lq_col_*, lq_run, ledger_tx ...) instead:"
    echo "$hits"
    exit 1
fi
echo "no store call outside the query layer in $*${excluded:+ (left out:$excluded)}"
