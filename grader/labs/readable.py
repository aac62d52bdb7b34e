"""Warnings about what learners read (`grader lint` only): reasons, hints, step references.

- `warn/undescribed-pattern`: a regex that a learner's reason would show as written, because it
  has no `description` and is more than literal alternatives (grader/labs/wording.py says those
  in words): an output pattern (`all`, `any`, `none`, a step's or an alternative's), or a value
  a command's variable, flag or argument must match.
- `warn/no-hints`: a step without hints, so `lab hint` and the learner page have nothing to give.
- `warn/step-by-number`: prose that names a step by its place ("the fourth step", "step 6"),
  which goes wrong as soon as a step is added or moved; name it by its title instead.

Like grader.labs.fragile, everything here looks at shapes defensively: it runs on data that may
also have schema errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from grader.labs.document import Document, PathPart
from grader.labs.errors import LabError
from grader.labs.fragile import step_prose
from grader.labs.wording import pattern_in_words, value_in_words

_ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
_BY_NUMBER = re.compile(
    r"\b(?:the\s+(?P<ordinal>" + "|".join(_ORDINALS) + r")\s+step\b|step\s+(?P<number>\d+)\b)",
    re.IGNORECASE,
)


def readable_warnings(doc: Document) -> list[LabError]:
    """Every warning above for the lab in `doc`, by position."""
    data = doc.data if isinstance(doc.data, dict) else {}
    found = data.get("steps")
    steps: list[Any] = found if isinstance(found, list) else []
    titles = [s.get("title") if isinstance(s, dict) else None for s in steps]
    warnings: list[LabError] = []
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        path: list[PathPart] = ["steps", index]
        warnings += _patterns(doc, step, path)
        hints = step.get("hints")
        if not (isinstance(hints, list) and hints):
            warnings.append(
                doc.error(
                    path,
                    "warn/no-hints",
                    f"Step {step.get('id', index + 1)!s} has no hints, so `lab hint` and the "
                    "learner page have nothing to offer a learner who is stuck; add `hints:` "
                    "(one or more, shown in order).",
                    key="id" if "id" in step else None,
                )
            )
        for at, text in step_prose(step, path):
            warnings += _by_number(doc, at, text, titles)
    return sorted(set(warnings))


def _by_number(
    doc: Document, at: list[PathPart], text: str, titles: list[Any]
) -> Iterator[LabError]:
    for m in _BY_NUMBER.finditer(text):
        if m.group("ordinal"):
            n = _ORDINALS.index(m.group("ordinal").lower()) + 1
        else:
            n = int(m.group("number"))
        title = titles[n - 1] if 1 <= n <= len(titles) else None
        now = (
            f"step {n} is “{title}” today"
            if isinstance(title, str)
            else f"this lab has no step {n}"
        )
        yield doc.error(
            at,
            "warn/step-by-number",
            f"This text names a step by its place (`{m.group(0)}`): {now}, and the number "
            "changes when a step is added or moved; name the step by its title "
            "(the step “…”).",
        )


def _patterns(doc: Document, step: dict[str, Any], path: list[PathPart]) -> Iterator[LabError]:
    """The step's own output and command, and those of its alternatives."""
    yield from _output(doc, step.get("output"), [*path, "output"])
    yield from _command(doc, step.get("command"), [*path, "command"])
    alternatives = step.get("alternatives")
    for item, alt in enumerate(alternatives if isinstance(alternatives, list) else []):
        if isinstance(alt, dict):
            at: list[PathPart] = [*path, "alternatives", item]
            yield from _output(doc, alt.get("output"), [*at, "output"])
            yield from _command(doc, alt.get("command"), [*at, "command"])


def _output(doc: Document, output: Any, path: list[PathPart]) -> Iterator[LabError]:
    if not isinstance(output, dict):
        return
    for kind in ("all", "any", "none"):
        listed = output.get(kind)
        for item, p in enumerate(listed if isinstance(listed, list) else []):
            if not isinstance(p, dict) or not isinstance(p.get("regex"), str):
                continue  # a plain text is shown as it is, which is readable
            if p.get("description") or pattern_in_words(p["regex"]) is not None:
                continue
            yield doc.error(
                [*path, kind, item, "regex"],
                "warn/undescribed-pattern",
                f"Learners' reasons would show this regex as written (`{p['regex']}`); add a "
                "`description` beside it that says in words what the output should show (or "
                "not show).",
            )


def _command(doc: Document, command: Any, path: list[PathPart]) -> Iterator[LabError]:
    if not isinstance(command, dict):
        return
    yield from _stage(doc, command, path)
    pipe = command.get("pipe")
    for item, stage in enumerate(pipe if isinstance(pipe, list) else []):
        if isinstance(stage, dict):
            yield from _stage(doc, stage, [*path, "pipe", item])


def _stage(doc: Document, stage: dict[str, Any], path: list[PathPart]) -> Iterator[LabError]:
    values: list[tuple[list[PathPart], Any]] = []
    for key in ("env", "flags"):
        mapping = stage.get(key)
        if isinstance(mapping, dict):
            values += [([*path, key, name], v) for name, v in mapping.items()]
    args = stage.get("args")
    listed = args if isinstance(args, list) else []
    values += [([*path, "args", i], v) for i, v in enumerate(listed)]
    for at, v in values:
        if not isinstance(v, dict) or not isinstance(v.get("regex"), str):
            continue
        if value_in_words(v["regex"]) is not None:
            continue
        yield doc.error(
            [*at, "regex"],
            "warn/undescribed-pattern",
            f"Learners' reasons would show this regex as written (`{v['regex']}`): a value's "
            "regex is said in words only when it is literal alternatives, optionally anchored "
            "and in any case (`^(?i:info|trace)$`, `(?i)socket|bootstrap`); write it so, or "
            "match it with `equals`, `prefix` or `contains`.",
        )
