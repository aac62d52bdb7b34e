"""The parser's per-command shortcuts give exactly what the general paths give.

A whole command output rendered without a LineRenderer (render.whole_plain_lines), its excerpt
without an OutputExcerpt (excerpt.whole_excerpt), the command ended by _end_whole, and a prompt run
read together with the next command's E C run: each is checked against the general path it
replaces. Fed one byte at a time no run and no output is ever whole in the buffer, so every
shortcut is off; whole, they are on.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.capture import parser
from grader.capture.events import OutputLines
from grader.capture.excerpt import OutputExcerpt, whole_excerpt
from grader.capture.parser import SessionParser
from grader.capture.render import (
    _EL,
    MAX_LINE_CHARS,
    LineRenderer,
    _last_redraws,
    _redraw_shaped,
    whole_plain_lines,
)
from grader.capture.transcript import Transcript
from grader.protocol import markers

from .parsing import feed_all, merged, parse, records


def render(data: bytes) -> list[str]:
    r = LineRenderer()
    return r.feed(data) + r.flush()


_out_pieces = st.sampled_from(
    [b"node1:5120:5120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read", b"a",
     b"\r\n", b"\r\n", b"\r\n", b"\r", b"\n", b"\t", b"\x1b[K", b"\x1b", b"\b", b"\x00", b"\x7f",
     b"\xc3\xa9", b"\xe2\x9c", b"\x93", b"\xff", b"\xc2\x85", b"\xe2\x80\xa8", b"Script done on x",
     b"", b" "]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_out_pieces, max_size=30).map(b"".join))
def test_whole_plain_lines_is_the_renderers_result_or_none(data: bytes) -> None:
    rendered = whole_plain_lines(data)
    if rendered is not None:
        assert rendered == (render(data), "\n".join(render(data)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["x", "", "café", "a\tb", "\u2028", "\x85", "✓ 3/9"]), min_size=1))
def test_whole_plain_lines_takes_plain_crlf_output(lines: list[str]) -> None:
    data = "".join(line + "\r\n" for line in lines).encode()
    assert whole_plain_lines(data) == (lines, "\n".join(lines))
    assert lines == render(data)


@pytest.mark.parametrize("width", [MAX_LINE_CHARS - 1, MAX_LINE_CHARS, MAX_LINE_CHARS + 1])
@pytest.mark.parametrize("before", [0, 3])
def test_whole_plain_lines_near_the_line_cap(width: int, before: int) -> None:
    data = b"ab\r\n" * before + b"y" * width + b"\r\nz\r\n"
    rendered = whole_plain_lines(data)
    if width > MAX_LINE_CHARS:
        assert rendered is None
    else:
        assert rendered == (render(data), "\n".join(render(data)))


def _general_shape(seg: str) -> bool:
    """The redraw shape check without the ASCII regex (the rule as first written)."""
    if seg.count("\x1b") != seg.count(_EL + "\r") + seg.endswith(_EL):
        return False
    return seg.replace(_EL, "").replace("\r", "").isprintable()


_redraw_text = st.lists(
    st.sampled_from(
        ["\r", "\x1b[K", "\r\x1b[K", "50%", "[### ] 1", " ", "~", "\x1b", "[", "K", "\x1b[2K",
         "\t", "\b", "\x7f", "\x00", "\x1f", "\n", "\x1b[K\x1b[K", "\x1b\r[K"]
    ),
    max_size=30,
).map("".join)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_redraw_text)
def test_ascii_redraw_shape_is_the_general_check(seg: str) -> None:
    assert seg.isascii()
    assert _redraw_shaped(seg) == _general_shape(seg)


@settings(max_examples=500, deadline=None)
@given(_redraw_text.filter(lambda seg: "\r" in seg))
def test_last_redraws_are_the_split_ones(seg: str) -> None:
    pieces = seg.split("\r")
    first = len(pieces) - 1
    while first > 1 and not pieces[first].endswith(_EL):
        first -= 1
    assert _last_redraws(seg) == (pieces[0], pieces[first:])


@given(_redraw_text, st.sampled_from(["✓", "\u2028", "\x85", "é"]))
def test_non_ascii_redraws_take_the_general_check(seg: str, other: str) -> None:
    seg += other
    assert _redraw_shaped(seg) == _general_shape(seg)


_line = st.one_of(st.just(""), st.text(max_size=30), st.integers(0, 40000).map(lambda n: "y" * n))


@settings(max_examples=200, deadline=None)
@given(st.lists(_line, min_size=1, max_size=12))
def test_whole_excerpt_is_the_excerpt_of_one_batch(lines: list[str]) -> None:
    excerpt = OutputExcerpt()
    excerpt.add(lines)
    joined = "\n".join(lines)
    assert whole_excerpt(joined) == excerpt.text()
    assert len(joined) + 1 == excerpt.chars


# --- the parser -----------------------------------------------------------------------------------

_outputs = st.lists(
    st.sampled_from(
        [b"NCCL INFO Using network Socket\n", b"ok\n", b"\n", b"50%\r100%\n", b"\x1b[1mbo\x1b[0m\n",
         b"no newline", b"Script done on 2026-11-29\n", "✓ café\n".encode(), b"bad \xff\n",
         b"x" * 300 + b"\n", b"tab\there\n", b"\x1b]0;title\x07in output\n"]
    ),
    max_size=6,
).map(b"".join)  # fmt: skip
# What the terminal shows between a prompt's markers and the next command's E: noise of the
# hooks and background jobs, another escape, an ESC before the E, a second OSC.
_between = st.sampled_from(
    [b"", b"", b"\x1b[K", b"\x1b\x1b", b"\x1b", b"\x1b]0;again\x07", b"\x1b]8;;http://x\x1b\\",
     b"[1]+  Done    sleep 1\r\n", b"\x1b[01;32m\xe2\x9c\x93\x1b[0m 2/9\r\n"]
)  # fmt: skip


@st.composite
def _sessions(draw: st.DrawFn) -> bytes:
    term = draw(st.sampled_from([markers.BEL, markers.ST]))
    t = Transcript(terminator=term, cwd=draw(st.sampled_from(["/home/alice", "/tmp/a b;c"])))
    t.prompt()
    for _ in range(draw(st.integers(1, 6))):
        t.raw(draw(_between))
        step = draw(st.sampled_from(["command", "command", "command", "nested", "empty"]))
        if step == "command":
            exit_ = draw(st.integers(0, 3))
            t.command(draw(st.sampled_from(["ls", "echo a;b", "./x  -y"])), draw(_outputs), exit_)
        elif step == "nested":  # a shell inside a command: the text between its prompts is output
            t.typed("bash").start("bash")
            inner = Transcript(aid=777, header=False, terminator=term).prompt()
            inner.raw(draw(_between)).command("ls", draw(_outputs)).raw(draw(_between))
            inner.typed("exit").start("exit")
            t.raw(bytes(inner)).output(draw(_outputs)).prompt()
        else:
            t.empty_enter()
    return bytes(t)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_sessions(), st.lists(st.integers(0, 3000), max_size=6))
def test_shortcuts_give_the_events_of_the_general_paths(data: bytes, cuts: list[int]) -> None:
    expected = merged(parse(data, chunk=1))
    assert merged(parse(data)) == expected
    bounds = sorted({c for c in cuts if c < len(data)} | {0, len(data)})
    pieces = [data[a:b] for a, b in itertools.pairwise(bounds)]
    assert merged(feed_all(SessionParser("s1"), data, pieces)) == expected


def test_a_plain_command_is_read_by_the_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sessions above do take the shortcuts: count them on a plain one, fed whole."""
    t = Transcript().prompt().command("ls", "a\nb\n").command("true").command("echo c", "c\n")
    taken = {"whole": 0, "start_run": 0}
    whole = parser.SessionParser._end_whole
    start_run = parser.SessionParser._start_run

    def count_whole(self: SessionParser, *args: object) -> bool:
        done = whole(self, *args)  # type: ignore[arg-type]
        taken["whole"] += done
        return done

    def count_start_run(self: SessionParser, *args: object) -> int:
        taken["start_run"] += 1
        return start_run(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(parser.SessionParser, "_end_whole", count_whole)
    monkeypatch.setattr(parser.SessionParser, "_start_run", count_start_run)
    events = parse(bytes(t))
    assert taken == {"whole": 3, "start_run": 1}  # only the first E C run comes alone
    assert [ev.lines for ev in events if isinstance(ev, OutputLines)] == [("a", "b"), ("c",)]
    assert [(r.line, r.output, r.output_chars) for r in records(events)] == [
        ("ls", "a\nb", 3), ("true", "", 0), ("echo c", "c", 1),
    ]  # fmt: skip
    assert merged(parse(bytes(t), chunk=1)) == merged(events)


@pytest.mark.parametrize("inside", [b"\x07", b"\x1b", b"\x1b\\", b"a\x07b;c", b"\x1b]133;A"])
@pytest.mark.parametrize("after_prompt", [True, False])
def test_a_command_line_holding_a_terminator_is_read_marker_by_marker(
    inside: bytes, after_prompt: bool
) -> None:
    # The runs match the E's line as `[^;]*` and leave a line holding BEL or ESC (which ends or
    # aborts the E for the per-marker path) to that path: same events either way.
    t = Transcript().prompt() if after_prompt else Transcript()
    t.typed("x").raw(b"\x1b]633;E;ab" + inside + b"cd;" + t.nonce.encode() + b"\x07")
    t.n += 1
    t.raw(markers.encode_c(t.aid, t.n, t.hist, "1796321701.5", t.nonce))
    t.output("out\n").prompt().command("ls", "a\n")
    data = bytes(t)
    expected = merged(parse(data, chunk=1))
    assert merged(parse(data)) == expected
    assert [r.line for r in records(expected)][-1] == "ls"
