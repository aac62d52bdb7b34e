"""A connected node's self-check, run by its watcher: is what provisioning installed in effect?

The script is grader/node/selfcheck.py's (capture hooks present, signing files present, the
learners' sshd block in effect), run as the grader account at each connection and every
SELF_CHECK_EVERY_S after. A node with problems stays connected (its spool is still read) but its
status says `degraded: <what> — run grader provision` instead of plain connected; the API's
/api/nodes and the operator dashboard show that line (docs/api.md, docs/operator-guide.md §6).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable

import asyncssh

from grader.config import DEFAULT_NODE_CHECK_EVERY_S, NodeConfig
from grader.daemon.nodecommand import run_on_node
from grader.daemon.transport import NodeStalled, within
from grader.node import (
    SELF_CHECK_MAX_BYTES,
    degraded_status,
    self_check_command,
    self_check_problems,
)

log = logging.getLogger("grader.daemon")

#: How often a connected node is checked again. A check is one SSH channel and ~50 ms of the
#: node's time (BENCHMARKS.md); a broken node shows degraded within this long.
SELF_CHECK_EVERY_S = DEFAULT_NODE_CHECK_EVERY_S
#: The longest a check may take: a healthy node answers in well under a second (BENCHMARKS.md);
#: past this the channel is closed and the node keeps its last status.
SELF_CHECK_TIMEOUT_S = 10.0


class NodeSelfCheck:
    """The checks of one connected node; `on_status(line)` gets "" (healthy) or the degraded
    line, only when it changes (a status write per change, not per check)."""

    def __init__(
        self,
        node: NodeConfig,
        signing: bool,
        stall_s: float,
        on_status: Callable[[str], None],
        every_s: float = SELF_CHECK_EVERY_S,
    ) -> None:
        self.node = node
        self._every_s = every_s
        learners = sorted(node.learners)
        self._learner = learners[0] if learners else None
        self._signing = signing
        self._stall_s = stall_s
        self._on_status = on_status
        self.status = ""

    async def run(self, conn: asyncssh.SSHClientConnection) -> None:
        """Check now, then every `every_s` (daemon.node_check_every_s, default
        SELF_CHECK_EVERY_S) until cancelled (the connection's end)."""
        while True:
            await self.check(conn)
            await asyncio.sleep(self._every_s)

    async def check(self, conn: asyncssh.SSHClientConnection) -> str:
        try:
            limit = min(self._stall_s, SELF_CHECK_TIMEOUT_S)
            out = await within(limit, "running the self-check", self._output(conn))
        except (OSError, asyncssh.Error, NodeStalled) as exc:
            # the stream's own stall timer judges the link; a slow check is only logged
            log.warning("event=self_check_failed node=%s detail=%s", self.node.id, exc)
            return self.status
        line = degraded_status(self_check_problems(out, self._learner))
        if line != self.status:
            self.status = line
            if line:
                log.warning("event=node_degraded node=%s detail=%s", self.node.id, json.dumps(line))
            else:
                log.info("event=node_healthy node=%s", self.node.id)
            self._on_status(line)
        return line

    async def _output(self, conn: asyncssh.SSHClientConnection) -> str:
        """The check's output, its first SELF_CHECK_MAX_BYTES only, stderr counted with stdout: a
        node that prints more (its bytes are hostile: a flood on this channel is decrypted by the
        loop every other node shares, outside the node's pacing) has the channel closed on it,
        never buffered (nodecommand.py); and it has SELF_CHECK_TIMEOUT_S in all."""
        # Made for each check (every 30 s), not kept: ~1.7 KiB a node between checks.
        command = self_check_command(self._learner, self._signing)
        res = await run_on_node(conn, command, SELF_CHECK_MAX_BYTES, merge_stderr=True)
        return res.stdout.decode("utf-8", "replace")

    def reset(self) -> None:
        """A new connection: its status starts as plain connected."""
        self.status = ""
