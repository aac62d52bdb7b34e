"""Fixtures for node-side tests: a real captured shell on a local pty, spool in a temp dir.

Everything runs as the current user with real bash and real util-linux `script`; HOME is a temp
dir so the developer's own dotfiles are not replayed into the session under test.

Every test that records a session runs once per shell of the matrix that can capture (bash 4.4,
5.0, 5.1 and the system's; tests/shells.py): the `node_shell` parameter. A test that needs a
newer bash than some of them (an array PROMPT_COMMAND is bash >= 5.1) says so with
`@pytest.mark.bash_min(5, 1)` or its `mode="array"` parameter, and is deselected on older shells:
the feature does not exist there, so there is nothing to test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shells

from grader.authoring.record import Recorder
from grader.capture.events import CommandEnded, CommandRecord, Event
from grader.capture.parser import SessionParser


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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "node_shell" in metafunc.fixturenames:
        metafunc.parametrize("node_shell", shells.params(captures=True))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep, drop = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        shell = callspec.params.get("node_shell") if callspec else None
        need: tuple[int, ...] = ()
        marker = item.get_closest_marker("bash_min")
        if marker is not None:
            need = tuple(marker.args)
        if callspec is not None and callspec.params.get("mode") == "array":
            need = max(need, (5, 1))
        (drop if shell is not None and shell.version < need else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def session(root: Path, home: Path, node_shell: shells.Shell) -> Iterator[Callable[..., Recorder]]:
    """Start recorders (closed at teardown) on the matrix shell `node_shell`; env extras per call.

    /etc/profile resets PATH in the login replay, so the home's .profile puts the shell's
    directory back first: a nested `bash` typed in the session is the same release.
    """
    started: list[Recorder] = []
    if node_shell.bindir is not None:
        (home / ".profile").write_text(f'PATH="{node_shell.bindir}:$PATH"\n')

    def start(**env: str) -> Recorder:
        env = {"HOME": str(home), "PATH": node_shell.path_env(), **env}
        rec = Recorder(root, env=env).start()
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
