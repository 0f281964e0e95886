#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server, then stops the server and deletes it, whatever the
# command's outcome. The cluster is made with initdb in a new temporary folder (UTF-8, locale C.UTF-8,
# trust authentication) and started with pg_ctl listening only on a Unix socket in that folder: no TCP port
# is opened, so nothing outside this machine can reach it and the command reaches nothing else. The command
# gets PGHOST (the socket folder), PGPORT, PGUSER and PGDATABASE, so libpq and psql connect without options.
# PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (created by the Debian
# packages); as anyone else, as that user. The Debian packages (postgresql, libpq-dev, libsqlite3-dev)
# are installed with apt-get when `dpkg -s` says they are missing.
#   scripts/with-postgres.sh psql -c 'select version()'
#   scripts/with-postgres.sh swift test --package-path IntegrationTests
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: scripts/with-postgres.sh COMMAND [ARGUMENT...]" >&2
    exit 64
fi

# The newest installed server's programs (Debian keeps them out of PATH).
server_bin() {
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && echo "$dir"
}

# The Debian packages the differential suite needs: the server, and the client and SQLite libraries
# with their headers (IntegrationTests links libpq and libsqlite3).
installed() {
    if command -v dpkg >/dev/null 2>&1; then
        dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
    else
        case "$1" in
            postgresql) server_bin >/dev/null ;;
            libpq-dev) [ -f /usr/include/postgresql/libpq-fe.h ] ;;
            libsqlite3-dev) [ -f /usr/include/sqlite3.h ] ;;
        esac
    fi
}

missing=()
for package in postgresql libpq-dev libsqlite3-dev; do
    installed "$package" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "with-postgres: installing ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "with-postgres: ${missing[*]} missing; run as root, or install them first" >&2
        exit 69
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
bin="$(server_bin)" || { echo "with-postgres: no PostgreSQL server programs found" >&2; exit 69; }

folder="$(mktemp -d /tmp/pg.XXXXXX)"
as_server=()
if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$folder"
    chmod 755 "$folder"
    as_server=(runuser -u postgres --)
fi

started=0
cleanup() {
    if [ "$started" = 1 ]; then
        "${as_server[@]}" "$bin/pg_ctl" -D "$folder/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${as_server[@]}" "$bin/initdb" -D "$folder/data" -E UTF8 --locale=C.UTF-8 -U postgres --auth=trust \
    >"$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; exit 70; }
# listen_addresses='' turns TCP off; the socket lives in the temporary folder. fsync is off because the
# cluster is thrown away.
started=1
"${as_server[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $folder -p 5432 -c fsync=off -c full_page_writes=off" start >/dev/null ||
    { cat "$folder/server.log" >&2; exit 70; }

export PGHOST="$folder" PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
set +e
"$@"
status=$?
set -e
exit "$status"
