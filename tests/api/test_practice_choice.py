"""The Practice Zone reads a question's choice as the grader does: `B` is `b`."""

from __future__ import annotations

from pathlib import Path

from grader.api.practice import check_choice
from grader.labs import load_lab

SEED_LAB = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"


def test_a_capital_choice_is_the_choice_and_records_its_id() -> None:
    lab = load_lab(SEED_LAB)
    question = next(s for s in lab.steps if s.type == "question")
    ids = [c.id for c in question.choices]
    assert ids[1] == ids[1].lower()  # the seed lab's ids are lower-case letters
    picked = check_choice(question, ids[1].upper())
    assert picked.reason == ""
    assert picked.practice["record"] == f"lab answer {question.id} {ids[1]}"
    wrong = check_choice(question, "zz")
    assert wrong.reason == f"pick one of: {', '.join(ids)}" and "record" not in wrong.practice
