from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.labs import Lab

from . import honest
from .lrs import Lrs, ralph_command
from .receiver import Receiver, Server


@pytest.fixture(scope="session")
def ralph() -> str:
    return ralph_command()


@pytest.fixture(scope="session")
def lab() -> Lab:
    return honest.lab()


@pytest.fixture
def lrs(ralph: str, tmp_path: Path) -> Iterator[Lrs]:
    """A ralph LRS made for the test, not started yet (a test may want it down at first)."""
    server = Lrs(ralph, tmp_path / "lrs")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def receiver() -> Iterator[tuple[Receiver, Server]]:
    rec = Receiver()
    with Server(rec) as server:
        yield rec, server
