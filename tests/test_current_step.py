"""Where a learner is: one rule (grader.verdict.current_step) and its twins, held to the same
cases: the node's `lab` (current_index: standard-library Python that cannot import the grader)
and the pages' currentStep (grader/api/static/common.js: the class grid follows live events),
which tests/browser/test_current_step_js.py runs on these CASES in Chromium.
tests/browser/test_class_view.py shows both pages agreeing on a learner who skipped a question."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from types import ModuleType

import pytest

from grader.node.paths import node_file
from grader.verdict import current_step

C, Q = "command", "question"
V, A, P = "verified", "attempted", "pending"

CASES = [
    ([], None),
    ([(C, V), (Q, V)], None),  # all done
    ([(C, P), (Q, P), (C, P)], 0),  # never started: the first step
    ([(C, V), (C, A), (C, P)], 1),  # trying step 2
    ([(C, V), (Q, P), (C, P)], 1),  # nothing after the question yet: it is next
    ([(C, V), (Q, P), (C, A)], 2),  # moved on past the question: skipped, not stuck
    ([(C, V), (Q, P), (C, V), (C, P)], 3),
    ([(C, V), (Q, A), (C, A)], 1),  # a wrong answer is a try, not a skip
    ([(C, P), (C, V)], 0),  # a command step left behind is still where the learner is
    ([(C, V), (Q, P), (Q, P), (C, V)], 1),  # only skipped questions left: the first of them
    ([(Q, P), (C, V), (Q, P), (C, A)], 3),
]


def lab_script() -> ModuleType:
    path = str(node_file("lab"))
    loader = importlib.machinery.SourceFileLoader("labgrader_lab_command", path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@pytest.mark.parametrize(("steps", "expected"), CASES)
def test_the_rule(steps: list[tuple[str, str]], expected: int | None) -> None:
    assert current_step(steps) == expected


@pytest.mark.parametrize(("steps", "expected"), CASES)
def test_the_nodes_lab_command_keeps_the_same_rule(
    steps: list[tuple[str, str]], expected: int | None
) -> None:
    lab = lab_script()
    # as in the progress document (grader/daemon/feedback.py): each step with its type
    doc_steps = [{"id": f"s{i}", "type": t, "state": s} for i, (t, s) in enumerate(steps)]
    assert lab.current_index(doc_steps) == expected
    found = lab._current({"labs": [{"id": "done", "steps": [{"state": V}]}, {"steps": doc_steps}]})
    assert (found[1]["id"] if found else None) == (None if expected is None else f"s{expected}")
