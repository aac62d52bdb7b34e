"""LeaseKeeper: leases are renewed on a thread of their own, so a blocked loop keeps its nodes."""

from __future__ import annotations

import asyncio
import time

from grader.daemon import LeaseKeeper
from grader.store import Store

TTL_S = 3.0  # renewed every 1 s; the loop is blocked for longer than the whole ttl below
NODES = ["n1", "n2"]


def _store(tmp_path) -> Store:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    for node in NODES:
        store.upsert_node(node, "127.0.0.1", 22, ["alice"])
    return store


async def test_a_blocked_loop_keeps_its_leases_and_stop_ends_renewal(tmp_path) -> None:
    store = _store(tmp_path)
    got: list = []
    keeper = LeaseKeeper(store, "grader-a", NODES, TTL_S, got.append)
    keeper.start()
    try:
        # The loop is stuck (as a CPU-bound loop at 1,000 nodes was) for longer than the ttl:
        # renewals before this change ran through it and the leases expired.
        time.sleep(TTL_S * 1.5)
        assert store.acquire_nodes("grader-b", NODES, TTL_S) == []
        for _ in range(3):  # results reach the loop once it runs again, in order
            await asyncio.sleep(0)
        assert len(got) >= 2
        assert all(set(result.held) == set(NODES) for result in got)
    finally:
        await asyncio.to_thread(keeper.stop)
    # After stop() no renewal follows, so a release is final and another grader can take over.
    delivered = len(got)
    store.release_nodes("grader-a")
    assert store.acquire_nodes("grader-b", NODES, TTL_S) == NODES
    await asyncio.sleep(0)
    assert len(got) == delivered


async def test_a_database_error_is_delivered_not_raised(tmp_path) -> None:
    store = _store(tmp_path)
    got: list = []
    keeper = LeaseKeeper(store, "", NODES, TTL_S, got.append)  # an empty owner is refused
    keeper.start()
    try:
        while not got:
            await asyncio.sleep(0.05)
    finally:
        await asyncio.to_thread(keeper.stop)
    assert isinstance(got[0], ValueError)
