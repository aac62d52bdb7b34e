"""`warn/answer-syntax`: a step's practice answer that bash itself cannot parse (`grader lint`).

The Practice Zone shows `practice.answer` as the line to type and checks learners' lines against
the step; an answer such as `| grep foo` (a pipe with nothing before it) is no command, yet the
matcher's lenient parser reads a program out of it, so nothing else says so. `bash -n` is the
judge: the shell learners type into. Lint only (a subprocess per answer, a few milliseconds);
without a bash on PATH the check says nothing.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Any

from grader.labs.document import Document, PathPart
from grader.labs.errors import LabError

TIMEOUT_S = 10.0


def bash_syntax_problem(line: str) -> str | None:
    """bash's complaint about `line` as one command line (`bash -n`), or None (also when there
    is no bash to ask)."""
    bash = shutil.which("bash")
    if bash is None:
        return None
    try:
        done = subprocess.run(
            [bash, "-n", "-c", line], capture_output=True, text=True, timeout=TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode == 0:
        return None
    lines = [x for x in done.stderr.splitlines() if x.strip()]
    text = lines[0] if lines else f"bash -n exited {done.returncode}"
    # `bash: -c: line 1: syntax error near unexpected token `|'`: from the complaint on
    return text[text.find("syntax error") :] if "syntax error" in text else text


def answer_syntax_warnings(doc: Document) -> list[LabError]:
    data = doc.data if isinstance(doc.data, dict) else {}
    found = data.get("steps")
    steps: list[Any] = found if isinstance(found, list) else []
    out: list[LabError] = []
    for index, step in enumerate(steps):
        practice = step.get("practice") if isinstance(step, dict) else None
        answer = practice.get("answer") if isinstance(practice, dict) else None
        if not isinstance(answer, str) or step.get("type", "command") != "command":
            continue
        problem = bash_syntax_problem(answer)
        if problem:
            path: list[PathPart] = ["steps", index, "practice", "answer"]
            out.append(
                doc.error(
                    path,
                    "warn/answer-syntax",
                    f"The practice answer `{answer}` is not a command bash accepts ({problem}): "
                    "learners would be shown a line that fails as typed.",
                )
            )
    return out
