"""docs/authoring.md, followed to the letter: every shell block runs, in order, in a fresh folder.

The blocks run through bash with this checkout's `grader` first on PATH, each with `set -e`: a
command that fails fails the test, with what it printed. What they leave is then checked: the
lab lints, its recorded whole-lab transcript verifies both steps, and it is proven on every node
profile (the guide's own `grader test-lab --profiles all`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
GUIDE = REPO / "docs" / "authoring.md"


def shell_blocks() -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.M | re.S)


@pytest.mark.slow
def test_the_authoring_guide_runs_as_written(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    outputs = []
    for block in shell_blocks():
        done = subprocess.run(
            ["bash", "-e", "-c", block],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        assert done.returncode == 0, (block, done.stdout[-2000:], done.stderr[-2000:])
        outputs.append(done.stdout)
    lab = tmp_path / "labs" / "gpu-check"
    expect = yaml.safe_load((lab / "tests" / "any-node.expect.yaml").read_text())
    assert expect["steps"] == {"list-gpus": "verified", "topo": "verified"}
    proven = next(o for o in outputs if "script runs pass on" in o)
    assert re.search(r"gpu-check: (\d+)/\1 script runs pass on ", proven), proven
    assert "pcie-nccl-2.9" in proven and "nvlink-nccl-2.24-bond0" in proven
