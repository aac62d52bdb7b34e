"""`grader record` types on a sandbox node in one fixed folder (grader/authoring/record_cmd.py
WORK_DIR): two recordings at once take turns, and a link planted at the folder is refused."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from grader.authoring import record_cmd
from grader.labs import load_lab

REPO = Path(__file__).resolve().parents[2]
LAB = REPO / "labs" / "nccl-transport"


def _lab_copy(tmp_path: Path, name: str) -> Path:
    lab = tmp_path / name / "nccl-transport"
    shutil.copytree(LAB, lab)
    return lab


def test_two_recordings_at_once_each_get_their_own_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_cmd, "WORK_DIR", tmp_path / "labgrader-rec")
    labs = [_lab_copy(tmp_path, "a"), _lab_copy(tmp_path, "b")]
    outs: dict[int, Path] = {}
    errors: list[BaseException] = []

    def record(i: int) -> None:
        try:
            lab = labs[i]
            outs[i] = record_cmd.record_transcript(
                load_lab(lab), lab / "tests" / "echo-a-table.script", lab / "tests", name="twin"
            )
        except BaseException as exc:  # the test reports it below
            errors.append(exc)

    threads = [threading.Thread(target=record, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not errors, errors
    for i in (0, 1):
        text = outs[i].read_bytes()
        assert b"busbw=2.28" in text and b"Script done" in text
    assert not (tmp_path / "labgrader-rec").exists()


def test_a_link_planted_at_the_work_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "labgrader-rec"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep").write_text("not the recorder's")
    work.symlink_to(elsewhere)
    monkeypatch.setattr(record_cmd, "WORK_DIR", work)
    lab = _lab_copy(tmp_path, "a")
    with pytest.raises(record_cmd.WorkDirTaken, match="is a link"):
        record_cmd.record_transcript(
            load_lab(lab), lab / "tests" / "echo-a-table.script", lab / "tests", name="x"
        )
    assert (elsewhere / "keep").read_text() == "not the recorder's"
