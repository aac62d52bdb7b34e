"""The ingest path's statements, built once per dialect and executed with parameters only.

WHY: a command's end used to build ~8 SQLAlchemy statements from scratch (`insert().values(...)`,
`select().where(...)`): constructing them, coercing every value and computing their cache keys was
most of the store's CPU per command end, several times the database's own work (BENCHMARKS.md,
"Store write path"). A statement built once keeps its cache key, so executing it with a parameter
dict costs one compiled-cache lookup; SQLAlchemy still does the type processing (JSON, JSONB),
error wrapping and connection invalidation, exactly as before. Inserts are built without
`.values()`: the parameter dicts name the columns, so a column added to a row is written without
touching these statements.

The read-then-write pairs are single upserts whose ON CONFLICT ... DO UPDATE carries the old
condition in its WHERE (both SQLite >= 3.24 and PostgreSQL): progress only moves up, an unchanged
engine snapshot is not rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from grader.store import leases
from grader.store import schema as t
from grader.verdict import State


def _rank(column: Any) -> sa.Case[Any]:
    """A progress state's rank in SQL (State.rank); an unknown state ranks below pending."""
    return sa.case({s.value: s.rank for s in State}, value=column, else_=-1)


@dataclass(frozen=True)
class IngestStatements:
    """One dialect's prebuilt statements for Store._ingest_batch."""

    lease: sa.Select[Any]  # leases.held_query
    offset: Any
    record: Any
    event: Any
    progress: Any
    audit: Any
    snapshot: Any

    @classmethod
    def build(cls, dialect: str) -> IngestStatements:
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        offset = insert(t.offsets)
        offset = offset.on_conflict_do_update(
            index_elements=[t.offsets.c.node_id, t.offsets.c.path],
            set_={"offset": offset.excluded.offset},
        )

        event = insert(t.verdict_events).on_conflict_do_nothing().returning(t.verdict_events.c.seq)

        p = t.progress
        progress = insert(p)
        new = progress.excluded
        refreshed = State.ATTEMPTED.value
        progress = progress.on_conflict_do_update(
            index_elements=[p.c.learner, p.c.lab, p.c.step],
            set_={c: new[c] for c in ("state", "reason", "at", "evidence", "captures")},
            where=(_rank(new.state) > _rank(p.c.state))
            | ((new.state == refreshed) & (p.c.state == refreshed)),
        )

        s = t.engine_snapshots
        snapshot = insert(s)
        changed = (
            s.c.data.op("IS DISTINCT FROM")(snapshot.excluded.data)
            if dialect == "postgresql"
            else s.c.data != snapshot.excluded.data  # JSON text on SQLite, NOT NULL both sides
        )
        snapshot = snapshot.on_conflict_do_update(
            index_elements=[s.c.learner, s.c.lab],
            set_={"data": snapshot.excluded.data, "updated": snapshot.excluded.updated},
            where=changed,
        )
        return cls(
            lease=leases.held_query(dialect),
            offset=offset,
            record=insert(t.command_records).on_conflict_do_nothing(),
            event=event,
            progress=progress,
            audit=t.audit.insert(),
            snapshot=snapshot,
        )
