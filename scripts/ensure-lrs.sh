#!/usr/bin/env bash
# A Learning Record Store for the xAPI tests (tests/outbound): ralph-malph, a Python LRS, in a
# virtualenv of its own (var/lrs-venv), since it pins FastAPI, uvicorn and httpx versions the
# grader's .venv does not use. Idempotent: an installed one of the pinned version is left alone.
#
# Prints one line, the path of its `ralph` command, for the tests:
#   export GRADER_TEST_RALPH="$(scripts/ensure-lrs.sh)"
# PYTHON picks the interpreter (default python3). The tests start `ralph runserver --backend fs`
# themselves, each on a port and in a folder of its own (tests/outbound/lrs.py).
set -euo pipefail
cd "$(dirname "$0")/.."

# requests: ralph.api.auth imports it (its OIDC backend) but no extra of 5.1.0 requires it.
readonly RALPH_SPEC=("ralph-malph[cli,lrs]==5.1.0" "requests>=2.31")
readonly VENV=var/lrs-venv

# Only the path may reach stdout (the caller reads it with $(...)); pip's chatter goes to stderr.
exec 3>&1 1>&2

python="${PYTHON:-python3}"
if ! "$python" -c 'import ensurepip' 2>/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
fi
if ! "$VENV/bin/python" -c 'import importlib.metadata as m; assert m.version("ralph-malph") == "5.1.0"; import requests' 2>/dev/null; then
  mkdir -p var
  [[ -x "$VENV/bin/python" ]] || "$python" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q "${RALPH_SPEC[@]}"
fi
"$VENV/bin/ralph" --help >/dev/null
echo "$PWD/$VENV/bin/ralph" >&3
