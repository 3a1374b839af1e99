#!/bin/sh
# Soak test of `bridgemp serve` (issue 16, docs/reliability.md): the server,
# preferably the ASan+UBSan build, over the demo ledger under wrk for
# SOAK_SECONDS (default 600) on a mix of pages and API reads, while a club
# uploads a new credit file every 2 s and the secretary approves it.  At the
# end: every wrk response 2xx (no errors, no timeouts), every upload 201 and
# every approval 200, the server's resident memory sampled every 10 s (first,
# last, largest), a clean exit on SIGTERM with no sanitizer report, and
# `ledger verify` passing.
#   sh scripts/soak.sh [BUILD_DIR]     (default build-san if built, else build)
set -e
cd "$(dirname "$0")/.."
B=${1:-build-san}
[ -x "$B/bridgemp" ] || B=build
BIN=$(realpath "$B/bridgemp")
SECS=${SOAK_SECONDS:-600}
W=$(mktemp -d /tmp/bmp-soak-XXXXXX)
DB=$W/l.db
L="$BIN ledger --db $DB --who soak"
sh examples/ledger/demo.sh "$BIN" "$DB" >"$W/demo.out" 2>&1
CLUB=$($L token create --scope club:abf:2074 2>/dev/null | tail -1)
SEC=$($L token create --scope secretary:abf 2>/dev/null | tail -1)

ASAN_OPTIONS=detect_leaks=1:log_path=$W/asan UBSAN_OPTIONS=print_stacktrace=1:log_path=$W/ubsan \
    "$BIN" serve --db "$DB" --listen 127.0.0.1:0 --port-file "$W/port" --threads 2 \
    --access-log "$W/access.log" 2>"$W/serve.err" &
PID=$!
i=0
while [ ! -s "$W/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
U=http://127.0.0.1:$(cat "$W/port")

# wrk's mix: player pages (chart), player JSON, search, club page, an event
# with its derivations, the batch list.
cat >"$W/mix.lua" <<'EOF'
local paths = {}
for n = 1002, 1041 do
  paths[#paths + 1] = string.format("/player/abf/%d", n)
  paths[#paths + 1] = string.format("/api/v1/players/abf/%d", n)
end
for _, p in ipairs({"/players?q=Player+1", "/club/abf/2074?period=2025-09",
                    "/event/abf/2?explain=1", "/api/v1/batches?per_page=20", "/",
                    "/api/v1/players/abf/1003/history"}) do
  paths[#paths + 1] = p
end
math.randomseed(1)
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
EOF

rss() { awk '/VmRSS/ {print $2}' "/proc/$PID/status" 2>/dev/null || echo 0; }
echo "soak: $SECS s against $U ($B)"
wrk -t2 -c16 -d"${SECS}s" --latency -s "$W/mix.lua" "$U" >"$W/wrk.out" 2>&1 &
WRK=$!

# uploads and approvals while wrk runs; memory every 10 s
ups=0 ok_up=0 ok_ap=0 n=0
: >"$W/rss"
end=$(($(date +%s) + SECS))
while [ "$(date +%s)" -lt "$end" ]; do
    n=$((n + 1))
    printf '0001005%06d\n0001006%06d\n' "$n" "$n" >"$W/up.grn"
    code=$(curl -s -o "$W/up.json" -w '%{http_code}' -X POST --data-binary @"$W/up.grn" \
        -H "Authorization: Bearer $CLUB" "$U/api/v1/batches?filename=soak-$n.grn")
    ups=$((ups + 1))
    if [ "$code" = 201 ]; then
        ok_up=$((ok_up + 1))
        id=$(sed 's/.*"batch":\([0-9]*\).*/\1/' "$W/up.json")
        code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $SEC" \
            "$U/api/v1/batches/$id/approve")
        [ "$code" = 200 ] && ok_ap=$((ok_ap + 1))
    else
        echo "upload $n: HTTP $code $(cat "$W/up.json")"
    fi
    [ $((n % 5)) -eq 1 ] && rss >>"$W/rss"
    sleep 2
done
wait $WRK || true
rss >>"$W/rss"
kill -TERM $PID
status=0
wait $PID || status=$?

cat "$W/wrk.out"
errors=$(grep -E 'Non-2xx|Socket errors' "$W/wrk.out" || true)
requests=$(awk '/requests in/ {print $1}' "$W/wrk.out")
first=$(head -1 "$W/rss") last=$(tail -1 "$W/rss") max=$(sort -n "$W/rss" | tail -1)
echo "soak: $requests wrk requests; uploads $ok_up/$ups (201), approvals $ok_ap/$ok_up (200)"
echo "soak: server RSS first ${first} kB, last ${last} kB, largest ${max} kB"
fail=0
[ -z "$errors" ] || { echo "soak FAIL: $errors"; fail=1; }
[ "$ok_up" -eq "$ups" ] && [ "$ok_ap" -eq "$ok_up" ] || { echo "soak FAIL: uploads/approvals"; fail=1; }
[ "$status" -eq 0 ] || { echo "soak FAIL: the server exited $status"; cat "$W/serve.err"; fail=1; }
if ls "$W"/asan* "$W"/ubsan* >/dev/null 2>&1; then
    echo "soak FAIL: sanitizer report"; cat "$W"/asan* "$W"/ubsan* | head -40; fail=1
fi
$L verify || fail=1
[ $fail -eq 0 ] && echo "soak: passed" && rm -rf "$W"
exit $fail
