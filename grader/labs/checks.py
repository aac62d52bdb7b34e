"""Checks the schema cannot express: references between steps, variables, regexes, ids.

They run on data that may also have schema errors (so every problem is reported at once), which
is why each check looks at shapes defensively instead of trusting them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
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
_MATCHED_KEYS = ("command", "output", "probe", "captures")


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
    errors += _numbers_and_comparisons(doc, steps)
    errors += _answers(doc, steps)
    errors += _durations(doc, steps)
    errors += _roads(doc, steps)
    return errors


def _roads(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    """A step's `road` is proven by its program's run: it needs a command naming the program."""
    for index, step in enumerate(steps):
        if not isinstance(step, dict) or "road" not in step:
            continue
        command = step.get("command")
        if not (isinstance(command, dict) and "program" in command):
            yield doc.error(
                ["steps", index, "road"],
                "check/road",
                "A step with `road` needs a `command` with its `program` (the NCCL program whose "
                "run must prove the road).",
            )


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
    # absolute first: `grader lint .` inside a lab folder names the file `lab.yaml`, whose
    # parent `.` has no name
    return lab_file.absolute().parent.name if lab_file.name == "lab.yaml" else lab_file.stem


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
    for captured in _captured(steps):
        captured_by.setdefault(captured.name, captured.step)
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
        if isinstance(name, str) and name not in groups:  # a mapping reads a number instead
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


@dataclass(frozen=True, slots=True)
class _Captured:
    """One item of some step's `captures`: its name, kind ("text", "number", "numbers")."""

    name: str
    kind: str
    step: int
    path: list[PathPart]  # where its name is written


def _captured(steps: list[Any]) -> Iterator[_Captured]:
    """Every item of every step's `captures`, in lab order (shapes checked defensively)."""
    for index, step in enumerate(steps):
        found = step.get("captures") if isinstance(step, dict) else None
        for item, c in enumerate(found if isinstance(found, list) else []):
            path: list[PathPart] = ["steps", index, "captures", item]
            if isinstance(c, str):
                yield _Captured(c, "text", index, path)
            elif isinstance(c, dict) and isinstance(c.get("name"), str):
                kind = "numbers" if c.get("as") == "numbers" else "number"
                yield _Captured(c["name"], kind, index, [*path, "name"])


def _numbers_and_comparisons(doc: Document, steps: list[Any]) -> Iterator[LabError]:
    """Number captures (one group, a unique name, an output to read) and `compare` (names that
    this step or an earlier one captures, as numbers of the right kind)."""
    first: dict[str, _Captured] = {}
    for c in _captured(steps):
        before = first.get(c.name)
        if before is None:
            first[c.name] = c
        elif "number" in c.kind or "number" in before.kind:  # text captures may repeat
            where = "this step" if before.step == c.step else f"step {before.step + 1}"
            yield doc.error(
                c.path,
                "check/capture",
                f"`{c.name}` is captured twice ({where} captures it too); give each number "
                "its own name.",
            )
    for index, step in enumerate(steps):
        if not isinstance(step, dict):
            continue
        found = step.get("captures")
        for item, c in enumerate(found if isinstance(found, list) else []):
            if isinstance(c, dict):
                yield from _number_source(doc, c, ["steps", index, "captures", item])
                if not any(k in step for k in ("command", "output", "exit")):
                    yield doc.error(
                        ["steps", index, "captures", item],
                        "check/capture",
                        "A number is read from the step's command output, and this step has "
                        "no command, output or exit to judge a command by (only a probe).",
                    )
        for path, text in _strings({k: step.get(k) for k in _MATCHED_KEYS}, ["steps", index]):
            for name in VARIABLE.findall(text):
                if name in first and first[name].kind == "numbers":
                    yield doc.error(
                        path,
                        "check/variable",
                        f"`${{{name}}}` holds every value (`as: numbers`); only a `within` "
                        "comparison can use it.",
                    )
        listed = step.get("compare")
        for item, comparison in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(comparison, dict):
                yield from _comparison(doc, comparison, ["steps", index, "compare", item], first)


def _number_source(doc: Document, c: dict[str, Any], path: list[PathPart]) -> Iterator[LabError]:
    source = c.get("from")
    regex = source.get("regex") if isinstance(source, dict) else None
    if isinstance(regex, str):
        try:
            groups = compile_pattern(regex).groups
        except re.error:
            groups = 1  # reported by the regex check
        if groups != 1:
            problem = (
                "has no group: put the number in parentheses, like 'busbw: ([0-9.]+)'"
                if groups == 0
                else f"has {groups} groups; it needs exactly one, around the number (make the "
                "others non-capturing: (?:...))"
            )
            yield doc.error([*path, "from", "regex"], "check/capture", f"The regex {problem}.")
    if c.get("as") == "numbers" and "pick" in c:
        yield doc.error(
            [*path, "pick"],
            "check/capture",
            "`pick` chooses one value, but `as: numbers` keeps every value; drop one of them.",
        )


def _comparison(
    doc: Document, comparison: dict[str, Any], path: list[PathPart], first: dict[str, _Captured]
) -> Iterator[LabError]:
    index = int(str(path[1]))
    uses: list[tuple[str, str]] = [("left", "number")]
    if isinstance(comparison.get("right"), str):
        uses.append(("right", "number"))
    if "within" in comparison:
        uses.append(("within", "numbers"))
    for key, wanted in uses:
        name = comparison.get(key)
        if not isinstance(name, str):
            continue
        captured = first.get(name)
        where = [*path, key]
        if captured is None:
            known = ", ".join(sorted(first)) or "none"
            yield doc.error(
                where,
                "check/compare",
                f"`{key}` names `{name}`, which no step captures (captured: {known}).",
            )
        elif captured.step > index:
            yield doc.error(
                where,
                "check/compare",
                f"`{name}` is captured by step {captured.step + 1}, a later one; a comparison "
                "can use only what this step or an earlier one captures.",
            )
        elif captured.kind != wanted:
            yield doc.error(where, "check/compare", _kind_sentence(key, name, captured.kind))
    described = comparison.get("description")
    for name in VARIABLE.findall(described if isinstance(described, str) else ""):
        captured = first.get(name)
        if captured is None or captured.step > index:
            yield doc.error(
                [*path, "description"],
                "check/variable",
                f"`${{{name}}}` is not captured by this step or an earlier one.",
            )


def _kind_sentence(key: str, name: str, kind: str) -> str:
    if key == "within":
        holds = "text" if kind == "text" else "one number"
        return f"`within` needs every value of a column (`as: numbers`); `{name}` holds {holds}."
    if kind == "text":
        return (
            f"`{name}` is text (a named regex group); a comparison needs a number: capture it "
            f"as {{name: {name}, from: {{regex: ...}}}}."
        )
    return (
        f"`{name}` holds every value (`as: numbers`); `{key}` needs one number: capture it "
        f"`as: number`, or compare it with `within: {name}`."
    )


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
