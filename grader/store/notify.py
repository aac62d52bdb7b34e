"""Waking SSE streams when new verdict events exist, across processes.

PostgreSQL: ingest runs NOTIFY in its transaction, so every API process (each with one LISTEN
connection, psycopg AsyncConnection) learns of new events the moment they commit, whichever
grader wrote them. SQLite has no notifications between processes (the daemon and a standalone
`grader serve` are separate processes on one file), so waiters poll `events_after` every
SQLITE_POLL_INTERVAL_S: a query on an index in WAL mode costs microseconds and never blocks the
writer, and 200 ms is below what a person notices between typing Enter and seeing the tick.

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
        self._changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None

    @property
    def listening(self) -> bool:
        return self._task is not None

    async def start(self) -> None:
        if self._store.dialect == "postgresql" and self._task is None:
            self._task = asyncio.create_task(self._listen(), name="grader-event-listener")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def wait(self) -> None:
        """Return when new events may exist (a notification, or the poll interval elapsed)."""
        timeout = PG_FALLBACK_POLL_S if self._task is not None else SQLITE_POLL_INTERVAL_S
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)

    async def _notify_all(self) -> None:
        async with self._changed:
            self._changed.notify_all()

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
