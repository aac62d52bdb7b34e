"""A log budget per node: what a node sends may be logged, but never as fast as it sends it.

Why: a node whose owner has root can send frames that each make a log line (ERROR frames, HELLOs,
stderr lines, unknown learners) as fast as its channel goes: 200 MB of log in a second. Each
watcher keeps one budget; a line over it is counted, and the count goes out with the next line
that is logged (`suppressed=N`), so nothing is hidden, only summed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

#: Lines a node may log at once, then per second.
BURST = 50
PER_S = 5.0


class LogBudget:
    """A token bucket: `take()` says whether a line may be logged now, and how many were not
    since the last one that was (to say so in it)."""

    __slots__ = ("_at", "_burst", "_clock", "_per_s", "_tokens", "suppressed")

    def __init__(
        self, burst: int = BURST, per_s: float = PER_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._clock = clock
        self._burst = float(burst)
        self._per_s = per_s
        self._tokens = float(burst)
        self._at = clock()
        self.suppressed = 0

    def take(self) -> int | None:
        """None: do not log this line (it is counted). Else the lines suppressed before it."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._per_s)
        self._at = now
        if self._tokens < 1:
            self.suppressed += 1
            return None
        self._tokens -= 1
        before, self.suppressed = self.suppressed, 0
        return before

    def log(self, logger: logging.Logger, level: int, msg: str, *args: object) -> None:
        """`logger.log(level, msg, *args)` within the budget, saying what it suppressed before."""
        before = self.take()
        if before is not None:
            logger.log(level, msg + suffix(before), *args)


def suffix(suppressed: int) -> str:
    """What a logged line says of the lines suppressed before it."""
    return f" suppressed={suppressed}" if suppressed else ""
