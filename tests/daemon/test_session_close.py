"""A session's end closes its parser in the daemon's ingest (docs/daemon.md "Session end").

Real sessions recorded through the capture shell (real bash, real util-linux `script` on a pty),
fed to NodeIngest with the real parser and engine, batches written to a real SQLite store. Time
is an input of the sans-I/O ingest (`now`), so the idle rule is tested without sleeping.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from grader.authoring.record import Recorder
from grader.daemon.ingest import SESSION_IDLE_CLOSE_S, NodeIngest
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

from .demo import LAB_ID, demo_lab
from .nodesim import write_config
from .sshpeer import SshPeer
from .test_run_cmd import start

NODE = "node-1"
#: Frames as the reader sends them at most (its chunk), so a footer can land anywhere.
FRAME_BYTES = 4096
#: A footer-like line a learner's command prints, as `cat` of an old session file would.
FORGED = r"\nScript done on 2020-01-01 00:00:00+00:00\n"


def printed_footer_end(data: bytes) -> int:
    """Just past the footer-like line a command printed (the echoed line has a literal \\n)."""
    return data.index(b"\n", data.index(b"\nScript done on 2020") + 1) + 1


class Recorded:
    """One recorded session: its learner (spool dir), index line and bytes."""

    def __init__(self, rec: Recorder):
        record = next(r for r in rec.sessions() if r["kind"] == "login")
        self.learner = record["user"]
        self.session = record["session"]
        self.path = f"{self.learner}/{record['file']}"
        self.index = (rec.root / "spool" / self.learner / "sessions.jsonl").read_bytes()
        self.data = rec.session_file(record).read_bytes()


def record(tmp_path: Path, lines: list[str], end: str) -> Recorded:
    """Type `lines`, then end the session: "exit" typed, or "hangup" during `sleep 30`."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    rec = Recorder(tmp_path / "root", env={"HOME": str(home)}).start()
    try:
        for line in lines:
            rec.run(line)
        if end == "exit":
            rec.type("exit")
            rec.key("enter")
        else:  # the learner's SSH connection drops while a long command runs
            rec.type("sleep 30")
            rec.key("enter")
            time.sleep(0.5)
            shell = subprocess.run(
                ["pgrep", "-P", str(rec.pid)], capture_output=True, text=True, check=True
            )
            os.kill(int(shell.stdout.split()[0]), signal.SIGHUP)
        deadline = time.monotonic() + 10
        while rec._alive() and time.monotonic() < deadline:
            rec._pump(0.05)
    finally:
        rec.close()
    return Recorded(rec)


class Grader:
    """NodeIngest + a real store, restartable like the daemon (state only in the store)."""

    def __init__(self, tmp_path: Path, rec: Recorded):
        self.rec = rec
        self.lab = demo_lab(tmp_path)
        self.store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
        self.store.upsert_node(NODE, "127.0.0.1", 22, [rec.learner])
        self.restart()

    def restart(self) -> None:
        self.ingest = NodeIngest(
            NODE,
            {self.rec.learner: (LAB_ID,)},
            {LAB_ID: self.lab},
            self.store.offsets(NODE),
            self.store.snapshot,
        )
        self.ingest.feed(Frame(KIND_DATA, f"{self.rec.learner}/sessions.jsonl", 0, self.rec.index))

    def feed(self, start: int, end: int, now: float = 0.0) -> None:
        """Feed data[start:end] in reader-sized frames, committing after each (worst case)."""
        for pos in range(start, end, FRAME_BYTES):
            chunk = self.rec.data[pos : min(end, pos + FRAME_BYTES)]
            self.ingest.feed(Frame(KIND_DATA, self.rec.path, pos, chunk), now=now)
            self.commit()

    def commit(self) -> None:
        taken = self.ingest.take_batch()
        if taken:
            self.store.ingest(taken[0])

    def records(self) -> list[tuple[str, int | None]]:
        return [(r.line, r.exit) for r in self.store.command_records(self.rec.learner)]

    def stored_offset(self) -> int:
        return self.store.offsets(NODE)[self.rec.path]


def test_clean_exit_closes_at_once_and_refeeding_changes_nothing(tmp_path):
    rec = record(tmp_path, ["false", "echo hello"], end="exit")
    assert b"Script done on " in rec.data[-200:] and b'COMMAND_EXIT_CODE="0"' in rec.data[-80:]
    g = Grader(tmp_path, rec)
    g.feed(0, len(rec.data))
    # No waiting: the open `exit` and the footer together are the end.
    assert g.records() == [("false", 1), ("echo hello", 0), ("exit", 0)]
    assert g.stored_offset() == len(rec.data)
    events = g.store.events_after(0, rec.learner)
    # A restart resumes at the end of the file; the reader re-sending all of it changes nothing.
    g.restart()
    assert g.ingest.start_offsets()[rec.path] == len(rec.data)
    g.feed(0, len(rec.data))
    assert g.records() == [("false", 1), ("echo hello", 0), ("exit", 0)]
    assert g.store.events_after(0, rec.learner) == events
    assert g.stored_offset() == len(rec.data)


def test_a_crash_before_the_footer_resumes_and_closes_the_same(tmp_path):
    rec = record(tmp_path, ["echo hello"], end="exit")
    footer = rec.data.rindex(b"\nScript done on ")
    g = Grader(tmp_path, rec)
    g.feed(0, footer)  # the daemon dies after the `exit` started, before script's footer
    assert g.records() == [("echo hello", 0)]
    assert g.stored_offset() < footer  # the open `exit` is re-parsed whole after the restart
    g.restart()
    g.feed(g.stored_offset(), len(rec.data))
    assert g.records() == [("echo hello", 0), ("exit", 0)]
    assert g.stored_offset() == len(rec.data)


def test_a_footer_cut_by_a_frame_waits_for_its_end(tmp_path):
    """A frame may end inside the footer line, before its exit code: closing there would lose
    `exit`'s status and call the rest of the line data after the end."""
    rec = record(tmp_path, ["echo hello"], end="exit")
    cut = rec.data.rindex(b"[COMMAND_EXIT_CODE=")
    g = Grader(tmp_path, rec)
    g.feed(0, cut)
    assert g.records() == [("echo hello", 0)]
    g.feed(cut, len(rec.data))
    assert g.records() == [("echo hello", 0), ("exit", 0)]
    assert not [a for a in g.store.audit() if a.kind.startswith("anomaly:")]


def test_hangup_mid_command_closes_after_the_idle_time(tmp_path):
    rec = record(tmp_path, ["echo hello"], end="hangup")
    assert b'COMMAND_EXIT_CODE="129"' in rec.data[-80:]  # bash died of SIGHUP
    g = Grader(tmp_path, rec)
    g.feed(0, len(rec.data), now=100.0)
    # The footer with `sleep 30` open is only a sign: a command may print such a line.
    assert g.records() == [("echo hello", 0)]
    assert g.ingest.close_idle(now=100.0 + SESSION_IDLE_CLOSE_S - 1) == 0
    assert g.ingest.close_idle(now=100.0 + SESSION_IDLE_CLOSE_S) == 1
    g.commit()
    assert g.records() == [("echo hello", 0), ("sleep 30", None)]
    assert g.stored_offset() == len(rec.data)
    g.restart()
    assert g.ingest.close_idle(now=1e9) == 0  # nothing re-fed, nothing to close
    assert g.records() == [("echo hello", 0), ("sleep 30", None)]


def test_an_exit_without_footer_closes_after_the_idle_time(tmp_path):
    """script killed (or older than 2.35): the file ends inside the open `exit`."""
    rec = record(tmp_path, ["echo hello"], end="exit")
    rec.data = rec.data[: rec.data.rindex(b"\nScript done on ")]
    g = Grader(tmp_path, rec)
    g.feed(0, len(rec.data), now=0.0)
    assert g.records() == [("echo hello", 0)]
    assert g.ingest.close_idle(now=SESSION_IDLE_CLOSE_S) == 1
    g.commit()
    assert g.records() == [("echo hello", 0), ("exit", None)]  # no footer: the code is unknown
    assert g.stored_offset() == len(rec.data)


def test_a_printed_footer_does_not_end_the_session(tmp_path):
    rec = record(tmp_path, [f"printf '{FORGED}'", "echo hello"], end="exit")
    forged_end = printed_footer_end(rec.data)
    g = Grader(tmp_path, rec)
    # The reader's frame ends right after the printed footer, before the command's D marker.
    g.feed(0, forged_end, now=0.0)
    assert g.ingest.close_idle(now=SESSION_IDLE_CLOSE_S - 1) == 0
    g.feed(forged_end, len(rec.data), now=1.0)
    lines = [line for line, _ in g.records()]
    assert lines == [f"printf '{FORGED}'", "echo hello", "exit"]
    assert g.records()[0][1] == 0
    assert {p.step: p.state for p in g.store.progress(rec.learner, LAB_ID)}["say-hello"] == (
        "verified"
    )


def test_bytes_after_an_idle_close_are_skipped_and_audited(tmp_path):
    """The idle rule guessed wrong (a printed footer, then silence): later bytes are reported."""
    rec = record(tmp_path, [f"printf '{FORGED}'; sleep 1", "echo hello"], end="exit")
    forged_end = printed_footer_end(rec.data)
    g = Grader(tmp_path, rec)
    g.feed(0, forged_end, now=0.0)
    assert g.ingest.close_idle(now=SESSION_IDLE_CLOSE_S) == 1
    g.commit()
    g.feed(forged_end, len(rec.data), now=SESSION_IDLE_CLOSE_S + 1)
    assert [line for line, _ in g.records()] == [f"printf '{FORGED}'; sleep 1"]
    kinds = [a.kind for a in g.store.audit()]
    assert "anomaly:data_after_close" in kinds
    assert g.stored_offset() == len(rec.data)


def test_grader_run_records_the_closing_exit_and_stores_the_end_offset(tmp_path):
    """The same rule in the running daemon: `grader run` streams a recorded session over SSH
    and stores its `exit` (status from the footer) with the offset at the end of the file."""
    rec = record(tmp_path, ["echo hello"], end="exit")
    peer = SshPeer(tmp_path / "peer").start()
    cfg = write_config(tmp_path, peer, tmp_path / "root", learners={rec.learner: [LAB_ID]})
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    proc = start(cfg, tmp_path / "daemon.log")
    try:
        deadline = time.monotonic() + 30
        while store.offsets(NODE).get(rec.path) != len(rec.data):
            assert time.monotonic() < deadline, (tmp_path / "daemon.log").read_text()
            assert proc.poll() is None, (tmp_path / "daemon.log").read_text()
            time.sleep(0.1)
        records = [(r.line, r.exit) for r in store.command_records(rec.learner)]
        assert records == [("echo hello", 0), ("exit", 0)]
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        peer.close()
        store.close()
    assert "event=session_closed" in (tmp_path / "daemon.log").read_text()


@pytest.fixture(autouse=True)
def _needs_script() -> None:
    """The capture shell needs util-linux `script`; the test suite installs it (scripts/test.sh)."""
    assert subprocess.run(["script", "--version"], capture_output=True).returncode == 0
