"""Regrade: re-judge stored command records when a lab changed.

Progress is a deterministic fold of command records, so a changed lab can be re-applied to what
learners already did: the engine's grade_records replays each learner's stored records (output as
stored, i.e. the capped excerpt) and its verdicts are written like live ones — new verdicts become
events and upgrade progress. Lowering a stored state is a different act (a learner loses a tick
they saw) and happens only with allow_downgrade; each lowering is audited.

Attested runs: by default the engine enforces the lab's `attest.programs` with the signed runs
stored on each record (the daemon verified them with the node's key before storing them), so a
regrade never upgrades a step on a forged block the live grading refused. `attest_key` re-checks
the stored runs with a key first; `enforce_attestation=False` judges command lines alone.
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
    store: Store,
    lab: Lab,
    learners: list[str] | None = None,
    *,
    allow_downgrade: bool = False,
    enforce_attestation: bool = True,
    attest_key: bytes | None = None,
) -> list[RegradeResult]:
    from dataclasses import replace

    from grader.matching.attest import verify_kept  # the engine pulls in the matcher stack
    from grader.matching.engine import grade_records

    results = []
    for learner in learners if learners is not None else store.learners():
        records = store.command_records(learner)
        if attest_key is not None:
            records = [
                replace(r, attestations=verify_kept(attest_key, r.attestations))
                if r.attestations
                else r
                for r in records
            ]
        grader = grade_records(lab, records, learner, enforce_attestation)
        verdicts = list(grader.verdicts().values())
        events = store.apply_regrade(learner, lab.id, verdicts, allow_downgrade=allow_downgrade)
        results.append(RegradeResult(learner, len(records), len(events)))
    return results
