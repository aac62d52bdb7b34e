"""The store against real SQLite files and a real PostgreSQL: idempotency, atomicity, upgrades."""

from __future__ import annotations

import dataclasses

import pytest
import sqlalchemy as sa
from alembic.config import Config
from alembic.script import ScriptDirectory

from grader.store import IngestBatch, StepState, Store
from grader.store import schema as t
from grader.store.database import MIGRATIONS_DIR
from grader.store.writes import EVIDENCE_EXCERPT_KEEP_CHARS, STORED_OUTPUT_KEEP_CHARS
from grader.verdict import State
from store.batches import LAB, NODE, batch, record, verdict


def dump(store_: Store) -> dict[str, list[tuple]]:
    """Every row of every table (stable order), to compare whole database states."""
    engine = sa.create_engine(store_.url)
    try:
        with engine.connect() as conn:
            return {
                table.name: sorted(map(tuple, conn.execute(sa.select(table))), key=repr)
                for table in t.metadata.sorted_tables
            }
    finally:
        engine.dispose()


@pytest.fixture
def node(store: Store) -> Store:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    return store


def test_same_batch_twice_records_one_event_and_changes_nothing(node: Store) -> None:
    b = batch(1)
    first = node.ingest(b)
    assert [(e.learner, e.step, e.state) for e in first] == [("alice", "step-1", "verified")]
    before = dump(node)
    assert node.ingest(b) == []
    assert dump(node) == before
    assert len(node.events_after(0)) == 1
    assert node.offsets(NODE) == {"alice/s1.ts": 100}
    assert node.snapshot("alice", LAB) == {"last_n": 1}
    assert node.command_records("alice") == [record(1)]
    kinds = [a.kind for a in node.audit()]
    assert kinds == ["verdict", "anomaly:replayed_marker"]
    assert [a.suspicious for a in node.audit()] == [False, True]


def test_overlapping_refeed_only_adds_the_new_command(node: Store) -> None:
    node.ingest(batch(1))
    combined = batch(1)
    second = batch(2)
    combined.records += second.records
    combined.verdicts += second.verdicts
    combined.offsets = second.offsets
    events = node.ingest(combined)
    assert [e.step for e in events] == ["step-2"]
    # PostgreSQL spends a sequence value on a conflicting insert: seqs increase, gaps allowed.
    assert [e.step for e in node.events_after(0)] == ["step-1", "step-2"]
    assert node.offsets(NODE) == {"alice/s1.ts": 200}


def test_one_batch_with_several_offsets_records_and_a_changed_snapshot(node: Store) -> None:
    """Rows of one kind are written together (executemany): each must land, and a snapshot that
    changed must replace the stored one (only an unchanged one is left as it is)."""
    node.ingest(batch(1))
    several = batch(2)
    third = batch(3)
    several.records += third.records
    several.verdicts += third.verdicts
    several.offsets = {"alice/s1.ts": 300, "sessions.jsonl": 42}
    several.snapshots = {("alice", LAB): {"last_n": 3}}
    assert [e.step for e in node.ingest(several)] == ["step-2", "step-3"]
    assert node.offsets(NODE) == {"alice/s1.ts": 300, "sessions.jsonl": 42}
    assert node.command_records("alice") == [record(1), record(2), record(3)]
    assert node.snapshot("alice", LAB) == {"last_n": 3}
    assert [p.step for p in node.progress("alice", LAB)] == ["step-1", "step-2", "step-3"]


def test_step_states_are_progress_without_evidence(node: Store) -> None:
    """The progress file's read (after every verdict) must say what `progress` says per step."""
    node.ingest(batch(1))
    node.ingest(batch(2, step="read-exit", state=State.ATTEMPTED))
    full = node.progress("alice", LAB)
    assert len(full) == 2
    assert node.step_states("alice", LAB) == [
        StepState(p.step, p.state, p.reason, p.at) for p in full
    ]
    assert node.step_states("bob", LAB) == []


def test_failure_mid_transaction_leaves_nothing(node: Store) -> None:
    node.ingest(batch(1))
    before = dump(node)
    bad = batch(2)
    # Snapshots are written last: an unserialisable one fails after offsets, records, events,
    # progress and audit rows were already inserted in the same transaction.
    bad.snapshots = {("alice", LAB): {"not json": {1, 2}}}
    with pytest.raises(Exception):  # noqa: B017 - the driver's or json's error, either is fine
        node.ingest(bad)
    assert dump(node) == before
    good = batch(2)
    assert [e.step for e in node.ingest(good)] == ["step-2"]


def test_unknown_node_is_rejected_atomically(store: Store) -> None:
    with pytest.raises(sa.exc.IntegrityError):
        store.ingest(batch(1, node="never-upserted"))
    assert store.events_after(0) == []
    assert store.progress("alice", LAB) == []


def test_progress_only_moves_up(node: Store) -> None:
    node.ingest(batch(1, step="read-exit", state=State.ATTEMPTED))
    [p] = node.progress("alice", LAB)
    assert (p.state, p.evidence["n"]) == ("attempted", 1)
    node.ingest(batch(2, step="read-exit", state=State.VERIFIED))
    node.ingest(batch(3, step="read-exit", state=State.ATTEMPTED))
    [p] = node.progress("alice", LAB)
    assert (p.state, p.evidence["n"], p.captures) == ("verified", 2, {"n": "2"})
    # every verdict is still an event (the audit trail), the later attempt included
    assert [e.state for e in node.events_after(0)] == ["attempted", "verified", "attempted"]


def test_a_new_attempt_refreshes_the_reason_of_an_attempted_step(node: Store) -> None:
    rec1, rec2 = record(1), record(2)
    node.ingest(IngestBatch(NODE, verdicts=[("alice", verdict(rec1, "s", State.ATTEMPTED, "a"))]))
    node.ingest(IngestBatch(NODE, verdicts=[("alice", verdict(rec2, "s", State.ATTEMPTED, "b"))]))
    [p] = node.progress("alice", LAB)
    assert (p.state, p.reason) == ("attempted", "b")


def test_pending_verdicts_record_nothing(node: Store) -> None:
    rec = record(1)
    assert (
        node.ingest(IngestBatch(NODE, verdicts=[("alice", verdict(rec, "s", State.PENDING))])) == []
    )
    assert node.progress("alice", LAB) == []


def test_events_after_filters_by_learner_and_pages(node: Store) -> None:
    for n in range(1, 6):
        node.ingest(batch(n, learner="alice" if n % 2 else "bob", path=f"p{n}"))
    seqs = [e.seq for e in node.events_after(0)]
    assert seqs == sorted(seqs) and len(set(seqs)) == 5
    assert [e.step for e in node.events_after(seqs[0], learner="alice")] == ["step-3", "step-5"]
    assert [e.step for e in node.events_after(0, learner="bob", limit=1)] == ["step-2"]
    assert node.last_seq() == seqs[-1]
    assert node.learners() == ["alice", "bob"]


def test_stored_text_is_capped(node: Store) -> None:
    rec = dataclasses.replace(record(1), output="x" * (STORED_OUTPUT_KEEP_CHARS + 10))
    v = verdict(rec, "big")
    node.ingest(IngestBatch(NODE, records=[("alice", rec)], verdicts=[("alice", v)]))
    [stored] = node.command_records()
    assert len(stored.output) == STORED_OUTPUT_KEEP_CHARS and stored.output_truncated
    [p] = node.progress("alice", LAB)
    assert len(p.evidence["excerpt"]) == EVIDENCE_EXCERPT_KEEP_CHARS


def test_node_status_round_trip(node: Store) -> None:
    node.set_node_status(NODE, connected=True, lag_s=0.25, error="x" * 10_000)
    [n] = node.nodes()
    assert (n.connected, n.lag_s, n.learners) == (True, 0.25, ["alice", "bob"])
    assert n.error is not None and len(n.error) < 10_000


def test_node_lags_are_written_for_connected_nodes_only(node: Store) -> None:
    node.upsert_node("node-2", "10.0.0.8", 22, ["carol"])
    node.set_node_status(NODE, connected=True)
    node.set_node_status("node-2", connected=False, error="stopped")
    # node-2 disconnected after its lag was noted: the late lag must not touch it
    node.set_node_lags({NODE: 0.5, "node-2": 0.7, "never-upserted": 1.0})
    by_id = {n.id: n for n in node.nodes()}
    assert (by_id[NODE].connected, by_id[NODE].lag_s) == (True, 0.5)
    assert (by_id["node-2"].connected, by_id["node-2"].lag_s, by_id["node-2"].error) == (
        False,
        None,
        "stopped",
    )
    assert set(by_id) == {NODE, "node-2"}
    node.set_node_lags({})  # nothing noted: no transaction, no error


def _head_revision() -> str:
    """The newest migration's revision: one row in alembic_version, whatever was added since."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def test_open_twice_migrates_once(db_url: str) -> None:
    Store.open(db_url).close()
    s = Store.open(db_url)
    try:
        s.ping()
        engine = sa.create_engine(db_url)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
                (_head_revision(),)
            ]
        engine.dispose()
    finally:
        s.close()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url: str) -> None:
    s = Store.open(sqlite_url)
    try:
        with s._engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    finally:
        s.close()


def test_knows_learner_agrees_with_the_learner_list(store: Store) -> None:
    """knows_learner (the API's per-request 404 check) answers as `name in learners()` does:
    a learner on a node, one with records only, one with progress only, and a stranger."""
    store.upsert_node(NODE, "10.0.0.7", 22, ["on-node"])
    store.ingest(batch(1, learner="recorded"))
    with store._write() as conn:  # progress with no record behind it (a regrade can leave it)
        conn.execute(
            t.progress.insert().values(
                learner="progress-only", lab=LAB, step="s", state="attempted", at=1.0, captures={}
            )
        )
    listed = set(store.learners())
    assert {"on-node", "recorded", "progress-only"} <= listed
    for name in [*listed, "stranger", ""]:
        assert store.knows_learner(name) == (name in listed), name
