#!/usr/bin/env bash
# Make a local PostgreSQL server with a test role and database available (run as root, Debian 12).
#
# Why: the store's tests run against a real PostgreSQL (leases with FOR UPDATE SKIP LOCKED,
# LISTEN/NOTIFY) as well as SQLite; in CI a missing server must fail, not skip. Idempotent: an
# installed, running cluster and an existing role/database are left alone.
#
# Prints one line, the URL for the tests:   export GRADER_TEST_PG_URL="$(scripts/ensure-postgres.sh)"
#   scripts/ensure-postgres.sh         install postgresql if needed, start the cluster, create role/db
#   scripts/ensure-postgres.sh --stop  stop the cluster
set -euo pipefail

readonly PG_ROLE="${GRADER_TEST_PG_ROLE:-labgrader}"
readonly PG_DB="${GRADER_TEST_PG_DB:-labgrader_test}"
# A test-only password for a server that listens on localhost only; never a production secret.
readonly PG_PASSWORD="${GRADER_TEST_PG_PASSWORD:-labgrader}"
# pg_ctlcluster returns once the postmaster started; 30 s covers a first start on a slow disk.
readonly READY_TIMEOUT_S=30

log() { printf 'ensure-postgres: %s\n' "$*" >&2; }

install_server() {
  if command -v pg_lsclusters >/dev/null && [[ -n "$(pg_lsclusters -h 2>/dev/null)" ]]; then
    return 0
  fi
  log "installing postgresql from the machine's apt sources"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package's service start is blocked on these machines (no init); we start it below.
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
}

cluster() { pg_lsclusters -h | awk 'NR == 1 { print $1, $2 }'; }

psql_admin() { runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qtA "$@"; }

start_server() {
  local version name
  read -r version name <<<"$(cluster)"
  if ! pg_lsclusters -h | awk 'NR == 1 { exit ($4 == "online") ? 0 : 1 }'; then
    log "starting cluster $version/$name"
    # 3>&-: the postmaster must not inherit the caller's $(...) pipe, or the caller waits forever.
    pg_ctlcluster "$version" "$name" start 3>&-
  fi
  local deadline=$((SECONDS + READY_TIMEOUT_S))
  until runuser -u postgres -- pg_isready -q; do
    if ((SECONDS >= deadline)); then
      log "server not ready after ${READY_TIMEOUT_S} s"
      exit 1
    fi
    sleep 0.2
  done
}

create_role_and_db() {
  if [[ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$PG_ROLE'")" != 1 ]]; then
    log "creating role $PG_ROLE"
    psql_admin -c "CREATE ROLE \"$PG_ROLE\" LOGIN PASSWORD '$PG_PASSWORD'"
  fi
  if [[ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'")" != 1 ]]; then
    log "creating database $PG_DB"
    psql_admin -c "CREATE DATABASE \"$PG_DB\" OWNER \"$PG_ROLE\""
  fi
}

# Only the URL may reach stdout: the tests read it with $(...). Tools below print chatter there
# (pg_ctlcluster's "Removed stale pid file." after an unclean stop broke CI once), so stdout is
# kept on fd 3 and everything else goes to stderr.
exec 3>&1 1>&2

case "${1:-}" in
  --stop)
    read -r version name <<<"$(cluster)"
    pg_ctlcluster "$version" "$name" stop
    ;;
  "")
    install_server
    start_server
    create_role_and_db
    port="$(pg_lsclusters -h | awk 'NR == 1 { print $3 }')"
    echo "postgresql+psycopg://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$port/$PG_DB" >&3
    ;;
  *)
    echo "usage: $0 [--stop]" >&2
    exit 2
    ;;
esac
