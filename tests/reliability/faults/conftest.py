"""Fixtures for the fault suite: fake nodes with two learners each (tests/e2e's nodes and
installer), and the databases that can be taken away (databases.py)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import fakenode
import pytest
from e2e.conftest import add_learner, started_nodes
from e2e.harness import Seat, free_port
from missing import missing

from .databases import PrivatePostgres, TinyFilesystem, pg_bindir
from .injector import restartable_port

#: Three nodes, two learners each: several nodes so one node's fault is seen next to healthy
#: ones, two learners so one spool directory holds several streams.
NODE_COUNT = 3
SECOND_LEARNERS = ("dia", "eli", "fay")


@pytest.fixture
def class_seats(
    fake_node_image: str, fake_node_keys: fakenode.Keys, tmp_path: Path
) -> Iterator[list[Seat]]:
    with started_nodes(fake_node_image, fake_node_keys, tmp_path, NODE_COUNT) as first:
        seats = list(first)
        for seat, name in zip(first, SECOND_LEARNERS, strict=True):
            seats.append(Seat(seat.node_id, seat.node, add_learner(seat.node, name)))
        yield seats


@pytest.fixture
def private_postgres(tmp_path: Path) -> Iterator[PrivatePostgres]:
    bindir = pg_bindir()
    if bindir is None:
        missing("no PostgreSQL binaries: run scripts/ensure-postgres.sh")
    root = Path("/tmp") / f"labgrader-faults-pg-{os.getpid()}-{free_port()}"
    pg = PrivatePostgres(root, restartable_port(), bindir).init()
    pg.start()
    try:
        yield pg
    finally:
        with contextlib.suppress(AssertionError):  # already stopped
            pg.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def tiny_filesystem(tmp_path: Path) -> Iterator[TinyFilesystem]:
    fs = TinyFilesystem(tmp_path / "tinyfs").mount()
    try:
        yield fs
    finally:
        fs.unmount()
