"""Acceptance: the grader's SSH connection cut mid-command, the node container restarted, the
daemon SIGKILLed and restarted, all while a learner types the lab: the final progress equals an
uninterrupted run of the same session bytes; no step lost, no event doubled."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import Counter

import fakenode
import pytest

from grader.labs.loader import load_lab

from .harness import (
    LAB_DIR,
    Daemon,
    PortForward,
    free_port,
    replay,
    type_lab,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.fakenode

LAB = load_lab(LAB_DIR)
STEP_IDS = [s.id for s in LAB.steps]
# Which practice line each fault comes before (0-based; lines 0-10 are the practice answers).
CUT_AT, RESTART_AT, KILL_AT = 2, 5, 8
#: The grader's sshd session processes: the privilege-separated child runs as the grader account.
#: Succeeds when at least one was killed: a listed process may exit before its kill (the session
#: of a grader SIGKILLed just before is still going away), and that is no failure of the cut
#: (a CI run failed on "kill: No such process" after the cut had happened).
KILL_GRADER_SSHD = (
    "n=0; for p in $(pgrep -u labgrader -x sshd); do"
    ' kill -9 "$p" 2>/dev/null && n=$((n + 1)); done; [ "$n" -gt 0 ]'
)


def test_cut_restart_and_sigkill_equal_an_uninterrupted_run(one_fake_node, tmp_path):
    seat = one_fake_node
    port = free_port()
    forward = PortForward(seat.node.host, seat.node.port)
    cfg = write_config(
        tmp_path,
        [seat],
        f"sqlite:///{tmp_path / 'grader.db'}",
        port,
        "e2e-faults",
        ports={seat.node_id: forward.port},
    )
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    container = seat.node.container.get_wrapped_container()
    faults: list[str] = []
    seat_now = [seat]  # the learner logs in again at the restarted node's new port

    async def fault(i: int, line: str, sh):
        if i == CUT_AT:
            # A command is running (sleep) when the grader's connection dies under it.
            sh.process.stdin.write(b"sleep 1\r")
            await asyncio.sleep(0.4)
            killed = seat.node.exec(["sh", "-c", KILL_GRADER_SSHD])
            assert killed.exit_code == 0, killed.text
            await sh._read_until_prompts(1)
            faults.append("cut")
        elif i == RESTART_AT:
            # Wait until what was typed so far is graded, then restart the node: the learner's
            # login dies with it; the spool stays in the container's filesystem.
            await asyncio.to_thread(
                wait_for, lambda: daemon.steps(seat.learner)[STEP_IDS[3]] == "verified"
            )
            await asyncio.to_thread(container.restart, timeout=5)
            port_now = await asyncio.to_thread(wait_for, published_port, 30.0, "sshd port")
            forward.target = (seat.node.host, port_now)
            key = " ".join(seat.node.known_hosts_line.split()[1:])  # same key: it persisted
            learner_node = dataclasses.replace(
                seat.node,
                port=port_now,
                known_hosts_line=fakenode.known_hosts_line(seat.node.host, port_now, key),
            )
            await asyncio.to_thread(wait_for, lambda: sshd_ready(learner_node), 30.0, "sshd")
            seat_now[0] = dataclasses.replace(seat, node=learner_node)
            faults.append("restart")
            return seat_now[0]
        elif i == KILL_AT:
            await asyncio.to_thread(daemon.kill)
            sh.process.stdin.write(b"true\r")  # typed while no grader runs
            await sh._read_until_prompts(1)
            await asyncio.to_thread(daemon.start)
            faults.append("sigkill")
        return None

    def published_port() -> int | None:
        container.reload()
        found = (container.attrs["NetworkSettings"]["Ports"] or {}).get("22/tcp")
        return int(found[0]["HostPort"]) if found else None

    try:
        typed = asyncio.run(type_lab(seat, len(STEP_IDS), pause=fault))
        daemon.wait_every_step_verified([seat.learner], "after the faults")
        stored = daemon.events(seat.learner)
    finally:
        assert daemon.stop() == 0, daemon.log_text()
        forward.close()
    seat = seat_now[0]
    assert faults == ["cut", "restart", "sigkill"]
    expected_counts, expected_states = replay(seat, LAB)
    assert expected_states == dict.fromkeys(STEP_IDS, "verified")
    assert daemon_states(stored) == expected_states
    assert Counter((e["step"], e["state"]) for e in stored) == expected_counts
    assert sorted(e["seq"] for e in stored) == sorted({e["seq"] for e in stored})
    assert len(typed.checks) == len(STEP_IDS)
    log = daemon.log_text()
    assert log.count("event=daemon_started") == 2
    assert "event=reconnect" in log, log


def daemon_states(events: list[dict]) -> dict[str, str]:
    """Final state per step from the event log (the highest state reached)."""
    rank = {"pending": 0, "attempted": 1, "verified": 2}
    out: dict[str, str] = {}
    for e in events:
        if rank[e["state"]] >= rank.get(out.get(e["step"], "pending"), 0):
            out[e["step"]] = e["state"]
    return out


def sshd_ready(node) -> bool:
    import socket

    try:
        with socket.create_connection((node.host, node.port), timeout=2) as sock:
            return sock.recv(64).startswith(b"SSH-2.0-")
    except OSError:
        return False
