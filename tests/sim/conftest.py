"""Fixtures for the simulated GPU programs: a real install (install.sh) and a bash runner."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from grader.node.paths import simulator_dir

SIM_DIR = simulator_dir()


@pytest.fixture(scope="session")
def sim_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Install the simulator with its own installer, twice (it must be idempotent)."""
    root = tmp_path_factory.mktemp("sim-install")
    for _ in range(2):
        subprocess.run(
            ["sh", str(SIM_DIR / "install.sh"), str(root / "lib" / "sim"), str(root / "bin")],
            check=True,
        )
    return root / "bin"


class Sim:
    """Runs the installed programs through a real bash, with a controlled environment."""

    def __init__(self, bin_dir: Path, home: Path):
        self.bin_dir = bin_dir
        self.home = home

    def env(self, **extra: str) -> dict[str, str]:
        env = {
            "PATH": f"{self.bin_dir}:{os.environ['PATH']}",
            "HOME": str(self.home),  # no stray ~/.nccl.conf
            "LANG": "C.UTF-8",
        }
        env.update(extra)
        return env

    def bash(self, script: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-c", script],
            env=self.env(**extra),
            capture_output=True,
            text=True,
            timeout=30,
        )


@pytest.fixture
def sim(sim_bin: Path, tmp_path: Path) -> Sim:
    home = tmp_path / "home"
    home.mkdir()
    return Sim(sim_bin, home)
