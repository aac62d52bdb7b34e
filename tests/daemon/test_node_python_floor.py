"""The node programs on the oldest python3 a node ships: 3.6 (RHEL / Rocky / Alma 8).

The spool reader (sent to `python3 -c` over SSH), the learner's `lab` and the attestation helper
run with the node's own interpreter, so each is run here on a real CPython 3.6: the reader
streams a session as the daemon reads it, `lab` shows progress and the capture problem, the
helper's signing code imports. The interpreter is LABGRADER_PYTHON36, else a pyenv 3.6 build,
else `python3.6` on PATH; with CI=true a missing one is an error, not a skip.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from python36 import python36

from grader.node.paths import node_file

from .framing import ReaderProcess, file_bytes


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
