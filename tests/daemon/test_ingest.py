"""NodeIngest against the real parser, engine and a real SQLite store: exactly-once resume."""

from __future__ import annotations

import random

import pytest

from grader.daemon.ingest import NodeIngest
from grader.protocol.frames import KIND_DATA, KIND_RESET, Frame
from grader.store import Store

from .demo import LAB_ID, Shell, demo_lab

NODE = "node-1"


def session_bytes() -> tuple[Shell, bytes]:
    sh = Shell("20261129T181502-4242-9f3a01bc")
    data = sh.header()
    data += sh.command("ls", "a  b\r\n")
    data += sh.command("echo hello", "hello\r\n")
    data += sh.command("false", "", exit_=1)
    data += sh.command("cat big", "x" * 5000 + "\r\n")
    data += sh.command("echo hello again", "hello again\r\n")
    return sh, data


def frames_for(data: bytes, path: str, start: int, rng: random.Random) -> list[Frame]:
    out, pos = [], start
    while pos < len(data):
        size = rng.randint(1, 700)
        out.append(Frame(KIND_DATA, path, pos, data[pos : pos + size]))
        pos += size
    return out


def open_store(path) -> Store:
    store = Store.open(f"sqlite:///{path}")
    store.upsert_node(NODE, "127.0.0.1", 22, ["alice"])
    return store


def make_ingest(store: Store, lab) -> NodeIngest:
    return NodeIngest(
        NODE, {"alice": (LAB_ID,)}, {LAB_ID: lab}, store.offsets(NODE), store.snapshot
    )


def run(store: Store, lab, sh: Shell, data: bytes, rng, crash_after: int | None = None):
    """Feed the index and the session; with crash_after, stop (no flush) after that many frames."""
    ing = make_ingest(store, lab)
    events = []
    ts = f"alice/{sh.session}.ts"
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    start = ing.start_offsets().get(ts, 0)
    for i, frame in enumerate(frames_for(data, ts, start, rng)):
        if crash_after is not None and i == crash_after:
            return events  # the unflushed tail is lost, as in a SIGKILL
        ing.feed(frame)
        if rng.random() < 0.3:  # batches close at arbitrary points
            taken = ing.take_batch()
            if taken:
                events += store.ingest(taken[0])
    taken = ing.take_batch()
    if taken:
        events += store.ingest(taken[0])
    return events


def summary(store: Store):
    prog = [(p.step, p.state) for p in store.progress("alice", LAB_ID)]
    recs = sorted((r.session, r.aid, r.n, r.line, r.exit) for r in store.command_records("alice"))
    return prog, recs


@pytest.mark.parametrize("seed", range(12))
def test_crash_at_any_point_resumes_exactly_once(tmp_path, seed):
    lab = demo_lab(tmp_path)
    sh, data = session_bytes()
    clean = open_store(tmp_path / "clean.db")
    clean_events = run(clean, lab, sh, data, random.Random(seed))
    crashed = open_store(tmp_path / "crash.db")
    rng = random.Random(seed)
    events = []
    for _ in range(3):  # crash twice at random points, then run to the end
        events += run(crashed, lab, sh, data, rng, crash_after=rng.randint(0, 30))
    events += run(crashed, lab, sh, data, rng)
    assert summary(crashed) == summary(clean)
    states = {(p.step, p.state) for p in clean.progress("alice", LAB_ID)}
    assert ("say-hello", "verified") in states and ("fail-once", "verified") in states
    key = lambda e: (e.step, e.state)  # noqa: E731
    assert sorted(map(key, events)) == sorted(map(key, clean_events))  # no duplicate event
    assert len(summary(clean)[1]) == 5


def test_resume_offset_is_after_the_last_finished_command(tmp_path):
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "s.db")
    sh = Shell("s1")
    done = sh.header() + sh.command("echo hello", "hello\r\n")
    running = sh.start("sleep 100") + b"zzz"
    ing = make_ingest(store, lab)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    ing.feed(Frame(KIND_DATA, "alice/s1.ts", 0, done + running))
    batch, ended = ing.take_batch()
    d_end = done.rindex(b"\x07", 0, done.index(b"\x1b]633;P", len(sh.header()))) + 1
    assert batch.offsets == {"alice/s1.ts": d_end}
    assert [e.record.line for e in ended] == ["echo hello"]
    # an unknown learner's files are ignored; a reset restarts the file at 0
    ing.feed(Frame(KIND_DATA, "mallory/x.ts", 0, done))
    ing.feed(Frame(KIND_RESET, "alice/s1.ts", 0, b""))
    batch, _ = ing.take_batch()
    assert batch.offsets == {"alice/s1.ts": 0}
    assert not batch.records


def test_session_bytes_wait_for_their_nonce(tmp_path):
    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "s.db")
    sh = Shell("s1")
    ing = make_ingest(store, lab)
    ing.feed(Frame(KIND_DATA, "alice/s1.ts", 0, sh.header() + sh.command("echo hello", "hello\n")))
    assert ing.take_batch() is None  # nothing parsed without the nonce
    forged = Shell("s1", nonce="f" * 32)
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 300, b""))
    batch, _ = ing.take_batch()
    assert [r.line for _, r in batch.records] == ["echo hello"]
    # a later index line cannot re-key the session; markers with the forged nonce are rejected
    line2 = forged.index_line("alice")
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", len(sh.index_line("alice")), line2))
    forged.n = 5
    ing.feed(
        Frame(
            KIND_DATA,
            "alice/s1.ts",
            ing.start_offsets()["alice/s1.ts"],
            forged.command("echo hello", "hello\n"),
        )
    )
    batch, _ = ing.take_batch()
    assert not batch.records
    assert {a.kind for _, a in batch.anomalies} == {"bad_nonce"}


def test_database_away_while_bytes_arrive_neither_raises_nor_loses(tmp_path):
    """Engines are restored before the first byte (load_engines), so parsing never needs the
    database: with the SQLite file gone mid-stream, `feed` goes on and the batch it builds
    commits once the file is back (a raise out of `feed` used to end the node's SSH link)."""
    lab = demo_lab(tmp_path)
    sh, data = session_bytes()
    clean = open_store(tmp_path / "clean.db")
    run(clean, lab, sh, data, random.Random(1))

    path = tmp_path / "s.db"
    store = open_store(path)
    half = len(data) // 2
    run(store, lab, sh, data[:half], random.Random(2))  # a stored snapshot to restore from
    ing = make_ingest(store, lab)
    ing.load_engines()
    store.close()
    path.rename(tmp_path / "away.db")  # any query now fails: no such table
    with pytest.raises(Exception, match="no such table"):
        store.snapshot("alice", LAB_ID)
    ts = f"alice/{sh.session}.ts"
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    start = ing.start_offsets()[ts]
    for frame in frames_for(data, ts, start, random.Random(3)):
        ing.feed(frame)
    taken = ing.take_batch()
    assert taken is not None
    store.close()
    (tmp_path / "away.db").replace(path)
    store = open_store(path)
    store.ingest(taken[0])
    assert summary(store) == summary(clean)


def test_a_session_without_an_index_line_is_never_graded_and_memory_stays_bounded(tmp_path):
    """A learner can write .ts files into his own spool without the capture shell: with markers
    of a nonce he chose, it looked like a session, and past 1 MiB it was parsed with that nonce
    pinned (graded); 150 such 1 MB files held ~150 MB in the daemon. Now the bytes waiting for an
    index line are bounded per session and per learner, and such a session is never graded."""
    from grader.daemon.ingest import PENDING_NONCE_MAX_BYTES, PENDING_PER_LEARNER_MAX_BYTES

    lab = demo_lab(tmp_path)
    store = open_store(tmp_path / "s.db")
    ing = make_ingest(store, lab)
    fabricated = Shell("fab", nonce="e" * 32)
    data = fabricated.header() + fabricated.command("echo hello", "hello\n")
    data += b"x" * (PENDING_NONCE_MAX_BYTES + 10)  # past the old "pin the first nonce" point
    ing.feed(Frame(KIND_DATA, "alice/fab.ts", 0, data[:1000]))
    ing.feed(Frame(KIND_DATA, "alice/fab.ts", 1000, data[1000:]))
    for i in range(150):  # the sparse-file flood: 1 MB each, no index line
        ing.feed(Frame(KIND_DATA, f"alice/flood{i}.ts", 0, bytes(1_000_000)))
        assert ing._pending_by_learner.get("alice", 0) <= PENDING_PER_LEARNER_MAX_BYTES
    held = sum(c.pending_bytes for c in ing._cursors.values())
    assert held <= PENDING_PER_LEARNER_MAX_BYTES
    batch, _ = ing.take_batch()
    assert not batch.records and not batch.verdicts
    flagged = [a for _, a in batch.anomalies if a.kind == "unindexed_session"]
    assert "fab" in {a.session for a in flagged} and len(flagged) >= 146
    # an honest session of the same learner, index line first, is graded as ever
    sh = Shell("s1")
    ing.feed(Frame(KIND_DATA, "alice/sessions.jsonl", 0, sh.index_line("alice")))
    ing.feed(Frame(KIND_DATA, "alice/s1.ts", 0, sh.header() + sh.command("echo hi", "hi\n")))
    batch, _ = ing.take_batch()
    assert [r.line for _, r in batch.records] == ["echo hi"]
    # the fabricated file's later bytes are skipped (its stored offset moved past them)
    ing.feed(Frame(KIND_DATA, "alice/fab.ts", len(data), fabricated.command("ls", "a\n")))
    taken = ing.take_batch()
    assert taken is None or not taken[0].records
