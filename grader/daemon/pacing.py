"""Per-node pacing: one node's huge output must not take the loop from the others.

Why: one asyncio loop parses every node's bytes. A learner who `cat`s 100 MB makes their node's
channel deliver as fast as SSH allows, and while the loop decrypts and parses that, the other
nodes' command ends wait (unpaced, the others' p99 triples: measured, BENCHMARKS.md). The
pause is SSH flow control's job from there: while the watcher sleeps it reads nothing, the
channel's window fills and the node's reader blocks on its write, so nothing is buffered or
lost, only delayed.

Two token buckets, and the watcher pauses for the longer of the two:
- bytes: after a 4 MiB burst, at most `rate` bytes a second;
- the loop's time: after `burst_s` seconds spent parsing this node's frames, at most `share` of
  the loop's time. Bytes alone are not enough (measured, BENCHMARKS.md): what a byte costs
  depends on what it is. The renderer takes plain `\\r\\n` lines in bulk at ~300 MB/s; text
  full of bare CRs and BELs goes through its tokenizer at ~30 MB/s. With decryption and framing
  on top, 8 MB/s of such text holds the loop a third to half of the time, and the 4 MiB burst
  alone holds it for ~0.3 s. While a watcher holds the loop, every hop of another node's verdict
  (read, commit, stream) waits for it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

# grader.yaml's defaults (daemon.node_rate_bytes_s, node_loop_share) live with the config.
from grader.config import DEFAULT_LOOP_SHARE, DEFAULT_RATE_BYTES_S

# DEFAULT_RATE_BYTES_S, 8 MB/s, is ~10 % of one core for the parser on plain lines (BENCHMARKS.md
# "Parser throughput") and still grades a 100 MB `cat` within ~13 s; the 4 MiB burst lets any
# ordinary output through unpaced.
DEFAULT_BURST_BYTES = 4 * 1024 * 1024
# DEFAULT_LOOP_SHARE, a quarter of the loop for one node at most, after 10 ms of parsing at a
# stretch (~1 MiB of plain lines or a few NCCL runs' output at once pass unpaced; a 4 MiB output
# is delivered ~0.1 s later): a flood's frames then come with pauses three times their cost, in
# which the other nodes' verdicts go through. 10 ms, not 50: with the node's reader on inotify
# the plain p99 is ~40 ms, and a flood holding the loop for 50 ms at its start would be most of
# the others' p99 under it (measured, BENCHMARKS.md).
DEFAULT_BURST_S = 0.01


@dataclass
class TokenBucket:
    """Tokens refill at `rate` a second up to `burst`; a debt is repaid by waiting."""

    rate: float
    burst: float
    _tokens: float | None = None
    _at: float = 0.0

    def spend(self, amount: float, now: float) -> float:
        if self.rate <= 0:  # this bucket is off
            return 0.0
        if self._tokens is None:
            self._tokens, self._at = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate) - amount
        self._at = now
        return -self._tokens / self.rate if self._tokens < 0 else 0.0


#: A node paced node_over_budget_s (grader.config OVER_BUDGET_PACED_S, 30 s by default) within
#: the last window is over its budget: disconnected (then retried with backoff), its status
#: saying so. An honest 100 MB `cat` is paced ~13 s; a node that floods for good is cut off
#: instead of holding its share of the loop for ever.
OVER_BUDGET_WINDOW_S = 60.0


class PacedWindow:
    """Seconds a node was paced within the last `window_s` (a sliding sum)."""

    __slots__ = ("_entries", "_sum", "window_s")

    def __init__(self, window_s: float = OVER_BUDGET_WINDOW_S) -> None:
        self.window_s = window_s
        self._entries: deque[tuple[float, float]] = deque()
        self._sum = 0.0

    def add(self, now: float, paused: float) -> float:
        """Note a pause; the sum over the window, this one included."""
        self._entries.append((now, paused))
        self._sum += paused
        while self._entries and self._entries[0][0] < now - self.window_s:
            self._sum -= self._entries.popleft()[1]
        return self._sum


class Pacer:
    """`spend` returns how long the watcher should pause before reading on."""

    __slots__ = ("_bytes", "_loop")

    def __init__(
        self,
        rate: float = DEFAULT_RATE_BYTES_S,
        burst: float = DEFAULT_BURST_BYTES,
        share: float = DEFAULT_LOOP_SHARE,
        burst_s: float = DEFAULT_BURST_S,
    ) -> None:
        self._bytes = TokenBucket(rate, burst)
        self._loop = TokenBucket(share, burst_s)

    def spend(self, n: int, now: float, busy_s: float = 0.0) -> float:
        """`n` bytes were just handled, holding the loop for `busy_s` seconds, at `now`."""
        return max(self._bytes.spend(n, now), self._loop.spend(busy_s, now))
