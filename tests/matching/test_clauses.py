"""A reason says each thing once: comparisons waiting on one earlier step name it once."""

from __future__ import annotations

from pathlib import Path

from grader.labs import Comparison, load_lab
from grader.matching.clauses import join_clauses
from grader.matching.numbers import check_comparisons

TRANSPORT = Path(__file__).resolve().parents[2] / "labs" / "nccl-transport"


def test_comparisons_waiting_on_one_step_name_it_once() -> None:
    lab = load_lab(TRANSPORT)
    waiting = [
        Comparison("reported", "<", "busbw_socket"),
        Comparison("reported", "within", "sweep_socket"),
        Comparison("reported", "<", "busbw_p2p"),
    ]
    problems, _ = check_comparisons(waiting, {"reported": "2.0"}, lab)
    assert len(problems) == 3  # each check on its own says its order
    reason = join_clauses(["do the step “Put a number on the socket” first", *problems])
    assert reason.count("Put a number on the socket") == 1, reason
    assert reason.startswith(
        "do the step “Put a number on the socket” first: this step compares with your socket "
        "run's busbw and your socket table's busbw, which it captures; do the step "
        "“Measure what fast looks like” first: this step compares with your baseline run's busbw"
    ), reason
    # other clauses are kept, each once, in order
    assert join_clauses(["a; b", "b", "c"]) == "a; b; c"
