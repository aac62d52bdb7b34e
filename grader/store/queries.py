"""The Store's reads: progress, step states, learners, the event feed, records and the audit log.

Reads take a pooled connection each and never the write lock, so the API's worker threads read
while the daemon writes (WAL on SQLite, READ COMMITTED on PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import sqlalchemy as sa

from grader.capture import CommandRecord
from grader.store import schema as t
from grader.store.connection import Connections
from grader.store.model import AuditEntry, StepProgress, StepState, VerdictEvent
from grader.store.statements import Prepared

LOWERING_KINDS = ("regrade:downgrade", "reset")
"""Audit kinds that lowered a learner's progress on a lab (downgrades_after)."""

EVENTS_PAGE_MAX = 500
"""Most events one events_after call returns: a dashboard catching up pages through the rest."""

SCORE_STATES = ("verified", "downgraded", "reset")
"""Event states that change a learner's score: a step verified, a step lowered by a regrade, a
lab reset (step "*")."""


class Queries(Connections):
    """What the API, the daemon's feedback and regrade read from the store."""

    def __init__(self, engine: sa.Engine, url: str) -> None:
        super().__init__(engine, url)
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
                v.c.seq,
                v.c.learner,
                v.c.lab,
                v.c.step,
                v.c.state,
                v.c.reason,
                v.c.at,
                v.c.evidence,
                v.c.recorded,
            )
            .where(v.c.seq > sa.bindparam("seq"))
            .order_by(v.c.seq)
            .limit(sa.bindparam("limit"))
        )
        self._learner_events_after_sql = self._events_after_sql.where(
            v.c.learner == sa.bindparam("learner")
        )

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
                recorded=r["recorded"],
            )
            for r in rows
        ]

    def step_states(self, learner: str, lab: str) -> list[StepState]:
        """`progress` without evidence and captures: the progress file needs only these."""
        with self._read() as conn:
            return self._step_states(conn, learner, lab)

    def _step_states(self, conn: sa.Connection, learner: str, lab: str) -> list[StepState]:
        params = {"learner": learner, "lab": lab}
        rows: Sequence[Any] = self._step_states_sql.rows(conn, params)
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

    def score_changes(
        self, learners: Collection[str], upto: int
    ) -> list[tuple[str, str, str, str]]:
        """(learner, lab, step, state) of every event up to seq `upto` that can move a score
        (verified, downgraded, reset), oldest first: the API folds them into each event's
        "score after this event" without reading the attempts in between."""
        if not learners:
            return []
        v = t.verdict_events.c
        query = (
            sa.select(v.learner, v.lab, v.step, v.state)
            .where(
                v.learner.in_(sorted(set(learners))) & (v.seq <= upto) & v.state.in_(SCORE_STATES)
            )
            .order_by(v.seq)
        )
        with self._read() as conn:
            return [(r[0], r[1], r[2], r[3]) for r in conn.execute(query).all()]

    def last_seq(self) -> int:
        with self._read() as conn:
            return conn.execute(sa.select(sa.func.max(t.verdict_events.c.seq))).scalar() or 0

    def command_records(self, learner: str | None = None, after_id: int = 0) -> list[CommandRecord]:
        """Stored records in the order they ran (t0, then session and n), for regrade;
        `after_id`: only those stored after that record (a reset's `after_record`)."""
        return [record for _, record in self.learner_records(learner, after_id)]

    def learner_records(
        self, learner: str | None = None, after_id: int = 0
    ) -> list[tuple[str, CommandRecord]]:
        """(learner, record) pairs in the order they ran (stored after record `after_id`)."""
        c = t.command_records
        query = sa.select(c)
        if learner is not None:
            query = query.where(c.c.learner == learner)
        if after_id:
            query = query.where(c.c.id > after_id)
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

        Progress moves down only by a downgrade or a reset (`grader reset`): both write progress
        and an audit row, and their verdict events ("downgraded", "reset") are not progress
        states, so readers that fold events (the dashboard grid) ask here what to re-read.
        """
        a = t.audit
        with self._read() as conn:
            high = conn.execute(sa.select(sa.func.max(a.c.seq))).scalar() or 0
            if high <= seq:
                return [], seq
            rows = conn.execute(
                sa.select(a.c.learner, a.c.detail)
                .where((a.c.seq > seq) & (a.c.seq <= high) & a.c.kind.in_(LOWERING_KINDS))
                .order_by(a.c.seq)
            ).all()
        pairs = dict.fromkeys((learner, detail["lab"]) for learner, detail in rows)
        return list(pairs), high
