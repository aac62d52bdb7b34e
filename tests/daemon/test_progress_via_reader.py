"""Progress files written by the node's spool reader from lines on its stdin (docs/daemon.md
"Progress over the reader's stdin"): the real reader as a subprocess on real directories, and the
daemon against a real SSH peer, where a failed write is reported and retried with backoff."""

from __future__ import annotations

import json
import logging
import os
import re
import stat
from pathlib import Path

from grader.daemon import feedback
from grader.daemon.transport import READER_LINE_MAX, progress_line
from grader.protocol.frames import KIND_HELLO, KIND_PROGRESS_FAILED, KIND_PROGRESS_OK

from .demo import Shell
from .framing import ReaderProcess
from .nodesim import LEARNER, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread

DOC = {"v": 1, "learner": "alice", "labs": [], "events": [{"seq": 1, "title": "café ✓"}]}


def answers(frames, kind):
    return [(f.path, f.data.decode()) for f in frames if f.kind == kind]


def progress_dir(root: Path, learner: str = "alice") -> Path:
    d = root / "progress" / learner
    d.mkdir(parents=True)
    return d


def test_reader_writes_the_file_atomically_with_its_mode_despite_the_umask(tmp_path):
    d = progress_dir(tmp_path)
    old = os.umask(0o077)  # inherited by the reader: it must not filter the mode
    try:
        # The first line comes in the same write as the start line, the second later.
        r = ReaderProcess(tmp_path, after_start=progress_line("alice", {"v": 1, "n": 0}))
    finally:
        os.umask(old)
    try:
        r.read_until(lambda fs: any(f.kind == KIND_HELLO for f in fs))
        final = d / "progress.json"
        wait_for(lambda: final.exists() and json.loads(final.read_text())["n"] == 0)
        r.send(progress_line("alice", DOC))
        wait_for(lambda: json.loads(final.read_text()) == DOC, what="the second document")
    finally:
        rc, err = r.close()
    assert rc == 0, err
    assert stat.S_IMODE(final.stat().st_mode) == feedback.PROGRESS_MODE
    assert [p.name for p in d.iterdir()] == ["progress.json"]  # no temp file left
    assert answers(r.frames, KIND_PROGRESS_FAILED) == []  # a write that works is not answered
    assert answers(r.frames, KIND_PROGRESS_OK) == []


def test_reader_refuses_hostile_learner_names_and_bad_lines_and_goes_on(tmp_path):
    d = progress_dir(tmp_path)
    (tmp_path / "progress" / "x").mkdir()
    hostile = ["../evil", "..", "a/b", "/etc", "Alice", "x/../../spool", "a" * 33, 7, ""]
    r = ReaderProcess(tmp_path)
    try:
        for name in hostile:
            r.send(json.dumps({"progress": name, "doc": DOC}).encode() + b"\n")
        r.send(b"not json\n")
        r.send(b'{"progress": "alice"}\n')  # no doc
        r.send(b"x" * (READER_LINE_MAX + 10) + b"\n")  # over LINE_MAX: skipped whole
        r.send(progress_line("alice", DOC))
        frames = r.read_until(lambda fs: len(answers(fs, KIND_PROGRESS_FAILED)) == 12)
        wait_for(lambda: (d / "progress.json").exists(), what="the good line after the bad ones")
    finally:
        rc, err = r.close()
    assert rc == 0, err
    failed = answers(frames, KIND_PROGRESS_FAILED)
    assert [why for _, why in failed[: len(hostile)]] == ["refused: not a learner name"] * 9
    assert failed[-3][1].startswith("bad input line") and failed[-2][1].startswith("bad input")
    assert failed[-1] == ("", "input line over LINE_MAX bytes: skipped")
    # Nothing was written anywhere but alice's own directory.
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["progress/alice/progress.json"]


def test_reader_reports_a_failed_write_and_its_recovery(tmp_path):
    r = ReaderProcess(tmp_path)  # no progress/alice/ yet
    try:
        r.send(progress_line("alice", DOC))
        r.send(progress_line("alice", DOC))
        r.read_until(lambda fs: len(answers(fs, KIND_PROGRESS_FAILED)) == 2)
        progress_dir(tmp_path)
        r.send(progress_line("alice", DOC))
        r.send(progress_line("alice", DOC))
        r.read_until(lambda fs: answers(fs, KIND_PROGRESS_OK))
        r.send(progress_line("alice", {"v": 1, "n": 3}))
        final = tmp_path / "progress" / "alice" / "progress.json"
        wait_for(lambda: json.loads(final.read_text()) == {"v": 1, "n": 3})
    finally:
        rc, err = r.close()
    assert rc == 0, err
    failed = answers(r.frames, KIND_PROGRESS_FAILED)
    assert [p for p, _ in failed] == ["alice", "alice"]
    assert "No such file or directory" in failed[0][1]
    assert answers(r.frames, KIND_PROGRESS_OK) == [("alice", "")]  # once, at the recovery


def test_daemon_retries_a_reported_failure_until_the_dir_exists(tmp_path, caplog):
    """progress/alice/ missing on the node: the reader reports each write's failure, the daemon
    logs feedback_failed and retries with a doubling backoff; once the directory is there the
    learner's file appears, written by the reader (no SFTP open of a progress file)."""
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    (tmp_path / "node" / "progress" / LEARNER).rmdir()
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    spool.append(sh, sh.command("echo hello", "hello\r\n"))
    caplog.set_level(logging.INFO, logger="grader")

    def retries() -> list[float]:
        found = (re.search(r"retry_in_s=([0-9.]+)", r.getMessage()) for r in caplog.records)
        return [float(m[1]) for m in found if m and "event=feedback_failed" in m.string]

    d = DaemonThread(write_config(tmp_path, peer, spool.root), reader_mode="reader")
    try:
        wait_for(lambda: len(retries()) >= 2, what="two reported failures")
        (tmp_path / "node" / "progress" / LEARNER).mkdir()
        wait_for(lambda: (spool.progress() or {}).get("events"), timeout=30, what="a progress file")
    finally:
        d.stop()
        peer.close()
    assert retries()[:2] == [1.0, 2.0]  # the backoff doubles: the failures came back as frames
    failed = [r.getMessage() for r in caplog.records if "event=feedback_failed" in r.getMessage()]
    assert "No such file or directory" in failed[0]
    doc = spool.progress()
    assert doc["learner"] == LEARNER and doc["events"][0]["step"] == "say-hello"
    assert not [p for p in peer.sftp_opens if "/progress/" in p], peer.sftp_opens
    sent = [r.getMessage() for r in caplog.records if "event=progress_sent" in r.getMessage()]
    assert sent and all("via=reader" in m for m in sent)
