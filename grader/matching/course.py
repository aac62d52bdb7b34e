"""A learner's course: the labs grader.yaml gives them, in its order, and the one they are on.

Pure like the engine: `feed_course(graders, event)` routes one capture event to the learner's
engines (one `LabGrader` per lab, in course order) and returns the verdicts it changed. The rules
(docs/matching.md "A learner in a course"):

- The lab the learner is on (`current_lab`) is the one they last chose with `lab start <lab>` (or
  `lab switch <lab>`: the node's `lab` command, whose command line is captured and read here
  like `lab answer`), while it is unfinished; else the first unfinished lab in course order;
  else the last one chosen, or the last lab.
- A command is graded on that lab. It counts for another of the learner's labs only where it
  verifies a step there outright: no attempt is recorded away from the current lab.
- A command that fits another of the learner's labs (it would verify one of its steps, verified
  before or not) records no attempt on the current lab either: it was typed for that lab.
- A bare `lab answer N` names the current lab's step; `lab answer LAB:N` names LAB's, and a
  step id only one lab has names that lab's (LabGrader._answer_here).

The choice lives on the chosen lab's engine (`LabGrader.chosen`, a counter saved in its
snapshot), so a restarted daemon knows it without re-reading the session that made it. The
choice is not attested: it steers only which lab the learner's own attempts are recorded on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from grader.capture import CommandEnded, CommandRecord, Event
from grader.labs import Lab
from grader.matching.engine import LabGrader
from grader.matching.shellenv import ShellEnv, analyse_line
from grader.verdict import State, StepVerdict

#: The `lab` subcommands that choose the lab a learner is on (grader/node/files/lab).
START_WORDS = ("start", "switch")


def finished(grader: LabGrader) -> bool:
    """Every step of the lab verified."""
    return all(v.state is State.VERIFIED for v in grader.verdicts().values())


def current_lab(graders: Sequence[LabGrader]) -> LabGrader | None:
    """The lab the learner is on (module docstring); None when they take none."""
    by_id = {g.lab.id: g for g in graders}
    lab_id = current_of(
        list(by_id),
        {g.lab.id: g.chosen for g in graders},
        {g.lab.id: finished(g) for g in graders},
    )
    return by_id.get(lab_id) if lab_id is not None else None


def current_of(
    lab_ids: Sequence[str], chosen: Mapping[str, int], done: Mapping[str, bool]
) -> str | None:
    """The rule itself, over plain data: `lab_ids` in course order, when each was chosen (0:
    never) and whether it is finished. The daemon's progress writer applies it to stored
    snapshots and step states when it has not seen the learner's engines yet."""
    if not lab_ids:
        return None
    last = max(lab_ids, key=lambda i: chosen.get(i, 0))
    if chosen.get(last, 0) and not done.get(last, False):
        return last
    for lab_id in lab_ids:
        if not done.get(lab_id, False):
            return lab_id
    return last if chosen.get(last, 0) else lab_ids[-1]


def started_lab(event: Event) -> str | None:
    """The lab id of a command that is `lab start <lab>` (or `lab switch`) alone and succeeded
    (exit 0: the node's `lab` knew the lab), else None."""
    if not isinstance(event, CommandEnded):
        return None
    rec = event.record
    if rec.exit != 0 or not rec.line_reliable or "lab" not in rec.line:
        return None
    view = analyse_line(rec.line, ShellEnv())
    if len(view.commands) != 1:
        return None
    cmd = view.commands[0].cmd
    args = cmd.args
    if cmd.program == "lab" and len(args) == 2 and args[0] in START_WORDS:
        return args[1]
    return None


def feed_course(graders: Sequence[LabGrader], event: Event) -> list[StepVerdict]:
    """One event through the learner's labs (in course order): the verdicts it changed."""
    if len(graders) == 1:  # one lab: the course changes nothing
        return graders[0].feed(event)
    here = current_lab(graders)
    assert here is not None
    away = frozenset(s.id for s in here.lab.steps)
    others = [g for g in graders if g is not here]
    elsewhere: list[StepVerdict] = []
    for g in others:
        g.elsewhere, g.quiet = away, False
        elsewhere.extend(g.feed(event))
    here.elsewhere = None
    # a finished command that would verify a step of another lab was typed for that lab
    here.quiet = isinstance(event, CommandEnded) and any(g.fit for g in others)
    out = here.feed(event) + elsewhere  # the lab the learner is on first
    here.quiet = False
    lab_id = started_lab(event)
    if lab_id is not None:
        for g in graders:
            if g.lab.id == lab_id:
                g.chosen = 1 + max(x.chosen for x in graders)
    return out


def grade_course(
    labs: Sequence[Lab],
    records: Iterable[CommandRecord],
    learner: str = "",
    enforce_attestation: bool = False,
) -> list[LabGrader]:
    """`grade_records` for a learner's whole course (labs in grader.yaml's order): stored
    records replayed through `feed_course`, so a regrade keeps the course's rules (no attempt
    away from the lab the learner was on, `lab start` choices included)."""
    graders = [LabGrader(lab, learner, enforce_attestation) for lab in labs]
    for rec in records:
        feed_course(graders, CommandEnded(rec))
    return graders
