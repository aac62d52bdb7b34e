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


def test_each_node_has_its_own_attestation_key_and_rotation_replaces_it(
    fake_node: FakeNode, fresh_fake_node: FakeNode
) -> None:
    """The signing pair is made per container at start (never baked into the image), so a key
    read off one node signs nothing another node's public key verifies; `install-attest.sh
    --rotate-key` (what `grader provision --rotate-attest-key` runs) makes a new pair."""
    pub = "/etc/labgrader/attest.pub"
    mine = fake_node.exec(["cat", pub], user=fake_node.grader.user)
    theirs = fresh_fake_node.exec(["cat", pub], user=fresh_fake_node.grader.user)
    assert mine.exit_code == 0 and theirs.exit_code == 0, (mine.text, theirs.text)
    assert len(mine.text.strip()) == 64 and mine.text != theirs.text
    rotate = fresh_fake_node.exec(["/opt/labgrader/node-files/install-attest.sh", "--rotate-key"])
    assert rotate.exit_code == 0, rotate.text
    assert "install-attest: made a new attestation key pair in /etc/labgrader" in rotate.text
    rotated = fresh_fake_node.exec(["cat", pub], user=fresh_fake_node.grader.user)
    assert rotated.text != theirs.text and len(rotated.text.strip()) == 64
    again = fresh_fake_node.exec(["/opt/labgrader/node-files/install-attest.sh", "--check"])
    assert again.text.strip() == "install-attest: done", again.text
