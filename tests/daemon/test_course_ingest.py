"""A learner in a course through the daemon's ingest (sans-I/O, real recorded session bytes):
the lab they are on reaches the progress file, and commands typed for another lab record no
attempt on it (grader/matching/course.py, docs/matching.md "A learner in a course")."""

from __future__ import annotations

import json
from pathlib import Path

from grader.config import NodeConfig
from grader.daemon.feedback import progress_document
from grader.daemon.feedback_loop import NodeFeedback
from grader.daemon.ingest import NodeIngest
from grader.daemon.logbudget import LogBudget
from grader.labs import load_lab
from grader.protocol.frames import KIND_DATA, Frame
from grader.store import Store
from grader.verdict import State

from .demo import Shell

REPO = Path(__file__).resolve().parents[2]
BOOTSTRAP = load_lab(REPO / "labs" / "nccl-bootstrap")
TRANSPORT = load_lab(REPO / "labs" / "nccl-transport")
LABS = {BOOTSTRAP.id: BOOTSTRAP, TRANSPORT.id: TRANSPORT}


def session_frames(lab_dir: Path, name: str) -> list[Frame]:
    """The recorded session's index line and bytes, as the node's reader sends them for bob."""
    tests = lab_dir / "tests"
    line = next(
        raw
        for raw in (tests / "sessions.jsonl").read_text().splitlines()
        if json.loads(raw)["session"] == name
    )
    index = (line + "\n").encode()
    data = (tests / f"{name}.ts").read_bytes()
    return [
        Frame(KIND_DATA, "bob/sessions.jsonl", 0, index),
        Frame(KIND_DATA, f"bob/{name}.ts", 0, data),
    ]


def test_lab_two_typed_on_lab_one_records_nothing_there_and_the_file_names_lab_one() -> None:
    ingest = NodeIngest(
        "node-1",
        {"bob": (BOOTSTRAP.id, TRANSPORT.id)},  # grader.yaml's order: the course order
        LABS,
        {},
        lambda _learner, _lab: None,
    )
    ingest.load_engines()
    for frame in session_frames(REPO / "labs" / "nccl-transport", "clean-run"):
        ingest.feed(frame, now=1.0)
    taken = ingest.take_batch()
    assert taken is not None
    batch, ended = taken
    on_one = [v for who, v in batch.verdicts if v.lab == BOOTSTRAP.id]
    assert all(v.state is State.VERIFIED for v in on_one), on_one
    on_two = {v.step for who, v in batch.verdicts if v.lab == TRANSPORT.id}
    assert on_two == {s.id for s in TRANSPORT.steps}  # verified outright, every one
    # lab 1 is still the one he is on (the first unfinished): each judged command says so
    assert ingest.current_lab("bob") == BOOTSTRAP.id
    assert ended and {e.lab for e in ended} == {BOOTSTRAP.id}
    # the chosen lab's snapshot carries no choice: none was made
    assert all("chosen" not in snap for snap in batch.snapshots.values())
    doc = progress_document("bob", [BOOTSTRAP, TRANSPORT], {}, [], now=0, current=BOOTSTRAP.id)
    assert doc["current"] == BOOTSTRAP.id
    unknown = progress_document("bob", [BOOTSTRAP], {}, [], now=0, current=TRANSPORT.id)
    assert unknown["current"] is None  # a lab the file does not list is no current lab


def test_the_choice_outlives_a_restart(tmp_path: Path) -> None:
    """`lab start nccl-transport` typed, its batch committed to a real store: a daemon started
    again (new ingest, engines from the stored snapshots) and the progress writer reading the
    store before any new command both say lab 2."""
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    store.upsert_node("node-1", "127.0.0.1", 22, ["bob"])
    learners: dict[str, tuple[str, ...]] = {"bob": (BOOTSTRAP.id, TRANSPORT.id)}
    sh = Shell("20261203T090000-4242-0a0b0c0d")
    data = sh.header() + sh.command("lab start nccl-transport", "You are on it now\r\n")
    data += sh.prompt()
    ingest = NodeIngest("node-1", learners, LABS, store.offsets("node-1"), store.snapshot)
    ingest.load_engines()
    assert ingest.current_lab("bob") == BOOTSTRAP.id  # nothing chosen: the first unfinished
    ingest.feed(Frame(KIND_DATA, "bob/sessions.jsonl", 0, sh.index_line("bob")))
    ingest.feed(Frame(KIND_DATA, f"bob/{sh.session}.ts", 0, data))
    taken = ingest.take_batch()
    assert taken is not None
    batch, ended = taken
    assert [e.lab for e in ended] == [TRANSPORT.id]
    store.ingest(batch)
    again = NodeIngest("node-1", learners, LABS, store.offsets("node-1"), store.snapshot)
    again.load_engines()
    assert again.current_lab("bob") == TRANSPORT.id
    node = NodeConfig("node-1", "127.0.0.1", Path("key"), (), learners)
    writer = NodeFeedback(node, store, LABS, LogBudget())
    assert writer.stored_current("bob", [BOOTSTRAP, TRANSPORT]) == TRANSPORT.id
    store.close()
