"""Attested runs in the daemon: the key read at connect, NodeIngest's checks, the config modes.

Real parts: the real parser/engine and SQLite store behind NodeIngest; a real SSH peer (asyncssh
serving SFTP on loopback) for the key fetch and the whole daemon. Signed markers are made by the
format's own signed_run.marker() (the node's helper imports it), so the bytes are those the
node's helper writes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path

import asyncssh
import pytest
from signing import NodeKey, recorded_run

from grader.config import ConfigError, load_config
from grader.daemon.ingest import NodeIngest
from grader.daemon.transport import NodeLink, fetch_attest_key
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.attest import payloads, records_of, verify
from grader.protocol import signed_run
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import IngestBatch, Store
from grader.store.regrade_run import regrade

from .demo import Shell
from .nodesim import LEARNER, Spool, wait_for, write_config
from .sshpeer import SshPeer
from .test_daemon_ssh import DaemonThread

SIGNER = NodeKey.from_seed(1)  # the node's pair
OTHER = NodeKey.from_seed(2)  # any other key: another node's, or a learner's own
KEY = SIGNER.public
#: The output records of the signed runs a test made (the node's helper writes them beside the
#: session, the reader sends them): what `ingest_run` feeds before the session's bytes.
RECORDS: dict[str, bytes] = {}
NODE = "node-1"
LAB = "attest-gpus"
LAB_YAML = """\
schema_version: 1
id: attest-gpus
title: List the GPUs
description: One attested step.
attest:
  programs: [nvidia-smi]
steps:
  - id: list-gpus
    title: List the GPUs
    command:
      program: nvidia-smi
      flags: {-L: null}
    output:
      all: ["GPU 0:"]
"""


def attest_lab(root: Path) -> Path:
    d = root / LAB
    d.mkdir(parents=True, exist_ok=True)
    (d / "lab.yaml").write_text(LAB_YAML)
    return d


def gpu_run(sh: Shell, key: NodeKey | None = SIGNER, *, args: tuple[str, ...] = ("-L",)) -> bytes:
    """`nvidia-smi -L` as captured: with the node's signed marker (none when key is None)."""
    data = sh.start("nvidia-smi -L") + b"GPU 0: H200 (UUID: GPU-1)\r\n"
    if key is not None:
        now = time.time()
        att = signed_run.Attestation(
            "nvidia-smi", args, (), 0, now, now + 0.01, LEARNER, "node1", 9, 8, sh.nonce
        )
        data += recorded_run(key, att, b"GPU 0: H200 (UUID: GPU-1)\n", RECORDS, sh.session)
    return data + sh.prompt(0)


def ingest_run(
    tmp_path: Path, run: Callable[[Shell], bytes], key: bytes | None, enforce: bool
) -> tuple[Store, Lab, IngestBatch]:
    """One session holding `run(shell)` through NodeIngest (key, enforcement) into a store."""
    store = Store.open(f"sqlite:///{tmp_path / 'g.db'}")
    store.upsert_node(NODE, "127.0.0.1", 22, [LEARNER])
    lab = load_lab(attest_lab(tmp_path / "labs"))
    ing = NodeIngest(NODE, {LEARNER: (LAB,)}, {LAB: lab}, {}, store.snapshot)
    ing.load_engines()
    ing.set_attestation(key, enforce)
    sh = Shell("20261129T181502-4242-9f3a01bc")
    ing.feed(Frame(KIND_DATA, f"{LEARNER}/sessions.jsonl", 0, sh.index_line(LEARNER)))
    RECORDS.clear()
    data = sh.header() + run(sh)
    for name, record in RECORDS.items():  # the reader sends them before the command's end
        ing.feed(Frame(KIND_DATA, f"{LEARNER}/{name}", 0, record))
    ing.feed(Frame(KIND_DATA, f"{LEARNER}/{sh.session}.ts", 0, data))
    if ing.key_wanted:  # a marker the key does not verify: the watcher reads the key again
        ing.key_read(key)
    taken = ing.take_batch()
    assert taken is not None
    store.ingest(taken[0])
    return store, lab, taken[0]


def states(store: Store) -> dict[str, str]:
    return {p.step: p.state for p in store.progress(LEARNER, LAB)}


def test_a_signed_run_verifies_and_regrade_agrees(tmp_path: Path) -> None:
    store, lab, batch = ingest_run(tmp_path, gpu_run, KEY, True)
    assert states(store) == {"list-gpus": "verified"}
    assert not batch.anomalies
    (rec,) = store.command_records(LEARNER)
    (payload,) = payloads(rec.attestations)  # kept with the record, for regrade
    assert verify(KEY, payload.encode("latin-1"))
    assert list(records_of(rec.attestations).values()) == list(RECORDS.values())
    other = Store.open(f"sqlite:///{tmp_path / 'copy.db'}")
    other.upsert_node(NODE, "127.0.0.1", 22, [LEARNER])
    other.ingest(IngestBatch(node_id=NODE, records=batch.records))
    regrade(other, lab, [LEARNER])
    assert {p.step: p.state for p in other.progress(LEARNER, LAB)} == {"list-gpus": "verified"}
    regrade(other, lab, [LEARNER], attest_key=OTHER.public)  # runs refused, but never lowered
    assert {p.step: p.state for p in other.progress(LEARNER, LAB)} == {"list-gpus": "verified"}
    fresh = Store.open(f"sqlite:///{tmp_path / 'fresh.db'}")
    fresh.upsert_node(NODE, "127.0.0.1", 22, [LEARNER])
    fresh.ingest(IngestBatch(node_id=NODE, records=batch.records))
    regrade(fresh, lab, [LEARNER], attest_key=OTHER.public)
    assert {p.step: p.state for p in fresh.progress(LEARNER, LAB)} == {"list-gpus": "attempted"}


def test_a_forged_marker_is_audited_and_does_not_verify(tmp_path: Path) -> None:
    store, _, batch = ingest_run(tmp_path, lambda sh: gpu_run(sh, OTHER), KEY, True)
    assert states(store) == {"list-gpus": "attempted"}
    assert sorted(a.kind for _, a in batch.anomalies) == ["forged_attestation", "unattested"]
    assert store.command_records(LEARNER)[0].attestations == ()
    audited = [e.kind for e in store.audit()]
    assert "anomaly:forged_attestation" in audited and "anomaly:unattested" in audited


def test_required_without_a_key_verifies_no_attested_step(tmp_path: Path) -> None:
    store, _, batch = ingest_run(tmp_path, gpu_run, None, True)
    assert states(store) == {"list-gpus": "attempted"}
    assert [a.kind for _, a in batch.anomalies] == ["unattested"]


def test_auto_without_a_key_grades_the_line_as_before(tmp_path: Path) -> None:
    store, _, batch = ingest_run(tmp_path, lambda sh: gpu_run(sh, None), None, False)
    assert states(store) == {"list-gpus": "verified"}
    assert not batch.anomalies


def test_the_config_says_how_attestation_is_enforced(tmp_path: Path) -> None:
    peer_like = type("P", (), {"port": 22, "client_key": tmp_path / "k", "known_hosts_line": "x"})
    path = write_config(tmp_path, peer_like, tmp_path / "spool")
    cfg = load_config(path)
    assert cfg.attestation == "required"
    assert cfg.nodes[0].attest_key_path == signed_run.PUBLIC_KEY_PATH
    doc = json.loads(path.read_text())
    doc["attestation"] = "auto"
    doc["nodes"][0]["attest_key_path"] = "/srv/keys/attest.pub"
    path.write_text(json.dumps(doc))
    cfg = load_config(path)
    assert (cfg.attestation, cfg.nodes[0].attest_key_path) == ("auto", "/srv/keys/attest.pub")
    doc["attestation"] = "sometimes"
    path.write_text(json.dumps(doc))
    with pytest.raises(ConfigError, match="attestation"):
        load_config(path)


def test_the_key_is_read_over_sftp_at_connect(tmp_path: Path) -> None:
    peer = SshPeer(tmp_path / "peer").start()
    try:
        key_file = tmp_path / "attest.pub"
        key_file.write_text(KEY.hex() + "\n")
        bad = tmp_path / "bad.key"
        bad.write_text("not a key\n")
        cfg = load_config(write_config(tmp_path, peer, tmp_path / "spool"))

        async def fetch_all() -> list[tuple[bytes | None, str]]:
            link = NodeLink(cfg.nodes[0], cfg.daemon, asyncio.Semaphore(1))
            async with await link.connect() as conn:
                return [
                    await fetch_attest_key(conn, str(p))
                    for p in (key_file, bad, tmp_path / "missing.key")
                ]

        (good, why_good), (none1, why1), (none2, why2) = asyncio.run(fetch_all())
    finally:
        peer.close()
    assert (good, why_good) == (KEY, "")
    assert none1 is None and why1.startswith(f"{bad}: ")
    assert none2 is None and "missing.key" in why2
    assert peer.commands == []  # SFTP only: no shell on the node parsed the path


def test_a_link_lost_while_reading_the_key_fails_the_session(tmp_path: Path) -> None:
    """Only the file's own answer means "no key": a dead link raises, so the daemon reconnects
    instead of grading that session's bytes without the key (unverifiable for good)."""
    peer = SshPeer(tmp_path / "peer").start()
    try:
        key_file = tmp_path / "attest.pub"
        key_file.write_text(KEY.hex() + "\n")
        cfg = load_config(write_config(tmp_path, peer, tmp_path / "spool"))

        async def fetch_on_a_dead_link() -> object:
            link = NodeLink(cfg.nodes[0], cfg.daemon, asyncio.Semaphore(1))
            conn = await link.connect()
            conn.close()
            await conn.wait_closed()
            try:
                return await fetch_attest_key(conn, str(key_file))
            except (OSError, asyncssh.Error) as exc:
                return exc

        got = asyncio.run(fetch_on_a_dead_link())
    finally:
        peer.close()
    assert isinstance(got, (OSError, asyncssh.Error)), got


@pytest.mark.parametrize("with_key", [True, False], ids=["key", "no-key"])
def test_the_daemon_enforces_with_the_nodes_key(
    tmp_path: Path, with_key: bool, caplog: pytest.LogCaptureFixture
) -> None:
    peer = SshPeer(tmp_path / "peer").start()
    spool = Spool(tmp_path / "node")
    sh = Shell("20261129T181502-4242-9f3a01bc")
    spool.begin(sh)
    key_file = tmp_path / "attest.pub"
    if with_key:
        key_file.write_text(KEY.hex() + "\n")
    path = write_config(tmp_path, peer, spool.root)
    doc = json.loads(path.read_text())
    doc["labs"] = [str(attest_lab(tmp_path / "labs"))]
    doc["nodes"][0]["learners"] = {LEARNER: [LAB]}
    doc["nodes"][0]["attest_key_path"] = str(key_file)
    path.write_text(json.dumps(doc))
    caplog.set_level(logging.INFO, logger="grader")
    d = DaemonThread(path)
    try:
        RECORDS.clear()
        data = gpu_run(sh)
        for name, record in RECORDS.items():  # as the node's helper: beside the session
            (spool.dir / name).write_bytes(record)
        spool.append(sh, data)
        wait_for(lambda: len(d.records()) == 1, what="the nvidia-smi command")
        want = "verified" if with_key else "attempted"
        wait_for(
            lambda: (
                {p.step: p.state for p in d.store.progress(LEARNER, LAB)}.get("list-gpus") == want
            ),
            what=f"list-gpus {want}",
        )
    finally:
        d.stop()
        peer.close()
    unavailable = [r for r in caplog.records if "event=attestation_unavailable" in r.message]
    assert bool(unavailable) != with_key
    assert all(r.levelno == logging.WARNING for r in unavailable)  # required: loud
