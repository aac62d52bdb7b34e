"""The oldest python3 a node ships, 3.6 (RHEL / Rocky / Alma 8), for tests that run node programs
on it: LABGRADER_PYTHON36, else a pyenv 3.6 build, else `python3.6` on PATH.

Without one the test is skipped with its reason, in CI too, never an error: no CPython 3.6 can
be had on a fresh Debian 12 (no package, no vendored source; docs/node-capture.md), and the node
programs' 3.6 floor is checked statically everywhere (tests/daemon/test_node_python_floor.py,
vermin). The reason shows in pytest's -rs summary, which scripts/test.sh prints."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

import pytest


def find_python36() -> str | None:
    found = os.environ.get("LABGRADER_PYTHON36") or next(
        iter(sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.6*/bin/python3.6")))), None
    )
    return found or shutil.which("python3.6")


def python36() -> str:
    """A CPython 3.6 interpreter's path (or the test is missing it)."""
    found = find_python36()
    if found is None:
        pytest.skip(
            "no CPython 3.6 here (LABGRADER_PYTHON36, ~/.pyenv/versions/3.6*, python3.6 on PATH):"
            " the node programs were checked statically only (vermin, 3.6 floor)"
        )
    version = subprocess.run(
        [found, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
    ).stdout.strip()
    assert version == "(3, 6)", version
    return found
