"""Hints shown to a learner, read from their `lab hint` commands (grader/api/hints.py).

The outputs are the node's real `lab` command (grader/node/files/lab) run on a progress file
the daemon's own `progress_document` wrote, so the text compared is what a terminal shows.
"""

from __future__ import annotations

import getpass
import json
import subprocess
import sys
from pathlib import Path

from grader.api.hints import hints_shown, is_hint_command
from grader.capture import CommandRecord
from grader.daemon.feedback import progress_document
from grader.labs import Lab, load_lab
from grader.node.paths import node_file

REPO = Path(__file__).resolve().parents[2]
USER = getpass.getuser()


def nccl() -> Lab:
    return load_lab(REPO / "labs" / "nccl-bootstrap")


def node_lab(root: Path, lab: Lab, *args: str) -> subprocess.CompletedProcess[str]:
    """`lab ARGS` as the learner runs it, on a progress file with nothing verified yet."""
    doc = progress_document(USER, [lab], {lab.id: []}, [], now=1.0)
    path = root / "progress" / USER / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    (root / "state" / USER).mkdir(parents=True, exist_ok=True)
    env = {"LABGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin", "HOME": str(root)}
    return subprocess.run(
        [sys.executable, str(node_file("lab")), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def record(line: str, output: str, exit_: int = 0, n: int = 1) -> CommandRecord:
    return CommandRecord(
        session="s",
        aid=1,
        n=n,
        line=line,
        exit=exit_,
        pipestatus=(exit_,),
        cwd="/home/x",
        t0=float(n),
        t1=float(n) + 0.1,
        output=output,
        output_chars=len(output),
    )


def test_asking_twice_shows_two_hints_and_never_asking_shows_none(tmp_path: Path) -> None:
    lab = nccl()
    topo = lab.step("topo")
    assert len(topo.hints) >= 2
    first = node_lab(tmp_path, lab, "hint", "topo")
    second = node_lab(tmp_path, lab, "hint", "topo")
    assert first.returncode == second.returncode == 0, first.stderr
    # the node printed the hints (backticks and all) as the lab wrote them
    assert topo.hints[0] in first.stdout and topo.hints[1] not in first.stdout
    once = [record("lab hint topo", first.stdout)]
    assert hints_shown(lab, once) == {"topo": [topo.hints[0]]}
    twice = [*once, record("lab hint topo", second.stdout, n=2)]
    assert hints_shown(lab, twice) == {"topo": list(topo.hints[:2])}
    # a learner who never asked saw none, however many other commands (and failures) they ran
    other = [record("nvidia-smi -L", "GPU 0: NVIDIA RTX 4000 Ada Generation\n", n=3)]
    assert hints_shown(lab, other) == {}


def test_only_a_real_lab_hint_run_that_succeeded_counts(tmp_path: Path) -> None:
    lab = nccl()
    topo = lab.step("topo")
    shown = node_lab(tmp_path, lab, "hint", "topo").stdout
    assert hints_shown(lab, [record("echo lab hint topo", shown)]) == {}  # printed, not asked
    assert hints_shown(lab, [record(f"echo '{shown}'", shown)]) == {}
    assert hints_shown(lab, [record("lab hint topo", shown, exit_=1)]) == {}
    # the step given by number, the default step, a pipe: still a `lab hint` run
    assert is_hint_command("lab hint 3") and is_hint_command("lab hint | less")
    assert is_hint_command("lab hint") and not is_hint_command("lab status")
    by_number = node_lab(tmp_path / "n", lab, "hint", "3").stdout
    assert hints_shown(lab, [record("lab hint 3", by_number)]) == {"topo": [topo.hints[0]]}
    # with nothing verified, the default step is the first one
    default = node_lab(tmp_path / "d", lab, "hint").stdout
    first = lab.steps[0]
    assert hints_shown(lab, [record("lab hint", default)]) == {first.id: [first.hints[0]]}


def test_a_hint_wrapped_or_rendered_without_backticks_still_counts() -> None:
    lab = nccl()
    hint = lab.step("run-broken").hints[0]
    assert "`" in hint
    rendered = "Step 1. " + lab.steps[0].title + "\n  hint 1/2: " + hint.replace("`", "")
    wrapped = rendered.replace(" ", "\n", 1)
    assert hints_shown(lab, [record("lab hint 1", wrapped)]) == {"run-broken": [hint]}
