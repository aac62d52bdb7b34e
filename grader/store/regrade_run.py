"""Regrade: re-judge stored command records when a lab changed.

Progress is a deterministic fold of command records, so a changed lab can be re-applied to what
learners already did: the engine's grade_records replays each learner's stored records (output as
stored, i.e. the capped excerpt) and its verdicts are written like live ones (grader/store/
regrade.py) — new verdicts become events and upgrade progress; lowering a stored state happens
only with allow_downgrade, audited.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from grader.labs import Lab
from grader.store.model import EVENT_DOWNGRADED
from grader.store.store import Store


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
