#!/usr/bin/env bash
# Backs up LiveMarket's PostgreSQL database (decision 053, docs/operations.md#backups):
#   deploy/backup/pg-backup.sh DATABASE_URL [FILE]
# pg_dump's custom format: compressed, restorable table by table, and read by pg_restore into any
# database. FILE defaults to livemarket-<UTC time>.dump in BACKUP_DIR (the current folder). The dump is
# written next to its final name and renamed only once pg_restore can list it, so a dump that stopped
# halfway never looks like a good one. pg_dump reads one consistent snapshot; the app keeps running.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 DATABASE_URL [FILE]" >&2
  exit 64
fi
url=$1
file=${2:-${BACKUP_DIR:-.}/livemarket-$(date -u +%Y%m%dT%H%M%SZ).dump}
partial="$file.partial"
trap 'rm -f "$partial"' EXIT

# --no-owner/--no-privileges at restore time instead: the dump keeps everything, the restore chooses.
pg_dump --format=custom --compress=6 --file="$partial" --dbname="$url"
tables=$(pg_restore --list "$partial" | grep -c ' TABLE DATA ' || true)
if [ "$tables" -eq 0 ]; then
  echo "pg-backup: $partial holds no table data; not keeping it" >&2
  exit 1
fi
mv "$partial" "$file"
trap - EXIT
echo "pg-backup: $file ($(du -h "$file" | cut -f1), $tables tables)"
