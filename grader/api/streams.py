"""How many event streams (/api/events/stream) are open: a cap per token and one for the process.

A stream holds a task on the API's loop, a socket and a place in the event feed's wake-ups for as
long as its client keeps it, so the request rate limit (grader.ratelimit) does not bound what
streams cost: a script opening a thousand streams with one learner token makes a thousand
requests and then holds them all. Each token may hold `per_token` streams at once and the
process `total` (grader.yaml's api.rate_limits.streams_per_token and streams_total; the defaults
are grader.config's DEFAULT_STREAMS_PER_TOKEN and DEFAULT_STREAMS_TOTAL). One more is refused
with 429 and Retry-After (STREAM_RETRY_AFTER_S) before it starts; a stream's slot is freed the
moment it ends, its client gone or the server stopping.

Counted per process, like the rate limits: each grader process holds its own clients' streams.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from sse_starlette import EventSourceResponse
from starlette.types import Receive, Scope, Send

STREAM_RETRY_AFTER_S = 5
"""What a refused stream's Retry-After says: a slot frees as soon as a stream ends (a page
closed or reloaded ends its stream at once), so a retry after a few seconds finds one."""


class StreamSlots:
    """Open streams per token (by a key for it: its digest) and in all."""

    def __init__(self, per_token: int, total: int) -> None:
        self.per_token = per_token
        self.total = total
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()  # cheap, and safe from any thread

    def take(self, key: str) -> str | None:
        """Hold a slot for `key`: None when taken, else why not (for the 429's detail)."""
        with self._lock:
            if self._open[key] >= self.per_token:
                return (
                    f"this token already holds {self.per_token} event streams, the most one "
                    "token may hold: close one first"
                )
            if self._open.total() >= self.total:
                return f"the grader already serves {self.total} event streams, its most"
            self._open[key] += 1
            return None

    def give_back(self, key: str) -> None:
        with self._lock:
            self._open[key] -= 1
            if self._open[key] <= 0:
                del self._open[key]

    def held(self, key: str | None = None) -> int:
        """Streams open for `key` (None: in all)."""
        with self._lock:
            return self._open.total() if key is None else self._open[key]


class HeldStream(EventSourceResponse):
    """An event stream that gives its slot back when it ends, however it ends: the client gone,
    the server stopping, or the stream's task cancelled before its first event."""

    def __init__(self, content: Any, *, release: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()
