"""How far each outbound sink (the xAPI LRS, each webhook) has delivered the verdict-event log.

One row per sink in `delivery_cursors`: `after_seq` (every event up to it is acknowledged),
`attempts` and `last_error` (the failures in a row since the last acknowledgement) and `next_at`
(grader clock, epoch seconds: before it nobody sends for this sink). `next_at` is both the
backoff after a failure and a claim: a grader about to send sets it `hold_s` ahead, so two
graders on one PostgreSQL (or a restarted grader next to a stalled one) never send one sink's
events at the same time. Every change is conditional on `after_seq` still being what the caller
read, so a cursor never moves back and never skips what it did not deliver.

grader/outbound follows it: read `events_for_delivery(after_seq)`, send, `advance_delivery` only
once the receiver acknowledged (docs/grades-out.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.connection import Connections


@dataclass(frozen=True)
class DeliveryCursor:
    """One sink's row: acknowledged up to `after_seq`; `next_at` on the grader's clock."""

    sink: str
    after_seq: int
    attempts: int
    next_at: float
    last_error: str | None
    updated: float


@dataclass(frozen=True)
class LoggedEvent:
    """A verdict event as the log holds it, with both clocks: `at` the node's command end,
    `recorded` the grader's (None for events recorded before migration 0005)."""

    seq: int
    learner: str
    lab: str
    step: str
    state: str
    reason: str
    at: float
    recorded: float | None
    evidence: dict[str, Any] | None


class Deliveries(Connections):
    """The cursor rows and the event reads grader/outbound delivers from."""

    def delivery_cursor(self, sink: str) -> DeliveryCursor:
        """The sink's row, created at seq 0 (the whole log is still to send) if it has none."""
        with self._write() as conn:
            self._ensure_cursor(conn, sink)
            return self._cursor(conn, sink)

    def delivery_cursors(self) -> list[DeliveryCursor]:
        with self._read() as conn:
            rows = conn.execute(sa.select(t.delivery_cursors).order_by("sink")).all()
        return [DeliveryCursor(*row) for row in rows]

    def claim_delivery(self, sink: str, now: float, hold_s: float) -> DeliveryCursor | None:
        """Take the sink for `hold_s` seconds if nobody holds it and its backoff is over; the
        cursor as claimed, or None (held, or backing off: its `next_at` says until when)."""
        d = t.delivery_cursors
        with self._write() as conn:
            self._ensure_cursor(conn, sink)
            taken = conn.execute(
                sa.update(d)
                .where((d.c.sink == sink) & (d.c.next_at <= now))
                .values(next_at=now + hold_s)
            ).rowcount
            return self._cursor(conn, sink) if taken == 1 else None

    def advance_delivery(self, sink: str, from_seq: int, to_seq: int, now: float) -> bool:
        """Everything up to `to_seq` was acknowledged: move the cursor there, clear the failures
        and the claim. False (nothing changed) when the cursor is no longer at `from_seq`."""
        if to_seq < from_seq:
            raise ValueError(f"a cursor never moves back ({from_seq} -> {to_seq})")
        d = t.delivery_cursors
        with self._write() as conn:
            moved = conn.execute(
                sa.update(d)
                .where((d.c.sink == sink) & (d.c.after_seq == from_seq))
                .values(after_seq=to_seq, attempts=0, next_at=now, last_error=None, updated=now)
            ).rowcount
        return moved == 1

    def delivery_failed(
        self, sink: str, from_seq: int, error: str, retry_at: float, now: float
    ) -> int:
        """A send failed: count it, keep the error, nobody sends before `retry_at`. The
        failures in a row so far (0 when the cursor is no longer at `from_seq`)."""
        d = t.delivery_cursors
        with self._write() as conn:
            moved = conn.execute(
                sa.update(d)
                .where((d.c.sink == sink) & (d.c.after_seq == from_seq))
                .values(
                    attempts=d.c.attempts + 1,
                    next_at=retry_at,
                    last_error=error[:2000],
                    updated=now,
                )
            ).rowcount
            return self._cursor(conn, sink).attempts if moved == 1 else 0

    def release_delivery(self, sink: str, from_seq: int, now: float) -> None:
        """Give a claim back unused (nothing to send, or stopping): others may send at once. A
        backoff that a failure set stays."""
        d = t.delivery_cursors
        with self._write() as conn:
            conn.execute(
                sa.update(d)
                .where((d.c.sink == sink) & (d.c.after_seq == from_seq) & (d.c.attempts == 0))
                .values(next_at=now)
            )

    def events_for_delivery(self, after_seq: int, limit: int) -> list[LoggedEvent]:
        """Events with seq > `after_seq`, oldest first, at most `limit`."""
        v = t.verdict_events.c
        query = (
            sa.select(v.seq, v.learner, v.lab, v.step, v.state, v.reason, v.at, v.recorded)
            .add_columns(v.evidence)
            .where(v.seq > after_seq)
            .order_by(v.seq)
            .limit(max(1, limit))
        )
        with self._read() as conn:
            return [LoggedEvent(*row) for row in conn.execute(query).all()]

    def writers_in_flight(self) -> tuple[int, ...]:
        """The transactions writing right now (PostgreSQL: the current snapshot's in-progress
        ids; SQLite: none, one writer commits before the next begins).

        Why: PostgreSQL hands out `seq` when a row is inserted, not when it commits, so seq 10
        may be visible while seq 9's transaction is still open; a sink that saw 10 must not step
        over 9. A hole is settled once every transaction in flight when it was seen has ended
        (`writers_done`): then it is filled, or it stays empty for good (a rolled back insert,
        an ON CONFLICT that used a sequence value)."""
        if self.dialect != "postgresql":
            return ()
        with self._read() as conn:
            xids = conn.execute(
                sa.text("SELECT pg_snapshot_xip(pg_current_snapshot())::text")
            ).scalars()
            return tuple(int(x) for x in xids)

    def writers_done(self, xids: tuple[int, ...]) -> bool:
        """Whether none of these transactions (from `writers_in_flight`) is still in progress."""
        if not xids or self.dialect != "postgresql":
            return True
        with self._read() as conn:
            running = conn.execute(
                sa.text(
                    "SELECT count(*) FROM unnest(CAST(:xids AS xid8[])) AS x "
                    "WHERE pg_xact_status(x) = 'in progress'"
                ),
                {"xids": [str(x) for x in xids]},
            ).scalar_one()
        return running == 0

    def _ensure_cursor(self, conn: sa.Connection, sink: str) -> None:
        conn.execute(self._insert(t.delivery_cursors).values(sink=sink).on_conflict_do_nothing())

    @staticmethod
    def _cursor(conn: sa.Connection, sink: str) -> DeliveryCursor:
        d = t.delivery_cursors
        row = conn.execute(sa.select(d).where(d.c.sink == sink)).one()
        return DeliveryCursor(*row)
