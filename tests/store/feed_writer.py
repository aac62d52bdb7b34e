"""One grader's store writes, as a process of its own: `python -m store.feed_writer URL NAME`.

Used by tests/store/test_feed_followers.py, which runs several of these against one PostgreSQL
database (several graders sharing a class), kills them at random and follows the event feed.
Each round is what a grader's committer writes: one transaction (Store.ingest_many) holding the
batches of several nodes, each with a command record, a verdict and an anomaly. The learners and
sessions are the writer's own, so every verdict is a new event; a round number restarts where
the store says this writer stopped, so a killed writer's successor never repeats a key.
"""

from __future__ import annotations

import sys

from grader.capture.events import Anomaly
from grader.store import IngestBatch, Store
from store.batches import record, verdict

NODES_PER_ROUND = 4


def main(url: str, name: str) -> None:
    store = Store.open(url)
    nodes = [f"{name}-node{i}" for i in range(NODES_PER_ROUND)]
    for node in nodes:
        store.upsert_node(node, "10.0.0.9", 22, [f"{node}-learner"])
    n = 1 + max((len(store.offsets(node)) for node in nodes), default=0)
    while True:
        batches = []
        for node in nodes:
            learner = f"{node}-learner"
            rec = record(n, session=f"{name}-s")
            batches.append(
                IngestBatch(
                    node_id=node,
                    offsets={f"{learner}/s{n}.ts": n},
                    records=[(learner, rec)],
                    verdicts=[(learner, verdict(rec, f"step-{n}"))],
                    anomalies=[(learner, Anomaly(rec.session, "replayed_marker", "x", n))],
                )
            )
        store.ingest_many(batches)
        n += 1


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
