"""Loading a lab: YAML -> located data -> schema + semantic checks -> the typed model.

`check_lab` reports every problem at once (for `grader lint` and editors); `load_lab` returns a
grader.labs.model.Lab or raises LabInvalid carrying all of them. Nothing downstream ever sees a
lab that did not pass both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from grader.labs.checks import semantic_errors
from grader.labs.document import Document, read_document
from grader.labs.errors import LabError, LabInvalid
from grader.labs.model import (
    After,
    Alternative,
    Choice,
    CommandExpect,
    Comparison,
    Duration,
    ExitExpect,
    Lab,
    NumberCapture,
    OutputExpect,
    Pattern,
    Practice,
    Probe,
    StageExpect,
    Step,
    ValueMatch,
)
from grader.labs.schema import schema_errors

LAB_FILE = "lab.yaml"
# Probe default when the lab gives none: long enough for nvidia-smi on a busy node, short enough
# that a hung probe does not hold the node's SSH channel (the schema caps it at 60 s).
DEFAULT_PROBE_TIMEOUT_S = 10.0

__all__ = ["LAB_FILE", "LabError", "LabInvalid", "check_lab", "lab_file", "load_lab"]


def lab_file(path: str | Path) -> Path:
    """The lab.yaml for `path`: a lab folder or the file itself."""
    path = Path(path)
    return path / LAB_FILE if path.is_dir() else path


def check_lab(path: str | Path) -> list[LabError]:
    """Every problem in the lab at `path`, sorted by position; [] means it loads."""
    return _read(lab_file(path))[1]


def load_lab(path: str | Path) -> Lab:
    """The typed Lab at `path` (a lab folder or its lab.yaml); LabInvalid lists every problem."""
    doc, errors = _read(lab_file(path))
    if errors:
        raise LabInvalid(errors)
    return build_lab(doc.data, str(lab_file(path)))


def _read(file: Path) -> tuple[Document, list[LabError]]:
    name = str(file)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        doc = Document(name, None, None)
        return doc, [LabError(name, 1, 1, "file", f"Cannot read the file: {exc.strerror}.")]
    doc = read_document(name, raw)
    errors = list(doc.errors)
    if doc.usable:
        errors += schema_errors(doc)
        errors += semantic_errors(doc, file)
    return doc, sorted(set(errors))


def build_lab(data: dict[str, Any], source: str = "") -> Lab:
    """The model for data that passed the schema and the checks (shapes are trusted here)."""
    return Lab(
        id=data["id"],
        title=data["title"],
        description=data["description"],
        steps=tuple(_step(s) for s in data["steps"]),
        environment=dict(data.get("environment", {})),
        requires_gpus=int(data.get("requires", {}).get("gpus", 0)),
        source=source,
        attest_programs=frozenset(data.get("attest", {}).get("programs", ())),
    )


def _step(d: dict[str, Any]) -> Step:
    practice = d.get("practice")
    return Step(
        id=d["id"],
        title=d["title"],
        type=d.get("type", "command"),
        instructions=d.get("instructions", ""),
        hints=tuple(d.get("hints", ())),
        points=d.get("points", 1),
        practice=Practice(practice["prompt"], practice["answer"], practice.get("output", ""))
        if practice
        else None,
        command=_command(d["command"]) if "command" in d else None,
        output=_output(d["output"]) if "output" in d else None,
        exit=_exit(d["exit"]) if "exit" in d else None,
        duration=Duration(d["duration"].get("min_seconds"), d["duration"].get("max_seconds"))
        if "duration" in d
        else None,
        after=_after(d["after"]) if "after" in d else None,
        captures=tuple(c if isinstance(c, str) else c["name"] for c in d.get("captures", ())),
        number_captures=tuple(_number(c) for c in d.get("captures", ()) if isinstance(c, dict)),
        compare=tuple(_comparison(c) for c in d.get("compare", ())),
        alternatives=tuple(_alternative(a) for a in d.get("alternatives", ())),
        probe=_probe(d["probe"]) if "probe" in d else None,
        road=d.get("road"),
        question=d.get("question", ""),
        choices=tuple(Choice(c["id"], c["text"]) for c in d.get("choices", ())),
        answer=d.get("answer", ""),
        explanation=d.get("explanation", ""),
        attempts=_attempts(d),
    )


QUESTION_ATTEMPTS_DEFAULT = 1
"""Answers that count on a question that does not say: one. With more, a learner who tries every
choice in turn verifies any question (three open questions fell in six tries)."""


def _attempts(d: dict[str, Any]) -> int | None:
    """A question step's `attempts` (None: unlimited); command steps have none."""
    if d.get("type") != "question":
        return None
    value = d.get("attempts", QUESTION_ATTEMPTS_DEFAULT)
    return None if value == "unlimited" else int(value)


def _alternative(d: dict[str, Any]) -> Alternative:
    return Alternative(
        why=d.get("why", ""),
        command=_command(d["command"]) if "command" in d else None,
        output=_output(d["output"]) if "output" in d else None,
        exit=_exit(d["exit"]) if "exit" in d else None,
    )


def _number(d: dict[str, Any]) -> NumberCapture:
    src = d["from"]
    source: Literal["regex", "column", "footer"] = (
        "regex" if "regex" in src else "column" if "column" in src else "footer"
    )
    return NumberCapture(
        name=d["name"],
        source=source,
        text=src[source],
        in_place=bool(src.get("in_place", False)),
        many=d.get("as", "number") == "numbers",
        pick=d.get("pick", "last"),
        unit=d.get("unit", ""),
        label=d.get("label", ""),
    )


def _comparison(d: dict[str, Any]) -> Comparison:
    description = d.get("description", "")
    if "within" in d:
        return Comparison(d["left"], "within", d["within"], description=description)
    right = d["right"]
    return Comparison(
        d["left"],
        d["op"],
        right if isinstance(right, str) else float(right),
        float(d.get("times", 1)),
        description,
    )


def _value(v: Any) -> ValueMatch:
    if isinstance(v, str | int):
        return ValueMatch("equals", str(v))
    ((kind, value),) = v.items()
    return ValueMatch("absent") if kind == "absent" else ValueMatch(kind, value)


def _stage(d: dict[str, Any]) -> StageExpect:
    program = d["program"]
    return StageExpect(
        program=(program,) if isinstance(program, str) else tuple(program),
        env={k: _value(v) for k, v in d.get("env", {}).items()},
        flags={k: None if v is None else _value(v) for k, v in d.get("flags", {}).items()},
        args=tuple(_value(v) for v in d.get("args", ())),
        shows=tuple(d.get("shows", ())),
    )


def _command(d: dict[str, Any]) -> CommandExpect:
    return CommandExpect(
        main=_stage(d) if "program" in d else None,
        pipe=tuple(_stage(s) for s in d.get("pipe", ())),
        regex=d.get("regex"),
        only=bool(d.get("only", False)),
    )


def _pattern(p: str | dict[str, Any]) -> Pattern:
    if isinstance(p, str):
        return Pattern("contains", p)
    described = str(p.get("description", ""))
    if "regex" in p:
        return Pattern("regex", p["regex"], bool(p.get("ignore_case", False)), described)
    return Pattern("contains", p["contains"], bool(p.get("ignore_case", False)), described)


def _output(d: dict[str, Any]) -> OutputExpect:
    return OutputExpect(
        all=tuple(_pattern(p) for p in d.get("all", ())),
        any=tuple(_pattern(p) for p in d.get("any", ())),
        none=tuple(_pattern(p) for p in d.get("none", ())),
    )


def _exit(v: int | str | dict[str, Any]) -> ExitExpect:
    if isinstance(v, int):
        return ExitExpect("code", code=v)
    if isinstance(v, str):
        return ExitExpect("zero" if v == "zero" else "nonzero")
    stage = v.get("stage")
    if "code" in v:
        return ExitExpect("code", code=v["code"], stage=stage)
    return ExitExpect("zero" if "zero" in v else "nonzero", stage=stage)


def _after(v: str | dict[str, Any]) -> After:
    if isinstance(v, str):
        return After(v)
    return After(v["step"], bool(v.get("immediately", False)))


def _probe(d: dict[str, Any]) -> Probe:
    return Probe(
        command=tuple(d["command"]),
        timeout_s=float(d.get("timeout_s", DEFAULT_PROBE_TIMEOUT_S)),
        output=_output(d["output"]) if "output" in d else OutputExpect(),
        exit=_exit(d["exit"]) if "exit" in d else None,
        when=d.get("when", "after_command"),
    )
