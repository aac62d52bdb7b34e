"""`grader test-lab --profiles`: the seed lab's scripts typed through the real capture shell on
every node profile of the matrix (the simulator's profiles/matrix) and graded there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.authoring.profile_matrix import matrix_profiles
from grader.cli import main

REPO = Path(__file__).resolve().parents[2]
LAB = REPO / "labs" / "nccl-bootstrap"


@pytest.mark.slow
def test_the_seed_lab_holds_on_every_node_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test-lab", "--profiles", "all", str(LAB)]) == 0
    out = capsys.readouterr().out
    names = [p.stem for p in matrix_profiles()]
    assert len(names) >= 6
    assert "FAIL" not in out, out
    for name in names:
        # the honest run made for any node, and the forged-interface one, on every profile
        assert f"PASS  nccl-bootstrap/tests/any-node.script on {name}" in out
        assert f"PASS  nccl-bootstrap/tests/forced-interface.script on {name}" in out


@pytest.mark.slow
def test_the_transport_lab_holds_on_every_node_profile(capsys: pytest.CaptureFixture[str]) -> None:
    """The second lab compares a learner's own runs (P2P, SHM, socket) on each profile's
    modelled bandwidths: the honest any-node script verifies everywhere, IB and RoCE included."""
    assert main(["test-lab", "--profiles", "all", str(REPO / "labs" / "nccl-transport")]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out, out
    for name in (p.stem for p in matrix_profiles()):
        assert f"PASS  nccl-transport/tests/any-node.script on {name}" in out
        assert f"PASS  nccl-transport/tests/echo-a-table.script on {name}" in out


@pytest.mark.slow
def test_a_fragile_pattern_fails_naming_profile_step_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lab that refuses every `NCCL WARN` in pin-iface (what it did before) breaks on NCCL 2.9,
    which warns about libibverbs in runs that succeed."""
    lab = tmp_path / "nccl-bootstrap"
    shutil.copytree(LAB, lab)
    text = (lab / "lab.yaml").read_text()
    failure_pattern = (
        "        - regex: 'Test (?:NCCL )?failure'\n"
        '          description: "nccl-tests\' `Test NCCL failure` message"\n'
    )
    fragile = text.replace(failure_pattern, "        - NCCL WARN\n", 1)
    assert fragile != text
    (lab / "lab.yaml").write_text(fragile)
    assert main(["test-lab", "--profiles", "pcie-nccl-2.9,pcie-nccl-2.30-docker", str(lab)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  nccl-bootstrap/tests/any-node.script on pcie-nccl-2.9" in out
    assert "PASS  nccl-bootstrap/tests/any-node.script on pcie-nccl-2.30-docker" in out
    failure = out.split("FAIL  nccl-bootstrap/tests/any-node.script on pcie-nccl-2.9", 1)[1]
    assert "pin-iface: got attempted" in failure
    assert "misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]" in failure


def test_a_placeholder_nothing_captured_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lab = tmp_path / "nccl-bootstrap"
    shutil.copytree(LAB, lab)
    for old in (lab / "tests").glob("*.script"):
        old.unlink()
    (lab / "tests" / "early.script").write_text("NCCL_SOCKET_IFNAME={{iface}} all_reduce_perf\n")
    (lab / "tests" / "early.expect.yaml").write_text("steps: {}\n")
    assert main(["test-lab", "--profiles", "pcie-nccl-2.21", str(lab)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  nccl-bootstrap/tests/early.script on pcie-nccl-2.21" in out
    assert "no step has captured iface" in out


def test_an_unknown_profile_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["test-lab", "--profiles", "nccl-9.9", str(LAB)]) == 2
    err = capsys.readouterr().err
    assert "no node profile 'nccl-9.9'" in err and "ib-nccl-2.26" in err
