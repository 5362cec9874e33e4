#!/usr/bin/env bash
# Start the machine's PostgreSQL, make sure the burraco role (CREATEDB: the test runner makes
# its own test database) exists,
# and print a DATABASE_URL for a fresh database named by $1 (dropped and made anew).
set -euo pipefail
name="${1:?usage: bench/postgres.sh DATABASE_NAME}"
pg_version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    pg_createcluster "$pg_version" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" && $4 == "online" { found = 1 } END { exit !found }'; then
    pg_ctlcluster "$pg_version" main start >&2
fi
pg_port="$(pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" { print $3 }')"
su postgres -c "psql --quiet -v ON_ERROR_STOP=1 -p $pg_port" >&2 <<SQL
SELECT 'CREATE ROLE burraco' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'burraco')\gexec
ALTER ROLE burraco WITH LOGIN CREATEDB PASSWORD 'burraco';
DROP DATABASE IF EXISTS $name;
CREATE DATABASE $name OWNER burraco;
SQL
echo "postgres://burraco:burraco@127.0.0.1:${pg_port}/${name}"
