"""Broken lab files: each gives exactly the one expected error, at the right line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.cli import main
from grader.labs.document import MAX_ALIASES, MAX_EXPANDED_NODES, MAX_LAB_BYTES
from grader.labs.errors import LabInvalid
from grader.labs.loader import check_lab, load_lab

BROKEN = Path(__file__).parent / "broken"

# fixture -> (line, column, rule, words the sentence must contain)
EXPECTED: dict[str, tuple[int, int, str, tuple[str, ...]]] = {
    "unknown-key": (8, 5, "#/$defs/step/additionalProperties", ("`hint`", "did you mean `hints`")),
    "missing-title": (2, 1, "#/required", ("lab is missing", "`title`")),
    "wrong-type": (8, 12, "#/$defs/step/properties/hints/type", ("`hints`", "a list", "not text")),
    "bad-regex": (10, 18, "check/regex", ("does not compile", "missing )", "position 11")),
    "duplicate-step-id": (9, 9, "check/unique-step-id", ("`run`", "twice", "line 6")),
    "after-unknown": (12, 19, "check/after", ("`run-brokn`", "not a step", "run-broken")),
    "undefined-var": (11, 29, "check/variable", ("${iface}", "before any earlier step")),
    "bad-answer": (13, 13, "check/answer", ("`c`", "a, b")),
    "alias-bomb": (12, 30, "yaml/alias-limit", (f"more than {MAX_ALIASES} aliases", "bomb")),
    "python-tag": (4, 14, "yaml/tag", ("!!python/object/apply:os.system", "not allowed")),
    "tabs": (7, 1, "yaml/syntax", ("tab character", "spaces")),
    "empty": (1, 1, "yaml/empty", ("empty",)),
    "question-with-command": (14, 5, "#/$defs/forbidden/not", ("`command`", "question step")),
    "capture-without-group": (11, 16, "check/capture", ("`iface`", "(?P<iface>")),
    "duplicate-key": (9, 5, "yaml/duplicate-key", ("`exit`", "twice", "line 8")),
    "road-without-program": (10, 11, "check/road", ("`road`", "`program`")),
}


def test_every_fixture_has_an_expectation() -> None:
    fixtures = {p.stem for p in BROKEN.glob("*.yaml")} - {"three-problems"}
    assert fixtures == set(EXPECTED)
    assert len(fixtures) >= 10


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_lab_gives_exactly_the_expected_error(name: str) -> None:
    line, column, rule, words = EXPECTED[name]
    errors = check_lab(BROKEN / f"{name}.yaml")
    assert len(errors) == 1, "\n".join(map(str, errors))
    (error,) = errors
    assert (error.line, error.column, error.schema_path) == (line, column, rule), str(error)
    for word in words:
        assert word in error.message, str(error)
    assert error.message.endswith((".", "?")), "one plain sentence"
    assert str(error).startswith(f"{BROKEN / name}.yaml:{line}:{column}: [{rule}] ")


def test_three_problems_are_reported_at_once() -> None:
    errors = check_lab(BROKEN / "three-problems.yaml")
    assert [(e.line, e.column, e.schema_path) for e in errors] == [
        (6, 9, "#/$defs/slug/pattern"),
        (11, 13, "#/$defs/step/properties/points/type"),
        (16, 12, "check/after"),
    ]
    assert "`Run_Broken`" in errors[0].message and "lowercase" in errors[0].message
    assert "whole number" in errors[1].message
    assert "`fourth`" in errors[2].message


def test_load_lab_raises_with_every_error() -> None:
    with pytest.raises(LabInvalid) as caught:
        load_lab(BROKEN / "three-problems.yaml")
    assert len(caught.value.errors) == 3
    assert "(and 2 more)" in str(caught.value)


def test_lint_exits_1_and_prints_one_line_per_error(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(BROKEN.glob("*.yaml"))
    assert main(["lint", *map(str, files)]) == 1
    out = capsys.readouterr().out.splitlines()
    # the fixtures are minimal (no hints, regexes without descriptions): lint also warns, on
    # lines of their own after each file's problems
    problems = [line for line in out if ": warning: [warn/" not in line]
    assert len(problems) == len(EXPECTED) + 3
    assert f"{BROKEN / 'unknown-key.yaml'}:8:5: [#/$defs/step/additionalProperties]" in "\n".join(
        out
    )


def _lab(tmp_path: Path, body: str, folder: str = "demo") -> Path:
    lab = tmp_path / folder
    lab.mkdir()
    (lab / "lab.yaml").write_text(body)
    return lab


MINIMAL = """\
schema_version: 1
id: demo
title: Demo
description: d
steps:
  - id: one
    title: One
    exit: 0
"""


def test_lab_id_must_equal_folder(tmp_path: Path) -> None:
    lab = _lab(tmp_path, MINIMAL, folder="other")
    (error,) = check_lab(lab)
    assert (error.line, error.column, error.schema_path) == (2, 5, "check/lab-id")
    assert "`demo`" in error.message and "`other`" in error.message


def test_after_naming_a_later_step(tmp_path: Path) -> None:
    body = MINIMAL.replace("    exit: 0\n", "    exit: 0\n    after: two\n") + (
        "  - id: two\n    title: Two\n    exit: 0\n"
    )
    (error,) = check_lab(_lab(tmp_path, body))
    assert (error.line, error.column, error.schema_path) == (9, 12, "check/after")
    assert "later" in error.message


def test_variable_captured_only_by_a_later_step(tmp_path: Path) -> None:
    body = MINIMAL.replace("    exit: 0\n", "    output: {all: ['${iface}']}\n") + (
        "  - id: two\n    title: Two\n    output: {all: [{regex: '(?P<iface>eth\\d)'}]}\n"
        "    captures: [iface]\n"
    )
    (error,) = check_lab(_lab(tmp_path, body))
    assert (error.line, error.schema_path) == (8, "check/variable")
    assert "step 2 captures it, but later" in error.message


def test_misspelled_top_level_key_and_enum(tmp_path: Path) -> None:
    body = MINIMAL.replace("description: d", "descripton: d") + "    type: comand\n"
    errors = check_lab(_lab(tmp_path, body))
    messages = [e.message for e in errors]
    assert any("missing the required key `description`" in m for m in messages)
    assert any("`descripton`" in m and "did you mean `description`" in m for m in messages)
    assert any("did you mean `command`" in m for m in messages)


def test_unquoted_yes_key_and_boolean_value(tmp_path: Path) -> None:
    body = MINIMAL + "environment:\n  NCCL_DEBUG: on\n"
    (error,) = check_lab(_lab(tmp_path, body))
    assert (error.line, error.column) == (10, 15)
    assert "should be text" in error.message and "Quote it" in error.message


def test_exit_forms_and_value_matcher_shapes(tmp_path: Path) -> None:
    body = MINIMAL.replace(
        "    exit: 0\n",
        "    exit: {stage: 0}\n    command:\n      program: x\n      flags: {-g: [2]}\n",
    )
    errors = check_lab(_lab(tmp_path, body))
    assert [(e.line, e.column) for e in errors] == [(8, 11), (11, 19)]
    assert "exactly one of `code`, `zero`, `nonzero`" in errors[0].message
    assert "cannot be a list" in errors[1].message


def test_size_and_expansion_caps(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * MAX_LAB_BYTES + b"\n")
    (error,) = check_lab(big)
    assert error.schema_path == "yaml/size"
    # few aliases, huge expansion: 6 levels of 9 aliases
    lines = ["a0: &a0 [" + ", ".join(["x"] * 9) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 7)]
    wide = tmp_path / "wide.yaml"
    wide.write_text("\n".join(lines) + "\n")
    assert MAX_EXPANDED_NODES < 9**7
    (error,) = check_lab(wide)
    assert error.schema_path == "yaml/alias-limit"
    assert "expanded" in error.message


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.write_text("steps: &s [*s]\n")
    (error,) = check_lab(loop)
    assert error.schema_path == "yaml/recursive"


def test_missing_file() -> None:
    (error,) = check_lab(BROKEN / "does-not-exist.yaml")
    assert "Cannot read" in error.message
