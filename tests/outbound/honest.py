"""Verdict events the way the grader makes them: a lab's recorded sessions (its self-tests,
typed in a real captured bash) fed through the daemon's ingest (real parser, real matching
engine) into a real store, one batch per few frames as a node's stream would close them."""

from __future__ import annotations

import json
from pathlib import Path

from grader.daemon.ingest import NodeIngest
from grader.labs import Lab, load_lab
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store

REPO = Path(__file__).resolve().parents[2]
LAB_DIR = REPO / "labs" / "nccl-bootstrap"
RECORDINGS = LAB_DIR / "tests"
NODE = "outbound-node"
LAB_ID = "nccl-bootstrap"
FRAME_BYTES = 4096


def lab() -> Lab:
    return load_lab(LAB_DIR)


def index_line(session: str, learner: str) -> bytes:
    for line in (RECORDINGS / "sessions.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry["session"] == session:
            return (json.dumps({**entry, "user": learner}) + "\n").encode()
    raise KeyError(session)


def grade(store: Store, the_lab: Lab, learner: str, sessions: list[str]) -> int:
    """Grade the recorded sessions as `learner`'s, in order; the number of new events."""
    store.upsert_node(NODE, "127.0.0.1", 22, sorted({learner, *_learners(store)}))
    ing = NodeIngest(NODE, {learner: (the_lab.id,)}, {the_lab.id: the_lab}, {}, store.snapshot)
    index = b"".join(index_line(s, learner) for s in sessions)
    ing.feed(Frame(KIND_DATA, f"{learner}/sessions.jsonl", 0, index))
    new = 0
    for session in sessions:
        data = (RECORDINGS / f"{session}.ts").read_bytes()
        for off in range(0, len(data), FRAME_BYTES):
            chunk = data[off : off + FRAME_BYTES]
            ing.feed(Frame(KIND_DATA, f"{learner}/{session}.ts", off, chunk))
            while (taken := ing.take_batch()) is not None:
                new += len(store.ingest(taken[0]))
    while (taken := ing.take_batch()) is not None:
        new += len(store.ingest(taken[0]))
    return new


def _learners(store: Store) -> list[str]:
    return [n for status in store.nodes() if status.id == NODE for n in status.learners]
