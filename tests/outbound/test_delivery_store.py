"""The cursor rows (grader/store/delivery.py) on SQLite and PostgreSQL, and the delivery's rule
for holes in seq against PostgreSQL's real concurrent transactions: a seq whose transaction is
still open is waited for, never stepped over; one rolled back is stepped over."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from store.databases import db_url, pg_url, sqlite_url, store  # noqa: F401  (fixtures)

from grader.config import Backoff, WebhookConfig
from grader.outbound import Delivery, WebhookSink
from grader.store import Store
from grader.store import schema as t

from .receiver import SECRET, Receiver, Server

SINK = "webhook:hook"


def test_a_claim_is_exclusive_until_it_is_released_or_expires(store: Store) -> None:  # noqa: F811
    got = store.claim_delivery("xapi", now=100.0, hold_s=10.0)
    assert got is not None and got.after_seq == 0
    assert store.claim_delivery("xapi", now=105.0, hold_s=10.0) is None  # held
    assert store.claim_delivery("xapi", now=111.0, hold_s=10.0) is not None  # expired
    store.release_delivery("xapi", 0, now=112.0)
    assert store.claim_delivery("xapi", now=112.0, hold_s=10.0) is not None


def test_the_cursor_moves_only_from_where_it_was_read(store: Store) -> None:  # noqa: F811
    store.claim_delivery("xapi", now=1.0, hold_s=10.0)
    assert store.advance_delivery("xapi", 0, 5, now=2.0)
    assert not store.advance_delivery("xapi", 0, 9, now=3.0)  # a stale reader
    with pytest.raises(ValueError):
        store.advance_delivery("xapi", 5, 4, now=3.0)
    assert store.delivery_cursor("xapi").after_seq == 5


def test_a_failure_backs_off_and_a_release_keeps_the_backoff(store: Store) -> None:  # noqa: F811
    store.claim_delivery("xapi", now=1.0, hold_s=10.0)
    assert store.delivery_failed("xapi", 0, "HTTP 503", retry_at=50.0, now=2.0) == 1
    store.release_delivery("xapi", 0, now=3.0)
    assert store.claim_delivery("xapi", now=49.0, hold_s=10.0) is None
    c = store.delivery_cursor("xapi")
    assert (c.attempts, c.last_error, c.next_at) == (1, "HTTP 503", 50.0)
    assert store.claim_delivery("xapi", now=50.0, hold_s=10.0) is not None
    assert store.advance_delivery("xapi", 0, 3, now=51.0)
    c = store.delivery_cursor("xapi")
    assert (c.attempts, c.last_error) == (0, None)


def _event(n: int) -> dict[str, object]:
    return {
        "learner": "alice",
        "lab": "nccl-bootstrap",
        "step": "topo",
        "state": "attempted",
        "reason": f"try {n}",
        "at": 1000.0 + n,
        "evidence": None,
        "session": "s1",
        "aid": 1,
        "n": n,
        "recorded": 2000.0 + n,
    }


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[Store]:  # noqa: F811
    s = Store.open(pg_url)
    try:
        yield s
    finally:
        s.close()


@pytest.mark.postgres
def test_a_seq_whose_transaction_is_open_is_waited_for_not_stepped_over(
    pg_store: Store,
) -> None:
    rec = Receiver()
    insert = sa.insert(t.verdict_events)
    with Server(rec) as server, pg_store.engine.connect() as slow:
        sink = WebhookSink(WebhookConfig("hook", server.url, SECRET, 2.0), {}, time.time)
        delivery = Delivery(pg_store, [sink], Backoff(0.1, 0.5), poll_s=0.05)
        open_tx = slow.begin()
        slow.execute(insert.values(_event(1)))  # seq 1, not committed yet
        with pg_store.engine.begin() as fast:
            fast.execute(insert.values(_event(2)))  # seq 2, committed first

        async def main() -> list[int]:
            task = asyncio.create_task(delivery.run())
            await asyncio.sleep(1.5)
            early = [d.body["data"]["seq"] for d in rec.accepted]
            await asyncio.to_thread(open_tx.commit)
            end = time.monotonic() + 20
            while len(rec.accepted) < 2:
                assert time.monotonic() < end, "not delivered in time"
                await asyncio.sleep(0.05)
            # a rolled back insert leaves a hole for good: stepped over once it ended
            tx = await asyncio.to_thread(slow.begin)
            await asyncio.to_thread(slow.execute, insert.values(_event(3)))
            with pg_store.engine.begin() as fast:
                fast.execute(insert.values(_event(4)))
            await asyncio.sleep(0.5)
            assert len(rec.accepted) == 2  # 4 waits while 3's transaction is open
            await asyncio.to_thread(tx.rollback)
            while len(rec.accepted) < 3:
                assert time.monotonic() < end, "not delivered in time"
                await asyncio.sleep(0.05)
            # the receiver records a delivery before it answers, and the cursor moves once
            # the answer is back: the cancel waits for the cursor instead of racing it
            while (await asyncio.to_thread(pg_store.delivery_cursor, SINK)).after_seq < 4:
                assert time.monotonic() < end, "the cursor did not move in time"
                await asyncio.sleep(0.05)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            return early

        early = asyncio.run(main())
    assert early == []  # seq 2 was visible, but 1 was still open: nothing was sent
    assert [d.body["data"]["seq"] for d in rec.accepted] == [1, 2, 4]
    assert pg_store.delivery_cursor(SINK).after_seq == 4
