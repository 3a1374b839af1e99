#!/bin/sh
# Rename the library's internal symbols away from the public prefix (issue 32,
# item 5): `bmp_` names only the public API (what include/bridgemp/*.h
# declares); an internal function, object or type is named after its room:
#   core_ (src/core)  io_ (src/io)  ledger_ (src/ledger)  srv_ (src/server)
#   cli_ (src/cli)    abf_ acbl_ ebu_ nzb_ (a body's folder)
# The map below is explicit (OLD NEW, one pair a line; made once from the
# objects' global symbols and the internal headers' typedefs).  Each OLD is
# replaced as a whole word over src/ tests/ bench/ examples/ docs/, wherever
# the files live, so the script can be run again after branches that still
# use the old names are merged: it is idempotent (a pair whose OLD is gone
# is skipped) and renames only what is left.
#
# Refused, before anything is written (exit 1):
#   - a map error: an OLD without bmp_, a NEW with it, an OLD or a NEW twice;
#   - an OLD that a public header names (it is the API: never renamed);
#   - a collision: OLD is still defined or declared in src/ (not yet renamed)
#     while NEW already occurs in the tree (another symbol, field or word
#     of that name).  Once OLD's definition is renamed, NEW's occurrences are
#     this map's own and the remaining uses of OLD are simply renamed.
#
# usage: scripts/rename-internal.sh [--check] [ROOT]
#   --check   validate and list what would be renamed; write nothing
#        scripts/rename-internal.sh --suggest BUILD_DIR [ROOT]
#   --suggest print OLD NEW pairs for internal bmp_ names the map lacks (global
#             symbols of BUILD_DIR's objects, typedefs under src/), named
#             after the room of the file that defines them: to review and
#             add to the map after merging code that brought new ones
# tests/check_prefix.sh (ctest: prefix_internal) keeps it so: no global bmp_
# symbol in the objects that a public header does not declare.
set -eu

check=false
suggest=""
if [ "${1:-}" = "--check" ]; then
    check=true
    shift
elif [ "${1:-}" = "--suggest" ]; then
    suggest=$(cd "${2:?--suggest needs a build directory}" && pwd)
    shift 2
fi
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
if [ ! -d src ] || [ ! -d include/bridgemp ]; then
    echo "rename-internal: $root is not a bridgemp tree" >&2
    exit 2
fi
dirs=""
for d in src tests bench examples docs; do
    [ -d "$d" ] && dirs="$dirs $d"
done

map() {
    cat <<'MAP'
    bmp_asprintf core_asprintf
    bmp_buckets core_buckets
    bmp_buckets_free core_buckets_free
    bmp_buckets_make core_buckets_make
    bmp_cli_abf_rank cli_abf_rank
    bmp_cli_award cli_award
    bmp_cli_award_credit cli_award_credit
    bmp_cli_bodies cli_bodies
    bmp_cli_check_not_input cli_check_not_input
    bmp_cli_convert cli_convert
    bmp_cli_credit cli_credit
    bmp_cli_emit cli_emit
    bmp_cli_exit_of cli_exit_of
    bmp_cli_fail cli_fail
    bmp_cli_finish_stdout cli_finish_stdout
    bmp_cli_ledger cli_ledger
    bmp_cli_load_event cli_load_event
    bmp_cli_load_event_xml cli_load_event_xml
    bmp_cli_params cli_params
    bmp_cli_parse_max_input cli_parse_max_input
    bmp_cli_rank cli_rank
    bmp_cli_read_pipeline cli_read_pipeline
    bmp_cli_serve cli_serve
    bmp_cli_validate cli_validate
    bmp_csv_put core_csv_put
    bmp_date core_date
    bmp_date_days core_date_days
    bmp_date_get core_date_get
    bmp_date_parse core_date_parse
    bmp_emit_players core_emit_players
    bmp_event_index_free core_event_index_free
    bmp_event_index_fresh core_event_index_fresh
    bmp_exact core_exact
    bmp_exact_add core_exact_add
    bmp_exact_cmp core_exact_cmp
    bmp_exact_dbl core_exact_dbl
    bmp_exact_is_zero core_exact_is_zero
    bmp_exact_mul core_exact_mul
    bmp_exact_mulv core_exact_mulv
    bmp_exact_q core_exact_q
    bmp_exact_real core_exact_real
    bmp_exact_round core_exact_round
    bmp_grow core_grow
    bmp_html_put core_html_put
    bmp_io_param_bool io_param_bool
    bmp_io_param_number io_param_number
    bmp_io_param_parse io_param_parse
    bmp_io_param_string io_param_string
    bmp_io_usebio_collect io_usebio_collect
    bmp_io_usebio_flavour_check io_usebio_flavour_check
    bmp_io_usebio_flavour_find io_usebio_flavour_find
    bmp_io_usebio_mp io_usebio_mp
    bmp_io_usebio_no_body io_usebio_no_body
    bmp_io_usebio_opts_name_body io_usebio_opts_name_body
    bmp_io_usebio_type_kind io_usebio_type_kind
    bmp_io_usebio_types io_usebio_types
    bmp_io_usebio_unit io_usebio_unit
    bmp_io_xml_init io_xml_init
    bmp_json_check_keys io_json_check_keys
    bmp_json_ctx io_json_ctx
    bmp_json_expected io_json_expected
    bmp_json_fail io_json_fail
    bmp_json_get_array io_json_get_array
    bmp_json_get_bool io_json_get_bool
    bmp_json_get_id io_json_get_id
    bmp_json_get_int io_json_get_int
    bmp_json_get_limit io_json_get_limit
    bmp_json_get_num io_json_get_num
    bmp_json_get_params io_json_get_params
    bmp_json_get_place io_json_get_place
    bmp_json_get_str io_json_get_str
    bmp_json_need_object io_json_need_object
    bmp_json_oom io_json_oom
    bmp_json_pop io_json_pop
    bmp_json_push_index io_json_push_index
    bmp_json_push_key io_json_push_key
    bmp_ledger_migrations ledger_migrations
    bmp_ledger_nmigrations ledger_nmigrations
    bmp_param_is_shared core_param_is_shared
    bmp_param_shared core_param_shared
    bmp_param_str core_param_str
    bmp_param_str_free core_param_str_free
    bmp_pg_placeholders ledger_pg_placeholders
    bmp_pg_translate ledger_pg_translate
    bmp_place_value_fn core_place_value_fn
    bmp_player_award core_player_award
    bmp_player_rule_fn core_player_rule_fn
    bmp_read_file core_read_file
    bmp_rules_abf abf_rules
    bmp_rules_acbl acbl_rules
    bmp_rules_ebu ebu_rules
    bmp_rules_nzb nzb_rules
    bmp_sqlite_migration_001 ledger_sqlite_migration_001
    bmp_sqlite_migration_003_abf ledger_sqlite_migration_003_abf
    bmp_sqlite_migration_004 ledger_sqlite_migration_004
    bmp_sqlite_migration_006 ledger_sqlite_migration_006
    bmp_sqlite_migration_007 ledger_sqlite_migration_007
    bmp_sqlite_migration_008 ledger_sqlite_migration_008
    bmp_sqlite_migration_010 ledger_sqlite_migration_010
    bmp_stmt ledger_stmt
    bmp_store ledger_store
    bmp_store_for ledger_store_for
    bmp_store_ops ledger_store_ops
    bmp_store_postgres ledger_store_postgres
    bmp_store_sqlite ledger_store_sqlite
    bmp_strdup core_strdup
    bmp_strhash core_strhash
    bmp_strindex core_strindex
    bmp_strindex_add core_strindex_add
    bmp_strindex_find core_strindex_find
    bmp_strindex_free core_strindex_free
    bmp_strindex_init core_strindex_init
    bmp_strindex_key core_strindex_key
    bmp_strlcat core_strlcat
    bmp_strlcpy core_strlcpy
    bmp_text_escape core_text_escape
    bmp_text_is_formula core_text_is_formula
    bmp_text_utf8 core_text_utf8
    bmp_tie_share_exact core_tie_share_exact
    bmp_tie_share_round core_tie_share_round
    bmp_vasprintf core_vasprintf
MAP
}

# The room's prefix for a source path (src/ROOM/...): srv_ for the server.
# OLD without bmp_ (and without a leading ROOM_ already there), prefixed.
name_for() {
    echo "$1 $2" | awk '{
        n = split($2, p, "/")
        for (i = 1; i < n; i++)
            if (p[i] == "src") { room = p[i + 1]; break }
        if (room == "") exit
        pre = room == "server" ? "srv" : room
        old = $1; sub(/^bmp_/, "", old)
        if (index(old, pre "_") != 1) old = pre "_" old
        print $1, old
    }'
}

if [ -n "$suggest" ]; then
    public=$(mktemp)
    trap 'rm -f "$public"' EXIT
    cat include/bridgemp/*.h "$suggest"/include/bridgemp/*.h 2>/dev/null |
        grep -ow 'bmp_[A-Za-z0-9_]*' | sort -u >"$public"
    {
        find "$suggest" -name '*.o' -path '*/src/*' -exec nm -A -g --defined-only {} + 2>/dev/null |
            awk '$3 ~ /^bmp_/ { sub(/:[0-9a-fA-F]*$/, "", $1); print $3, $1 }'
        grep -rEo --include='*.h' --include='*.c' \
            -e '^typedef[^;(]*[^A-Za-z0-9_]bmp_[A-Za-z0-9_]+' -e '^typedef[^;(]*\(\*bmp_[A-Za-z0-9_]+' \
            -e '^}[[:space:]]*bmp_[A-Za-z0-9_]+' src |
            sed -E 's/^([^:]*):.*[^A-Za-z0-9_](bmp_[A-Za-z0-9_]+)$/\2 \1/'
    } | sort -u -k1,1 | while read -r old file; do
        grep -qx -- "$old" "$public" && continue
        name_for "$old" "$(echo "$file" | sed 's|.*CMakeFiles/[^/]*\.dir/||')"
    done
    exit 0
fi

fail=0
err() {
    echo "rename-internal: $*" >&2
    fail=1
}

# 1. The map itself.
map | awk '
    NF != 2 { print "line " NR ": not OLD NEW: " $0; bad = 1 }
    $1 !~ /^bmp_[A-Za-z0-9_]+$/ { print "OLD without bmp_: " $1; bad = 1 }
    $2 !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || $2 ~ /^bmp_/ { print "NEW is not a non-bmp_ name: " $2; bad = 1 }
    seen_old[$1]++ { print "OLD twice: " $1; bad = 1 }
    seen_new[$2]++ { print "NEW twice: " $2; bad = 1 }
    END { exit bad }' >&2 || err "the map is malformed"
[ "$fail" -eq 0 ] || exit 1

# OLD is defined or declared in src/ (a line at column 0 naming it before
# "(", "=", "[" or ";"; a typedef; "} OLD;"): its definition is not renamed.
defined() {
    grep -rqE --include='*.c' --include='*.h' \
        -e "^[A-Za-z_][^;{}]*[^A-Za-z0-9_]$1[[:space:]]*(\(|=|\[|;)" \
        -e "^typedef[^;]*[^A-Za-z0-9_]$1([^A-Za-z0-9_]|\$)" \
        -e "^}[[:space:]]*$1[[:space:]]*;" src
}

# OLD file, NEW file (the same lines renamed): where a renamed line leaves a
# parenthesis open and the lines after it were aligned one column past it,
# they move with it (python3, a dependency of the tests: scripts/deps.sh).
realign() {
    python3 - "$1" "$2" <<'PY'
import sys

def parens(line):
    """Columns of the parentheses still open at the end of line, and the
    change in depth (strings and characters skipped)."""
    stack, depth, quote, esc = [], 0, None, False
    for k, ch in enumerate(line):
        if quote:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            stack.append(k)
            depth += 1
        elif ch == ")":
            depth -= 1
            if stack:
                stack.pop()
    return stack, depth

old = open(sys.argv[1]).read().split("\n")
new = open(sys.argv[2]).read().split("\n")
if len(old) != len(new):
    sys.exit(0)
out = list(new)
for i, (o, n) in enumerate(zip(old, new)):
    if o == n:
        continue
    so, _ = parens(o)
    sn, _ = parens(n)
    if not so or len(so) != len(sn) or so[-1] == sn[-1]:
        continue
    oc, nc = so[-1] + 1, sn[-1] + 1
    depth = 1
    for j in range(i + 1, len(old)):
        lead = len(old[j]) - len(old[j].lstrip(" "))
        if lead != oc or not old[j].strip():
            break
        out[j] = " " * nc + out[j].lstrip(" ")
        _, d = parens(old[j])
        depth += d
        if depth <= 0:
            break
if out != new:
    open(sys.argv[2], "w").write("\n".join(out))
PY
}

# 2. Public names, collisions; the pairs left to apply.
todo=$(mktemp)
trap 'rm -f "$todo" "$todo.sed" "$todo.orig"' EXIT
map | while read -r old new; do
    # shellcheck disable=SC2086
    grep -rqw -- "$old" $dirs || continue # already renamed, or gone
    if grep -qw -- "$old" include/bridgemp/*.h; then
        echo "rename-internal: $old is named in a public header: not internal" >&2
        echo "! $old"
        continue
    fi
    # shellcheck disable=SC2086
    if defined "$old" && grep -rqw -- "$new" $dirs; then
        echo "rename-internal: $old -> $new collides: $new already occurs in" >&2
        # shellcheck disable=SC2086
        grep -rlw -- "$new" $dirs | sed 's/^/    /' >&2
        echo "! $old"
        continue
    fi
    echo "$old $new"
done >"$todo"
if grep -q '^!' "$todo"; then
    echo "rename-internal: nothing renamed" >&2
    exit 1
fi

n=$(wc -l <"$todo")
if [ "$n" -eq 0 ]; then
    echo "rename-internal: nothing to rename ($(map | wc -l) pairs applied already)"
    exit 0
fi
if $check; then
    echo "rename-internal: $n to rename:"
    sed 's/^/    /' "$todo"
    exit 0
fi

# 3. Apply: one sed script of whole-word substitutions, over the files that
# hold any OLD (text files only); in C files, a continuation line aligned
# under the parenthesis of a line that changed follows it (realign below).
sed 's/^\(.*\) \(.*\)$/s\/\\b\1\\b\/\2\/g/' "$todo" >"$todo.sed"
pattern=$(cut -d' ' -f1 "$todo" | paste -sd'|' -)
# shellcheck disable=SC2086
grep -rlIwE -- "$pattern" $dirs | while IFS= read -r f; do
    cp "$f" "$todo.orig"
    sed -i -f "$todo.sed" "$f"
    case $f in
    *.c | *.h) realign "$todo.orig" "$f" ;;
    esac
done

# 4. Nothing of the map is left.
# shellcheck disable=SC2086
if grep -rnwE -- "$pattern" $dirs; then
    echo "rename-internal: the names above were not renamed" >&2
    exit 1
fi
echo "rename-internal: renamed $n symbols"
