"""Per-token rate limits for the API, and a limit on failed sign-ins per client address.

A module of its own, outside grader.api: the daemon's config reads its defaults without
loading the web stack or the store (tests/daemon/test_frame_format.py keeps ingest light).

The `limits` library's moving window in this process's memory: each grader process answers its
own clients (a second grader has its own window; the limits are per process, by design: a
client's connections stay on one process). A request over its limit is 429 with `Retry-After`
(whole seconds until the window lets the next one through).

- Each token: RATE_PER_TOKEN. A class's pages make a few requests at load and then follow the SSE
  stream; an LMS polling `/api/events` every few seconds stays far below it; a script looping on
  the API does not.
- Each client address: FAILED_AUTH_PER_CLIENT requests without a valid token; past it, a request
  without a valid token from that address is 429 instead of 401. A valid token is judged first
  and never refused for its address's failures: a class behind one NAT address shares it, and
  one learner's stale token must not lock the room out. So the limit does not slow guessing:
  what does is the tokens' length (issued ones carry ~190 bits; a configured one, literal or
  from the environment, has at least grader.config.TOKEN_MIN_CHARS characters). The limit keeps
  a token-less flood out of the logs.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

RATE_PER_TOKEN = "50/second"
FAILED_AUTH_PER_CLIENT = "30/minute"


class RateLimits:
    def __init__(
        self, per_token: str = RATE_PER_TOKEN, failed_auth: str = FAILED_AUTH_PER_CLIENT
    ) -> None:
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self.per_token: RateLimitItem = parse(per_token)
        self.failed_auth: RateLimitItem = parse(failed_auth)

    def _hit(self, item: RateLimitItem, key: str) -> int | None:
        """None when allowed; else the seconds to wait (at least 1)."""
        if self._window.hit(item, key):
            return None
        reset = self._window.get_window_stats(item, key).reset_time
        return max(1, math.ceil(reset - time.time()))

    def token(self, who: str) -> int | None:
        return self._hit(self.per_token, who)

    def failed(self, client: str) -> int | None:
        return self._hit(self.failed_auth, client)
