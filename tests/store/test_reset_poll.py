"""The daemon's reset poll reads only what is new (grader/daemon/resets.py).

It used to ask for resets after the last reset it had seen, so with none it scanned every verdict
event since the daemon started, twice a second: 0.11 ms at 651 events, 42 ms at 100,000. Now each
poll moves past the newest event seq it looked at, and a reset committed later is still found.
"""

from __future__ import annotations

from grader.daemon.resets import ResetFollower
from grader.store import Store
from store.batches import LAB, NODE, batch


async def test_a_poll_moves_past_every_event_it_looked_at_and_still_finds_later_resets(
    store: Store,
) -> None:
    store.upsert_node(NODE, "h", 22, ["alice"])
    follower = ResetFollower(store, lambda: [])
    for n in range(1, 21):
        store.ingest(batch(n, step="first"))
    assert await follower.poll_once() == []
    assert follower.seq == store.last_seq() > 0  # the next poll starts after all 20 commands
    reset = store.reset_lab("alice", LAB, "start over", "op")
    store.ingest(batch(21, step="first"))
    found = await follower.poll_once()
    assert [e.seq for e in found] == [reset.seq]
    assert follower.seq == store.last_seq() > reset.seq
    assert await follower.poll_once() == []  # nothing new: nothing read again


def test_resets_after_reads_a_bounded_range(store: Store) -> None:
    store.upsert_node(NODE, "h", 22, ["alice"])
    store.ingest(batch(1, step="first"))
    first = store.reset_lab("alice", LAB, "one", "op")
    second = store.reset_lab("alice", LAB, "two", "op")
    assert [e.seq for e in store.resets_after(0, first.seq)] == [first.seq]
    assert [e.seq for e in store.resets_after(first.seq, second.seq)] == [second.seq]
    assert [e.seq for e in store.resets_after(0)] == [first.seq, second.seq]
