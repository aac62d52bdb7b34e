"""Every lab's self-test scripts, re-recorded on every bash of the matrix and graded there.

For each shell (tests/shells.py) a copy of each lab under labs/ is taken, every
`tests/<name>.script` is typed again into the real capture shell running on that bash
(tests/tools/record_transcripts.py --bash), and `grader test-lab`'s own check holds the new
transcripts to the same `<name>.expect.yaml` as the shipped ones. On a shell that cannot capture
(bash < 4.4) nothing may verify, every transcript must carry a shell_unsupported anomaly, and the
learner's own screen must say so.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import shells

from grader.authoring.session_files import replay
from grader.authoring.testlab_cmd import test_lab as run_test_lab
from grader.labs.loader import load_lab

REPO = Path(__file__).resolve().parents[2]
RECORDER = REPO / "tests" / "tools" / "record_transcripts.py"
LABS = sorted(p.parent for p in (REPO / "labs").glob("*/lab.yaml"))


def _rerecord(lab: Path, shell: shells.Shell, tmp_path: Path) -> Path:
    copy = tmp_path / lab.name
    shutil.copytree(lab, copy)
    argv = [sys.executable, str(RECORDER)]
    if shell.bindir is not None:
        argv += ["--bash", str(shell.bindir)]
    done = subprocess.run([*argv, str(copy)], capture_output=True, text=True, timeout=900, cwd=REPO)
    assert done.returncode == 0, done.stderr[-3000:]
    return copy


@pytest.mark.parametrize("shell", shells.params(captures=True))
@pytest.mark.parametrize("lab", LABS, ids=[p.name for p in LABS])
def test_every_lab_script_grades_as_expected(lab: Path, shell: shells.Shell, tmp_path) -> None:
    copy = _rerecord(lab, shell, tmp_path)
    _, outcomes = run_test_lab(copy)
    assert outcomes, f"{lab.name} has no self-test transcripts"
    failed = {o.name: o.problems for o in outcomes if not o.ok}
    assert not failed, f"on {shell.label}: {failed}"


@pytest.mark.parametrize("shell", shells.params(captures=False))
@pytest.mark.parametrize("lab", LABS, ids=[p.name for p in LABS])
def test_a_shell_that_cannot_capture_is_refused_loudly(
    lab: Path, shell: shells.Shell, tmp_path
) -> None:
    copy = _rerecord(lab, shell, tmp_path)
    loaded = load_lab(copy)
    transcripts = sorted(copy.glob("tests/*.ts"))
    assert transcripts
    for ts in transcripts:
        g = replay(loaded, [ts], None, None).grader
        assert "shell_unsupported" in {a.kind for a in g.anomalies}, ts.name
        verified = [k for k, v in g.verdicts().items() if v.state.value == "verified"]
        assert verified == [], f"{ts.name} verified {verified} on {shell.label}"
        assert b"this session CANNOT be graded" in ts.read_bytes(), ts.name
