"""The Store's one engine: its connections, the SQLite write lock and the commit listeners.

Every part of the Store (nodes.py, writes.py, queries.py, regrade.py) is a mixin on this class:
they share one engine, one pool and one write lock, so a Store is still one object to open,
pass around and close (store.py composes them).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from grader.store.database import SQLITE_BEGIN_OPTION
from grader.store.model import VerdictEvent


def call_on_loop(
    loop: asyncio.AbstractEventLoop, callback: Callable[..., object], *args: Any
) -> None:
    """Run `callback(*args)` on `loop`: at once when called in the loop's own thread (a commit
    listener called by the Committer's delivery), else scheduled from this thread (a wake of
    the loop). A closed loop is ignored: a late commit after the daemon stopped."""
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        callback(*args)
        return
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)


class Connections:
    """One database (SQLite file or PostgreSQL): the engine and how to use it.

    Thread-safe: every method takes its own pooled connection, so the API's worker threads and the
    daemon's ingest can share one Store.
    """

    def __init__(self, engine: sa.Engine, url: str) -> None:
        self._engine = engine
        self.url = url
        self._dialect = engine.dialect.name
        self._commit_listeners: list[Callable[[list[VerdictEvent]], None]] = []
        self._held = threading.local()  # .events: a thread's commits held for its caller
        # SQLite has one writer at a time. Threads of this process queue on this lock instead of
        # on busy_timeout, whose retries sleep 1-100 ms each (the p99 of a 100-node benchmark);
        # busy_timeout still covers writers in other processes. PostgreSQL locks rows itself.
        self._write_lock = threading.RLock() if self._dialect == "sqlite" else None

    def close(self) -> None:
        self._engine.dispose()

    @property
    def dialect(self) -> str:
        return self._dialect

    @property
    def engine(self) -> sa.Engine:
        """The SQLAlchemy engine, for tools that watch its statements (`grader bench-store`)."""
        return self._engine

    # -- in-process commit listeners -------------------------------------------------------------

    def add_commit_listener(self, listener: Callable[[list[VerdictEvent]], None]) -> None:
        """Call `listener(events)` after every commit that recorded new verdict events.

        Why: the API usually runs in the daemon's process on the same Store, so its SSE streams
        can be served the committed events themselves, the moment ingest commits, instead of each
        stream querying the database. It is called in the committing thread (often a worker
        thread), after the commit and outside the write lock, or for commits made within
        `listeners_held` in the thread that delivers them (the daemon's group commits: on the
        event loop), so two commits' calls may arrive in either order: it must be cheap and
        thread-safe, e.g. `call_on_loop` below. Other processes still need NOTIFY (PG) or
        polling (SQLite).
        """
        self._commit_listeners.append(listener)

    def remove_commit_listener(self, listener: Callable[[list[VerdictEvent]], None]) -> None:
        if listener in self._commit_listeners:
            self._commit_listeners.remove(listener)

    @contextmanager
    def listeners_held(self) -> Iterator[list[list[VerdictEvent]]]:
        """Within the block, this thread's commits do not call the commit listeners: each
        commit's events are added to the list it yields, for the caller to hand to
        `deliver_committed` in the thread it chooses. The daemon's Committer does so on the
        event loop, in the callback that returns its results: the listeners (the event feed,
        outbound delivery) then hop to no other thread, one wake of the loop per group commit
        instead of two (BENCHMARKS.md, issue 37)."""
        held: list[list[VerdictEvent]] = []
        self._held.events = held
        try:
            yield held
        finally:
            self._held.events = None

    def deliver_committed(self, held: list[list[VerdictEvent]]) -> None:
        """Call the commit listeners for commits made within `listeners_held`, in order."""
        for events in held:
            self._committed(events)

    def _committed(self, events: list[VerdictEvent]) -> None:
        held = getattr(self._held, "events", None)
        if held is not None:
            held.append(events)
            return
        for listener in list(self._commit_listeners):
            listener(events)

    # -- transactions ---------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        """A write transaction: BEGIN IMMEDIATE on SQLite (see database.py), default on PG."""
        with self._write_lock or contextlib.nullcontext(), self._engine.connect() as conn:
            conn = conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
            with conn.begin():
                yield conn

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with self._engine.connect() as conn, conn.begin():
            yield conn

    def _insert(self, table: sa.Table) -> Any:
        """An INSERT that supports ON CONFLICT (both dialects spell it the same)."""
        return (postgresql.insert if self._dialect == "postgresql" else sqlite.insert)(table)

    def ping(self) -> None:
        """Raise if the database cannot answer a query (health checks)."""
        with self._read() as conn:
            conn.execute(sa.select(1))
