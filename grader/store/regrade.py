"""Regrade: re-judge stored command records when a lab changed.

Progress is a deterministic fold of command records, so a changed lab can be re-applied to what
learners already did: the engine's grade_records replays each learner's stored records (output as
stored, i.e. the capped excerpt) and its verdicts are written like live ones — new verdicts become
events and upgrade progress. Lowering a stored state is a different act (a learner loses a tick
they saw) and happens only with allow_downgrade; each lowering is audited and is a verdict event
of its own, state "downgraded" (evidence: the state it had, "from", and the one it has now, "to"),
so dashboards, SSE streams and LMSs learn of it like of any verdict.

A reset lab (`grader reset`) is regraded from the records after its newest reset only: what the
learner did before it no longer counts.

A learner in a course (several labs, grader.yaml's order) is regraded with `regrade_course`: the
records go through the course as live (grader.matching.course.grade_course), so a command typed
while the learner was on another lab records no attempt here, as it did not live. Each lab is
replayed from the records after its own newest reset.

Attested runs: by default the engine enforces the lab's `attest.programs` with the signed runs
stored on each record (the daemon verified them with the node's key before storing them), so a
regrade never upgrades a step on a forged block the live grading refused. `attest_key` re-checks
the stored runs with a key first; `enforce_attestation=False` judges command lines alone.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import sqlalchemy as sa

from grader.labs import Lab
from grader.store import schema as t
from grader.store.model import EVENT_DOWNGRADED, VerdictEvent
from grader.store.writes import Writes, evidence_json, verdict_at
from grader.verdict import State, StepVerdict

if TYPE_CHECKING:
    from grader.store.store import Store


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


@dataclass(frozen=True)
class RegradeResult:
    learner: str
    records: int
    new_events: int  # downgrades included
    downgraded: int = 0
    lab: str = ""


def regrade(
    store: Store,
    lab: Lab,
    learners: list[str] | None = None,
    *,
    allow_downgrade: bool = False,
    enforce_attestation: bool = True,
    attest_key: bytes | None = None,
) -> list[RegradeResult]:
    who = learners if learners is not None else store.learners()
    courses = {learner: [lab] for learner in who}
    return regrade_course(
        store,
        courses,
        labs=[lab.id],
        allow_downgrade=allow_downgrade,
        enforce_attestation=enforce_attestation,
        attest_key=attest_key,
    )


def regrade_course(
    store: Store,
    courses: Mapping[str, Sequence[Lab]],
    *,
    labs: Sequence[str] | None = None,
    allow_downgrade: bool = False,
    enforce_attestation: bool = True,
    attest_key: bytes | None = None,
) -> list[RegradeResult]:
    """Regrade each learner's labs of `labs` (None: all of the course) through the learner's
    course (learner -> labs in grader.yaml's order); one result per learner and lab."""
    from dataclasses import replace

    from grader.matching import grade_course, verify_kept  # the engine: the matcher stack

    results = []
    for learner, course in courses.items():
        for lab in course:
            if labs is not None and lab.id not in labs:
                continue
            after = store.last_reset_record(learner, lab.id)
            records = store.command_records(learner, after_id=after)
            if attest_key is not None:
                records = [
                    replace(r, attestations=verify_kept(attest_key, r.attestations))
                    if r.attestations
                    else r
                    for r in records
                ]
            graders = grade_course(course, records, learner, enforce_attestation)
            (grader,) = [g for g in graders if g.lab.id == lab.id]
            verdicts = list(grader.verdicts().values())
            events = store.apply_regrade(learner, lab.id, verdicts, allow_downgrade=allow_downgrade)
            lowered = sum(1 for e in events if e.state == EVENT_DOWNGRADED)
            results.append(RegradeResult(learner, len(records), len(events), lowered, lab.id))
    return results
