"""What crosses the store's boundary: one ingest batch in, verdict events and progress out.

Contract shared with the daemon (see the daemon contract in the store's docstring): a batch holds
everything one read of a node's spool produced, and the store writes all of it in one
transaction, so offsets, records, progress and events can never disagree after a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from grader.capture import Anomaly, CommandRecord
from grader.verdict import StepVerdict


@dataclass
class IngestBatch:
    """Everything one pass over a node's spool produced, written atomically by Store.ingest.

    `owner` (optional) fences the write: when set, ingest raises LeaseLost unless that owner still
    holds an unexpired lease on the node, so a grader that stalled past its lease cannot overwrite
    the offsets of the grader that took the node over.
    """

    node_id: str
    offsets: dict[str, int] = field(default_factory=dict)  # spool-relative path -> resume offset
    records: list[tuple[str, CommandRecord]] = field(default_factory=list)  # (learner, record)
    verdicts: list[tuple[str, StepVerdict]] = field(default_factory=list)  # (learner, verdict)
    anomalies: list[tuple[str, Anomaly]] = field(default_factory=list)  # (learner, anomaly)
    snapshots: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    owner: str | None = None


@dataclass(frozen=True)
class VerdictEvent:
    """One newly recorded verdict; `seq` orders events globally and is the SSE event id."""

    seq: int
    learner: str
    lab: str
    step: str
    state: str
    reason: str
    at: float
    evidence: dict[str, Any] | None
    # when the grader recorded it, on the grader's clock (`at` is the node's command end time);
    # None for events recorded before migration 0005
    recorded: float | None = None


EVENT_RESET = "reset"
"""A verdict event's state when an operator reset the learner's lab (step "*": every step)."""

EVENT_DOWNGRADED = "downgraded"
"""A verdict event's state when a regrade lowered a step (evidence: "from" and "to")."""

EVENT_KINDS = (EVENT_RESET, EVENT_DOWNGRADED)
"""Event states that are not progress states (grader.verdict.State): each says progress went
down; a reader folding events re-reads the learner's progress for the lab on either."""


@dataclass(frozen=True)
class StepProgress:
    """The best state a learner reached on one step, with the evidence that got it there."""

    step: str
    state: str
    reason: str
    at: float | None
    evidence: dict[str, Any] | None
    captures: dict[str, str]
    # when the grader recorded this state, on the grader's clock (`at` is the node's); None for
    # rows last written before migration 0005
    recorded: float | None = None


@dataclass(frozen=True)
class StepState:
    """A step's state without its evidence: what a learner's progress file shows.

    Why apart from StepProgress: the daemon rewrites the progress file after every verdict, and
    reading each step's evidence (its JSON output excerpt) for that measured as the largest item
    of the grader's CPU at 1,000 nodes (BENCHMARKS.md).
    """

    step: str
    state: str
    reason: str
    at: float | None


@dataclass(frozen=True)
class NodeStatus:
    id: str
    host: str
    port: int
    learners: list[str]
    connected: bool
    lag_s: float | None
    error: str | None
    updated: float
    holder: str | None = None  # the grader holding its lease now (None: nobody)
    held_since: float | None = None  # since when that grader holds it
    simulated: bool | None = None  # its nvidia-smi is the GPU simulator (None: not read yet)


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    at: float
    kind: str
    learner: str | None
    node: str | None
    suspicious: bool
    detail: dict[str, Any]


TOKEN_ROLES = ("operator", "ta", "learner")
"""What an issued token may do: operator (everything), ta (read the class, change nothing),
learner (that learner's own progress)."""


@dataclass(frozen=True)
class IssuedToken:
    """A token issued with `grader tokens create`: everything but its secret (never stored)."""

    id: str
    role: str
    learner: str | None
    label: str
    created_at: float
    revoked_at: float | None


@dataclass(frozen=True)
class Announcement:
    """An instructor's message to the class (lab None: every lab); expires_at None: no expiry."""

    seq: int
    at: float
    author: str
    text: str
    lab: str | None
    expires_at: float | None


class LeaseLost(RuntimeError):
    """The batch's owner no longer holds the node's lease; nothing was written."""
