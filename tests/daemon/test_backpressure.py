"""A node that floods its stream is held back by SSH flow control, not buffered by the daemon.

The "node" is a real SSH server on loopback (tests/daemon/sshpeer.py's, in its own thread) whose
every command ignores the reader it is sent and writes well-formed DATA frames as fast as the
channel takes them, counting what it got out. The daemon side is the real
`stream_with_reader` over a real connection, consuming slowly, as a paced node is consumed. With
asyncssh's own process streams the node got ~60x more out than was read (the window was granted
again at every resume: grader/daemon/transport.py ReaderChannel); now what it gets out stays
within what was read plus the bound, and so does the daemon's memory.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import struct
import time
from pathlib import Path

import asyncssh
import pytest

from grader.config import load_config
from grader.daemon.logbudget import BURST as STDERR_BURST
from grader.daemon.transport import (
    READER_BUFFER_LIMIT,
    READER_WINDOW,
    STDERR_LINE_MAX,
    NodeLink,
    _LineLog,
    stream_with_reader,
)
from grader.protocol.frames import FRAME_DATA_MAX, KIND_DATA, MAGIC

from .nodesim import write_config
from .sshpeer import SshPeer


class FloodingNode:
    """An SSH server on loopback, in a thread of its own, whose every command writes well-formed
    DATA frames as fast as the channel takes them (awaiting `drain`, as sshd stops reading a
    program's pipe when the client's window is closed) and counts what it got out."""

    def __init__(self, workdir: Path) -> None:
        self.peer = SshPeer(workdir, python=False)  # keys, known-hosts line, the config's shape
        self.sent = 0
        frame_data = b"x" * (256 * 1024)
        path = b"alice/flood.ts"
        self.frame = (
            MAGIC
            + bytes([KIND_DATA])
            + struct.pack(">HQI", len(path), 0, len(frame_data))
            + path
            + frame_data
        )

    async def _flood(self, process: asyncssh.SSHServerProcess) -> None:
        while True:
            process.stdout.write(self.frame)
            await process.stdout.drain()
            self.sent += len(self.frame)

    def start(self) -> FloodingNode:
        self.peer._handle = self._flood  # type: ignore[method-assign]
        self.peer.start()
        return self

    def close(self) -> None:
        self.peer.close()


#: What the node may have sent beyond what the daemon read: the daemon's bound (ReaderChannel's
#: limit, two windows, a frame being decoded) and the pipes and buffers on the node's side
#: (the SSH server's own send buffer).
SLACK = READER_BUFFER_LIMIT + 2 * READER_WINDOW + FRAME_DATA_MAX + 4 * 1024 * 1024


def _rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_flooding_node_sends_only_what_the_daemon_reads(tmp_path: Path) -> None:
    node = FloodingNode(tmp_path / "peer").start()
    try:
        cfg = load_config(write_config(tmp_path, node.peer, tmp_path / "spool"))

        async def consume_slowly() -> tuple[int, float, int]:
            link = NodeLink(cfg.nodes[0], cfg.daemon, asyncio.Semaphore(1))
            got, rss_before, t0 = 0, _rss_mib(), time.monotonic()
            async with await link.connect() as conn:
                async for frame in stream_with_reader(conn, "/spool", {}):
                    got += len(frame.data) + len(frame.path) + 19
                    await asyncio.sleep(0.02)  # a paced node: ~12 MB/s taken
                    if time.monotonic() - t0 > 4:
                        break
                rss_grew = _rss_mib() - rss_before
                await asyncio.sleep(0.5)  # let the node fill whatever room it still has
                return got, rss_grew, node.sent

        got, rss_grew, sent = asyncio.run(consume_slowly())
    finally:
        node.close()
    assert got > 10 * 1024 * 1024, got  # the node was read, at the consumer's pace
    assert sent - got < SLACK, (sent, got)  # asyncssh's streams alone: ~60x got
    assert rss_grew < 64, rss_grew


def test_a_nodes_stderr_flood_is_rate_limited_and_cut(caplog: pytest.LogCaptureFixture) -> None:
    """The reader's stderr is logged a line at a time within a log budget (logbudget.py: at most
    BURST at once, then PER_S a second); the others are counted in the next logged line. A line
    that never ends is logged once, cut, and the rest dropped up to its newline (issue: 2.24 GB
    of log in 20 s from one never-ending stderr line)."""
    now = [1000.0]
    lines = _LineLog("node-x", clock=lambda: now[0])
    caplog.set_level(logging.INFO, logger="grader.daemon.transport")
    lines.feed(b"".join(b"line %d\n" % i for i in range(10_000)))
    assert len(caplog.records) == STDERR_BURST
    now[0] += 2.0  # two seconds later: PER_S * 2 more may go out
    lines.feed(b"late\n")
    last = caplog.records[-1].getMessage()
    assert 'line="late"' in last and f"suppressed={10_000 - STDERR_BURST}" in last, last
    caplog.clear()
    lines.feed(b"y" * 10_000_000)
    lines.feed(b"y" * 10_000_000 + b"\nafter\n")
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2 and "[cut]" in messages[0] and 'line="after"' in messages[1]
    assert all(len(m) < STDERR_LINE_MAX + 200 for m in messages)
    assert all("\n" not in m for m in messages)
