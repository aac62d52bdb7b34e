"""The run record's format (grader/protocol/run_record.py) and the marker fields that sign it."""

from __future__ import annotations

import os
import pty
import socket
from pathlib import Path

from signing import NodeKey

from grader.capture.events import AttestationSeen
from grader.capture.parser import SessionParser
from grader.matching.attest import verify
from grader.protocol import run_record, signed_run

NONCE = "0123456789abcdef0123456789abcdef"


def test_a_record_keeps_order_streams_and_totals() -> None:
    keeper = run_record.Keeper(merged=False)
    for stream, data in ((1, b"a"), (1, b"b\n"), (2, b"err\n"), (1, b"c\n")):
        keeper.feed(stream, data)
    out = run_record.parse(keeper.encode())
    assert out is not None
    assert out.chunks == ((1, b"ab\n"), (2, b"err\n"), (1, b"c\n"))  # one chunk per stretch
    assert (out.stdout_total, out.stderr_total, out.dropped, out.merged) == (5, 4, 0, False)
    assert out.stream(1) == b"ab\nc\n" and out.stream(2) == b"err\n"
    assert out.both() == b"ab\nerr\nc\n"


def test_a_big_output_keeps_its_first_and_last_bytes_and_counts_the_rest() -> None:
    keeper = run_record.Keeper(merged=True, head=10, tail=6)
    for i in range(100):
        keeper.feed(1, b"%03d\n" % i)
    data = keeper.encode()
    out = run_record.parse(data)
    assert out is not None and out.merged
    assert out.stdout_total == 400 and out.dropped == 400 - 16
    assert out.stream(1) == b"000\n001\n00" + b"\n" + b"8\n099\n"
    # a program writing a byte at a time: the framing does not outgrow the bytes
    keeper = run_record.Keeper(merged=True)
    for _ in range(10000):
        keeper.feed(1, b"x")
    assert len(keeper.encode()) < 10000 + 64


def test_what_is_not_a_record_is_refused() -> None:
    good = run_record.Keeper(merged=False)
    good.feed(1, b"hello\n")
    data = good.encode()
    assert run_record.parse(data) is not None
    for bad in (b"", b"LGRUN1\n", data[:-1], data.replace(b"LGRUN1", b"LGRUN2"), data + b"\x07"):
        assert run_record.parse(bad) is None, bad
    assert run_record.parse(data[:-11] + b"\x09" + data[-10:]) is None  # an unknown stream


def test_a_record_says_where_each_stream_went() -> None:
    keeper = run_record.Keeper(
        merged=False, places=(run_record.PLACE_PIPE, run_record.PLACE_DEVICE)
    )
    keeper.feed(1, b"x\n")
    data = keeper.encode()
    out = run_record.parse(data)
    assert out is not None
    assert (out.stdout_place, out.stderr_place) == (run_record.PLACE_PIPE, run_record.PLACE_DEVICE)
    # a place no helper writes, or bits past stderr's place: no record
    flags_at = len(run_record.MAGIC) + 24
    for flags in (7 << 1, 7 << 4, 1 << 7):
        bad = data[:flags_at] + bytes([flags]) + data[flags_at + 1 :]
        assert run_record.parse(bad) is None, flags
    # a helper from before places wrote 0: read as unknown
    old = run_record.parse(run_record.Keeper(merged=True).encode())
    assert old is not None and old.stdout_place == old.stderr_place == run_record.PLACE_UNKNOWN


def test_the_helper_tells_a_terminal_a_pipe_a_file_a_device_and_nothing_apart(
    tmp_path: Path,
) -> None:
    """run_record.place_of on real descriptors, as the helper finds the learner's 1 and 2."""
    master, slave = pty.openpty()
    read, write = os.pipe()
    left, right = socket.socketpair()
    closed = os.dup(write)
    os.close(closed)
    closed_place = run_record.place_of(closed)  # before open() takes the lowest free number
    with open(tmp_path / "out.txt", "wb") as f, open(os.devnull, "wb") as null:
        got = {
            "tty": run_record.place_of(slave),
            "pipe": run_record.place_of(write),
            "file": run_record.place_of(f.fileno()),
            "null": run_record.place_of(null.fileno()),
            "socket": run_record.place_of(left.fileno()),
            "closed": closed_place,
        }
    for fd in (master, slave, read, write):
        os.close(fd)
    left.close()
    right.close()
    assert got == {
        "tty": run_record.PLACE_TERMINAL,
        "pipe": run_record.PLACE_PIPE,
        "file": run_record.PLACE_FILE,
        "null": run_record.PLACE_DEVICE,
        "socket": run_record.PLACE_OTHER,
        "closed": run_record.PLACE_CLOSED,
    }


def test_a_records_name_says_its_session() -> None:
    name = run_record.record_name("20261129T181502-4242-9f3a01bc", 4711, 1796321702.25)
    assert name == "20261129T181502-4242-9f3a01bc.4711.1796321702250000.run"
    assert run_record.record_session(name) == "20261129T181502-4242-9f3a01bc"
    for bad in ("../x.1.2.run", "s.1.2.ts", "s/..1.2.run", ".s.1.2.run.tmp"):
        assert run_record.record_session(bad) is None, bad


def _att(**changes: object) -> signed_run.Attestation:
    att = signed_run.Attestation(
        "all_reduce_perf",
        ("-g", "2"),
        (("NCCL_DEBUG", "INFO"),),
        0,
        1.0,
        2.0,
        "alice",
        "n1",
        10,
        9,
        NONCE,
    )
    return att._replace(**changes)


def test_the_signature_covers_the_record_and_the_parser_still_finds_the_nonce() -> None:
    key = NodeKey.from_seed(7)
    att = _att(record="s.10.1000000.run", record_hash="ab" * 32)
    osc = signed_run.marker(key.sign, att)
    body = osc[2:-1]
    assert verify(key.public, body) and signed_run.parse(body) == att
    assert not verify(key.public, body.replace(b"rh=abab", b"rh=cdab"))
    assert not verify(key.public, body.replace(b"r=s.10", b"r=t.10"))
    # without a record the payload is what it always was (markers signed before stay valid)
    plain = signed_run.payload(_att())
    assert b";r=" not in plain and plain.endswith(b";k=" + NONCE.encode())
    parser = SessionParser("s", NONCE)
    events = parser.feed(
        b"\x1b]133;A;aid=9;k=%s\x07\x1b]133;C;aid=9;n=1;k=%s\x07" % ((NONCE.encode(),) * 2)
        + osc
        + b"\x1b]133;D;aid=9;n=1;x=0;k=%s\x07" % NONCE.encode()
    )
    assert [e.body for e in events if isinstance(e, AttestationSeen)] == [body]
