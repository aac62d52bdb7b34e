"""Bare fake nodes for provisioning tests: sshd + an admin account + simulators, no capture shell.

Helpers only; the fixtures are in conftest.py.

The image is provisioning/fake-node/Dockerfile.bare on the fake node's base image, built once per
source change (its tag hashes the Dockerfile and the simulator files); the helpers for the engine,
keys, host-key pinning and readiness come from tests/fakenode.py.
"""

from __future__ import annotations

import hashlib
import io
import os
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import fakenode
from testcontainers.core.container import DockerContainer

DOCKERFILE_BARE = fakenode.REPO / "provisioning" / "fake-node" / "Dockerfile.bare"
SIM_FILES = fakenode.NODE_FILES / "sim"
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


def _bare_context() -> tuple[bytes, str]:
    """A tar of Dockerfile.bare and the simulators only, and its content hash."""
    files = [("provisioning/fake-node/Dockerfile.bare", DOCKERFILE_BARE)]
    files += [
        (p.relative_to(fakenode.REPO).as_posix(), p)
        for p in sorted(SIM_FILES.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and ".ruff_cache" not in p.parts
    ]
    digest = hashlib.sha256()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, path in files:
            data, mode = path.read_bytes(), path.stat().st_mode & 0o777
            digest.update(name.encode() + b"\0" + f"{mode:o}".encode() + b"\0")
            digest.update(hashlib.sha256(data).digest())
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), mode
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue(), digest.hexdigest()


def build_bare_image(docker_engine: fakenode.docker.DockerClient) -> str:
    """The bare node image for the current sources, built when missing (once per change)."""
    with fakenode._BuildLock("labgrader-barenode-build.lock"):
        base_id = fakenode.ensure_base_image(docker_engine)
        context, digest = _bare_context()
        tag = f"{BARE_IMAGE_REPO}:{hashlib.sha256((digest + base_id).encode()).hexdigest()[:16]}"
        try:
            docker_engine.images.get(tag)
            return tag
        except fakenode.docker.errors.ImageNotFound:
            pass
        try:
            docker_engine.images.build(
                fileobj=io.BytesIO(context),
                custom_context=True,
                dockerfile="provisioning/fake-node/Dockerfile.bare",
                tag=tag,
                buildargs={"BASE": fakenode.BASE_IMAGE},
                rm=True,
                forcerm=True,
            )
        except fakenode.docker.errors.BuildError as exc:
            log = "".join(str(c.get("stream", c.get("error", ""))) for c in exc.build_log)
            raise RuntimeError(f"bare node image build failed: {exc}\n{log[-6000:]}") from exc
        return tag


def start_bare_node(image: str, key: Path, name: str) -> Iterator[BareNode]:
    """Start a bare node with `key` authorized for the admin (and the password-sudo account)."""
    container = (
        DockerContainer(image)
        .with_exposed_ports(fakenode.SSH_PORT)
        .with_kwargs(hostname=name, labels={fakenode.OWNER_LABEL: str(os.getpid())})
    )
    container.start()
    try:
        pub = Path(str(key) + ".pub").read_text().strip()
        for user in (ADMIN_USER, PASSWORD_SUDO_USER):
            fakenode._authorize(container, user, pub)
        host = container.get_container_host_ip()
        port = int(container.get_exposed_port(fakenode.SSH_PORT))
        fakenode._wait_for_banner(host, port, fakenode.SSHD_READY_TIMEOUT_S)
        hostkey = fakenode.container_exec(
            container, ["cat", "/etc/ssh/ssh_host_ed25519_key.pub"], "root"
        )
        host_key = " ".join(hostkey.text.split()[:2])
        yield BareNode(name, host, port, key, host_key, container)
    finally:
        container.stop()
