"""What one learner's open sessions may hold in the daemon (ingest.LEARNER_HOLDS_MAX_BYTES), and
an idle session's parser compacted (SessionParser.compact): NodeIngest fed bytes, with the real
parser and engine, no I/O."""

from __future__ import annotations

import gc
import tracemalloc

from grader.daemon.ingest import LEARNER_HOLDS_MAX_BYTES, SESSION_COMPACT_IDLE_S, NodeIngest
from grader.protocol.frames import KIND_DATA, Frame

from .demo import LAB_ID, Shell, demo_lab

UNTERMINATED = b"\x1b]633;E;" + b"a" * 250_000  # an OSC the parser carries, waiting for its end


class Node:
    """One node's ingest with learners alice and bob, and what its batches carried."""

    def __init__(self, tmp_path) -> None:
        lab = demo_lab(tmp_path)
        learners = {"alice": (LAB_ID,), "bob": (LAB_ID,)}
        self.ing = NodeIngest("node-1", learners, {LAB_ID: lab}, {}, lambda _u, _l: None)
        self.index_at = {"alice": 0, "bob": 0}
        self.records: list[tuple[str, str]] = []  # (learner, command line)
        self.outputs: list[tuple[str, int, bool]] = []  # (output, output_chars, truncated)
        self.anomalies: list[tuple[str, str, str]] = []  # (learner, session, kind)

    def open(self, learner: str, session: str) -> Shell:
        sh = Shell(session)
        line = sh.index_line(learner)
        self.ing.feed(Frame(KIND_DATA, f"{learner}/sessions.jsonl", self.index_at[learner], line))
        self.index_at[learner] += len(line)
        return sh

    def type(self, learner: str, sh: Shell, at: int, data: bytes, now: float = 0.0) -> int:
        self.ing.feed(Frame(KIND_DATA, f"{learner}/{sh.session}.ts", at, data), now=now)
        taken = self.ing.take_batch()
        if taken:
            batch, _ = taken
            self.records += [(u, r.line) for u, r in batch.records]
            self.outputs += [
                (r.output, r.output_chars, r.output_truncated) for _, r in batch.records
            ]
            self.anomalies += [(u, a.session, a.kind) for u, a in batch.anomalies]
        return at + len(data)


def test_one_learners_unfinished_markers_are_bounded_and_harm_only_his_sessions(tmp_path):
    """60 sessions of alice's each end in a 250 KB OSC that never ends (5,000 held 1.2 GB):
    her parsers together stay within the budget, the daemon's memory with them, her sessions
    that held most are quarantined and audited, and bob's and her next honest one are graded."""
    node = Node(tmp_path)
    bob = node.open("bob", "20261204T000000-1-0000b0b0")
    at_bob = node.type("bob", bob, 0, bob.header())
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for i in range(60):
        sh = node.open("alice", f"20261204T000000-{i}-0000a11c")
        node.type("alice", sh, 0, sh.header() + UNTERMINATED)
        assert node.ing.holds("alice") <= LEARNER_HOLDS_MAX_BYTES
    gc.collect()
    grew = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grew < LEARNER_HOLDS_MAX_BYTES + 2 * 1024 * 1024, grew  # not 60 x 250 KB = 15 MB
    shed = [(u, s) for u, s, kind in node.anomalies if kind == "session_quarantined"]
    assert shed and {u for u, _ in shed} == {"alice"}
    assert node.ing.shed_sessions == len(shed)
    node.type("bob", bob, at_bob, bob.command("echo hello", "hello\r\n"))
    fresh = node.open("alice", "20261204T000001-1-0000a11c")
    node.type("alice", fresh, 0, fresh.header() + fresh.command("echo hi", "hi\r\n"))
    assert ("bob", "echo hello") in node.records and ("alice", "echo hi") in node.records
    # a quarantined session's later bytes are skipped, not parsed
    first = shed[0][1]
    sh = Shell(first)
    node.type("alice", sh, len(sh.header() + UNTERMINATED), b"\x07" + sh.command("ls", "a\r\n"))
    assert ("alice", "ls") not in node.records


def test_an_idle_sessions_open_command_is_compacted_and_its_record_is_the_same(tmp_path):
    """A command that printed 800 lines and stays open (a `top`, a build waiting on input):
    after SESSION_COMPACT_IDLE_S its excerpt is held compressed, and the record made when it
    ends carries the same output as without compaction."""
    output = "".join(f"{i:5d} {'y' * 150}\r\n" for i in range(800))
    got = {}
    for compact in (False, True):
        node = Node(tmp_path)
        sh = node.open("alice", "20261204T000000-9-0000a11c")
        at = node.type("alice", sh, 0, sh.header() + sh.start("top") + output.encode(), now=1.0)
        before = node.ing.holds("alice")
        assert before > 32 * 1024  # its excerpt's head and tail, as lines
        if compact:
            node.ing.close_idle(now=1.0 + SESSION_COMPACT_IDLE_S)
            assert node.ing.holds("alice") < before / 8
        node.type("alice", sh, at, b"more\r\n" + sh.prompt(), now=30.0)
        assert node.records == [("alice", "top")]
        got[compact] = node.outputs
    assert got[True] == got[False]
    (text, chars, truncated), *_ = got[True]
    assert chars == len(output.replace("\r\n", "\n")) + len("more")
    assert truncated and text.startswith("    0 yyy") and text.endswith("\nmore")


def test_many_open_commands_over_the_budget_are_compacted_not_quarantined(tmp_path):
    """200 sessions of alice's each with a command still running after 800 lines (their
    excerpts ~9 MB as lines): past the budget they are compacted at once, as the idle walk
    would, and none is quarantined; each record is whole when its command ends."""
    node = Node(tmp_path)
    output = "".join(f"{i:5d} {'y' * 150}\r\n" for i in range(800)).encode()
    shells = []
    for i in range(200):
        sh = node.open("alice", f"20261204T000000-{i}-0000a11c")
        at = node.type("alice", sh, 0, sh.header() + sh.start("top") + output)
        shells.append((sh, at))
        assert node.ing.holds("alice") <= LEARNER_HOLDS_MAX_BYTES
    assert node.ing.shed_sessions == 0 and not node.anomalies
    for sh, at in shells:
        node.type("alice", sh, at, sh.prompt())
    assert len(node.records) == 200
    assert all(truncated and text.startswith("    0 yyy") for text, _, truncated in node.outputs)


def test_sessions_of_a_thousand_shells_each_count_against_the_learners_budget(tmp_path):
    """Each session may number 1,024 shells (the parser's MAX_SHELLS), ~195 KiB of state: 5,000
    such sessions of one learner held ~1 GB. Their shells count in his budget, so the daemon's
    memory stays within it and his sessions holding most are quarantined."""
    from grader.protocol import markers

    def shells(sh: Shell, count: int) -> bytes:
        t, nonce, parts = 1.0e9, sh.nonce, []
        for j in range(count):
            aid = 100_000 + j
            parts.append(
                markers.encode_a(aid, nonce) + markers.encode_d(0, aid, 0, 1, t, [0], nonce)
            )
        return b"".join(parts)

    node = Node(tmp_path)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for i in range(60):
        sh = node.open("alice", f"20261204T000000-{i}-0000a11c")
        node.type("alice", sh, 0, sh.header() + shells(sh, 1_100))
        node.records.clear()  # (the test's own lists, not the daemon's)
        assert node.ing.holds("alice") <= LEARNER_HOLDS_MAX_BYTES
    gc.collect()
    grew = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grew < LEARNER_HOLDS_MAX_BYTES + 2 * 1024 * 1024, grew  # not 60 x 203 KiB = 11.9 MiB
    assert node.ing.shed_sessions > 0
    assert {u for u, _, kind in node.anomalies if kind == "session_quarantined"} == {"alice"}
