"""The verdict events every SSE stream of this process follows: read once, served from memory.

Why: every open dashboard page follows /api/events/stream. If each stream ran its own
`events_after` query on every commit and every poll, the API's cost would grow as streams x
commits: at 1,000 learners' pages and 100 commits a second that is 100,000 queries a second, and
even the one operator stream of `grader bench` spends a fifth of the grader's CPU at 10 nodes on
them (measured, BENCHMARKS.md). The feed keeps the newest events in memory (the tail) and
streams read them there, filtered by learner, without a query; it wakes only the streams whose
scope got an event.

How the tail learns of new events, in the same order `events_after` would give them:
- In the same process (the usual deployment: `grader run` serves the API beside its watchers on
  one Store), the Store hands over each commit's new events. They are appended directly when they
  continue the tail (their seqs follow its newest one without a gap); otherwise (two commits'
  calls arrived out of order, another process committed in between, a PostgreSQL sequence skipped
  numbers) the feed reads `events_after(newest)` once from the database instead.
- Other processes: PostgreSQL's ingest runs NOTIFY in its transaction, so the feed (one LISTEN
  connection, psycopg AsyncConnection) reads the new events the moment they commit, whichever
  grader wrote them. SQLite has no notifications between processes (a standalone `grader serve`
  is a separate process on the daemon's file), so the feed polls `events_after(newest)` every
  SQLITE_POLL_INTERVAL_S: one query for all streams, on an index in WAL mode, never blocking the
  writer; 200 ms is below what a person notices between typing Enter and seeing the tick.

A stream resuming from before the tail (an old Last-Event-ID, a page opened with history) pages
through the database until it reaches the tail; so does every stream while the feed is
not started. A lost or spurious wake-up can never lose or duplicate an event: a stream always
reads "after my last seq", from the tail or the database.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging

import sqlalchemy as sa

from grader.store.connection import call_on_loop
from grader.store.model import VerdictEvent
from grader.store.queries import EVENTS_PAGE_MAX
from grader.store.store import Store
from grader.store.writes import NOTIFY_CHANNEL

SQLITE_POLL_INTERVAL_S = 0.2

PG_FALLBACK_POLL_S = 5.0
"""Even with LISTEN, look again this often: covers a listener reconnecting after a dropped
connection (notifications sent meanwhile are gone)."""

PG_RECONNECT_DELAY_S = 1.0

TAIL_KEEP = EVENTS_PAGE_MAX
"""Events kept in memory (up to twice this before trimming): a stream further behind reads the
database. 500 events of a class at full speed is several seconds of verdicts."""

WAIT_MAX_S = 5.0
"""A waiting stream looks again at least this often, whatever woke or did not wake it."""

REFRESH_RETRY_S = 1.0

log = logging.getLogger(__name__)


def psycopg_conninfo(url: str) -> str:
    """The libpq URI for a SQLAlchemy "postgresql+psycopg://" URL."""
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class EventFeed:
    """This process's tail of verdict events; start() once inside the event loop.

    Everything but the commit listener runs on the event loop's thread: a stream's `after()` and
    the `wait()` that follows it, with no await between them, cannot miss an event appended in
    between, so no version counter is needed.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._loop: asyncio.AbstractEventLoop | None = None
        # The tail holds every event with base < seq <= high, oldest first; seqs mirrors it for
        # bisect. None until start() read where the database's events end.
        self._base: int | None = None
        self._high = 0
        self._tail: list[VerdictEvent] = []
        self._seqs: list[int] = []
        # One Event per scope (a learner, or None for every event), replaced when it fires: every
        # stream waiting on that scope wakes.
        self._waiters: dict[str | None, asyncio.Event] = {}
        self._dirty = asyncio.Event()  # the database may hold events the tail lacks
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def live(self) -> bool:
        """Started: the tail is kept current, so streams may read it."""
        return self._base is not None

    @property
    def high(self) -> int:
        """The newest seq in the tail; every event up to it was committed when it was read."""
        return self._high

    async def start(self) -> None:
        if self._loop is not None:
            return
        self._loop = asyncio.get_running_loop()
        # Listening first: a commit the read below misses is delivered (or marks the feed dirty).
        self._store.add_commit_listener(self._committed)
        try:
            await self._go_live()
        except Exception as exc:  # serve anyway: streams read the database until the loop can
            log.warning("event feed could not read where the events end: %s; retrying", exc)
        self._tasks.append(asyncio.create_task(self._refresh_loop(), name="grader-event-feed"))
        if self._store.dialect == "postgresql":
            self._tasks.append(asyncio.create_task(self._listen(), name="grader-event-listener"))

    async def stop(self) -> None:
        if self._loop is not None:
            self._store.remove_commit_listener(self._committed)
            self._loop = None
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._base = None
        self._tail, self._seqs = [], []
        self._wake_all()

    def after(
        self, seq: int, learner: str | None = None, limit: int = EVENTS_PAGE_MAX
    ) -> list[VerdictEvent] | None:
        """Events after `seq` (of `learner`, or all), oldest first, at most `limit`; None when
        the tail does not reach back to `seq` (read the database instead)."""
        if self._base is None or seq < self._base:
            return None
        out: list[VerdictEvent] = []
        for event in self._tail[bisect.bisect_right(self._seqs, seq) :]:
            if learner is None or event.learner == learner:
                out.append(event)
                if len(out) >= limit:
                    break
        return out

    async def wait(self, learner: str | None = None) -> None:
        """Return when the tail got an event in this scope, or after a while regardless (the
        poll interval while the feed is not started, else WAIT_MAX_S)."""
        waiter = self._waiters.get(learner)
        if waiter is None:
            waiter = self._waiters[learner] = asyncio.Event()
        timeout = WAIT_MAX_S if self.live else SQLITE_POLL_INTERVAL_S
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):  # not wait_for: see _refresh_loop
                await waiter.wait()

    # -- keeping the tail -------------------------------------------------------------------------

    def _committed(self, events: list[VerdictEvent]) -> None:
        """Store commit listener: runs in the committing thread (hop onto our loop) or, for the
        daemon's group commits, on our loop already."""
        loop = self._loop
        if loop is not None:
            call_on_loop(loop, self._delivered, events)

    def _delivered(self, events: list[VerdictEvent]) -> None:
        if self._base is None:  # still reading where the events end: read these afterwards
            self._dirty.set()
            return
        fresh = sorted((e for e in events if e.seq > self._high), key=lambda e: e.seq)
        if not fresh:
            return
        if all(e.seq == self._high + 1 + i for i, e in enumerate(fresh)):
            self._append(fresh)
        else:
            self._dirty.set()  # a gap: what fills it is in the database

    def _append(self, events: list[VerdictEvent]) -> None:
        fresh = [e for e in events if e.seq > self._high]
        if not fresh or self._base is None:
            return
        self._tail += fresh
        self._seqs += [e.seq for e in fresh]
        self._high = fresh[-1].seq
        if len(self._tail) > 2 * TAIL_KEEP:
            drop = len(self._tail) - TAIL_KEEP
            self._base = self._seqs[drop - 1]
            del self._tail[:drop], self._seqs[:drop]
        woken: set[str | None] = {None, *(e.learner for e in fresh)}
        for scope in woken:
            waiter = self._waiters.pop(scope, None)
            if waiter is not None:
                waiter.set()

    async def _go_live(self) -> None:
        self._base = self._high = await asyncio.to_thread(self._store.last_seq)

    def _wake_all(self) -> None:
        waiters, self._waiters = self._waiters, {}
        for waiter in waiters.values():
            waiter.set()

    async def _refresh_loop(self) -> None:
        """Read what the tail lacks: when told (a gap, NOTIFY) or every poll interval."""
        interval = (
            PG_FALLBACK_POLL_S if self._store.dialect == "postgresql" else SQLITE_POLL_INTERVAL_S
        )
        while True:
            # asyncio.timeout, not wait_for: on 3.11 wait_for loses a cancel that lands as the
            # event is set (gh-86296), and stop() would wait on this task for ever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(interval):
                    await self._dirty.wait()
            self._dirty.clear()
            try:
                if self._base is None:
                    await self._go_live()
                while True:
                    batch = await asyncio.to_thread(
                        self._store.events_after, self._high, None, EVENTS_PAGE_MAX
                    )
                    self._append(batch)
                    if len(batch) < EVENTS_PAGE_MAX:
                        break
            except Exception as exc:  # keep serving: the next round reads again
                log.warning("event feed could not read new events: %s; retrying", exc)
                await asyncio.sleep(REFRESH_RETRY_S)

    async def _listen(self) -> None:
        import psycopg  # only PostgreSQL deployments need the async driver loaded

        conninfo = psycopg_conninfo(self._store.url)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self._dirty.set()  # anything committed while we were not listening
                    async for _ in conn.notifies():
                        self._dirty.set()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # keep serving; the fallback poll covers the gap
                log.warning("event listener lost its connection: %s; reconnecting", exc)
                await asyncio.sleep(PG_RECONNECT_DELAY_S)
