"""`grader lint` warnings for fragile patterns (grader.labs.fragile), through the real CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.labs.document import read_document
from grader.labs.fragile import fragile_warnings
from grader.labs.loader import check_lab, load_lab

ROOT = Path(__file__).resolve().parents[2]

# The minimal lab shape (as tests/labs/broken/); STEP_EXTRA is appended to its one step.
HEAD = """\
schema_version: 1
id: demo
title: Demo
description: d
steps:
  - id: one
    title: One
    hints: [h]
    exit: 0
"""


def _lab(tmp_path: Path, step_extra: str = "", head: str = HEAD) -> Path:
    lab = tmp_path / "demo"
    lab.mkdir()
    file = lab / "lab.yaml"
    file.write_text(head + step_extra)
    return file


def _lint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["lint", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def _warnings(out: list[str]) -> list[str]:
    return [line for line in out if ": warning: [warn/" in line]


def test_bare_nccl_warn_in_none_warns_at_the_pattern(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = _lab(tmp_path, "    output:\n      none:\n        - NCCL WARN\n")
    code, out, err = _lint(capsys, str(file))
    assert code == 0, "warnings alone keep exit status 0"
    (line,) = out
    assert line.startswith(f"{file}:12:11: warning: [warn/none-rejects-harmless] ")
    assert "libibverbs" in line and "NCCL ≤ 2.10" in line
    assert "Failed to find CUDA library" in line and "NCCL 2.18" in line
    assert "`Test NCCL failure`" in line and "nccl-facts.md §3.1, §6.3" in line
    assert line.endswith(").")
    assert "0 problems, 1 warning in 1 lab file." in err
    # the daemon's check never sees warnings: the lab loads
    assert check_lab(file) == []
    assert load_lab(file).id == "demo"


def test_strict_turns_warnings_into_exit_1(tmp_path: Path) -> None:
    file = _lab(tmp_path, "    output:\n      none: [{contains: 'nccl warn', ignore_case: true}]\n")
    command = [sys.executable, "-m", "grader.cli", "lint"]
    plain = subprocess.run([*command, str(file)], capture_output=True, text=True, cwd=ROOT)
    strict = subprocess.run(
        [*command, "--strict", str(file)], capture_output=True, text=True, cwd=ROOT
    )
    assert plain.returncode == 0, plain.stderr
    assert strict.returncode == 1, strict.stderr
    for run in (plain, strict):
        assert f"{file}:11:25: warning: [warn/none-rejects-harmless]" in run.stdout
        assert "0 problems, 1 warning in 1 lab file." in run.stderr


def test_strict_without_warnings_is_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = _lab(tmp_path)
    code, out, _ = _lint(capsys, "--strict", str(file))
    assert code == 0
    assert out == ["OK: 1 lab file checked, no problems."]


def test_none_rejecting_the_failure_itself_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = _lab(tmp_path, "    output:\n      none: [{regex: 'Test NCCL failure'}]\n")
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_regex_none_on_a_probe_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = (
        "    probe:\n      command: [nvidia-smi]\n      output:\n"
        "        none: [{regex: 'cudawrap\\.cc:\\d+'}]\n"
    )
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, str(file))
    (line,) = out
    assert code == 0
    assert line.startswith(f"{file}:13:24: warning: [warn/none-rejects-harmless] ")
    assert "Failed to find CUDA library" in line and "libibverbs" not in line


def test_none_pattern_for_empty_output_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`none: [\\S]` (nothing printed at all, e.g. after a grep) is not aimed at warnings."""
    file = _lab(tmp_path, "    output:\n      none: [{regex: '\\S'}, {regex: '.'}]\n")
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_variable_in_a_none_pattern_does_not_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "    output:\n      all: [{regex: 'Using (?P<iface>\\w+)', description: d}]\n"
        "    captures: [iface]\n"
        "  - id: two\n    title: Two\n    hints: [h]\n    exit: 0\n"
        "    output:\n"
        "      none: ['${iface}', {regex: '${iface}.*failed', description: d},"
        " {contains: 'x${iface}'}]\n"
    )
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_instructions_with_one_generations_text_warn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = _lab(tmp_path, "    instructions: The run ends with `invalid usage` and exit code 3.\n")
    code, out, _ = _lint(capsys, str(file))
    (line,) = _warnings(out)
    assert code == 0
    assert line.startswith(f"{file}:10:19: warning: [warn/version-specific-text] ")
    assert "`invalid usage`" in line and "NCCL ≥ 2.24" in line
    assert "NCCL ≤ 2.23 prints `internal error" in line


def test_instructions_naming_both_generations_are_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "    instructions: |\n"
        "      The run ends with `invalid usage` (NCCL 2.24 and later) or with\n"
        "      `internal error` (older NCCL), and exit code 3.\n"
    )
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_prose_is_judged_per_step_and_in_the_description(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = HEAD.replace("description: d", "description: 'Read the `Bootstrap : Using` line.'")
    head = head.replace("    hints: [h]\n", "")
    body = (
        "    hints:\n      - Look for `via SHM/direct/direct`.\n"
        "      - 'Older NCCL: `via direct shared memory`.'\n"
        "  - id: two\n    type: question\n    title: Two\n    question: Which line?\n"
        "    hints: [h]\n"
        "    choices:\n      - {id: a, text: 'Count not open libibverbs'}\n"
        "      - {id: b, text: 'Failed to open libibverbs'}\n"
        "    answer: a\n"
    )
    file = _lab(tmp_path, body, head=head)
    code, out, _ = _lint(capsys, str(file))
    lines = _warnings(out)
    assert code == 0
    assert [line.split(": warning: ")[0] for line in lines] == [f"{file}:4:14"]
    assert "NCCL ≥ 2.24.3 prints `Bootstrap: Using`" in lines[0]


def test_all_pattern_with_one_generations_text_warns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = _lab(tmp_path, "    output:\n      all: [{regex: 'invalid usage'}]\n")
    code, out, _ = _lint(capsys, str(file))
    (line,) = out
    assert code == 0
    assert line.startswith(f"{file}:11:21: warning: [warn/version-specific-pattern] ")
    assert "matches only NCCL ≥ 2.24's text" in line
    assert "NCCL ≤ 2.23 prints `internal error - please report" in line


def test_any_pattern_covering_both_generations_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = "    output:\n      any: [{regex: 'invalid usage'}, 'internal error - please report']\n"
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_any_pattern_missing_a_generation_warns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = "    output:\n      any: ['via SHM/direct/direct', 'via direct shared memory']\n"
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, "--strict", str(file))
    assert code == 1
    (line,) = out
    assert line.startswith(f"{file}:11:12: warning: [warn/version-specific-pattern] ")
    assert "This `any` list's patterns match only NCCL 2.13 – 2.30.4's and NCCL ≤ 2.12's" in line
    assert "NCCL 2.30.7+ prints `via SHM/direct` instead" in line


def test_patterns_covering_every_generation_are_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "    output:\n      all:\n"
        "        - {regex: 'Bootstrap ?: Using', description: d}\n"
        "        - {regex: 'via (SHM/direct|direct shared memory)', description: d}\n"
        "        - {regex: '(count not|failed to) open libibverbs', ignore_case: true,"
        " description: d}\n"
        "        - Test NCCL failure\n"
    )
    file = _lab(tmp_path, body)
    code, out, _ = _lint(capsys, str(file))
    assert (code, out) == (0, ["OK: 1 lab file checked, no problems."])


def test_warnings_come_after_errors_and_are_counted_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "    output:\n      none: [WARN]\n      all: [{regex: 'Bootstrap: Using'}]\n"
        "    after: nope\n"
    )
    file = _lab(tmp_path, body)
    code, out, err = _lint(capsys, str(file))
    assert code == 1
    assert [line.split(" ")[1] for line in out] == [
        "[check/after]",
        "warning:",
        "warning:",
    ]
    assert "NCCL ≤ 2.24.2 prints `Bootstrap : Using`" in out[2]
    assert "1 problem, 2 warnings in 1 lab file." in err


def test_alternatives_outputs_are_checked(tmp_path: Path) -> None:
    """`alternatives` (each with its own `output`) is read even before the schema knows it."""
    file = _lab(
        tmp_path,
        "    alternatives:\n"
        "      - output: {none: [misc/ibvwrap.cc]}\n"
        "      - output: {all: ['via SHM/direct/direct']}\n",
    )
    doc = read_document(str(file), file.read_bytes())
    warnings = fragile_warnings(doc, file)
    assert [(w.line, w.column, w.schema_path) for w in warnings] == [
        (11, 25, "warn/none-rejects-harmless"),
        (12, 24, "warn/version-specific-pattern"),
    ]


def test_a_practice_answer_bash_cannot_parse_is_warned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`answer: | grep foo` reads as a grep to the matcher's lenient parser; bash refuses it."""
    lab = tmp_path / "syntax-lab"
    lab.mkdir()
    (lab / "lab.yaml").write_text(
        "schema_version: 1\nid: syntax-lab\ntitle: T\ndescription: D\nsteps:\n"
        "  - id: one\n    title: One\n    hints: [h]\n"
        "    practice: {prompt: $, answer: '| grep foo'}\n"
        "    command: {program: grep}\n"
        "  - id: two\n    title: Two\n    hints: [h]\n"
        "    practice: {prompt: $, answer: 'ls -l | grep foo'}\n"
        "    command: {program: ls}\n",
        encoding="utf-8",
    )
    code, out, _ = _lint(capsys, str(lab))
    (line,) = _warnings(out)
    assert code == 0
    assert line.startswith(f"{lab / 'lab.yaml'}:9:") and "[warn/answer-syntax]" in line
    assert "The practice answer `| grep foo` is not a command bash accepts" in line
    assert "syntax error near unexpected token" in line
