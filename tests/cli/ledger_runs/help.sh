#!/bin/sh
# Every run that `bridgemp ledger --help` lists under "runs of --body B"
# has a help of its own: `bridgemp ledger NAME --body B --help` exits 0 on
# standard output with its usage line (tests/cli/ledger_runs.cmake).
#   sh help.sh BRIDGEMP
BIN=$1
fails=0
n=0
list=$("$BIN" ledger --help | awk '
    /^runs of --body / { body = $4; next }
    /^$/ { body = "" }
    body != "" && /^  [a-z]/ { print body, $1 }')
[ -n "$list" ] || { echo "FAIL: no runs listed"; exit 1; }
while read -r body name; do
    n=$((n + 1))
    out=$("$BIN" ledger "$name" --body "$body" --help 2>&1); rc=$?
    if [ "$rc" != 0 ] || ! printf '%s\n' "$out" | head -1 | grep -q "^usage: bridgemp ledger $name .*--body $body" \
        || ! printf '%s\n' "$out" | grep -q "^$name ([A-Z][A-Z]*-[0-9]*[a-z]*): "; then
        echo "FAIL: ledger $name --body $body --help (exit $rc)"; printf '%s\n' "$out" | head -5
        fails=$((fails + 1))
    fi
    # every option its help names is one the command line knows and the run takes
    # (--body and --format are checked values of their own)
    for o in $(printf '%s\n' "$out" | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | grep -v -e '^--body$' -e '^--format$'); do
        err=$("$BIN" ledger "$name" --body "$body" "$o" v --help 2>&1 >/dev/null); rc=$?
        if [ "$rc" != 0 ]; then
            echo "FAIL: ledger $name --body $body $o v --help (exit $rc): $err"
            fails=$((fails + 1))
        fi
    done
done <<END
$list
END
[ "$n" -ge 20 ] || { echo "FAIL: only $n runs listed"; fails=$((fails + 1)); }
[ "$fails" = 0 ] && echo "every run's help: $n runs"
exit "$fails"
