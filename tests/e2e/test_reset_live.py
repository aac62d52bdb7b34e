"""`grader reset` while a class runs: the real `grader run` streams a fake node, a learner verifies
a step over a real SSH pty, an operator resets her lab from another process, and the running
daemon starts her engine over: the step is pending again (API and the node's progress file), and
doing it again verifies it again.

Without the daemon's pick-up (grader/daemon/resets.py) the store is cleared but the daemon's
engine still holds the step as verified, so doing it again records nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest

from .harness import (
    LAB_ID,
    REPO,
    Daemon,
    free_port,
    open_shell,
    practice_lines,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.fakenode

STEP = "run-broken"
PROGRESS = "/var/lib/labgrader/progress/{learner}/progress.json"


def node_state(seat, step: str) -> str | None:
    """The step's state in the learner's progress file on the node (None: no file yet)."""
    got = seat.node.exec(["cat", PROGRESS.format(learner=seat.learner)])
    if got.exit_code != 0:
        return None
    doc = json.loads(got.output)
    for lab in doc["labs"]:
        for s in lab["steps"]:
            if lab["id"] == LAB_ID and s["id"] == step:
                return s["state"]
    return None


def test_a_reset_starts_the_learner_over_in_the_running_daemon(one_fake_node, tmp_path):
    seat = one_fake_node
    port = free_port()
    cfg = write_config(tmp_path, [seat], f"sqlite:///{tmp_path / 'grader.db'}", port, "e2e-reset")
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    first = practice_lines()[0]  # the failing run: verifies STEP

    async def type_once() -> None:
        conn, sh = await open_shell(seat)
        try:
            await sh.run(first)
            await sh.exit()
        finally:
            conn.close()

    try:
        asyncio.run(type_once())
        wait_for(lambda: daemon.steps(seat.learner)[STEP] == "verified", what=f"{STEP} verified")
        wait_for(lambda: node_state(seat, STEP) == "verified", what="progress file: verified")

        command = ["reset", "--config", str(cfg), seat.learner, LAB_ID, "--reason", "node rebuilt"]
        reset = subprocess.run(
            [sys.executable, "-m", "grader.cli", *command, "--actor", "instructor"],
            env=dict(os.environ, PYTHONPATH=str(REPO)),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert reset.returncode == 0, reset.stderr
        assert set(daemon.steps(seat.learner).values()) == {"pending"}
        wait_for(lambda: "event=lab_reset" in daemon.log_text(), 10, "the daemon's pick-up")
        wait_for(lambda: node_state(seat, STEP) == "pending", what="progress file: pending")
        events = daemon.events(seat.learner)
        assert [(e["step"], e["state"]) for e in events][-1:] == [("*", "reset")]

        asyncio.run(type_once())  # the same step, done again after the reset
        wait_for(
            lambda: daemon.steps(seat.learner)[STEP] == "verified", what=f"{STEP} verified again"
        )
        wait_for(lambda: node_state(seat, STEP) == "verified", what="progress file: again")
        states = [(e["step"], e["state"]) for e in daemon.events(seat.learner)]
        assert states.count((STEP, "verified")) == 2, states
    finally:
        assert daemon.stop() == 0, daemon.log_text()
