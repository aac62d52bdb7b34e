"""Which hints a learner was shown: read from their own `lab hint` commands, not guessed.

A hint reaches a learner only through `lab hint [STEP]` on the node (grader/node/files/lab),
which prints the step's hints so far, one more each time it is asked. That command is captured
like any other, so its line and output are in the store's command records. A hint counts as
shown when a record is a `lab hint` run that ended with exit 0 and its output contains the
hint's text. Asking twice shows two hints; never asking shows none, however many failed
attempts the learner made.

The text is compared after dropping Markdown's backticks and emphasis and folding whitespace,
so a terminal that renders `code` differently, or a hint the node prints on a wrapped line,
still matches. When the same text is a hint of several steps, it counts for the steps whose
title the output names (the node prints "Step 3. <title>" above the hints), or for all of them
when it names none.

Pure: a Lab and command records in, hint texts per step out (the API feeds it the store's
records of one learner).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from grader.capture import CommandRecord
from grader.labs import Lab
from grader.matching import simple_commands

_MARKUP = re.compile(r"[`*]")
_SPACE = re.compile(r"\s+")

HINT_LINE_MAX_CHARS = 512
"""Longest command line read as a possible `lab hint`: the real one is a few words; a longer
line is not parsed (the command-line parser is recursive)."""


def _plain(text: str) -> str:
    return _SPACE.sub(" ", _MARKUP.sub("", text)).strip()


def is_hint_command(line: str) -> bool:
    """Whether a command line runs `lab hint` (with or without a step, in a pipeline too)."""
    if "hint" not in line or len(line) > HINT_LINE_MAX_CHARS:
        return False
    return any(c.program == "lab" and c.args[:1] == ["hint"] for c in simple_commands(line))


def hints_shown(lab: Lab, records: Iterable[CommandRecord]) -> dict[str, list[str]]:
    """Step id -> the hints of that step the learner's `lab hint` runs printed, in the lab's
    order (each once). Steps without a shown hint are absent."""
    # plain hint text -> [(step id, hint index)]: usually one, several when steps share a hint
    owners: dict[str, list[tuple[str, int]]] = {}
    for step in lab.steps:
        for i, hint in enumerate(step.hints):
            if text := _plain(hint):
                owners.setdefault(text, []).append((step.id, i))
    titles = {step.id: _plain(step.title) for step in lab.steps}
    seen: dict[str, set[int]] = {}
    for record in records:
        if record.exit != 0 or not is_hint_command(record.line):
            continue
        output = _plain(record.output)
        for text, where in owners.items():
            if text not in output:
                continue
            named = [(s, i) for s, i in where if titles[s] and titles[s] in output]
            for step_id, i in named if len(where) > 1 and named else where:
                seen.setdefault(step_id, set()).add(i)
    return {
        step.id: [step.hints[i] for i in sorted(seen[step.id])]
        for step in lab.steps
        if step.id in seen
    }
