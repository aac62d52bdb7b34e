"""The oldest python3 a node ships, 3.6 (RHEL / Rocky / Alma 8), for tests that run node programs
on it: LABGRADER_PYTHON36, else a pyenv 3.6 build, else `python3.6` on PATH. With CI=true a
missing one is an error, not a skip (missing.py)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

from missing import missing


def find_python36() -> str | None:
    found = os.environ.get("LABGRADER_PYTHON36") or next(
        iter(sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.6*/bin/python3.6")))), None
    )
    return found or shutil.which("python3.6")


def python36() -> str:
    """A CPython 3.6 interpreter's path (or the test is missing it)."""
    found = find_python36()
    if found is None:
        missing("no Python 3.6 interpreter (set LABGRADER_PYTHON36)")
    version = subprocess.run(
        [found, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True, text=True
    ).stdout.strip()
    assert version == "(3, 6)", version
    return found
