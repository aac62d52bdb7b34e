"""Acceptance for the second lab (issue 20): a learner types "The Job That Runs Slow"
(labs/nccl-transport) on a fake node over a real SSH pty, the real `grader run` grades it, and
every step is verified in the API and ticked in the learner's terminal.

The lab's own honest run is typed as it is (tests/clean-run.script: `lab answer` lines, a
`tee` into a file and the `echo busbw=$(awk …)` report), so the numbers compared across steps are
the ones the node's simulator printed in this run, and the report step's evidence must carry the
number the learner reported.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from grader.labs.loader import load_lab

from .harness import (
    LAB_DIR,
    REPO,
    Daemon,
    free_port,
    script_lines,
    type_lab,
    write_config,
)

pytestmark = pytest.mark.fakenode

TRANSPORT_DIR = REPO / "labs" / "nccl-transport"
LAB = load_lab(TRANSPORT_DIR)
STEP_IDS = [s.id for s in LAB.steps]
CLEAN_RUN = TRANSPORT_DIR / "tests" / "clean-run.script"
#: What the report line printed in the learner's terminal (the awk'd busbw of the socket run).
_REPORTED = re.compile(r"busbw=(\d+(?:\.\d+)?)")


def test_one_learner_types_the_transport_lab_to_its_end(one_fake_node, tmp_path):
    seat = one_fake_node
    port = free_port()
    # The class as a grader.yaml has it: both labs loaded, this learner taking the second one.
    cfg = write_config(
        tmp_path,
        [seat],
        f"sqlite:///{tmp_path / 'grader.db'}",
        port,
        "e2e-transport",
        labs=[LAB_DIR, TRANSPORT_DIR],
        learner_labs=[LAB.id],
    )
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    try:
        typed = asyncio.run(type_lab(seat, len(STEP_IDS), lines=script_lines(CLEAN_RUN)))
        daemon.wait_every_step_verified([seat.learner], "in the API", lab=LAB.id)
        progress = daemon.progress(seat.learner, LAB.id)
    finally:
        assert daemon.stop() == 0, daemon.log_text()

    steps = {s["id"]: s for s in progress["steps"]}
    assert list(steps) == STEP_IDS
    assert {s["state"] for s in steps.values()} == {"verified"}, steps
    points = sum(s.points for s in LAB.steps)
    assert progress["score"] == points == progress["points"]

    # Terminal: a ✓ k/N line per step, titled as in the lab, and `lab status` all ticked.
    assert typed.checks == {i: s.title for i, s in enumerate(LAB.steps, 1)}, typed.checks
    assert typed.count == len(STEP_IDS)
    assert f"{points}/{points} points" in typed.status, typed.status
    assert typed.status.count("[✓]") == len(STEP_IDS), typed.status

    # The numbers are the learner's own: each compared step captured what its run printed, and
    # the report's evidence (the API's `evidence.values`, beside `captures`) names the number
    # the learner's `echo busbw=$(awk …)` printed, read from the socket run's own table.
    shown = _REPORTED.findall(typed.transcript)
    assert len(shown) == 1, typed.transcript[-3000:]
    reported = shown[0]
    report = steps["report"]
    assert report["captures"]["reported"] == reported, report
    evidence = report["evidence"]
    assert evidence["line"].startswith("echo busbw=$(awk"), evidence
    assert f"reported = {reported} GB/s" in evidence["values"], evidence
    assert f"busbw={reported}" in evidence["matched"], evidence
    # (sweep_socket is a list: every busbw of the sweep, out-of-place and in-place)
    busbw = {
        k: float(v) for s in steps.values() for k, v in s["captures"].items() if k != "sweep_socket"
    }
    assert busbw["busbw_socket"] < 0.5 * busbw["busbw_p2p"], busbw
    assert busbw["busbw_shm"] < busbw["busbw_p2p"], busbw
    assert busbw["avg_fixed"] > 2 * busbw["busbw_socket"], busbw
    # awk printed column 8 of the 128 MiB row: the out-of-place busbw the socket step captured.
    assert reported == steps["socket-busbw"]["captures"]["busbw_socket"], steps["socket-busbw"]
    assert reported in steps["socket-busbw"]["captures"]["sweep_socket"].split(), steps

    log = daemon.log_text()
    assert "event=anomaly" not in log, log
