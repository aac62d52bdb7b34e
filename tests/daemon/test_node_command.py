"""A command the daemon runs on a node keeps a bounded part of its output, whatever the node
sends (grader/daemon/nodecommand.py), over a real SSH server running real /bin/sh commands."""

from __future__ import annotations

import asyncio
import tracemalloc
from pathlib import Path

import pytest

from grader.daemon.nodecommand import run_on_node

from .sshpeer import SshPeer

#: A flood is cut within this (it would otherwise run until the caller's timeout).
CUT_WITHIN_S = 10.0


@pytest.fixture
def peer(tmp_path: Path):
    p = SshPeer(tmp_path / "node", python=False).start()
    yield p
    p.close()


async def _run(peer: SshPeer, command: str, max_bytes: int, **kw: object):
    conn = await peer.connect()
    try:
        async with asyncio.timeout(CUT_WITHIN_S):
            return await run_on_node(conn, command, max_bytes, **kw)  # type: ignore[arg-type]
    finally:
        conn.close()


async def test_a_short_command_gives_its_output_and_exit_status(peer: SshPeer) -> None:
    res = await _run(peer, "printf 'eth0 UP\\n'; printf 'noise' >&2; exit 3", 4096)
    assert (res.exit_status, res.stdout, res.overflow) == (3, b"eth0 UP\n", False)


async def test_stdin_is_at_its_end_so_a_command_reading_it_does_not_wait(peer: SshPeer) -> None:
    res = await _run(peer, "cat; echo done", 4096)
    assert (res.exit_status, res.stdout) == (0, b"done\n")


async def test_merged_stderr_counts_as_output(peer: SshPeer) -> None:
    res = await _run(peer, "printf 'a\\n' >&2; printf 'b\\n'", 4096, merge_stderr=True)
    # two pipes on the node: which line comes first is the node's scheduler's
    assert res.exit_status == 0 and sorted(res.stdout.splitlines()) == [b"a", b"b"]


@pytest.mark.parametrize(
    ("command", "kw"),
    [
        ("cat /dev/zero", {}),  # stdout without end
        ("cat /dev/zero >&2", {}),  # stderr without end: counted, never kept
        ("cat /dev/zero >&2", {"merge_stderr": True}),
    ],
    ids=["stdout", "stderr", "merged-stderr"],
)
async def test_a_flood_is_cut_at_its_bound_and_never_held(
    peer: SshPeer, command: str, kw: dict[str, object]
) -> None:
    tracemalloc.start()
    try:
        res = await _run(peer, command, 4096, **kw)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert res.overflow and res.exit_status is None
    assert res.stdout == (b"" if kw == {} and ">&2" in command else b"\0" * 4096)
    # what this process held at its worst, the peer's side included: asyncssh's windows and
    # buffers, not the stream (conn.run() held all of it until the caller's timeout)
    assert peak < 16 * 2**20, f"{peak / 2**20:.1f} MiB held"
