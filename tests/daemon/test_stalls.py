"""Nodes that stall: every step of a node's connection has a timeout (docs/daemon.md "Limits per
node"). A real daemon (its loop in a thread) against a real SSH server on loopback whose
programs answer late or never: the node is shown as stalled (`connected: false` and the
reason), dropped and retried with backoff, and a connection that fails right after connecting
backs off as one that never connected."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh
import pytest

from grader.protocol.frames import KIND_HEARTBEAT, encode
from grader.store import NodeStatus

from .hostile import hello
from .nodesim import NODE_ID, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread

#: The stall timeout these tests give the daemon (grader.yaml daemon.node_stall_s; 30 s by
#: default), so that a stall shows within seconds.
STALL_S = 1.5

Handler = Callable[[asyncssh.SSHServerProcess], Awaitable[None]]


async def answer_probe(process: asyncssh.SSHServerProcess) -> bool:
    """The daemon's python3 probe answered at once (True when that was this process)."""
    if (process.command or "").startswith("command -v"):
        process.exit(0)
        return True
    return False


async def silent_reader(process: asyncssh.SSHServerProcess) -> None:
    """Accepts the reader's channel and never answers (no HELLO, nothing)."""
    if not await answer_probe(process):
        await asyncio.sleep(3600)


async def byte_a_second(process: asyncssh.SSHServerProcess) -> None:
    """A HELLO, then a heartbeat frame a byte at a time, a byte every half second: busy, never
    a frame."""
    if await answer_probe(process):
        return
    process.stdout.write(hello())
    for byte in encode(KIND_HEARTBEAT, "", 0, b'{"t": 0}') * 100:
        process.stdout.write(bytes([byte]))
        await asyncio.sleep(0.5)


async def silent_probe(process: asyncssh.SSHServerProcess) -> None:
    """The `command -v python3` probe never ends."""
    await asyncio.sleep(3600)


async def broken_at_once(process: asyncssh.SSHServerProcess) -> None:
    """The reader's first bytes are not a frame: a protocol error right after connecting."""
    if await answer_probe(process):
        return
    process.stdout.write(b"this is not a frame" * 10)
    await process.stdout.drain()
    await asyncio.sleep(3600)


def crafted_peer(tmp_path: Path, handler: Handler) -> SshPeer:
    peer = SshPeer(tmp_path / "peer", python=False)
    peer._handle = handler  # type: ignore[method-assign, assignment]
    return peer.start()


def node_status(d: DaemonThread) -> NodeStatus | None:
    return next((n for n in d.store.nodes() if n.id == NODE_ID), None)


@pytest.mark.parametrize(
    ("handler", "step"),
    [
        (silent_reader, "no HELLO from the spool reader"),
        (byte_a_second, "no frame in"),
        (silent_probe, "python3 probe"),
    ],
    ids=["silent-reader", "byte-a-second", "silent-probe"],
)
def test_a_stalled_node_is_shown_stalled_and_retried(tmp_path, handler, step) -> None:
    peer = crafted_peer(tmp_path, handler)
    spool = Spool(tmp_path / "node")
    cfg = write_config(tmp_path, peer, spool.root, node_stall_s=STALL_S)
    d = DaemonThread(cfg)
    try:
        status = wait_for(
            lambda: (
                (s := node_status(d)) is not None and (s.error or "").startswith("stalled") and s
            ),
            timeout=5 * STALL_S + 10,
            what="the node shown as stalled",
        )
        assert not status.connected
        assert step in (status.error or ""), status.error
        # Dropped and connected again, with backoff (never one connection held for ever).
        wait_for(lambda: len(peer.conns) >= 2, timeout=30, what="a reconnect")
    finally:
        d.stop()
        peer.close()


def test_a_connection_that_fails_at_once_backs_off_as_one_that_never_connected(tmp_path) -> None:
    """Its backoff grows with every try (it is not reset by the connect), so the node is not
    reconnected about once a second for as long as it keeps failing."""
    peer = crafted_peer(tmp_path, broken_at_once)
    spool = Spool(tmp_path / "node")
    cfg = write_config(tmp_path, peer, spool.root, backoff={"base_s": 0.01, "max_s": 60})
    d = DaemonThread(cfg)
    try:
        watcher = wait_for(lambda: d.daemon.watchers.get(NODE_ID), what="the node's watcher")
        wait_for(lambda: watcher.link.attempt >= 5, timeout=30, what="five failed connections")
        status = node_status(d)
        assert status is not None and not status.connected and status.error
        attempts, connections = watcher.link.attempt, len(peer.conns)
    finally:
        d.stop()
        peer.close()
    # Every try connected (the failure came after it) and none started the backoff over: with
    # base 0.01 s and attempts at 5, a reset at each connect would have kept `attempt` at 1.
    assert connections >= 5
    assert attempts >= connections - 1
