"""session_open.py as a local recording uses it (no sudo: the current user, $LABGRADER_ROOT).

The privileged path (root through sudo, the learner's directory and index root's) is tested on
the fake node: tests/node/test_spool_ownership.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.node.paths import node_module

session_open = node_module("session_open.py")


def test_a_session_is_its_empty_file_and_one_index_line(tmp_path: Path) -> None:
    env = {"LABGRADER_ROOT": str(tmp_path)}
    line = session_open.open_session(["pty", "20261201T010101-1-abcdef01", "42", "/dev/pts/3",
                                      'evil"\n\x1b[31m'], env)  # fmt: skip
    session, nonce, file = line.split()
    spool = next((tmp_path / "spool").iterdir())
    assert (spool / file).read_bytes() == b"" and (spool / file).stat().st_mode & 0o777 == 0o640
    (record,) = [json.loads(x) for x in (spool / "sessions.jsonl").read_text().splitlines()]
    assert record["session"] == session and record["nonce"] == nonce and record["file"] == file
    assert record["parent"] == "20261201T010101-1-abcdef01" and record["kind"] == "pty"
    assert record["client"] == 'evil"\n\x1b[31m'  # kept as data: one JSON line, escaped
    assert "-42-" in session and len(nonce) == 32


@pytest.mark.parametrize(
    "argv",
    [
        ["shell", "-", "1", "", ""],  # kind
        ["login", "-", "1;rm", "", ""],  # pid
        ["login", "-", "1", ""],  # too few
    ],
)
def test_bad_arguments_open_nothing(tmp_path: Path, argv: list[str]) -> None:
    with pytest.raises(session_open.OpenError):
        session_open.open_session(argv, {"LABGRADER_ROOT": str(tmp_path)})
    assert not list(tmp_path.rglob("*.ts"))


def test_a_learner_with_too_many_sessions_gets_no_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A learner calling the helper in a loop stops at MAX_SESSIONS files, not at the inode
    count; the capture shell then gives him an unrecorded shell, loudly."""
    monkeypatch.setattr(session_open, "MAX_SESSIONS", 3)
    env = {"LABGRADER_ROOT": str(tmp_path)}
    for _ in range(3):
        session_open.open_session(["login", "-", "1", "", ""], env)
    with pytest.raises(session_open.OpenError, match="already holds 3 sessions"):
        session_open.open_session(["login", "-", "1", "", ""], env)
    assert len(list(tmp_path.rglob("*.ts"))) == 3
