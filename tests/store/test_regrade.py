"""Regrade with the real engine: a changed lab re-judges stored records; downgrades are opt-in."""

from __future__ import annotations

import dataclasses

from grader.capture.events import CommandRecord
from grader.labs.model import CommandExpect, Lab, OutputExpect, Pattern, StageExpect, Step
from grader.store import EVENT_DOWNGRADED, IngestBatch, Store, VerdictEvent
from grader.store.regrade_run import regrade
from grader.verdict import Evidence, State, StepVerdict
from store.batches import NODE

LAB_ID = "greet"


def greet_lab(word: str) -> Lab:
    """One step: run echo and see `word` in its own output."""
    step = Step(
        id="say",
        title="Say it",
        command=CommandExpect(main=StageExpect(program=("echo",))),
        output=OutputExpect(all=(Pattern("contains", word),)),
    )
    return Lab(id=LAB_ID, title="Greet", description="", steps=(step,))


def echo(n: int, text: str) -> CommandRecord:
    return CommandRecord(
        session="s1",
        aid=7,
        n=n,
        line=f"echo {text}",
        exit=0,
        pipestatus=(0,),
        cwd="/",
        t0=float(n),
        t1=n + 0.5,
        output=f"{text}\n",
        output_chars=len(text) + 1,
    )


def seeded(store: Store) -> Store:
    store.upsert_node(NODE, "h", 22, ["alice"])
    # Recorded while the lab expected something else: no verdict at the time.
    store.ingest(IngestBatch(NODE, records=[("alice", echo(1, "hello"))]))
    return store


def test_regrade_verifies_from_stored_records(store: Store) -> None:
    seeded(store)
    [result] = regrade(store, greet_lab("hello"))
    assert (result.learner, result.records, result.new_events) == ("alice", 1, 1)
    [p] = store.progress("alice", LAB_ID)
    assert (p.state, p.evidence["line"]) == ("verified", "echo hello")
    # A second regrade finds nothing new: same command, same verdict key.
    assert regrade(store, greet_lab("hello"))[0].new_events == 0
    assert [a.kind for a in store.audit()].count("regrade:verdict") == 1


def test_regrade_never_lowers_without_allow_downgrade(store: Store) -> None:
    seeded(store)
    regrade(store, greet_lab("hello"))
    regrade(store, greet_lab("goodbye"))  # the lab changed: the old command no longer verifies
    assert [p.state for p in store.progress("alice", LAB_ID)] == ["verified"]
    [verified] = store.progress("alice", LAB_ID)
    regrade(store, greet_lab("goodbye"), ["alice"], allow_downgrade=True)
    [p] = store.progress("alice", LAB_ID)
    assert (p.state, p.evidence["line"]) == ("attempted", "echo hello")
    # the grader-clock time is when the lower state was written, not the old verified one's
    assert verified.recorded is not None and p.recorded is not None
    assert p.recorded > verified.recorded
    downgrades = [a for a in store.audit() if a.kind == "regrade:downgrade"]
    assert [(d.detail["from"], d.detail["to"]) for d in downgrades] == [("verified", "attempted")]


def test_downgrades_after_names_each_lowered_learner_and_lab_once(store: Store) -> None:
    """What the dashboard grid re-reads: a downgrade has no verdict event, only audit rows."""
    seeded(store)
    assert store.downgrades_after(0) == ([], 0)  # an empty audit
    regrade(store, greet_lab("hello"))
    pairs, seen = store.downgrades_after(0)
    assert pairs == [] and seen > 0  # regrade rows moved the high-water mark, no downgrade
    regrade(store, greet_lab("goodbye"), allow_downgrade=True)
    regrade(store, greet_lab("goodbye"), allow_downgrade=True)  # nothing left to lower
    pairs, later = store.downgrades_after(seen)
    assert pairs == [("alice", LAB_ID)] and later > seen
    assert store.downgrades_after(later) == ([], later)


def test_downgrade_to_pending_removes_the_step(store: Store) -> None:
    store.upsert_node(NODE, "h", 22, ["alice"])
    ghost = StepVerdict(LAB_ID, "say", State.VERIFIED, "", {}, Evidence("s9", 1, 1, "x", 0))
    store.ingest(IngestBatch(NODE, verdicts=[("alice", ghost)]))  # no record behind it
    regrade(store, dataclasses.replace(greet_lab("hello")), ["alice"], allow_downgrade=True)
    assert store.progress("alice", LAB_ID) == []


def test_a_downgrade_is_a_verdict_event_with_the_old_and_new_state(store: Store) -> None:
    """An LMS following the event feed learns that a grade went down (issue 21, problem 8)."""
    seeded(store)
    regrade(store, greet_lab("hello"))
    before = store.last_seq()
    heard: list[list[VerdictEvent]] = []
    store.add_commit_listener(heard.append)
    [result] = regrade(store, greet_lab("goodbye"), allow_downgrade=True)
    assert result.downgraded == 1
    [event] = [e for e in store.events_after(before) if e.state == EVENT_DOWNGRADED]
    assert (event.learner, event.lab, event.step) == ("alice", LAB_ID, "say")
    assert event.evidence is not None
    assert (event.evidence["from"], event.evidence["to"]) == ("verified", "attempted")
    assert "from verified to attempted" in event.reason
    assert any(e.seq == event.seq for batch in heard for e in batch)
    # nothing left to lower: no second event
    regrade(store, greet_lab("goodbye"), allow_downgrade=True)
    assert [e.seq for e in store.events_after(before) if e.state == EVENT_DOWNGRADED] == [event.seq]


def test_a_reset_lab_is_regraded_from_the_records_after_the_reset(store: Store) -> None:
    seeded(store)
    regrade(store, greet_lab("hello"))
    store.reset_lab("alice", LAB_ID, "start over", "op")
    [result] = regrade(store, greet_lab("hello"))
    assert (result.records, result.new_events) == (0, 0)
    assert store.progress("alice", LAB_ID) == []
    store.ingest(IngestBatch(NODE, records=[("alice", echo(2, "hello"))]))
    [result] = regrade(store, greet_lab("hello"))
    assert (result.records, result.new_events) == (1, 1)
    [p] = store.progress("alice", LAB_ID)
    assert (p.state, p.evidence["n"]) == ("verified", 2)
