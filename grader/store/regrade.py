"""Regrade: re-judge stored command records when a lab changed.

Progress is a deterministic fold of command records, so a changed lab can be re-applied to what
learners already did: the engine's grade_records replays each learner's stored records (output as
stored, i.e. the capped excerpt) and its verdicts are written like live ones — new verdicts become
events and upgrade progress. Lowering a stored state is a different act (a learner loses a tick
they saw) and happens only with allow_downgrade; each lowering is audited.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.labs.model import Lab
from grader.store.store import Store


@dataclass(frozen=True)
class RegradeResult:
    learner: str
    records: int
    new_events: int


def regrade(
    store: Store, lab: Lab, learners: list[str] | None = None, *, allow_downgrade: bool = False
) -> list[RegradeResult]:
    from grader.matching.engine import grade_records  # the engine pulls in the matcher stack

    results = []
    for learner in learners if learners is not None else store.learners():
        records = store.command_records(learner)
        grader = grade_records(lab, records, learner)
        verdicts = list(grader.verdicts().values())
        events = store.apply_regrade(learner, lab.id, verdicts, allow_downgrade=allow_downgrade)
        results.append(RegradeResult(learner, len(records), len(events)))
    return results
