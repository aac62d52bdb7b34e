"""The daemon's log is one record per line whatever a node sends (grader/printable.py)."""

from __future__ import annotations

import io
import logging

from grader.daemon.run_cmd import LOG_FORMAT, _UtcFormatter
from grader.printable import printable


def test_a_forged_record_in_a_field_stays_inside_its_line() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(_UtcFormatter(LOG_FORMAT))
    log = logging.getLogger("test.loglines")
    log.addHandler(handler)
    log.propagate = False
    try:
        forged = "2026-12-01T00:00:00.000Z INFO event=verdict learner=alice state=verified"
        name = f"x.ts\n{forged}\x1b[2K"
        log.warning("event=no_session_index node=%s path=%s", "n1", name)
        try:
            raise ValueError("ours")
        except ValueError:
            log.exception("event=crash")  # our own traceback keeps its lines
    finally:
        log.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert "event=no_session_index" in lines[0] and "\\x0a2026-12-01" in lines[0]
    assert "\\x1b[2K" in lines[0] and "\x1b" not in stream.getvalue()
    assert not any(line.startswith("2026-12-01T00:00:00.000Z") for line in lines)
    assert lines[1].endswith("event=crash") and lines[2].startswith("Traceback")


def test_printable_round_trips_what_it_escapes() -> None:
    assert printable("a\\b\x00\x7f\x9bé") == "a\\\\b\\x00\\x7f\\x9bé"
