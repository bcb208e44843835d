#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD, the database POSTGRES_DB, password
# logins from the network; then PostgreSQL in the foreground.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  # As the published image: POSTGRES_DB, by default the user's name, unless it is the existing "postgres".
  db="${POSTGRES_DB:-$POSTGRES_USER}"
  if [ "$db" != "postgres" ]; then
    createdb --username="$POSTGRES_USER" "$db"
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
