"""The nodes' heartbeat lags, written to the store for all of them at once (LagBoard)."""

from __future__ import annotations

import asyncio
import logging

from grader.store import Store

log = logging.getLogger("grader.daemon")

# The daemon writes the lags its watchers noted since the last write this often (LagBoard).
LAG_FLUSH_S = 1.0


class LagBoard:
    """The watchers' heartbeat lags, written for all nodes in one transaction per LAG_FLUSH_S.

    Why: a transaction of its own per watcher every STATUS_WRITE_EVERY_S is ~100 a second at
    1,000 nodes, each a hop to a worker thread and SQLite's write lock. The newest lag per node
    wins; a failed write is dropped (the next heartbeat brings a newer one).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None

    def note(self, node_id: str, lag: float) -> None:
        self._pending[node_id] = lag
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="lag-board")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(LAG_FLUSH_S)
            if not self._pending:
                continue
            lags, self._pending = self._pending, {}
            try:
                await asyncio.to_thread(self.store.set_node_lags, lags)
            except Exception as exc:  # the database is away: the next heartbeats bring new lags
                log.warning("event=lag_write_failed nodes=%d detail=%s", len(lags), exc)
