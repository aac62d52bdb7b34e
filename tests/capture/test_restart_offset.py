"""The parser owns a session's restart point and the signs of its end (grader/capture/parser.py).

The daemon (grader/daemon/ingest.py) stores `restart_offset` as the session's resume offset and
closes a session on `looks_ended()`; it keeps no session state of its own. These tests hold the
parser's answer to the rule written out from the outside: just after a 133;D marker at which no
command is open, whatever the chunking, on every transcript the lab ships.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grader.capture.events import CommandEnded
from grader.capture.parser import SessionParser
from grader.capture.transcript import Transcript

from .parsing import restart_points

TRANSCRIPTS = sorted((Path(__file__).resolve().parents[2] / "labs").glob("*/tests/*.ts"))


def _restart_offsets(data: bytes, sizes: list[int]) -> list[int]:
    """The parser's restart_offset after each chunk of `data` cut at `sizes`."""
    parser, seen, pos = SessionParser("s"), [], 0
    for size in sizes:
        parser.feed(data[pos : pos + size])
        pos += size
        seen.append(parser.restart_offset)
    return seen


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_restart_offset_is_the_last_d_with_nothing_open(path: Path) -> None:
    data = path.read_bytes()
    points = restart_points(data)
    assert points, "a shipped transcript has at least one prompt"
    # Fed whole: the last point. Fed in random chunks: after each, the last point inside it.
    assert _restart_offsets(data, [len(data)]) == [points[-1]]
    rng = random.Random(path.name)
    sizes = []
    while sum(sizes) < len(data):
        sizes.append(rng.choice((1, 7, 64, 900, 4096)))
    ends, pos = [], 0
    for size in sizes:
        pos = min(pos + size, len(data))
        ends.append(max([p for p in points if p <= pos], default=0))
    assert _restart_offsets(data, sizes) == ends


def test_a_restart_at_the_offset_gives_the_rest_of_the_records() -> None:
    t = Transcript().prompt().command("echo a", "a\n").command("sleep 1", "")
    t.typed("exit").start("exit")
    data = bytes(t)
    whole = SessionParser("s")
    events = whole.feed(data) + whole.close()
    full = [ev.record for ev in events if isinstance(ev, CommandEnded)]
    cut = SessionParser("s")
    cut.feed(data[: len(data) // 2])
    fresh = SessionParser("s", cut.nonce)
    rest = fresh.feed(data[cut.restart_offset :]) + fresh.close()
    tail = [ev.record for ev in rest if isinstance(ev, CommandEnded)]
    assert tail and [(r.line, r.exit) for r in tail] == [
        (r.line, r.exit) for r in full[-len(tail) :]
    ]


def test_the_signs_of_a_session_end_are_the_parsers() -> None:
    t = Transcript().prompt().command("echo a", "a\n")
    t.typed("exit").start("exit")
    parser = SessionParser("s")
    parser.feed(bytes(t))
    assert parser.exit_open() and not parser.footer_at_end() and not parser.looks_ended()
    parser.feed(b'exit\r\n\nScript done on 2026-12-02 05:00:00+00:00 [COMMAND_EXIT_CODE="0"]\n')
    assert parser.footer_at_end() and parser.looks_ended()
    other = SessionParser("s")
    other.feed(bytes(Transcript().prompt().command("cat old.ts", "x\n")))
    other.feed(b"\nScript done on 2026-12-02 05:00:00+00:00\n")
    assert not other.exit_open() and not other.looks_ended()
