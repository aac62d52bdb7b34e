"""Grading saved session files: the I/O edge that `grader replay` and `grader test-lab` share.

A session file (`<session-id>.ts`, docs/node-protocol.md) is parsed by its own SessionParser; its
nonce comes from the `sessions.jsonl` beside it when there is one (as on a node's spool), else
the parser trusts the first marker's nonce. Several files are merged into one event stream by
their command timestamps, so `after` across a login shell and a tmux pane sees the order in
which the learner really typed; each file's own order is always kept.

Attested runs: with the node's key (`attest_key`), each file's 133;T markers are verified and put
on their records and the engine enforces them (grader.matching.attest); without it, they are
dropped unverified and nothing is enforced. The output records the signed runs name
(`<session>.<pid>.<t0>.run`, grader/protocol/run_record.py) are read from beside the session
file, as the node's helper leaves them in the learner's spool directory.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from grader.authoring.trace import TracedCommand, trace
from grader.authoring.transcript_records import FolderRecords
from grader.capture import CommandEnded, CommandStarted, Event, SessionParser
from grader.labs import Lab
from grader.matching import Attester, LabGrader

SESSIONS_INDEX = "sessions.jsonl"
# Files are read in chunks like the daemon streams them, so a replay exercises the same carry
# logic; 64 KiB is the order of one SSH channel window packet.
READ_CHUNK = 64 * 1024


@dataclass(slots=True)
class SessionInfo:
    session: str
    nonce: str | None = None
    user: str | None = None


@dataclass(slots=True)
class Replay:
    grader: LabGrader
    events: int = 0
    sessions: list[SessionInfo] = field(default_factory=list)
    # every command with the verdicts it changed (grader/authoring/trace.py)
    commands: list[TracedCommand] = field(default_factory=list)


def session_info(path: Path) -> SessionInfo:
    """The session id (the file stem) and, from a neighbouring sessions.jsonl, nonce and user."""
    info = SessionInfo(session=path.stem)
    index = path.with_name(SESSIONS_INDEX)
    if not index.is_file():
        return info
    with index.open(encoding="utf-8", errors="replace") as fh:
        for raw in fh:
            try:
                entry = json.loads(raw)
            except json.JSONDecodeError:
                continue  # a torn last line while the shell was writing it
            if not isinstance(entry, dict):
                continue
            if entry.get("file") == path.name or entry.get("session") == path.stem:
                info.nonce = entry.get("nonce") or None
                info.user = entry.get("user") or None
    return info


def parse_file(path: Path, info: SessionInfo, attest_key: bytes | None = None) -> list[Event]:
    parser = SessionParser(info.session, info.nonce)
    events: list[Event] = []
    with path.open("rb") as fh:
        while chunk := fh.read(READ_CHUNK):
            events.extend(parser.feed(chunk))
    events.extend(parser.close())
    return Attester(attest_key, FolderRecords(path.parent)).events(events)


def _timed(events: list[Event]) -> Iterator[tuple[float, int, Event]]:
    """Each event keyed by the latest command time seen in its file (non-decreasing there)."""
    now = 0.0
    for i, ev in enumerate(events):
        t: float | None = None
        if isinstance(ev, CommandStarted):
            t = ev.t0
        elif isinstance(ev, CommandEnded):
            t = ev.record.t1 or ev.record.t0
        if t is not None and t > now:
            now = t
        yield now, i, ev


def merged_events(
    paths: Sequence[Path], attest_key: bytes | None = None
) -> tuple[list[SessionInfo], list[Event]]:
    infos = [session_info(p) for p in paths]
    streams = [
        list(_timed(parse_file(p, info, attest_key))) for p, info in zip(paths, infos, strict=True)
    ]
    merged = heapq.merge(*streams, key=lambda x: (x[0], x[1]))
    return infos, [ev for _, _, ev in merged]


def replay(
    lab: Lab, paths: Sequence[Path], learner: str | None = None, attest_key: bytes | None = None
) -> Replay:
    """Grade the files; with the node's key, steps that need a signed run are enforced."""
    infos, events = merged_events(paths, attest_key)
    who = learner or next((i.user for i in infos if i.user), None) or "learner"
    grader = LabGrader(lab, who, enforce_attestation=attest_key is not None)
    commands = trace(grader, events)
    return Replay(grader, len(events), infos, commands)
