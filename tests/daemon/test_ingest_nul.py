"""A NUL a learner prints into his own session never reaches the store: PostgreSQL refuses NUL in a
text column and in a JSONB string, which failed the node's whole batch, and the reconnect re-read
the same bytes (the node ungraded for as long as the file existed). NodeIngest against the real
parser and engine, into SQLite and a real PostgreSQL (GRADER_TEST_PG_URL)."""

from __future__ import annotations

import json

from store.databases import db_url, pg_url, sqlite_url  # noqa: F401  (fixtures)

from grader.daemon.ingest import NodeIngest
from grader.protocol import markers
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

from .demo import LAB_ID, Shell, demo_lab

NODE = "node-1"


def test_a_nul_in_a_line_cwd_or_marker_is_stored_as_a_replacement_character(
    tmp_path,
    db_url: str,  # noqa: F811
) -> None:
    lab = demo_lab(tmp_path)
    store = Store.open(db_url)
    try:
        store.upsert_node(NODE, "127.0.0.1", 22, ["alice", "bob"])
        ing = NodeIngest(
            NODE,
            {"alice": (LAB_ID,), "bob": (LAB_ID,)},
            {LAB_ID: lab},
            store.offsets(NODE),
            store.snapshot,
        )
        bob = Shell("20261201T080000-2-bbbb0002")
        k = bob.nonce.encode()
        hostile = (
            bob.header()
            # a command line and a cwd with an escaped NUL (the hooks' `\xHH`), as printf writes
            + markers.encode_p("/tmp/\x00dir")
            + bob.command("echo a\x00b", "a\r\n")
            # a marker of ours, unreadable, with a raw NUL: its anomaly quotes the payload
            + b"\x1b]133;C;aid=\x00;n=1;k=" + k + b"\x07"
            + bob.command("echo hello", "hello\r\n")
        )  # fmt: skip
        ing.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, bob.index_line("bob")))
        ing.feed(Frame(KIND_DATA, f"bob/{bob.session}.ts", 0, hostile))
        batch, _ = ing.take_batch() or (None, None)
        assert batch is not None
        store.ingest(batch)  # PostgreSQL raised here: "cannot contain NUL (0x00) characters"
        lines = [r.line for r in store.command_records("bob")]
        assert lines == ["echo a\ufffdb", "echo hello"]
        assert all("\x00" not in (r.cwd or "") for r in store.command_records("bob"))
        details = [json.dumps(e.detail) for e in store.audit() if e.kind.startswith("anomaly:")]
        assert any("\\ufffd" in d for d in details), details
        assert not any("\\u0000" in d for d in details)
        assert store.offsets(NODE)[f"bob/{bob.session}.ts"] > 0
        alice = Shell("20261201T080000-1-aaaa0001")
        ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, alice.index_line("alice")))
        data = alice.header() + alice.command("echo hello", "hello\r\n") + alice.prompt()
        ing.feed(Frame(KIND_DATA, f"alice/{alice.session}.ts", 0, data))
        batch, _ = ing.take_batch() or (None, None)
        assert batch is not None
        store.ingest(batch)
        progress = {p.step: p.state for p in store.progress("alice", LAB_ID)}
        assert progress["say-hello"] == "verified"
    finally:
        store.close()
