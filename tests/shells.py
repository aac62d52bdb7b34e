"""The node-shell matrix: the bash releases real GPU nodes run, built by scripts/ensure-shells.sh.

Tests that run the real capture shell take a `Shell` and put its bin directory first on PATH; the
capture shell execs whatever `bash` PATH finds (capture-shell: `SHELL=$(command -v bash)`), so the
whole session, hooks included, runs on that release. "system" is the machine's own /bin/bash.

Where the builds come from: `scripts/ensure-shells.sh --list` (run by scripts/test.sh before
pytest, which builds what is missing). With CI=true a missing build is a test error, never a
quietly shorter matrix; outside CI the matrix is the system bash plus whatever is built.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from grader.provision.health import BASH_MIN

REPO = Path(__file__).resolve().parents[1]
# The releases the matrix must cover: every tarball in provisioning/shells/ (docs/node-capture.md
# "Supported shells"). Dropping another release's tarball there adds it to the matrix.
RELEASES = tuple(
    sorted(
        (
            p.name.removeprefix("bash-").removesuffix(".tar.xz")
            for p in (REPO / "provisioning" / "shells").glob("bash-*.tar.xz")
        ),
        key=lambda v: tuple(int(x) for x in v.split(".")),
    )
)
CAPTURE_MIN = BASH_MIN  # PS0 appeared in bash 4.4: the health check's own floor
#: The fast tier (`pytest --fast`, tests/conftest.py) runs on the system bash alone: the releases
#: are built by scripts/ensure-shells.sh, which only the full tier's scripts/test.sh runs.
SYSTEM_ONLY = False


@dataclass(frozen=True)
class Shell:
    label: str  # "bash-4.4.19" or "system"
    version: tuple[int, int]
    bindir: Path | None  # None: the system bash

    @property
    def captures(self) -> bool:
        return self.version >= CAPTURE_MIN

    def path_env(self, base: str | None = None) -> str:
        base = os.environ.get("PATH", "") if base is None else base
        return base if self.bindir is None else f"{self.bindir}:{base}"


def _version_of(bash: str) -> tuple[int, int]:
    out = subprocess.run(
        [bash, "-c", 'echo "${BASH_VERSINFO[0]} ${BASH_VERSINFO[1]}"'],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(out[0]), int(out[1])


@cache
def matrix() -> tuple[Shell, ...]:
    """Every shell of the matrix that is built here, the system bash first."""
    shells = [Shell("system", _version_of("bash"), None)]
    if SYSTEM_ONLY:
        return tuple(shells)
    listed = subprocess.run(
        [str(REPO / "scripts" / "ensure-shells.sh"), "--list"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    built = dict(line.split(" ", 1) for line in listed if line.strip())
    missing = [r for r in RELEASES if r not in built]
    if missing and os.environ.get("CI", "").lower() == "true":
        raise RuntimeError(
            f"CI=true and bash {', '.join(missing)} not built: run scripts/ensure-shells.sh"
        )
    for release in RELEASES:
        if release in built:
            bindir = Path(built[release]) / "bin"
            shells.append(Shell(f"bash-{release}", _version_of(str(bindir / "bash")), bindir))
    return tuple(shells)


def params(*, captures: bool | None = None) -> list:
    """pytest params of the matrix (ids are the labels); `captures` filters by support."""
    return [
        pytest.param(s, id=s.label) for s in matrix() if captures is None or s.captures == captures
    ]
