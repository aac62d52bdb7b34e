"""EventFeed's in-process wake-up: a commit with new events wakes streams in the same process.

The poll intervals are raised to an hour here, so a wait() that returns was woken by the commit
itself, not by the SQLite poll; the asyncio.wait_for bounds only guard against a hang.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from grader.store import Store, notify
from grader.store.notify import EventFeed
from store.batches import NODE, batch

HANG_GUARD_S = 30.0
NO_POLL_S = 3600.0


@pytest.fixture
def feed_store(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setattr(notify, "SQLITE_POLL_INTERVAL_S", NO_POLL_S)
    monkeypatch.setattr(notify, "PG_FALLBACK_POLL_S", NO_POLL_S)
    s = Store.open(sqlite_url)
    s.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    yield s
    s.close()


async def test_commit_in_a_worker_thread_wakes_a_waiting_stream(feed_store: Store) -> None:
    feed = EventFeed(feed_store)
    await feed.start()
    try:
        before = feed.version
        waiter = asyncio.create_task(feed.wait(before))
        await asyncio.sleep(0)  # the waiter is now parked on the feed
        events = await asyncio.to_thread(feed_store.ingest, batch(1))
        await asyncio.wait_for(waiter, HANG_GUARD_S)
        assert [e.step for e in events] == ["step-1"]
        assert feed.version == before + 1
        assert [e.step for e in feed_store.events_after(0)] == ["step-1"]
    finally:
        await feed.stop()


async def test_a_commit_between_query_and_wait_is_not_missed(feed_store: Store) -> None:
    feed = EventFeed(feed_store)
    await feed.start()
    try:
        seen = feed.version  # what a stream reads before its events_after query
        await asyncio.to_thread(feed_store.ingest, batch(1))
        await asyncio.sleep(0)  # let call_soon_threadsafe's wake-up run
        # Returns at once: the version moved after the query, so the stream must look again.
        await asyncio.wait_for(feed.wait(seen), HANG_GUARD_S)
        assert feed.version == seen + 1
    finally:
        await feed.stop()


async def test_batches_without_new_events_and_a_stopped_feed_do_not_wake(feed_store: Store) -> None:
    feed = EventFeed(feed_store)
    await feed.start()
    try:
        await asyncio.to_thread(feed_store.ingest, batch(1))
        await asyncio.sleep(0)
        after_first = feed.version
        assert await asyncio.to_thread(feed_store.ingest, batch(1)) == []  # re-fed: no new event
        await asyncio.sleep(0)
        assert feed.version == after_first
    finally:
        await feed.stop()
    await asyncio.to_thread(feed_store.ingest, batch(2))
    await asyncio.sleep(0)
    assert feed.version == after_first
    assert [e.step for e in feed_store.events_after(0)] == ["step-1", "step-2"]
