"""Which step a near-miss line was meant for: how much of what sets a step apart it met.

A line that runs a step's program but misses part of its command expectation is a partial
match, and the seed lab has six steps of `all_reduce_perf`: one line is a partial match of most
of them. The engine reports it as an attempt at one step only, the one the learner most
plausibly meant (engine.LabGrader._end), and at none when it meets too little of any.

A step's *parts* are what its command asks to be there: its program, each variable it wants set,
each flag it wants given, each argument, each later pipe stage's argument (or the stage itself).
What it wants absent is no part: any line meets it, so it says nothing about what the learner
meant; nor is a general-purpose program (`echo`, `cat`, ...: `GENERAL_PROGRAMS`), which lines of
every kind run. A part that several steps of the same program share sets none of them apart, so
it weighs 1/(number of those steps); a part of one step alone weighs 1. `closeness` is the
weighed share of the parts the line met, in [0, 1]; a near miss counts in part (the variable set
with another value, set in the shell but not exported, or under a misspelt name).

The arithmetic is exact and in integers on the hot path (every command is weighed against every
step of its program): weights over one denominator per lab, credits in quarters, and one
Fraction made at the end (a Fraction addition costs a gcd).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from grader.labs import CommandExpect, Lab, StageExpect, ValueMatch
from grader.matching import grep
from grader.matching.cmdline import parse_flags
from grader.matching.shellenv import CommandView, LineView
from grader.matching.variables import misspelt, value_matches

#: The closeness below which a partial match is no attempt at all: the line met less than half
#: of what sets the step apart (a plain benchmark run is not an attempt at pinning an interface,
#: `echo busbw=2.28` not one at printing `$?`).
ATTEMPT_CLOSENESS = Fraction(1, 2)

#: Programs that lines of every kind run: running one says nothing about which step was meant.
GENERAL_PROGRAMS = frozenset({"echo", "printf", "cat", "tee", "true", "false", "test", "["})

#: A part's credit, in quarters.
_QUARTERS = 4
_FULL = 4
_HALF = 2
_NEAR = 3  # the right value under a misspelt name, or set but not exported
_FAR = 1  # a wrong value under a misspelt name, or not exported
_NONE = 0


@dataclass(frozen=True, slots=True)
class Part:
    """One thing a step's command asks to be there (hashable, so steps can share one)."""

    kind: str  # "program" | "env" | "flag" | "arg" | "pipe-arg" | "pipe-shows" | "pipe"
    name: str = ""  # the variable or flag
    value: ValueMatch | None = None
    programs: tuple[str, ...] = ()  # a pipe stage's programs
    shows: tuple[str, ...] = ()


def _parts(command: CommandExpect) -> list[Part]:
    main = command.main
    assert main is not None
    parts = [] if set(main.program) & GENERAL_PROGRAMS else [Part("program", programs=main.program)]
    parts += [Part("env", name, vm) for name, vm in main.env.items() if vm.kind != "absent"]
    parts += [
        Part("flag", name, vm)
        for name, vm in main.flags.items()
        if vm is None or vm.kind != "absent"
    ]
    parts += [Part("arg", value=vm) for vm in main.args]
    for stage in command.pipe:
        parts += [Part("pipe-arg", value=vm, programs=stage.program) for vm in stage.args]
        if stage.shows:
            parts.append(Part("pipe-shows", programs=stage.program, shows=stage.shows))
        if not stage.args and not stage.shows:
            parts.append(Part("pipe", programs=stage.program))
    return parts


# weighed_parts by lab, read-only and shared by every engine of the lab (one per learner and
# lab: ~2 KiB each, at 1,000 nodes 2 MB that were all the same). Keyed by identity (a Lab holds
# dicts, so it has no hash); the Lab is kept with its parts, so its id is not reused while
# cached. A reload's new Lab objects push the old out.
_PARTS_KEPT = 32
_parts_by_lab: dict[int, tuple[Lab, dict[str, list[tuple[Part, int]]]]] = {}


def weighed_parts(lab: Lab) -> dict[str, list[tuple[Part, int]]]:
    """Each command step's parts with their weights (1 / the same-program steps sharing it),
    as integers over one denominator for the lab (the least common multiple of those counts).
    The same dict for the same Lab object: callers only read it."""
    kept = _parts_by_lab.get(id(lab))
    if kept is not None and kept[0] is lab:
        return kept[1]
    found = _weighed_parts(lab)
    if len(_parts_by_lab) >= _PARTS_KEPT:  # the oldest out (a regrade's thread may race: no harm)
        _parts_by_lab.pop(next(iter(_parts_by_lab), 0), None)
    _parts_by_lab[id(lab)] = (lab, found)
    return found


def _weighed_parts(lab: Lab) -> dict[str, list[tuple[Part, int]]]:
    steps = [s for s in lab.steps if s.command is not None and s.command.main is not None]
    parts = {s.id: _parts(s.command) for s in steps if s.command is not None}
    programs = {
        s.id: set(s.command.main.program)
        for s in steps
        if s.command is not None and s.command.main is not None
    }
    shares: dict[str, list[tuple[Part, int]]] = {}
    for sid, own in parts.items():
        peers = [o for o in parts if programs[o] & programs[sid]]
        shares[sid] = [(p, sum(1 for o in peers if p in parts[o])) for p in dict.fromkeys(own)]
    scale = math.lcm(1, *(k for found in shares.values() for _, k in found))
    return {sid: [(p, scale // k) for p, k in found] for sid, found in shares.items()}


def _env_credit(part: Part, view: CommandView, variables: Mapping[str, str]) -> int:
    assert part.value is not None
    if part.name in view.env:
        return _FULL if value_matches(part.value, view.env[part.name], variables) else _HALF
    if part.name in view.unexported:
        value = view.unexported[part.name]
    else:
        typo = misspelt(part.name, view.env)
        if typo is None:
            return _NONE
        value = view.env[typo]
    return _NEAR if value_matches(part.value, value, variables) else _FAR


def _flag_credit(part: Part, view: CommandView, variables: Mapping[str, str]) -> int:
    values = parse_flags(view.cmd.args, [part.name])[part.name]
    if not values:
        return _NONE
    if part.value is None or value_matches(part.value, values[-1], variables):
        return _FULL
    return _HALF


def _later(line: LineView, view: CommandView, programs: tuple[str, ...]) -> list[CommandView]:
    return [
        v
        for v in line.commands
        if v.pipeline == view.pipeline
        and v.cmd.stage > view.cmd.stage
        and v.cmd.program in programs
    ]


def _credit(part: Part, line: LineView, view: CommandView, variables: Mapping[str, str]) -> int:
    if part.kind == "program":
        return _FULL  # only commands of the step's program are weighed
    if part.kind == "env":
        return _env_credit(part, view, variables)
    if part.kind == "flag":
        return _flag_credit(part, view, variables)
    if part.kind == "arg":
        assert part.value is not None
        vm = part.value
        return _FULL if any(value_matches(vm, w, variables) for w in view.cmd.args) else _NONE
    stages = _later(line, view, part.programs)
    if part.kind == "pipe":
        return _FULL if stages else _NONE
    if part.kind == "pipe-shows":
        met = any(grep.shows(s.cmd.argv, shown) for s in stages for shown in part.shows)
        return _FULL if met else _NONE
    assert part.value is not None
    vm = part.value
    met = any(value_matches(vm, w, variables) for s in stages for w in s.cmd.args)
    return _FULL if met else _NONE


def closeness(
    parts: list[tuple[Part, int]],
    main: StageExpect,
    line: LineView,
    variables: Mapping[str, str],
) -> Fraction:
    """How much of a step's weighed parts the line met, over its commands of the step's program
    (the best of them); 1 for a step whose command asks for nothing but its program."""
    total = sum(w for _, w in parts)
    if not total:
        return Fraction(1)
    best = 0
    for view in line.commands:
        if view.cmd.program not in main.program:
            continue
        best = max(best, sum(w * _credit(p, line, view, variables) for p, w in parts))
    return Fraction(best, total * _QUARTERS)
