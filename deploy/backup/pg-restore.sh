#!/usr/bin/env bash
# Restores a pg-backup.sh dump into a fresh database (decision 053, docs/operations.md#backups):
#   deploy/backup/pg-restore.sh FILE TARGET_DATABASE_URL
# The target database is created when missing and must hold no tables when it exists: a restore never
# writes over a live database. Point the app's DATABASE_URL at it once the counts look right.
# One transaction: a restore that fails leaves the target empty rather than half filled.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 FILE TARGET_DATABASE_URL" >&2
  exit 64
fi
file=$1
target=$2
[ -r "$file" ] || { echo "pg-restore: cannot read $file" >&2; exit 66; }

# The database's name is the URL's path; the server's maintenance database is `postgres`.
name=$(printf '%s' "$target" | sed -E 's#^[a-z]+://[^/]*/([^?]*).*#\1#')
if [ -z "$name" ] || [ "$name" = "$target" ]; then
  echo "pg-restore: $target names no database" >&2
  exit 64
fi
admin=$(printf '%s' "$target" | sed -E 's#^([a-z]+://[^/]*/)[^?]*#\1postgres#')
exists=$(psql "$admin" -Atqv ON_ERROR_STOP=1 -v name="$name" <<'SQL'
select count(*) from pg_database where datname = :'name';
SQL
)
if [ "$exists" = "0" ]; then
  psql "$admin" -qv ON_ERROR_STOP=1 -v name="$name" <<'SQL'
create database :"name";
SQL
else
  used=$(psql "$target" -Atqc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
  if [ "$used" != "0" ]; then
    echo "pg-restore: $name already holds $used tables; restore into a new database" >&2
    exit 1
  fi
fi

# The dump's owners and grants belong to the old server's roles; the target's role owns everything.
pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$target" "$file"
tables=$(psql "$target" -Atqc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
echo "pg-restore: $file into $name ($tables tables)"
