"""spool_reader.py as a real subprocess on real files: framing, offsets, resume, truncation."""

from __future__ import annotations

import io
import json
import os
import re
import select

import pytest

from grader.node.paths import node_module
from grader.protocol.frames import KIND_DATA, KIND_HEARTBEAT, KIND_HELLO, KIND_RESET, FrameDecoder

from .framing import ReaderProcess, file_bytes


@pytest.fixture(params=["inotify", "poll"])
def wake(request) -> str:
    """Both ways the reader waits: on inotify (Linux, where the tests run) and on its 50 ms poll
    (nodes without inotify); the frames must not depend on which."""
    return request.param


def _spool(tmp_path, user="alice"):
    d = tmp_path / "spool" / user
    d.mkdir(parents=True)
    return d


def test_streams_existing_and_appended_bytes_in_order(tmp_path, wake):
    d = _spool(tmp_path)
    (d / "sessions.jsonl").write_text(json.dumps({"session": "s1", "nonce": "ab"}) + "\n")
    ts = d / "s1.ts"
    ts.write_bytes(b"hello ")
    r = ReaderProcess(tmp_path, wake=wake)
    try:
        frames = r.read_until(lambda fs: file_bytes(fs, "alice/s1.ts") == b"hello ")
        assert frames[0].kind == KIND_HELLO
        assert json.loads(frames[0].data)["wake"] == wake  # inotify works here: it is taken
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


def test_resumes_from_given_offsets(tmp_path, wake):
    d = _spool(tmp_path)
    (d / "s1.ts").write_bytes(b"0123456789")
    (d / "s2.ts").write_bytes(b"abcdef")
    r = ReaderProcess(tmp_path, offsets={"alice/s1.ts": 4}, wake=wake)
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


def test_shrunk_or_replaced_file_restarts_from_zero_with_log(tmp_path, wake):
    d = _spool(tmp_path)
    ts = d / "s1.ts"
    ts.write_bytes(b"a long first version")
    r = ReaderProcess(tmp_path, wake=wake)
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
    # write_bytes truncates, then writes: the inotify reader often wakes in between (0 bytes),
    # the polling one mostly after (5); either way it restarted from 0 and sent "short" whole
    assert re.search(rb"shrank from 20 to [05] bytes; restarting from 0", err), err
    assert b"replaced (inode changed)" in err


def test_idle_stream_sends_heartbeats_with_node_time(tmp_path, wake):
    (tmp_path / "spool").mkdir()
    r = ReaderProcess(tmp_path, wake=wake)
    try:
        frames = r.read_until(lambda fs: any(f.kind == KIND_HEARTBEAT for f in fs), timeout=15)
    finally:
        r.close()
    beat = next(f for f in frames if f.kind == KIND_HEARTBEAT)
    assert json.loads(beat.data)["t"] > 1_600_000_000


def test_exits_when_the_daemon_closes_stdin(tmp_path, wake):
    (tmp_path / "spool").mkdir()
    r = ReaderProcess(tmp_path, wake=wake)
    r.read_until(lambda fs: bool(fs))
    rc, _ = r.close()
    assert rc == 0


# --- what is sent when: pump() in-process with explicit clocks (no sleeping, no timing) ----------


SR = node_module("spool_reader.py")  # the very file the daemon ships
D_END = b"\x1b]133;D;0;aid=7;n=3;h=3;t=1.5;ps=0;k=abc\x07"


class _Pumped:
    """One file followed by pump(); collects the frames it writes."""

    def __init__(self, tmp_path, name="s1.ts", offset=0):
        (tmp_path / "spool" / "alice").mkdir(parents=True, exist_ok=True)
        self.spool = str(tmp_path / "spool")
        self.rel = f"alice/{name}"
        self.path = tmp_path / "spool" / self.rel
        self.path.touch()
        self.f = SR.Follower(offset)
        self.out = io.BytesIO()
        self.decoder = FrameDecoder()
        self.frames: list = []

    def append(self, data: bytes) -> None:
        with self.path.open("ab") as fh:
            fh.write(data)

    def pump(self, now: float) -> list:
        """Frames this tick sent."""
        sent = SR.pump(self.out, self.spool, self.rel, self.f, now)
        new = self.decoder.feed(self.out.getvalue())
        self.out.seek(0)
        self.out.truncate()
        assert sent == any(fr.kind == KIND_DATA for fr in new)
        self.frames += new
        return new


def test_echoes_are_held_and_a_command_end_goes_at_once(tmp_path):
    p = _Pumped(tmp_path)
    p.append(b"$ l")
    assert p.pump(now=100.0) == []
    p.append(b"s")
    assert p.pump(now=100.4) == []  # keystroke echoes wait for more
    p.append(b"\r\nfile\r\n" + D_END)
    sent = p.pump(now=100.5)  # the command's end: everything held goes in one frame, now
    assert [(f.kind, f.offset, f.data) for f in sent] == [
        (KIND_DATA, 0, b"$ ls\r\nfile\r\n" + D_END)
    ]
    p.append(b"$ ech")
    assert p.pump(now=101.0) == []
    assert p.pump(now=101.0 + SR.HOLD_S - 0.01) == []
    late = p.pump(now=101.0 + SR.HOLD_S)  # the oldest held byte reached the hold limit
    assert [(f.offset, f.data) for f in late] == [(len(b"$ ls\r\nfile\r\n" + D_END), b"$ ech")]
    assert file_bytes(p.frames, p.rel) == p.path.read_bytes()
    assert p.f.offset == p.path.stat().st_size


def test_a_line_typed_at_a_prompt_waits_for_its_command_and_a_run_streams_each_second(tmp_path):
    """After a prompt marker the echoes of the line being typed are held TYPING_HOLD_S; a
    command-start marker restarts the clock at HOLD_S, so a quick command leaves in one frame
    (its line, output and end) and a long one's output streams once a second."""
    p = _Pumped(tmp_path)
    prompt = b"\x1b]133;A;aid=1;k=x\x07$ "
    start = b"\x1b]633;E;sleep\\x205;x\x07\x1b]133;C;aid=1;n=1;h=1;t=1;k=x\x07"
    p.append(b"out\r\n" + D_END + prompt)
    assert len(p.pump(now=200.0)) == 1  # the end (and the next prompt) at once
    p.append(b"ech")
    assert p.pump(now=200.5) == []
    assert p.pump(now=200.5 + SR.HOLD_S) == []  # typing: not yet, however slow
    p.append(b"o hi")
    assert p.pump(now=200.5 + SR.TYPING_HOLD_S - 0.01) == []
    p.append(b"\r\n" + start + b"hi\r\n")
    assert p.pump(now=210.0) == []  # the command runs: its output so far waits HOLD_S from here
    assert p.pump(now=210.0 + SR.HOLD_S - 0.01) == []
    (late,) = p.pump(now=210.0 + SR.HOLD_S)
    assert late.data == b"echo hi\r\n" + start + b"hi\r\n"
    p.append(b"more\r\n" + D_END + prompt)
    assert [f.data for f in p.pump(now=212.0)] == [b"more\r\n" + D_END + prompt]
    # a quick command: typed over 9 s, run and ended at once: one frame
    p.append(b"l")
    assert p.pump(now=220.0) == []
    p.append(b"s\r\n" + start)
    assert p.pump(now=229.0) == []
    p.append(b"file\r\n" + D_END + prompt)
    assert [f.data for f in p.pump(now=229.01)] == [
        b"ls\r\n" + start + b"file\r\n" + D_END + prompt
    ]
    p.append(b"x")
    assert p.pump(now=230.0) == []
    assert len(p.pump(now=230.0 + SR.TYPING_HOLD_S)) == 1  # a line left half-typed goes too
    assert file_bytes(p.frames, p.rel) == p.path.read_bytes()


def test_command_end_split_across_reads_is_found(tmp_path):
    p = _Pumped(tmp_path)
    cut = D_END.index(b"133;") + 2  # the marker's start itself is cut: "ESC]13" | "3;D;..."
    p.append(b"out\r\n" + D_END[:cut])
    assert p.pump(now=1.0) == []
    p.append(D_END[cut:] + b"$ ")
    assert len(p.pump(now=1.05)) == 1  # the rest of the marker completes it: sent at once
    # a marker whose terminator is not written yet goes at once, and its end follows at once too
    p.append(D_END[:-1])
    assert len(p.pump(now=2.0)) == 1
    p.append(b"\x07$ ")
    assert len(p.pump(now=2.05)) == 1
    assert file_bytes(p.frames, p.rel) == p.path.read_bytes()


def test_index_files_and_full_holds_go_at_once(tmp_path):
    idx = _Pumped(tmp_path, "sessions.jsonl")
    idx.append(b'{"session": "s1", "nonce": "ab"}\n')
    assert [f.data for f in idx.pump(now=5.0)] == [b'{"session": "s1", "nonce": "ab"}\n']
    p = _Pumped(tmp_path)
    p.append(b"x" * (SR.HOLD_BYTES - 1))
    assert p.pump(now=5.0) == []
    p.append(b"y" * (SR.CHUNK_MAX + 10))  # a big output: sent as it is read, in CHUNK_MAX frames
    frames = p.pump(now=5.0)
    assert [len(f.data) for f in frames] == [SR.CHUNK_MAX, SR.HOLD_BYTES + 9]
    assert file_bytes(p.frames, p.rel) == p.path.read_bytes()


def test_held_bytes_of_a_truncated_file_are_dropped_and_it_restarts_from_zero(tmp_path):
    p = _Pumped(tmp_path, offset=0)
    p.append(b"old bytes" + D_END)
    p.pump(now=1.0)
    p.append(b" held")
    assert p.pump(now=1.1) == []
    p.path.write_bytes(b"new")  # shorter than what was read: truncated
    frames = p.pump(now=1.2)
    assert frames[0].kind == KIND_RESET
    assert p.pump(now=1.2 + SR.HOLD_S)[0].data == b"new"
    assert file_bytes(p.frames, p.rel) == b"new"


def test_resume_offset_only_counts_sent_bytes(tmp_path):
    p = _Pumped(tmp_path)
    p.append(b"0123456789" + D_END)
    p.pump(now=1.0)
    p.append(b"typed, not sent")
    p.pump(now=1.1)
    # a new reader (the daemon reconnected) starts where the last frame ended: nothing held is lost
    again = _Pumped(tmp_path, offset=p.f.offset)
    assert again.pump(now=2.0) == []  # read (and held) by the new reader from there
    frames = again.pump(now=2.0 + SR.HOLD_S)
    assert [(f.offset, f.data) for f in frames] == [(10 + len(D_END), b"typed, not sent")]


def test_without_a_wake_key_the_reader_takes_inotify_where_linux_has_it(tmp_path):
    (tmp_path / "spool").mkdir()
    r = ReaderProcess(tmp_path)
    try:
        frames = r.read_until(lambda fs: bool(fs))
    finally:
        rc, err = r.close()
    assert rc == 0, err
    assert json.loads(frames[0].data)["wake"] == "inotify"


# --- the inotify alarm itself: what wakes the loop, and when it lists the directories again -----


def _readable(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0)[0])  # already pending or not: no waiting


def test_an_append_wakes_the_loop_and_a_new_file_or_learner_asks_for_a_listing(tmp_path):
    spool = tmp_path / "spool"
    (spool / "alice").mkdir(parents=True)
    ts = spool / "alice" / "s1.ts"
    ts.write_bytes(b"$ ")
    w = SR.Wake.open()
    assert w is not None
    try:
        w.watch([str(spool), *SR.user_dirs(str(spool))])
        assert not _readable(w.fd)  # nothing happened since the watches were set
        with ts.open("ab") as fh:
            fh.write(b"l")
        assert _readable(w.fd)
        assert w.drain() is False  # a write to a listed file: no new listing needed
        assert not _readable(w.fd)  # drained
        (spool / "alice" / "s2.ts").write_bytes(b"")
        assert w.drain() is True  # a new session file
        (spool / "bob").mkdir()
        assert w.drain() is True  # a new learner
        w.watch(SR.user_dirs(str(spool)))  # what the loop does on a listing
        with (spool / "bob" / "s3.ts").open("ab") as fh:
            fh.write(b"x")
        assert _readable(w.fd)  # bob's directory is watched now
        w.drain()
        os.replace(spool / "alice" / "s2.ts", ts)  # rotation by rename
        assert w.drain() is True
    finally:
        w.close()


def test_a_removed_directory_drops_its_watch_so_a_new_one_is_watched_again(tmp_path):
    spool = tmp_path / "spool"
    (spool / "bob").mkdir(parents=True)
    w = SR.Wake.open()
    assert w is not None
    try:
        w.watch([str(spool), *SR.user_dirs(str(spool))])
        assert str(spool / "bob") in w.watched
        (spool / "bob").rmdir()
        assert w.drain() is True
        assert str(spool / "bob") not in w.watched
        (spool / "bob").mkdir()
        w.drain()
        w.watch(SR.user_dirs(str(spool)))
        (spool / "bob" / "s.ts").write_bytes(b"again")
        assert _readable(w.fd)
        # a directory gone between the listing and the watch is skipped, not an error
        w.watch([str(spool / "carol")])
        assert str(spool / "carol") not in w.watched
    finally:
        w.close()
