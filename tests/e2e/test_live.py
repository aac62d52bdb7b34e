"""Acceptance: three learners type the seed lab at once on three fake nodes; every verified step
reaches the API, the learner's terminal (✓ line and `lab status`) and the SSE stream, once each.
Also the API's auth boundaries and a node with an unknown host key, against the running daemon."""

from __future__ import annotations

import asyncio
from collections import Counter

import asyncssh
import pytest

from grader.labs.loader import load_lab

from .harness import (
    LAB_DIR,
    OPERATOR_TOKEN,
    Daemon,
    SseCollector,
    free_port,
    learner_token,
    type_lab,
    wait_for,
    write_config,
)

pytestmark = pytest.mark.fakenode

LAB = load_lab(LAB_DIR)
STEP_IDS = [s.id for s in LAB.steps]


def test_three_learners_at_once_reach_api_terminal_and_sse(fake_nodes, tmp_path):
    seats = fake_nodes
    port = free_port()
    cfg = write_config(tmp_path, seats, f"sqlite:///{tmp_path / 'grader.db'}", port, "e2e-live")
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    sse = SseCollector(daemon.url).start()
    try:

        async def everyone() -> list:
            return await asyncio.gather(*(type_lab(s, len(STEP_IDS)) for s in seats))

        typed = asyncio.run(everyone())
        daemon.wait_every_step_verified([s.learner for s in seats], "in the API")
        # The fake nodes run the GPU simulator: the daemon read that from each node.
        nodes = daemon.get("/api/nodes").json()
        assert [n["simulated"] for n in nodes] == [True] * len(nodes), nodes
        events = daemon.events()
        verified = [e for e in events if e["state"] == "verified"]
        wait_for(lambda: len(sse.events) >= len(events), what="SSE caught up")
    finally:
        sse.close()
        assert daemon.stop() == 0, daemon.log_text()

    # API: every step of every learner verified, one verified event per (learner, step).
    assert Counter((e["learner"], e["step"]) for e in verified) == Counter(
        (s.learner, step) for s in seats for step in STEP_IDS
    )
    # SSE: each verdict event exactly once, in seq order, the same events the API lists.
    seqs = [seq for seq, _ in sse.events]
    assert seqs == sorted(set(seqs)), "an event was delivered twice or out of order"
    assert seqs == [e["seq"] for e in events]
    assert [d for _, d in sse.events] == events
    # Terminal: a ✓ k/N line per step, titled as in the lab, and `lab status` all ticked.
    titles = {i: s.title for i, s in enumerate(LAB.steps, 1)}
    for t in typed:
        assert t.checks == titles, t.seat.learner
        assert t.count == len(STEP_IDS)
        points = sum(s.points for s in LAB.steps)
        assert f"{points}/{points} points" in t.status, t.status
        assert t.status.count("[✓]") == len(STEP_IDS), t.status
        assert "Simulated GPUs: this practice node has no real GPU" in t.status, t.status
        # each login opened with the welcome: the lab and the next step, or how `lab` helps
        assert "steps done" in t.transcript or "is checked. `lab` shows" in t.transcript
    # The three nodes and their learners' interfaces were real: pinned from NCCL's own output.
    assert all(t.iface for t in typed)
    log = daemon.log_text()
    assert log.count("event=lease_acquired") == len(seats)
    assert "event=anomaly" not in log, log
    # Each node's reader slept on inotify (a command's end left the node as it was written),
    # not on the 50 ms poll: the real container's filesystem reports the capture shell's writes.
    started = [line for line in log.splitlines() if "event=reader_started" in line]
    assert len(started) >= len(seats), log
    assert all("wake=inotify" in line for line in started), started
    # The ✓ lines' progress files were written by each node's spool reader from lines on its
    # stdin, never over SFTP (docs/daemon.md "Progress over the reader's stdin").
    assert "event=progress_sent" in log and "via=reader" in log, log
    assert "event=progress_written" not in log and "via=sftp" not in log, log


def test_api_auth_and_unknown_host_key(fake_nodes, tmp_path):
    good, bad, _ = fake_nodes
    port = free_port()
    # The second node is pinned to a key it does not have: the daemon must refuse it.
    stranger = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    cfg = write_config(
        tmp_path,
        [good, bad],
        f"sqlite:///{tmp_path / 'grader.db'}",
        port,
        "e2e-auth",
        known_hosts={bad.node_id: stranger},
    )
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    try:
        wait_for(
            lambda: {n["id"]: n for n in daemon.get("/api/nodes").json()}[good.node_id][
                "connected"
            ],
            what="the well-pinned node connects",
        )
        nodes = {n["id"]: n for n in daemon.get("/api/nodes").json()}
        assert nodes[bad.node_id]["connected"] is False
        assert "unknown host key" in (nodes[bad.node_id]["error"] or ""), nodes[bad.node_id]
        assert not nodes[good.node_id]["error"], nodes[good.node_id]

        own = f"/api/learners/{good.learner}/progress"
        other = f"/api/learners/{bad.learner}/progress"
        assert daemon.get(own, token=None).status_code == 401
        assert daemon.get("/api/events", token=None).status_code == 401
        assert daemon.get(own, token="not-a-token-at-all-000").status_code == 401
        assert daemon.get(own, token=learner_token(good.learner)).status_code == 200
        assert daemon.get(other, token=learner_token(good.learner)).status_code == 403
        assert daemon.get("/api/nodes", token=learner_token(good.learner)).status_code == 403
        assert daemon.get(other, token=OPERATOR_TOKEN).status_code == 200
    finally:
        assert daemon.stop() == 0, daemon.log_text()
    log = daemon.log_text()
    assert "event=unknown_host_key" in log and bad.node_id in log
