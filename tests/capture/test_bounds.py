"""Every marker field is bounded (grader/protocol/bounds.py) and the parser's state per session is
bounded (grader/capture/parser.py MAX_OPEN_COMMANDS, MAX_SHELLS, ANOMALIES_PER_KIND, the
pipestatus cache): a field past its bound is a `malformed_marker` anomaly, never an exception, on
the fast path and the per-marker path alike (docs/node-protocol.md "Marker field bounds")."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.capture import parser as parser_module
from grader.capture.events import Anomaly, CommandEnded, CommandStarted, Event
from grader.capture.parser import (
    ANOMALIES_PER_KIND,
    ANOMALY_SUMMARY_EVERY,
    MAX_OPEN_COMMANDS,
    MAX_SHELLS,
    PIPESTATUS_CACHE_BYTES,
    SessionParser,
    pipestatus_cache_bytes,
)
from grader.capture.transcript import DEFAULT_NONCE, Transcript
from grader.protocol import bounds, markers

from .parsing import feed_all, merged, parse, records, split

K = DEFAULT_NONCE
HUGE = "9" * 5000  # int() of it raises (CPython's 4,300-digit limit)
T = "1796321701.250000"


def osc(body: str) -> bytes:
    return b"\x1b]" + body.encode("utf-8", "surrogateescape") + b"\x07"


def d(
    exit: str = "0", aid: str = "4242", n: str = "1", h: str = "2", t: str = T, ps: str = "0",
    k: str = K,
) -> bytes:  # fmt: skip
    return osc(f"133;D;{exit};aid={aid};n={n};h={h};t={t};ps={ps};k={k}")


def c(aid: str = "4242", n: str = "1", h: str = "2", t: str = T, k: str = K) -> bytes:
    return osc(f"133;C;aid={aid};n={n};h={h};t={t};k={k}")


def e(line: str = "ls", k: str = K) -> bytes:
    return osc(f"633;E;{line};{k}")


def prompt(aid: str = "4242", n: str = "0", h: str = "1", cwd: str = "/home/alice") -> bytes:
    """A D P A run in the hooks' exact grammar: the parser's fast path reads it whole."""
    return d(aid=aid, n=n, h=h) + osc(f"633;P;Cwd={cwd}") + osc(f"133;A;aid={aid};k={K}")


def both_paths(data: bytes) -> list[Event]:
    """The events of `data` fed whole (the run fast path) and byte by byte (marker by marker),
    which must be the same; returned once."""
    whole = merged(parse(data))
    assert merged(parse(data, chunk=1)) == whole
    return whole


def anomalies(events: list[Event], kind: str) -> list[Anomaly]:
    return [ev for ev in events if isinstance(ev, Anomaly) and ev.kind == kind]


# --- each field: 5,000 digits, one past its range, and what is still accepted -------------------

FIELD_CASES = {
    # name: (the command's markers with the field hostile, the field's name in the anomaly)
    "aid-5000-digits": (e() + c(aid=HUGE) + d(aid=HUGE), "aid"),
    "aid-past-pid-max": (e() + c(aid=str(2**22 + 1)) + d(aid=str(2**22 + 1)), "aid"),
    "n-5000-digits": (e() + c(n=HUGE) + d(n=HUGE), "n"),
    "n-past-int": (e() + c(n=str(2**31)) + d(n=str(2**31)), "n"),
    "h-5000-digits": (e() + c(h=HUGE) + d(h=HUGE), "h"),
    "h-past-int": (e() + c(h=str(2**31)) + d(h=str(2**31)), "h"),
    "t-year-11476": (e() + c(t="300000000000.5") + d(t="300000000000.5"), "t"),
    "t-past-2100": (e() + c(t="4102444801") + d(t="4102444801"), "t"),
    "t-nan": (e() + c(t="nan") + d(t="nan"), "t"),
    "t-inf": (e() + c(t="inf") + d(t="inf"), "t"),
    "t-negative": (e() + c(t="-1.5") + d(t="-1.5"), "t"),
    "t-exponent": (e() + c(t="1e9") + d(t="1e9"), "t"),
    "t-5000-digit-fraction": (e() + c(t="1796321701." + HUGE) + d(t="1796321701." + HUGE), "t"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(FIELD_CASES))
def test_a_field_past_its_bound_is_a_malformed_marker_not_an_exception(name: str) -> None:
    hostile, field = FIELD_CASES[name]
    t2 = Transcript().prompt().command("echo before", "before\n")
    t2.raw(hostile + b"out\r\n" + prompt(n="1", h="2")).command("echo after", "after\n")
    data = bytes(t2)
    events = both_paths(data)
    bad = anomalies(events, "malformed_marker")
    assert len(bad) == 2, events  # the C and the D: each refused, with its field named
    assert all(f"{field}=" in a.detail for a in bad), bad
    # The hostile command is no command; the honest ones around it are parsed as ever.
    assert [r.line for r in records(events)] == ["echo before", "echo after"]
    assert not any(isinstance(ev, CommandStarted) and ev.line == "ls" for ev in events)


@pytest.mark.parametrize("field", ["exit", "ps"])
def test_an_exit_status_past_255_refuses_the_end_marker(field: str) -> None:
    for value in (HUGE, "256"):
        hostile = d(n="1", exit=value) if field == "exit" else d(n="1", ps=f"0,{value}")
        t = Transcript().prompt().typed("false").start("false")
        events = both_paths(bytes(t) + hostile)
        bad = anomalies(events, "malformed_marker")
        assert len(bad) == 1 and f"{field}=" in bad[0].detail, events
        # The command's end never came: it ends at EOF, exit unknown.
        assert [(r.line, r.exit) for r in records(events)] == [("false", None)]


def test_a_pipestatus_of_more_than_256_entries_refuses_the_end_marker() -> None:
    t = Transcript().prompt().typed("p").start("p")
    ok = d(n="1", ps=",".join(["1"] * bounds.PIPESTATUS_MAX))
    events = both_paths(bytes(t) + ok)
    assert records(events)[0].pipestatus == (1,) * bounds.PIPESTATUS_MAX
    too_long = d(n="1", ps=",".join(["1"] * (bounds.PIPESTATUS_MAX + 1)))
    events = both_paths(bytes(t) + too_long)
    assert [a.detail for a in anomalies(events, "malformed_marker")] == [
        f"ps= longer than {bounds.PIPESTATUS_MAX} entries"
    ]


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (str(bounds.AID_MAX), True),
        (str(bounds.AID_MAX + 1), False),
        ("0004242", True),  # seven digits: in range
        ("00004242", False),  # eight digits: past AID_MAX's digit count
        ("+4242", False),
        (" 4242", False),
        ("4_242", False),
        ("-1", False),
        ("٤٢", False),  # digits of another script: ASCII only
    ],
)
def test_the_aid_bound_is_the_same_on_both_paths(value: str, ok: bool) -> None:
    data = prompt(aid=value) + e("ls") + c(aid=value) + b"x\r\n" + d(aid=value, n="1") + b"$ "
    events = both_paths(data)
    assert bool(records(events)) is ok, events
    assert bool(anomalies(events, "malformed_marker")) is not ok, events


def test_boundary_values_are_accepted() -> None:
    top = str(bounds.COUNT_MAX)
    data = (
        prompt(aid=str(bounds.AID_MAX), n=str(bounds.COUNT_MAX - 1), h=str(bounds.COUNT_MAX - 1))
        + e("ls")
        + c(aid=str(bounds.AID_MAX), n=top, h=top, t="4102444800.000000000")
        + d(aid=str(bounds.AID_MAX), n=top, h=top, exit="255", ps="255,0", t="0")
    )
    events = both_paths(data)
    assert not [ev for ev in events if isinstance(ev, Anomaly)], events
    (record,) = records(events)
    assert (record.aid, record.n, record.exit, record.pipestatus) == (
        bounds.AID_MAX, bounds.COUNT_MAX, 255, (255, 0)
    )  # fmt: skip
    assert record.t1 == 0.0 and record.t0 == bounds.T_MAX


def test_time_in_range_is_the_daemons_absolute_check() -> None:
    assert bounds.time_in_range(1796321701.25)
    for t in (float("nan"), float("inf"), -0.5, 300000000000.5, bounds.T_MAX + 1):
        assert not bounds.time_in_range(t)


# --- strings: nonce, command line, cwd, reason -------------------------------------------------


def test_a_command_line_past_64_kib_is_refused_and_its_command_not_graded() -> None:
    limit = bounds.LINE_MAX_BYTES
    for line, graded in (("a" * limit, True), ("a" * (limit + 1), False)):
        t = Transcript().prompt().typed("x")
        t.raw(e(line) + c(n="1", h="2") + b"out\r\n" + d(n="1", h="2"))
        events = both_paths(bytes(t))
        (record,) = records(events)
        assert record.line_reliable is graded
        assert record.line == (line if graded else "")
        bad = anomalies(events, "malformed_marker")
        assert [a.detail for a in bad] == ([] if graded else [f"line= longer than {limit} bytes"])


def test_escapes_count_once_unescaped() -> None:
    """The bound is on the bytes the line is, not on their escaped form (up to 4x longer)."""
    spaces = bounds.LINE_MAX_BYTES // 2
    line = "\\x20" * spaces  # twice LINE_MAX_BYTES escaped, half of it once read
    t = Transcript().prompt().typed("x").raw(e(line) + c(n="1", h="2") + d(n="1", h="2"))
    events = parse(bytes(t))
    assert records(events)[0].line == " " * spaces


def test_a_long_escaped_value_is_unescaped_once() -> None:
    """Longer than its bound escaped, within it unescaped: read as the hooks wrote it, on both
    paths (a literal `\\x41` stays four characters)."""
    line = "\\x41" * 15_000  # 60,000 bytes, escaped 75,000
    escaped = markers.escape(line).decode()
    assert len(escaped) > bounds.LINE_MAX_BYTES >= len(line)
    t = Transcript().prompt().typed("x").raw(e(escaped) + c(n="1", h="2") + d(n="1", h="2"))
    assert [r.line for r in records(both_paths(bytes(t)))] == [line]


def test_a_cwd_past_path_max_is_refused_and_the_last_cwd_kept() -> None:
    long_cwd = "/" + "d" * bounds.CWD_MAX_BYTES
    t = Transcript().prompt().typed("ls").start("ls")
    t.raw(d(n="1") + osc(f"633;P;Cwd={long_cwd}") + osc(f"133;A;aid=4242;k={K}"))
    t.typed("pwd").start("pwd").prompt()
    events = both_paths(bytes(t))
    assert [r.cwd for r in records(events)] == ["/home/alice", "/home/alice"]
    assert [a.detail for a in anomalies(events, "malformed_marker")] == [
        f"Cwd= longer than {bounds.CWD_MAX_BYTES} bytes"
    ]


def test_a_long_nonce_is_malformed_and_never_pinned() -> None:
    long_k = "k" * (bounds.NONCE_MAX_BYTES + 1)
    events = parse(c(k=long_k) + prompt())  # no nonce given: the first readable one is pinned
    assert anomalies(events, "malformed_marker")[0].detail == (
        f"k= longer than {bounds.NONCE_MAX_BYTES} bytes"
    )
    assert not anomalies(events, "bad_nonce")  # the hooks' prompt with K was trusted


def test_a_long_unsupported_reason_is_malformed() -> None:
    why = "w" * (bounds.REASON_MAX_BYTES + 1)
    events = parse(osc(f"133;A;aid=7;unsupported={why};k={K}"), nonce=K)
    assert not anomalies(events, "shell_unsupported")
    assert anomalies(events, "malformed_marker")


def test_a_long_attestation_nonce_is_malformed() -> None:
    t = Transcript().prompt().typed("x").start("x")
    t.raw(osc("133;T;v=2;k=" + "k" * 5000 + ";s=00"))
    events = parse(bytes(t), nonce=K)
    assert [a.detail for a in anomalies(events, "malformed_marker")] == [
        f"k= longer than {bounds.NONCE_MAX_BYTES} bytes"
    ]


def test_a_footer_exit_code_of_5000_digits_is_no_exit() -> None:
    t = Transcript().prompt().typed("exit").start("exit")
    t.raw(f'\nScript done on 2026-11-29 18:20:00+00:00 [COMMAND_EXIT_CODE="{"9" * 400}"]\n')
    p = SessionParser("s1", K)
    p.feed(bytes(t))
    events = p.close()
    assert p.shell_exit is None
    assert [r.exit for r in records(events)] == [None]


# --- the session's state: open commands, shells, anomalies, the pipestatus cache ---------------


def test_12000_shells_each_with_an_open_command_are_bounded() -> None:
    """The issue's stack flood: every shell announced, every one starting a command that never
    ends. The stack stops at MAX_OPEN_COMMANDS, the shells at MAX_SHELLS, one anomaly each."""
    shells = 12_000
    flood = b"".join(
        osc(f"133;A;aid={aid};k={K}") + e("sleep 1") + c(aid=str(aid), n="1", h="2")
        for aid in range(1000, 1000 + shells)
    )
    p = SessionParser("s1", K)
    events = p.feed(flood)
    started = [ev for ev in events if isinstance(ev, CommandStarted)]
    assert len(started) == MAX_OPEN_COMMANDS
    assert len(p._stack) == MAX_OPEN_COMMANDS
    assert len(p._shells) == MAX_SHELLS
    assert len(p._last_n) <= MAX_SHELLS and len(p._announced) <= MAX_SHELLS
    assert [a.kind for a in events if isinstance(a, Anomaly)] == [
        "too_many_open_commands",
        "too_many_shells",
    ]
    # A shell already known goes on: its command ends and the next one starts.
    # aid 1000's command is the outermost: its D ends it and, exit unknown, the 63 above it.
    tail = p.feed(d(aid="1000", n="1", h="2") + e("ls") + c(aid="1000", n="2", h="3"))
    ended = [ev.record for ev in tail if isinstance(ev, CommandEnded)]
    assert len(ended) == MAX_OPEN_COMMANDS and (ended[-1].aid, ended[-1].exit) == (1000, 0)
    assert isinstance(tail[-1], CommandStarted) and (tail[-1].aid, tail[-1].n) == (1000, 2)


def test_the_shell_bound_is_the_same_on_both_paths() -> None:
    """Shells introduced by whole D P A runs (the fast path) up to and past MAX_SHELLS read as
    when each marker is read alone (7-byte chunks: no run is ever whole in a feed)."""
    data = b"".join(
        prompt(aid=str(aid)) + e("ls") + c(aid=str(aid), n="1", h="2") + d(aid=str(aid), n="1")
        for aid in range(1, MAX_SHELLS + 6)
    )
    whole = merged(parse(data, nonce=K))
    assert merged(parse(data, chunk=7, nonce=K)) == whole
    assert len(records(whole)) == MAX_SHELLS
    assert [a.kind for a in whole if isinstance(a, Anomaly)] == ["too_many_shells"]


def test_work_is_linear_in_the_number_of_shells() -> None:
    """Doubling the flood doubles the events and the state at most: nothing per shell grows
    with the number of shells before it (counts, not time: the timing test is the fuzz suite's)."""
    sizes = {}
    for shells in (3000, 6000):
        flood = b"".join(
            osc(f"133;A;aid={aid};k={K}") + e("x") + c(aid=str(aid), n="1", h="2")
            for aid in range(1, 1 + shells)
        )
        p = SessionParser("s1", K)
        events = p.feed(flood) + p.close()
        sizes[shells] = (len(events), len(p._stack), len(p._shells))
    assert sizes[3000] == sizes[6000]  # past the bounds nothing more is kept or emitted


def test_a_flood_of_bad_markers_records_a_bounded_number_of_anomalies() -> None:
    flood = d(k="forged") * (ANOMALIES_PER_KIND + 2 * ANOMALY_SUMMARY_EVERY)
    events = parse(flood, nonce=K)
    assert len(anomalies(events, "bad_nonce")) == ANOMALIES_PER_KIND
    summaries = anomalies(events, "anomalies_suppressed")
    assert [s.extra for s in summaries] == [
        {"kind": "bad_nonce", "suppressed": "1"},
        {"kind": "bad_nonce", "suppressed": str(ANOMALY_SUMMARY_EVERY)},
        {"kind": "bad_nonce", "suppressed": str(2 * ANOMALY_SUMMARY_EVERY)},
    ]


def test_a_flood_of_one_kind_hides_no_other_kind() -> None:
    flood = d(k="forged") * (ANOMALIES_PER_KIND * 3)
    events = parse(flood + e("ls") + c(aid="99", n="1", h="2"), nonce=K)
    assert len(anomalies(events, "unannounced_shell")) == 1


def test_the_pipestatus_cache_is_bounded_in_bytes() -> None:
    """350 prompts, each with a distinct long `ps=` list (the issue's 250 KB lists are past
    PIPESTATUS_MAX and refused; these are the longest allowed): none is cached, and distinct
    short ones stop being cached at the cache's byte bound."""
    t = Transcript().prompt()
    before = pipestatus_cache_bytes()
    for i in range(350):
        t.typed("p").start("p").prompt(0, [i % 256] + [0] * (bounds.PIPESTATUS_MAX - 1))
    hostile = b"".join(d(n="9", ps=",".join([str(i % 256)] * 62_000)) for i in range(4))
    events = parse(bytes(t) + hostile)
    assert len(records(events)) == 350
    assert pipestatus_cache_bytes() == before
    assert len(anomalies(events, "malformed_marker")) == 4
    # Distinct short values: cached until the byte bound, never past it.
    short = Transcript().prompt()
    for i in range(5000):
        short.typed("p").start("p").prompt(0, [i % 256, i // 256])
    parse(bytes(short))
    assert pipestatus_cache_bytes() <= PIPESTATUS_CACHE_BYTES
    assert sum(len(k) for k in parser_module._PIPESTATUS) <= PIPESTATUS_CACHE_BYTES


def test_an_unterminated_flood_across_feeds_is_bounded() -> None:
    """Chunked like the daemon feeds: the bounds hold whatever the cut."""
    flood = b"".join(
        osc(f"133;A;aid={aid};k={K}") + e("x") + c(aid=str(aid), n="1", h="2")
        for aid in range(1, 2000)
    )
    p = SessionParser("s1", K)
    events: list[Event] = []
    for piece in split(flood, 4093):
        events += p.feed(piece)
    assert sum(isinstance(ev, CommandStarted) for ev in events) == MAX_OPEN_COMMANDS
    assert not [ev for ev in events if isinstance(ev, CommandEnded)]


def test_markers_decode_bounds_directly() -> None:
    with pytest.raises(markers.MarkerError, match="aid="):
        markers.decode(f"133;C;aid={HUGE};n=1;k=k".encode())
    with pytest.raises(markers.MarkerError, match="t="):
        markers.decode(b"133;C;aid=1;n=1;t=300000000000.5;k=k")
    assert markers.decode(b"133;C;aid=1;n=1;t=1796321702,5;k=k") == markers.CommandStart(
        1, 1, None, 1796321702.5, "k"
    )


def test_tiny_chunks_of_an_unterminated_marker_do_not_copy_the_carry() -> None:
    """A marker written a byte at a time: each chunk is set aside, not joined to the carry (a
    join per chunk is quadratic), and the marker reads the same once it ends."""
    line = "x" * 20_000
    p = SessionParser("s1", K)
    events = p.feed(bytes(Transcript().prompt().typed("x")) + b"\x1b]633;E;")
    carry = p._carry
    for byte in line.encode():
        events += p.feed(bytes((byte,)))
        assert p._carry is carry  # the same object: nothing was copied
    events += p.feed(f";{K}\x07".encode() + c(n="1", h="2") + d(n="1", h="2")) + p.close()
    assert [r.line for r in records(events)] == [line]
    assert merged(events) == merged(parse(bytes(Transcript().prompt().typed("x")) + e(line)
                                          + c(n="1", h="2") + d(n="1", h="2")))  # fmt: skip


# --- property: no hostile field value makes the parser raise or pass a value past its bound ----

_hostile_values = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from([
        "", "nan", "inf", "-inf", "1e999", "300000000000.5", "4102444800", "4102444801", HUGE,
        "9" * 4301, "0" * 5000 + "1", "١٢", "\\x3b", "\\x30", "1,5", "1.", ".5", "4194304",
        "4194305", "2147483647", "2147483648", "255", "256", "0,256", ",".join(["1"] * 257),
    ]),
    st.text(max_size=8).map(lambda s: s.replace("\x07", "").replace("\x1b", "")),
)  # fmt: skip
_HONEST = {"exit": "0", "aid": "4242", "n": "1", "h": "2", "t": T, "ps": "0"}
_fields = st.fixed_dictionaries(
    {name: st.one_of(st.just(ok), _hostile_values) for name, ok in _HONEST.items()}
)


@st.composite
def hostile_sessions(draw: st.DrawFn) -> bytes:
    """Honest runs with markers in the hooks' exact grammar whose fields are drawn hostile, so
    both the run fast path and the per-marker path meet them."""
    parts = [prompt()]
    for _ in range(draw(st.integers(1, 6))):
        f = draw(_fields)
        k = draw(st.sampled_from([K, K, "x" * 65, ""]))
        line = draw(st.sampled_from(["ls", "a" * (bounds.LINE_MAX_BYTES + 1), "\\x20;"]))
        parts += [e(line, k), c(f["aid"], f["n"], f["h"], f["t"], k), b"out\r\n"]
        parts.append(d(f["exit"], f["aid"], f["n"], f["h"], f["t"], f["ps"], k))
        parts.append(osc(f"633;P;Cwd={draw(st.sampled_from(['/tmp', 'd' * 5000]))}"))
        parts.append(osc(f"133;A;aid={draw(st.sampled_from([f['aid'], '4242']))};k={k}"))
        parts.append(b"$ ")
    return b"".join(parts)


def _within_bounds(events: list[Event]) -> None:
    per_kind: dict[str, int] = {}
    for ev in events:
        if isinstance(ev, Anomaly):
            per_kind[ev.kind] = per_kind.get(ev.kind, 0) + 1
        if isinstance(ev, CommandEnded):
            r = ev.record
            assert 0 <= r.aid <= bounds.AID_MAX and 0 <= r.n <= bounds.COUNT_MAX, r
            assert r.exit is None or 0 <= r.exit <= bounds.EXIT_MAX, r
            assert len(r.pipestatus) <= bounds.PIPESTATUS_MAX, r
            assert all(0 <= x <= bounds.EXIT_MAX for x in r.pipestatus), r
            assert all(t is None or bounds.time_in_range(t) for t in (r.t0, r.t1)), r
            # n bytes decode to at most n characters (a byte that is not UTF-8 to one U+FFFD)
            assert len(r.line) <= bounds.LINE_MAX_BYTES, r
            assert r.cwd is None or len(r.cwd) <= bounds.CWD_MAX_BYTES, r
    assert all(count <= ANOMALIES_PER_KIND for count in per_kind.values()), per_kind


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_sessions(), st.lists(st.integers(0, 10**6), max_size=8))
def test_hostile_fields_never_raise_and_never_pass(data: bytes, cuts: list[int]) -> None:
    whole = parse(data, nonce=K)
    _within_bounds(whole)
    bounds_at = sorted({x % (len(data) + 1) for x in cuts} | {0, len(data)})
    pieces = [data[a:b] for a, b in itertools.pairwise(bounds_at)]
    chunked = feed_all(SessionParser("s1", K), data, pieces)
    assert merged(chunked) == merged(whole)  # the fast path and the per-marker path agree
