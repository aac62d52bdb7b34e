"""Questions that cannot be guessed: one answer counts unless the lab says otherwise, and a
choice is read without regard to case. Labs are written as YAML files and loaded as `grader`
loads them, so the loader's default is what is tested."""

from __future__ import annotations

from pathlib import Path

import pytest
from matching_helpers import Shell

from grader.labs.errors import LabInvalid
from grader.labs.loader import load_lab
from grader.matching.engine import LabGrader
from grader.verdict import State

LAB = """\
schema_version: 1
id: quiz
title: A quiz
description: One question.
steps:
  - id: run
    title: Run it
    command: {program: all_reduce_perf}
  - id: pick
    type: question
    title: Pick one
    question: Which?
    choices:
      - {id: a, text: the first}
      - {id: b, text: the second}
      - {id: c, text: the third}
    answer: b
"""


def _write(where: Path, extra: str = "") -> Path:
    """A folder named as the lab (the loader checks it) holding lab.yaml with `extra` added."""
    folder = where / "quiz"
    folder.mkdir()
    (folder / "lab.yaml").write_text(LAB + extra)
    return folder


def _lab(where: Path, extra: str = "") -> LabGrader:
    return LabGrader(load_lab(_write(where, extra)), "alice")


def _answer(g: LabGrader, sh: Shell, choice: str) -> State:
    out = [v for v in g.feed_all(sh.run(f"lab answer pick {choice}")) if v.step == "pick"]
    return out[-1].state


def test_a_question_counts_one_answer_unless_the_lab_says(tmp_path: Path) -> None:
    g, sh = _lab(tmp_path), Shell()
    assert _answer(g, sh, "a") is State.ATTEMPTED
    assert _answer(g, sh, "b") is State.ATTEMPTED  # right, but the one answer was spent
    assert "no attempts left: this question allows 1" in g.snapshot()["steps"]["pick"]["reason"]
    assert g.attempts("pick") == 2  # every answer is still recorded for the operator


def test_trying_every_choice_verifies_only_where_the_lab_allows_it(tmp_path: Path) -> None:
    g, sh = _lab(tmp_path, "    attempts: unlimited\n"), Shell()
    assert [_answer(g, sh, c) for c in "acb"] == [State.ATTEMPTED, State.ATTEMPTED, State.VERIFIED]
    (tmp_path / "two").mkdir()
    g, sh = _lab(tmp_path / "two", "    attempts: 2\n"), Shell()
    assert [_answer(g, sh, c) for c in "acb"] == [State.ATTEMPTED] * 3


def test_a_choice_in_capitals_is_that_choice(tmp_path: Path) -> None:
    g, sh = _lab(tmp_path), Shell()
    assert _answer(g, sh, "B") is State.VERIFIED


@pytest.mark.parametrize("value", ["0", "-1", "many", "1.5"])
def test_attempts_is_a_count_or_unlimited(tmp_path: Path, value: str) -> None:
    with pytest.raises(LabInvalid, match="attempts"):
        load_lab(_write(tmp_path, f"    attempts: {value}\n"))


def test_the_shipped_labs_set_attempts_on_every_question() -> None:
    labs = Path(__file__).resolve().parents[2] / "labs"
    for lab_dir in sorted(p.parent for p in labs.glob("*/lab.yaml")):
        text = (lab_dir / "lab.yaml").read_text()
        questions = text.count("type: question")
        assert questions and text.count("\n    attempts: ") == questions, lab_dir.name
