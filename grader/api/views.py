"""Store records as the API's models (grader/api/models.py): times made ISO, scores folded.

Times: `at` is when the grader recorded a verdict (the `recorded` column, the grader's clock);
the node's own time stays as `node_at` (and `node_t0`/`node_t1` in evidence). A row written
before migration 0005 has no `recorded`: its `at` falls back to the node's time.

Scores: an event says the learner's score in its lab after it. `ScoreFold` keeps each
(learner, lab)'s verified steps, read once from the store up to just before the first event it
sees for them (`Store.score_changes`: only the events that move a score), then folds each
event in seq order: verified adds its step, downgraded removes it, reset (step "*") clears all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, cast, overload

from grader.api import models as m
from grader.labs import Lab
from grader.node import DEGRADED_PREFIX
from grader.store import (
    EVENT_DOWNGRADED,
    EVENT_RESET,
    NodeStatus,
    StepProgress,
    Store,
    VerdictEvent,
)
from grader.verdict import State

ALL_STEPS = "*"
"""The step a reset event names: the whole lab."""


def evidence(
    state: str, data: Mapping[str, Any] | None
) -> m.Evidence | m.ResetEvidence | m.DowngradeEvidence | None:
    """An event's stored evidence: a command's, a reset's (who, what was cleared) or a
    downgrade's (the states before and after)."""
    if data is not None and state == EVENT_RESET:
        return m.ResetEvidence.model_validate(
            {k: _shown_int(v) if k in _INT_KEYS else v for k, v in data.items()}
        )
    if data is not None and state == EVENT_DOWNGRADED and "session" not in data:
        return m.DowngradeEvidence.model_validate(dict(data))
    return command_evidence(data)


def stored_evidence(data: Mapping[str, Any]) -> dict[str, Any]:
    """Stored evidence under the API's names: the node's `t0`/`t1` (epoch seconds) become
    `node_t0`/`node_t1` ISO strings, and a key an older record lacks gets its empty value.
    `m.Evidence` and the pages' `m.EvidenceView` are both validated from it."""
    rest = {k: _shown_int(v) if k in _INT_KEYS else v for k, v in data.items()}
    for key in ("t0", "t1"):
        rest.pop(key, None)
    pipestatus = data.get("pipestatus")
    if isinstance(pipestatus, list):
        rest["pipestatus"] = [_shown_int(v) for v in pipestatus]
    return {
        "exit": None,
        "pipestatus": [],
        "cwd": None,
        "excerpt": "",
        "matched": [],
        "values": [],
        **rest,
        "node_t0": m.iso(data.get("t0")),
        "node_t1": m.iso(data.get("t1")),
    }


_INT_KEYS = frozenset({"aid", "n", "exit", "after_record"})
"""Stored evidence's integers (a command's and a reset's), shown within m.clamp_int's range."""


def _shown_int(value: Any) -> Any:
    """An integer of stored evidence as the API shows it (m.clamp_int); any other value as is."""
    return m.clamp_int(value) if isinstance(value, int) and not isinstance(value, bool) else value


def command_evidence(data: Mapping[str, Any] | None) -> m.Evidence | None:
    """Stored evidence as the API shows it (`stored_evidence`)."""
    if data is None:
        return None
    return m.Evidence.model_validate(stored_evidence(data))


def lab_info(lab: Lab) -> m.LabInfo:
    return m.LabInfo(
        id=lab.id,
        title=lab.title,
        description=lab.description,
        points=sum(s.points for s in lab.steps),
        steps=[
            m.StepInfo(
                id=s.id, n=i, title=s.title, type=s.type, points=s.points, attempts=s.attempts
            )
            for i, s in enumerate(lab.steps, start=1)
        ],
    )


def node_status(node: NodeStatus) -> Literal["connected", "degraded", "offline"]:
    if not node.connected:
        return "offline"
    return "degraded" if (node.error or "").startswith(DEGRADED_PREFIX) else "connected"


def node_info(node: NodeStatus) -> m.NodeInfo:
    return m.NodeInfo(
        id=node.id,
        host=node.host,
        port=m.clamp_int(node.port),
        learners=list(node.learners),
        connected=node.connected,
        status=node_status(node),
        lag_s=m.finite(node.lag_s),
        error=node.error,
        updated=m.iso_time(node.updated),
        holder=node.holder,
        held_since=m.iso(node.held_since),
        simulated=node.simulated,
    )


@overload
def grader_time(recorded: float | None, node_at: float) -> float: ...
@overload
def grader_time(recorded: float | None, node_at: float | None) -> float | None: ...
def grader_time(recorded: float | None, node_at: float | None) -> float | None:
    """When the grader recorded a verdict or a step's state (`recorded`, the grader's clock);
    a row from before migration 0005 has only the node's time, which stands in for it (module
    doc)."""
    return recorded if recorded is not None else node_at


def recorded_at(row: StepProgress | None) -> str | None:
    """When the grader recorded a step's state (`grader_time`). None: no row, the step is
    pending."""
    if row is None:
        return None
    return m.iso(grader_time(row.recorded, row.at))


def lab_progress(lab: Lab, rows: Iterable[StepProgress]) -> m.LabProgress:
    by_step = {r.step: r for r in rows}
    steps = []
    for i, s in enumerate(lab.steps, start=1):
        r = by_step.get(s.id)
        steps.append(
            m.StepProgress(
                id=s.id,
                n=i,
                title=s.title,
                points=s.points,
                # the store's str; pydantic checks it against the Literal as it builds the model
                state=cast(m.StepState, r.state) if r else "pending",
                reason=r.reason if r else "",
                at=recorded_at(r),
                node_at=m.iso(r.at) if r else None,
                evidence=command_evidence(r.evidence) if r else None,
                captures=dict(r.captures) if r else {},
            )
        )
    return m.LabProgress(
        id=lab.id,
        title=lab.title,
        points=sum(s.points for s in lab.steps),
        score=sum(st.points for st in steps if st.state == "verified"),
        steps=steps,
    )


class ScoreFold:
    """Each event's "score after it", for events handed over in seq order (see the module)."""

    def __init__(self, store: Store, labs: Mapping[str, Lab]) -> None:
        self._store = store
        self._points = {lab.id: {s.id: s.points for s in lab.steps} for lab in labs.values()}
        self._verified: dict[tuple[str, str], set[str]] = {}

    def events(self, batch: list[VerdictEvent]) -> list[m.Event]:
        """`batch` (seq order, no gap within any learner it names) as API events."""
        self.read_before(batch)
        return [self._event(e) for e in batch]

    def unread(self, batch: list[VerdictEvent]) -> bool:
        """Whether `batch` names a learner and lab whose score is still to be read (a query)."""
        return any((e.learner, e.lab) not in self._verified for e in batch)

    def read_before(self, batch: list[VerdictEvent]) -> None:
        """Read the score, before `batch`, of each learner and lab it names for the first time."""
        new = {(e.learner, e.lab) for e in batch} - set(self._verified)
        if not new:
            return
        for pair in new:
            self._verified[pair] = set()
        first = min(e.seq for e in batch)
        for learner, lab, step, state in self._store.score_changes(
            {learner for learner, _ in new}, first - 1
        ):
            if (learner, lab) in new:
                self._fold(learner, lab, step, state)

    def _fold(self, learner: str, lab: str, step: str, state: str) -> None:
        done = self._verified.setdefault((learner, lab), set())
        if state == State.VERIFIED:
            done.add(step)
        elif state == EVENT_RESET and step == ALL_STEPS:
            done.clear()
        elif state in {EVENT_DOWNGRADED, EVENT_RESET}:
            done.discard(step)

    def _event(self, e: VerdictEvent) -> m.Event:
        self._fold(e.learner, e.lab, e.step, e.state)
        points = self._points.get(e.lab, {})
        done = self._verified[(e.learner, e.lab)]
        return m.Event(
            seq=e.seq,
            learner=e.learner,
            lab=e.lab,
            step=e.step,
            state=cast(m.EventState, e.state),  # checked by pydantic, as above
            reason=e.reason,
            at=m.iso_time(grader_time(e.recorded, e.at)),
            # a reset or a downgrade is the grader's act: no node time behind it
            node_at=None if e.state in {EVENT_RESET, EVENT_DOWNGRADED} else m.iso(e.at),
            evidence=evidence(e.state, e.evidence),
            points=points.get(e.step, 0),
            score=sum(points.get(step, 0) for step in done),
            lab_points=sum(points.values()),
        )
