"""The distribution matrix: plain nodes of real distributions for `grader provision` and the canary.

Each image is a node as an operator gets it: a `debootstrap --variant=minbase` root of a Debian
release from this machine's own apt archive (provisioning/distros/build-plain-image.sh), plus
sshd, sudo and an admin account `ops` (provisioning/distros/Dockerfile.plain). Nothing of ours is
on it: the tests install the operator guide's prerequisites with the guide's own apt-get line.

  debian11     Debian 11 (bullseye): OpenSSL 1.1.1w, python3 3.9, bash 5.1
  debian12     Debian 12 (bookworm): OpenSSL 3.0, python3 3.11, bash 5.2
  rhel8-like   Debian 11 plus bash 4.4 and CPython 3.6 (provisioning/distros/Dockerfile.rhel8-like
               says what it emulates and what not)

Built once per recipe: a root's tag hashes its build script; a node image's tag hashes its context
(fakenode.build_image), so CI rebuilds only what changed and a warm run only looks tags up. The
Debian images need nothing but the engine and the apt archive; only the rhel8-like image needs a
CPython 3.6 on this machine (tests/python36.py), asked for only when it is built.
"""

from __future__ import annotations

import hashlib
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import docker
import docker.errors
import fakenode

DISTROS_DIR = fakenode.REPO / "provisioning" / "distros"
ROOT_SCRIPT = DISTROS_DIR / "build-plain-image.sh"
APT_ARCHIVES = fakenode.REPO / "scripts" / "apt-archives.sh"
PLAIN = DISTROS_DIR / "Dockerfile.plain"
RHEL8_LIKE = DISTROS_DIR / "Dockerfile.rhel8-like"
BASH_44 = fakenode.REPO / "provisioning" / "shells" / "bash-4.4.19.tar.xz"
#: The Debian 12 libraries the 3.6 build needs that Debian 11 lacks or has older (glibc 2.36,
#: libffi 8), copied beside it; libcrypto 3 is deliberately not among them.
PYTHON36_LIBS = (
    "ld-linux-x86-64.so.2",
    "libc.so.6",
    "libm.so.6",
    "libpthread.so.0",
    "libdl.so.2",
    "libutil.so.1",
    "librt.so.1",
    "libcrypt.so.1",
    "libffi.so.8",
)
LIB_DIRS = (Path("/lib/x86_64-linux-gnu"), Path("/usr/lib/x86_64-linux-gnu"), Path("/lib64"))
#: The guide's prerequisites a node must not get from apt: on the rhel8-like node python3 is
#: its own 3.6 (Debian's python3 package would replace it with 3.9).
PREINSTALLED = {"rhel8-like": ("python3",)}
#: The guide's RHEL 8 packages (its `dnf install` line) as the Debian packages this stand-in
#: node installs instead, since it has apt, not dnf: RHEL 8's python39 (an AppStream module:
#: /usr/bin/python3.9 beside the platform python3 3.6) is, here, Debian 11's python3.9-minimal,
#: which gives /usr/bin/python3.9 and leaves /usr/bin/python3 the node's 3.6.
DNF_AS_APT = {"python39": "python3.9-minimal"}


@dataclass(frozen=True)
class Distro:
    name: str
    suite: str
    #: What the node's report must show: bash major.minor, python3 major.minor, OpenSSL prefix.
    bash: str
    python: str
    openssl: str
    #: The interpreter the GPU simulator's install picks (its programs' first line).
    simulator_python: str


DISTROS = (
    Distro("debian11", "bullseye", "5.1", "3.9", "OpenSSL 1.1.1", "/usr/bin/python3.9"),
    Distro("debian12", "bookworm", "5.2", "3.11", "OpenSSL 3.", "/usr/bin/python3.11"),
    Distro("rhel8-like", "bullseye", "4.4", "3.6", "OpenSSL 1.1.1", "/usr/bin/python3.9"),
)


def _recipe_hash(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def ensure_root(client: docker.DockerClient, suite: str) -> str:
    """`labgrader/plain-root-SUITE:<hash>`, debootstrapped when missing (root, about a minute)."""
    repo = f"labgrader/plain-root-{suite}"
    tag = f"{repo}:{_recipe_hash(ROOT_SCRIPT, APT_ARCHIVES)}"
    with fakenode.BuildLock(f"{repo.replace('/', '-')}-build.lock"):
        try:
            client.images.get(tag)
            return tag
        except docker.errors.ImageNotFound:
            pass
        fakenode.prune_stale_images(client, repo, keep=tag)
        done = subprocess.run(
            [str(ROOT_SCRIPT), suite, tag], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{ROOT_SCRIPT.name} {suite} failed:\n{done.stderr[-4000:]}")
    return tag


def _plain_image(client: docker.DockerClient, suite: str) -> str:
    root = ensure_root(client, suite)
    return fakenode.build_image(
        client,
        f"labgrader/plain-node-{suite}",
        PLAIN.relative_to(fakenode.REPO).as_posix(),
        fakenode.repo_files(PLAIN),
        {"BASE": root},
    )


def _python36_tree(python36: str) -> list[fakenode.ContextEntry]:
    """The 3.6 build's prefix as `python3.6/` (tests and caches left out) and the Debian 12
    libraries it runs with as `python3.6/glibc/`."""
    prefix = Path(python36).resolve().parent.parent
    entries = [
        e
        for e in fakenode.tree_files(prefix, "python3.6")
        if not {"test", "tests", "idle_test", "ensurepip"}.intersection(e[0].split("/"))
    ]
    for name in PYTHON36_LIBS:
        path = next((d / name for d in LIB_DIRS if (d / name).exists()), None)
        if path is None:
            raise RuntimeError(f"{name} not found in {', '.join(map(str, LIB_DIRS))}")
        entries.append((f"python3.6/glibc/{name}", path.resolve().read_bytes(), 0o755))
    return entries


def ensure_rhel8_like_image(client: docker.DockerClient, python36: str) -> str:
    """The rhel8-like node image (on the plain bullseye one), its python3 the 3.6 at `python36`."""
    root = ensure_root(client, "bullseye")
    base = _plain_image(client, "bullseye")
    return fakenode.build_image(
        client,
        "labgrader/rhel8-like-node",
        RHEL8_LIKE.relative_to(fakenode.REPO).as_posix(),
        fakenode.repo_files(RHEL8_LIKE, BASH_44) + _python36_tree(python36),
        {"BASE": base, "ROOT": root},
    )


def ensure_debian_images(client: docker.DockerClient) -> dict[str, str]:
    """The plain Debian node images by distro name, built where missing (roots in parallel)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        plain = {s: pool.submit(_plain_image, client, s) for s in ("bullseye", "bookworm")}
        return {"debian11": plain["bullseye"].result(), "debian12": plain["bookworm"].result()}
