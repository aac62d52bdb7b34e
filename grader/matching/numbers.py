"""Numbers read from a command's output (`as: numbers`) and the comparisons a step makes of them,
and whose output a number is read from (the program's, or a stage that rewrites it).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from grader.labs import (
    Comparison,
    Lab,
    NumberCapture,
)
from grader.matching.cmdline import SimpleCommand, parse_line
from grader.matching.variables import substitute

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


def missing_numbers(unread: Sequence[NumberReader]) -> list[str]:
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
