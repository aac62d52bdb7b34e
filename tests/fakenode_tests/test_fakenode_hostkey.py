"""The fixture pins the node's host key; a client with any other key for that address refuses."""

from __future__ import annotations

import asyncssh
import pytest
from fakenode import FakeNode, known_hosts_line


async def test_pinned_host_key_connects(fake_node: FakeNode) -> None:
    async with asyncssh.connect(**fake_node.connect_kwargs(fake_node.grader)) as conn:
        result = await conn.run("id -un", check=True)
    assert result.stdout.strip() == fake_node.grader.user


async def test_unknown_host_key_is_refused(fake_node: FakeNode) -> None:
    impostor = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    wrong = known_hosts_line(fake_node.host, fake_node.port, impostor)
    kwargs = fake_node.connect_kwargs(fake_node.learner)
    kwargs["known_hosts"] = asyncssh.import_known_hosts(wrong + "\n")
    with pytest.raises(asyncssh.HostKeyNotVerifiable):
        async with asyncssh.connect(**kwargs):
            pass


async def test_each_node_has_its_own_host_key(
    fake_node: FakeNode, fresh_fake_node: FakeNode
) -> None:
    """Host keys are made per container, so pinning one node's key refuses another node."""
    assert fake_node.known_hosts_line.split()[2] != fresh_fake_node.known_hosts_line.split()[2]
    kwargs = fresh_fake_node.connect_kwargs(fresh_fake_node.learner)
    other = known_hosts_line(
        fresh_fake_node.host, fresh_fake_node.port, " ".join(fake_node.known_hosts_line.split()[1:])
    )
    kwargs["known_hosts"] = asyncssh.import_known_hosts(other + "\n")
    with pytest.raises(asyncssh.HostKeyNotVerifiable):
        async with asyncssh.connect(**kwargs):
            pass
