#!/bin/sh
# The postgres:15 image's settings on Debian's PostgreSQL: an empty PGDATA is initialised with
# the superuser POSTGRES_USER (default postgres) and its POSTGRES_PASSWORD, a database POSTGRES_DB
# (default: the user's name), password (scram) logins over the network; then the server runs.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
POSTGRES_USER=${POSTGRES_USER:-postgres}
POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}

if [ "${1:-}" != postgres ]; then
    exec "$@"  # e.g. `docker run ... psql`
fi

if [ "$(id -u)" = 0 ]; then  # own the (maybe freshly mounted) data directory, then drop root
    mkdir -p "$PGDATA" /var/run/postgresql
    chown postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "${POSTGRES_PASSWORD:-}" ]; then
        echo "docker-entrypoint: POSTGRES_PASSWORD is not set (the database would accept no login)" >&2
        exit 1
    fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
        # Single-user mode, no server listening: the pg_isready healthcheck cannot pass before this is done.
        name=$(printf '%s' "$POSTGRES_DB" | sed 's/"/""/g')
        echo "CREATE DATABASE \"$name\"" | postgres --single -D "$PGDATA" postgres >/dev/null
    fi
    echo "docker-entrypoint: initialised $PGDATA (user $POSTGRES_USER, database $POSTGRES_DB)"
fi

shift
exec postgres -D "$PGDATA" "$@"
