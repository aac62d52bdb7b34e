"""Evidence as a person reads it: the command, its exit, the output with the matched part marked.

The store keeps, with each verdict, an output excerpt and the lines that satisfied the step's
patterns (`matched`). This module finds, inside those lines, the exact spans the step's patterns
match, so the page can wrap them in <mark>. It returns plain [text, marked] segments, never
HTML: the page builds text nodes from them, so output a learner printed can never become markup.
(Which hints a learner was shown is read from their `lab hint` commands: grader/api/hints.py.)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from grader.api import models as m
from grader.api.views import stored_evidence
from grader.labs import Pattern, Step
from grader.matching import substitute

_UNKNOWN_VAR = re.compile(r"\\?\$\\?\{[A-Za-z_][A-Za-z0-9_]*\\?\}")

MARK_PATTERNS_MAX = 32
"""Patterns tried per step when marking; labs use a handful, this only bounds a hostile lab."""


def _compile(p: Pattern, variables: Mapping[str, str]) -> re.Pattern[str] | None:
    """A pattern as the matcher compiles it; a `${var}` not known here matches any word, since
    marking only needs the span, the verdict was decided by the engine with the real value."""
    flags = re.IGNORECASE if p.ignore_case else 0
    if p.kind == "regex":
        text = _UNKNOWN_VAR.sub(r"\\S+", substitute(p.text, variables, regex=True))
    else:
        text = re.escape(substitute(p.text, variables))
    try:
        return re.compile(text, flags)
    except re.error:
        return None


def _spans(line: str, patterns: list[re.Pattern[str]]) -> list[tuple[int, int]]:
    """Merged, ordered spans of every pattern match in one line."""
    found = sorted(
        (m.start(), m.end()) for rx in patterns for m in rx.finditer(line) if m.end() > m.start()
    )
    merged: list[tuple[int, int]] = []
    for start, end in found:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def marked_excerpt(
    excerpt: str,
    matched: list[str],
    step: Step | None,
    variables: Mapping[str, str] | None = None,
) -> list[list[Any]]:
    """[text, marked] segments of `excerpt`: in each matched line, the pattern spans are marked
    (the whole line when no pattern span is found, e.g. a lab changed since)."""
    expect = step.output if step is not None else None
    sources = [*expect.all, *expect.any] if expect is not None else []
    patterns = [rx for p in sources[:MARK_PATTERNS_MAX] if (rx := _compile(p, variables or {}))]
    wanted = set(matched)
    segments: list[list[Any]] = []

    def add(text: str, marked: bool) -> None:
        if not text:
            return
        if segments and segments[-1][1] == marked:
            segments[-1][0] += text
        else:
            segments.append([text, marked])

    for line in excerpt.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if body not in wanted:
            add(line, False)
            continue
        spans = _spans(body, patterns) or [(0, len(body))]
        pos = 0
        for start, end in spans:
            add(body[pos:start], False)
            add(body[start:end], True)
            pos = end
        add(line[pos:], False)
    return segments


def evidence_view(evidence: Mapping[str, Any] | None) -> m.EvidenceView | None:
    """The evidence fields the panel shows (session keys stay server-side); `values` are the
    numbers the step read and the comparisons it judged ("busbw_p2p = 13.21 GB/s"), one each.
    The command's start and end are the node's clock: `node_t0`/`node_t1`, as in the API."""
    if not evidence:
        return None
    # the API's conversion (grader/api/views.py); the keys EvidenceView lacks are dropped
    return m.EvidenceView.model_validate({"line": "", **stored_evidence(evidence)})
