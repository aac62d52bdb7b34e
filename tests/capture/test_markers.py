"""Marker codec: VS Code 633 escaping both ways, and decoding each marker of our grammar."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.protocol import markers


def test_escape_follows_vscode_rule() -> None:
    assert markers.escape("a b;c\\d\te") == b"a\\x20b\\x3bc\\\\d\\x09e"
    assert markers.escape("ümlaut") == "ümlaut".encode()  # non-ASCII passes through as UTF-8
    assert markers.escape(b"\x1b\x7f") == b"\\x1b\x7f"  # <= 0x20 only


@given(st.binary(max_size=200))
def test_unescape_inverts_escape_on_any_bytes(raw: bytes) -> None:
    # a NUL is kept as U+FFFD: PostgreSQL holds no NUL in text (tests/daemon/test_ingest_nul.py)
    expected = raw.decode("utf-8", "replace").replace("\x00", "\ufffd")
    assert markers.unescape(markers.escape(raw)) == expected
    assert "\x00" not in markers.unescape(raw)


@given(st.lists(st.sampled_from([b"\\", b"x", b"2", b"0", b"3b", b"a", b" "]), max_size=30))
def test_unescape_of_spaces_equals_the_escape_by_escape_reading(parts: list[bytes]) -> None:
    # The `\x20` shortcut must read what substituting escape by escape reads, lenient cases too.
    value = b"".join(parts)
    one_by_one = markers._UNESCAPE_RE.sub(lambda m: markers._UNESCAPE_TABLE[m.group()], value)
    # a `\x00` reads as U+FFFD either way (markers.text: PostgreSQL holds no NUL)
    expected = one_by_one.decode("utf-8", "replace").replace("\x00", "\ufffd")
    assert markers.unescape(value) == expected


def test_unescape_is_lenient() -> None:
    assert markers.unescape(b"trailing\\") == "trailing\\"
    assert markers.unescape(b"bad\\xZZ") == "bad\\xZZ"
    assert markers.unescape(b"short\\x4") == "short\\x4"
    assert markers.unescape(b"\\q") == "\\q"
    assert markers.unescape(b"\\xff\\xfe") == "\ufffd\ufffd"  # bytes first, then UTF-8


def _payload(encoded: bytes) -> bytes:
    assert encoded.startswith(b"\x1b]")
    if encoded.endswith(b"\x07"):
        return encoded[2:-1]
    assert encoded.endswith(b"\x1b\\")
    return encoded[2:-2]


def test_d_round_trip() -> None:
    enc = markers.encode_d(141, 4242, 7, 9, "1796321702.250123", [0, 141], "k1", markers.ST)
    assert enc == (b"\x1b]133;D;141;aid=4242;n=7;h=9;t=1796321702.250123;ps=0,141;k=k1\x1b\\")
    assert markers.decode(_payload(enc)) == markers.PromptEnd(
        141, 4242, 7, 9, 1796321702.250123, (0, 141), "k1"
    )


def test_c_e_p_a_round_trip() -> None:
    c = markers.decode(_payload(markers.encode_c(1, 2, 3, 4.5, "k")))
    assert c == markers.CommandStart(1, 2, 3, 4.5, "k")
    e = markers.decode(_payload(markers.encode_e("grep -c ';' a\\b | wc -l", "k")))
    assert e == markers.CommandLine("grep -c ';' a\\b | wc -l", "k")
    p = markers.decode(_payload(markers.encode_p("/home/al ice/a;b")))
    assert p == markers.Cwd("/home/al ice/a;b")
    a = markers.decode(_payload(markers.encode_a(99, "k")))
    assert a == markers.PromptStart(99, "k")


def test_locale_comma_in_epochrealtime() -> None:
    d = markers.decode(b"133;D;0;aid=1;n=1;h=1;t=1796321702,5;ps=0;k=k")
    assert isinstance(d, markers.PromptEnd)
    assert d.t == 1796321702.5


def test_foreign_osc_is_not_ours() -> None:
    assert markers.decode(b"0;alice@node1: ~") is None
    assert markers.decode(b"8;;https://example.invalid") is None
    assert markers.decode(b"133;B") is None
    assert markers.decode(b"633;P;IsWindows=False") is None


@pytest.mark.parametrize(
    "payload",
    [
        b"133;D",
        b"133;D;x;aid=1;n=1;k=k",
        b"133;D;0;aid=1;k=k",
        b"133;D;0;aid=1;n=1;ps=0,x;k=k",
        b"133;C;aid=one;n=1;k=k",
        b"133;C;aid=1;n=1;t=soon;k=k",
        b"133;A;k=k",
        b"633;E",
    ],
)
def test_malformed_markers_raise_marker_error(payload: bytes) -> None:
    with pytest.raises(markers.MarkerError):
        markers.decode(payload)
