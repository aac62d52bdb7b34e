"""spool_reader.py as a real subprocess on real files: framing, offsets, resume, truncation."""

from __future__ import annotations

import json
import os

from grader.daemon.transport import KIND_DATA, KIND_HEARTBEAT, KIND_HELLO, KIND_RESET

from .framing import ReaderProcess, file_bytes


def _spool(tmp_path, user="alice"):
    d = tmp_path / "spool" / user
    d.mkdir(parents=True)
    return d


def test_streams_existing_and_appended_bytes_in_order(tmp_path):
    d = _spool(tmp_path)
    (d / "sessions.jsonl").write_text(json.dumps({"session": "s1", "nonce": "ab"}) + "\n")
    ts = d / "s1.ts"
    ts.write_bytes(b"hello ")
    r = ReaderProcess(tmp_path)
    try:
        frames = r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"hello ")
        assert frames[0].kind == KIND_HELLO
        kinds_paths = [(f.kind, f.path) for f in frames if f.kind == KIND_DATA]
        # the learner's index comes before their session bytes (the nonce must arrive first)
        assert kinds_paths[0] == (KIND_DATA, "alice/sessions.jsonl")
        big = os.urandom(700_000)  # several CHUNK_MAX frames
        with ts.open("ab") as fh:
            fh.write(b"world")
            fh.write(big)
        r.read_until(lambda fs: len(file_bytes(fs, "alice/s1.ts")) == 11 + len(big))
        assert file_bytes(r.frames, "alice/s1.ts") == b"hello world" + big
        # a new learner directory and file appear later and are picked up
        d2 = _spool(tmp_path, "bob")
        (d2 / "s2.ts").write_bytes(b"bob was here")
        r.read_until(lambda fs: file_bytes(fs, "bob/s2.ts") == b"bob was here")
    finally:
        rc, err = r.close()
    assert rc == 0, err


def test_resumes_from_given_offsets(tmp_path):
    d = _spool(tmp_path)
    (d / "s1.ts").write_bytes(b"0123456789")
    (d / "s2.ts").write_bytes(b"abcdef")
    r = ReaderProcess(tmp_path, offsets={"alice/s1.ts": 4})
    try:
        frames = r.read_until(
            lambda fs: {f.path for f in fs if f.kind == KIND_DATA} >= {"alice/s1.ts", "alice/s2.ts"}
        )
    finally:
        r.close()
    s1 = [f for f in frames if f.path == "alice/s1.ts"]
    assert [(f.offset, f.data) for f in s1] == [(4, b"456789")]
    s2 = [f for f in frames if f.path == "alice/s2.ts"]
    assert [(f.offset, f.data) for f in s2] == [(0, b"abcdef")]


def test_shrunk_or_replaced_file_restarts_from_zero_with_log(tmp_path):
    d = _spool(tmp_path)
    ts = d / "s1.ts"
    ts.write_bytes(b"a long first version")
    r = ReaderProcess(tmp_path)
    try:
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"a long first version")
        ts.write_bytes(b"short")  # truncate + rewrite in place
        r.read_until(lambda fs: any(f.kind == KIND_RESET for f in fs))
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"short")
        # rotation: a new file (new inode) renamed over the old one, even if it is longer
        new = d / "new.tmp"
        new.write_bytes(b"short and then some more")
        os.rename(new, ts)
        r.read_until(lambda fs: sum(f.kind == KIND_RESET for f in fs) == 2)
        r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"short and then some more")
    finally:
        rc, err = r.close()
    assert rc == 0
    assert b"shrank from 20 to 5 bytes; restarting from 0" in err
    assert b"replaced (inode changed)" in err


def test_idle_stream_sends_heartbeats_with_node_time(tmp_path):
    (tmp_path / "spool").mkdir()
    r = ReaderProcess(tmp_path)
    try:
        frames = r.read_until(lambda fs: any(f.kind == KIND_HEARTBEAT for f in fs), timeout=5)
    finally:
        r.close()
    beat = next(f for f in frames if f.kind == KIND_HEARTBEAT)
    assert json.loads(beat.data)["t"] > 1_600_000_000


def test_exits_when_the_daemon_closes_stdin(tmp_path):
    (tmp_path / "spool").mkdir()
    r = ReaderProcess(tmp_path)
    r.read_until(lambda fs: bool(fs))
    rc, _ = r.close()
    assert rc == 0
