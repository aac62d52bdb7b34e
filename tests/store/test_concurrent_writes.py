"""Many threads of one process writing one Store at once (the daemon's ingest workers, status
writes, the API): every batch lands once, none fails on the SQLite write lock."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from grader.store import Store
from store.batches import batch

THREADS = 8
BATCHES_PER_NODE = 15


def test_concurrent_ingests_from_many_threads_all_land(store: Store) -> None:
    nodes = [f"node-{i}" for i in range(THREADS)]
    for node in nodes:
        store.upsert_node(node, "10.0.0.7", 22, [f"l-{node}"])

    def one_node(node: str) -> int:
        learner = f"l-{node}"
        made = 0
        for n in range(1, BATCHES_PER_NODE + 1):
            made += len(store.ingest(batch(n, learner=learner, node=node, path=f"{learner}/s.ts")))
            store.set_node_status(node, connected=True, lag_s=0.01)
        return made

    with ThreadPoolExecutor(THREADS) as pool:
        made = list(pool.map(one_node, nodes))
    assert made == [BATCHES_PER_NODE] * THREADS
    events = store.events_after(0, limit=500)
    assert len(events) == THREADS * BATCHES_PER_NODE
    assert len({e.seq for e in events}) == len(events)
    for node in nodes:
        assert store.offsets(node) == {f"l-{node}/s.ts": 100 * BATCHES_PER_NODE}
