"""The node programs on the oldest python3 a node ships: 3.6 (RHEL / Rocky / Alma 8).

The spool reader (sent to `python3 -c` over SSH), the learner's `lab`, the session opener and the
attestation helper run with the node's own interpreter, as do the protocol modules they import.

Two checks, so that no run passes without one of them:
- a static one, always: vermin (a maintained minimum-version detector: syntax, standard-library
  modules, members and keyword arguments by the release that added them) reads every node file and
  each must need nothing newer than 3.6;
- a real CPython 3.6, where one is here: the reader streams a session as the daemon reads it,
  `lab` shows progress and the capture problem, the helper's signing code imports. The interpreter
  is LABGRADER_PYTHON36, else a pyenv 3.6 build, else `python3.6` on PATH. A fresh Debian 12 has
  none and nothing the machine can install offers one (Debian 12's oldest python3 is 3.11; no
  CPython 3.6 source is vendored): there these tests skip, in CI too, saying so in the run's
  skip summary (scripts/test.sh runs pytest with -rs), and the static check is what holds the
  floor.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from missing import missing
from python36 import python36

from grader.node.paths import node_file, protocol_files

from .framing import ReaderProcess, file_bytes

#: Every node-side Python program (grader/node/paths.py NODE_FILES, the scripts the daemon and
#: install-attest.sh run) and the protocol modules they import.
NODE_PYTHON = ("lab", "session_open.py", "spool_reader.py", "attest_run.py")
FLOOR = (3, 6)


def _vermin() -> ModuleType:
    try:
        import vermin
    except ImportError:
        missing("the vermin package is missing; pip install -e '.[test]'")
    return vermin


#: vermin's detection, run in a child interpreter: CPython 3.11's parser keeps a recursion
#: counter that an earlier RecursionError in the same process leaves off ("AST constructor
#: recursion depth mismatch", seen in a run of tests/daemon), and a child has a clean one.
_DETECT = (
    "import json, sys, vermin\n"
    "config = vermin.Config()\n"
    "def need(p):\n"
    "    return vermin.detect(open(p, encoding='utf-8').read(), config, p)\n"
    "found = {p: need(p) for p in sys.argv[1:]}\n"
    "print(json.dumps({p: f[1] if isinstance(f, list) else None for p, f in found.items()}))\n"
)


def _needs(files: list[Path]) -> dict[str, tuple[int, ...]]:
    """The oldest python3 each file runs on, by vermin, keyed by file name."""
    _vermin()
    out = subprocess.run(
        [sys.executable, "-c", _DETECT, *map(str, files)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = json.loads(out)
    needs = {}
    for path in files:
        assert found[str(path)] is not None, (path, found[str(path)])
        needs[path.name] = tuple(found[str(path)])
    return needs


def test_every_node_program_needs_nothing_newer_than_python_3_6() -> None:
    files = [node_file(n) for n in NODE_PYTHON] + list(protocol_files().values())
    needs = _needs(files)
    too_new = {name: need for name, need in needs.items() if need > FLOOR}
    if too_new:
        why = subprocess.run(
            [sys.executable, "-m", "vermin", "--no-tips", "--violations", "-t=3.6-"]
            + [str(p) for p in files if p.name in too_new],
            capture_output=True,
            text=True,
        ).stdout
        pytest.fail(f"node files that need a python newer than 3.6: {too_new}\n{why}")
    assert set(needs) >= {"lab", "spool_reader.py", "attest_run.py", "signed_run.py"}


def test_the_floor_check_catches_a_python_3_7_program(tmp_path: Path) -> None:
    """The static check above reads what 3.6 lacks, not only syntax."""
    newer = tmp_path / "newer.py"
    newer.write_text("import subprocess\nsubprocess.run(['true'], capture_output=True)\n")
    (tmp_path / "dc.py").write_text("import dataclasses\n")
    assert _needs([newer, tmp_path / "dc.py"]) == {"newer.py": (3, 7), "dc.py": (3, 7)}


@pytest.fixture(scope="module")
def py36() -> str:
    return python36()


@pytest.mark.parametrize("wake", ["inotify", "poll"])
def test_the_spool_reader_streams_on_python_3_6(py36: str, tmp_path, wake: str) -> None:
    d = tmp_path / "spool" / "alice"
    d.mkdir(parents=True)
    (d / "sessions.jsonl").write_text(json.dumps({"session": "s1", "nonce": "ab"}) + "\n")
    (d / "s1.ts").write_bytes(b"hello ")
    r = ReaderProcess(tmp_path, wake=wake, python=py36)
    try:
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"hello ")
        with (d / "s1.ts").open("ab") as fh:
            fh.write(b"world")
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"hello world")
        assert file_bytes(r.frames, "alice/sessions.jsonl").startswith(b'{"session": "s1"')
    finally:
        rc, err = r.close()
    assert rc == 0, err


def _lab(py36: str, root, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {"LABGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin", "HOME": str(root)}
    return subprocess.run(
        [py36, str(node_file("lab")), *args],
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_lab_runs_on_python_3_6(py36: str, tmp_path) -> None:
    done = _lab(py36, tmp_path, "status")
    assert done.returncode == 0, done.stderr
    assert "No progress recorded yet" in done.stdout
    why = "bash 4.2.46 has no PS0 (bash >= 4.4 needed): command lines cannot be captured"
    done = _lab(py36, tmp_path, "status", LABGRADER_CAPTURE_PROBLEM=why)
    assert done.returncode == 0, done.stderr
    assert f"Grading is NOT possible in this shell: {why}." in done.stdout


def test_the_attestation_helper_imports_on_python_3_6(py36: str) -> None:
    """The helper with the protocol package it imports (grader/protocol, as installed beside it
    on a node): the signed-run format round-trips there too."""
    code = (
        "import runpy, sys; sys.path.insert(0, sys.argv[2]); "
        "m = runpy.run_path(sys.argv[1], run_name='probe'); "
        "from grader.protocol import signed_run as s; "
        "a = s.Attestation('p', ('x y', ''), (('NCCL_DEBUG', 'INFO'),), 0, 1.5, 2.5, 'u', 'h', 3, "
        "2, 'k'); "
        "assert s.parse(s.marker(lambda b: bytes(64), a)[2:-1]) == a; "
        "print(sorted(k for k in ('main', 'openssl_signer', 'untrusted_lib') if k in m))"
    )
    repo = str(Path(node_file("attest_run.py")).resolve().parents[3])
    done = subprocess.run(
        [py36, "-I", "-S", "-c", code, str(node_file("attest_run.py")), repo],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['main', 'openssl_signer', 'untrusted_lib']"
