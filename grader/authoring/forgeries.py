"""Forgeries of a lab's honest transcripts: what a learner types to fake a step's output.

A lab's honest transcripts prove that honest work verifies; they say nothing about a learner who
prints the expected text himself. `grader test-lab` therefore types, for each output-checked
step an honest script verified, the same script up to that step's line with the line replaced
by a forgery, one per trick, and fails the lab when a forgery verifies the step
(grader/authoring/profile_matrix.py `forge_lab`). This module is the pure half: an honest
script, the step's verifying command and the output lines that satisfied its patterns in; the
forged scripts out.

Each forgery keeps the honest command on the line (so the step's command matches) but keeps
its output off the terminal, and shows the lines the step looks for from somewhere else:

- `echo after the run`: `CMD > /dev/null 2>&1; echo '<line>'`
- `echo instead of the output`: `CMD > /dev/null 2>&1 && echo '<line>'` (`||` for a run that
  fails, as the honest one did)
- `a file catted in`: the lines written to a file with printf at the start of the session, then
  `CMD > /dev/null 2>&1; cat FILE`
- `the output edited with sed`: `CMD 2>&1 | sed -e '$!d' -e 's/.*/<line>/'` (the run's last
  line rewritten into the expected ones, the rest deleted)
- `a shell function named PROGRAM`: `PROGRAM() { echo '<line>'; return CODE; }` typed just
  before the honest line, so the line runs the function, not the program

Where the honest run failed (`exit: 3`), each line ends with `; (exit 3)`, so that the forgery
is refused for its output, not for its exit status.

A lab whose steps are safe refuses every one: a step on an attested program is judged on the
program's signed output record (docs/attestation.md "What the program wrote"), and `only: true`
refuses a line with anything else on it. Steps whose program is the shell's own `echo` or
`printf` are left out: their output is what the learner typed, so printing it is the step, not a
trick (an `echo $?` step is made safe by `only: true` and `after: {immediately: true}`).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from grader.labs import Lab, Pattern, Step
from grader.verdict import Evidence

ECHO_AFTER = "echo after the run"
ECHO_INSTEAD = "echo instead of the output"
CAT_FILE = "a file catted in"
SED_EDIT = "the output edited with sed"
SHELL_FUNCTION = "a shell function named {program}"
#: The file the `cat` forgery shows, written in the learner's home by the forged script.
FORGED_FILE = "saved-output.txt"
#: Programs whose output is their own arguments: a forgery of their step is the step itself.
SELF_PRINTING = frozenset({"echo", "printf"})
#: bash builtins and keywords a function cannot usefully shadow in a forgery.
_NOT_A_FUNCTION = SELF_PRINTING | {"builtin", "command", "exec", "eval", "time", "type", "lab"}
_FUNCTION_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.+-]*$")
_PLACEHOLDER = re.compile(r"\{\{[A-Za-z_][A-Za-z0-9_]*\}\}")
_DIRECTIVE = re.compile(r"^@(key|type|sleep|env)\s")
_COPY = "@@copy "


@dataclass(frozen=True, slots=True)
class Target:
    """A step an honest script verified, and how: what to forge."""

    step: str
    program: str  # the step's program, as the honest line ran it
    line: str  # the verifying command line, as the shell recorded it
    occurrence: int  # 0 for its first appearance in the session, 1 for the second, ...
    shown: tuple[str, ...]  # the output lines that satisfied the step's patterns
    exit: int | None  # the honest line's exit status


@dataclass(frozen=True, slots=True)
class Forgery:
    step: str
    trick: str
    line: str  # the forged line, as typed (placeholders unresolved)
    script: tuple[str, ...]  # the whole forged script


def forgeable(step: Step) -> bool:
    """A command step whose output is checked, run by a program that is not its own output."""
    main = step.command.main if step.command is not None else None
    checks_output = step.output is not None or bool(step.number_captures)
    return (
        step.type == "command"
        and checks_output
        and main is not None
        and not SELF_PRINTING.intersection(main.program)
    )


def occurrence(commands: Sequence[tuple[str, int, int, str]], evidence: Evidence) -> int | None:
    """How many commands with the evidence's line came before it in its session: `commands` are
    (session, aid, n, line) in the order the session ran them. None: the evidence's command is
    not among them."""
    seen = 0
    for session, aid, n, line in commands:
        if (session, aid, n) == (evidence.session, evidence.aid, evidence.n):
            return seen
        if session == evidence.session and line == evidence.line:
            seen += 1
    return None


def target(step: Step, evidence: Evidence, nth: int) -> Target | None:
    """What to forge of `step`, verified by `evidence` (the `nth` run of its line)."""
    if not forgeable(step) or not evidence.matched or step.command is None:
        return None
    main = step.command.main
    assert main is not None  # forgeable() said so
    words = evidence.line.split()
    program = next((p for p in main.program if p in words), main.program[0])
    return Target(step.id, program, evidence.line, nth, evidence.matched, evidence.exit)


def script_index(script: Sequence[str], line: str, nth: int) -> int | None:
    """The index in `script` of the line typed as `line` the `nth` time (placeholders such as
    `{{iface}}` stand for any text); None when the script has no such line."""
    want = line.strip()
    seen = 0
    for i, raw in enumerate(script):
        if raw.startswith("@"):
            continue
        parts = _PLACEHOLDER.split(raw.strip())
        pattern = ".+?".join(re.escape(p) for p in parts)
        if re.fullmatch(pattern, want):
            if seen == nth:
                return i
            seen += 1
    return None


def forge(script: Sequence[str], t: Target) -> list[Forgery]:
    """One forged script per trick for the step `t`, from the honest `script` that verified it;
    [] when the script has no line for it (typed with `@type`, say)."""
    at = script_index(script, t.line, t.occurrence)
    if at is None:
        return []
    cmd = script[at].strip()
    prefix = list(script[:at])
    start = next((i for i, raw in enumerate(prefix) if not _setup(raw)), len(prefix))
    shown = quoted("\n".join(t.shown))
    hidden = f"{cmd} > /dev/null 2>&1"
    glue = "&&" if t.exit == 0 else "||"
    sed_line = "s/.*/" + "\\n".join(_sed_replacement(s) for s in t.shown) + "/"
    printf = " ".join(quoted(s) for s in t.shown)
    saved = [*prefix[:start], f"printf '%s\\n' {printf} > {FORGED_FILE}", *prefix[start:]]
    # a run that failed honestly fails again at the end of the line, as a step's `exit:` wants
    code = f"; (exit {t.exit})" if t.exit else ""
    out = [
        Forgery(t.step, ECHO_AFTER, f"{hidden}; echo {shown}{code}", ()),
        Forgery(t.step, ECHO_INSTEAD, f"{hidden} {glue} echo {shown}{code}", ()),
        Forgery(t.step, CAT_FILE, f"{hidden}; cat {FORGED_FILE}{code}", ()),
        Forgery(
            t.step, SED_EDIT, f"{cmd} 2>&1 | sed -e '$!d' -e {shlex.quote(sed_line)}{code}", ()
        ),
    ]
    scripts = [prefix, prefix, saved, prefix]
    done = [
        Forgery(f.step, f.trick, f.line, (*before, f.line, "exit"))
        for f, before in zip(out, scripts, strict=True)
    ]
    if _FUNCTION_NAME.match(t.program) and t.program not in _NOT_A_FUNCTION:
        status = t.exit if t.exit is not None else 0
        define = f"{t.program}() {{ echo {shown}; return {status}; }}"
        trick = SHELL_FUNCTION.format(program=t.program)
        done.append(Forgery(t.step, trick, f"{define}; {cmd}", (*prefix, define, cmd, "exit")))
    return done


def _setup(raw: str) -> bool:
    """Lines handled before anything is typed: `@env` and `@@copy`."""
    return raw.startswith(("@env ", _COPY))


def quoted(text: str) -> str:
    """`text` as one bash word that types without a tab or newline (readline would complete a
    tab): single quotes, or `$'...'` with escapes when it holds control characters."""
    if text.isprintable():
        return shlex.quote(text)
    out = []
    for ch in text:
        if ch in "\\'":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif not ch.isprintable():
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "$'" + "".join(out) + "'"


def _sed_replacement(line: str) -> str:
    """`line` as the replacement of GNU sed's `s/.*/.../`: its specials escaped, a tab `\\t`."""
    return re.sub(r"([\\/&])", r"\\\1", line).replace("\t", "\\t")


# ---------------------------------------------------------------- a lab's first transcripts
DISHONEST_EXPECT = """\
description: >-
  Each step's expected output printed with echo after its run, whose own output is thrown
  away. A step judged on the program's signed output (attest.programs) or with `only: true`
  refuses it; a step that verifies here can be faked by any learner.
steps:
{steps}"""


def first_scripts(lab: Lab) -> tuple[str, str, str] | None:
    """An honest script (each command step's practice answer, in order), a dishonest one (the
    same commands with their output hidden and the practice output's line the step looks for
    echoed after) and the dishonest one's expectation (the faked steps `not verified`), for a
    lab drafted from a lesson; None when no step has a practice answer and output to fake."""
    honest: list[str] = []
    dishonest: list[str] = []
    faked: list[str] = []
    for step in lab.steps:
        if step.type != "command" or step.practice is None or not step.practice.answer:
            continue
        answer = step.practice.answer.strip()
        honest.append(answer)
        line = _shown_line(step) if forgeable(step) else None
        if line is not None:
            dishonest.append(f"{answer} > /dev/null 2>&1; echo {quoted(line)}")
            faked.append(step.id)
    if not faked:
        return None
    steps = "".join(f"  {sid}: not verified\n" for sid in faked)
    expect = DISHONEST_EXPECT.format(steps=steps)
    return "\n".join([*honest, "exit"]) + "\n", "\n".join([*dishonest, "exit"]) + "\n", expect


def _shown_line(step: Step) -> str | None:
    """The first line of the step's practice output that one of its output patterns finds."""
    if step.practice is None or step.output is None:
        return None
    patterns = step.output.all + step.output.any
    for line in step.practice.output.splitlines():
        if line.strip() and any(_finds(p, line) for p in patterns):
            return line
    return None


def _finds(p: Pattern, line: str) -> bool:
    if p.kind == "contains":
        return (p.text.lower() in line.lower()) if p.ignore_case else p.text in line
    try:
        return re.search(p.text, line, re.IGNORECASE if p.ignore_case else 0) is not None
    except re.error:
        return False


__all__ = [
    "CAT_FILE",
    "ECHO_AFTER",
    "ECHO_INSTEAD",
    "SED_EDIT",
    "SHELL_FUNCTION",
    "Forgery",
    "Target",
    "first_scripts",
    "forge",
    "forgeable",
    "occurrence",
    "quoted",
    "script_index",
    "target",
]
