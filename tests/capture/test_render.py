"""The line renderer: what a terminal shows, line by line, for any chunking of the bytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.capture.render import MAX_LINE_CHARS, LineRenderer


def render(data: bytes) -> list[str]:
    r = LineRenderer()
    return r.feed(data) + r.flush()


def render_chunked(data: bytes, cuts: list[int]) -> list[str]:
    r = LineRenderer()
    lines: list[str] = []
    prev = 0
    for cut in [*sorted(set(cuts)), len(data)]:
        lines += r.feed(data[prev:cut])
        prev = cut
    return lines + r.flush()


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"50%\r100%\r\n", ["100%"]),
        (b"abcdef\rxy\r\n", ["xycdef"]),  # CR moves the cursor; it does not erase
        (b"abcdef\r\x1b[Kxy\r\n", ["xy"]),  # EL 0 erases to the end
        (b"abcdef\x1b[3D\x1b[1K!\r\n", ["   !ef"]),  # EL 1 erases start..cursor inclusive
        (b"abcdef\x1b[2Kxy\r\n", ["      xy"]),  # EL 2 erases the line; the cursor stays
        (b"abc\b\bX\r\n", ["aXc"]),
        (b"ab\x1b[3Cc\r\n", ["ab   c"]),  # CUF past the end pads with spaces
        (b"abcdef\x1b[3GZ\r\n", ["abZdef"]),  # CHA is 1-based
        (b"\x1b[01;31mred\x1b[0m plain\r\n", ["red plain"]),  # SGR dropped
        (b"tab\there\r\n", ["tab\there"]),
        (b"bell\x07 gone\r\n", ["bell gone"]),
        (b"no newline at end", ["no newline at end"]),
        (b"one\r\n\r\nthree\n", ["one", "", "three"]),
        (b"caf\xc3\xa9 \xff!\r\n", ["café \ufffd!"]),
        (b"\x1b(Bcharset\x1b=\r\n", ["charset"]),
    ],
)
def test_renders_like_a_terminal(data: bytes, expected: list[str]) -> None:
    assert render(data) == expected


def test_alternate_screen_sets_fullscreen() -> None:
    for seq in (b"\x1b[?1049h", b"\x1b[?47h", b"\x1b[?1047h"):
        r = LineRenderer()
        r.feed(b"top - 10:00\r\n" + seq[:3])
        assert not r.fullscreen
        r.feed(seq[3:] + b"\x1b[H\x1b[2Jscreen")
        assert r.fullscreen
    r = LineRenderer()
    r.feed(b"\x1b[?25l\x1b[?1h plain")
    assert not r.fullscreen


def test_overlong_line_is_cut_into_pieces() -> None:
    data = b"x" * (MAX_LINE_CHARS * 2 + 5) + b"\r\nend\r\n"
    lines = render(data)
    assert [len(x) for x in lines] == [MAX_LINE_CHARS, MAX_LINE_CHARS, 5, 3]


def test_huge_cursor_forward_is_clamped() -> None:
    lines = render(b"a\x1b[999999999Cb\r\n")
    assert all(len(x) <= MAX_LINE_CHARS for x in lines)
    assert lines[-1].endswith("b")


_pieces = st.sampled_from(
    [b"a", b"bc", b"\r", b"\n", b"\r\n", b"\b", b"\t", b"\x1b", b"[", b"K", b"2", b"1", b";",
     b"C", b"D", b"G", b"m", b"?1049h", b"\xc3", b"\xa9", b"\xe2\x9c\x93", b"\xff", b"]", b"(",
     b"\x00", b"\x7f", b"x" * 40]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_pieces, max_size=60).map(b"".join), st.lists(st.integers(0, 400), max_size=8))
def test_any_chunking_renders_the_same(data: bytes, cuts: list[int]) -> None:
    cuts = [c for c in cuts if c <= len(data)]
    assert render_chunked(data, cuts) == render(data)


@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_and_lines_stay_bounded(data: bytes) -> None:
    for line in render(data):
        assert len(line) <= MAX_LINE_CHARS
        assert "\n" not in line and "\r" not in line and "\x1b" not in line


class _TokenizedOnly(LineRenderer):
    """The reference: every segment through the tokenizer, no progress-bar shortcut."""

    __slots__ = ()

    def _redraws(self, seg: str, lines: list[str]) -> bool:
        return False


def _both(data: bytes, prefix: bytes = b"") -> tuple[list[str], list[str]]:
    fast, slow = LineRenderer(), _TokenizedOnly()
    return (
        fast.feed(prefix) + fast.feed(data) + fast.flush(),
        slow.feed(prefix) + slow.feed(data) + slow.flush(),
    )


_redraw_pieces = st.sampled_from(
    [b"\r", b"\x1b[K", b"\r\x1b[K", b"50%", b"[###  ] 100%", b"ab", b"\b", b"\t", b"\x1b[2K",
     b"\x1b[1D", b"\x1b[", b"\n", b"\r\n", b"\xe2\x9c\x93"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_redraw_pieces, max_size=40).map(b"".join))
def test_progress_bar_redraws_render_as_tokenized(data: bytes) -> None:
    fast, slow = _both(data)
    assert fast == slow


@pytest.mark.parametrize("width", [MAX_LINE_CHARS - 3, MAX_LINE_CHARS, MAX_LINE_CHARS + 5])
def test_redraws_near_the_line_cap_render_as_tokenized(width: int) -> None:
    bar = b"\r" + b"#" * width + b"\x1b[K"
    fast, slow = _both(b"\r12%\x1b[K" + bar + b"\r99%\x1b[K\r100%\r\n", prefix=b"x" * width)
    assert fast == slow
    assert fast[-1].startswith("100%")


_plain_line = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_plain_line | st.integers(0, 300).map(lambda n: "z" * n), max_size=40),
    st.booleans(),
    st.lists(st.integers(0, 4000), max_size=8),
)
def test_plain_output_renders_as_its_crlf_lines(
    lines: list[str], ended: bool, cuts: list[int]
) -> None:
    # The bulk path (the split list handed on as the lines, the decoder called directly) against
    # the plain rule: printable text split on CR LF, a last unterminated line flushed at the end.
    data = ("\r\n".join(lines) + ("\r\n" if ended and lines else "")).encode()
    # flush() emits the unterminated last line unless it is empty
    expected = lines[:-1] if not ended and lines and lines[-1] == "" else lines
    assert render_chunked(data, [c for c in cuts if c <= len(data)]) == expected
