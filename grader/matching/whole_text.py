"""An output expectation judged on a record's whole kept output at once, pre-filtered in C.

The engine judges a command's kept output against every step that might want it; most say no,
and a search over the whole text says so far faster than the streaming matcher's loop per line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from grader.labs import OutputExpect, Pattern
from grader.matching.output_check import OutputMatcher
from grader.matching.variables import substitute

# A regex whose meaning depends on what lies past the line's ends (\A, \Z, lookarounds) may
# match a line alone and not the whole text: such a pattern is not pre-filtered on the whole text.
_LINE_BOUND = re.compile(r"\\[AZ]|\(\?<?[=!]")
# Line breaks str.splitlines() (the exact matcher's lines) knows and multiline `^`/`$` do not.
_OTHER_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e"
_OTHER_BREAKS_NON_ASCII = "\x85\u2028\u2029"


def _other_breaks(text: str) -> bool:
    """Whether `text` has a line break multiline `^`/`$` do not know (a few memchr scans)."""
    if any(c in text for c in _OTHER_BREAKS):
        return True
    return not text.isascii() and any(c in text for c in _OTHER_BREAKS_NON_ASCII)


class WholeText:
    r"""Does a record's kept output satisfy an output expectation? Pre-filtered on the whole text.

    Why: the exact matcher (output_check.OutputMatcher) is a Python loop per line; the pre-filter
    is one search in C per pattern over the whole text, and it says no for almost every command.
    Multiline `^`/`$` keep line anchors; what else differs (`\s` or `[^…]` across a break) only
    lets more through, so a no is final and a yes goes to the exact matcher. (One miss is
    accepted: a `…$` that matches only where output_check.py cuts a line longer than
    LINE_MATCH_CHARS; a hint may be lost there, a verdict never is.) A leading `^` is searched as
    `\n` in the text after a `\n`: the same places, found by a literal scan instead of trying
    every position (~10x faster on 20 KB). Compiled patterns are kept per pattern and compiled
    again only when a `${var}` in it changes value.
    """

    __slots__ = ("_compiled",)

    def __init__(self) -> None:
        # pattern -> (its text with variables substituted, compiled or None when it is not
        # pre-filtered, whether it is searched in "\n" + text)
        self._compiled: dict[Pattern, tuple[str, re.Pattern[str] | None, bool]] = {}

    def _regex(
        self, p: Pattern, variables: Mapping[str, str]
    ) -> tuple[re.Pattern[str] | None, bool]:
        text = substitute(p.text, variables, regex=p.kind == "regex") if "${" in p.text else p.text
        kept = self._compiled.get(p)
        if kept is not None and kept[0] == text:
            return kept[1], kept[2]
        rx: re.Pattern[str] | None = None
        after_break = p.kind == "regex" and text.startswith("^")
        if p.kind != "regex" or not _LINE_BOUND.search(p.text):
            flags = re.MULTILINE | (re.IGNORECASE if p.ignore_case else 0)
            source = re.escape(text) if p.kind != "regex" else text
            try:
                rx = re.compile("\n" + source[1:] if after_break else source, flags)
            except re.error:
                rx = re.compile(r"(?!)")  # a broken pattern matches nothing (output_check.py)
        self._compiled[p] = (text, rx, after_break)
        return rx, after_break

    @staticmethod
    def searched(text: str) -> tuple[str, str]:
        """A record's output as `shows` searches it: (text, "\n" + text), with only line breaks
        `$` knows. Made once per command, whatever the number of steps it is checked for."""
        if _other_breaks(text):
            text = "\n".join(text.splitlines())  # the same lines, with breaks `$` knows
        return text, "\n" + text

    def shows(
        self, expect: OutputExpect, texts: tuple[str, str], variables: Mapping[str, str]
    ) -> bool:
        """Whether the text (`searched`) satisfies `expect` (which has a pattern to show), as
        streaming would."""

        def may_show(p: Pattern) -> bool:
            rx, after_break = self._regex(p, variables)
            return rx is None or rx.search(texts[after_break]) is not None

        if not all(may_show(p) for p in expect.all):
            return False
        if expect.any and not any(may_show(p) for p in expect.any):
            return False
        matcher = OutputMatcher(expect, variables)
        matcher.feed(texts[0].splitlines())
        return matcher.result().ok
