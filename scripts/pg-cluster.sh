#!/bin/sh
# A throwaway PostgreSQL cluster for the tests (docs/ledger.md, "PostgreSQL"):
#   eval "$(sh scripts/pg-cluster.sh start)"   # prints export BMP_TEST_PG=... BMP_PG_DIR=...
#   sh scripts/pg-cluster.sh crash "$BMP_PG_DIR"  # pg_ctl stop -m immediate, then start
#   sh scripts/pg-cluster.sh stop "$BMP_PG_DIR"
# start: initdb in a new temporary directory owned by a non-root user (the
# `postgres` user of Debian's package when run as root, else the caller), a
# Unix socket in that directory only (no TCP), a free port number for the
# socket's name, then prints the connection URI of a database `bmp`.
# stop: fast shutdown, then the directory is removed.
set -e
BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$BIN/initdb" ] || { echo "pg-cluster.sh: PostgreSQL not installed (scripts/deps.sh)" >&2; exit 1; }
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$1" in
start)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/bmp-pg-XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_owner "$BIN/initdb" -D "$dir/data" -U bmp -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    # a port nobody listens on (the socket's name; listen_addresses is empty)
    port=$(( 20000 + $$ % 20000 ))
    while [ -e "$dir/.s.PGSQL.$port" ]; do port=$((port + 1)); done
    # fsync off: the tests simulate process crashes and immediate shutdowns,
    # where the operating system keeps what was written; commits stay
    # synchronous, so nothing committed is lost by a crash of the server.
    echo "-k $dir -p $port -c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=100" >"$dir/options"
    as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$(cat "$dir/options")" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$BIN/createdb" -h "$dir" -p "$port" -U bmp bmp
    echo "export BMP_PG_DIR='$dir' BMP_PG_BIN='$BIN'"
    echo "export BMP_TEST_PG='postgresql:///bmp?host=$dir&port=$port&user=bmp'"
    ;;
crash)
    # an immediate shutdown (no checkpoint: WAL replay on restart), then start
    dir=${2:-$BMP_PG_DIR}
    as_owner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$(cat "$dir/options")" \
        start >/dev/null || { tail -20 "$dir/server.log" >&2; exit 1; }
    ;;
stop)
    dir=${2:-$BMP_PG_DIR}
    [ -n "$dir" ] && [ -d "$dir/data" ] || exit 0
    as_owner "$BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: pg-cluster.sh start | crash [DIR] | stop [DIR]" >&2
    exit 2
    ;;
esac
