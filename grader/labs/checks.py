"""Checks the schema cannot express: references between steps, variables, regexes, ids.

They run on data that may also have schema errors (so every problem is reported at once), which
is why each check looks at shapes defensively instead of trusting them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from grader.labs.document import Document, PathPart
from grader.labs.errors import LabError

# `${name}` is a lab variable (the same syntax grader.matching substitutes at match time).
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
# Stand-in for a variable while a regex is compiled at load time: the real value is inserted
# escaped at match time, so any literal text gives the same verdict on the regex's syntax.
_VARIABLE_STAND_IN = "x"
# Step keys whose strings are matched, so whose `${var}` references are substituted.
_MATCHED_KEYS = ("command", "output", "probe")


def semantic_errors(doc: Document, lab_file: Path) -> list[LabError]:
    """Every cross-reference problem in the lab at `lab_file` (its data is `doc.data`)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    found = data.get("steps")
    steps: list[Any] = found if isinstance(found, list) else []
    errors: list[LabError] = []
    errors += _id_matches_folder(doc, data, lab_file)
    errors += _regexes(doc, data, [])
    errors += _step_references(doc, steps)
    errors += _variables_and_captures(doc, steps)
    errors += _answers(doc, steps)
    errors += _durations(doc, steps)
    return errors


def _durations(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    """A step's `duration` must leave room: min_seconds <= max_seconds."""
    for index, step in enumerate(steps):
        d = step.get("duration") if isinstance(step, dict) else None
        if not isinstance(d, dict):
            continue
        low, high = d.get("min_seconds"), d.get("max_seconds")
        if isinstance(low, int | float) and isinstance(high, int | float) and low > high:
            yield doc.error(
                ["steps", index, "duration"],
                "check/duration",
                f"min_seconds {low:g} is more than max_seconds {high:g}: no run could verify.",
            )


def expected_lab_id(lab_file: Path) -> str:
    """A labs/<id>/lab.yaml is named by its folder; a standalone <id>.yaml by its stem."""
    return lab_file.parent.name if lab_file.name == "lab.yaml" else lab_file.stem


def _id_matches_folder(doc: Document, data: dict[str, Any], lab_file: Path) -> Iterator[LabError]:
    lab_id = data.get("id")
    expected = expected_lab_id(lab_file)
    if isinstance(lab_id, str) and lab_id != expected:
        where = "folder" if lab_file.name == "lab.yaml" else "file name"
        yield doc.error(
            ["id"],
            "check/lab-id",
            f"The lab id `{lab_id}` must equal its {where} `{expected}`.",
        )


def _regexes(doc: Document, value: Any, path: list[PathPart]) -> Iterator[LabError]:
    """Every `regex:` value anywhere must compile with Python `re` (variables stood in for)."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key == "regex" and isinstance(child, str):
                flags = re.IGNORECASE if value.get("ignore_case") is True else 0
                problem = regex_problem(child, flags)
                if problem:
                    yield doc.error([*path, key], "check/regex", problem)
            else:
                yield from _regexes(doc, child, [*path, key])
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _regexes(doc, child, [*path, index])


def compile_pattern(regex: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a lab regex for checking, with every `${var}` replaced by a literal stand-in."""
    return re.compile(VARIABLE.sub(_VARIABLE_STAND_IN, regex), flags)


def regex_problem(regex: str, flags: int = 0) -> str | None:
    try:
        compile_pattern(regex, flags)
    except re.error as exc:
        where = f" at position {exc.pos}" if exc.pos is not None else ""
        return f"The regex {regex!r} does not compile: {exc.msg}{where}."
    return None


def _step_ids(steps: list[Any]) -> list[str | None]:
    return [
        s["id"] if isinstance(s, dict) and isinstance(s.get("id"), str) else None for s in steps
    ]


def _step_references(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    ids = _step_ids(steps)
    first_index: dict[str, int] = {}
    for index, step_id in enumerate(ids):
        if step_id is None:
            continue
        if step_id in first_index:
            first = doc.node(["steps", first_index[step_id], "id"])
            line = f" (first on line {first.start_mark.line + 1})" if first else ""
            yield doc.error(
                ["steps", index, "id"],
                "check/unique-step-id",
                f"The step id `{step_id}` is used twice{line}; step ids must be unique.",
            )
        else:
            first_index[step_id] = index
    for index, step in enumerate(steps):
        after = step.get("after") if isinstance(step, dict) else None
        path: list[PathPart] = ["steps", index, "after"]
        if isinstance(after, dict):
            after, path = after.get("step"), [*path, "step"]
        if not isinstance(after, str):
            continue
        target = first_index.get(after)
        if target is None:
            close = [i for i in ids if i]
            yield doc.error(
                path,
                "check/after",
                f"`after` names `{after}`, which is not a step of this lab "
                f"(steps: {', '.join(close)}).",
            )
        elif target >= index:
            which = "this step itself" if target == index else f"step {target + 1}, a later one"
            yield doc.error(
                path,
                "check/after",
                f"`after` names `{after}`, which is {which}; it must name an earlier step.",
            )


def _variables_and_captures(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    captured_by: dict[str, int] = {}  # variable -> index of the first step that captures it
    for index, step in enumerate(steps):
        captures = step.get("captures") if isinstance(step, dict) else None
        if isinstance(captures, list):
            for name in captures:
                if isinstance(name, str):
                    captured_by.setdefault(name, index)
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        for key in _MATCHED_KEYS:
            for path, text in _strings(step.get(key), ["steps", index, key]):
                for name in VARIABLE.findall(text):
                    source = captured_by.get(name)
                    if source is not None and source < index:
                        continue
                    later = (
                        f" (step {source + 1} captures it, but later)" if source is not None else ""
                    )
                    yield doc.error(
                        path,
                        "check/variable",
                        f"`${{{name}}}` is used before any earlier step captures it{later}.",
                    )
        yield from _capture_groups(doc, step, index)


def _capture_groups(doc: Document, step: dict[str, Any], index: int) -> Iterator[LabError]:
    """Each name in `captures` must be a named group of a regex in this step's output all/any."""
    captures = step.get("captures")
    if not isinstance(captures, list):
        return
    groups = _output_groups(step.get("output"))
    for item, name in enumerate(captures):
        if isinstance(name, str) and name not in groups:
            yield doc.error(
                ["steps", index, "captures", item],
                "check/capture",
                f"`captures` names `{name}`, but no regex in this step's output (all/any) "
                f"defines the group (?P<{name}>...).",
            )
    found = step.get("alternatives")
    alternatives: list[Any] = found if isinstance(found, list) else []
    for number, alt in enumerate(alternatives):
        if not isinstance(alt, dict) or "output" not in alt:
            continue  # it keeps the step's own output, and so its groups
        alt_groups = _output_groups(alt.get("output"))
        for name in captures:
            if isinstance(name, str) and name in groups and name not in alt_groups:
                yield doc.error(
                    ["steps", index, "alternatives", number, "output"],
                    "check/capture",
                    f"`captures` names `{name}`, but this alternative's output defines no "
                    f"(?P<{name}>...) group: a step verified this way would leave ${{{name}}} "
                    f"unset for the steps after it.",
                )


def _output_groups(found: Any) -> set[str]:
    """The named groups of the regexes in an output expectation's all/any lists."""
    groups: set[str] = set()
    output: dict[str, Any] = found if isinstance(found, dict) else {}
    for kind in ("all", "any"):
        listed = output.get(kind)
        patterns: list[Any] = listed if isinstance(listed, list) else []
        for pattern in patterns:
            if isinstance(pattern, dict) and isinstance(pattern.get("regex"), str):
                with suppress(re.error):  # reported by the regex check
                    groups |= set(compile_pattern(pattern["regex"]).groupindex)
    return groups


def _answers(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    for index, step in enumerate(steps):
        if not isinstance(step, dict) or not isinstance(step.get("choices"), list):
            continue
        choice_ids: list[str] = []
        for item, choice in enumerate(step["choices"]):
            cid = choice.get("id") if isinstance(choice, dict) else None
            if not isinstance(cid, str):
                continue
            if cid in choice_ids:
                yield doc.error(
                    ["steps", index, "choices", item, "id"],
                    "check/choice",
                    f"The choice id `{cid}` is used twice in this question.",
                )
            choice_ids.append(cid)
        answer = step.get("answer")
        if isinstance(answer, str) and answer not in choice_ids:
            yield doc.error(
                ["steps", index, "answer"],
                "check/answer",
                f"The answer `{answer}` is not one of the choices ({', '.join(choice_ids)}).",
            )


def _strings(value: Any, path: list[PathPart]) -> Iterator[tuple[list[PathPart], str]]:
    """Every string inside `value` (keys excluded), with its path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from _strings(child, [*path, key])
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _strings(child, [*path, index])
