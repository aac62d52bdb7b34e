"""A lab's regex said in words, for learners' reasons when its author gave no description.

Only simple regexes can be said: literal alternatives (`socket|bootstrap|oob`), optionally in any
case (`(?i)…`, `(?i:…)`) and anchored (`^…$`). Anything else (classes, repeats, groups) gives
None, and the caller shows the regex itself; `grader lint` warns about those
(grader/labs/readable.py), so an author can add a `description`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# A literal piece: characters that are not regex syntax, or a backslash before punctuation.
_LITERAL = re.compile(r"(?:[^\\.^$*+?()\[\]{}|]|\\[^A-Za-z0-9])+")
_ESCAPE = re.compile(r"\\(.)")
# Regexes that accept any value at all (set, with whatever in it).
_ANYTHING = frozenset({".", ".+", r"\S", r"\S+", ".*", "^.", "^.+"})


@dataclass(frozen=True, slots=True)
class Words:
    """A simple regex as the texts it looks for and where."""

    texts: tuple[str, ...]
    start: bool  # anchored at the start (`^`)
    end: bool  # anchored at the end (`$`)
    any_case: bool

    def alternatives(self) -> str:
        """`a`, `a` or `b`, `a`, `b` or `c` (in any case)."""
        quoted = [f"`{t}`" for t in self.texts]
        said = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
        return said + (" (in any case)" if self.any_case else "")


def regex_words(text: str) -> Words | None:
    """The regex as `Words`, or None when it is more than literal alternatives."""
    s = text
    any_case = False
    if s.startswith("(?i)"):
        any_case, s = True, s[4:]
    start = s.startswith("^")
    if start:
        s = s[1:]
    end = s.endswith("$") and not s.endswith("\\$")
    if end:
        s = s[:-1]
    for opening in ("(?i:", "(?:"):
        if s.startswith(opening) and s.endswith(")") and "(" not in s[len(opening) : -1]:
            any_case = any_case or opening == "(?i:"
            s = s[len(opening) : -1]
            break
    pieces = s.split("|")
    if not all(_LITERAL.fullmatch(p) for p in pieces):
        return None
    texts = tuple(_ESCAPE.sub(r"\1", p) for p in pieces)
    return Words(texts, start, end, any_case)


def anything(text: str) -> bool:
    """Whether the regex accepts any value with something in it (`.`, `.+`, `\\S`)."""
    return text in _ANYTHING


# How a reason says a simple regex, by its anchors: (as a value, as an output line); `{}` stands
# for its alternatives.
_FORMS = {
    "anything": ("any value", "a line with anything on it"),
    "whole": ("{}", "a line that is {}"),
    "start": ("something starting with {}", "a line starting with {}"),
    "end": ("something ending with {}", "a line ending with {}"),
    "inside": ("something containing {}", "{}"),
}


# A lab's few regexes are said once, not for every command weighed against them. A text can
# hold a value captured from a learner's output: the cache keeps only short texts (at most
# 1,024 of 256 characters), a longer one is said afresh.
_CACHED_TEXT_MAX = 256


def _in_words(text: str, line: bool) -> str | None:
    if len(text) <= _CACHED_TEXT_MAX:
        return _in_words_cached(text, line)
    return _said(text, line)


@functools.lru_cache(maxsize=1024)
def _in_words_cached(text: str, line: bool) -> str | None:
    return _said(text, line)


def _said(text: str, line: bool) -> str | None:
    if anything(text):
        return _FORMS["anything"][line]
    words = regex_words(text)
    if words is None:
        return None
    anchors = {(True, True): "whole", (True, False): "start", (False, True): "end"}
    form = _FORMS[anchors.get((words.start, words.end), "inside")][line]
    return form.format(words.alternatives())


def value_in_words(text: str) -> str | None:
    """How a reason names a value the regex accepts ("something containing `p2p`"), or None."""
    return _in_words(text, line=False)


def pattern_in_words(text: str) -> str | None:
    """How a reason names an output line the regex finds ("a line that is `3`"), or None."""
    return _in_words(text, line=True)
