"""A failure is the session's, never the node's; node times and stored output are bounded
(NodeIngest against the real parser, engine and a real SQLite store)."""

from __future__ import annotations

import logging
import re
import time

import pytest

from grader.daemon import ingest as ingest_mod
from grader.daemon import logbudget
from grader.daemon.ingest import CLOCK_WINDOW_S, STORAGE_EXCERPT_CHARS, NodeIngest
from grader.daemon.logbudget import LogBudget
from grader.protocol import markers
from grader.protocol.frames import KIND_DATA, KIND_RESET, Frame
from grader.store import Store

from .demo import LAB_ID, Shell, demo_lab

NODE = "node-1"
#: 5,000 digits: past Python's 4,300-digit limit for int().
HUGE = "9" * 5000


def huge_aid(sh: Shell) -> bytes:
    """A command start whose shell pid has 5,000 digits, printed by an unprivileged learner with
    his own nonce: the parser's fast path raised on it (issue 32)."""
    return (
        b"x\r\n"
        + markers.encode_e("x", sh.nonce)
        + b"\x1b]133;C;aid=" + HUGE.encode() + b";n=99;h=999;t=1.0;k=" + sh.nonce.encode()
        + b"\x07"
    )  # fmt: skip


def huge_answer(sh: Shell) -> bytes:
    """`lab answer <5,000 digits> x`, typed: the engine's step_ref took the digits to int()."""
    return sh.command(f"lab answer {HUGE} x", "")


#: Real hostile inputs (no stand-in parser): whatever the parser and the engine make of them
#: (they raised when this was written; a bound may make them an anomaly instead), only the
#: sender's session may suffer.
HOSTILE = {"huge-aid": huge_aid, "huge-answer": huge_answer}


def open_store(path) -> Store:
    store = Store.open(f"sqlite:///{path}")
    store.upsert_node(NODE, "127.0.0.1", 22, ["alice", "bob"])
    return store


def make_ingest(store: Store, lab) -> NodeIngest:
    learners = {"alice": (LAB_ID,), "bob": (LAB_ID,)}
    return NodeIngest(NODE, learners, {LAB_ID: lab}, store.offsets(NODE), store.snapshot)


def commit(store: Store, ing: NodeIngest) -> None:
    taken = ing.take_batch()
    if taken:
        store.ingest(taken[0])


def anomalies(store: Store, session: str) -> list[dict]:
    return [
        e.detail
        for e in store.audit()
        if e.kind.startswith("anomaly:") and e.detail.get("session") == session
    ]


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_a_session_that_breaks_its_parser_is_quarantined_and_the_others_go_on(tmp_path, hostile):
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "g.db")
    alice, bob = Shell("20261201T080000-1-aaaa0001"), Shell("20261201T080000-2-bbbb0002")
    a_ts, b_ts = f"alice/{alice.session}.ts", f"bob/{bob.session}.ts"
    bob_bytes = bob.header() + bob.command("ls", "a\r\n") + HOSTILE[hostile](bob)
    bob_bytes += b"y" * 100 + bob.command("echo hello", "hello\r\n")

    def run_once(ing: NodeIngest) -> None:
        # The reader re-sends everything from offset 0 each time: what was stored is skipped.
        ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, alice.index_line("alice")))
        ing.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, bob.index_line("bob")))
        ing.feed(Frame(KIND_DATA, b_ts, 0, bob_bytes))  # never raises out of feed
        commit(store, ing)

    ing = make_ingest(store, lab)
    run_once(ing)
    a_data = alice.header() + alice.command("echo hello", "hello\r\n") + alice.prompt()
    ing.feed(Frame(KIND_DATA, a_ts, 0, a_data))
    commit(store, ing)
    assert {p.step: p.state for p in store.progress("alice", LAB_ID)}["say-hello"] == "verified"
    assert [r.line for r in store.command_records("alice")] == ["echo hello"]
    assert "ls" in [r.line for r in store.command_records("bob")]  # graded up to the bytes
    seen = anomalies(store, bob.session)
    quarantined = [a for a in seen if a["kind"] == "session_quarantined"]
    if hostile == "huge-aid":
        assert seen, "bob's hostile marker is audited, naming his session"
    if quarantined:  # the parser or the engine raised on it: the session, not the node, paid
        (q,) = quarantined
        assert re.match(
            rf"[A-Za-z]+Error while grading {re.escape(b_ts)} at offset \d+: ", q["detail"]
        )
        assert len(q["detail"]) < 600  # the exception's message is bounded
        assert store.offsets(NODE)[b_ts] == len(bob_bytes)  # stored past the failing bytes
        assert "echo hello" not in [r.line for r in store.command_records("bob")]
        # Later bytes of the session are skipped, a RESET does not make it sound again.
        ing.feed(Frame(KIND_DATA, b_ts, len(bob_bytes), bob.command("echo hi", "hi\r\n")))
        ing.feed(Frame(KIND_RESET, b_ts, 0, b""))
        ing.feed(Frame(KIND_DATA, b_ts, 0, bob_bytes))
        commit(store, ing)
        assert len(anomalies(store, bob.session)) == len(seen)
    # A restarted daemon: the failing bytes are never fed again, nothing is audited twice.
    before = store.audit()
    ing2 = make_ingest(store, lab)
    run_once(ing2)
    ing2.feed(Frame(KIND_DATA, a_ts, 0, a_data + alice.command("false", "", exit_=1)))
    commit(store, ing2)
    assert [e.seq for e in store.audit() if e.kind.startswith("anomaly:")] == [
        e.seq for e in before if e.kind.startswith("anomaly:")
    ]
    assert store.progress("alice", LAB_ID)[1].state == "verified"  # fail-once, after restart


def test_node_times_outside_the_window_keep_the_graders_receive_time(tmp_path):
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "g.db")
    sh = Shell("20261201T080000-3-cccc0003")
    ts = f"alice/{sh.session}.ts"
    # A learner's shell function makes the end markers say another month, or 1970: times any
    # date rendering shows (grader/protocol bounds what it cannot), but not this command's.
    far, early = time.time() + 40 * 24 * 3600, 1_000_000.0
    data = sh.header() + sh.start("echo hello") + b"hello\r\n"
    data += markers.encode_d(0, sh.aid, sh.n, sh.hist, far, [0], sh.nonce)
    data += markers.encode_a(sh.aid, sh.nonce) + b"$ "
    data += sh.start("echo again") + b"again\r\n"
    data += markers.encode_d(0, sh.aid, sh.n, sh.hist, early, [0], sh.nonce)
    data += sh.prompt()
    ing = make_ingest(store, lab)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    before = time.time()
    ing.feed(Frame(KIND_DATA, ts, 0, data))
    commit(store, ing)
    recs = store.command_records("alice")
    assert [r.line for r in recs] == ["echo hello", "echo again"]
    for r in recs:
        assert r.t1 is not None and abs(r.t1 - before) < 60  # the grader's receive time
        assert r.t0 is not None and abs(r.t0 - before) < CLOCK_WINDOW_S  # the node's, sane
    kinds = [a["kind"] for a in anomalies(store, sh.session)]
    assert kinds.count("clock_out_of_window") == 1  # once per session
    assert {p.step: p.state for p in store.progress("alice", LAB_ID)}["say-hello"] == "verified"


def test_stored_output_is_bounded_per_node_per_minute(tmp_path, monkeypatch):
    """Past the node's minute budget a record keeps an excerpt and the minute is audited once;
    a new minute stores whole records again (the budget, scaled down for a fast test)."""
    monkeypatch.setattr(ingest_mod, "STORED_OUTPUT_CHARS_PER_MIN", 50_000)
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "g.db")
    sh = Shell("20261201T080000-4-dddd0004")
    ts = f"alice/{sh.session}.ts"
    ing = make_ingest(store, lab)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")), now=0.0)
    out = ("z" * 79 + "\r\n") * 200  # 16,000 characters per command
    offset, data = 0, sh.header()
    for i in range(6):
        data += sh.command(f"cat f{i}", out)
    ing.feed(Frame(KIND_DATA, ts, offset, data), now=1.0)
    offset += len(data)
    more = sh.command("cat later", out)
    ing.feed(Frame(KIND_DATA, ts, offset, more), now=62.0)  # the next minute
    commit(store, ing)
    recs = {r.line: r for r in store.command_records("alice")}
    sizes = {line: len(r.output) for line, r in recs.items()}
    assert recs["cat f5"].output_truncated and recs["cat f5"].output_chars > 15_000
    assert all(sizes[f"cat f{i}"] > 15_000 for i in range(3))  # within the budget
    assert all(sizes[f"cat f{i}"] <= STORAGE_EXCERPT_CHARS for i in range(3, 6))
    assert sizes["cat later"] > 15_000
    kinds = [a["kind"] for a in anomalies(store, sh.session)]
    assert kinds.count("storage_budget") == 1


def test_lines_a_nodes_sessions_cause_keep_within_its_log_budget(tmp_path, caplog):
    """300 sessions ending at once (an `exit` open, idle past SESSION_IDLE_CLOSE_S) make 300
    `session_closed` lines: the node's budget logs its burst, counts the rest, and the next
    line it logs says how many it did not (docs/daemon.md: 50 at once, then 5 a second)."""
    clock = [0.0]
    budget = LogBudget(clock=lambda: clock[0])
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "g.db")
    ing = NodeIngest(
        NODE, {"alice": (LAB_ID,)}, {LAB_ID: lab}, {}, store.snapshot, log_budget=budget
    )
    shells = [Shell(f"20261201T080000-{i}-{i:08x}") for i in range(300)]
    index = b"".join(sh.index_line("alice") for sh in shells)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, index), now=0.0)
    for sh in shells:
        ing.feed(Frame(KIND_DATA, f"alice/{sh.session}.ts", 0, sh.header() + sh.start("exit")))
    caplog.set_level(logging.INFO, logger="grader.daemon")
    caplog.clear()
    assert ing.close_idle(now=time.monotonic() + 100) == 300
    closed = [r.getMessage() for r in caplog.records if "event=session_closed" in r.getMessage()]
    assert len(closed) == logbudget.BURST
    clock[0] = 1.0  # a second later the budget has 5 lines again
    ing.feed(Frame(KIND_DATA, "bob/x.ts", 0, b"x"))  # a learner this node does not have
    ignored = [r.getMessage() for r in caplog.records if "event=ignored_learner" in r.getMessage()]
    assert ignored == [ignored[0]] and ignored[0].endswith(" suppressed=250")
