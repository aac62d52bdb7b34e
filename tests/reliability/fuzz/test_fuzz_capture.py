"""Fuzzing the capture parser with hostile bytes: it must never raise, never hang, never hold more
memory than its caps, and never turn markers without the session nonce into commands.

The parser is the first thing a learner's bytes reach; tests/capture/test_parser_properties.py
covers realistic sessions, this file covers what an attacker or a broken terminal can write.
"""

from __future__ import annotations

import itertools
import time
import tracemalloc
from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st
from slowdown import allowance

from grader.capture.events import (
    Anomaly,
    CommandEnded,
    CommandStarted,
    Event,
    OutputLines,
    PromptWithoutCommand,
)
from grader.capture.parser import MAX_MARKER_BYTES, SessionParser

from ..profiles import FUZZ, THOROUGH

NONCE = "0123456789abcdef0123456789abcdef"
EVENT_TYPES = (CommandStarted, OutputLines, CommandEnded, PromptWithoutCommand, Anomaly)
ANOMALY_KINDS = {
    "bad_nonce",
    "replayed_marker",
    "malformed_marker",
    "unpaired_end",
    "oversized_marker",
    "unannounced_shell",
    "line_unreliable",
    "shell_unsupported",
    # the session bounds (grader/capture/parser.py MAX_OPEN_COMMANDS, MAX_SHELLS,
    # ANOMALIES_PER_KIND)
    "too_many_open_commands",
    "too_many_shells",
    "anomalies_suppressed",
}

# Field values a forger or a fuzzer may put in a marker: valid-looking, huge, negative, non-ASCII,
# escape-shaped, empty.
_values = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["", "-", "1e999", "nan", "0x10", "١٢", "\\x3b", "\\", ";", "=", "%s"]),
    st.text(max_size=12),
)
_keys = st.sampled_from(["aid", "n", "h", "t", "ps", "k", "Cwd", "x", ""])
_terminators = st.sampled_from([b"\x07", b"\x1b\\", b"\x1b", b"", b"\x1bX"])


@st.composite
def markers(draw: st.DrawFn, nonce: st.SearchStrategy[str]) -> bytes:
    """An OSC 133/633 marker with random, often broken, fields."""
    kind = draw(
        st.sampled_from(["133;A", "133;B", "133;C", "133;D", "633;E", "633;P", "133", "633"])
    )
    parts = [kind]
    if kind == "133;D":
        parts.append(draw(_values))
    if kind == "633;E":
        parts += [draw(st.text(max_size=40)).replace(";", "\\x3b"), draw(nonce)]
    for _ in range(draw(st.integers(0, 7))):
        parts.append(f"{draw(_keys)}={draw(_values)}")
    if draw(st.booleans()):
        parts.append(f"k={draw(nonce)}")
    return b"\x1b]" + ";".join(parts).encode("utf-8", "surrogatepass") + draw(_terminators)


def _garbage(nonce: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    pieces = st.one_of(
        markers(nonce),
        st.binary(max_size=40),
        st.sampled_from([b"\x1b", b"\x1b]", b"\x07", b"\r", b"\n", b"\x1b[?1049h", b"\x1b[2K"]),
        st.text(max_size=20).map(lambda s: s.encode("utf-8", "surrogatepass")),
    )
    return st.lists(pieces, max_size=60).map(b"".join)


def _chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    bounds = sorted({c % (len(data) + 1) for c in cuts} | {0, len(data)})
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


def _run(data: bytes, cuts: list[int], nonce: str | None = None) -> list[Event]:
    parser = SessionParser("fuzz", nonce)
    events: list[Event] = []
    for piece in _chunks(data, cuts):
        events += parser.feed(piece)
    return events + parser.close()


def _check_invariants(events: list[Event]) -> None:
    """What every consumer relies on, whatever the input."""
    last_n: dict[int, int] = defaultdict(lambda: -(2**80))
    for ev in events:
        assert isinstance(ev, EVENT_TYPES), ev
        if isinstance(ev, Anomaly):
            assert ev.kind in ANOMALY_KINDS, ev
        if isinstance(ev, CommandStarted):
            # the replay rule: a shell's command numbers only go up
            assert ev.n > last_n[ev.aid], ev
            last_n[ev.aid] = ev.n


@FUZZ
@given(st.binary(max_size=4000), st.lists(st.integers(0, 10**6), max_size=16))
def test_random_bytes(data: bytes, cuts: list[int]) -> None:
    _check_invariants(_run(data, cuts))


@FUZZ
@given(_garbage(st.sampled_from([NONCE, "", "x" * 64, NONCE.upper()])), st.lists(st.integers()))
def test_marker_shaped_garbage_any_chunking(data: bytes, cuts: list[int]) -> None:
    whole = _run(data, [])
    _check_invariants(whole)
    chunked = _run(data, cuts)
    _check_invariants(chunked)
    # chunking never changes which commands exist or how they end
    ends = [e.record for e in whole if isinstance(e, CommandEnded)]
    assert ends == [e.record for e in chunked if isinstance(e, CommandEnded)]


@FUZZ
@given(_garbage(st.text(max_size=40).filter(lambda k: k != NONCE)), st.lists(st.integers()))
def test_without_the_nonce_nothing_is_a_command(data: bytes, cuts: list[int]) -> None:
    """A forger who does not know the session nonce cannot make the parser see a command."""
    events = _run(data, cuts, nonce=NONCE)
    _check_invariants(events)
    assert not [e for e in events if isinstance(e, CommandStarted | CommandEnded | OutputLines)]


# --- no hang, bounded memory -------------------------------------------------------------------

# What one hostile stream may cost: well under a second per MiB on a CI core (measured ~0.6 MiB/s
# for the worst case, a stream made only of marker starts; honest output parses far faster).
SECONDS_PER_MIB = 6.0
# Peak Python allocations while feeding hostile data: the carry is capped by MAX_MARKER_BYTES, a
# feed copies carry + chunk once or twice, and the renderer holds one capped line.
PEAK_BYTES = 8 * MAX_MARKER_BYTES

HOSTILE_STREAMS = {
    "unterminated-markers": b"\x1b]133;C;" + b"x" * (3 * MAX_MARKER_BYTES),
    "osc-start-spam": b"\x1b]" * (512 * 1024),
    "aborted-marker-spam": b"\x1b]133;C;aid=1;n=1\x1b" * 40_000,
    "bad-nonce-spam": b"\x1b]133;D;0;aid=1;n=1;k=zz\x07" * 40_000,
    "esc-spam": b"\x1b" * (1024 * 1024),
    "replay-spam": b"".join(
        f"\x1b]133;C;aid=1;n={i % 7};h=1;t=1;k={NONCE}\x07".encode() for i in range(30_000)
    ),
    "one-huge-line": b"\x1b]633;E;cat\x07\x1b]133;C;aid=1;n=1;h=1;t=1\x07" + b"A" * (4 << 20),
}
# Tiny chunks cost one call each: 256 KiB of them is thousands of feeds, enough to show a carry
# that is re-scanned (quadratic) without making CI wait.
TINY_CHUNK_BYTES = 256 * 1024
BIG_CHUNK_BYTES = len(HOSTILE_STREAMS["one-huge-line"]) if THOROUGH else 1 << 20
# Streams whose danger is memory (a carry or a line that could grow) are sampled past every cap;
# the spam streams allocate per marker and tracemalloc slows that ~50x, so CI samples 64 KiB of
# them and the thorough mode samples them past the caps too.
MEMORY_SAMPLE_BYTES = 3 * MAX_MARKER_BYTES + 4096
SPAM_SAMPLE_BYTES = MEMORY_SAMPLE_BYTES if THOROUGH else 64 * 1024
MEMORY_STREAMS = {"unterminated-markers", "one-huge-line"}


def _feed(data: bytes, chunk: int) -> list[Event]:
    parser = SessionParser("hostile")
    events: list[Event] = []
    for i in range(0, len(data), chunk):
        events += parser.feed(data[i : i + chunk])
        del events[:-1000]  # the caller drains events; only the tail is kept here
    return events + parser.close()


@pytest.mark.parametrize("name", sorted(HOSTILE_STREAMS))
def test_hostile_stream_is_fast(name: str) -> None:
    data = HOSTILE_STREAMS[name]
    for chunk in (65536, 4096, 61):
        piece = data[: BIG_CHUNK_BYTES if chunk >= 4096 else TINY_CHUNK_BYTES]
        t0 = time.perf_counter()
        events = _feed(piece, chunk)
        elapsed = time.perf_counter() - t0
        bound = allowance(SECONDS_PER_MIB * max(1.0, len(piece) / (1 << 20)))
        assert elapsed < bound, (chunk, elapsed)
        _check_invariants(events)


@pytest.mark.parametrize("name", sorted(HOSTILE_STREAMS))
def test_hostile_stream_memory_is_bounded(name: str) -> None:
    """Peak allocations stay under PEAK_BYTES whatever the stream (see the sample sizes)."""
    sample = MEMORY_SAMPLE_BYTES if name in MEMORY_STREAMS else SPAM_SAMPLE_BYTES
    data = HOSTILE_STREAMS[name][:sample]
    for chunk in (65536, 4093):
        tracemalloc.start()
        try:
            _feed(data, chunk)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < PEAK_BYTES, (chunk, peak)
