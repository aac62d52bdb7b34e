#!/usr/bin/env bash
# The test suite, from a clean checkout on a fresh Debian 12 machine (as root): install what the
# tests need, check the labs, run pytest. README's second quick-start command; CI runs both tiers
# through .ci/run with CI=true, which turns a missing service or tool into a test error instead
# of a skip.
#
#   scripts/test.sh [PYTEST_ARGS...]          the full tier: every test, with coverage
#   scripts/test.sh --fast [PYTEST_ARGS...]   the fast tier: ruff and the pure core and unit tests
#                                             (`pytest --fast`, tests/conftest.py), no service
#
# The full tier installs and starts the virtualenv, Chromium, a Docker engine, PostgreSQL, an
# xAPI LRS and OpenSSL 1.1.1 (extracted, for the signing test), builds the bash releases of the node-shell matrix (cached outside the checkout), then
# lints and type-checks, fuzzes for 60 s and runs pytest. The fast tier needs only the
# virtualenv and the command-line tools (scripts/ensure-tools.sh).
# Measured on this 2-core box (README "Tests"): the fast tier 2-3.5 minutes once the virtualenv
# exists; `.ci/run` (the fast tier, then the rest) 39 minutes from a fresh clone with the
# services installed and the demo up, 52 minutes on a box ~2.5x slower (README "Tests").
set -euo pipefail

cd "$(dirname "$0")/.."

fast=false
if [[ ${1-} == --fast ]]; then
  fast=true
  shift
fi

log() { printf '\n== %s (%ss)\n' "$*" "$SECONDS" >&2; }

# Services this run started are stopped on every exit, pass or fail; ones that were already
# running (a developer's machine, other sessions using the engine) are left alone.
started_docker=false
started_postgres=false
cleanup() {
  local rc=$?
  if $started_docker; then scripts/ensure-docker.sh --stop || true; fi
  if $started_postgres; then scripts/ensure-postgres.sh --stop || true; fi
  exit "$rc"
}
trap cleanup EXIT

log "virtualenv"
scripts/ensure-venv.sh '.[test,bench]'

log "command-line tools (curl, xz, ip, ssh-keygen, openssl, ...)"
scripts/ensure-tools.sh

# Python 3.6, the node programs' floor (tests/daemon/test_node_python_floor.py): Debian 12 has
# none, so say here, not only in pytest's skip summary, which check stands for it.
if [[ -z ${LABGRADER_PYTHON36-} ]] && ! compgen -G "${HOME-}/.pyenv/versions/3.6*/bin/python3.6" \
  >/dev/null && ! command -v python3.6 >/dev/null; then
  log "no CPython 3.6 here: the node programs' 3.6 floor is checked statically only (vermin)"
fi

if $fast; then
  log "lint (ruff)"
  .venv/bin/ruff check .
  .venv/bin/ruff format --check .
  log "tests, fast tier (no Docker, PostgreSQL, Chromium or LRS; the system bash only)"
  timeout --kill-after=60 15m .venv/bin/python -m pytest -q -rs --fast "$@"
  log "done"
  exit 0
fi

log "chromium (dashboard browser tests)"
scripts/ensure-chromium.sh

log "docker engine"
docker info >/dev/null 2>&1 || started_docker=true
scripts/ensure-docker.sh

log "postgresql"
runuser -u postgres -- pg_isready -q 2>/dev/null || started_postgres=true
GRADER_TEST_PG_URL="$(scripts/ensure-postgres.sh)"
if [[ ! "$GRADER_TEST_PG_URL" =~ ^postgresql\+psycopg://[^[:space:]]+$ ]]; then
  log "ensure-postgres.sh printed no single URL: $GRADER_TEST_PG_URL"
  exit 1
fi
export GRADER_TEST_PG_URL

log "xAPI LRS (ralph-malph, its own virtualenv: the grades-out tests)"
GRADER_TEST_RALPH="$(scripts/ensure-lrs.sh)"
export GRADER_TEST_RALPH

log "OpenSSL 1.1.1 (Debian 11's, unpacked into var/: the attestation helper signs with it)"
GRADER_TEST_OPENSSL11="$(scripts/ensure-openssl11.sh)"
export GRADER_TEST_OPENSSL11

log "bash releases of the node-shell matrix (built once, then cached)"
scripts/ensure-shells.sh

log "labs: lint and self-tests"
.venv/bin/grader lint labs/
.venv/bin/grader test-lab labs/*/

log "lint (ruff)"
.venv/bin/ruff check .
.venv/bin/ruff format --check .

log "types (mypy, settings in pyproject.toml)"
.venv/bin/mypy

log "fuzz (atheris, every target, 60 s in all; docs/SECURITY.md \"Fuzzing\")"
# Each target starts from its committed seeds and crashes; an input that breaks one is written
# to tests/reliability/fuzz/crashes/<target>/ and fails this step (commit it: pytest replays it).
.venv/bin/python -m tests.reliability.fuzz.run --seconds 60

log "tests (with coverage)"
# A hang must end as a red run with stacks (pytest-timeout, 1200 s a test), not as CI's own
# 90-minute kill; this outer limit catches what pytest-timeout cannot interrupt.
# Coverage ([tool.coverage] in pyproject.toml) counts grader/ code run inside this pytest
# process only: daemons, the API and node scripts started as other processes are not traced.
# The report lists the files not fully covered, then the TOTAL line.
# -rs: every skip and its reason in the summary, so none passes unseen. --durations: the 30
# slowest tests, where CI's time budget goes (README "Tests").
timeout --kill-after=60 75m .venv/bin/python -m pytest -q -rs --durations=30 \
  --cov=grader --cov-report=term:skip-covered "$@"
log "done"
