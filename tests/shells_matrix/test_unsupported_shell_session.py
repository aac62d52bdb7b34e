"""A learner's session on a bash that cannot capture (bash < 4.4): loud on the screen, in
`lab status`, and to the operator (the parser's shell_unsupported anomaly); nothing graded."""

from __future__ import annotations

import pytest
import shells

from grader.authoring.record import Recorder
from grader.capture.events import Anomaly, CommandEnded
from grader.capture.parser import SessionParser
from grader.daemon.ingest import NodeIngest
from grader.labs.loader import load_lab
from grader.node.paths import node_file
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

LAB_DIR = shells.REPO / "labs" / "nccl-bootstrap"


@pytest.mark.parametrize("shell", shells.params(captures=False))
def test_the_learner_and_the_operator_are_told(shell: shells.Shell, tmp_path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    assert shell.bindir is not None
    (home / ".profile").write_text(f'PATH="{shell.bindir}:$PATH"\n')
    env = {"HOME": str(home), "PATH": shell.path_env()}
    rec = Recorder(tmp_path / "root", env=env).start()
    try:
        rec.run("echo still-a-shell")
        rec.run(f"python3 {node_file('lab')} status")
    finally:
        rec.close()
    screen = bytes(rec.output)
    assert b"*** labgrader: this session CANNOT be graded: bash 4." in screen
    assert b"still-a-shell" in screen  # the learner keeps a working shell
    assert b"!! Grading is NOT possible in this shell: bash 4." in screen
    entry = next(r for r in rec.sessions() if r["kind"] == "login")
    parser = SessionParser(entry["session"], entry["nonce"])
    events = parser.feed(rec.session_file(entry).read_bytes()) + parser.close()
    anomalies = [e for e in events if isinstance(e, Anomaly)]
    assert [a.kind for a in anomalies] == ["shell_unsupported"]  # once, at the first prompt
    assert "no PS0" in anomalies[0].detail
    assert not [e for e in events if isinstance(e, CommandEnded)]

    # What the operator sees: the daemon's ingest of the same bytes writes one suspicious
    # audit row for the session, and no command or verdict.
    lab = load_lab(LAB_DIR)
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    try:
        store.upsert_node("node-1", "127.0.0.1", 22, ["alice"])
        ingest = NodeIngest(
            "node-1", {"alice": (lab.id,)}, {lab.id: lab}, store.offsets("node-1"), store.snapshot
        )
        index = rec.root / "spool" / next(iter(rec.sessions()))["user"] / "sessions.jsonl"
        ingest.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, index.read_bytes()))
        raw = rec.session_file(entry).read_bytes()
        ingest.feed(Frame(KIND_DATA, f"alice/{entry['file']}", 0, raw))
        taken = ingest.take_batch()
        assert taken is not None
        store.ingest(taken[0])
        rows = [a for a in store.audit() if a.kind == "anomaly:shell_unsupported"]
        assert len(rows) == 1 and rows[0].suspicious and rows[0].learner == "alice", rows
        assert "no PS0" in rows[0].detail["detail"]
        assert store.command_records("alice") == []
    finally:
        store.close()
