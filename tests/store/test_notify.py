"""EventFeed: the tail of verdict events every SSE stream of a process reads from memory.

The poll intervals and the streams' wait bound are raised to an hour here unless a test says
otherwise, so a wait() that returns was woken by what the test did (a commit delivered in the
process, a NOTIFY, a gap read from the database), never by a timer; the asyncio.wait_for bounds
only guard against a hang. "Another process" is a second Store on the same database: its commits
reach the feed only the way another process's would (the SQLite poll, PostgreSQL's NOTIFY).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest
import sqlalchemy as sa

from grader.store import Store, VerdictEvent, notify
from grader.store.notify import EventFeed
from store.batches import NODE, batch

HANG_GUARD_S = 30.0
STOP_GUARD_S = 5.0  # stop() cancels and joins two tasks: anything near this is a hang
NO_POLL_S = 3600.0


@pytest.fixture(autouse=True)
def no_timers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notify, "SQLITE_POLL_INTERVAL_S", NO_POLL_S)
    monkeypatch.setattr(notify, "PG_FALLBACK_POLL_S", NO_POLL_S)
    monkeypatch.setattr(notify, "WAIT_MAX_S", NO_POLL_S)


@pytest.fixture
def seated(db_url: str) -> Iterator[Store]:
    s = Store.open(db_url)
    s.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    yield s
    s.close()


@pytest.fixture
async def feed(seated: Store) -> AsyncIterator[EventFeed]:
    f = EventFeed(seated)
    await f.start()
    yield f
    await f.stop()


def bob(n: int):
    return batch(n, learner="bob", path="bob/s1.ts")


def seqs(events: list[VerdictEvent] | None) -> list[int]:
    assert events is not None, "the tail should reach back that far"
    return [e.seq for e in events]


async def parked(*waits) -> list[asyncio.Task[None]]:
    tasks = [asyncio.create_task(w) for w in waits]
    await asyncio.sleep(0)  # each waiter is now parked on the feed
    return tasks


async def test_a_commit_wakes_the_streams_of_its_scope_and_is_in_the_tail(
    seated: Store, feed: EventFeed
) -> None:
    high = feed.high
    everyone, alices, bobs = await parked(feed.wait(), feed.wait("alice"), feed.wait("bob"))
    events = await asyncio.to_thread(seated.ingest, batch(1))
    await asyncio.wait_for(asyncio.gather(everyone, alices), HANG_GUARD_S)
    assert not bobs.done()  # bob's page has nothing new: it stays asleep
    bobs.cancel()
    assert [e.step for e in events] == ["step-1"]
    assert seqs(feed.after(high)) == seqs(events) == seqs(seated.events_after(high))
    assert seqs(feed.after(high, "alice")) == seqs(events)
    assert feed.after(high, "bob") == []
    assert feed.high == events[0].seq


async def test_sqlite_serves_this_process_commits_without_reading_them_back(
    sqlite_url: str,
) -> None:
    s = Store.open(sqlite_url)
    s.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    reads: list[str] = []

    def count(_conn, _cursor, statement: str, *_args) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "verdict_events" in statement:
            reads.append(statement)

    f = EventFeed(s)
    await f.start()
    sa.event.listen(s._engine, "before_cursor_execute", count)
    try:
        high = f.high
        (waiter,) = await parked(f.wait())
        first = await asyncio.to_thread(s.ingest, batch(1))
        second = await asyncio.to_thread(s.ingest, batch(2))
        await asyncio.wait_for(waiter, HANG_GUARD_S)
        await asyncio.sleep(0)  # the second delivery's call_soon_threadsafe has run
        assert seqs(f.after(high)) == seqs(first + second)
        assert reads == []  # the committed events themselves, not a query per stream or commit
    finally:
        sa.event.remove(s._engine, "before_cursor_execute", count)
        await f.stop()
        s.close()


async def test_a_gap_left_by_another_process_is_read_from_the_database_in_order(
    db_url: str, seated: Store, feed: EventFeed
) -> None:
    other = Store.open(db_url)  # its commit is not delivered to this process's feed
    try:
        high = feed.high
        (alices,) = await parked(feed.wait("alice"))
        theirs = await asyncio.to_thread(other.ingest, bob(1))
        ours = await asyncio.to_thread(seated.ingest, batch(2))
        await asyncio.wait_for(alices, HANG_GUARD_S)
        assert seqs(theirs)[0] < seqs(ours)[0]
        assert seqs(feed.after(high)) == seqs(theirs + ours)
        assert [e.learner for e in feed.after(high) or []] == ["bob", "alice"]
    finally:
        other.close()


async def test_another_process_commit_reaches_waiting_streams(
    db_url: str, seated: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite: the feed's one poll; PostgreSQL: NOTIFY (its fallback poll is an hour here)."""
    monkeypatch.setattr(notify, "SQLITE_POLL_INTERVAL_S", 0.05)
    f = EventFeed(seated)
    await f.start()
    other = Store.open(db_url)
    try:
        await asyncio.sleep(0.2)  # PostgreSQL: the LISTEN connection is up
        high = f.high
        (bobs,) = await parked(f.wait("bob"))
        theirs = await asyncio.to_thread(other.ingest, bob(1))
        await asyncio.wait_for(bobs, HANG_GUARD_S)
        assert seqs(f.after(high, "bob")) == seqs(theirs)
    finally:
        other.close()
        await f.stop()


async def test_the_tail_keeps_the_newest_events_and_sends_older_readers_to_the_database(
    seated: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notify, "TAIL_KEEP", 2)
    f = EventFeed(seated)
    await f.start()
    try:
        high = f.high
        events: list[VerdictEvent] = []
        for n in range(1, 6):
            (waiter,) = await parked(f.wait())
            events += await asyncio.to_thread(seated.ingest, batch(n))
            await asyncio.wait_for(waiter, HANG_GUARD_S)
        # Five events, at most 2 x TAIL_KEEP kept: trimmed back to the newest two.
        assert f.after(high) is None
        assert f.after(events[1].seq) is None
        assert seqs(f.after(events[2].seq)) == seqs(events[3:])
        assert seqs(f.after(events[3].seq, "alice")) == seqs(events[4:])
        assert seqs(f.after(events[2].seq, limit=1)) == seqs(events[3:4])
    finally:
        await f.stop()


async def test_refed_batches_do_not_wake_and_a_stopped_feed_serves_nothing(
    seated: Store, feed: EventFeed
) -> None:
    high = feed.high
    (waiter,) = await parked(feed.wait())
    first = await asyncio.to_thread(seated.ingest, batch(1))
    await asyncio.wait_for(waiter, HANG_GUARD_S)
    (again,) = await parked(feed.wait())
    assert await asyncio.to_thread(seated.ingest, batch(1)) == []  # re-fed: no new event
    await asyncio.sleep(0.05)
    assert not again.done()
    assert seqs(feed.after(high)) == seqs(first)
    await feed.stop()
    await asyncio.wait_for(again, HANG_GUARD_S)  # stop() releases its waiters
    assert not feed.live
    assert feed.after(high) is None  # streams read the database again
    await asyncio.to_thread(seated.ingest, batch(2))
    assert [e.step for e in seated.events_after(0)] == ["step-1", "step-2"]


async def test_stop_ends_the_feed_even_as_it_is_being_woken(sqlite_url: str) -> None:
    """The cancel of stop() lands in the same loop turn as a wake-up of the refresh loop (as when
    SIGTERM comes during a commit): the loop must still end (asyncio.wait_for on 3.11 lost such a
    cancel, gh-86296, and the API's shutdown waited on the feed for ever)."""
    s = Store.open(sqlite_url)
    f = EventFeed(s)
    await f.start()
    stopping: asyncio.Task[None] | None = None
    try:
        await asyncio.sleep(0)  # the refresh loop is parked on its wake-up
        f._dirty.set()
        stopping = asyncio.create_task(f.stop())
        done, _ = await asyncio.wait({stopping}, timeout=STOP_GUARD_S)
        assert stopping in done, "stop() is still waiting on the feed's refresh loop"
        assert not f.live
    finally:
        if stopping is not None and not stopping.done():
            stopping.cancel()
            await asyncio.gather(stopping, return_exceptions=True)
        s.close()


@pytest.mark.postgres
async def test_a_feed_started_while_events_cannot_be_read_goes_live_when_they_can(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The API starts even when the database refuses the feed's first read (here: its SELECT
    privilege is revoked); streams read the database meanwhile, and the feed goes live on its
    next round once the read works."""
    monkeypatch.setattr(notify, "PG_FALLBACK_POLL_S", 0.05)
    s = Store.open(pg_url)
    s.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    admin = sa.create_engine(pg_url)
    with admin.begin() as conn:
        conn.exec_driver_sql("REVOKE SELECT ON verdict_events FROM CURRENT_USER")
    f = EventFeed(s)
    try:
        await f.start()
        assert not f.live
        assert f.after(0) is None  # streams page the database (which refuses them too, for now)
        with admin.begin() as conn:
            conn.exec_driver_sql("GRANT SELECT ON verdict_events TO CURRENT_USER")
        for _ in range(int(HANG_GUARD_S / 0.05)):
            if f.live:
                break
            await asyncio.sleep(0.05)
        assert f.live
        high = f.high
        (waiter,) = await parked(f.wait("alice"))
        events = await asyncio.to_thread(s.ingest, batch(1))
        await asyncio.wait_for(waiter, HANG_GUARD_S)
        assert seqs(f.after(high)) == seqs(events)
    finally:
        await f.stop()
        admin.dispose()
        s.close()
