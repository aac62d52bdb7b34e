"""Properties of the parser over generated sessions: chunking never matters, nothing raises,
memory stays bounded whatever a program prints."""

from __future__ import annotations

import itertools
import tracemalloc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.capture.events import CommandEnded
from grader.capture.parser import SessionParser
from grader.capture.transcript import Transcript
from grader.protocol import markers

from .parsing import feed_all, merged, parse, records

_output_pieces = st.sampled_from(
    [
        b"node1:5120:5120 [0] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>\n",
        b"plain\n", b"\n", b"50%\r", b"100%\n", b"\x1b[2K", b"\x1b[1;32mok\x1b[0m", b"\b",
        "✓ café".encode(), b"\xe2\x9c", b"\x93", b"\xff", b"\x1b]0;title\x07", b"\x1b[?1049h",
        b"\x1b]133;D;0;aid=4242;n=1;h=1;t=1;ps=0;k=forged\x07", b"\x1b]133;C;aid=4242\x07",
        b"\x1b", b"]", b"\x07", b"Script done on x\n",
    ]
)  # fmt: skip


@st.composite
def sessions(draw: st.DrawFn) -> bytes:
    t = Transcript(terminator=draw(st.sampled_from([markers.BEL, markers.ST]))).prompt()
    snapshot = b""
    for _ in range(draw(st.integers(0, 6))):
        step = draw(st.sampled_from(["command", "empty", "noise", "replay", "unreliable"]))
        if step == "command":
            out = b"".join(draw(st.lists(_output_pieces, max_size=12)))
            t.command(draw(st.sampled_from(["ls", "echo a;b", "cat x"])), out,
                      exit=draw(st.integers(0, 255)))  # fmt: skip
        elif step == "empty":
            t.empty_enter()
        elif step == "noise":
            t.raw(b"[1]+  Done    sleep 1\r\n\xe2\x9c\x93 1/9 Run it\r\n")
        elif step == "replay":
            t.command("cat old.ts", snapshot)
        else:
            t.typed(" ls").start(" ls", reliable=False).output("x\n").prompt()
        snapshot = bytes(t)
    if draw(st.booleans()):
        t.typed("exit").start("exit")
        if draw(st.booleans()):
            t.footer(draw(st.sampled_from([0, 3, 129, None])))
    return bytes(t)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.lists(st.integers(0, 5000), max_size=12))
def test_any_chunking_yields_the_same_events(data: bytes, cuts: list[int]) -> None:
    bounds = sorted({c for c in cuts if c < len(data)} | {0, len(data)})
    pieces = [data[a:b] for a, b in itertools.pairwise(bounds)]
    chunked = feed_all(SessionParser("s1"), data, pieces)
    assert merged(chunked) == merged(parse(data))
    assert merged(parse(data, chunk=1)) == merged(parse(data))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.lists(st.integers(0, 5000), max_size=12), st.integers(1, 400))
def test_compacting_an_idle_parser_changes_no_event(
    data: bytes, cuts: list[int], repeat: int
) -> None:
    """The daemon compacts a quiet session's parser (SessionParser.compact) between any two
    feeds: the events are the same as without it, and it holds no more than before."""
    t = Transcript().prompt()
    t.raw(data)
    big = bytes(
        t.command("cat log", b"".join([b"line %d of the log\r\n" % i for i in range(repeat)]))
    )
    bounds = sorted({c * 7 for c in cuts if c * 7 < len(big)} | {0, len(big)})
    compacted = SessionParser("s1")
    events: list = []
    for a, b in itertools.pairwise(bounds):
        events += compacted.feed(big[a:b])
        before = compacted.held_bytes()
        compacted.compact()
        assert compacted.held_bytes() <= max(before, 2048)
    events += compacted.close()
    assert merged(events) == merged(parse(big))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000), st.integers(1, 64))
def test_random_bytes_never_raise(data: bytes, chunk: int) -> None:
    parse(data, chunk=chunk)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=3)), max_size=8))
def test_mutated_sessions_never_raise(data: bytes, edits: list[tuple[int, bytes]]) -> None:
    buf = bytearray(data)
    for pos, new in edits:
        at = pos % (len(buf) + 1)
        buf[at : at + len(new)] = new
    for ev in parse(bytes(buf), chunk=17):
        if isinstance(ev, CommandEnded):
            assert ev.record.output_chars >= 0


def test_100_mb_line_keeps_memory_bounded() -> None:
    """`cat` of 100 MB without a newline: memory must not follow the line's length."""
    t = Transcript().prompt().typed("cat big.bin").start("cat big.bin")
    parser = SessionParser("s1")
    parser.feed(bytes(t))
    chunk = (b"0123456789abcdef" * 65536)[:1_000_000]  # 1 MB
    tracemalloc.start()
    try:
        seen = 0
        for _ in range(100):
            for ev in parser.feed(chunk):
                seen += sum(len(line) for line in getattr(ev, "lines", ()))
        t2 = Transcript(header=False)
        t2.n = 1
        tail = parser.feed(bytes(t2.prompt()))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, peak
    (rec,) = records(tail)
    assert rec.output_truncated and rec.exit == 0
    assert seen + sum(len(x) for ev in tail for x in getattr(ev, "lines", ())) == 100_000_000
