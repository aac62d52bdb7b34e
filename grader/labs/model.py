"""The typed lab model: what a validated lab.yaml becomes.

The loader (grader.labs.loader) validates YAML against lab.schema.json first, then builds these
objects, so code downstream never sees an unchecked shape. Strings in command/output expectations
may hold `${var}` references to variables captured by earlier steps; they are substituted at match
time, not at load time.

YAML shapes (see docs/lab-format.md):
  value matcher: "text" (exact) | {equals|prefix|contains|regex: "..."} | {absent: true}
                 | {selects_interface: "${iface}"} (an NCCL_SOCKET_IFNAME value that picks it)
  pattern:       "text" (substring) | {contains: "..."} | {regex: "..."}
  capture:       "name" (a named regex group, text) | {name, from: {regex|column|footer}, as,
                 pick, unit, label} (a number read from the output)
  comparison:    {left, op, right, times, description} | {left, within, description}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

MatchKind = Literal["equals", "prefix", "contains", "regex", "absent", "selects_interface"]


@dataclass(frozen=True, slots=True)
class ValueMatch:
    """How one value (an env var, a flag's value, a word) must look."""

    kind: MatchKind
    value: str = ""  # unused for "absent"


@dataclass(frozen=True, slots=True)
class Pattern:
    """One output pattern; `regex` may carry named groups that become captures."""

    kind: Literal["contains", "regex"]
    text: str
    ignore_case: bool = False
    # the author's words for it, shown to learners instead of the pattern ("" : the pattern)
    description: str = ""


@dataclass(frozen=True, slots=True)
class NumberCapture:
    """A number the step reads from its command's own output into the lab variable `name`.

    `source`: "regex" (its one group), "column" (an nccl-tests results table's column, by header
    name: `text` is the header, `in_place` picks the in-place block's), "footer" (the value of
    the `# <text> : <value>` footer line). `many`: every value (`as: numbers`, for `within`),
    else the one `pick` chooses. The value is kept as printed (text), so it reads back the same
    from a snapshot or a regrade and `${name}` inserts what the learner saw.
    """

    name: str
    source: Literal["regex", "column", "footer"]
    text: str
    in_place: bool = False
    many: bool = False
    pick: Literal["first", "last", "min", "max"] = "last"
    unit: str = ""  # shown after the value in reasons ("" : the column's own, e.g. GB/s)
    label: str = ""  # how reasons name the value ("your socket run's busbw"; "" : `name`)


@dataclass(frozen=True, slots=True)
class Comparison:
    """A condition over captured numbers that the step's command must leave true.

    op "<", "<=", ">", ">=": left op right × times (right: a variable name or a number);
    op "within": left lies between the least and the greatest of `right`, an `as: numbers`
    capture. `description`: the author's reason when it fails (`${name}` inserts values).
    """

    left: str
    op: Literal["<", "<=", ">", ">=", "within"]
    right: str | float
    times: float = 1.0
    description: str = ""


@dataclass(frozen=True, slots=True)
class StageExpect:
    """A simple command inside the line: a program plus what its words must contain."""

    program: tuple[str, ...]  # basenames, any of
    env: dict[str, ValueMatch] = field(default_factory=dict)
    # flag -> value matcher (None: the flag must be present, value not checked)
    flags: dict[str, ValueMatch | None] = field(default_factory=dict)
    # every matcher must match at least one argument word (flag values included)
    args: tuple[ValueMatch, ...] = ()
    # a grep stage that would print at least one of these lines (grader/matching/grep.py)
    shows: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CommandExpect:
    """What the learner's line must be: a main stage, later pipeline stages, or a regex."""

    main: StageExpect | None = None
    pipe: tuple[StageExpect, ...] = ()  # stages that must appear after main in the same pipeline
    regex: str | None = None  # escape hatch: searched in the raw command line
    only: bool = False  # the line is exactly this pipeline, nothing else


@dataclass(frozen=True, slots=True)
class OutputExpect:
    all: tuple[Pattern, ...] = ()
    any: tuple[Pattern, ...] = ()
    none: tuple[Pattern, ...] = ()


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another outcome of the step's command that proves the step just as well (a node without
    InfiniBand says so in other words than one with it). Its `output` and `exit` replace the
    step's own; a key it leaves out stays the step's."""

    why: str = ""
    command: CommandExpect | None = None  # also required of the line, besides the step's own
    output: OutputExpect | None = None
    exit: ExitExpect | None = None


@dataclass(frozen=True, slots=True)
class Duration:
    """How long a command may plausibly take, in seconds (None: no bound on that side)."""

    min_s: float | None = None
    max_s: float | None = None


@dataclass(frozen=True, slots=True)
class ExitExpect:
    """kind "code": exactly `code`; "nonzero"/"zero"; `stage` picks a PIPESTATUS entry
    (0-based, -1 = last; None = the line's $?)."""

    kind: Literal["code", "zero", "nonzero"]
    code: int = 0
    stage: int | None = None


@dataclass(frozen=True, slots=True)
class After:
    step: str
    immediately: bool = False  # the very next command in the same shell


@dataclass(frozen=True, slots=True)
class Probe:
    """A read-only state check the daemon runs on the node as the grader account."""

    command: tuple[str, ...]  # argv, never a shell string
    timeout_s: float = 10.0
    output: OutputExpect = field(default_factory=OutputExpect)
    exit: ExitExpect | None = None
    when: Literal["after_command", "on_demand"] = "after_command"


@dataclass(frozen=True, slots=True)
class Practice:
    """The Practice Zone box: the prompt shown, the model answer and the output it prints."""

    prompt: str
    answer: str
    output: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    title: str
    type: Literal["command", "question"] = "command"
    instructions: str = ""  # Markdown
    hints: tuple[str, ...] = ()
    points: int = 1
    practice: Practice | None = None
    command: CommandExpect | None = None
    output: OutputExpect | None = None
    exit: ExitExpect | None = None
    duration: Duration | None = None
    after: After | None = None
    captures: tuple[str, ...] = ()  # every name the step captures (groups and numbers)
    # the `captures` items that read a number (their names are in `captures` too)
    number_captures: tuple[NumberCapture, ...] = ()
    compare: tuple[Comparison, ...] = ()  # conditions over captured numbers
    alternatives: tuple[Alternative, ...] = ()  # other outputs/exits that verify the step
    probe: Probe | None = None
    # the NCCL transport the step measures (grader.matching.road): its run must prove it took it
    road: str | None = None
    # question steps
    question: str = ""
    choices: tuple[Choice, ...] = ()
    answer: str = ""
    explanation: str = ""
    # answers that count (None: unlimited; the loader's default for a question is 1); all are
    # recorded
    attempts: int | None = None


@dataclass(frozen=True, slots=True)
class Lab:
    id: str
    title: str
    description: str
    steps: tuple[Step, ...]
    # what learners' shells on the node get (e.g. NCCL_DEBUG=WARN); provisioning applies it
    environment: dict[str, str] = field(default_factory=dict)
    requires_gpus: int = 0
    source: str = ""  # path of the lab.yaml it came from
    # `attest.programs`: basenames the node runs through its signing helper (attest_run.py); a
    # step whose program is one of them needs an attested run when the daemon enforces it
    attest_programs: frozenset[str] = frozenset()

    def attested(self, step: Step) -> frozenset[str]:
        """The step's main programs that are attested: non-empty means the step needs a run."""
        main = step.command.main if step.command is not None else None
        if main is None or not self.attest_programs:
            return frozenset()
        return self.attest_programs.intersection(main.program)

    def capturing_step(self, name: str) -> Step | None:
        """The first step that captures the variable `name` (None: no step does)."""
        return next((s for s in self.steps if name in s.captures), None)

    def number_capture(self, name: str) -> NumberCapture | None:
        """How the variable `name` is read, when a step reads it as a number."""
        for s in self.steps:
            for c in s.number_captures:
                if c.name == name:
                    return c
        return None

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)
