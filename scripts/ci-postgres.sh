#!/usr/bin/env bash
# Installs (if needed) and starts a local PostgreSQL server from Debian's packages, creates the
# `siteseer` role and the `siteseer_test` database, and prints the DATABASE_URL for the tests.
# Used by .ci/run; safe to run again (idempotent). Listens on 127.0.0.1 only.
set -euo pipefail

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
pg_ctlcluster "$version" main status >/dev/null

for _ in $(seq 1 30); do
  su postgres -c "psql -qAtc 'SELECT 1'" >/dev/null 2>&1 && break
  sleep 1
done

su postgres -c "psql -qAtc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'siteseer') THEN CREATE ROLE siteseer LOGIN SUPERUSER PASSWORD 'siteseer'; END IF; END \\\$\\\$\"" >&2
su postgres -c "psql -qAtc \"SELECT 1 FROM pg_database WHERE datname = 'siteseer_test'\"" | grep -q 1 ||
  su postgres -c "createdb -O siteseer siteseer_test" >&2

echo "postgres://siteseer:siteseer@127.0.0.1:5432/siteseer_test"
