"""The Store's reset of a learner's lab: an operator's "start this lab over", audited.

One transaction clears the learner's progress and engine snapshot for the lab and appends a
verdict event with state "reset" for step "*", so every reader of the event feed (dashboards,
SSE streams, outbound sinks) learns of it, and the running daemon too: it follows these events
(`resets_after`) and starts that learner's engine for the lab over (grader/daemon/resets.py).
The event's evidence names the actor, the steps cleared and `after_record`, the learner's last
command record at the reset: a regrade replays only the records after it, so a reset lab is
never re-verified from what was done before the reset.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.announcements import clean_text
from grader.store.model import EVENT_RESET, VerdictEvent
from grader.store.writes import Writes

REASON_MAX_CHARS = 1000
RESET_STEP = "*"
"""The step a reset event names: every step of the lab."""


class Resets(Writes):
    """reset_lab, and what the daemon and regrade read back of resets."""

    def reset_lab(self, learner: str, lab: str, reason: str, actor: str) -> VerdictEvent:
        """Start `learner` over on `lab`: progress and engine snapshot cleared, one event, audited.

        Raises ValueError when the reason is empty. Whether the learner and the lab exist is the
        caller's to check (the store does not read grader.yaml or the labs).
        """
        reason = clean_text(reason)
        if not reason:
            raise ValueError("a reset needs a reason")
        if len(reason) > REASON_MAX_CHARS:
            raise ValueError(f"a reset's reason is at most {REASON_MAX_CHARS} characters")
        actor = clean_text(actor)[:200] or "unknown"
        now = time.time()
        p, s, r = t.progress.c, t.engine_snapshots.c, t.command_records.c
        with self._write() as conn:
            self.order_events(conn)
            cleared = dict(
                conn.execute(
                    sa.select(p.step, p.state)
                    .where((p.learner == learner) & (p.lab == lab))
                    .order_by(p.step)
                ).all()
            )
            last_record = (
                conn.execute(sa.select(sa.func.max(r.id)).where(r.learner == learner)).scalar() or 0
            )
            conn.execute(t.progress.delete().where((p.learner == learner) & (p.lab == lab)))
            conn.execute(t.engine_snapshots.delete().where((s.learner == learner) & (s.lab == lab)))
            evidence: dict[str, Any] = {
                "actor": actor,
                "cleared": cleared,
                "after_record": last_record,
            }
            row = {
                "learner": learner,
                "lab": lab,
                "step": RESET_STEP,
                "state": EVENT_RESET,
                "reason": reason,
                "at": now,
                "evidence": evidence,
                "recorded": now,
            }
            seq = conn.execute(
                t.verdict_events.insert()
                .values(**row, session="reset:" + secrets.token_hex(8), aid=-1, n=-1)
                .returning(t.verdict_events.c.seq)
            ).scalar_one()
            conn.execute(
                t.audit.insert().values(
                    at=now,
                    kind="reset",
                    learner=learner,
                    node=None,
                    suspicious=False,
                    detail={
                        "lab": lab,
                        "reason": reason,
                        "actor": actor,
                        "seq": seq,
                        "cleared": cleared,
                    },
                )
            )
            event = VerdictEvent(
                seq, learner, lab, RESET_STEP, EVENT_RESET, reason, now, evidence, now
            )
            self._notify(conn, [event])
        self._committed([event])
        return event

    def resets_after(self, seq: int, upto: int | None = None) -> list[VerdictEvent]:
        """Reset events with `seq` < seq <= `upto` (no upper bound: None), oldest first: what
        the daemon polls (a range of the events' primary key, so a poll with nothing new reads
        nothing; the daemon then moves `seq` to `upto`, Store.last_seq read just before)."""
        v = t.verdict_events.c
        where = (v.seq > seq) & (v.state == EVENT_RESET)
        if upto is not None:
            where &= v.seq <= upto
        query = (
            sa.select(
                v.seq, v.learner, v.lab, v.step, v.state, v.reason, v.at, v.evidence, v.recorded
            )
            .where(where)
            .order_by(v.seq)
        )
        with self._read() as conn:
            return [VerdictEvent(*row) for row in conn.execute(query).all()]

    def last_reset_record(self, learner: str, lab: str) -> int:
        """The learner's last command record id at their newest reset of `lab` (0: never reset)."""
        v = t.verdict_events.c
        query = (
            sa.select(v.evidence)
            .where((v.learner == learner) & (v.lab == lab) & (v.state == EVENT_RESET))
            .order_by(v.seq.desc())
            .limit(1)
        )
        with self._read() as conn:
            evidence = conn.execute(query).scalar_one_or_none()
        return int((evidence or {}).get("after_record", 0))
