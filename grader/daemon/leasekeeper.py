"""This grader's node leases, acquired and renewed on a thread of its own (LeaseKeeper)."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from collections.abc import Callable

from grader.store import LeaseRound, Store


class LeaseKeeper:
    """Acquires and renews this grader's leases every ttl/3 on a thread of its own.

    Renewing from the asyncio loop (through the shared executor) would make ownership depend on
    the loop's load: at 1,000 nodes the loop is CPU-bound, so renewals would run late, leases
    expire and watchers be stopped and restarted (measured, BENCHMARKS.md). On this thread an
    overloaded loop costs latency, not ownership: the GIL still gives the thread its turn within
    milliseconds. Each round's result (the node ids held, or the exception) goes to `deliver`,
    called in the loop's thread.
    """

    def __init__(
        self,
        store: Store,
        owner: str,
        node_ids: list[str],
        ttl_s: float,
        deliver: Callable[[LeaseRound | Exception], None],
        capacity: float = 1.0,
    ):
        self.store = store
        self.owner = owner
        self.node_ids = node_ids
        self.ttl_s = ttl_s
        self.capacity = capacity
        self._deliver = deliver
        self._loop = asyncio.get_running_loop()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lease-keeper", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Blocks until the thread is out of any renewal (call it off the loop)."""
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            result: LeaseRound | Exception
            started = time.monotonic()
            try:
                result = dataclasses.replace(
                    self.store.lease_round(self.owner, self.node_ids, self.ttl_s, self.capacity),
                    started=started,
                )
            except Exception as exc:  # delivered and logged in the loop; renew next round
                result = exc
            if self._stop.is_set():
                return
            try:
                self._loop.call_soon_threadsafe(self._deliver, result)
            except RuntimeError:  # the loop is closed: the daemon is gone
                return
            self._stop.wait(self.ttl_s / 3)
