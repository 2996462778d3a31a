#!/usr/bin/env bash
# Runs a command against a real PostgreSQL server (Debian's postgresql, installed and started
# here when missing) with DATABASE_URL set to a fresh database. Used by .ci/run to run the
# server tests a second time on PostgreSQL. Needs root (apt-get, pg_ctlcluster).
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  echo "Installing PostgreSQL from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >/dev/null
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  pg_ctlcluster "$version" main start
fi
for _ in $(seq 1 30); do
  su postgres -c "psql -p $port -Atc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
db="obo_test_$$"
su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -q" <<SQL
do \$\$ begin
  if not exists (select from pg_roles where rolname = 'obo') then
    create role obo login password 'obo' superuser;
  end if;
end \$\$;
create database $db owner obo;
SQL
export DATABASE_URL="postgres://obo:obo@127.0.0.1:$port/$db"
status=0
"$@" || status=$?
su postgres -c "psql -p $port -q -c 'drop database if exists $db'" || true
exit $status
