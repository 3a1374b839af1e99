#!/bin/sh
# CLI file-safety tests that need a shell (pipes, redirections, cmp):
#   sh tests/cli/cli_files.sh BRIDGEMP CASE
# run from the source directory by ctest (tests/cli/cli_files.cmake).  Each
# CASE exits 0 when bridgemp behaved, else prints why and exits 1.
set -u
BIN=$1
CASE=$2
T=$(mktemp -d "${TMPDIR:-/tmp}/bmp-cli.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
EV=examples/ebu/club-pairs.json
U=tests/data/usebio

fail() {
    echo "FAIL ($CASE): $*"
    [ -f "$T/err" ] && { echo "--- stderr ---"; cat "$T/err"; }
    exit 1
}
# expect_rc WANT GOT
expect_rc() { [ "$2" -eq "$1" ] || fail "exit status $2, expected $1"; }
# expect_err REGEX: stderr matches
expect_err() { grep -Eq "$1" "$T/err" || fail "stderr does not match /$1/"; }
expect_out() { grep -Eq "$1" "$T/out" || fail "stdout does not match /$1/"; }
no_temp_left() {
    leftover=$(find "$1" -name '.*.tmp-*' | head -1)
    [ -z "$leftover" ] || fail "temporary file left behind: $leftover"
}

case $CASE in
dev_full) # a failed write to standard output is an error, not a success
    "$BIN" award "$EV" >/dev/full 2>"$T/err"
    expect_rc 1 $?
    expect_err "standard output: write error: No space left on device"
    ;;
dev_full_output) # --output on a device that fails
    "$BIN" award "$EV" --output /dev/full 2>"$T/err"
    expect_rc 1 $?
    expect_err "/dev/full: write error: No space left on device"
    ;;
closed_pipe) # bridgemp award ... | head -c1: more output than a pipe holds
    # (10 x the ACBL examples with --explain, over 1 MB), so the writes after
    # head has gone fail with EPIPE whatever the timing.
    set -- examples/acbl/*.json
    files="$* $* $* $* $* $* $* $* $* $*"
    # shellcheck disable=SC2086
    { "$BIN" award $files --explain 2>"$T/err"; echo $? >"$T/rc"; } | head -c1 >/dev/null
    expect_rc 1 "$(cat "$T/rc")"
    expect_err "standard output: write error: Broken pipe"
    ;;
output_is_input) # --output naming the input: refused, input byte-identical
    cp "$EV" "$T/ev.json"
    cp "$EV" "$T/orig.json"
    "$BIN" award "$T/ev.json" --format json --output "$T/ev.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "refused: the output is the input file"
    cmp -s "$T/ev.json" "$T/orig.json" || fail "the input was changed"
    # the same through a symbolic link and through another name (hard link)
    ln -s ev.json "$T/link.json"
    ln "$T/ev.json" "$T/hard.json"
    "$BIN" award "$T/ev.json" --format json --output "$T/link.json" 2>"$T/err"
    expect_rc 1 $?
    "$BIN" convert "$T/hard.json" "$T/ev.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "refused"
    cmp -s "$T/ev.json" "$T/orig.json" || fail "the input was changed"
    # standard output appended to the input (>>) is refused too
    "$BIN" award "$T/ev.json" >>"$T/ev.json" 2>"$T/err"
    expect_rc 1 $?
    cmp -s "$T/ev.json" "$T/orig.json" || fail "the input was changed by >>"
    ;;
credit_merge_into_input) # credit merge OUT FILE... with OUT one of the FILEs
    cp tests/data/abf_admin/appd.red "$T/a.red"
    cp "$T/a.red" "$T/orig.red"
    "$BIN" credit merge "$T/a.red" tests/data/abf_admin/more.red "$T/a.red" >"$T/out" 2>"$T/err"
    expect_rc 1 $?
    expect_err "refused: the output is the input file"
    cmp -s "$T/a.red" "$T/orig.red" || fail "the input was changed"
    ;;
atomic_output) # a good write replaces the file whole; no temporary file is left
    printf 'old\n' >"$T/out.json"
    chmod 640 "$T/out.json"
    "$BIN" award "$EV" --format json --output "$T/out.json" 2>"$T/err"
    expect_rc 0 $?
    grep -q '"awards"' "$T/out.json" || fail "output not written"
    [ "$(stat -c %a "$T/out.json")" = 640 ] || fail "permissions not kept"
    no_temp_left "$T"
    # a failed computation leaves the old output as it was
    printf 'old\n' >"$T/keep.json"
    "$BIN" award tests/data/bad/wrong-place.json --output "$T/keep.json" 2>"$T/err"
    expect_rc 1 $?
    [ "$(cat "$T/keep.json")" = old ] || fail "a failed run touched the output"
    no_temp_left "$T"
    ;;
stdin_json) # - is standard input, read once
    "$BIN" award - <"$EV" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out "Hart - Bell"
    cat "$EV" | "$BIN" validate - >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out "standard input: valid ebu event"
    ;;
stdin_usebio) # a USEBIO file on standard input, through a pipe
    cat "$U/abf_club_5tables.xml" | "$BIN" award - --body abf --grade E >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    "$BIN" award "$U/abf_club_5tables.xml" --body abf --grade E >"$T/want" 2>"$T/err"
    cmp -s "$T/out" "$T/want" || fail "stdin gives other awards than the file"
    "$BIN" convert - - --to json --body abf <"$U/example_pairs.xml" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out '"movement": "two-winner"'
    # the sidecar on standard input
    "$BIN" convert "$U/example_pairs.xml" - --to json --sidecar - <"$U/sidecar_abf.json" \
        >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out '"grade": "D"'
    # ... and through a pipe, which can be read only once: the reader
    # opens the sidecar more than once, so the CLI copies it into a
    # private file (named in messages) and removes it afterwards
    cat "$U/sidecar_abf.json" | TMPDIR="$T" "$BIN" convert "$U/example_pairs.xml" - --to json \
        --sidecar - >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out '"grade": "D"'
    printf '{"body": "abf", "date": "14/01/2025"}' | TMPDIR="$T" "$BIN" convert \
        "$U/example_pairs.xml" - --to json --sidecar - >"$T/out" 2>"$T/err"
    expect_rc 1 $?
    grep -q '/bridgemp-[A-Za-z0-9]*/stdin: \$.date: expected a date as YYYY-MM-DD' "$T/err" ||
        fail "the piped sidecar's error does not name it: $(cat "$T/err")"
    ls -d "$T"/bridgemp-* 2>/dev/null && fail "the spooled sidecar was left behind"
    ;;
bom) # a UTF-8 byte-order mark is accepted (JSON and USEBIO)
    printf '\357\273\277' | cat - "$EV" >"$T/bom.json"
    "$BIN" award "$T/bom.json" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    expect_out "Hart - Bell"
    printf '\357\273\277' | cat - "$U/abf_club_5tables.xml" >"$T/bom.xml"
    "$BIN" award "$T/bom.xml" --body abf --grade E >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    ;;
utf16) # UTF-16 JSON is refused, naming the file and the byte
    printf '\377\376{\000}\000' >"$T/u16.json"
    "$BIN" award "$T/u16.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "u16.json: byte 0: a UTF-16 byte-order mark \\(FF FE\\)"
    printf '{\000"\000' >"$T/nobom.json"
    "$BIN" award "$T/nobom.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "nobom.json: byte 1 \\(line 1\\): a NUL byte: UTF-16 or binary data"
    ;;
bad_utf8) # invalid UTF-8 in a JSON event: the byte offset and line
    printf '{\n"name": "Caf\351"}\n' >"$T/l1.json"
    "$BIN" award "$T/l1.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "l1.json: byte 14 \\(line 2\\): invalid UTF-8 \\(byte 0xE9\\)"
    ;;
dev_zero) # a device without end: refused at the limit, not grown past it
    "$BIN" award /dev/zero --max-input 1M 2>"$T/err"
    expect_rc 1 $?
    expect_err "/dev/zero: not a regular file and more than the input limit of 1 MB"
    "$BIN" award /dev/zero 2>"$T/err"
    expect_rc 1 $?
    expect_err "more than the input limit of 256 MB"
    ;;
too_large) # a regular file over the limit is refused before it is read
    truncate -s 300M "$T/big.json"
    "$BIN" award "$T/big.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "big.json: larger than the input limit of 256 MB: refused \\(raise it with --max-input SIZE\\)"
    "$BIN" award "$EV" --max-input 1K 2>"$T/err"
    expect_rc 1 $?
    expect_err "larger than the input limit of 1 KB"
    "$BIN" award "$EV" --max-input 2Q 2>"$T/err"
    expect_rc 2 $?
    ;;
batch) # 3 files, 1 bad: the 2 good computed, the summary names the bad one
    cp "$EV" "$T/a.json"
    printf '{"body": "ebu", "name":\n' >"$T/b.json"
    cp examples/abf/club-pairs.json "$T/c.json"
    "$BIN" award "$T/a.json" "$T/b.json" "$T/c.json" >"$T/out" 2>"$T/err"
    expect_rc 1 $?
    expect_out "==> $T/a.json <=="
    expect_out "==> $T/c.json <=="
    expect_out "Hart - Bell"
    expect_err "1 of 3 files failed \\(2 computed\\)"
    expect_err "^  $T/b.json: line 2"
    grep -q "b.json <==" "$T/out" && fail "the bad file has output"
    # the same as a directory (its *.json and *.xml, sorted), with --output-dir
    "$BIN" award "$T" --format json --output-dir "$T/out.d" >"$T/out" 2>"$T/err"
    expect_rc 1 $?
    [ -s "$T/out.d/a.json" ] && [ -s "$T/out.d/c.json" ] || fail "--output-dir outputs missing"
    [ -e "$T/out.d/b.json" ] && fail "an output for the bad input"
    grep -q '"awards"' "$T/out.d/c.json" || fail "c.json output is not awards"
    no_temp_left "$T/out.d"
    # all good: exit 0
    "$BIN" award "$T/a.json" "$T/c.json" --output-dir "$T/ok.d" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    [ -s "$T/ok.d/a.txt" ] && [ -s "$T/ok.d/c.txt" ] || fail "table outputs missing"
    expect_err "all 2 files computed"
    ;;
credit_dir) # --format abf-credit --output DIR/: DIR/NAME.grn, never DIR/.grn
    mkdir "$T/credits"
    "$BIN" award "$U/abf_club_5tables.xml" --body abf --grade E --format abf-credit \
        --output "$T/credits/" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    [ -s "$T/credits/abf_club_5tables.grn" ] || fail "no credits/abf_club_5tables.grn"
    [ -e "$T/credits/.grn" ] && fail "wrote credits/.grn"
    "$BIN" credit check "$T/credits/abf_club_5tables.grn" >"$T/out" 2>"$T/err"
    expect_rc 0 $?
    ;;
strerror) # OS errors say why
    "$BIN" award "$T/missing.json" 2>"$T/err"
    expect_rc 1 $?
    expect_err "missing.json: cannot open: No such file or directory"
    "$BIN" award "$EV" --output "$T/no/such/dir/out.txt" 2>"$T/err"
    expect_rc 1 $?
    expect_err "out.txt: cannot write: No such file or directory"
    "$BIN" award "$T" 2>"$T/err"
    expect_rc 1 $?
    expect_err "no \\*.json or \\*.xml files in the directory"
    "$BIN" credit show "$T/missing.red" 2>"$T/err"
    expect_rc 1 $?
    expect_err "missing.red: cannot open: No such file or directory"
    ;;
docs_list_commands) # the man page and README's "Using it" list every command
    cmds=$("$BIN" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z0-9-]*\).*/\1/p')
    [ -n "$cmds" ] || fail "no commands in bridgemp --help"
    sed 's/\\-/-/g; s/\\f[BIRP]//g' docs/bridgemp.1 >"$T/man"
    sed -n '/^## Using it/,/^## /p' README.md >"$T/readme"
    for c in $cmds; do
        grep -q "^\.B.* $c\b\|^\.B $c\b\|bridgemp $c\b" "$T/man" || fail "man page lacks $c"
        grep -q "bridgemp $c\b" "$T/readme" || fail "README's Using it lacks $c"
    done
    ;;
completion) # the bash completion file parses and completes every command
    command -v bash >/dev/null || exit 0
    bash -n scripts/bridgemp.bash || fail "syntax error"
    got=$(bash -c '. scripts/bridgemp.bash; COMP_WORDS=("$1" ""); COMP_CWORD=1; _bridgemp;
                   echo "${COMPREPLY[@]}"' sh "$BIN")
    for c in award convert credit abf-rank --help; do
        case " $got " in *" $c "*) ;; *) fail "completion lacks $c: $got" ;; esac
    done
    ;;
*)
    fail "unknown case"
    ;;
esac
exit 0
