"""A short command run on a node, its output bounded: the one way the daemon runs one.

Every byte a node sends is its owner's to write, and a node with root answers any command with
whatever it likes. asyncssh's `conn.run()` keeps all of a command's output (stdout and stderr)
in memory until the command exits or times out: a node answering the daemon's python3 check or
a lab's probe with an endless stream made the daemon hold ~100 MB in a few seconds
(tests/daemon/test_hostile_harness.py, command-flood). Here a command's stdout is kept up to
`max_bytes` and its stderr is only counted; past either bound the channel is closed on it, so
what one node can make the daemon hold is `max_bytes` plus asyncssh's buffers (one receive
window and a stream's limit each), and what it can make the loop decrypt is as much again.
The node reader's channel, which streams for hours, has its own flow control
(transport.ReaderChannel).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import asyncssh

#: What a command may print on stderr (only counted, never kept) before its channel is closed.
STDERR_MAX_BYTES = 64 * 1024
_READ_CHUNK = 16 * 1024


@dataclass(frozen=True)
class NodeOutput:
    """What a command run on a node gave: its exit status (None when it never said, or when its
    channel was closed for printing too much), its stdout up to the bound, and whether it went
    past a bound (its output is then cut, and its exit status unknown)."""

    exit_status: int | None
    stdout: bytes
    overflow: bool = False


async def run_on_node(
    conn: asyncssh.SSHClientConnection,
    command: str,
    max_bytes: int,
    *,
    merge_stderr: bool = False,
    stderr_max: int = STDERR_MAX_BYTES,
) -> NodeOutput:
    """Run `command` (already quoted for the node's shell) with stdin at its end, and return its
    exit status and first `max_bytes` of stdout; with `merge_stderr`, stderr counts as stdout.

    Past `max_bytes` on stdout (or `stderr_max` on stderr) the channel is closed: the result has
    `overflow` set and no exit status. No timeout of its own: callers bound the wait (a slow
    command is theirs to judge)."""
    out = bytearray()
    over = False
    stderr = asyncssh.STDOUT if merge_stderr else asyncssh.PIPE
    async with conn.create_process(command, encoding=None, stderr=stderr) as process:

        async def pump(stream: asyncssh.SSHReader[bytes], limit: int, keep: bool) -> None:
            nonlocal over
            seen = 0
            while not over and (chunk := await stream.read(_READ_CHUNK)):
                seen += len(chunk)
                if keep:
                    out.extend(chunk[: max(0, limit - len(out))])
                if seen > limit:
                    over = True
                    process.close()  # the other stream's read ends with the channel

        process.stdin.write_eof()
        pumps = [pump(process.stdout, max_bytes, keep=True)]
        if not merge_stderr:
            pumps.append(pump(process.stderr, stderr_max, keep=False))
        await asyncio.gather(*pumps)
        if over:
            return NodeOutput(None, bytes(out), overflow=True)
        await process.wait_closed()
        return NodeOutput(process.exit_status, bytes(out))
