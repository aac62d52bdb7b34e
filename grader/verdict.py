"""Verdicts and evidence: what matching decides about a step, and why.

Progress only moves forward: pending -> attempted -> verified. A later failed attempt never
demotes a verified step (the store enforces this too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from grader.labs import Step


class State(StrEnum):
    PENDING = "pending"
    ATTEMPTED = "attempted"
    VERIFIED = "verified"

    @property
    def rank(self) -> int:
        return {"pending": 0, "attempted": 1, "verified": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where the verdict came from: enough to show a human the exact command and output."""

    session: str
    aid: int
    n: int
    line: str
    exit: int | None
    pipestatus: tuple[int, ...] = ()
    cwd: str | None = None
    t0: float | None = None
    t1: float | None = None
    excerpt: str = ""  # capped output excerpt around the matched text
    matched: tuple[str, ...] = ()  # the output lines that satisfied the patterns
    # numbers the step read from the output and the comparisons it judged, one line each
    values: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """dataclasses.asdict's dict, without its recursive deep copy: every field is a scalar or
        a tuple of them, immutable, so the dict may share them. The engine snapshots every step's
        evidence after each command end, and the store keeps each verdict's."""
        return {name: getattr(self, name) for name in _EVIDENCE_FIELDS}


_EVIDENCE_FIELDS = tuple(f.name for f in fields(Evidence))


@dataclass(frozen=True, slots=True)
class StepVerdict:
    lab: str
    step: str
    state: State
    reason: str = ""  # one sentence a learner understands
    captures: dict[str, str] = field(default_factory=dict)
    evidence: Evidence | None = None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["state"] = self.state.value
        return d


class Standing(Protocol):
    """Where a learner stands on one step: the store's StepState or StepProgress."""

    @property
    def state(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def at(self) -> float | None: ...


def step_view(step: Step, n: int, standing: Standing | None) -> dict[str, Any]:
    """Step `n` of its lab as a person reads it beside its state: the part the dashboard's
    checklist and the node's progress file share (each adds its own keys). No standing: the
    step is pending."""
    return {
        "id": step.id,
        "n": n,
        "title": step.title,
        "state": standing.state if standing else State.PENDING.value,
        "reason": standing.reason if standing else "",
        "at": standing.at if standing else None,
    }


def current_step(steps: Sequence[tuple[str, str]]) -> int | None:
    """Where a learner is in one lab: the index of the step to show as "you are here", given
    each step's (type, state) in lab order; None when every step is verified.

    The learner is at the first step not verified, except a *skipped question*: one with no
    answer at all (pending) while a later step has a verdict. Moving on past a question is not
    being stuck on it, and the learner can act on the later steps. When only skipped questions
    are left, the first of them is where the learner is: it is all there is left to do.

    The rule's reference, which its two running twins are held to: common.js `currentStep`
    (both pages: the learner page's "you are here", the class view's position and per-step
    count; in the browser, because the class view follows live events) and the node's `lab`
    (`current_index` in grader/node/files/lab: standard-library Python that cannot import
    this). tests/test_current_step.py holds this and `lab` to its cases, and
    tests/browser/test_current_step_js.py runs common.js on them in Chromium.
    """
    undone = [i for i, (_, state) in enumerate(steps) if state != State.VERIFIED]
    if not undone:
        return None
    touched = [state != State.PENDING for _, state in steps]

    def skipped(i: int) -> bool:
        kind, state = steps[i]
        return kind == "question" and state == State.PENDING and any(touched[i + 1 :])

    return next((i for i in undone if not skipped(i)), undone[0])
