"""A session's trace: every command, in order, with what it did to each step it touched.

`grader replay` and `test-lab` show where each step ended; the trace shows how it got there:
which command a near miss was attributed to, which later command verified the step, which
commands touched no step at all. It is what `LabGrader.feed` reports for each command record
(the verdicts that command changed: an attempt with its reason, or the verification), nothing
more: a step a command does not appear under was not touched by it (not relevant, already
verified, or not where the learner was: docs/matching.md "Attribution").

Commands are numbered 1, 2, … in the order the grader saw them end (several session files
merged in time order, grader/authoring/session_files.py); an expectation's `attempts:` pins
(grader/authoring/attempt_pins.py) name a command by that number or by its line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grader.capture import CommandEnded, Event
from grader.matching import LabGrader
from grader.printable import printable


@dataclass(frozen=True, slots=True)
class StepTouch:
    """One step's verdict as one command left it."""

    step: str
    state: str  # "attempted" or "verified"
    reason: str  # empty when verified


@dataclass(frozen=True, slots=True)
class TracedCommand:
    number: int  # 1-based, in the order the grader saw commands end
    session: str
    aid: int
    n: int  # the shell's own command number
    line: str  # as typed, unescaped: print it with printable()
    exit: int | None
    steps: tuple[StepTouch, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.number,
            "session": self.session,
            "aid": self.aid,
            "n": self.n,
            "line": self.line,
            "exit": self.exit,
            "steps": [{"step": t.step, "state": t.state, "reason": t.reason} for t in self.steps],
        }


def trace(grader: LabGrader, events: Iterable[Event]) -> list[TracedCommand]:
    """Feed `events` to `grader` (as `feed_all` does) and keep each command's verdicts."""
    out: list[TracedCommand] = []
    for ev in events:
        changed = grader.feed(ev)
        if not isinstance(ev, CommandEnded):
            continue  # only a command's end changes verdicts (LabGrader.feed)
        rec = ev.record
        touches = tuple(StepTouch(v.step, v.state.value, v.reason) for v in changed)
        out.append(
            TracedCommand(len(out) + 1, rec.session, rec.aid, rec.n, rec.line, rec.exit, touches)
        )
    return out


def render(commands: Sequence[TracedCommand]) -> str:
    """The trace for a terminal: one line per command, one indented line per step it touched.

    Everything from the node (lines, reasons) goes through printable(): one command stays one
    line and an escape sequence in a typed line is shown, never obeyed. The shell is named only
    when the trace spans several (a login shell and its tmux panes)."""
    shells = {(c.session, c.aid) for c in commands}
    width = len(str(len(commands)))
    step_width = max((len(t.step) for c in commands for t in c.steps), default=0)
    lines: list[str] = []
    for c in commands:
        where = f"  [{printable(c.session)} shell {c.aid}]" if len(shells) > 1 else ""
        status = "no exit status" if c.exit is None else f"exit {c.exit}"
        lines.append(f"#{c.number:<{width}}  $ {printable(c.line)}  ({status}){where}")
        pad = " " * (width + 3)
        if not c.steps:
            lines.append(f"{pad}  (no step)")
        for t in c.steps:
            reason = f"  {printable(t.reason)}" if t.reason else ""
            lines.append(f"{pad}  {t.step:<{step_width}}  {t.state:<9}{reason}".rstrip())
    return "\n".join(lines)
