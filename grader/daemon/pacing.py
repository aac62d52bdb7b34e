"""Per-node byte pacing: one node's huge output must not take the loop from the others.

Why: one asyncio loop parses every node's bytes. A learner who `cat`s 100 MB makes their node's
channel deliver as fast as SSH allows, and while the loop decrypts and parses that, the other
nodes' command ends wait (issue 6 "Isolation": the others' p99 tripled). Pacing a node to a byte
rate after a burst allowance leaves typing untouched (a command end is a few KiB) and turns a
flood into a steady share of the CPU; the pause is SSH flow control's job from there: while the
watcher sleeps it reads nothing, the channel's window fills and the node's reader blocks on its
write, so nothing is buffered or lost, only delayed.
"""

from __future__ import annotations

from dataclasses import dataclass

# 8 MB/s is ~10 % of one core for the parser (BENCHMARKS.md "Parser throughput") and still
# grades a 100 MB `cat` within ~13 s; the 4 MiB burst lets any ordinary output through unpaced.
DEFAULT_RATE_BYTES_S = 8_000_000
DEFAULT_BURST_BYTES = 4 * 1024 * 1024


@dataclass
class Pacer:
    """A token bucket over bytes: `spend` returns how long to pause before reading on."""

    rate: float = DEFAULT_RATE_BYTES_S
    burst: float = DEFAULT_BURST_BYTES
    _tokens: float | None = None
    _at: float = 0.0

    def spend(self, n: int, now: float) -> float:
        if self.rate <= 0:  # pacing off
            return 0.0
        if self._tokens is None:
            self._tokens, self._at = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate) - n
        self._at = now
        return -self._tokens / self.rate if self._tokens < 0 else 0.0
