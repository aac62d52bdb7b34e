"""Group commit (Store.ingest_many, daemon Committer) against real SQLite and PostgreSQL.

Several nodes' batches share one transaction, each in its own SAVEPOINT: the outcome per batch
must be what Store.ingest would have given it, a failing batch must roll back alone, and a
failure of the transaction itself must write nothing of the group (the callers retry).
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from grader.capture.events import CommandRecord
from grader.daemon.committer import Committer
from grader.store import IngestBatch, LeaseLost, Store, VerdictEvent
from grader.store.database import create_engine
from grader.verdict import State
from store.batches import LAB, NODE, batch

NODE_B = "node-b"
NODE_C = "node-c"
HANG_GUARD_S = 30.0


def node_batch(n: int, node: str, **kw: object) -> IngestBatch:
    """Command n of the learner seated on `node` (node-a: alice, node-b: bob, node-c: carol)."""
    learner = {NODE: "alice", NODE_B: "bob", NODE_C: "carol"}[node]
    return batch(n, learner=learner, node=node, path=f"{learner}/s1.ts", **kw)  # type: ignore[arg-type]


def seat(store: Store) -> Store:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    store.upsert_node(NODE_B, "10.0.0.8", 22, ["bob"])
    store.upsert_node(NODE_C, "10.0.0.9", 22, ["carol"])
    return store


def outcome(events: list[VerdictEvent] | Exception) -> object:
    """An ingest result without seq numbers (they differ between databases)."""
    if isinstance(events, Exception):
        return type(events)
    return [(e.learner, e.lab, e.step, e.state, e.reason, e.evidence) for e in events]


def state(store: Store) -> dict[str, object]:
    """What readers see of the three nodes: records, progress, events, offsets, snapshots. A
    step's `recorded` is the grader's clock at the write, which differs between two stores."""
    learners = ["alice", "bob", "carol"]
    return {
        "records": {x: store.command_records(x) for x in learners},
        "progress": {
            x: [dataclasses.replace(p, recorded=None) for p in store.progress(x, LAB)]
            for x in learners
        },
        "events": [outcome([e]) for e in store.events_after(0)],
        "offsets": {n: store.offsets(n) for n in (NODE, NODE_B, NODE_C)},
        "snapshots": {x: store.snapshot(x, LAB) for x in learners},
        "audit": sorted((a.kind, a.learner, a.node) for a in store.audit()),
    }


def test_ingest_many_equals_ingesting_one_by_one(store: Store, tmp_path: Path) -> None:
    seat(store)
    store.ingest(node_batch(1, NODE))
    # Two batches of one node in order, other nodes, a re-fed batch (nothing new), a downgrade
    # attempt (progress only moves up) and a pending verdict.
    group = [
        node_batch(2, NODE),
        node_batch(1, NODE_B),
        node_batch(1, NODE),
        node_batch(3, NODE, step="step-2", state=State.ATTEMPTED),
        node_batch(1, NODE_C, state=State.PENDING),
        node_batch(2, NODE_B),
    ]
    reference = seat(Store.open(f"sqlite:///{tmp_path / 'one-by-one.db'}"))
    try:
        reference.ingest(node_batch(1, NODE))
        one_by_one = [reference.ingest(b) for b in group]
        states: dict = {}
        grouped = store.ingest_many(group, states)
        assert [outcome(r) for r in grouped] == [outcome(r) for r in one_by_one]
        assert state(store) == state(reference)
        # The step states handed back (for the progress files) are what a read after the
        # commit gives, for exactly the learners with a new event.
        touched = {(e.learner, e.lab) for r in grouped if isinstance(r, list) for e in r}
        assert set(states) == touched == {("alice", LAB), ("bob", LAB)}  # carol: pending, no event
        assert all(states[k] == store.step_states(*k) for k in touched)
        assert [s.step for s in states[("alice", LAB)]] == ["step-1", "step-2"]
        seqs = [e.seq for r in grouped if isinstance(r, list) for e in r]
        assert seqs == sorted(seqs)  # in the order the batches came
        assert store.offsets(NODE) == {"alice/s1.ts": 300}
    finally:
        reference.close()


def test_a_lost_lease_or_a_bad_batch_rolls_back_alone(store: Store) -> None:
    seat(store)
    assert store.acquire_nodes("grader-a", [NODE, NODE_B, NODE_C], 0.2) == [NODE, NODE_B, NODE_C]
    time.sleep(0.3)  # grader-a stops renewing; grader-b takes node-b, grader-a renews the rest
    assert store.acquire_nodes("grader-b", [NODE_B], 60) == [NODE_B]
    assert store.acquire_nodes("grader-a", [NODE, NODE_C], 60) == [NODE, NODE_C]
    unknown = batch(1, learner="dave", node="never-upserted", path="dave/s1.ts")
    # Snapshots are written last: this one fails after its offsets, record, event, progress and
    # audit rows were written inside the savepoint.
    unserialisable = node_batch(2, NODE, owner="grader-a")
    unserialisable.snapshots = {("alice", LAB): {"not json": {1, 2}}}
    states: dict = {}
    results = store.ingest_many(
        [
            node_batch(1, NODE, owner="grader-a"),
            node_batch(1, NODE_B, owner="grader-a"),
            unknown,
            unserialisable,
            node_batch(1, NODE_C, owner="grader-a"),
        ],
        states,
    )
    assert isinstance(results[1], LeaseLost)
    # The savepoint path: the states of the batches that failed were never read, and alice's
    # are as her first batch left them (her second was rolled back).
    assert set(states) == {("alice", LAB), ("carol", LAB)}
    assert states[("alice", LAB)] == store.step_states("alice", LAB)
    assert [(s.step, s.state) for s in states[("alice", LAB)]] == [("step-1", "verified")]
    assert isinstance(results[2], sa.exc.IntegrityError)
    assert isinstance(results[3], Exception)
    results = [results[0], results[4]]
    assert [[e.learner for e in r] for r in results] == [["alice"], ["carol"]]  # type: ignore[union-attr]
    assert sorted(e.learner for e in store.events_after(0)) == ["alice", "carol"]
    assert store.offsets(NODE_B) == {} and store.command_records("bob") == []
    assert store.command_records("dave") == [] and store.progress("dave", LAB) == []
    assert store.offsets(NODE) == {"alice/s1.ts": 100}
    assert [r.n for r in store.command_records("alice")] == [1]
    assert store.snapshot("alice", LAB) == {"last_n": 1}
    assert store.offsets(NODE_C) == {"carol/s1.ts": 100}
    # The lease's new holder writes node-b's batch as if the stale attempt never happened.
    assert [e.step for e in store.ingest(node_batch(1, NODE_B, owner="grader-b"))] == ["step-1"]


async def test_committer_answers_each_caller_with_its_own_outcome(store: Store) -> None:
    seat(store)
    store.acquire_nodes("grader-a", [NODE, NODE_C], 60)
    store.acquire_nodes("grader-b", [NODE_B], 60)
    commits: list[list[str]] = []
    store.add_commit_listener(lambda events: commits.append([e.learner for e in events]))
    committer = Committer(store)
    try:
        results = await asyncio.wait_for(
            asyncio.gather(
                committer.ingest_with_states(node_batch(1, NODE, owner="grader-a")),
                committer.ingest(node_batch(1, NODE_B, owner="grader-a")),
                committer.ingest(node_batch(1, NODE_C, owner="grader-a")),
                return_exceptions=True,
            ),
            HANG_GUARD_S,
        )
    finally:
        await committer.stop()
    events, states, cost_s = results[0]  # type: ignore[misc]
    assert [e.learner for e in events] == ["alice"]
    assert states == {("alice", LAB): store.step_states("alice", LAB)}
    assert cost_s > 0  # its share of the group's commit, which its node's pacer is charged
    assert isinstance(results[1], LeaseLost)
    assert [e.learner for e in results[2]] == ["carol"]  # type: ignore[union-attr]
    # Queued together, committed together: the listeners heard one commit, with its events.
    assert commits == [["alice", "carol"]]


async def test_the_committers_listeners_are_called_on_the_loop_before_its_callers_hear(
    store: Store,
) -> None:
    """A group commit's listeners run on the event loop's thread (one wake for the commit and
    its outcome), before the caller's await returns; other writers' commits still call them in
    their own thread."""
    seat(store)
    loop_thread = threading.get_ident()
    heard: list[tuple[bool, list[str]]] = []
    store.add_commit_listener(
        lambda events: heard.append(
            (threading.get_ident() == loop_thread, [e.learner for e in events])
        )
    )
    committer = Committer(store)
    try:
        events = await asyncio.wait_for(committer.ingest(node_batch(1, NODE)), HANG_GUARD_S)
        assert heard == [(True, ["alice"])]  # already delivered when the caller hears
        assert [e.learner for e in events] == ["alice"]
        await asyncio.to_thread(store.ingest, node_batch(1, NODE_B))  # not the Committer's
        assert heard[1:] == [(False, ["bob"])]
        # A batch that fails commits nothing to hear, and its caller gets the error.
        store.acquire_nodes("grader-b", [NODE_C], 60)
        with pytest.raises(LeaseLost):
            await asyncio.wait_for(
                committer.ingest(node_batch(1, NODE_C, owner="grader-a")), HANG_GUARD_S
            )
        assert len(heard) == 2
    finally:
        await committer.stop()


def retry_commits_each_once(store: Store, group: list[IngestBatch]) -> None:
    """After a failed group nothing of it is stored; a retry of the same group writes each once."""
    before = state(store)
    results = store.ingest_many(group)
    assert [[(e.learner, e.step, e.state) for e in r] for r in results] == [  # type: ignore[union-attr]
        [(b.verdicts[0][0], "step-2", "verified")] for b in group
    ]
    assert store.ingest_many(group) == [[], [], []]  # a second retry adds nothing
    after = state(store)
    assert after["events"] == before["events"] + [outcome(r) for r in results]  # type: ignore[operator]
    assert after["offsets"] == {
        NODE: {"alice/s1.ts": 200},
        NODE_B: {"bob/s1.ts": 200},
        NODE_C: {"carol/s1.ts": 200},
    }


@pytest.mark.postgres
def test_postgres_going_away_mid_group_fails_every_batch_then_a_retry_commits_each_once(
    pg_url: str,
) -> None:
    store = seat(Store.open(pg_url))
    blocker_engine = sa.create_engine(pg_url)
    try:
        for node in (NODE, NODE_B, NODE_C):
            store.ingest(node_batch(1, node))
        group = [node_batch(2, node) for node in (NODE, NODE_B, NODE_C)]
        with blocker_engine.connect() as blocker:
            hold = blocker.begin()
            # Holds node-b's offset row: the group writes node-a's batch, then waits on node-b.
            blocker.exec_driver_sql("UPDATE offsets SET \"offset\" = 0 WHERE node_id = 'node-b'")
            got: list[object] = []
            worker = threading.Thread(target=lambda: got.append(_call(store.ingest_many, group)))
            worker.start()
            pid = _wait_for_lock_waiter(blocker)
            # The server ends the group's session, as a restart or a failover would.
            blocker.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")
            worker.join(HANG_GUARD_S)
            assert not worker.is_alive()
            hold.rollback()
        [failure] = got
        assert isinstance(failure, sa.exc.OperationalError)
        assert [e.step for e in store.events_after(0)] == ["step-1"] * 3  # node-a's too: undone
        assert store.offsets(NODE) == {"alice/s1.ts": 100}
        retry_commits_each_once(store, group)
    finally:
        blocker_engine.dispose()
        store.close()


def test_sqlite_disk_full_mid_group_fails_every_batch_then_a_retry_commits_each_once(
    sqlite_url: str,
) -> None:
    full = {"on": False}
    engine = create_engine(sqlite_url)

    @sa.event.listens_for(engine, "connect")
    def _limit(dbapi_connection, _record):  # type: ignore[no-untyped-def]
        if full["on"]:  # the file may grow by two pages at most: a full disk, for SQLite
            cursor = dbapi_connection.cursor()
            pages = cursor.execute("PRAGMA page_count").fetchone()[0]
            cursor.execute(f"PRAGMA max_page_count = {pages + 2}")
            cursor.close()

    Store.open(sqlite_url).close()  # migrated
    store = seat(Store(engine, sqlite_url))
    try:
        for node in (NODE, NODE_B, NODE_C):
            store.ingest(node_batch(1, node))
        group = [node_batch(2, node) for node in (NODE, NODE_B, NODE_C)]
        big = dataclasses.replace(group[1])
        big.records = [*big.records, *(("bob", _big_record(i)) for i in range(200))]
        engine.dispose()
        full["on"] = True
        states: dict = {}
        with pytest.raises(sa.exc.OperationalError, match="full"):
            store.ingest_many([group[0], big, group[2]], states)
        assert states == {}  # read inside the transaction that failed: never handed out
        engine.dispose()
        full["on"] = False
        assert [e.step for e in store.events_after(0)] == ["step-1"] * 3  # node-a's too: undone
        assert store.command_records("bob") == [node_batch(1, NODE_B).records[0][1]]
        retry_commits_each_once(store, group)
    finally:
        store.close()


def _big_record(i: int) -> CommandRecord:
    rec = node_batch(1, NODE_B).records[0][1]
    return dataclasses.replace(rec, n=1000 + i, output="x" * 4000, output_chars=4000)


def _call(fn, *args):  # type: ignore[no-untyped-def]
    try:
        return fn(*args)
    except Exception as exc:
        return exc


def _wait_for_lock_waiter(blocker: sa.Connection) -> int:
    """The pid of the session waiting on the blocker's row lock (the group's connection)."""
    deadline = time.monotonic() + HANG_GUARD_S
    while time.monotonic() < deadline:
        pid = blocker.exec_driver_sql(
            "SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
        ).scalar()
        if pid is not None:
            return int(pid)
        time.sleep(0.05)
    raise AssertionError("the group never waited on the locked row")
