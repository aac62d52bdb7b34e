"""A regrade's writes: its verdicts written like live ones, its downgrades audited and evented.

The run that replays the learners' records through the matcher is grader/store/regrade_run.py;
here is the Store's side of it (a mixin of grader/store/store.py). Lowering a stored state is a
different act from raising it (a learner loses a tick they saw) and happens only with
allow_downgrade; each lowering is audited and is a verdict event of its own, state "downgraded"
(evidence: the state it had, "from", and the one it has now, "to"), so dashboards, SSE streams
and LMSs learn of it like of any verdict.
"""

from __future__ import annotations

import secrets
import time

import sqlalchemy as sa

from grader.store import schema as t
from grader.store.model import EVENT_DOWNGRADED, VerdictEvent
from grader.store.writes import Writes, evidence_json, verdict_at
from grader.verdict import State, StepVerdict


def _rank(state: str) -> int:
    return State(state).rank


class Regrades(Writes):
    """The Store's side of a regrade: its verdicts written like live ones, downgrades audited."""

    def apply_regrade(
        self, learner: str, lab: str, verdicts: list[StepVerdict], *, allow_downgrade: bool
    ) -> list[VerdictEvent]:
        """Record a regrade's verdicts for one learner and lab, in one transaction.

        New verdicts become events and upgrade progress as in ingest. With allow_downgrade, steps
        the regrade judged lower than stored (or did not reach at all) are set to the regraded
        state; every such change is audited as "regrade:downgrade" and returned as an event of
        state "downgraded".
        """
        now = time.time()
        events: list[VerdictEvent] = []
        with self._write() as conn:
            self.order_events(conn)
            for verdict in verdicts:
                event = self._record_verdict(
                    conn, None, learner, verdict, now, audit_kind="regrade:verdict"
                )
                if event is not None:
                    events.append(event)
            if allow_downgrade:
                events += self._downgrade_to(conn, learner, lab, verdicts, now)
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
            self._notify(conn, events)
        if events:
            self._committed(events)
        return events

    @staticmethod
    def _downgrade_to(
        conn: sa.Connection, learner: str, lab: str, verdicts: list[StepVerdict], now: float
    ) -> list[VerdictEvent]:
        best: dict[str, StepVerdict] = {}
        for v in verdicts:
            if v.step not in best or State(v.state).rank >= State(best[v.step].state).rank:
                best[v.step] = v
        p = t.progress
        rows = conn.execute(
            sa.select(p.c.step, p.c.state)
            .where((p.c.learner == learner) & (p.c.lab == lab))
            .order_by(p.c.step)
        ).all()
        events: list[VerdictEvent] = []
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
                        at=verdict_at(regraded, now),
                        recorded=now,  # the grader's clock: when this lower state was written
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
            why = regraded.reason if regraded is not None else ""
            reason = f"regrade lowered it from {stored} to {new_state.value}" + (
                f": {why}" if why else ""
            )
            evidence = {"from": stored, "to": new_state.value, "reason": why}
            row = {
                "learner": learner,
                "lab": lab,
                "step": step,
                "state": EVENT_DOWNGRADED,
                "reason": reason,
                "at": now,
                "evidence": evidence,
                "recorded": now,
            }
            seq = conn.execute(
                t.verdict_events.insert()
                .values(**row, session="regrade:" + secrets.token_hex(8), aid=-1, n=-1)
                .returning(t.verdict_events.c.seq)
            ).scalar_one()
            events.append(
                VerdictEvent(seq, learner, lab, step, EVENT_DOWNGRADED, reason, now, evidence, now)
            )
        return events
