"""A published lesson's plain text, read into a plain data model (sans-I/O: text in, Lesson out).

The platform the seed lab comes from publishes a lesson as lines of text
(tests/labs/lessons/seed-lesson.txt is one):

- the first line is a breadcrumb (`Learn › Course › Lesson`), the second a one-line summary;
- prose lines;
- practice boxes, `prompt: P answer: COMMAND output: TEXT hint: TEXT`, on one line or over
  several: `output:` may be empty, may start on the next line and may run over the following
  lines up to the box's `hint:`; `hint:` and `output:` are optional;
- `>>> TEXT` lines: the explained answer of a multiple-choice question whose choices the text
  does not carry;
- lines that are a JSON object: an interactive diagram (only its caption is kept);
- a last line inviting the reader to practise on a real node (`Practice … in a real …`).

Where a box ends is decided from the text alone. A box whose first line holds its `hint:`, or
has no `output:`, is that one line. Otherwise its output runs on, blank lines included, to the
first line holding ` hint: `, which ends the box; another box, a `>>>` line, a diagram or the
lesson's last line (the invitation, or the end) before any `hint:` leaves the box unterminated:
- with output text on its first line and nothing but blank lines after it, it is that one line;
- otherwise (its output starts on the next line, or lines follow that may be its output or the
  next prose) the text does not say where the box ends: LessonError names the box's line and
  asks for a `hint:` to end it (an empty `hint:` will do). Nothing is cut silently.
So a prose line holding ` hint: ` after a box without hint is read as part of the box: the
draft's review names every box whose output runs over blank lines.

grader.authoring.draft turns a Lesson into a draft lab; `grader import-lesson` writes it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass


class LessonError(ValueError):
    """The text is not a lesson the importer can read; `line` is 1-based (0: the whole text)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True)
class Box:
    """A practice box: what the lesson shows at the prompt, the command, its output, a hint."""

    line: int  # where the box starts
    last_line: int  # where it ends (its `hint:` line, or `line`)
    prompt: str
    answer: str
    output: str = ""
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """A `>>>` line: the explained answer of a multiple-choice question (no choices in the text)."""

    line: int
    explanation: str


@dataclass(frozen=True, slots=True)
class Diagram:
    """A JSON line: an interactive diagram; only its caption survives the import."""

    line: int
    caption: str


@dataclass(frozen=True, slots=True)
class Section:
    """One exercise (a box or a question) with the prose and diagrams that came before it."""

    item: Box | Question
    prose: tuple[str, ...] = ()
    diagrams: tuple[Diagram, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    title: str
    summary: str
    sections: tuple[Section, ...]
    # prose and diagrams after the last exercise, and the closing invitation line
    closing: tuple[str, ...] = ()
    closing_diagrams: tuple[Diagram, ...] = ()
    invitation: str = ""

    @property
    def boxes(self) -> tuple[Box, ...]:
        return tuple(s.item for s in self.sections if isinstance(s.item, Box))


_BOX_START = re.compile(r"^prompt:(?=\s|$)")
_BOX = re.compile(
    r"^prompt:[ \t]*(?P<prompt>.*?)[ \t]+answer:(?P<answer>.*?)"
    r"(?:[ \t]+output:(?P<output>.*?))?"
    r"(?:\s+hint:(?P<hint>.*))?\Z",
    re.S,
)
_HINT = re.compile(r"(?:^|\s)hint:(?:\s|$)")
_OUTPUT = re.compile(r"\soutput:(?:\s|$)")
_QUESTION = re.compile(r"^>>>\s?(?P<text>.*)$")
_INVITATION = re.compile(r"(?i)^practi[cs]e\b")
_BREADCRUMB = re.compile(r"\s+[›»>]\s+")


def _diagram(line: str, number: int) -> Diagram | None:
    text = line.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    caption = data.get("caption")
    return Diagram(number, caption.strip() if isinstance(caption, str) else "")


def _ends_box(line: str) -> bool:
    """A line a box's output never runs into."""
    return (
        not line.strip()
        or bool(_BOX_START.match(line))
        or bool(_QUESTION.match(line))
        or _diagram(line, 0) is not None
    )


def _box_end(lines: list[str], start: int, stop: int) -> int:
    """Index of the box's last line (its `hint:` line), found as the module doc says; `stop`:
    where the lesson's body ends (its invitation line, or the end of the text)."""
    first = lines[start]
    output = _OUTPUT.search(first)
    if _HINT.search(first) or output is None:
        return start
    end = stop
    for j in range(start + 1, stop):
        if lines[j].strip() and _ends_box(lines[j]):
            end = j
            break
        if _HINT.search(lines[j]):
            return j
    between = [j + 1 for j in range(start + 1, end) if lines[j].strip()]
    if not between and first[output.end() :].strip():
        return start  # `output: TEXT` and nothing that could be more of it
    raise LessonError(start + 1, _unterminated(lines, end, stop, between))


def _unterminated(lines: list[str], end: int, stop: int, between: list[int]) -> str:
    """Why a box that never reaches `hint:` before `end` cannot be read (`between`: the
    non-blank line numbers after its first line)."""
    if end == stop:
        where = "the end of the lesson"
    elif _BOX_START.match(lines[end]):
        where = f"the next box (line {end + 1})"
    elif _QUESTION.match(lines[end]):
        where = f"the `>>>` line {end + 1}"
    else:
        where = f"the diagram on line {end + 1}"
    fix = "end the box with `hint:` after its output (an empty `hint:` will do)"
    if not between:
        return f"a practice box whose `output:` is empty and no `hint:` before {where}: {fix}"
    span = f"line {between[0]}" if len(between) == 1 else f"lines {between[0]}–{between[-1]}"
    return (
        f"a practice box with `output:` but no `hint:` before {where}: {span} may be its "
        f"output or the prose after it; {fix}"
    )


def _read_box(lines: list[str], start: int, end: int) -> Box:
    number = start + 1
    text = "\n".join(lines[start : end + 1]).rstrip()
    found = _BOX.match(text)
    if found is None:
        raise LessonError(number, "a practice box without `answer:` (`prompt: … answer: …`)")
    answer = found["answer"].strip()
    if not answer:
        raise LessonError(number, "a practice box with an empty `answer:`")
    if "\n" in answer:
        raise LessonError(number, "a practice box whose `answer:` runs over more than one line")
    output = "\n".join(x.rstrip() for x in (found["output"] or "").strip("\n").splitlines())
    return Box(
        line=number,
        last_line=end + 1,
        prompt=found["prompt"].strip(),
        answer=answer,
        output=output.strip(" \t").rstrip(),
        hint=" ".join((found["hint"] or "").split()),
    )


def parse_lesson(text: str) -> Lesson:
    """The lesson in `text`; LessonError names the line of the first thing it cannot read."""
    lines = text.splitlines()
    filled = [i for i, x in enumerate(lines) if x.strip()]
    if not filled:
        raise LessonError(0, "the lesson is empty")
    head = lines[filled[0]].strip()
    if _ends_box(head):
        raise LessonError(filled[0] + 1, "the first line should be the lesson's title")
    title = _BREADCRUMB.split(head)[-1].strip()
    body_start = filled[0] + 1
    summary = ""
    if len(filled) > 1 and not _ends_box(lines[filled[1]]):
        summary = lines[filled[1]].strip()
        body_start = filled[1] + 1
    invitation = ""
    body_end = len(lines)
    last = filled[-1]
    if last >= body_start and _INVITATION.match(lines[last].strip()):
        invitation = lines[last].strip()
        body_end = last

    sections: list[Section] = []
    prose: list[str] = []
    diagrams: list[Diagram] = []
    i = body_start
    while i < body_end:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        diagram = _diagram(line, i + 1)
        question = _QUESTION.match(line)
        item: Box | Question
        if _BOX_START.match(line):
            end = _box_end(lines, i, body_end)
            item = _read_box(lines, i, end)
            i = end + 1
        elif question is not None:
            explanation = question["text"].strip()
            if not explanation:
                raise LessonError(i + 1, "a `>>>` line without an explanation")
            item = Question(i + 1, explanation)
            i += 1
        elif diagram is not None:
            diagrams.append(diagram)
            i += 1
            continue
        else:
            prose.append(line.strip())
            i += 1
            continue
        sections.append(Section(item, tuple(prose), tuple(diagrams)))
        prose, diagrams = [], []
    if not any(isinstance(s.item, Box) for s in sections):
        raise LessonError(
            0,
            f"no practice box (a line starting `prompt: … answer: …`) in the {len(lines)} "
            "lines of the lesson: there is no command to grade",
        )
    return Lesson(
        title=title,
        summary=summary,
        sections=tuple(sections),
        closing=tuple(prose),
        closing_diagrams=tuple(diagrams),
        invitation=invitation,
    )
