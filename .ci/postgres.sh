#!/usr/bin/env bash
# Start the machine's PostgreSQL, make sure the burraco role (CREATEDB: the test runner makes
# its own test database) exists,
# and print a DATABASE_URL for a fresh database named by $1 (dropped and made anew);
# `postgres.sh --drop NAME` drops that database and prints nothing.
set -euo pipefail
drop=""
if [ "${1:-}" = "--drop" ]; then
    drop=1
    shift
fi
name="${1:?usage: .ci/postgres.sh [--drop] DATABASE_NAME}"
pg_version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    pg_createcluster "$pg_version" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" && $4 == "online" { found = 1 } END { exit !found }'; then
    pg_ctlcluster "$pg_version" main start >&2
fi
pg_port="$(pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" { print $3 }')"
if [ -n "$drop" ]; then
    su postgres -c "psql --quiet -v ON_ERROR_STOP=1 -p $pg_port -c 'DROP DATABASE IF EXISTS $name WITH (FORCE)'" >&2
    exit 0
fi
su postgres -c "psql --quiet -v ON_ERROR_STOP=1 -p $pg_port" >&2 <<SQL
SELECT 'CREATE ROLE burraco' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'burraco')\gexec
ALTER ROLE burraco WITH LOGIN CREATEDB PASSWORD 'burraco';
DROP DATABASE IF EXISTS $name;
CREATE DATABASE $name OWNER burraco;
SQL
echo "postgres://burraco:burraco@127.0.0.1:${pg_port}/${name}"
