"""The spool reader cannot be aimed (issue: a learner owns spool/<learner>/ and swapped a session
file for a symlink to the node's key between the reader's stat and its open).

Every check is made on the descriptor that is read: a symbolic link, a hard link, a FIFO or a file
another account owns is refused with one REFUSED frame naming why, and none of its bytes leave
the node. The real reader runs as a subprocess, as the daemon starts it; the swap test drives
pump() directly so the swap lands exactly between the listing and the read.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from grader.daemon.ingest import NodeIngest
from grader.labs.loader import load_lab
from grader.node.paths import node_module
from grader.protocol.frames import KIND_DATA, KIND_REFUSED, FrameDecoder
from grader.store import Store

from .framing import ReaderProcess, file_bytes

SR = node_module("spool_reader.py")
SECRET = b"attest-key-0123456789abcdef" * 3
LAB_DIR = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"


def _spool(tmp_path):
    d = tmp_path / "spool" / "alice"
    d.mkdir(parents=True)
    (d / "sessions.jsonl").write_text(json.dumps({"session": "s1", "nonce": "ab"}) + "\n")
    (d / "s1.ts").write_bytes(b"honest bytes")
    secret = tmp_path / "attest.key"
    secret.write_bytes(SECRET)
    return d, secret


def _refusals(frames) -> dict[str, str]:
    return {f.path: f.data.decode() for f in frames if f.kind == KIND_REFUSED}


@pytest.mark.parametrize("wake", ["inotify", "poll"])
def test_links_fifos_and_foreign_files_are_refused_and_never_read(tmp_path, wake) -> None:
    d, secret = _spool(tmp_path)
    (d / "link.ts").symlink_to(secret)
    os.link(secret, d / "hard.ts")
    os.mkfifo(d / "fifo.ts")  # an open without O_NONBLOCK would hang the reader here
    with (d / "sparse.ts").open("wb") as fh:  # 100 MB of "zeros" at no disk cost
        fh.truncate(100_000_000)
    foreign = d / "foreign.ts"
    foreign.write_bytes(SECRET)
    os.chown(foreign, 12345, 12345)
    r = ReaderProcess(tmp_path, wake=wake)
    try:
        want = {
            "alice/link.ts",
            "alice/hard.ts",
            "alice/fifo.ts",
            "alice/foreign.ts",
            "alice/sparse.ts",
        }
        r.read_until(
            lambda fs: (
                want <= set(_refusals(fs)) and file_bytes(fs, "alice/s1.ts") == b"honest bytes"
            )
        )
        r.read_until(lambda fs: sum(f.kind == 3 for f in fs) >= 1)  # a heartbeat: a whole pass
    finally:
        rc, err = r.close()
    assert rc == 0, err
    why = _refusals(r.frames)
    assert "symbolic link" in why["alice/link.ts"]
    assert "2 links" in why["alice/hard.ts"]
    assert "not a regular file" in why["alice/fifo.ts"]
    assert "owned by uid 12345" in why["alice/foreign.ts"]
    assert "sparse at byte 0" in why["alice/sparse.ts"]
    assert all(SECRET[:16] not in f.data for f in r.frames)
    assert not [f for f in r.frames if f.kind == KIND_DATA and f.path in want]
    assert sum(f.kind == KIND_REFUSED for f in r.frames) == len(want)  # once each, not per pass


def test_a_file_swapped_for_a_link_after_listing_is_refused_not_followed(tmp_path) -> None:
    d, secret = _spool(tmp_path)
    rel, full = "alice/s1.ts", d / "s1.ts"
    f = SR.Follower(0)
    out = io.BytesIO()
    assert SR.pump(out, str(tmp_path / "spool"), rel, f, 1.0) is False  # held: no D marker yet
    full.unlink()  # the learner's swap, between two passes (or between a stat and an open)
    full.symlink_to(secret)
    assert SR.pump(out, str(tmp_path / "spool"), rel, f, 99.0) is False
    frames = FrameDecoder().feed(out.getvalue())
    assert [fr.kind for fr in frames] == [KIND_REFUSED]
    assert SECRET[:16] not in out.getvalue()


def test_a_refusal_is_the_learners_audited_anomaly(tmp_path) -> None:
    lab = load_lab(LAB_DIR)
    store = Store.open(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        store.upsert_node("n1", "127.0.0.1", 22, ["alice"])
        ingest = NodeIngest("n1", {"alice": (lab.id,)}, {lab.id: lab}, {}, store.snapshot)
        ingest.refused("alice/evil\nevent=verdict.ts", "a symbolic link, not a file")
        ingest.refused("mallory/x.ts", "a symbolic link")  # not this node's learner: log only
        taken = ingest.take_batch()
        assert taken is not None
        store.ingest(taken[0])
        rows = [a for a in store.audit() if a.kind == "anomaly:spool_refused"]
        assert [(r.learner, r.suspicious) for r in rows] == [("alice", True)]
        assert "symbolic link" in rows[0].detail["detail"]
        assert rows[0].detail["extra"] == {}
        # kept as data in the audit row; the log formatter escapes it (test_log_lines.py)
        assert rows[0].detail["session"] == "evil\nevent=verdict.ts"
    finally:
        store.close()
