"""Bare fake nodes for provisioning tests: sshd + an admin account + simulators, no capture shell.

Helpers only; the fixtures are in conftest.py.

The image is provisioning/fake-node/Dockerfile.bare on the fake node's base image. Building,
starting, authorizing keys, waiting for sshd and pinning the host key are tests/fakenode.py's
public helpers (`build_image`, `sshd_container`): one copy of that machinery for every node kind,
so a fix there (build lock, stale-image pruning, readiness) reaches these nodes too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import fakenode
from testcontainers.core.container import DockerContainer

DOCKERFILE_BARE = fakenode.REPO / "provisioning" / "fake-node" / "Dockerfile.bare"
BARE_IMAGE_REPO = "labgrader/bare-node"
ADMIN_USER = "ops"
#: An account whose sudo asks for a password (provisioning must say so, not hang).
PASSWORD_SUDO_USER = "needpw"


@dataclass(frozen=True)
class BareNode:
    """A started bare node: admin login `ops` with `key`, host key pinned in `host_key`."""

    name: str
    host: str
    port: int
    key: Path
    #: `ssh-ed25519 AAAA...` (no host part): what an inventory pins.
    host_key: str
    container: DockerContainer

    def exec(self, cmd: str, user: str = "root") -> fakenode.ExecResult:
        return fakenode.container_exec(self.container, cmd, user)


def build_bare_image(docker_engine: fakenode.docker.DockerClient) -> str:
    """The bare node image for the current sources, built when missing (once per change).

    Its context is Dockerfile.bare and the simulators only: no capture shell goes in, which is
    the point of a bare node.
    """
    return fakenode.build_image(
        docker_engine,
        BARE_IMAGE_REPO,
        DOCKERFILE_BARE.relative_to(fakenode.REPO).as_posix(),
        fakenode.repo_files(DOCKERFILE_BARE) + fakenode.sim_files(),
        {},
    )


@contextmanager
def start_bare_node(image: str, key: Path, name: str) -> Iterator[BareNode]:
    """A bare node with `key` authorized for the admin and the password-sudo account."""
    accounts = {ADMIN_USER: key, PASSWORD_SUDO_USER: key}
    with fakenode.sshd_container(image, name, accounts) as started:
        yield BareNode(name, started.host, started.port, key, started.host_key, started.container)
