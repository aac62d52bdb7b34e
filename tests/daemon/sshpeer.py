"""A real SSH server on loopback for transport tests: asyncssh serving real subprocesses and SFTP.

Why not the fake-node container everywhere: these tests need to cut connections, restart the
server and take python3 away, cheaply and on machines without Docker. The peer is a real SSH
implementation (key exchange, host key, public-key auth, channels, SFTP) in a thread of its own,
so the daemon under test - in-process or a `grader run` subprocess - talks to it over TCP like to
any sshd. Commands run under /bin/sh as the current user, with a PATH we choose.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import asyncssh

# Tools the daemon's commands need on the "node"; python3 is added only when asked for.
NODE_TOOLS = ("sh", "bash", "ls", "cat", "touch", "test")


class SshPeer:
    def __init__(self, workdir: Path, python: bool = True):
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        self.bin = workdir / "bin"
        self.bin.mkdir(exist_ok=True)
        for tool in NODE_TOOLS:
            found = shutil.which(tool)
            if found and not (self.bin / tool).exists():
                (self.bin / tool).symlink_to(found)
        if python:
            (self.bin / "python3").symlink_to(sys.executable)
        self.host_key = asyncssh.generate_private_key("ssh-ed25519")
        client = asyncssh.generate_private_key("ssh-ed25519")
        self.client_key = workdir / "grader_key"
        client.write_private_key(str(self.client_key))
        os.chmod(self.client_key, 0o600)
        self._authorized = client.export_public_key().decode()
        self.port = 0
        self.conns: list[asyncssh.SSHServerConnection] = []
        self.procs: list[asyncio.subprocess.Process] = []
        self.commands: list[str] = []
        self.sftp_opens: list[str] = []  # every path a client opened over SFTP, in order
        self._server: asyncssh.SSHAcceptor | None = None
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    # --- control from the test thread -----------------------------------------------------------

    def _call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def start(self) -> SshPeer:
        self._call(self._start())
        return self

    def cut(self) -> None:
        """Drop every connection abruptly (a network cut as the client sees it)."""
        self._call(self._cut())

    def stop(self) -> None:
        self._call(self._stop())

    def close(self) -> None:
        self.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    async def connect(self) -> asyncssh.SSHClientConnection:
        """A client connection to this peer from the calling loop, its host key pinned."""
        return await asyncssh.connect(
            "127.0.0.1",
            port=self.port,
            username="grader",
            client_keys=[str(self.client_key)],
            known_hosts=asyncssh.import_known_hosts(self.known_hosts_line + "\n"),
            agent_path=None,
            config=[],
        )

    @property
    def known_hosts_line(self) -> str:
        key = self.host_key.export_public_key().decode().strip()
        return f"[127.0.0.1]:{self.port} {key}"

    # --- the server -----------------------------------------------------------------------------

    async def _start(self) -> None:
        peer = self

        class Server(asyncssh.SSHServer):
            def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
                peer.conns.append(conn)

        class Sftp(asyncssh.SFTPServer):
            """asyncssh's SFTP server on the real filesystem, noting each path opened."""

            def open(self, path: bytes, pflags: int, attrs: asyncssh.SFTPAttrs):
                peer.sftp_opens.append(path.decode("utf-8", "replace"))
                return super().open(path, pflags, attrs)

        self._server = await asyncssh.create_server(
            Server,
            "127.0.0.1",
            self.port,
            server_host_keys=[self.host_key],
            authorized_client_keys=asyncssh.import_authorized_keys(self._authorized),
            process_factory=self._handle,
            sftp_factory=Sftp,
            encoding=None,
            reuse_address=True,
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def _handle(self, process: asyncssh.SSHServerProcess) -> None:
        self.commands.append(process.command or "")
        proc = await asyncio.create_subprocess_exec(
            "/bin/sh",
            "-c",
            process.command or "true",
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"PATH": str(self.bin), "HOME": str(self.workdir), "LANG": "C.UTF-8"},
        )
        self.procs.append(proc)
        # The three streams are copied here, not with process.redirect(): its copy of the two
        # output pipes sent the channel's EOF at stdout's end, and stderr bytes still in their
        # pipe then broke the connection (data after EOF); its stdin copy left a Queue.join()
        # coroutine unawaited (asyncssh 2.24.1 process.py). Here EOF goes after both outputs.
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        stdin = proc.stdin

        async def feed() -> None:
            with contextlib.suppress(OSError, asyncssh.Error):
                while chunk := await process.stdin.read(65536):
                    stdin.write(chunk)
                    await stdin.drain()
            stdin.close()

        async def copy(src: asyncio.StreamReader, dst: asyncssh.SSHWriter[bytes]) -> None:
            while chunk := await src.read(65536):
                dst.write(chunk)
                await dst.drain()

        feeding = asyncio.create_task(feed())
        try:
            await asyncio.gather(
                copy(proc.stdout, process.stdout), copy(proc.stderr, process.stderr)
            )
        except (OSError, asyncssh.Error):  # the client closed the channel: the command ends too
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
            return
        finally:
            feeding.cancel()
        process.exit(await proc.wait())

    async def _cut(self) -> None:
        for conn in self.conns:
            conn.abort()
        self.conns.clear()
        for proc in self.procs:
            if proc.returncode is None:
                proc.kill()
        self.procs.clear()

    async def _stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        await self._cut()
