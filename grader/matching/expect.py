"""Step expectations, evaluated: does this line, this output, this exit satisfy a step?

Everything here is pure and judges one command at a time; ordering between commands (`after`,
`immediately`) lives in the engine. Each check returns the sentence a learner needs when it
fails ("NCCL_SOCKET_IFNAME was eth1, expected eth0"), so a partial match is never a silent no.

Output is judged as a stream: `OutputMatcher.feed` sees each rendered line once and keeps only
what the verdict needs (which patterns matched, a capped excerpt), never the whole output — a
learner may `cat` a 100 MB file.
"""

from __future__ import annotations

import difflib
import operator
import re
import shlex
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grader.labs import (
    CommandExpect,
    Comparison,
    Duration,
    ExitExpect,
    Lab,
    NumberCapture,
    OutputExpect,
    Pattern,
    StageExpect,
    ValueMatch,
    pattern_in_words,
    value_in_words,
)
from grader.matching import grep, ncclifname
from grader.matching.cmdline import Pipeline, SimpleCommand, parse_flags, parse_line

# Lines longer than this are matched on their first part only: NCCL's longest log lines are a few
# hundred characters, and a regex over a megabyte-long line (minified JSON, a binary `cat`) would
# stall the grader for one learner's mistake.
LINE_MATCH_CHARS = 8192
# Evidence shown to humans: a few lines around each matched line, capped in lines and characters
# so one step's evidence stays small in the store and readable on the dashboard.
EXCERPT_CONTEXT_LINES = 2
EXCERPT_MAX_LINES = 24
EXCERPT_MAX_CHARS = 4000
# The matched lines themselves, kept in full on the verdict (one per satisfied pattern is typical).
MATCHED_MAX_LINES = 12
# When nothing matched, the last lines of output are the most useful thing to show.
TAIL_LINES = 8

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
# A misspelt variable name (NCCL_SOCKET_IFNAM for NCCL_SOCKET_IFNAME): difflib's ratio at least.
_TYPO_RATIO = 0.9
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# ---------------------------------------------------------------- variables
def substitute(text: str, variables: Mapping[str, str], *, regex: bool = False) -> str:
    """Replace `${var}` with captured values; unknown names stay as written (they never match).

    In regexes the value is escaped: a captured `eth0.5` must match only itself.
    """

    def repl(m: re.Match[str]) -> str:
        if m.group(1) not in variables:
            return m.group(0)
        value = variables[m.group(1)]
        return re.escape(value) if regex else value

    return _VAR.sub(repl, text)


def unknown_variables(texts: Iterable[str], variables: Mapping[str, str]) -> list[str]:
    """The `${name}`s in `texts` that `variables` has no value for, each once, in order of use."""
    names = (name for text in texts for name in _VAR.findall(text))
    return list(dict.fromkeys(n for n in names if n not in variables))


def pending_value(name: str, lab: Lab | None) -> str:
    """How a reason names the lab variable `name` that no step has captured yet: by the step
    that captures it, its number and title (the author's words), never by the internal name."""
    step = lab.capturing_step(name) if lab is not None else None
    if lab is None or step is None:
        return "a value an earlier step finds (do that step first)"
    n = lab.steps.index(step) + 1
    capture = lab.number_capture(name)
    what = f"{capture.label}, which" if capture is not None and capture.label else "the value"
    return f"{what} step {n} finds (“{step.title}”: do step {n} first)"


def describe_value(vm: ValueMatch, variables: Mapping[str, str], lab: Lab | None = None) -> str:
    v = substitute(vm.value, variables)
    unknown = _VAR.findall(v)
    if unknown and vm.kind != "absent":
        return pending_value(unknown[0], lab)
    return {
        "equals": v,
        "prefix": f"something starting with {v}",
        "contains": f"something containing {v}",
        "regex": value_in_words(v) or f"something matching the pattern `{v}`",
        "absent": "unset",
        "selects_interface": (
            f"a value that makes NCCL use {v} ({v}, ={v}, a prefix or a list that selects it, "
            f"or ^docker,lo; a value that also keeps lo makes NCCL use lo)"
        ),
    }[vm.kind]


def value_matches(vm: ValueMatch, value: str | None, variables: Mapping[str, str]) -> bool:
    if vm.kind == "absent":
        return value is None
    if value is None:
        return False
    if vm.kind == "regex":
        try:
            return re.search(substitute(vm.value, variables, regex=True), value) is not None
        except re.error:
            return False
    want = substitute(vm.value, variables)
    if vm.kind == "selects_interface":
        return not _VAR.search(want) and ncclifname.selects(value, want)
    if vm.kind == "equals":
        return value == want
    if vm.kind == "prefix":
        return value.startswith(want)
    return want in value


def misspelt(name: str, names: Iterable[str]) -> str | None:
    """The one of `names` that looks like a typo of `name` (not `name` itself), if any."""
    others = [n for n in names if n != name]
    close = difflib.get_close_matches(name, others, n=1, cutoff=_TYPO_RATIO)
    return close[0] if close else None


# ---------------------------------------------------------------- shell environment
@dataclass(slots=True)
class ShellEnv:
    """What one interactive shell has set so far: exported variables and plain shell variables.

    `X=Y` alone sets a shell variable; a program sees it only if X is exported (by `export`, or
    because the lab's environment exported it at login). Keeping both lets a reason say "set but
    not exported" instead of a bare "not set".
    """

    exported: dict[str, str] = field(default_factory=dict)
    local: dict[str, str] = field(default_factory=dict)

    def copy(self) -> ShellEnv:
        return ShellEnv(dict(self.exported), dict(self.local))

    def set(self, name: str, value: str) -> None:
        if name in self.exported:
            self.exported[name] = value
        else:
            self.local[name] = value

    def export(self, word: str) -> None:
        name, eq, value = word.partition("=")
        if not _NAME.match(name):
            return
        if eq:
            self.exported[name] = value
            self.local.pop(name, None)
        elif name in self.local:
            self.exported[name] = self.local.pop(name)
        # `export X` with X never set exports nothing a program can see

    def unexport(self, name: str) -> None:
        if name in self.exported:
            self.local[name] = self.exported.pop(name)

    def unset(self, name: str) -> None:
        self.exported.pop(name, None)
        self.local.pop(name, None)

    def apply(self, cmd: SimpleCommand) -> None:
        """Record what a command does to the shell itself (builtins that change variables)."""
        if not cmd.argv:  # `X=Y` alone on a line
            for k, v in cmd.env.items():
                if v is not None:
                    self.set(k, v)
            return
        words = cmd.argv[1:]
        opts = {w for w in words if w.startswith("-")}
        names = [w for w in words if not w.startswith("-")]
        if cmd.program in ("export", "declare", "typeset") and (
            cmd.program == "export" or any("x" in o for o in opts)
        ):
            for w in names:
                if "-n" in opts:
                    self.unexport(w)
                else:
                    self.export(w)
        elif cmd.program in ("declare", "typeset", "local"):
            for w in names:
                name, eq, value = w.partition("=")
                if eq and _NAME.match(name):
                    self.set(name, value)
        elif cmd.program == "unset" and "-f" not in opts:
            for w in names:
                self.unset(w)

    def to_json(self) -> dict[str, Any]:
        return {"exported": dict(self.exported), "local": dict(self.local)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ShellEnv:
        return cls(dict(d.get("exported", {})), dict(d.get("local", {})))


@dataclass(slots=True)
class CommandView:
    """One simple command of a line with the environment its program really got."""

    cmd: SimpleCommand
    env: dict[str, str]  # effective environment of the program
    unexported: dict[str, str]  # shell variables it did not get (for reasons)
    pipeline: int  # index into LineView.pipelines


@dataclass(slots=True)
class LineView:
    line: str
    pipelines: list[Pipeline]
    commands: list[CommandView]


def analyse_line(line: str, shell: ShellEnv) -> LineView:
    """Parse a line and walk it in order, updating `shell` as `export`/`unset`/`X=Y` run.

    Commands inside subshells or pipelines of several stages run in a child shell, so what they
    set does not persist; everything else does, including `export X=1 && cmd` on one line.
    """
    pipelines = parse_line(line)
    views: list[CommandView] = []
    for pi, pl in enumerate(pipelines):
        for cmd in pl.commands:
            base: dict[str, str] = {} if cmd.env_cleared else dict(shell.exported)
            for k, v in cmd.env.items():
                if v is None:
                    base.pop(k, None)
                else:
                    base[k] = v
            views.append(CommandView(cmd, base, dict(shell.local), pi))
            if not cmd.nested and len(pl.commands) == 1:
                shell.apply(cmd)
    return LineView(line, pipelines, views)


# ---------------------------------------------------------------- command expectations
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


# ---------------------------------------------------------------- output expectations
def _describe_pattern(p: Pattern) -> str:
    """The author's description of the pattern, else a simple regex in words, else the pattern
    itself in backticks (`grader lint` warns about a regex that comes to that)."""
    if p.description:
        return p.description
    return (pattern_in_words(p.text) if p.kind == "regex" else None) or f"`{p.text}`"


@dataclass(slots=True)
class OutputResult:
    ok: bool
    reason: str
    captures: dict[str, str]
    matched: tuple[str, ...]
    excerpt: str
    problems: int = 0  # unmet patterns: weighs how close a partial match came
    # the numbers read and the comparisons judged, one line each, for the verdict's evidence
    values: tuple[str, ...] = ()


# ---------------------------------------------------------------- numbers
# A number as nccl-tests and learners print it: 13.2, 0.00, 6e+01, -1 (not nan, inf or 1_000,
# which float() would also take).
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
# nccl-tests up to v2.11 heads the #wrong column `error` (docs/nccl-facts.md §4, table header).
_COLUMN_ALIASES = {"error": "#wrong"}
# The units nccl-tests prints under its header and after its footer's value.
_COLUMN_UNITS = {"size": "B", "time": "us", "algbw": "GB/s", "busbw": "GB/s"}
_FOOTER_UNITS = {"Avg bus bandwidth": "GB/s"}
# `as: numbers` keeps at most this many values: a -b 8 -e 16G -f 2 sweep has 32 rows, two
# blocks each.
MAX_NUMBERS = 256
# A failed `within` quotes at most this many of the values it accepts (a sweep has dozens; a
# reason is one line of a terminal).
WITHIN_QUOTED = 8


def number_value(text: str) -> float | None:
    """The number `text` is, when it is one number and nothing else."""
    return float(text) if _NUMBER.fullmatch(text.strip()) else None


def number_unit(capture: NumberCapture | None) -> str:
    """The unit shown after the capture's values: its own `unit`, else its column's or footer's."""
    if capture is None:
        return ""
    if capture.unit:
        return capture.unit
    units = _COLUMN_UNITS if capture.source == "column" else _FOOTER_UNITS
    return units.get(capture.text, "") if capture.source != "regex" else ""


def number_label(capture: NumberCapture | None, name: str) -> str:
    """How a learner's reason names the variable: the capture's `label`, else `name`."""
    return capture.label if capture is not None and capture.label else f"`{name}`"


class NumberReader:
    """Streams output lines for one number capture, keeping only the value it will save.

    A column is read from nccl-tests results tables: a `#` line whose first word is `size` is a
    header (every table in the output counts), and a row is a line of as many words as the
    header whose first word is a whole number; the column is the header word's first occurrence
    (out-of-place) or its second (`in_place`). `as: numbers` without `in_place` reads the whole
    column family, both blocks of every row (out-of-place, then in-place): "a busbw your run
    printed" is any of them. A regex or footer value is its group's text.
    """

    __slots__ = (
        "_chosen",
        "_family",
        "_index",
        "_regex",
        "_width",
        "capture",
        "header_seen",
        "line",
        "not_number",
    )

    def __init__(self, capture: NumberCapture, variables: Mapping[str, str]) -> None:
        self.capture = capture
        self._regex: re.Pattern[str] | None = None
        if capture.source == "regex":
            try:
                self._regex = re.compile(substitute(capture.text, variables, regex=True))
            except re.error:
                self._regex = re.compile(r"(?!)")  # a broken pattern matches nothing
        elif capture.source == "footer":
            self._regex = re.compile(r"^\s*#\s*" + re.escape(capture.text) + r"\s*:\s*(\S+)")
        self._width = 0  # words in a row of the table being read
        self._index: int | None = None  # the column's word in such a row
        self._family: tuple[int, ...] = ()  # every word of the column's name (as: numbers)
        self.header_seen = False
        self.not_number: str | None = None  # the first group text that was no number
        # as: number, the value kept and its number; as: numbers, every value (capped)
        self._chosen: list[tuple[str, float]] = []
        self.line = ""  # the line the kept value came from (as: number), for the evidence

    def feed(self, line: str) -> bool:
        """Read one line; True when it gave a value (or a table header), to keep as evidence."""
        if self._regex is None:
            return self._table(line)
        m = self._regex.search(line)
        if m is None or not m.groups() or m.group(1) is None:
            return False
        text = m.group(1).strip()
        if number_value(text) is None:
            if self.not_number is None:
                self.not_number = text
            return False
        self._take(text, line)
        return True

    def _table(self, line: str) -> bool:
        stripped = line.lstrip()
        if stripped.startswith("#"):
            words = [_COLUMN_ALIASES.get(w, w) for w in stripped[1:].split()]
            if not words or words[0] != "size":
                return False
            places = [i for i, w in enumerate(words) if w == self.capture.text]
            wanted = 2 if self.capture.in_place else 1
            self.header_seen = True
            self._width = len(words)
            self._index = places[wanted - 1] if len(places) >= wanted else None
            family = self.capture.many and not self.capture.in_place
            self._family = tuple(places) if family else ()
            return self._index is not None
        if self._index is None:
            return False
        words = line.split()
        if len(words) != self._width or not (words[0].isascii() and words[0].isdigit()):
            return False
        taken = False
        for i in self._family or (self._index,):
            text = words[i]
            if number_value(text) is not None:  # (not N/A in a #wrong column)
                self._take(text, line)
                taken = True
        return taken

    def _take(self, text: str, line: str) -> None:
        value = float(text)
        kept = self._chosen
        if self.capture.many:
            if len(kept) < MAX_NUMBERS:
                kept.append((text, value))
            return
        pick = self.capture.pick
        if (
            not kept
            or pick == "last"
            or (pick == "min" and value < kept[0][1])
            or (pick == "max" and value > kept[0][1])
        ):
            self._chosen = [(text, value)]
            self.line = line

    def value(self) -> str | None:
        """The text saved in the variable: the value, or every value joined by spaces."""
        return " ".join(t for t, _ in self._chosen) if self._chosen else None

    def shown(self) -> str:
        """The value as the evidence shows it (one line)."""
        unit = number_unit(self.capture)
        unit = f" {unit}" if unit else ""
        name = self.capture.name
        if not self.capture.many:
            return f"{name} = {self._chosen[0][0]}{unit}"
        low = min(self._chosen, key=lambda c: c[1])[0]
        high = max(self._chosen, key=lambda c: c[1])[0]
        return f"{name} = {len(self._chosen)} values, {low} to {high}{unit}"

    def missing(self) -> str:
        """Why there is no value, for a learner."""
        c = self.capture
        what = number_label(c, c.name)
        if c.source == "column":
            column = f"{'in-place' if c.in_place else 'out-of-place'} {c.text}"
            if not self.header_seen:
                return f"the output showed no nccl-tests results table to read {what} from"
            if self._index is None:
                return f"the nccl-tests table has no {column} column to read {what} from"
            return f"the nccl-tests table showed no {column} value to read {what} from"
        if c.source == "footer":
            return f"the output never showed the `# {c.text} : <number>` line to read {what} from"
        if self.not_number is not None:
            return f"the output showed `{self.not_number}` where {what} should be a number"
        return f"the output never showed the line that gives {what}"


def _missing(unread: Sequence[NumberReader]) -> list[str]:
    """Why each unread number is missing, one clause per reason: captures from a table the
    output never showed share one clause (\"… to read A and B from\")."""
    no_table = [r for r in unread if r.capture.source == "column" and not r.header_seen]
    out = [r.missing() for r in unread if r not in no_table]
    if no_table:
        whats = list(dict.fromkeys(number_label(r.capture, r.capture.name) for r in no_table))
        what = ", ".join(whats[:-1]) + " and " + whats[-1] if len(whats) > 1 else whats[0]
        out.insert(0, f"the output showed no nccl-tests results table to read {what} from")
    return list(dict.fromkeys(out))


_OPS: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_OP_WORDS = {"<": "below", "<=": "at most", ">": "above", ">=": "at least"}
_TIMES_WORDS = {1.0: "", 0.5: "half of ", 0.25: "a quarter of ", 2.0: "twice "}


def check_comparison(c: Comparison, variables: Mapping[str, str], lab: Lab) -> tuple[str, str]:
    """(the learner's reason, empty when it holds; the check with its values, for the evidence).

    `variables`: the lab's captured values plus what this command captured. A value no verified
    step has captured yet names the step that captures it.
    """
    names = [c.left, *([c.right] if isinstance(c.right, str) else [])]
    for name in names:
        if name not in variables:
            step = lab.capturing_step(name)
            title = step.title if step is not None else name
            what = number_label(lab.number_capture(name), name)
            return (
                f"do the step “{title}” first: this step compares with {what}, which it captures",
                "",
            )
    capture = lab.number_capture(c.left)
    unit = number_unit(capture)
    unit = f" {unit}" if unit else ""
    left_label = number_label(capture, c.left)
    left_text = variables[c.left]
    left = number_value(left_text)
    if left is None:
        return f"{left_label} (`{left_text}`) is not a number", ""
    if c.op == "within":
        assert isinstance(c.right, str)  # the loader gives `within` a variable
        right_label = number_label(lab.number_capture(c.right), c.right)
        found = [(t, number_value(t)) for t in variables[c.right].split()]
        values = [(t, v) for t, v in found if v is not None]
        if not values:
            return f"{right_label} holds no numbers", ""
        low = min(values, key=lambda x: x[1])
        high = max(values, key=lambda x: x[1])
        holds = low[1] <= left <= high[1]
        shown = f"{c.left} {left_text} within {c.right} {low[0]} to {high[0]}"
        printed = list(dict.fromkeys(t for t, _ in values))
        quoted = ", ".join(printed[:WITHIN_QUOTED]) + (
            ", …" if len(printed) > WITHIN_QUOTED else ""
        )
        sentence = (
            f"{left_label} ({left_text}{unit}) is not within the range of {right_label} "
            f"({low[0]} to {high[0]}{unit}: {quoted})"
            if len(printed) > 1
            else f"{left_label} ({left_text}{unit}) is not {right_label} ({low[0]}{unit})"
        )
    else:
        if isinstance(c.right, str):
            right_text = variables[c.right]
            right_label = number_label(lab.number_capture(c.right), c.right)
            right_said = f"{right_label} ({right_text}{unit})"
        else:
            right_text = f"{c.right:g}"
            right_said = f"{right_text}{unit}"
        right = number_value(right_text)
        if right is None:
            return f"{right_label} (`{right_text}`) is not a number", ""
        holds = _OPS[c.op](left, right * c.times)
        times = _TIMES_WORDS.get(c.times, f"{c.times:g} × ")
        scaled = "" if c.times == 1 else f" × {c.times:g} = {right * c.times:g}"
        right_name = c.right if isinstance(c.right, str) else right_text
        shown = f"{c.left} {left_text} {c.op} {right_name} {right_text}{scaled}"
        sentence = f"{left_label} ({left_text}{unit}) is not {_OP_WORDS[c.op]} {times}{right_said}"
    shown += ": holds" if holds else ": does not hold"
    if holds:
        return "", shown
    if c.description:
        return substitute(c.description, variables), shown
    return sentence, shown


def check_comparisons(
    comparisons: Sequence[Comparison], variables: Mapping[str, str], lab: Lab
) -> tuple[list[str], list[str]]:
    """The reasons of the comparisons that fail, and every judged one for the evidence."""
    problems: list[str] = []
    shown: list[str] = []
    for c in comparisons:
        problem, judged = check_comparison(c, variables, lab)
        if problem:
            problems.append(problem)
        if judged:
            shown.append(judged)
    return problems, shown


class _Compiled:
    __slots__ = ("pattern", "regex", "text")

    def __init__(self, p: Pattern, variables: Mapping[str, str]) -> None:
        self.pattern = p
        flags = re.IGNORECASE if p.ignore_case else 0
        if p.kind == "regex":
            try:
                self.regex: re.Pattern[str] | None = re.compile(
                    substitute(p.text, variables, regex=True), flags
                )
            except re.error:
                self.regex = re.compile(r"(?!)")  # a broken pattern matches nothing
        else:
            self.regex = re.compile(re.escape(substitute(p.text, variables)), flags)
        self.text = p.text

    def search(self, line: str) -> re.Match[str] | None:
        assert self.regex is not None
        return self.regex.search(line)


class OutputMatcher:
    """Streams one command's rendered output lines against an OutputExpect.

    Keeps: which patterns matched (and the first line for each), named-group captures, a capped
    excerpt around matched lines and a short tail. Memory is bounded whatever the output size.
    """

    def __init__(
        self,
        expect: OutputExpect | None,
        variables: Mapping[str, str],
        numbers: Sequence[NumberCapture] = (),
    ) -> None:
        expect = expect or OutputExpect()
        self._numbers = [NumberReader(c, variables) for c in numbers]
        self._all = [_Compiled(p, variables) for p in expect.all]
        self._any = [_Compiled(p, variables) for p in expect.any]
        self._none = [_Compiled(p, variables) for p in expect.none]
        self._all_hit: list[bool] = [False] * len(self._all)
        self._any_hit = False
        self._none_hit: tuple[str, str] | None = None  # (pattern, line)
        self.captures: dict[str, str] = {}
        self._matched: list[str] = []
        self._excerpt: list[str] = []
        self._excerpt_chars = 0
        self._before: deque[str] = deque(maxlen=EXCERPT_CONTEXT_LINES)
        self._after_left = 0
        self._tail: deque[str] = deque(maxlen=TAIL_LINES)
        self.lines_seen = 0

    def _keep(self, line: str) -> None:
        if len(self._excerpt) >= EXCERPT_MAX_LINES or self._excerpt_chars >= EXCERPT_MAX_CHARS:
            return
        line = line[: EXCERPT_MAX_CHARS - self._excerpt_chars]
        self._excerpt.append(line)
        self._excerpt_chars += len(line) + 1

    def _hit(self, m: re.Match[str] | None) -> bool:
        if m is None:
            return False
        for k, v in m.groupdict().items():
            if v is not None and k not in self.captures:
                self.captures[k] = v
        return True

    def feed(self, lines: Iterable[str]) -> None:
        for raw in lines:
            self.lines_seen += 1
            line = raw[:LINE_MATCH_CHARS]
            hit = False
            for i, c in enumerate(self._all):
                if self._hit(c.search(line)):
                    self._all_hit[i] = True
                    hit = True
            for c in self._any:
                if self._hit(c.search(line)):
                    self._any_hit = True
                    hit = True
            for c in self._none:
                if c.search(line) and self._none_hit is None:
                    self._none_hit = (_describe_pattern(c.pattern), line)
                    hit = True
            for r in self._numbers:
                if r.feed(line):
                    hit = True
            if hit:
                if len(self._matched) < MATCHED_MAX_LINES:
                    self._matched.append(line)
                if self._excerpt and not self._after_left and self._before:
                    self._keep("…")
                for b in self._before:
                    self._keep(b)
                self._before.clear()
                self._keep(line)
                self._after_left = EXCERPT_CONTEXT_LINES
            elif self._after_left:
                self._keep(line)
                self._after_left -= 1
            else:
                self._before.append(line)
            self._tail.append(line)

    def result(self) -> OutputResult:
        problems: list[str] = []
        missing = [c for c, hit in zip(self._all, self._all_hit, strict=True) if not hit]
        if missing:
            problems.append(
                "the output never showed "
                + ", ".join(_describe_pattern(c.pattern) for c in missing)
            )
        if self._any and not self._any_hit:
            problems.append(
                "the output showed none of "
                + ", ".join(_describe_pattern(c.pattern) for c in self._any)
            )
        if self._none_hit is not None:
            problems.append(f"the output showed {self._none_hit[0]}, which should not appear")
        captures = dict(self.captures)
        unread = [r for r in self._numbers if r.value() is None]
        problems += _missing(unread)
        for r in self._numbers:
            value = r.value()
            if value is not None:
                captures[r.capture.name] = value  # a number wins over a group of its name
        # the line each kept number came from, even past the cap on matched lines
        read = [r.line for r in self._numbers if r.line and r.line not in self._matched]
        excerpt = "\n".join(self._excerpt) if self._excerpt else "\n".join(self._tail)
        return OutputResult(
            problems=len(missing)
            + int(bool(self._any) and not self._any_hit)
            + int(self._none_hit is not None)
            + len(unread),
            ok=not problems,
            reason="; ".join(problems),
            captures=captures,
            matched=(*self._matched, *dict.fromkeys(read)),
            excerpt=excerpt[:EXCERPT_MAX_CHARS],
            values=tuple(r.shown() for r in self._numbers if r.value() is not None),
        )


# ---------------------------------------------------------------- exit expectations
def check_duration(exp: Duration, t0: float | None, t1: float | None, what: str) -> str:
    """Empty when `what` (the command, the signed run) took a plausible time, else the reason."""
    if t0 is None or t1 is None:
        return f"{what} has no known duration"
    took = t1 - t0
    if exp.min_s is not None and took < exp.min_s:
        return f"{what} took {took:.3f} s, less than the {exp.min_s:g} s the real job needs"
    if exp.max_s is not None and took > exp.max_s:
        return f"{what} took {took:.1f} s, more than the {exp.max_s:g} s this step allows"
    return ""


def check_exit(exp: ExitExpect, exit: int | None, pipestatus: tuple[int, ...]) -> str:
    """Empty when the exit status satisfies `exp`, else the reason."""
    what = "exit code"
    code = exit
    if exp.stage is not None:
        try:
            code = pipestatus[exp.stage]
        except IndexError:
            return f"the pipeline has no stage {exp.stage} to read an exit code from"
        what = f"pipeline stage {exp.stage} exit code"
    if code is None:
        return "the command never finished, so its exit code is unknown"
    if exp.kind == "code" and code != exp.code:
        return f"{what} {code}, expected {exp.code}"
    if exp.kind == "zero" and code != 0:
        return f"{what} {code}, expected success (0)"
    if exp.kind == "nonzero" and code == 0:
        return f"{what} 0, but this step expects a failure (nonzero)"
    return ""


# --- whose output a number is read from --------------------------------------------------------

#: Pipe stages after the program that print only lines of their input, unchanged (a subset, in
#: order): a number read after them is one the program printed.
PASS_THROUGH = frozenset({"grep", "egrep", "fgrep", "tee", "cat", "head", "tail", "less", "more"})
#: grep options that make it print something other than whole input lines: long ones, and the
#: letters of the short ones (which may be bundled, `-in`).
_GREP_REWRITES = frozenset({"--count", "--only-matching", "--line-number", "--byte-offset",
                            "--with-filename", "--null", "--label", "--initial-tab",
                            "--files-with-matches", "--files-without-match"})  # fmt: skip
_GREP_REWRITE_LETTERS = frozenset("conbHlLZT")

#: Commands that print nothing of their own, allowed beside the program on its line.
_SILENT = frozenset({"export", "unset", "cd", "set", "true", ":", "umask", "ulimit", "shopt"})


def _rewrites(cmd: SimpleCommand) -> bool:
    if cmd.program not in PASS_THROUGH or any(r.target == "/dev/tty" for r in cmd.redirects):
        return True
    if cmd.program in ("grep", "egrep", "fgrep"):
        for arg in cmd.args:
            if arg == "--":
                break
            if arg.split("=", 1)[0] in _GREP_REWRITES or (
                arg.startswith("-")
                and not arg.startswith("--")
                and _GREP_REWRITE_LETTERS & set(arg[1:])
            ):
                return True
    # cat -n numbers the lines; other options of cat and tee are rare: refused alike
    return cmd.program in ("cat", "tee") and any(a.startswith("-") for a in cmd.args)


def numbers_problem(line: str, programs: Iterable[str]) -> str:
    """Why the numbers in this command's output may not be the program's own (empty: they are).

    A step that reads numbers from a program's table or footer (lab-format.md "Numbers")
    trusts them only when what reached
    the terminal is what the program printed: after it in its pipeline only stages that pass
    lines through unchanged (grep without -c/-o/-n…, tee, cat, head, tail), nothing piped into
    it that could print too, and nothing else on the line that prints (`; printf`, `&& echo`,
    a job in the background). `| sed`, `| awk`, `; printf '<a row>'` could write any number.
    """
    wanted = set(programs)
    pipelines = parse_line(line)
    at = next(
        (
            (pi, ci)
            for pi, pl in enumerate(pipelines)
            for ci, c in enumerate(pl.commands)
            if c.program in wanted and not c.nested
        ),
        None,
    )
    if at is None:
        return ""  # not this step's program: the command expectation says so already
    pi, ci = at
    stages = pipelines[pi].commands
    for cmd in stages[ci + 1 :]:
        if _rewrites(cmd):
            return (
                f"the numbers are read only from what {stages[ci].program} itself printed: "
                f"`{cmd.program}` after it in the pipeline could change them"
            )
    if ci > 0:
        return (
            f"the numbers are read only from what {stages[ci].program} itself printed: "
            f"`{stages[0].program}` before it in the pipeline may print too"
        )
    for other, pl in enumerate(pipelines):
        if other == pi:
            continue
        noisy = [c.program for c in pl.commands if c.program not in _SILENT]
        if noisy or pl.op == "&" or pipelines[pi].op == "&":
            what = noisy[0] if noisy else "a job in the background"
            return (
                f"the numbers are read only from what {stages[ci].program} itself printed: "
                f"`{what}` on the same line may print too"
            )
    return ""
