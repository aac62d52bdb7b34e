"""A node broken after provisioning shows degraded in /api/nodes within a minute, naming what
and the fix; a learner who logs in to a node without its capture hooks is told grading is off.

`grader run` against a fresh fake node (real sshd, the grader account without sudo); each case
breaks the node as an operator's mistake would, waits for /api/nodes to say so, then repairs it
and waits for plain connected again. Only deadlines: no timing is asserted.
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncssh
import pytest

from .harness import Daemon, free_port, wait_for, write_config

pytestmark = pytest.mark.fakenode

#: The daemon checks each node at connect and every 30 s by default: a minute is the acceptance
#: deadline (this test runs the check every 5 s).
DEGRADED_DEADLINE_S = 60.0
HOOKS = "/usr/local/lib/labgrader/hooks.bash"
DROPIN = "/etc/ssh/sshd_config.d/50-labgrader.conf"


def _node(daemon: Daemon, node_id: str) -> dict[str, Any]:
    return {n["id"]: n for n in daemon.get("/api/nodes").json()}[node_id]


def _wait_status(daemon: Daemon, node_id: str, status: str) -> dict[str, Any]:
    return wait_for(
        lambda: (n := _node(daemon, node_id))["status"] == status and n,
        timeout=DEGRADED_DEADLINE_S,
        what=f"{node_id} {status}",
    )


async def _login_banner(seat: Any) -> str:
    """What an interactive login prints in its first seconds (a pty, as a learner's ssh)."""
    async with asyncssh.connect(**seat.node.connect_kwargs(seat.account)) as conn:
        proc = await conn.create_process(term_type="xterm", stderr=asyncssh.STDOUT)
        seen = ""
        try:
            async with asyncio.timeout(15):
                while "grading is OFF" not in seen:
                    chunk = await proc.stdout.read(4096)
                    if not chunk:
                        break
                    seen += chunk
        except TimeoutError:
            pass
        proc.stdin.write("lab answer some-step a\nexit\n")
        try:
            async with asyncio.timeout(15):
                seen += await proc.stdout.read()
        except TimeoutError:
            pass
        return seen


def test_broken_hooks_sshd_block_and_wrapper_show_degraded_with_the_fix(one_fake_node, tmp_path):
    seat = one_fake_node
    node = seat.node
    port = free_port()
    db = f"sqlite:///{tmp_path / 'grader.db'}"
    # the check's period is the operator's (default 30 s): the shortest allowed, so the six
    # breaks and repairs take seconds each, not half a minute
    cfg = write_config(tmp_path, [seat], db, port, "e2e-health", daemon={"node_check_every_s": 5})
    daemon = Daemon(cfg, port, tmp_path / "daemon.log").start()
    try:
        healthy = _wait_status(daemon, seat.node_id, "connected")
        assert healthy["connected"] and not healthy["error"], healthy

        # hooks.bash removed: degraded, and a learner's login says grading is off
        assert node.exec(["mv", HOOKS, HOOKS + ".away"]).exit_code == 0
        got = _wait_status(daemon, seat.node_id, "degraded")
        assert got["connected"] is True
        assert got["error"] == (
            "degraded: capture hooks missing (hooks.bash): logins are not graded — "
            "run grader provision"
        ), got
        banner = asyncio.run(_login_banner(seat))
        assert "capture hooks" in banner and "grading is OFF" in banner, banner
        assert "NOT sent" in banner, banner
        assert node.exec(["mv", HOOKS + ".away", HOOKS]).exit_code == 0
        _wait_status(daemon, seat.node_id, "connected")

        # the learners' Match block removed from sshd's drop-in: forwarding is allowed again
        saved = node.exec(["cat", DROPIN]).text
        grader_only = saved[saved.index("# labgrader: the grader account") :]
        node.exec(["sh", "-c", f"printf '%s' '{grader_only}' > {DROPIN}"])
        got = _wait_status(daemon, seat.node_id, "degraded")
        assert got["error"].startswith(
            f"degraded: the learners' sshd block is not in effect for {seat.learner} ("
        ), got
        assert "forcecommand" in got["error"] and "allowtcpforwarding" in got["error"], got
        assert got["error"].endswith("— run grader provision"), got
        restore = saved.replace("'", "'\\''")
        node.exec(["sh", "-c", f"printf '%s' '{restore}' > {DROPIN}"])
        _wait_status(daemon, seat.node_id, "connected")

        # the attested wrapper removed: a login shell finds the program unwrapped, or not at all
        wrapper = node.exec(["bash", "-lc", "command -v all_reduce_perf"]).text.strip()
        assert wrapper, "the fake node has no all_reduce_perf on a login PATH"
        assert node.exec(["mv", wrapper, wrapper + ".away"]).exit_code == 0
        got = _wait_status(daemon, seat.node_id, "degraded")
        assert "attested wrappers not on a login PATH (all_reduce_perf" in got["error"], got
        assert got["error"].endswith("— run grader provision"), got
        assert node.exec(["mv", wrapper + ".away", wrapper]).exit_code == 0
        _wait_status(daemon, seat.node_id, "connected")
    finally:
        assert daemon.stop() == 0, daemon.log_text()
    assert "event=node_degraded" in daemon.log_text()
