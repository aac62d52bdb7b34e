"""A node's attestation key rotated while learners work: no honest run is judged forged.

`grader provision --rotate-attest-key` changes the node's key pair while the daemon streams it.
A signed run no known key verifies waits in its session while the daemon reads the node's key
again (grader.daemon.nodekeys): signed with the new key it verifies; signed with the key it
replaced it still verifies for KEY_OVERLAP_S; signed with neither it is `forged_attestation`.
Real parts: NodeIngest with the real parser, engine and SQLite store; for the daemon, a real SSH
peer (asyncssh serving SFTP on loopback) holding the key file the test rewrites.
"""

from __future__ import annotations

import json
from pathlib import Path

from signing import NodeKey

from grader.daemon.ingest import NodeIngest
from grader.daemon.nodekeys import KEY_ASK_EVERY_S, KEY_OVERLAP_S, NodeKeys
from grader.labs.loader import load_lab
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

from .demo import Shell
from .nodesim import LEARNER, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_attestation import LAB, NODE, OTHER, RECORDS, SIGNER, attest_lab, gpu_run
from .test_daemon_ssh import DaemonThread

NEW = OTHER  # the pair the node rotated to
FORGER = NodeKey.from_seed(3)  # a key the node never had


class Node:
    """One learner's session fed to a NodeIngest frame by frame, as the reader sends it."""

    def __init__(self, tmp_path: Path) -> None:
        self.store = Store.open(f"sqlite:///{tmp_path / 'g.db'}")
        self.store.upsert_node(NODE, "127.0.0.1", 22, [LEARNER])
        lab = load_lab(attest_lab(tmp_path / "labs"))
        self.ing = NodeIngest(NODE, {LEARNER: (LAB,)}, {LAB: lab}, {}, self.store.snapshot)
        self.ing.load_engines()
        self.ing.set_attestation(SIGNER.public, True, now=0.0)
        self.sh = Shell("20261129T181502-4242-9f3a01bc")
        self.ing.feed(Frame(KIND_DATA, f"{LEARNER}/sessions.jsonl", 0, self.sh.index_line(LEARNER)))
        self.offset = 0
        self.send(self.sh.header())

    def send(self, data: bytes) -> None:
        for name, record in RECORDS.items():
            self.ing.feed(Frame(KIND_DATA, f"{LEARNER}/{name}", 0, record))
        RECORDS.clear()
        self.ing.feed(Frame(KIND_DATA, f"{LEARNER}/{self.sh.session}.ts", self.offset, data))
        self.offset += len(data)

    def commit(self) -> list[str]:
        """The batch into the store; the anomaly kinds it held."""
        taken = self.ing.take_batch()
        if taken is None:
            return []
        self.store.ingest(taken[0])
        return sorted(a.kind for _, a in taken[0].anomalies)

    def state(self) -> str:
        return {p.step: p.state for p in self.store.progress(LEARNER, LAB)}.get("list-gpus", "")


def test_a_run_signed_with_the_new_key_waits_for_it_then_verifies(tmp_path: Path) -> None:
    node = Node(tmp_path)
    node.send(gpu_run(node.sh, NEW))
    assert node.ing.key_wanted  # the node is asked for its key before the run is judged
    before = node.commit()
    assert node.store.command_records(LEARNER) == []  # nothing judged yet, nothing lost
    node.ing.key_read(NEW.public)
    assert not node.ing.key_wanted
    assert before + node.commit() == []
    assert node.state() == "verified"
    (rec,) = node.store.command_records(LEARNER)
    assert rec.attestations  # the signed run is kept with the record, for regrade


def test_the_old_key_verifies_for_its_window_and_a_forgery_never(tmp_path: Path) -> None:
    keys = NodeKeys(SIGNER.public)
    assert keys.read(NEW.public, 100.0)
    assert keys.keys(100.0) == (NEW.public, SIGNER.public)
    assert keys.keys(100.0 + KEY_OVERLAP_S) == (NEW.public,)
    assert keys.may_ask(0.0) and not keys.may_ask(KEY_ASK_EVERY_S / 2)

    node = Node(tmp_path)
    node.ing.set_attestation(NEW.public, True)  # a reconnect read the new key
    node.send(gpu_run(node.sh, SIGNER))  # signed just before the rotation: still the node's
    assert not node.ing.key_wanted and node.commit() == [] and node.state() == "verified"
    node.send(gpu_run(node.sh, FORGER))
    if node.ing.key_wanted:  # the node is asked once; its key does not verify a forgery
        node.ing.key_read(NEW.public)
    assert node.commit() == ["forged_attestation"]  # (the step was verified already)
    node.send(gpu_run(node.sh, FORGER))  # asked a moment ago: judged at once, not held
    assert not node.ing.key_wanted
    assert node.commit() == ["forged_attestation"]  # (the step was verified already)
    assert len(node.store.command_records(LEARNER)) == 3


def test_the_daemon_reads_the_rotated_key_over_its_connection(tmp_path: Path) -> None:
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    key_file = tmp_path / "attest.pub"
    key_file.write_text(SIGNER.public.hex() + "\n")
    path = write_config(tmp_path, peer, spool.root)
    doc = json.loads(path.read_text())
    doc["labs"] = [str(attest_lab(tmp_path / "labs"))]
    doc["nodes"][0]["learners"] = {LEARNER: [LAB]}
    doc["nodes"][0]["attest_key_path"] = str(key_file)
    path.write_text(json.dumps(doc))
    d = DaemonThread(path)
    try:

        def run(key: NodeKey) -> None:
            RECORDS.clear()
            data = gpu_run(sh, key)
            for name, record in RECORDS.items():  # as the node's helper: beside the session
                (spool.dir / name).write_bytes(record)
            spool.append(sh, data)

        run(SIGNER)
        wait_for(lambda: len(d.records()) == 1, what="the first run")
        key_file.write_text(NEW.public.hex() + "\n")  # rotated while the daemon is connected
        run(NEW)
        wait_for(lambda: len(d.records()) == 2, what="the run signed with the new key")
        assert all(r.attestations for r in d.records()), "a run was judged without its signature"
        kinds = [e.kind for e in d.store.audit()]
        assert "anomaly:forged_attestation" not in kinds, kinds
    finally:
        d.stop()
        peer.close()
