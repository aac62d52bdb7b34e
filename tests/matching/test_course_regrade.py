"""`grader regrade --config`: a learner in a course is regraded through the course, as live.

bob takes both labs. He chose the transport lab (`lab start nccl-transport`) and then typed the
whole first lab: live, that records nothing on the transport lab (grader/matching/course.py).
A regrade of the transport lab alone would judge those commands as transport attempts; a regrade
through his course (grader/store/regrade.py `regrade_course`) stays what live grading recorded.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from matching_helpers import Shell
from test_course import BOOTSTRAP, TRANSPORT, course, recorded, typed

from grader.capture import CommandEnded
from grader.cli import main
from grader.labs import load_lab
from grader.store import IngestBatch, Store, regrade_course

NODE = "node-b"


def stored(tmp_path: Path, name: str) -> Store:
    """A store holding bob's commands: `lab start nccl-transport`, then lab 1's clean run."""
    store = Store.open(f"sqlite:///{tmp_path / name}")
    store.upsert_node(NODE, "h", 22, ["bob"])
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    events = [*sh.run("lab start nccl-transport", "ok\n"), *recorded(BOOTSTRAP)]
    records = [e.record for e in events if isinstance(e, CommandEnded)]
    store.ingest(IngestBatch(NODE, records=[("bob", r) for r in records]))
    return store


def test_a_course_regrade_records_what_live_grading_did(tmp_path: Path) -> None:
    live = course()
    sh = Shell(session="20261203T090000-1-0a0b0c0d", aid=1)
    typed(live, [*sh.run("lab start nccl-transport", "ok\n"), *recorded(BOOTSTRAP)])
    assert not any(v.state.value == "attempted" for v in live[1].verdicts().values())

    labs = [load_lab(BOOTSTRAP), load_lab(TRANSPORT)]
    through_course = stored(tmp_path, "course.db")
    results = regrade_course(through_course, {"bob": labs}, enforce_attestation=False)
    assert [r.lab for r in results] == ["nccl-bootstrap", "nccl-transport"]
    for lab, engine in zip(labs, live, strict=True):
        again = {p.step: p.state for p in through_course.progress("bob", lab.id)}
        as_live = {
            s: v.state.value for s, v in engine.verdicts().items() if v.state.value != "pending"
        }
        assert again == as_live, lab.id  # no attempt on the lab he was not on, as live

    # the transport lab regraded on its own judges lab 1's runs as attempts at it
    alone = stored(tmp_path, "alone.db")
    regrade_course(alone, {"bob": [labs[1]]}, enforce_attestation=False)
    assert "attempted" in {p.state for p in alone.progress("bob", "nccl-transport")}


def test_regrade_needs_a_config_or_a_database_and_a_lab() -> None:
    with pytest.raises(SystemExit, match="--config"):
        main(["regrade", "--lab", str(TRANSPORT)])


def test_the_command_regrades_one_lab_from_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = stored(tmp_path, "cli.db")
    store.close()
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    assert main(["regrade", "--db", url, "--lab", str(TRANSPORT), "--no-attestation"]) == 0
    out = capsys.readouterr().out
    assert "bob on nccl-transport: " in out and "records replayed" in out, out
