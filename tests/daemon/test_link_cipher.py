"""The daemon's SSH link negotiates AES-GCM with a server offering asyncssh's defaults, and still
connects to one that offers only chacha20-poly1305 (the fallback stays in the list)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from grader.config import DaemonSettings, NodeConfig
from grader.daemon.transport import NodeLink

from .sshpeer import SshPeer


@pytest.fixture
def peer(tmp_path: Path):
    p = SshPeer(tmp_path / "node").start()
    yield p
    p.close()


def link(peer: SshPeer) -> NodeLink:
    node = NodeConfig(
        id="n1",
        host="127.0.0.1",
        port=peer.port,
        key=peer.client_key,
        known_hosts=(peer.known_hosts_line,),
        learners={},
    )
    return NodeLink(node, DaemonSettings(), asyncio.Semaphore(1))


async def test_link_prefers_aes_gcm(peer):
    conn = await link(peer).connect()
    try:
        assert conn.get_extra_info("send_cipher") == "aes128-gcm@openssh.com"
        assert conn.get_extra_info("recv_cipher") == "aes128-gcm@openssh.com"
    finally:
        conn.close()


async def test_link_falls_back_to_chacha(tmp_path):
    """A server offering only chacha20-poly1305 (an asyncssh server in this loop)."""
    host_key = asyncssh.generate_private_key("ssh-ed25519")
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "grader_key"
    client_key.write_private_key(str(key_file))
    key_file.chmod(0o600)
    server = await asyncssh.create_server(
        asyncssh.SSHServer,
        "127.0.0.1",
        0,
        server_host_keys=[host_key],
        authorized_client_keys=asyncssh.import_authorized_keys(
            client_key.export_public_key().decode()
        ),
        encryption_algs=["chacha20-poly1305@openssh.com"],
    )
    port = server.sockets[0].getsockname()[1]
    pinned = f"[127.0.0.1]:{port} {host_key.export_public_key().decode().strip()}"
    node = NodeConfig("n2", "127.0.0.1", key_file, (pinned,), {}, port=port)
    try:
        conn = await NodeLink(node, DaemonSettings(), asyncio.Semaphore(1)).connect()
        try:
            assert conn.get_extra_info("send_cipher") == "chacha20-poly1305@openssh.com"
        finally:
            conn.close()
    finally:
        server.close()
        await server.wait_closed()
