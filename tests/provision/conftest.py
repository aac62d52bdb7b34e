"""Fixtures: bare fake nodes (sshd + admin + simulators, no capture shell); see barenode.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import barenode
import fakenode
import pytest
from barenode import BareNode, start_bare_node


@pytest.fixture(scope="session")
def bare_node_image(docker_engine: fakenode.docker.DockerClient) -> str:
    return barenode.build_bare_image(docker_engine)


@pytest.fixture(scope="session")
def admin_key(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return fakenode.generate_key(tmp_path_factory.mktemp("bare-keys") / "ops_ed25519", "ops")


@pytest.fixture
def bare_node(bare_node_image: str, admin_key: Path) -> Iterator[BareNode]:
    """One fresh bare node per test (provisioning changes it)."""
    with start_bare_node(bare_node_image, admin_key, "gpu-a") as node:
        yield node


@pytest.fixture
def bare_nodes(bare_node_image: str, admin_key: Path) -> Iterator[tuple[BareNode, BareNode]]:
    """Two fresh bare nodes per test (a class has many nodes; one run provisions them all)."""
    with (
        start_bare_node(bare_node_image, admin_key, "gpu-a") as a,
        start_bare_node(bare_node_image, admin_key, "gpu-b") as b,
    ):
        yield a, b
