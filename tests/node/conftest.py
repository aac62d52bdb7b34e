"""Fixtures for node-side tests: a real captured shell on a local pty, spool in a temp dir.

Everything runs as the current user with real bash and real util-linux `script`; HOME is a temp
dir so the developer's own dotfiles are not replayed into the session under test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from grader.capture.events import CommandEnded, CommandRecord, Event
from grader.capture.parser import SessionParser
from grader.node.record import Recorder


class Captured:
    """A recorded session, parsed by the real capture parser."""

    def __init__(self, rec: Recorder, record: dict) -> None:
        self.rec = rec
        self.record = record
        self.raw = rec.session_file(record).read_bytes()
        parser = SessionParser(record["session"], record["nonce"])
        self.events: list[Event] = parser.feed(self.raw) + parser.close()

    @property
    def commands(self) -> list[CommandRecord]:
        return [e.record for e in self.events if isinstance(e, CommandEnded)]

    def command(self, line: str) -> CommandRecord:
        return next(c for c in self.commands if c.line.strip() == line)

    def of_kind(self, cls: type) -> list:
        return [e for e in self.events if isinstance(e, cls)]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "root"


@pytest.fixture
def session(root: Path, home: Path) -> Iterator[Callable[..., Recorder]]:
    """Start recorders (closed at teardown); env extras per call."""
    started: list[Recorder] = []

    def start(**env: str) -> Recorder:
        rec = Recorder(root, env={"HOME": str(home), **env}).start()
        started.append(rec)
        return rec

    yield start
    for rec in started:
        rec.close()


def _captured(rec: Recorder, kind: str = "login") -> Captured:
    rec.close()
    record = next(r for r in rec.sessions() if r["kind"] == kind)
    return Captured(rec, record)


@pytest.fixture
def captured() -> Callable[..., Captured]:
    """captured(rec, kind="login"): close the session and parse its file."""
    return _captured


def _write_progress(root: Path, user: str, doc: dict) -> Path:
    """Atomically, as the daemon does (temp file + rename)."""
    path = root / "progress" / user / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc))
    tmp.replace(path)
    return path


@pytest.fixture
def write_progress() -> Callable[[Path, str, dict], Path]:
    return _write_progress
