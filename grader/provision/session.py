"""One SSH session per node: pinned host keys, quoted commands, sudo that never prompts.

fabric 3 (Paramiko) carries the commands. Its Connection auto-adds unknown host keys
(AutoAddPolicy); here every Connection gets a fresh paramiko SSHClient holding only the host keys
the inventory pins, with RejectPolicy, so an unknown or changed key is refused, never learned.

Commands are argv lists joined with shlex.join: an inventory value reaches the remote shell as
one quoted word and is never executed. Root commands run as `sudo -n`: a sudo that wants a
password fails at once with a clear error instead of hanging on a prompt nobody sees.
"""

from __future__ import annotations

import re
import shlex
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import paramiko
from fabric import Config, Connection

from grader.provision.hostkeys import key_fingerprint, line_fingerprint, parse_public_key
from grader.provision.inventory import Host

#: A remote command that hangs (a dead NFS mount, a stuck apt lock) must not hold the run for
#: ever; 300 s covers the slowest step run in one command (an nccl-tests `make`).
DEFAULT_COMMAND_TIMEOUT_S = 300.0
#: sudo's own words when it needs a password and -n forbids asking.
SUDO_PASSWORD_MARKERS = ("a password is required", "a terminal is required")


class NodeError(Exception):
    """A per-host failure said in one sentence an operator can act on."""


@dataclass(frozen=True)
class Result:
    command: str
    exit_code: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.exit_code == 0


def ssh_log_channel(name: str) -> str:
    """The logger paramiko writes this host's transport messages to (the runner sends it to the
    host's log file): never the operator's terminal, where paramiko's own handler-less logging
    would print its tracebacks."""
    return "labgrader.provision.ssh." + re.sub(r"[^A-Za-z0-9_-]", "_", name)


def pinned_client(host: Host) -> paramiko.SSHClient:
    """An SSHClient that knows only the host's pinned keys and rejects any other."""
    client = paramiko.SSHClient()
    client.set_log_channel(ssh_log_channel(host.name))
    client.set_missing_host_key_policy(paramiko.RejectPolicy())
    name = host.address if host.port == 22 else f"[{host.address}]:{host.port}"
    keys = client.get_host_keys()
    for line in host.host_keys:  # parsed and checked when the inventory was read
        key = parse_public_key(line, known_hosts=False)
        keys.add(name, key.key_type, key.pkey())
    return client


def connection(host: Host) -> Connection:
    """A fabric Connection to `host` as its admin user, with the pinned-key client."""
    connect_kwargs: dict[str, object] = {
        "look_for_keys": False,  # only the key the inventory names: no surprise identities
        "allow_agent": False,
        "banner_timeout": host.connect_timeout,
        "auth_timeout": host.connect_timeout,
    }
    if host.key is not None:
        connect_kwargs["key_filename"] = str(host.key)
    conn = Connection(
        host.address,
        user=host.user,
        port=host.port,
        connect_timeout=host.connect_timeout,
        connect_kwargs=connect_kwargs,
        # lazy: no ~/.ssh/config or fabric config files change what the inventory says
        config=Config(lazy=True),
    )
    conn.client = pinned_client(host)
    return conn


def explain_connect_error(host: Host, exc: BaseException) -> str:
    """Why `host` could not be reached or logged into, in one sentence."""
    where = f"{host.user}@{host.address}:{host.port}"
    if isinstance(exc, paramiko.BadHostKeyException):
        return (
            f"host key of {host.address}:{host.port} does not match the key pinned in the "
            f"inventory (the node offered {key_fingerprint(exc.key)}; pinned: {pinned(host)}); "
            f"refusing to connect: compare with `ssh-keygen -lf {host_key_file(exc.key)}` on the "
            "node's console"
        )
    if isinstance(exc, paramiko.AuthenticationException):
        key = host.key or "no key"
        return f"{where} refused the SSH key ({key}): check `key` and the admin's authorized_keys"
    if isinstance(exc, paramiko.SSHException) and "not found in known_hosts" in str(exc):
        return (
            f"{host.address}:{host.port} offered a host key the inventory does not pin "
            f"(pinned: {pinned(host)}); refusing to connect (add the node's key to host_keys "
            "after checking it out of band)"
        )
    if isinstance(exc, paramiko.SSHException) and "protocol banner" in str(exc):
        return (
            f"{host.address}:{host.port} unreachable: the connection was closed or stayed silent "
            "without an SSH greeting (a firewall or proxy in the way, or no sshd on that port)"
        )
    if isinstance(exc, paramiko.SSHException) and "No authentication methods" in str(exc):
        return f"{where} offered no SSH key: set `key` in the inventory to the admin's private key"
    if isinstance(exc, socket.timeout | TimeoutError):
        return f"{host.address}:{host.port} unreachable: no answer in {host.connect_timeout:g} s"
    if isinstance(exc, paramiko.ssh_exception.NoValidConnectionsError):
        why = "; ".join(
            sorted({getattr(e, "strerror", None) or str(e) for e in exc.errors.values()})
        )
        return f"{host.address}:{host.port} unreachable: {why}"
    if isinstance(exc, OSError):
        return f"{host.address}:{host.port} unreachable: {exc.strerror or exc}"
    return f"{where}: {type(exc).__name__}: {exc}"


def host_key_file(key: paramiko.PKey) -> str:
    """Where OpenSSH keeps the public half of a host key of this type on the node."""
    name = key.get_name()
    kind = "ed25519" if name == "ssh-ed25519" else "ecdsa" if name.startswith("ecdsa") else "rsa"
    return f"/etc/ssh/ssh_host_{kind}_key.pub"


def pinned(host: Host) -> str:
    """The host's pinned keys as `TYPE SHA256:...` fingerprints, the form ssh-keygen -l shows."""
    return ", ".join(line_fingerprint(line) for line in host.host_keys) or "none"


class Node:
    """Commands on one node through an open Connection, every one written to the host's log."""

    def __init__(self, host: Host, conn: Connection, log: IO[str]) -> None:
        self.host = host
        self.conn = conn
        self.log = log

    def _note(self, text: str) -> None:
        self.log.write(f"{time.strftime('%H:%M:%S')} {text}\n")
        self.log.flush()

    def run(
        self,
        argv: Sequence[str],
        *,
        sudo: bool = False,
        env: dict[str, str] | None = None,
        timeout: float = DEFAULT_COMMAND_TIMEOUT_S,
    ) -> Result:
        """Run argv (quoted word by word); as root with `sudo -n` when `sudo`."""
        words = list(argv)
        if env:
            words = ["env", *(f"{k}={v}" for k, v in env.items()), *words]
        if sudo:
            words = ["sudo", "-n", "--", *words]
        command = shlex.join(words)
        self._note(f"$ {command}")
        r = self.conn.run(command, hide=True, warn=True, in_stream=False, timeout=timeout)
        for name, text in (("stdout", r.stdout), ("stderr", r.stderr)):
            for line in text.splitlines():
                self._note(f"  {name}: {line}")
        self._note(f"  exit {r.exited}")
        if sudo and r.exited != 0 and any(m in r.stderr for m in SUDO_PASSWORD_MARKERS):
            raise NodeError(
                f"sudo on {self.host.name} asks {self.host.user} for a password; provisioning "
                "needs passwordless sudo (NOPASSWD) for the admin account"
            )
        return Result(command, r.exited, r.stdout, r.stderr)

    def script(self, text: str, *args: str, sudo: bool = False) -> Result:
        """Run a fixed bash script with positional arguments: values stay data ($1, $2...)."""
        return self.run(["bash", "-c", text, "provision", *args], sudo=sudo)

    def check(self, argv: Sequence[str], *, sudo: bool = False, what: str = "") -> Result:
        """run(), raising NodeError with the command's error text when it fails."""
        r = self.run(argv, sudo=sudo)
        if not r.ok:
            detail = (r.stderr.strip() or r.stdout.strip()).splitlines()[-3:]
            raise NodeError(
                f"{what or shlex.join(argv)[:80]} failed (exit {r.exit_code}): "
                + " / ".join(detail)
            )
        return r

    def put(self, local: Path, remote: str) -> None:
        """Copy a local file to a path the admin user can write (SFTP)."""
        self._note(f"put {local} -> {remote}")
        self.conn.put(str(local), remote=remote)

    def temp_dir(self) -> str:
        """A fresh private directory (mode 0700, owned by the admin) for files pushed this run."""
        return self.check(["mktemp", "-d", "/tmp/labgrader-provision.XXXXXXXX"]).stdout.strip()
