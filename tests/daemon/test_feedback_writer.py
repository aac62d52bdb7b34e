"""Progress writes over a real SSH server: one SFTP session reused, dropped on failure; backoff."""

from __future__ import annotations

import json
from pathlib import Path

import asyncssh
import pytest

from grader.daemon import feedback
from grader.daemon.feedback import ProgressWriter, RetryBackoff

from .sshpeer import SshPeer


@pytest.fixture
def peer(tmp_path: Path):
    p = SshPeer(tmp_path / "node").start()
    yield p
    p.close()


async def connect(peer: SshPeer) -> asyncssh.SSHClientConnection:
    return await peer.connect()


async def test_writes_reuse_one_sftp_session_and_recover_after_a_failure(peer, tmp_path):
    root = tmp_path / "node" / "root"
    writer = ProgressWriter(str(root))
    conn = await connect(peer)
    try:
        with pytest.raises(asyncssh.SFTPError):  # progress/alice/ does not exist yet
            await writer.write(conn, "alice", {"v": 1, "n": 0})
        (root / "progress" / "alice").mkdir(parents=True)
        await writer.write(conn, "alice", {"v": 1, "n": 1})
        session = writer._sftp
        await writer.write(conn, "alice", {"v": 1, "n": 2})
        assert writer._sftp is session  # the second write did not open another SFTP session
        final = root / "progress" / "alice" / "progress.json"
        assert json.loads(final.read_text()) == {"v": 1, "n": 2}
        assert final.stat().st_mode & 0o777 == feedback.PROGRESS_MODE
        assert [p.name for p in final.parent.iterdir()] == ["progress.json"]  # no temp left
    finally:
        conn.close()
    conn2 = await connect(peer)  # a reconnect: the old session is not used on the new link
    try:
        await writer.write(conn2, "alice", {"v": 1, "n": 3})
        assert writer._sftp is not session
        assert json.loads(final.read_text()) == {"v": 1, "n": 3}
    finally:
        writer.close()
        conn2.close()


def test_retry_backoff_doubles_to_its_cap_and_resets_on_success():
    b = RetryBackoff(base_s=1.0, max_s=30.0)
    assert b.due("alice", 100.0) == 100.0
    delays = [b.failed("alice", 100.0) for _ in range(7)]
    assert delays == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    assert b.due("alice", 100.0) == 130.0
    assert b.due("bob", 100.0) == 100.0  # per learner
    b.succeeded("alice")
    assert b.due("alice", 200.0) == 200.0
    assert b.failed("alice", 200.0) == 1.0


def test_backoff_reset_makes_every_write_due_at_once():
    """After a reconnect the service resets the backoff: failures on the dead link don't delay
    the learner's ✓ lines on the new one."""
    backoff = RetryBackoff(base_s=1, max_s=30)
    for _ in range(4):
        backoff.failed("alice", 100.0)
    assert backoff.due("alice", 100.0) > 100.0
    backoff.reset()
    assert backoff.due("alice", 100.0) == 100.0
