#!/usr/bin/env bash
# The project's .venv (shared by the demo and the tests), with the package installed editable,
# and next to it the fake node's own package (the GPU simulator, provisioning/fake-node), which
# provisioning with `simulator: true`, `grader record`, `grader test-lab --profiles` and the tests
# find through it (docs/simulator.md).
#
#   scripts/ensure-venv.sh [PIP_TARGET]     default PIP_TARGET: .   (e.g. '.[test,bench]')
# PYTHON picks the interpreter (default python3). Run from anywhere; works in the repo root.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
# Debian's python3 ships venv without ensurepip unless python3-venv is installed.
if ! "$python" -c 'import ensurepip' 2>/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
fi
[[ -x .venv/bin/python ]] || "$python" -m venv .venv
.venv/bin/python -m pip install -q -e "${1:-.}" -e provisioning/fake-node
