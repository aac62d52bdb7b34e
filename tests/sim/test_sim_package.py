"""The simulator is the fake node's own package, found through it: never inside the grader's, and
where it is not installed, the commands that need it say in one line what to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from grader.cli import main
from grader.node.paths import (
    SIM_INSTALL_HINT,
    SIM_PACKAGE,
    SimulatorMissing,
    node_files_dir,
    simulator_dir,
)

SEED_LAB = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"


def test_the_simulator_comes_from_its_own_package_not_the_graders() -> None:
    sim = simulator_dir()
    assert {"install.sh", "bin", "gpusim", "profiles"} <= {p.name for p in sim.iterdir()}
    assert not (node_files_dir() / "sim").exists()
    assert not any(p.name == "gpusim" for p in node_files_dir().rglob("*"))


@pytest.fixture
def hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the simulator's package were not installed: its import fails."""
    monkeypatch.setitem(sys.modules, SIM_PACKAGE, None)


@pytest.mark.usefixtures("hidden")
def test_the_locator_names_what_to_install() -> None:
    with pytest.raises(SimulatorMissing) as exc:
        simulator_dir()
    assert SIM_INSTALL_HINT in str(exc.value)


@pytest.mark.usefixtures("hidden")
def test_each_command_that_needs_it_fails_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inventory = tmp_path / "inventory.yaml"
    inventory.write_text(
        "schema_version: 1\n"
        f"hosts:\n  cpu-a: {{address: 127.0.0.1, host_keys: ['{KEY}'], simulator: true}}\n"
    )
    commands = {
        "grader record": ["record", str(SEED_LAB), "any-node"],
        "grader test-lab --profiles": ["test-lab", "--profiles", "all", str(SEED_LAB)],
        "grader provision": [
            "provision",
            "--inventory",
            str(inventory),
            "--log-dir",
            str(tmp_path / "logs"),
        ],
    }
    for name, argv in commands.items():
        assert main(argv) == 2, name
        out, err = capsys.readouterr()
        assert out == "", name
        (line,) = err.splitlines()
        assert line.startswith(f"{name}: ") and line.endswith(SIM_INSTALL_HINT), line
