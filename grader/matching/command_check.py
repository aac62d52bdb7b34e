"""A step's command expectation, evaluated against one typed line.

Each check returns the sentence a learner needs when it fails ("NCCL_SOCKET_IFNAME was eth1,
expected eth0"), so a partial match is never a silent no. Ordering between commands (`after`,
`immediately`) lives in the engine.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass

from grader.labs import (
    CommandExpect,
    Lab,
    StageExpect,
)
from grader.matching import grep
from grader.matching.cmdline import SimpleCommand, parse_flags
from grader.matching.shellenv import CommandView, LineView
from grader.matching.variables import describe_value, misspelt, substitute, value_matches


@dataclass(slots=True)
class CommandMatch:
    """`relevant`: the main program matched, so the step is what the learner was trying
    (the semantic closeness rule: only then can the step become `attempted`)."""

    relevant: bool
    ok: bool
    reason: str = ""
    problems: int = 0  # how far off a relevant line is: picks the closest step to attempt


def _check_env(
    exp: StageExpect, view: CommandView, variables: Mapping[str, str], lab: Lab | None
) -> list[str]:
    problems: list[str] = []
    for name, vm in exp.env.items():
        value = view.env.get(name)
        if value_matches(vm, value, variables):
            continue
        if vm.kind == "absent":
            problems.append(f"{name} should not be set (it was {value})")
        elif value is None and name in view.unexported:
            problems.append(
                f"{name} was set in the shell but not exported "
                f"(use `export {name}=…` or put it in front of the command)"
            )
        elif value is None:
            typo = misspelt(name, view.env)
            problems.append(
                f"{name} was not set"
                + (f" (`{typo}` was: a typo?)" if typo is not None and typo not in exp.env else "")
            )
        else:
            problems.append(f"{name} was {value}, expected {describe_value(vm, variables, lab)}")
    return problems


def _check_flags(
    exp: StageExpect, cmd: SimpleCommand, variables: Mapping[str, str], lab: Lab | None
) -> list[str]:
    problems: list[str] = []
    if not exp.flags:
        return problems
    found = parse_flags(cmd.args, list(exp.flags))
    for name, vm in exp.flags.items():
        shown = name.split("|")[0]
        values = found[name]
        if vm is not None and vm.kind == "absent":
            if values:
                problems.append(f"`{shown}` should not be given")
            continue
        if not values:
            problems.append(f"`{shown}` was not given")
            continue
        if vm is None:
            continue
        value = values[-1]  # getopt semantics: the last occurrence wins
        if not value_matches(vm, value, variables):
            want = describe_value(vm, variables, lab)
            problems.append(
                f"`{shown}` should be {want}"
                + (f", not {value}" if value is not None else " (no value given)")
            )
    return problems


def _check_args(
    exp: StageExpect, cmd: SimpleCommand, variables: Mapping[str, str], lab: Lab | None
) -> list[str]:
    return [
        f"expected an argument that is {describe_value(vm, variables, lab)}"
        for vm in exp.args
        if not any(value_matches(vm, w, variables) for w in cmd.args)
    ]


def _check_shows(exp: StageExpect, cmd: SimpleCommand) -> list[str]:
    """A grep that must let the step's line through. Its `shows` lines are the author's made-up
    examples, so the reason says why the grep hides such a line and never quotes one."""
    why = grep.hides(cmd.argv, exp.shows) if exp.shows else None
    if why is None:
        return []
    return [f"`{shlex.join(cmd.argv)}` would not show the line this step looks for: {why}"]


def check_stage(
    exp: StageExpect, view: CommandView, variables: Mapping[str, str], lab: Lab | None = None
) -> list[str]:
    """Problems with one stage whose program already matched; empty means it matches. `lab`
    names a variable not captured yet by the step that captures it (`pending_value`)."""
    return (
        _check_env(exp, view, variables, lab)
        + _check_flags(exp, view.cmd, variables, lab)
        + _check_args(exp, view.cmd, variables, lab)
        + _check_shows(exp, view.cmd)
    )


# Redirections that send a stage's standard output away from the terminal (bash(1) REDIRECTION).
_STDOUT_AWAY = frozenset({">", ">>", ">|", "&>", "&>>", ">&"})


# A stage `only` lets through: it copies its input to its output unchanged (and to files).
_PASS_THROUGH = frozenset({"tee"})


def _only_problems(expect: CommandExpect, line: LineView, main: CommandView) -> list[str]:
    """`only`: the line is this one pipeline, the program first and exactly the listed stages
    after it (`tee` may sit between them), every stage's output going down the pipe and the
    last one's to the terminal; anything else on the line could add or hide output."""
    stages = [v for v in line.commands if v.pipeline == main.pipeline]
    others = len(line.commands) - len(stages)
    counted = [v for v in stages if v is main or v.cmd.program not in _PASS_THROUGH]
    nested = any(v.cmd.nested for v in line.commands)
    away = any(r.op in _STDOUT_AWAY and r.fd in (None, 1) for v in stages for r in v.cmd.redirects)
    if (
        len(line.pipelines) == 1
        and not others
        and not nested
        and main.cmd.stage == 0
        and len(counted) == 1 + len(expect.pipe)
        and not away
    ):
        return []
    names = " | ".join([main.cmd.program, *(" or ".join(s.program) for s in expect.pipe)])
    return [f"the line must be `{names}` alone, with nothing else on it"]


def _check_pipe(
    expect: CommandExpect,
    line: LineView,
    main: CommandView,
    variables: Mapping[str, str],
    lab: Lab | None,
) -> list[str]:
    """Expected later stages, in order, after the main stage in the same pipeline."""
    later = [
        v for v in line.commands if v.pipeline == main.pipeline and v.cmd.stage > main.cmd.stage
    ]
    problems: list[str] = []
    pos = 0
    for stage in expect.pipe:
        names = " or ".join(stage.program)
        best: list[str] | None = None
        for i in range(pos, len(later)):
            if later[i].cmd.program not in stage.program:
                continue
            p = check_stage(stage, later[i], variables, lab)
            if not p:
                pos = i + 1
                best = []
                break
            if best is None:
                best = [f"{names}: {x}" for x in p]
        if best is None:
            problems.append(f"the output was not piped into {names}")
            break
        if best:
            problems.extend(best)
            break
    return problems


def check_command(
    expect: CommandExpect, line: LineView, variables: Mapping[str, str], lab: Lab | None = None
) -> CommandMatch:
    """Judge a whole line against a step's command expectation.

    With several candidate commands on the line (`a -g 1; a -g 2`) any full match wins; if none
    matches fully, the closest candidate's problems are reported.
    """
    regex_ok = True
    if expect.regex is not None:
        try:
            regex_ok = (
                re.search(substitute(expect.regex, variables, regex=True), line.line) is not None
            )
        except re.error:
            regex_ok = False
    if expect.main is None:
        if expect.regex is None:
            return CommandMatch(relevant=False, ok=False)
        return CommandMatch(relevant=regex_ok, ok=regex_ok)
    best: tuple[int, list[str]] | None = None
    for view in line.commands:
        if view.cmd.program not in expect.main.program:
            continue
        problems = check_stage(expect.main, view, variables, lab)
        pipe_problems = _check_pipe(expect, line, view, variables, lab) if expect.pipe else []
        if expect.only and not pipe_problems:
            problems += _only_problems(expect, line, view)
        if not regex_ok:
            problems.append("the command line is not in the expected form")
        if not problems and not pipe_problems:
            return CommandMatch(relevant=True, ok=True)
        # a wrong or missing pipeline stage makes it a different kind of command than a wrong
        # value does, so it weighs double when choosing which step the learner was after
        weight = len(problems) + 2 * len(pipe_problems)
        if best is None or weight < best[0]:
            best = (weight, problems + pipe_problems)
    if best is None:
        return CommandMatch(relevant=False, ok=False)
    return CommandMatch(
        relevant=True, ok=False, reason="right program, but " + "; ".join(best[1]), problems=best[0]
    )
