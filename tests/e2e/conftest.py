"""Fixtures for the end-to-end suite: several fresh fake nodes per test (the spool must start
empty, and fault tests restart containers)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import fakenode
import pytest

from .harness import Seat

#: Three nodes, one learner each: the issue's acceptance scenario ("three learners at once").
NODE_COUNT = 3
#: Learner names are global in the grader, so each node gets its own account, made the way a
#: real node gets one: install-capture.sh --learner (the image keeps the node files).
LEARNER_NAMES = ("ana", "ben", "cai")
INSTALLER = "/opt/labgrader/node-files/install-capture.sh"


def add_learner(node: fakenode.FakeNode, name: str) -> fakenode.Account:
    """Create learner `name` with the installer and authorize the session's learner key."""
    made = node.exec([INSTALLER, "--learner", name])
    assert made.exit_code == 0, made.text
    pub = Path(str(node.learner.key_path) + ".pub").read_text().strip()
    script = (
        'set -e; h=$(getent passwd "$1" | cut -d: -f6); g=$(id -gn "$1"); '
        'install -d -m 700 -o "$1" -g "$g" "$h/.ssh"; '
        'printf "%s\\n" "$2" > "$h/.ssh/authorized_keys"; '
        'chown "$1:$g" "$h/.ssh/authorized_keys"; chmod 600 "$h/.ssh/authorized_keys"'
    )
    done = node.exec(["sh", "-c", script, "authorize", name, pub])
    assert done.exit_code == 0, done.text
    return fakenode.Account(name, node.learner.key_path)


@contextlib.contextmanager
def started_nodes(
    image: str, keys: fakenode.Keys, workdir: Path, count: int
) -> Iterator[list[Seat]]:
    with contextlib.ExitStack() as stack:
        seats = []
        for i in range(count):
            gen = fakenode.start_node(image, keys, workdir)
            node = next(gen)
            stack.callback(lambda g=gen: next(g, None))
            seats.append(Seat(f"node-{i + 1}", node, add_learner(node, LEARNER_NAMES[i])))
        yield seats


@pytest.fixture
def one_fake_node(fake_node_image: str, fake_node_keys: fakenode.Keys, tmp_path: Path):
    """One fresh fake node with a seat (fault tests restart it)."""
    with started_nodes(fake_node_image, fake_node_keys, tmp_path, 1) as seats:
        yield seats[0]


@pytest.fixture
def fake_nodes(fake_node_image: str, fake_node_keys: fakenode.Keys, tmp_path: Path):
    """NODE_COUNT fresh fake nodes with a seat each (marked fakenode: needs Docker)."""
    with started_nodes(fake_node_image, fake_node_keys, tmp_path, NODE_COUNT) as seats:
        yield seats
