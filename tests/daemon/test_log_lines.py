"""The daemon's log is one record per line whatever a node sends (grader/printable.py)."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator
from pathlib import Path

from grader.daemon.run_cmd import LOG_FORMAT, _UtcFormatter
from grader.printable import printable

from .hostile import LOG_LINE, run_case


@contextlib.contextmanager
def daemon_log(name: str) -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger whose records the daemon's formatter writes to a string."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(_UtcFormatter(LOG_FORMAT))
    log = logging.getLogger(name)
    log.addHandler(handler)
    log.propagate = False
    try:
        yield log, stream
    finally:
        log.removeHandler(handler)


def test_a_forged_record_in_a_field_stays_inside_its_line() -> None:
    with daemon_log("test.loglines") as (log, stream):
        forged = "2026-12-01T00:00:00.000Z INFO event=verdict learner=alice state=verified"
        name = f"x.ts\n{forged}\x1b[2K"
        log.warning("event=no_session_index node=%s path=%s", "n1", name)
        try:
            raise ValueError("ours")
        except ValueError:
            log.exception("event=crash")  # our own traceback keeps its lines
    lines = stream.getvalue().splitlines()
    assert "event=no_session_index" in lines[0] and "\\x0a2026-12-01" in lines[0]
    assert "\\x1b[2K" in lines[0] and "\x1b" not in stream.getvalue()
    assert not any(line.startswith("2026-12-01T00:00:00.000Z") for line in lines)
    assert lines[1].endswith("event=crash") and lines[2].startswith("Traceback")


def test_printable_round_trips_what_it_escapes() -> None:
    assert printable("a\\b\x00\x7f\x9bé") == "a\\\\b\\x00\\x7f\\x9bé"


#: Every character `str.splitlines()` breaks a line at, and the bidi controls that make a
#: terminal show text in another order than its bytes (U+202A-U+202E, U+2066-U+2069, U+200E,
#: U+200F, U+061C).
SEPARATORS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_every_line_separator_and_bidi_control_is_escaped() -> None:
    for ch in SEPARATORS + BIDI + "\ufeff\u200b\ud800":
        out = printable(f"a{ch}b")
        assert ch not in out and len(out.splitlines()) == 1, repr(ch)
    assert printable("\u2028") == "\\u2028" and printable("\U000e0001") == "\\U000e0001"
    assert printable("é ü 日本 →") == "é ü 日本 →"  # letters and symbols stay as they are


def test_no_character_splitlines_breaks_at_survives() -> None:
    """Whatever Unicode version Python ships, no line break survives printable()."""
    breaks = [chr(c) for c in range(0x110000) if len(f"a{chr(c)}b".splitlines()) > 1]
    assert breaks  # \n among them
    joined = printable("x".join(breaks))
    assert len(joined.splitlines()) == 1


def test_a_forged_record_after_u2028_stays_inside_its_line() -> None:
    forged = "ts=2026-12-01T00:00:00.000Z level=INFO logger=grader event=verdict state=verified"
    with daemon_log("test.loglines.unicode") as (log, stream):
        log.warning("event=file_reset node=%s path=%s", "n1", f"x\u2028{forged}\u202e.ts")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1 and "\\u2028ts=2026-12-01" in lines[0] and "\\u202e" in lines[0]


def test_the_daemons_real_log_splits_into_its_own_records(tmp_path: Path) -> None:
    """A real `grader run` beside a crafted node (tests/daemon/hostile.py, `unicode-separators`)
    that puts U+2028, U+2029 and U+202E before a forged record in its HELLO and in RESET paths:
    `str.splitlines()` of the daemon's log finds only the daemon's own records, the node's
    fields are there, escaped."""
    out = run_case(tmp_path, "unicode-separators", commands=3, every_s=0.05, timeout_s=5.0)
    assert out.exit_code == 0, out.log[-3000:]
    lines = out.log.splitlines()
    assert lines and all(LOG_LINE.match(line) for line in lines), [
        line for line in lines if not LOG_LINE.match(line)
    ][:5]
    assert not any(ch in out.log for ch in SEPARATORS[1:] + BIDI)  # only the records' "\n"
    hello = [ln for ln in lines if "event=reader_started" in ln and "node=node-2" in ln]
    assert hello and "\\u2028ts=2026-12-01" in hello[0] and "\\u202e" in hello[0]
    resets = [ln for ln in lines if "event=file_reset" in ln and "node=node-2" in ln]
    assert resets and all("x\\u2029x\\u2028ts=2026-12-01" in ln for ln in resets)
    assert len(resets) <= 50 + 5 * 60  # within the node's log budget, whatever it sends
