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


def test_an_ended_session_keeps_no_parser_state(tmp_path) -> None:
    """A learner may open sessions up to max_sessions_per_learner (5,000 by default), each with a
    64 KiB command line still waiting for its C, a 4 KiB cwd and 1,024 shells: ~150 KiB of parser
    state each. Once a session has ended its parser is no longer needed; it was held for good."""
    import tracemalloc

    from grader.capture.parser import MAX_SHELLS

    lab = demo_lab(tmp_path)
    ing = NodeIngest(NODE, {"bob": (LAB_ID,)}, {LAB_ID: lab}, {}, lambda *_: None)
    shells = [Shell(f"20261201T080000-{i}-{i:08x}") for i in range(20)]
    index = b"".join(sh.index_line("bob") for sh in shells)
    ing.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, index), now=0.0)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for sh in shells:
            data = sh.header() + sh.start("exit")  # `exit` open: the session looks ended
            data += b"".join(markers.encode_a(a, sh.nonce) for a in range(1, MAX_SHELLS + 1))
            data += markers.encode_p("/" + "d" * 4000) + markers.encode_e("x" * 60_000, sh.nonce)
            ing.feed(Frame(KIND_DATA, f"bob/{sh.session}.ts", 0, data), now=1.0)
        del data
        live = tracemalloc.get_traced_memory()[0] - before
        assert ing.close_idle(now=1_000.0) == len(shells)
        ing.take_batch()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert live > 20 * 100_000  # what the sessions made the parsers hold
    assert held < 20 * 4_000, held  # a cursor's offsets, no parser


def test_a_refusal_reason_with_a_nul_is_stored(
    tmp_path,
    db_url: str,  # noqa: F811
) -> None:
    """The reader's KIND_REFUSED reason is the node's text; a crafted node's NUL in it failed the
    node's batch on PostgreSQL (an anomaly's JSON), retried as it was for good."""
    lab = demo_lab(tmp_path)
    store = Store.open(db_url)
    try:
        store.upsert_node(NODE, "127.0.0.1", 22, ["alice"])
        ing = NodeIngest(NODE, {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, store.snapshot)
        ing.refused("alice/x.ts", "a link\x00elsewhere")
        batch, _ = ing.take_batch() or (None, None)
        assert batch is not None
        store.ingest(batch)
        (row,) = [e.detail for e in store.audit() if e.kind == "anomaly:spool_refused"]
        assert row["detail"] == "alice/x.ts: a link\ufffdelsewhere"
    finally:
        store.close()
