"""The node's stored-characters budget counts every text a record keeps: a cwd (up to 4 KiB, set
once with one 633;P and then carried by every later record of the shell) was stored whole and
uncounted, so ~150 bytes of markers per command stored 4 KiB each, past any budget. NodeIngest
against the real parser and engine and a real SQLite store."""

from __future__ import annotations

import time

from grader.daemon import ingest as ingest_mod
from grader.daemon.ingest import STORAGE_EXCERPT_CHARS, NodeIngest
from grader.protocol import markers
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

from .demo import LAB_ID, Shell, demo_lab

NODE = "node-1"


def test_a_long_cwd_counts_against_the_storage_budget(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(ingest_mod, "STORED_OUTPUT_CHARS_PER_MIN", 50_000)
    lab = demo_lab(tmp_path)
    store = Store.open(f"sqlite:///{tmp_path / 'g.db'}")
    store.upsert_node(NODE, "127.0.0.1", 22, ["alice"])
    ing = NodeIngest(NODE, {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, store.snapshot)
    sh = Shell("20261201T080000-5-eeee0005")
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")), now=0.0)
    cwd = "/" + "d" * 4000
    data = sh.header()
    for i in range(100):
        data += sh.start("true")
        data += markers.encode_d(0, sh.aid, sh.n, sh.hist, time.time(), [0], sh.nonce)
        data += markers.encode_p(cwd) if i == 0 else b""
        data += markers.encode_a(sh.aid, sh.nonce)
    ing.feed(Frame(KIND_DATA, f"alice/{sh.session}.ts", 0, data), now=1.0)
    batch, _ = ing.take_batch() or (None, None)
    assert batch is not None
    store.ingest(batch)
    recs = store.command_records("alice")
    assert len(recs) == 100 and len(data) < 100 * 400 + 4200  # what the node sent
    stored = sum(len(r.line) + len(r.output) + len(r.cwd or "") for r in recs)
    assert stored <= 50_000 + 100 * 3 * STORAGE_EXCERPT_CHARS, stored
    assert max(len(r.cwd or "") for r in recs[-10:]) <= STORAGE_EXCERPT_CHARS
    kinds = [e.detail["kind"] for e in store.audit() if e.kind.startswith("anomaly:")]
    assert kinds.count("storage_budget") == 1
    store.close()
