"""A failure is the session's, never the node's: the daemon (its loop in a thread) streams a
node over real SSH with the real spool reader, where one learner's session holds input that
made the parser or the engine raise. The node's connection never fails on it (it used to fail,
`event=session_failed`, and reconnect every second), the other learner's next command is
verified, and the sender's session is audited."""

from __future__ import annotations

import logging

import pytest

from .demo import LAB_ID, Shell
from .nodesim import LEARNER, NODE_ID, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread
from .test_ingest_quarantine import HOSTILE, anomalies

BOB = "bob"


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_one_sessions_failure_leaves_the_node_and_the_others_graded(
    tmp_path, hostile, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="grader")
    peer = SshPeer(tmp_path / "peer").start()
    alice_spool = Spool(tmp_path / "node")
    bob_spool = Spool(tmp_path / "node", learner=BOB)
    alice, bob = Shell("20261201T090000-1-aaaa0001"), Shell("20261201T090000-2-bbbb0002")
    alice_spool.begin(alice)
    bob_spool.begin(bob)
    learners = {LEARNER: [LAB_ID], BOB: [LAB_ID]}
    d = DaemonThread(write_config(tmp_path, peer, alice_spool.root, learners=learners))
    try:
        alice_spool.append(alice, alice.command("ls", "a\r\n"))
        wait_for(lambda: len(d.records()) == 1, what="alice's first command")
        bob_spool.append(bob, HOSTILE[hostile](bob) + bob.command("echo hello", "hello\r\n"))
        wait_for(
            lambda: anomalies(d.store, bob.session) or d.store.command_records(BOB),
            what="bob's hostile bytes judged (audited, or graded where they no longer raise)",
        )
        alice_spool.append(alice, alice.command("echo hello", "hello\r\n"))
        wait_for(lambda: d.states().get("say-hello") == "verified", timeout=5)
        node = next(n for n in d.store.nodes() if n.id == NODE_ID)
        assert not (node.error or "").startswith("session failed"), node.error
        # The link to the loopback peer may drop on its own (rarely, `spool reader exited`,
        # as without any hostile input); never because a session raised.
        failed = [r.getMessage() for r in caplog.records if "session failed" in r.getMessage()]
        assert not failed and "event=session_failed" not in caplog.text, failed
        kinds = [a["kind"] for a in anomalies(d.store, bob.session)]
        assert kinds.count("session_quarantined") <= 1
    finally:
        d.stop()
        peer.close()
