"""Fake node for tests: a container with a real sshd, bash, capture shell and simulated GPU tools.

Why a container and not a local sshd: the capture shell, the spool permissions and the grader's
streaming all depend on real accounts, groups and an sshd `Match Group` block, which need root in
a machine of their own. The image is provisioning/fake-node/Dockerfile on top of a debootstrapped
base (these machines have no image registry; see build-base-image.sh).

Build once per test session: the image tag carries a hash of everything that goes into it (the
Dockerfile, grader/node/files, the simulator, the lab environment, the base image id), so a
changed capture shell is never tested through a stale image, and an unchanged one is never
rebuilt.

Trust: the fixture reads the container's ed25519 host key with `docker exec` (root, out of band)
and pins it; tests never accept a host key on first contact.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import io
import os
import re
import socket
import subprocess
import tarfile
import tempfile
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

# testcontainers reads its configuration from the environment when it is imported, so these go
# first. Ryuk (the reaper container) would need an image pull from a registry these machines
# cannot reach; this machine has /.dockerenv, so without docker_host testcontainers would take
# the bridge gateway for the host address. Leftovers are removed by label instead (see below).
os.environ.setdefault("TESTCONTAINERS_RYUK_DISABLED", "true")
os.environ.setdefault("TESTCONTAINERS_CONNECTION_MODE", "docker_host")

import asyncssh
import docker
import docker.errors
from testcontainers.core.container import DockerContainer

from grader.node.paths import simulator_dir

REPO = Path(__file__).resolve().parent.parent
DOCKERFILE = REPO / "provisioning" / "fake-node" / "Dockerfile"
BASE_IMAGE_SCRIPT = REPO / "provisioning" / "fake-node" / "build-base-image.sh"
NODE_FILES = REPO / "grader" / "node" / "files"
#: The protocol modules the node files import (the Dockerfile COPYs them beside the node files).
PROTOCOL = REPO / "grader" / "protocol"
#: Where the Dockerfiles COPY the simulator from: its place in the repository, their build context.
#: Its files come from wherever the simulator's package is installed (simulator_dir()).
SIM_CONTEXT_DIR = "provisioning/fake-node/labgrader_fakenode/sim"
#: The lab whose `environment:` the fake node's learners get (NCCL_DEBUG=WARN for the first lab).
LAB_FILE = REPO / "labs" / "nccl-bootstrap" / "lab.yaml"

BASE_IMAGE = "labgrader/debian-base:bookworm"
IMAGE_REPO = "labgrader/fake-node"
HOSTNAME = "ml-node-07"
LEARNERS = ("learner", "learner2")
GRADER_USER = "labgrader"
SSH_PORT = 22
#: Our own label on every fake-node container: the pid of the pytest process that owns it, so
#: clean-up removes only containers whose owner is gone (other sessions may run concurrently on
#: the same engine, and their containers carry the same org.testcontainers label).
OWNER_LABEL = "labgrader.test-owner-pid"
TESTCONTAINERS_LABEL = "org.testcontainers=true"

#: sshd prints its banner within ~0.7 s of the container start here; 30 s covers a loaded
#: 2-core machine running several test sessions without hiding a real hang for long.
SSHD_READY_TIMEOUT_S = 30.0
#: A docker build of the fake node takes seconds when cached, under a minute from scratch.
BUILD_LOCK_TIMEOUT_S = 600.0
#: Fake-node images older than this are pruned when a new one is built (one per content change).
STALE_IMAGE_AGE_S = 3600.0
#: Every fake node's own pids cgroup (docker's pids limit): the safety net under the learners'
#: limits (install-limits.sh), so a fork bomb a test runs can never reach the host, whatever
#: the node's limits.conf says. Far above what any test's sessions use.
PIDS_LIMIT = 4096
#: How to get an engine, said in every skip/failure about a missing one.
HOW_TO_GET_DOCKER = "run `sudo scripts/ensure-docker.sh` to install and start a Docker engine"


class EngineUnavailable(RuntimeError):
    """No Docker engine answered (the caller decides: skip locally, fail in CI)."""


@dataclass(frozen=True)
class Account:
    """An SSH login on the fake node: user name and the private key file that logs in."""

    user: str
    key_path: Path


@dataclass(frozen=True)
class ExecResult:
    exit_code: int
    output: bytes

    @property
    def text(self) -> str:
        return self.output.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class FakeNode:
    """A started fake node, reachable over SSH on host:port with pinned host key."""

    host: str
    port: int
    learner: Account
    learner2: Account
    grader: Account
    #: `[host]:port ssh-ed25519 AAAA...`, read out of band from the container.
    known_hosts_line: str
    #: A file holding only known_hosts_line (for clients that want a path, e.g. OpenSSH, fabric).
    known_hosts_path: Path
    container: DockerContainer

    def exec(self, cmd: str | Sequence[str], user: str = "root") -> ExecResult:
        """Run a command in the container (out of band, no SSH). A str runs under `sh -c`."""
        return container_exec(self.container, cmd, user)

    def known_hosts(self) -> asyncssh.SSHKnownHosts:
        """The pinned host key as asyncssh known_hosts (never auto-accept)."""
        return asyncssh.import_known_hosts(self.known_hosts_line + "\n")

    def connect_kwargs(self, account: Account) -> dict[str, object]:
        """Keyword arguments for `asyncssh.connect` as `account`, host key pinned."""
        return {
            "host": self.host,
            "port": self.port,
            "username": account.user,
            "client_keys": [str(account.key_path)],
            "known_hosts": self.known_hosts(),
            "agent_path": None,
            "connect_timeout": SSHD_READY_TIMEOUT_S,
        }


def install_bash(node: FakeNode, bash: Path) -> str:
    """Make `bash` (a build of tests/shells.py's matrix) the node's /bin/bash, as on a distribution
    that ships that release: sshd runs the capture shell with it and the learner's shell is it.
    Returns the node's `$BASH_VERSION` afterwards. Built here on Debian 12 against the same glibc
    and libtinfo as the fake node image, so the binary runs there as is."""
    data = bash.read_bytes()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("labgrader-bash")
        info.size, info.mode = len(data), 0o755
        tar.addfile(info, io.BytesIO(data))
    assert node.container.get_wrapped_container().put_archive("/tmp", buf.getvalue())
    # install(1) writes a new file and renames it over the old one: no running bash is touched.
    done = node.exec("install -m 0755 /tmp/labgrader-bash /usr/bin/bash && rm /tmp/labgrader-bash")
    assert done.exit_code == 0, done.text
    return node.exec(["/bin/bash", "-c", "echo $BASH_VERSION"]).text.strip()


def container_exec(container: DockerContainer, cmd: str | Sequence[str], user: str) -> ExecResult:
    """`docker exec` as `user`; a str runs under `sh -c`, a sequence is the argv as is."""
    argv = ["sh", "-c", cmd] if isinstance(cmd, str) else list(cmd)
    code, out = container.get_wrapped_container().exec_run(argv, user=user, demux=False)
    return ExecResult(exit_code=code, output=out or b"")


# --- engine ---------------------------------------------------------------------------------------


def engine() -> docker.DockerClient:
    """A client for a Docker engine that answers, or EngineUnavailable saying how to get one."""
    try:
        client = docker.from_env()
        client.ping()
    except docker.errors.DockerException as exc:
        raise EngineUnavailable(f"no Docker engine reachable ({exc}); {HOW_TO_GET_DOCKER}") from exc
    return client


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_leftovers(client: docker.DockerClient) -> list[str]:
    """Remove testcontainers-labelled containers whose owning test process is gone.

    Without Ryuk nothing reaps containers of a killed test run. Containers of live concurrent
    sessions (their owner pid still runs) are left alone.
    """
    removed = []
    for container in client.containers.list(all=True, filters={"label": TESTCONTAINERS_LABEL}):
        owner = container.labels.get(OWNER_LABEL, "")
        if owner.isdigit() and _pid_alive(int(owner)):
            continue
        container.remove(force=True)
        removed.append(container.name)
    return removed


# --- image ----------------------------------------------------------------------------------------


def lab_environment(lab_file: Path = LAB_FILE) -> dict[str, str]:
    """The `environment:` map of the lab, as strings (empty when the lab does not exist yet)."""
    if not lab_file.exists():
        return {}
    import yaml

    data = yaml.safe_load(lab_file.read_text(encoding="utf-8")) or {}
    return {str(k): str(v) for k, v in (data.get("environment") or {}).items()}


#: One file in a build context: (name in the context, bytes, mode).
ContextEntry = tuple[str, bytes, int]


def tree_files(root: Path, name: str) -> list[ContextEntry]:
    """Context entries for a file or a directory tree, as `name` in the context, sorted, caches
    left out."""
    entries = []
    candidates = sorted(root.rglob("*")) if root.is_dir() else [root]
    for path in candidates:
        if path.is_file() and not {"__pycache__", ".ruff_cache"}.intersection(path.parts):
            rel = path.relative_to(root).as_posix()
            entry = name if rel == "." else f"{name}/{rel}"
            entries.append((entry, path.read_bytes(), path.stat().st_mode & 0o777))
    return entries


def repo_files(*paths: Path) -> list[ContextEntry]:
    """Context entries for files and directory trees of the repository, by their repository path."""
    return [e for root in paths for e in tree_files(root, root.relative_to(REPO).as_posix())]


def sim_files() -> list[ContextEntry]:
    """The simulator, found through its package, where the Dockerfiles COPY it from."""
    return tree_files(simulator_dir(), SIM_CONTEXT_DIR)


def _environment_file(env: dict[str, str]) -> bytes:
    """The lab environment as `KEY=VALUE` lines (the node's /etc/labgrader/environment format)."""
    return "".join(f"{k}={v}\n" for k, v in sorted(env.items())).encode()


#: Where the lab environment goes in the build context (the Dockerfile COPYs it from there).
CONTEXT_ENV_FILE = "provisioning/fake-node/lab-environment"


def context_tar(entries: Sequence[ContextEntry]) -> tuple[bytes, str]:
    """A tar of exactly `entries` (not the whole repo: .venv, .git) and a hash of its content."""
    digest = hashlib.sha256()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, data, mode in entries:
            digest.update(name.encode() + b"\0" + f"{mode:o}".encode() + b"\0")
            digest.update(hashlib.sha256(data).digest())
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = mode
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue(), digest.hexdigest()


class BuildLock:
    """A host-wide file lock: concurrent test sessions build the same image once."""

    def __init__(self, name: str) -> None:
        self._path = Path(tempfile.gettempdir()) / name
        self._fd = -1

    def __enter__(self) -> BuildLock:
        self._fd = os.open(self._path, os.O_CREAT | os.O_RDWR, 0o666)
        deadline = time.monotonic() + BUILD_LOCK_TIMEOUT_S
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return self
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"waited {BUILD_LOCK_TIMEOUT_S} s for {self._path}"
                    ) from None
                time.sleep(0.5)

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)


def _base_packages() -> str:
    """The package list build-base-image.sh includes (and labels its image with)."""
    m = re.search(r'^readonly INCLUDE="([^"]+)"', BASE_IMAGE_SCRIPT.read_text(), re.MULTILINE)
    assert m is not None, f"no INCLUDE in {BASE_IMAGE_SCRIPT}"
    return m.group(1)


def ensure_base_image(client: docker.DockerClient) -> str:
    """The base image's id, debootstrapping it first when it is missing or was built from another
    package list than the script's (needs root)."""
    try:
        image = client.images.get(BASE_IMAGE)
        if (image.labels or {}).get("labgrader.base.include") == _base_packages():
            return image.id
    except docker.errors.ImageNotFound:
        pass
    result = subprocess.run(
        [str(BASE_IMAGE_SCRIPT), BASE_IMAGE], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"{BASE_IMAGE_SCRIPT.name} failed:\n{result.stderr[-4000:]}")
    return client.images.get(BASE_IMAGE).id


def prune_stale_images(client: docker.DockerClient, repo: str, keep: str) -> list[str]:
    """Remove `repo` images older than STALE_IMAGE_AGE_S, except `keep`.

    Every change to the node files makes a new tag; without this they pile up. Young ones stay:
    a concurrent session may be about to start a container from the tag it just built. Images
    still used by a container are refused by the engine and left alone.
    """
    removed = []
    cutoff = time.time() - STALE_IMAGE_AGE_S
    for image in client.images.list(name=repo):
        created = datetime.fromisoformat(image.attrs["Created"][:19]).replace(tzinfo=UTC)
        if keep in image.tags or created.timestamp() > cutoff:
            continue
        for tag in image.tags:
            try:
                client.images.remove(tag)
                removed.append(tag)
            except docker.errors.APIError:
                pass
    return removed


def build_image(
    client: docker.DockerClient,
    repo: str,
    dockerfile: str,
    entries: Sequence[ContextEntry],
    buildargs: dict[str, str],
) -> str:
    """`repo:<hash>` built from `entries` on the base image, unless that tag already exists.

    The tag hashes the context, the build args and the base image id, so a stale image is never
    used and an unchanged one never rebuilt. A host-wide lock makes concurrent sessions build once.
    """
    lock_name = f"{repo.replace('/', '-')}-build.lock"
    with BuildLock(lock_name):
        base_id = ensure_base_image(client)
        context, digest = context_tar(entries)
        args = "\0".join(f"{k}={v}" for k, v in sorted(buildargs.items()))
        tag = f"{repo}:{hashlib.sha256((digest + args + base_id).encode()).hexdigest()[:16]}"
        try:
            client.images.get(tag)
            return tag
        except docker.errors.ImageNotFound:
            pass
        prune_stale_images(client, repo, keep=tag)
        try:
            client.images.build(
                fileobj=io.BytesIO(context),
                custom_context=True,
                dockerfile=dockerfile,
                tag=tag,
                buildargs={"BASE": BASE_IMAGE, **buildargs},
                rm=True,
                forcerm=True,
            )
        except docker.errors.BuildError as exc:
            log = "".join(
                str(chunk.get("stream", chunk.get("error", ""))) for chunk in exc.build_log
            )
            raise RuntimeError(f"{repo} image build failed: {exc}\n{log[-6000:]}") from exc
        return tag


def ensure_image(client: docker.DockerClient) -> str:
    """The fake node image tag for the current sources, built when it does not exist yet."""
    entries = repo_files(DOCKERFILE, NODE_FILES, PROTOCOL) + sim_files()
    entries.append((CONTEXT_ENV_FILE, _environment_file(lab_environment()), 0o644))
    return build_image(
        client,
        IMAGE_REPO,
        DOCKERFILE.relative_to(REPO).as_posix(),
        entries,
        {"LEARNERS": " ".join(LEARNERS)},
    )


# --- keys and container ---------------------------------------------------------------------------


def generate_key(path: Path, comment: str) -> Path:
    """Write a fresh ed25519 private key (OpenSSH format, mode 0600) and its .pub beside it."""
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
    key.write_private_key(str(path))
    key.write_public_key(str(path) + ".pub")
    path.chmod(0o600)
    return path


def authorize(container: DockerContainer, user: str, pubkey: str) -> None:
    """Install `pubkey` as the only authorized key of `user` (as root, owner user, mode 0600)."""
    script = (
        'set -e; u=$1; key=$2; home=$(getent passwd "$u" | cut -d: -f6); g=$(id -gn "$u"); '
        'install -d -m 700 -o "$u" -g "$g" "$home/.ssh"; '
        'printf "%s\\n" "$key" > "$home/.ssh/authorized_keys"; '
        'chown "$u:$g" "$home/.ssh/authorized_keys"; chmod 600 "$home/.ssh/authorized_keys"'
    )
    result = container_exec(container, ["sh", "-c", script, "authorize", user, pubkey], "root")
    if result.exit_code != 0:
        raise RuntimeError(f"authorizing a key for {user} failed: {result.text}")


def wait_for_banner(host: str, port: int, timeout_s: float) -> None:
    """Wait until sshd answers with its SSH-2.0 banner (a published port accepts before that)."""
    deadline = time.monotonic() + timeout_s
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=2) as sock:
                if sock.recv(64).startswith(b"SSH-2.0-"):
                    return
        except OSError as exc:
            last = exc
        time.sleep(0.1)
    raise TimeoutError(f"sshd on {host}:{port} not ready after {timeout_s} s ({last})")


def known_hosts_line(host: str, port: int, pubkey_line: str) -> str:
    """`[host]:port type key` (the OpenSSH form for a non-default port), comment dropped."""
    key_type, key_b64 = pubkey_line.split()[:2]
    return f"[{host}]:{port} {key_type} {key_b64}"


@dataclass(frozen=True)
class Keys:
    """Per-session client keys, one per account."""

    learner: Path
    learner2: Path
    grader: Path


def make_keys(directory: Path) -> Keys:
    return Keys(
        learner=generate_key(directory / "learner_ed25519", "fakenode-learner"),
        learner2=generate_key(directory / "learner2_ed25519", "fakenode-learner2"),
        grader=generate_key(directory / "grader_ed25519", "fakenode-grader"),
    )


@dataclass(frozen=True)
class SshdContainer:
    """A started container whose sshd answers, with its ed25519 host key read out of band."""

    container: DockerContainer
    host: str
    port: int
    #: `ssh-ed25519 AAAA...` (no host part, no comment), from `docker exec cat` as root.
    host_key: str


@contextmanager
def sshd_container(
    image: str, hostname: str, authorized: dict[str, Path]
) -> Iterator[SshdContainer]:
    """Start `image`, authorize `{user: private key path}` (its .pub), wait for sshd, pin its key.

    The container is stopped (and removed) when the block ends, pass or fail.
    """
    container = (
        DockerContainer(image)
        .with_exposed_ports(SSH_PORT)
        .with_kwargs(
            hostname=hostname, labels={OWNER_LABEL: str(os.getpid())}, pids_limit=PIDS_LIMIT
        )
    )
    container.start()
    try:
        for user, key in authorized.items():
            authorize(container, user, Path(str(key) + ".pub").read_text().strip())
        host = container.get_container_host_ip()
        port = int(container.get_exposed_port(SSH_PORT))
        wait_for_banner(host, port, SSHD_READY_TIMEOUT_S)
        hostkey = container_exec(container, ["cat", "/etc/ssh/ssh_host_ed25519_key.pub"], "root")
        if hostkey.exit_code != 0:
            raise RuntimeError(f"no ed25519 host key in the container: {hostkey.text}")
        yield SshdContainer(container, host, port, " ".join(hostkey.text.split()[:2]))
    finally:
        container.stop()


def start_node(image: str, keys: Keys, workdir: Path) -> Iterator[FakeNode]:
    """Start a fake node, authorize the keys, pin its host key; stop it when the generator ends."""
    accounts = {LEARNERS[0]: keys.learner, LEARNERS[1]: keys.learner2, GRADER_USER: keys.grader}
    with sshd_container(image, HOSTNAME, accounts) as started:
        line = known_hosts_line(started.host, started.port, started.host_key)
        short_id = started.container.get_wrapped_container().short_id
        known_hosts_path = workdir / f"known_hosts-{short_id}"
        known_hosts_path.write_text(line + "\n")
        yield FakeNode(
            host=started.host,
            port=started.port,
            learner=Account(LEARNERS[0], keys.learner),
            learner2=Account(LEARNERS[1], keys.learner2),
            grader=Account(GRADER_USER, keys.grader),
            known_hosts_line=line,
            known_hosts_path=known_hosts_path,
            container=started.container,
        )


# --- driving an interactive login -----------------------------------------------------------------

#: OSC 133;A, the capture hooks' prompt-start marker: the shell waits for input after it. Waiting
#: for it (not for a PS1 text, which learners and venvs rewrite) tells a command has finished.
PROMPT_MARKER = b"\x1b]133;A;"
#: The simulators answer in well under a second; a capture shell start-up (script + bash + login
#: files) takes a fraction of one. 20 s is a hang, not a slow machine.
SHELL_TIMEOUT_S = 20.0


class InteractiveShell:
    """A learner's interactive login over a pty, driven like a person typing.

    Why a pty: the capture shell records only sessions with a terminal (`ssh node cmd` passes
    straight through). Output arrives as raw terminal bytes, markers included.
    """

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.transcript = bytearray()

    @classmethod
    async def open(cls, conn: asyncssh.SSHClientConnection) -> InteractiveShell:
        """Start a login shell with a pty and wait for its first prompt marker."""
        process = await conn.create_process(term_type="xterm", term_size=(200, 50), encoding=None)
        shell = cls(process)
        await shell._read_until_prompts(1)
        return shell

    async def _read_until_prompts(self, count: int) -> bytes:
        """Read until `count` more prompt markers arrived; return the bytes read."""
        start = len(self.transcript)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SHELL_TIMEOUT_S
        while self.transcript.count(PROMPT_MARKER, start) < count:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"no prompt marker after {SHELL_TIMEOUT_S} s: {self.tail()!r}")
            try:
                chunk = await asyncio.wait_for(self.process.stdout.read(65536), remaining)
            except TimeoutError:
                raise TimeoutError(
                    f"no prompt marker after {SHELL_TIMEOUT_S} s: {self.tail()!r}"
                ) from None
            if not chunk:
                raise EOFError(f"shell closed while waiting for a prompt: {self.tail()!r}")
            self.transcript += chunk
        return bytes(self.transcript[start:])

    async def run(self, line: str) -> str:
        """Type `line` + Enter; return the terminal output up to the next prompt, decoded."""
        self.process.stdin.write(line.encode() + b"\r")
        return (await self._read_until_prompts(1)).decode("utf-8", errors="replace")

    async def exit(self) -> None:
        """Type `exit` and wait for the session to end."""
        self.process.stdin.write(b"exit\r")
        await asyncio.wait_for(self.process.wait(), SHELL_TIMEOUT_S)

    def tail(self, size: int = 600) -> bytes:
        return bytes(self.transcript[-size:])


@asynccontextmanager
async def learner_shell(
    node: FakeNode, account: Account | None = None
) -> AsyncIterator[InteractiveShell]:
    """An interactive SSH login (pty, capture shell) as `account` (the node's first learner by
    default), logged out with `exit` on leaving: the way every fake-node test types as a learner."""
    async with asyncssh.connect(**node.connect_kwargs(account or node.learner)) as conn:
        shell = await InteractiveShell.open(conn)
        yield shell
        await shell.exit()
