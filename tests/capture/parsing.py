"""Helpers for the parser tests: run a stream through a parser in chunks, merge output batches."""

from __future__ import annotations

import re
from collections.abc import Iterable

from grader.capture.events import CommandEnded, CommandRecord, CommandStarted, Event, OutputLines
from grader.capture.parser import SessionParser

_D_END = re.compile(rb"\x1b\]133;D[^\x07\x1b]*(?:\x07|\x1b\\)")


def restart_points(data: bytes) -> list[int]:
    """The rule for a session's restart points, written from the outside: every offset just
    after a 133;D marker where the events so far leave no command open (what
    SessionParser.restart_offset must report; tests/capture/test_restart_offset.py)."""
    parser, open_, points, start = SessionParser("s1"), set(), [], 0
    for m in _D_END.finditer(data):
        for ev in parser.feed(data[start : m.end()]):
            if isinstance(ev, CommandStarted):
                open_.add((ev.aid, ev.n))
            elif isinstance(ev, CommandEnded):
                open_.discard((ev.record.aid, ev.record.n))
        start = m.end()
        if not open_:
            points.append(start)
    return points


def parse(data: bytes, chunk: int | None = None, nonce: str | None = None) -> list[Event]:
    """All events of `data` fed in `chunk`-byte pieces (whole if None), then EOF."""
    parser = SessionParser("s1", nonce)
    return feed_all(parser, data, [data] if chunk is None else split(data, chunk))


def split(data: bytes, chunk: int) -> list[bytes]:
    return [data[i : i + chunk] for i in range(0, len(data), chunk)]


def feed_all(parser: SessionParser, data: bytes, pieces: Iterable[bytes]) -> list[Event]:
    events: list[Event] = []
    for piece in pieces:
        events += parser.feed(piece)
    return events + parser.close()


def merged(events: list[Event]) -> list[Event]:
    """Join consecutive OutputLines of one command: batching is free to differ, content is not."""
    out: list[Event] = []
    for ev in events:
        prev = out[-1] if out else None
        if (
            isinstance(ev, OutputLines)
            and isinstance(prev, OutputLines)
            and (prev.aid, prev.n) == (ev.aid, ev.n)
        ):
            out[-1] = OutputLines(ev.session, ev.aid, ev.n, prev.lines + ev.lines)
        else:
            out.append(ev)
    return out


def records(events: list[Event]) -> list[CommandRecord]:
    return [ev.record for ev in events if isinstance(ev, CommandEnded)]


def streamed(events: list[Event], n: int) -> list[str]:
    """Every line streamed for command n."""
    return [line for ev in events if isinstance(ev, OutputLines) and ev.n == n for line in ev.lines]


def kinds(events: list[Event]) -> list[str]:
    return [getattr(ev, "kind", type(ev).__name__) for ev in events]
