"""A failure is the session's, never the node's: the daemon (its loop in a thread) streams a
node over real SSH with the real spool reader, where one learner's session holds input that
made the parser or the engine raise. The node's connection stays up (one reader for the whole
run), the other learner's next command is verified, and the sender's session is audited."""

from __future__ import annotations

import pytest

from grader.store import Store

from .demo import LAB_ID, Shell
from .nodesim import LEARNER, NODE_ID, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread
from .test_ingest_quarantine import HOSTILE

BOB = "bob"


def anomalies_of(store: Store, session: str) -> list[dict]:
    return [
        e.detail
        for e in store.audit()
        if e.kind.startswith("anomaly:") and e.detail.get("session") == session
    ]


def reader_starts(peer: SshPeer) -> int:
    return sum(1 for c in peer.commands if c.startswith("exec python3"))


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_one_sessions_failure_leaves_the_node_and_the_others_graded(tmp_path, hostile) -> None:
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
            lambda: anomalies_of(d.store, bob.session) or d.store.command_records(BOB),
            what="bob's hostile bytes judged (audited, or graded where they no longer raise)",
        )
        alice_spool.append(alice, alice.command("echo hello", "hello\r\n"))
        wait_for(lambda: d.states().get("say-hello") == "verified", timeout=5)
        node = next(n for n in d.store.nodes() if n.id == NODE_ID)
        assert node.connected and node.error is None
        assert reader_starts(peer) == 1  # the connection never failed
        kinds = [a["kind"] for a in anomalies_of(d.store, bob.session)]
        assert kinds.count("session_quarantined") <= 1
    finally:
        d.stop()
        peer.close()
