"""The Practice Zone: a learner types a step's command in the browser; the real matcher judges it.

Only the command line is judged (grader.matching.command_check, the code the daemon grades with):
there is no node here, so there is no output, exit status or `after` order to check. That is the
point of practice: learn the shape of the command before typing it where it counts. When the line
is right the lab's `practice.output` is shown, what the command prints on the lab's node.

Nothing is recorded: progress only comes from the learner's real shell on the node (or from
`lab answer` there for question steps), so a page that checks lines cannot be used to skip work.

Pure: a Lab, a Step and a line in, a PracticeResult out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from grader.labs import Lab, Step
from grader.matching import ShellEnv, analyse_line, check_command, simple_commands

PRACTICE_LINE_MAX_CHARS = 4096
"""Longest line the Practice Zone judges. Every step of a lab fits in one terminal line; a longer
paste is an accident, and the matcher's parser is recursive (see cmdline.MAX_BASHLEX_CHARS)."""


@dataclass(frozen=True)
class PracticeResult:
    ok: bool
    reason: str
    # what the page shows beside the verdict: prompt, and (once right) output or explanation
    practice: dict[str, str] = field(default_factory=dict)
    hints: tuple[str, ...] = ()


def practice_text(step: Step) -> dict[str, str]:
    """What the box shows before anything is typed (never the model answer)."""
    if step.type == "question":
        return {"prompt": step.question}
    prompt = step.practice.prompt if step.practice else "$"
    return {"prompt": prompt}


def check_command_line(
    lab: Lab, step: Step, line: str, variables: Mapping[str, str] | None = None
) -> PracticeResult:
    """Judge `line` against a command step's `command` expectation.

    `variables` are the lab variables the learner captured so far (`${iface}` in the last seed
    step); without them such a step says what is still missing, exactly as on the node.
    """
    variables = dict(variables or {})
    shown = practice_text(step)
    if step.command is None:
        return PracticeResult(
            False,
            "this step is judged from what the command prints on the node, so the Practice "
            "Zone cannot check it; try it in your terminal",
            shown,
            step.hints,
        )
    line = line.strip()
    if not line:
        return PracticeResult(False, "type a command first", shown, step.hints)
    if len(line) > PRACTICE_LINE_MAX_CHARS:
        return PracticeResult(
            False, f"that line is longer than {PRACTICE_LINE_MAX_CHARS} characters", shown
        )
    # a fresh login shell on the node exports the lab's environment (NCCL_DEBUG=WARN)
    view = analyse_line(line, ShellEnv(exported=dict(lab.environment)))
    match = check_command(step.command, view, variables, lab)
    if match.ok:
        out = dict(shown)
        if step.practice is not None:
            out["output"] = step.practice.output
        return PracticeResult(True, "", out, ())
    if match.relevant:
        reason = match.reason or "the command line is not in the expected form"
    else:
        wanted = step.command.main.program if step.command.main else ()
        typed = [c.program for c in simple_commands(line) if c.program]
        reason = "this step runs " + " or ".join(f"`{p}`" for p in wanted) if wanted else ""
        reason = (reason + (f", not `{typed[0]}`" if typed else "")) or (
            "the command line is not in the expected form"
        )
    return PracticeResult(False, reason[0].upper() + reason[1:], shown, step.hints)


def check_choice(step: Step, choice: str) -> PracticeResult:
    """A question step's choice in the box: never judged here. The same answer for every choice
    (only the line to type differs), so the box cannot be asked which one is right; the grader
    judges the answer the learner records on the node with `lab answer`."""
    shown = practice_text(step)
    ids = [c.id for c in step.choices]
    # `B` is `b`, as the grader judges a `lab answer` (grader/matching/engine.py `answer`)
    same = [i for i in ids if i.casefold() == choice.strip().casefold()]
    if not same:
        return PracticeResult(False, f"pick one of: {', '.join(ids)}", shown, ())
    out = dict(shown)
    out["record"] = f"lab answer {step.id} {same[0]}"
    return PracticeResult(False, "", out, ())
