"""`attest: {programs: [...]}` in lab.yaml: schema, model and `grader lint` (attested runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.cli import main
from grader.labs.loader import check_lab, load_lab

LAB = """\
schema_version: 1
id: attest-lab
title: Attested
description: Steps whose programs the node signs.
attest:
  programs: PROGRAMS
steps:
  - id: run-job
    title: Run the job
    command:
      program: [all_reduce_perf, mpirun]
  - id: say
    title: Say hello
    command:
      program: echo
"""


def write(tmp_path: Path, programs: str) -> Path:
    d = tmp_path / "attest-lab"
    d.mkdir(exist_ok=True)
    (d / "lab.yaml").write_text(LAB.replace("PROGRAMS", programs))
    return d


def test_attested_programs_reach_the_model(tmp_path: Path) -> None:
    lab = load_lab(write(tmp_path, "[all_reduce_perf, nvidia-smi]"))
    assert lab.attest_programs == {"all_reduce_perf", "nvidia-smi"}
    run, say = lab.steps
    assert lab.attested(run) == {"all_reduce_perf"}  # mpirun is not signed: only the listed one
    assert lab.attested(say) == frozenset()


def test_a_lab_without_attest_needs_no_signed_runs(tmp_path: Path) -> None:
    d = write(tmp_path, "[x]")
    text = (d / "lab.yaml").read_text().replace("attest:\n  programs: [x]\n", "")
    (d / "lab.yaml").write_text(text)
    lab = load_lab(d)
    assert lab.attest_programs == frozenset()
    assert all(not lab.attested(s) for s in lab.steps)


@pytest.mark.parametrize(
    ("programs", "rule", "words"),
    [
        ("[./build/all_reduce_perf]", "#/$defs/programName/pattern", ("basename",)),
        ("[]", "#/properties/attest/properties/programs/minItems", ("`programs`",)),
        ("[nvidia-smi, nvidia-smi]", "#/properties/attest/properties/programs/uniqueItems", ()),
        ("nvidia-smi", "#/properties/attest/properties/programs/type", ("a list",)),
    ],
)
def test_a_bad_attest_list_is_one_located_error(
    tmp_path: Path, programs: str, rule: str, words: tuple[str, ...]
) -> None:
    errors = check_lab(write(tmp_path, programs) / "lab.yaml")
    assert len(errors) == 1, "\n".join(map(str, errors))
    (error,) = errors
    assert (error.line, error.schema_path) == (6, rule), str(error)
    for word in words:
        assert word in error.message, str(error)


def test_lint_reports_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = write(tmp_path, "[./all_reduce_perf]")
    assert main(["lint", str(d)]) == 1
    assert "lab.yaml:6:" in capsys.readouterr().out
    assert main(["lint", str(write(tmp_path, "[all_reduce_perf]"))]) == 0
