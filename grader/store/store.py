"""The Store: verified progress, the command records behind it, and who streams which node.

Exactly-once (the daemon contract): progress is a deterministic fold of completed command
records. `ingest` writes, in ONE transaction, a node's new resume offsets, its new command
records, the verdict events they produced, the progress they upgrade, anomalies and the engine
snapshots. Unique keys make every part idempotent, so after a crash the daemon re-feeds from the
stored offsets and the overlap changes nothing: the same batch ingested twice returns [] the
second time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from grader import metrics
from grader.capture.events import Anomaly, CommandRecord
from grader.store import leases as lease_ops
from grader.store import schema as t
from grader.store.database import SQLITE_BEGIN_OPTION, create_engine, migrate
from grader.store.model import (
    AuditEntry,
    IngestBatch,
    LeaseLost,
    NodeStatus,
    StepProgress,
    StepState,
    VerdictEvent,
)
from grader.store.statements import IngestStatements, Prepared
from grader.verdict import State, StepVerdict

STORED_OUTPUT_KEEP_CHARS = 32 * 1024
"""Output characters kept per stored command record. The parser already keeps a 32 Ki head+tail
excerpt; this is the store's own bound for records from any other source (tests, imports)."""

STORED_LINE_KEEP_CHARS = 16 * 1024
"""A command line longer than this is a paste accident, not a lab step; keep its start."""

EVIDENCE_EXCERPT_KEEP_CHARS = 4 * 1024
"""Output excerpt kept with each verdict's evidence: what a human reads beside the verdict. It is
copied into every event and progress row, so it is kept much smaller than the record's output."""

EVIDENCE_MATCHED_KEEP_LINES = 20
"""Matched output lines kept with evidence; a step's patterns rarely need more than a handful."""

EVIDENCE_MATCHED_LINE_KEEP_CHARS = 500
"""Per matched line: enough for an NCCL WARN line with its path and errno."""

NODE_ERROR_KEEP_CHARS = 2000
"""A node's last error as shown on the dashboard: one traceback line or an SSH message."""

EVENTS_PAGE_MAX = 500
"""Most events one events_after call returns: a dashboard catching up pages through the rest."""

NOTIFY_CHANNEL = "grader_events"
"""PostgreSQL LISTEN/NOTIFY channel; the payload is the newest seq the transaction recorded."""

_SAVEPOINT = "ingest_batch"
"""Name of the savepoint around each batch of ingest_many (one at a time, never nested)."""

NO_COMMAND = ("", -1, -1)
"""(session, aid, n) of a verdict with no command behind it, for the NOT NULL unique key."""


class _UndoNeeded(Exception):
    """A batch of a group written without savepoints failed after writing: redo with them."""


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit]


_VERDICT_FIELDS = tuple(f.name for f in dataclasses.fields(StepVerdict))


def evidence_json(verdict: StepVerdict) -> dict[str, Any] | None:
    """The verdict's evidence as stored: JSON-ready, every free-text field capped.

    Same dict as dataclasses.asdict (Evidence holds only scalars and tuples of them), without
    asdict's recursive deep copy: it was a tenth of the store's CPU per command end.
    """
    ev = verdict.evidence
    if ev is None:
        return None
    data = ev.to_dict()
    data["pipestatus"] = list(data["pipestatus"])
    data["line"] = _clip(data["line"], STORED_LINE_KEEP_CHARS)
    data["excerpt"] = _clip(data["excerpt"], EVIDENCE_EXCERPT_KEEP_CHARS)
    data["matched"] = [
        _clip(line, EVIDENCE_MATCHED_LINE_KEEP_CHARS)
        for line in data["matched"][:EVIDENCE_MATCHED_KEEP_LINES]
    ]
    return data


def _verdict_at(verdict: StepVerdict, now: float) -> float:
    """When the step was reached: the command's end time (deterministic across re-feeds)."""
    ev = verdict.evidence
    if ev is not None:
        for moment in (ev.t1, ev.t0):
            if moment is not None:
                return moment
    return now


def _anomaly_key(node_id: str, anomaly: Anomaly) -> str:
    digest = hashlib.sha256(anomaly.detail.encode("utf-8", "replace")).hexdigest()[:16]
    return f"anomaly:{node_id}:{anomaly.session}:{anomaly.kind}:{anomaly.offset}:{digest}"


def _verdict_detail(seq: int, verdict: StepVerdict, evidence: dict[str, Any] | None) -> dict:
    """The audit row of a verdict: {"seq", **verdict.to_json(), "evidence": stored evidence}.

    Built field by field: to_json's asdict deep-copied the evidence only for it to be replaced.
    """
    detail: dict[str, Any] = {"seq": seq}
    for name in _VERDICT_FIELDS:
        value = getattr(verdict, name)
        if name == "evidence":
            value = evidence
        elif name == "state":
            value = State(value).value
        elif isinstance(value, dict):  # captures: str -> str
            value = dict(value)
        elif dataclasses.is_dataclass(value) or isinstance(value, list | tuple):
            value = dataclasses.asdict(verdict)[name]
        detail[name] = value
    return detail


def _rank(state: str) -> int:
    return State(state).rank


def _fails_the_transaction(exc: Exception) -> bool:
    """True when an error inside a batch's savepoint means the whole group must fail.

    A lost connection, or SQLite's disk full / I/O error (which may roll back the whole
    transaction by itself), are not the batch's fault: OperationalError covers both drivers'.
    A constraint, a LeaseLost or an unserialisable value belongs to the one batch.
    """
    if isinstance(exc, sa.exc.DBAPIError):
        return exc.connection_invalidated or isinstance(
            exc, sa.exc.OperationalError | sa.exc.InterfaceError
        )
    return False


class Store:
    """One database (SQLite file or PostgreSQL) holding everything the graders know.

    Thread-safe: every method takes its own pooled connection, so the API's worker threads and the
    daemon's ingest can share one Store.
    """

    def __init__(self, engine: sa.Engine, url: str) -> None:
        self._engine = engine
        self.url = url
        self._dialect = engine.dialect.name
        self._commit_listeners: list[Callable[[list[VerdictEvent]], None]] = []
        # SQLite has one writer at a time. Threads of this process queue on this lock instead of
        # on busy_timeout, whose retries sleep 1-100 ms each (the p99 of a 100-node benchmark);
        # busy_timeout still covers writers in other processes. PostgreSQL locks rows itself.
        self._write_lock = threading.RLock() if self._dialect == "sqlite" else None
        self._sql = IngestStatements.build(engine.dialect)
        # Read after every verdict for the learner's progress file: compiled once (Prepared).
        p = t.progress.c
        self._step_states_sql = Prepared(
            sa.select(p.step, p.state, p.reason, p.at)
            .where((p.learner == sa.bindparam("learner")) & (p.lab == sa.bindparam("lab")))
            .order_by(p.step),
            engine.dialect,
        )
        # Polled by the event feed 5 times a second, and paged by dashboards: built once, so
        # SQLAlchemy memoizes its cache key instead of building and hashing a new select per call.
        v = t.verdict_events
        self._events_after_sql = (
            sa.select(
                v.c.seq, v.c.learner, v.c.lab, v.c.step, v.c.state, v.c.reason, v.c.at, v.c.evidence
            )
            .where(v.c.seq > sa.bindparam("seq"))
            .order_by(v.c.seq)
            .limit(sa.bindparam("limit"))
        )
        self._learner_events_after_sql = self._events_after_sql.where(
            v.c.learner == sa.bindparam("learner")
        )

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect and migrate to the newest schema; "sqlite:///path.db" or "postgresql+psycopg://"."""
        engine = create_engine(url)
        migrate(engine)
        return cls(engine, url)

    def close(self) -> None:
        self._engine.dispose()

    @property
    def dialect(self) -> str:
        return self._dialect

    # -- in-process commit listeners -------------------------------------------------------------

    def add_commit_listener(self, listener: Callable[[list[VerdictEvent]], None]) -> None:
        """Call `listener(events)` after every commit that recorded new verdict events.

        WHY: the API usually runs in the daemon's process on the same Store, so its SSE streams
        can be served the committed events themselves, the moment ingest commits, instead of each
        stream querying the database. It is called in the committing thread (often a worker
        thread), after the commit and outside the write lock, so two commits' calls may arrive
        in either order: it must be cheap and thread-safe, e.g. loop.call_soon_threadsafe. Other
        processes still need NOTIFY (PG) or polling (SQLite).
        """
        self._commit_listeners.append(listener)

    def remove_commit_listener(self, listener: Callable[[list[VerdictEvent]], None]) -> None:
        if listener in self._commit_listeners:
            self._commit_listeners.remove(listener)

    def _committed(self, events: list[VerdictEvent]) -> None:
        for listener in list(self._commit_listeners):
            listener(events)

    # -- transactions ---------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        """A write transaction: BEGIN IMMEDIATE on SQLite (see database.py), default on PG."""
        with self._write_lock or contextlib.nullcontext(), self._engine.connect() as conn:
            conn = conn.execution_options(**{SQLITE_BEGIN_OPTION: "IMMEDIATE"})
            with conn.begin():
                yield conn

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with self._engine.connect() as conn, conn.begin():
            yield conn

    def _insert(self, table: sa.Table) -> Any:
        """An INSERT that supports ON CONFLICT (both dialects spell it the same)."""
        return (postgresql.insert if self._dialect == "postgresql" else sqlite.insert)(table)

    def ping(self) -> None:
        """Raise if the database cannot answer a query (health checks)."""
        with self._read() as conn:
            conn.execute(sa.select(1))

    # -- nodes ----------------------------------------------------------------------------------

    def upsert_node(self, node_id: str, host: str, port: int, learners: list[str]) -> None:
        now = time.time()
        stmt = self._insert(t.nodes).values(
            id=node_id,
            host=host,
            port=port,
            learners=list(learners),
            connected=False,
            updated=now,
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[t.nodes.c.id],
            set_={"host": host, "port": port, "learners": list(learners), "updated": now},
        )
        with self._write() as conn:
            conn.execute(stmt)

    def set_node_status(
        self,
        node_id: str,
        *,
        connected: bool,
        lag_s: float | None = None,
        error: str | None = None,
    ) -> None:
        values = {
            "connected": connected,
            "lag_s": lag_s,
            "error": None if error is None else _clip(error, NODE_ERROR_KEEP_CHARS),
            "updated": time.time(),
        }
        with self._write() as conn:
            conn.execute(t.nodes.update().where(t.nodes.c.id == node_id).values(**values))

    def set_node_simulated(self, node_id: str, simulated: bool) -> None:
        """What the daemon read from the node at its connection: simulated GPUs or not."""
        with self._write() as conn:
            conn.execute(
                t.nodes.update().where(t.nodes.c.id == node_id).values(simulated=simulated)
            )

    def set_node_lags(self, lags: Mapping[str, float]) -> None:
        """Record the heartbeat lag of many connected nodes in one transaction.

        WHY: one transaction per node every STATUS_WRITE_EVERY_S is ~100 a second at 1,000 nodes,
        each on SQLite's write lock beside the ingest path. A node that disconnected meanwhile
        keeps its status: a lag never says "connected" (its connect and disconnect are
        set_node_status's, at once).
        """
        if not lags:
            return
        n = t.nodes.c
        stmt = (
            t.nodes.update()
            .where((n.id == sa.bindparam("node")) & n.connected.is_(True))
            .values(lag_s=sa.bindparam("lag"), updated=sa.bindparam("now"))
        )
        now = time.time()
        with self._write() as conn:
            conn.execute(stmt, [{"node": k, "lag": v, "now": now} for k, v in lags.items()])

    def nodes(self) -> list[NodeStatus]:
        """Every node's status, with the grader holding its lease now and since when."""
        with self._read() as conn:
            rows = conn.execute(sa.select(t.nodes).order_by(t.nodes.c.id)).mappings().all()
        held = self.lease_holders()
        return [
            NodeStatus(
                **{**row, "learners": list(row["learners"])},
                holder=held[row["id"]][0] if row["id"] in held else None,
                held_since=held[row["id"]][1] if row["id"] in held else None,
            )
            for row in rows
        ]

    def offsets(self, node_id: str) -> dict[str, int]:
        with self._read() as conn:
            rows = conn.execute(
                sa.select(t.offsets.c.path, t.offsets.c.offset).where(
                    t.offsets.c.node_id == node_id
                )
            ).all()
        return {path: offset for path, offset in rows}

    # -- leases ---------------------------------------------------------------------------------

    def acquire_nodes(self, owner: str, node_ids: list[str], ttl_s: float) -> list[str]:
        """Take free or expired leases and renew `owner`'s own; returns the nodes owner now holds.

        Call it every ttl_s/3 or so as the heartbeat. A node another live grader holds (or is
        locking right now) is skipped, never waited for. Takes at most owner's fair share
        (lease_round says what that is).
        """
        return self.lease_round(owner, node_ids, ttl_s).held

    def lease_round(
        self, owner: str, node_ids: list[str], ttl_s: float, capacity: float = 1.0
    ) -> lease_ops.LeaseRound:
        """acquire_nodes, with owner's fair share and the number of live graders."""
        with self._write() as conn:
            return lease_ops.acquire(conn, self._insert, owner, node_ids, ttl_s, capacity)

    def release_nodes(self, owner: str, node_ids: list[str] | None = None) -> None:
        """Give up `owner`'s leases (all of them: a clean shutdown, and its `graders` row goes
        too; or those of node_ids: a handover), so others need not wait for expiry."""
        with self._write() as conn:
            lease_ops.release(conn, owner, node_ids)

    def lease_holders(self) -> dict[str, tuple[str, float]]:
        """node_id -> (owner, since) of every lease held now."""
        with self._read() as conn:
            now = lease_ops.db_now(conn)
            rows = conn.execute(
                sa.select(t.leases.c.node_id, t.leases.c.owner, t.leases.c.since).where(
                    (t.leases.c.owner != lease_ops.FREE_OWNER) & (t.leases.c.expires_at > now)
                )
            ).all()
        return {node_id: (owner, since) for node_id, owner, since in rows}

    # -- ingest ---------------------------------------------------------------------------------

    def ingest(self, batch: IngestBatch) -> list[VerdictEvent]:
        """Write one batch atomically; return only the verdict events recorded for the first time.

        Raises model.LeaseLost (writing nothing) when batch.owner is set and no longer holds the
        node's lease.
        """
        with self._write() as conn:
            if batch.owner is not None:
                held = self._lock_leases(conn, [batch])
                lease_ops.check_held(held, batch.node_id, batch.owner)
            events, anomalies = self._ingest_batch(conn, batch, time.time())
            self._notify(conn, events)
        self._after_commit(events, anomalies)
        return events

    def ingest_many(
        self,
        batches: list[IngestBatch],
        states: dict[tuple[str, str], list[StepState]] | None = None,
    ) -> list[list[VerdictEvent] | Exception]:
        """Write several nodes' batches in ONE transaction, each failing alone.

        WHY: at 1,000 nodes one transaction per batch made the commit (an fsync, the write lock)
        the daemon's bottleneck; a group pays for it once. Per batch, in order, the result is what
        ingest() would have returned or raised: a batch that fails (LeaseLost, a constraint) is
        rolled back alone while the others commit. A failure of the transaction itself (the
        database away, disk full, a savepoint that cannot be rolled back) raises, and none of the
        group is written: each caller retries its batch (ingest is idempotent).

        How a batch fails alone: a lost lease is found before the batch writes anything (one
        locking query for the whole group), so it needs no undo. Any other failure needs its
        batch's writes undone: the group is then rolled back and written again with a SAVEPOINT
        around each batch. Failures are rare; two statements per batch are not (BENCHMARKS.md,
        "Store write path").

        `states`, when given, receives after the commit what step_states() would answer for each
        (learner, lab) that got a new event, read in the same transaction after the batch: the
        daemon's progress file needs exactly that, without a read transaction of its own per
        verdict (on SQLite the benchmark showed no change beyond its noise: BENCHMARKS.md,
        "Sixth round"; a networked database saves three round trips per verdict).
        """
        now = time.time()
        read: dict[tuple[str, str], list[StepState]] | None = None if states is None else {}
        try:
            results, events, anomalies = self._ingest_group(batches, now, False, read)
        except _UndoNeeded:
            read = None if states is None else {}
            results, events, anomalies = self._ingest_group(batches, now, True, read)
        self._after_commit(events, anomalies)
        if states is not None and read is not None:
            states.update(read)  # committed: only now may anyone act on them
        return results

    def _ingest_group(
        self,
        batches: list[IngestBatch],
        now: float,
        savepoints: bool,
        states: dict[tuple[str, str], list[StepState]] | None = None,
    ) -> tuple[list[list[VerdictEvent] | Exception], list[VerdictEvent], int]:
        """One transaction for ingest_many: (per-batch results, new events, new anomalies).

        Without savepoints, raises _UndoNeeded (the transaction rolled back) as soon as a batch
        fails after it may have written something.
        """
        results: list[list[VerdictEvent] | Exception] = []
        events: list[VerdictEvent] = []
        anomalies = 0
        with self._write() as conn:
            held = self._lock_leases(conn, batches)
            for batch in batches:
                if batch.owner is not None:
                    try:
                        lease_ops.check_held(held, batch.node_id, batch.owner)
                    except LeaseLost as exc:
                        results.append(exc)
                        continue
                if savepoints:
                    # Plain SQL: Connection.begin_nested() compiles a new SAVEPOINT clause each
                    # time (~0.2 ms of CPU, as much as the batch's own statements).
                    conn.exec_driver_sql(f"SAVEPOINT {_SAVEPOINT}")
                try:
                    got, new_anomalies = self._ingest_batch(conn, batch, now)
                except Exception as exc:
                    if _fails_the_transaction(exc) or conn.invalidated:
                        raise  # the transaction's rollback ends the savepoint too
                    if not savepoints:
                        raise _UndoNeeded from exc  # rolls the transaction back
                    conn.exec_driver_sql(f"ROLLBACK TO SAVEPOINT {_SAVEPOINT}")
                    conn.exec_driver_sql(f"RELEASE SAVEPOINT {_SAVEPOINT}")
                    results.append(exc)
                    continue
                if savepoints:
                    conn.exec_driver_sql(f"RELEASE SAVEPOINT {_SAVEPOINT}")
                if states is not None:
                    for key in {(ev.learner, ev.lab) for ev in got}:
                        states[key] = self._step_states(conn, *key)
                results.append(got)
                events += got
                anomalies += new_anomalies
            self._notify(conn, events)
        return results, events, anomalies

    def _lock_leases(self, conn: sa.Connection, batches: list[IngestBatch]) -> lease_ops.Held:
        """Lock and read the lease rows of every fenced batch's node, in one query."""
        nodes = [batch.node_id for batch in batches if batch.owner is not None]
        return lease_ops.lock_held(conn, self._sql.lease, nodes)

    def _ingest_batch(
        self, conn: sa.Connection, batch: IngestBatch, now: float
    ) -> tuple[list[VerdictEvent], int]:
        """Write one batch in conn's transaction: (new verdict events, new anomalies).

        The caller has checked its lease (_lock_leases). Prebuilt statements (statements.py),
        several rows of one kind in one executemany.
        """
        sql = self._sql
        node_id = batch.node_id
        if batch.offsets:
            sql.offset.run_many(
                conn,
                [
                    {"node_id": node_id, "path": path, "offset": offset}
                    for path, offset in batch.offsets.items()
                ],
            )
        if batch.records:
            sql.record.run_many(
                conn,
                [self._record_row(node_id, learner, record) for learner, record in batch.records],
            )
        new_events: list[VerdictEvent] = []
        for learner, verdict in batch.verdicts:
            event = self._record_verdict(conn, node_id, learner, verdict, now)
            if event is not None:
                new_events.append(event)
        new_anomalies = 0
        for learner, anomaly in batch.anomalies:
            new_anomalies += self._record_anomaly(conn, node_id, learner, anomaly, now)
        if batch.snapshots:
            sql.snapshot.run_many(
                conn,
                [
                    {"learner": learner, "lab": lab, "data": data, "updated": now}
                    for (learner, lab), data in batch.snapshots.items()
                ],
            )
        return new_events, new_anomalies

    def _notify(self, conn: sa.Connection, events: list[VerdictEvent]) -> None:
        if events and self._dialect == "postgresql":
            # Delivered to listeners only when this transaction commits, never before.
            newest = max(e.seq for e in events)
            conn.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, str(newest))))

    def _after_commit(self, events: list[VerdictEvent], anomalies: int) -> None:
        for event in events:
            metrics.VERDICTS.labels(state=event.state).inc()
        if anomalies:
            metrics.PARSE_ERRORS.inc(anomalies)
        if events:
            self._committed(events)

    @staticmethod
    def _record_row(node_id: str, learner: str, record: CommandRecord) -> dict[str, Any]:
        return {
            "node_id": node_id,
            "learner": learner,
            "session": record.session,
            "aid": record.aid,
            "n": record.n,
            "line": _clip(record.line, STORED_LINE_KEEP_CHARS),
            "exit": record.exit,
            "pipestatus": list(record.pipestatus),
            "cwd": record.cwd,
            "t0": record.t0,
            "t1": record.t1,
            "output": _clip(record.output, STORED_OUTPUT_KEEP_CHARS),
            "output_chars": record.output_chars,
            "output_truncated": record.output_truncated
            or len(record.output) > STORED_OUTPUT_KEEP_CHARS,
            "fullscreen": record.fullscreen,
            "line_reliable": record.line_reliable,
            "attestations": list(record.attestations) or None,
        }

    def _record_verdict(
        self,
        conn: sa.Connection,
        node_id: str | None,
        learner: str,
        verdict: StepVerdict,
        now: float,
        *,
        audit_kind: str = "verdict",
    ) -> VerdictEvent | None:
        """Insert the verdict's event (once per key) and upgrade progress; None if a duplicate.

        A pending verdict records nothing: pending is the absence of progress, not an event.
        """
        if State(verdict.state) is State.PENDING:
            return None
        evidence = evidence_json(verdict)
        ev = verdict.evidence
        session, aid, n = (ev.session, ev.aid, ev.n) if ev is not None else NO_COMMAND
        at = _verdict_at(verdict, now)
        state = State(verdict.state).value
        # The columns verdict_events and progress share.
        row = {
            "learner": learner,
            "lab": verdict.lab,
            "step": verdict.step,
            "state": state,
            "reason": verdict.reason,
            "at": at,
            "evidence": evidence,
        }
        seq = self._sql.event.run(
            conn, {**row, "session": session, "aid": aid, "n": n}
        ).scalar_one_or_none()
        if seq is None:
            return None
        event = VerdictEvent(
            seq, learner, verdict.lab, verdict.step, state, verdict.reason, at, evidence
        )
        # Progress only moves up: the upsert's WHERE keeps a higher state, and a verified step
        # its first proof; a new attempt on an attempted step refreshes its reason (the learner
        # wants to know why the LAST try failed).
        self._sql.progress.run(conn, {**row, "captures": dict(verdict.captures)})
        self._sql.audit.run(
            conn,
            {
                "at": now,
                "kind": audit_kind,
                "learner": learner,
                "node": node_id,
                "suspicious": False,
                "detail": _verdict_detail(seq, verdict, evidence),
                "dedupe": f"verdict:{seq}",
            },
        )
        return event

    def _record_anomaly(
        self, conn: sa.Connection, node_id: str, learner: str, anomaly: Anomaly, now: float
    ) -> int:
        inserted = conn.execute(
            self._insert(t.audit)
            .values(
                at=now,
                kind=f"anomaly:{anomaly.kind}",
                learner=learner,
                node=node_id,
                suspicious=True,
                detail={
                    "session": anomaly.session,
                    "kind": anomaly.kind,
                    "detail": _clip(anomaly.detail, NODE_ERROR_KEEP_CHARS),
                    "offset": anomaly.offset,
                    "extra": dict(anomaly.extra),
                },
                dedupe=_anomaly_key(node_id, anomaly),
            )
            .on_conflict_do_nothing()
            .returning(t.audit.c.seq)
        ).scalar_one_or_none()
        return 0 if inserted is None else 1

    # -- reads ----------------------------------------------------------------------------------

    def snapshot(self, learner: str, lab: str) -> dict[str, Any] | None:
        with self._read() as conn:
            return conn.execute(
                sa.select(t.engine_snapshots.c.data).where(
                    (t.engine_snapshots.c.learner == learner) & (t.engine_snapshots.c.lab == lab)
                )
            ).scalar_one_or_none()

    def progress(self, learner: str, lab: str) -> list[StepProgress]:
        """The steps of `lab` this learner has a verdict on (steps absent here are pending)."""
        with self._read() as conn:
            rows = (
                conn.execute(
                    sa.select(t.progress)
                    .where((t.progress.c.learner == learner) & (t.progress.c.lab == lab))
                    .order_by(t.progress.c.step)
                )
                .mappings()
                .all()
            )
        return [
            StepProgress(
                step=r["step"],
                state=r["state"],
                reason=r["reason"],
                at=r["at"],
                evidence=r["evidence"],
                captures=dict(r["captures"]),
            )
            for r in rows
        ]

    def step_states(self, learner: str, lab: str) -> list[StepState]:
        """`progress` without evidence and captures: the progress file needs only these."""
        with self._read() as conn:
            return self._step_states(conn, learner, lab)

    def _step_states(self, conn: sa.Connection, learner: str, lab: str) -> list[StepState]:
        params = {"learner": learner, "lab": lab}
        rows: Sequence[Any] = self._step_states_sql.run(conn, params).all()
        return [StepState(*row) for row in rows]

    def learners(self) -> list[str]:
        """Every learner with a node assignment, a record or progress."""
        with self._read() as conn:
            names = set(conn.execute(sa.select(t.progress.c.learner).distinct()).scalars())
            names |= set(conn.execute(sa.select(t.command_records.c.learner).distinct()).scalars())
            for learners in conn.execute(sa.select(t.nodes.c.learners)).scalars():
                names |= set(learners)
        return sorted(names)

    def knows_learner(self, learner: str) -> bool:
        """Whether `learners()` would list `learner`, by index lookups rather than a scan: the
        API asks it on every progress request."""
        with self._read() as conn:
            for table in (t.progress, t.command_records):
                found = conn.execute(
                    sa.select(table.c.learner).where(table.c.learner == learner).limit(1)
                ).first()
                if found is not None:
                    return True
            return any(
                learner in names for names in conn.execute(sa.select(t.nodes.c.learners)).scalars()
            )

    def events_after(
        self, seq: int, learner: str | None = None, limit: int = EVENTS_PAGE_MAX
    ) -> list[VerdictEvent]:
        """Events with seq > `seq`, oldest first (at most `limit`, capped at EVENTS_PAGE_MAX)."""
        params: dict[str, Any] = {"seq": seq, "limit": max(0, min(limit, EVENTS_PAGE_MAX))}
        query = self._events_after_sql
        if learner is not None:
            query = self._learner_events_after_sql
            params["learner"] = learner
        with self._read() as conn:
            return [VerdictEvent(*row) for row in conn.execute(query, params).all()]

    def last_seq(self) -> int:
        with self._read() as conn:
            return conn.execute(sa.select(sa.func.max(t.verdict_events.c.seq))).scalar() or 0

    def command_records(self, learner: str | None = None) -> list[CommandRecord]:
        """Stored records in the order they ran (t0, then session and n), for regrade."""
        return [record for _, record in self.learner_records(learner)]

    def learner_records(self, learner: str | None = None) -> list[tuple[str, CommandRecord]]:
        """(learner, record) pairs in the order they ran."""
        c = t.command_records
        query = sa.select(c)
        if learner is not None:
            query = query.where(c.c.learner == learner)
        # NULL t0 (shouldn't happen for a completed command) sorts first on SQLite, last on PG;
        # coalesce so both dialects agree.
        query = query.order_by(sa.func.coalesce(c.c.t0, 0.0), c.c.session, c.c.aid, c.c.n)
        with self._read() as conn:
            rows = conn.execute(query).mappings().all()
        return [
            (
                r["learner"],
                CommandRecord(
                    session=r["session"],
                    aid=r["aid"],
                    n=r["n"],
                    line=r["line"],
                    exit=r["exit"],
                    pipestatus=tuple(r["pipestatus"]),
                    cwd=r["cwd"],
                    t0=r["t0"],
                    t1=r["t1"],
                    output=r["output"],
                    output_chars=r["output_chars"],
                    output_truncated=r["output_truncated"],
                    fullscreen=r["fullscreen"],
                    line_reliable=r["line_reliable"],
                    attestations=tuple(r["attestations"] or ()),
                ),
            )
            for r in rows
        ]

    def audit(self, after: int = 0, limit: int = EVENTS_PAGE_MAX) -> list[AuditEntry]:
        a = t.audit
        query = (
            sa.select(a.c.seq, a.c.at, a.c.kind, a.c.learner, a.c.node, a.c.suspicious, a.c.detail)
            .where(a.c.seq > after)
            .order_by(a.c.seq)
            .limit(limit)
        )
        with self._read() as conn:
            return [AuditEntry(*row) for row in conn.execute(query).all()]

    def downgrades_after(self, seq: int) -> tuple[list[tuple[str, str]], int]:
        """(learner, lab) pairs `grader regrade --allow-downgrade` lowered after audit row `seq`,
        and the audit seq this answer covers (pass it as `seq` next time).

        A downgrade writes progress and an audit row but no verdict event (events only move a
        step up), so readers that fold events (the dashboard grid) ask here what to re-read.
        """
        a = t.audit
        with self._read() as conn:
            high = conn.execute(sa.select(sa.func.max(a.c.seq))).scalar() or 0
            if high <= seq:
                return [], seq
            rows = conn.execute(
                sa.select(a.c.learner, a.c.detail)
                .where((a.c.seq > seq) & (a.c.seq <= high) & (a.c.kind == "regrade:downgrade"))
                .order_by(a.c.seq)
            ).all()
        pairs = dict.fromkeys((learner, detail["lab"]) for learner, detail in rows)
        return list(pairs), high

    # -- regrade --------------------------------------------------------------------------------

    def apply_regrade(
        self, learner: str, lab: str, verdicts: list[StepVerdict], *, allow_downgrade: bool
    ) -> list[VerdictEvent]:
        """Record a regrade's verdicts for one learner and lab, in one transaction.

        New verdicts become events and upgrade progress as in ingest. With allow_downgrade, steps
        the regrade judged lower than stored (or did not reach at all) are set to the regraded
        state; every such change is audited as "regrade:downgrade".
        """
        now = time.time()
        events: list[VerdictEvent] = []
        with self._write() as conn:
            for verdict in verdicts:
                event = self._record_verdict(
                    conn, None, learner, verdict, now, audit_kind="regrade:verdict"
                )
                if event is not None:
                    events.append(event)
            if allow_downgrade:
                self._downgrade_to(conn, learner, lab, verdicts, now)
            conn.execute(
                t.audit.insert().values(
                    at=now,
                    kind="regrade",
                    learner=learner,
                    node=None,
                    suspicious=False,
                    detail={
                        "lab": lab,
                        "verdicts": len(verdicts),
                        "new_events": len(events),
                        "allow_downgrade": allow_downgrade,
                    },
                )
            )
        if events:
            self._committed(events)
        return events

    @staticmethod
    def _downgrade_to(
        conn: sa.Connection, learner: str, lab: str, verdicts: list[StepVerdict], now: float
    ) -> None:
        best: dict[str, StepVerdict] = {}
        for v in verdicts:
            if v.step not in best or State(v.state).rank >= State(best[v.step].state).rank:
                best[v.step] = v
        p = t.progress
        rows = conn.execute(
            sa.select(p.c.step, p.c.state).where((p.c.learner == learner) & (p.c.lab == lab))
        ).all()
        for step, stored in rows:
            regraded = best.get(step)
            new_state = State.PENDING if regraded is None else State(regraded.state)
            if new_state.rank >= _rank(stored):
                continue
            key = (p.c.learner == learner) & (p.c.lab == lab) & (p.c.step == step)
            if new_state is State.PENDING or regraded is None:  # a pending step has no row
                conn.execute(p.delete().where(key))
            else:
                conn.execute(
                    p.update()
                    .where(key)
                    .values(
                        state=new_state.value,
                        reason=regraded.reason,
                        at=_verdict_at(regraded, now),
                        evidence=evidence_json(regraded),
                        captures=dict(regraded.captures),
                    )
                )
            conn.execute(
                t.audit.insert().values(
                    at=now,
                    kind="regrade:downgrade",
                    learner=learner,
                    node=None,
                    suspicious=False,
                    detail={"lab": lab, "step": step, "from": stored, "to": new_state.value},
                )
            )
