"""Waking SSE streams when new verdict events exist, across processes.

In the same process (the usual deployment: `grader run` serves the API beside its watchers on one
Store), the Store calls back after every commit that recorded new events, and the feed wakes its
streams at once: no database round trip, no poll interval in the verification latency.

Other processes: PostgreSQL's ingest runs NOTIFY in its transaction, so every API process (each
with one LISTEN connection, psycopg AsyncConnection) learns of new events the moment they commit,
whichever grader wrote them. SQLite has no notifications between processes (a standalone
`grader serve` is a separate process on the daemon's file), so waiters also poll `events_after`
every SQLITE_POLL_INTERVAL_S: a query on an index in WAL mode costs microseconds and never blocks
the writer, and 200 ms is below what a person notices between typing Enter and seeing the tick.

Either way a wake-up only means "look again": the stream then reads events_after(last seq), so a
lost or spurious notification can never lose or duplicate an event.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import sqlalchemy as sa

from grader.store.store import NOTIFY_CHANNEL, Store

SQLITE_POLL_INTERVAL_S = 0.2

PG_FALLBACK_POLL_S = 5.0
"""Even with LISTEN, look again this often: covers a listener reconnecting after a dropped
connection (notifications sent meanwhile are gone)."""

PG_RECONNECT_DELAY_S = 1.0

log = logging.getLogger(__name__)


def psycopg_conninfo(url: str) -> str:
    """The libpq URI for a SQLAlchemy "postgresql+psycopg://" URL."""
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class EventFeed:
    """Per-process wake-ups for new events; start() once inside the event loop, then wait()."""

    def __init__(self, store: Store) -> None:
        self._store = store
        # One Event per generation, replaced on each wake-up: every waiter of that generation
        # wakes, and `version` lets a stream notice a wake-up that came before it started waiting.
        self._changed = asyncio.Event()
        self._version = 0
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def listening(self) -> bool:
        return self._task is not None

    @property
    def version(self) -> int:
        """Bumped on every wake-up; read it before querying, pass it to wait()."""
        return self._version

    async def start(self) -> None:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            self._store.add_commit_listener(self._committed)
        if self._store.dialect == "postgresql" and self._task is None:
            self._task = asyncio.create_task(self._listen(), name="grader-event-listener")

    async def stop(self) -> None:
        if self._loop is not None:
            self._store.remove_commit_listener(self._committed)
            self._loop = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def wait(self, seen: int | None = None) -> None:
        """Return when new events may exist: a wake-up since `seen` (a `version` read before the
        last query), a new one, or the poll interval elapsed."""
        if seen is not None and seen != self._version:
            return
        timeout = PG_FALLBACK_POLL_S if self._task is not None else SQLITE_POLL_INTERVAL_S
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    def _committed(self) -> None:
        """Store commit listener: runs in the committing thread, so hop onto our loop."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed under a late commit
                loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        self._version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def _notify_all(self) -> None:
        self._wake()

    async def _listen(self) -> None:
        import psycopg  # only PostgreSQL deployments need the async driver loaded

        conninfo = psycopg_conninfo(self._store.url)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    await self._notify_all()  # anything committed while we were not listening
                    async for _ in conn.notifies():
                        await self._notify_all()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # keep serving; the fallback poll covers the gap
                log.warning("event listener lost its connection: %s; reconnecting", exc)
                await asyncio.sleep(PG_RECONNECT_DELAY_S)
