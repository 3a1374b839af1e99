# Shared by the ledger's CLI step scripts (tests/cli/*/steps.sh and the
# like): source it after setting BIN (the bridgemp binary), DB (the ledger)
# and W (the work directory), and fails=0.
#   step EXIT REGEX COMMAND...      the command exits EXIT and its output
#                                   (stdout and stderr) matches REGEX
#   refused EXIT REGEX COMMAND...   as step, and the database dump is the
#                                   same before and after (nothing written)
#   unchanged                       the same as refused

step() {
    want=$1; re=$2; shift 2
    out=$("$@" 2>&1); rc=$?
    if [ "$rc" != "$want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$re"; then
        echo "FAIL: $* (exit $rc, expected $want, /$re/)"; printf '%s\n' "$out" | head -20
        fails=$((fails + 1))
    fi
}

refused() {
    "$BIN" ledger --db "$DB" dump > "$W/before"
    step "$@"
    "$BIN" ledger --db "$DB" dump > "$W/after"
    if ! cmp -s "$W/before" "$W/after"; then
        shift 2
        echo "FAIL: the database changed: $*"; fails=$((fails + 1))
    fi
}

unchanged() {
    refused "$@"
}
