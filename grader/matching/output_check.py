"""A step's output expectation, evaluated as a stream.

`OutputMatcher.feed` sees each rendered line once and keeps only what the verdict needs (which
patterns matched, a capped excerpt), never the whole output: a learner may `cat` a 100 MB file.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from grader.labs import (
    NumberCapture,
    OutputExpect,
    Pattern,
    pattern_in_words,
)
from grader.matching.numbers import NumberReader, missing_numbers
from grader.matching.variables import substitute

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
        problems += missing_numbers(unread)
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
