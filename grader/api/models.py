"""The API's JSON shapes as pydantic models: what /openapi.json tells a client to expect.

Every /api route answers one of these (or CSV), and every error is `Problem` or, for a request
that does not validate, `InvalidRequest`. The routes build their answers through these models
(`model_dump(mode="json")`), so the published schema and the bytes sent cannot drift apart;
tests/api/test_openapi.py validates real answers against /openapi.json with jsonschema.

Times: every time is an ISO-8601 UTC string on the grader's clock (`Time`), written by `iso`.
A time read on the node (a command's start and end) keeps a `node_` prefix: it is evidence of
what the node said, not when the grader recorded anything.

Stored values are rendered whatever they are (docs/api.md "Times, numbers and text"): the
conversions below are total and pure, so no stored row can make a route fail. A time outside
what ISO-8601's four-digit years can write is clamped to TIME_EARLIEST or TIME_LATEST; one that
is no number (NaN) is null, or TIME_EARLIEST where the field is always a time (`iso_time`); a
measure that is not finite is null (`finite`); an integer past the signed 64-bit range (what
the database's columns hold, and what a JSON reader keeps exactly enough to compare) is clamped
to its nearest end (`clamp_int`). Text needs no conversion here: the JSON writers
(grader/api/jsonout.py) send it as stored, JSON-escaped, lone surrogates as U+FFFD.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from grader.store import ANNOUNCEMENT_TTL_MAX_S

Time = Annotated[
    str,
    Field(
        description="ISO-8601 UTC time, microseconds, `Z` suffix",
        examples=["2026-12-02T08:15:00.123456Z"],
        json_schema_extra={"format": "date-time"},
    ),
]

StepType = Literal["command", "question"]
StepState = Literal["pending", "attempted", "verified"]
"""grader.verdict.State's values: what a step's progress can be."""
EventState = Literal["attempted", "verified", "downgraded", "reset"]
"""A verdict from a shell (attempted, verified), or the store's EVENT_DOWNGRADED and EVENT_RESET.
Closed sets, so the document lists them as enums and a generated client gets a closed type."""

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
"""A free text that must say something: surrounding white space is dropped, empty is 422."""


TIME_EARLIEST = "0001-01-01T00:00:00.000000Z"
"""A stored time before year 1 (or -inf) is shown as this: datetime's and ISO-8601's first."""

TIME_LATEST = "9999-12-31T23:59:59.999999Z"
"""A stored time after year 9999 (or +inf) is shown as this: datetime's and ISO-8601's last."""

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1
"""The range integers are shown in: the database's BIGINT, which every stored count and id fits."""


def iso(epoch: object) -> str | None:
    """Epoch seconds as the API writes every time: "2026-12-02T08:15:00.123456Z". Total: None
    (and NaN, and anything that is not a number) is None; a number past datetime's range
    (years 1 to 9999, infinities too) is clamped to TIME_EARLIEST or TIME_LATEST."""
    if isinstance(epoch, bool) or not isinstance(epoch, int | float):
        return None
    if isinstance(epoch, float) and math.isnan(epoch):
        return None
    try:
        moment = datetime.fromtimestamp(epoch, UTC)
    except (OverflowError, ValueError, OSError):  # past year 9999 or before year 1
        return TIME_LATEST if epoch > 0 else TIME_EARLIEST
    # isoformat, not strftime: strftime writes year 1 as "1", not "0001"
    return moment.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def iso_time(epoch: object) -> str:
    """`iso` for a field that is always a time (an event's `at`, a node's `updated`): a stored
    value that is no time at all (NaN) is shown as TIME_EARLIEST."""
    return iso(epoch) or TIME_EARLIEST


def finite(value: object) -> float | None:
    """A stored measure (a node's lag) as JSON can carry it: NaN and infinities are None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer past any double
        return None
    return number if math.isfinite(number) else None


def clamp_int(value: int) -> int:
    """A stored integer within INT_MIN..INT_MAX (a larger one is shown at the nearest end)."""
    return min(max(value, INT_MIN), INT_MAX)


class Health(BaseModel):
    ok: bool
    error: str | None = Field(default=None, description="the driver error's type when not ok")


class Problem(BaseModel):
    """An error (400, 401, 403, 404, 429): `detail` says what went wrong in a sentence."""

    detail: str = Field(examples=["no learner 'carol'"])


class FieldProblem(BaseModel):
    """One thing wrong with a request: where (`loc`, e.g. ["query", "learnr"]) and why."""

    model_config = ConfigDict(extra="allow")

    loc: list[str | int]
    msg: str
    type: str = Field(examples=["extra_forbidden", "string_too_short"])


class InvalidRequest(BaseModel):
    """422: the request did not validate (an unknown query parameter, an empty reason, ...)."""

    detail: list[FieldProblem]


class StepInfo(BaseModel):
    id: str
    n: int = Field(description="the step's number in the lab, from 1")
    title: str
    type: StepType
    points: int
    attempts: int | None = Field(
        default=None,
        description="a question's answers that count (its `attempts`); null: unlimited, or a "
        "command step",
    )


class LabInfo(BaseModel):
    id: str
    title: str
    description: str
    points: int = Field(description="the lab's total: every step's points")
    steps: list[StepInfo]


class NodeInfo(BaseModel):
    id: str
    host: str
    port: int
    learners: list[str]
    connected: bool
    status: Literal["connected", "degraded", "offline"] = Field(
        description="connected; degraded: connected, but the node's self-check found what "
        "provisioning set up broken (`error` says what and the fix); offline: not connected"
    )
    lag_s: float | None = Field(description="seconds the grader's view of the node trails it")
    error: str | None = Field(
        description="why the node is offline or degraded (`degraded: <what> — run grader "
        "provision`), or its last connection error"
    )
    updated: Time = Field(description="when the grader last updated this status")
    holder: str | None = Field(description="the grader holding the node's lease (None: nobody)")
    held_since: Time | None
    simulated: bool | None = Field(description="the node's nvidia-smi is the GPU simulator")


class LabScore(BaseModel):
    id: str
    score: int = Field(description="points of the verified steps")
    points: int = Field(description="the lab's total")


class LearnerScores(BaseModel):
    learner: str
    labs: list[LabScore]


class CommandShown(BaseModel):
    """What a person reads of the command behind a verdict: the API's `Evidence` and the
    pages' `EvidenceView` both carry these (grader/api/views.py `stored_evidence` fills them)."""

    line: str = Field(description="the command line as typed")
    exit: int | None
    pipestatus: list[int]
    cwd: str | None
    node_t0: Time | None = Field(description="the command's start, on the node's clock")
    node_t1: Time | None = Field(description="the command's end, on the node's clock")
    values: list[str] = Field(description="numbers the step read and the conditions it judged")


class Evidence(CommandShown):
    """The command a verdict was judged on, as the node ran it."""

    model_config = ConfigDict(extra="allow")

    session: str
    aid: int
    n: int
    excerpt: str = Field(description="the output around what was matched (capped)")
    matched: list[str] = Field(description="output lines that satisfied the step")


class ResetEvidence(BaseModel):
    """What a reset event carries instead of a command: who reset, and what was cleared."""

    model_config = ConfigDict(extra="allow")

    actor: str
    cleared: dict[str, str] = Field(description="step id -> the state it had before the reset")
    after_record: int = Field(description="the learner's last command record at the reset")


class DowngradeEvidence(BaseModel):
    """What a downgraded event carries: the step's state before and after the regrade."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    from_: str = Field(alias="from", description="the state before the regrade")
    to: str = Field(description="the state the regrade left")
    reason: str = Field(default="", description="why the regrade judged it lower")


class StepStanding(BaseModel):
    """Where a learner stands on one step: a learner's progress (`StepProgress`) and their
    checklist (`ChecklistStep`) both say it so."""

    id: str
    n: int
    title: str
    state: StepState
    reason: str = Field(description="why the last attempt fell short (empty when verified)")
    at: Time | None = Field(description="when the grader recorded this state (None: pending)")
    node_at: Time | None = Field(description="the end of the command behind it, node's clock")


class StepProgress(StepStanding):
    points: int
    evidence: Evidence | None
    captures: dict[str, str] = Field(description="lab variables this step captured")


class LabProgress(BaseModel):
    id: str
    title: str
    points: int
    score: int
    steps: list[StepProgress]


class LearnerProgress(BaseModel):
    learner: str
    labs: list[LabProgress]


class Event(BaseModel):
    """One verdict event. `seq` orders events globally: poll with ?after=<last seq>."""

    seq: int
    learner: str
    lab: str
    step: str = Field(description="the step's id; `*` for a reset of the whole lab")
    state: EventState = Field(
        description="`downgraded`: a regrade lowered the step; `reset`: an operator started the "
        "learner's lab over"
    )
    reason: str
    at: Time = Field(description="when the grader recorded the event")
    node_at: Time | None = Field(
        description="the end of the command behind it, node's clock (None: a reset or downgrade)"
    )
    evidence: Evidence | ResetEvidence | DowngradeEvidence | None = Field(
        description="the command judged; for a reset, who reset and what was cleared; for a "
        "downgrade, the states before and after"
    )
    points: int = Field(description="what the step is worth (0 for `*` or an unloaded lab)")
    score: int = Field(description="the learner's score in the lab after this event")
    lab_points: int = Field(description="the lab's total, what `score` is out of")


class Announcement(BaseModel):
    seq: int
    at: Time
    author: str
    text: str
    lab: str | None = Field(description="the lab it is for; None: every lab")
    expires_at: Time | None


class AnnouncementRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: Text = Field(max_length=1000)
    lab: str | None = Field(default=None, description="a loaded lab's id; None: every lab")
    ttl_s: int | None = Field(
        default=None,
        ge=1,
        le=ANNOUNCEMENT_TTL_MAX_S,
        description="seconds until it expires (at most 30 days); None: live until withdrawn",
    )


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: Text = Field(max_length=1000, description="why, for the audit log")


# The dashboard's own routes (grader/api/dashboard.py): what its two pages read. An LMS reads
# the routes above, but these are typed the same way, with the same times.

Role = Literal["operator", "ta", "learner"]
"""grader.api.auth.ROLES: what a token may read and change."""


class LabTitle(BaseModel):
    id: str
    title: str


class Whoami(BaseModel):
    """Who a token is: the pages show only the actions its role may take."""

    operator: bool = Field(description="may change things (reset, announce): the operator role")
    role: Role = Field(
        description="operator (reads and changes), ta (reads the class, changes nothing) or "
        "learner (reads itself)"
    )
    learner: str | None = Field(description="the learner a learner token is (None: any other)")
    labs: list[LabTitle] = Field(description="the loaded labs")


class GridCell(BaseModel):
    """A learner's state on one step, as the class grid folds it from verdict events."""

    state: StepState
    at: Time | None = Field(
        description="when the grader recorded this state, on the grader's clock (the verdict's "
        '`at`): what the class view shows and judges "stuck" by'
    )
    node_at: Time | None = Field(
        description="the end of the command behind this state, on the node's clock (the "
        "verdict's `node_at`)"
    )
    reason: str = Field(description="why the last attempt fell short; empty unless attempted")


class GridRow(BaseModel):
    learner: str
    node: str | None = Field(description="the node the learner works on (None: none known)")
    cells: list[GridCell | None] = Field(description="one per step, in lab order; None: pending")


class ClassGridView(BaseModel):
    """Every learner's state per step of one lab, and the nodes they work on."""

    lab: LabInfo
    seq: int = Field(
        description="the last event the grid includes: stream from it and nothing is missed"
    )
    downgrades: int = Field(description="the counter of /api/dashboard/downgrades it reflects")
    now: Time = Field(description="the grader's clock when it answered")
    rows: list[GridRow]
    nodes: list[NodeInfo]


class Downgrades(BaseModel):
    downgrades: int = Field(
        description="moves when a regrade lowered some learner's steps (no event says so)"
    )


class Choice(BaseModel):
    id: str
    text: str


class PracticeText(BaseModel):
    """What a Practice Zone box shows: never the model answer. A key that does not apply is
    left out of the answer (no `output` before the line is right)."""

    model_config = ConfigDict(extra="forbid")  # a key grader.api.practice adds is typed here

    prompt: str = Field(description="the prompt before the box, or a question step's question")
    output: str | None = Field(
        default=None, description="once a line is right: what it prints on the lab's node"
    )
    record: str | None = Field(
        default=None, description="for a question step: the `lab answer` line to type on the node"
    )


class LearnerStep(StepInfo):
    """A step as a learner reads it: its text and choices, never its answer."""

    instructions: str = Field(description="Markdown")
    question: str = Field(description="a question step's question (Markdown); empty otherwise")
    choices: list[Choice]
    practice: PracticeText
    checkable: bool = Field(description="the Practice Zone can check it")


class LearnerLab(BaseModel):
    id: str
    title: str
    description: str
    steps: list[LearnerStep]


class EvidenceView(CommandShown):
    """The evidence fields a page shows (the session keys stay on the grader)."""


class ChecklistStep(StepStanding):
    """One step of a learner's checklist: grader.verdict.step_view's keys, then the page's."""

    attempts: int = Field(description="failed attempts since the lab last started")
    hints_seen: list[str] = Field(description="the hints the learner's `lab hint` runs printed")
    evidence: EvidenceView | None
    excerpt: list[tuple[str, bool]] = Field(
        description="the output excerpt as [text, marked] segments: marked is what matched"
    )


class Checklist(BaseModel):
    learner: str
    lab: str
    title: str
    steps: list[ChecklistStep]


class PracticeAnswer(BaseModel):
    """The Practice Zone's verdict on a line: nothing ran, nothing was recorded."""

    ok: bool
    reason: str = Field(description="why the line is not right yet (empty when ok)")
    practice: PracticeText
    hints: list[str] = Field(description="the step's hints, for a page to reveal one by one")
