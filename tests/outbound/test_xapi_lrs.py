"""xAPI statements against a real LRS (ralph-malph, run here): a whole honest run of two
learners arrives once each, in the shape docs/grades-out.md promises; a grader killed between
the LRS's acknowledgement and its cursor's move loses nothing and stores nothing twice; an LRS
that is down at first gets everything once it is up."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from grader.labs import Lab
from grader.outbound import iso_utc, statement_id
from grader.store import LoggedEvent, Store

from . import honest
from .grading import ACTIVITY_BASE, HOMEPAGE, crash_driver, deliver_until, load, write_config
from .lrs import Lrs

ALICE = ["typos-and-retries", "wrong-answers", "clean-run"]  # attempts, wrong answers, the rest
BOB = ["clean-run"]


def graded_class(store: Store, lab: Lab) -> list[LoggedEvent]:
    honest.grade(store, lab, "alice", ALICE)
    honest.grade(store, lab, "bob", BOB)
    store.reset_lab("bob", lab.id, reason="a fresh start", actor="operator")
    return store.events_for_delivery(0, 1000)


def assert_once_each(lrs: Lrs, events: list[LoggedEvent]) -> list[dict]:
    got = lrs.statements()
    ids = Counter(s["id"] for s in got)
    assert [i for i, n in ids.items() if n > 1] == []
    assert set(ids) == {statement_id("xapi", e.seq) for e in events}
    return got


def test_a_whole_honest_run_arrives_once_each(tmp_path: Path, lrs: Lrs, lab: Lab) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    events = graded_class(store, lab)
    assert len(events) > 25
    config = load(write_config(tmp_path, store.url, lrs_endpoint=lrs.endpoint, batch=7))
    lrs.start()
    deliver_until(
        store,
        config,
        {lab.id: lab},
        lambda: store.delivery_cursor("xapi").after_seq == events[-1].seq,
    )
    got = {s["id"]: s for s in assert_once_each(lrs, events)}
    by = {(e.learner, e.step, e.state): got[statement_id("xapi", e.seq)] for e in events}
    points = {s.id: s.points for s in lab.steps}

    done = by[("alice", "run-broken", "verified")]
    assert done["verb"]["id"] == "http://adlnet.gov/expapi/verbs/completed"
    assert done["actor"]["account"] == {"homePage": HOMEPAGE, "name": "alice"}
    assert done["object"]["id"] == f"{ACTIVITY_BASE}/nccl-bootstrap/run-broken"
    assert done["result"]["success"] is True
    assert done["result"]["score"]["raw"] == points["run-broken"]
    assert done["result"]["score"]["scaled"] == 1
    parents = done["context"]["contextActivities"]["parent"]
    assert [p["id"] for p in parents] == [f"{ACTIVITY_BASE}/nccl-bootstrap"]

    # alice answered wrong first, which spent the question's one answer (attempts: 1); bob's
    # clean run answered right
    wrong = by[("alice", "why-socket", "attempted")]
    right = by[("bob", "why-socket", "verified")]
    for s in (wrong, right):
        assert s["verb"]["id"] == "http://adlnet.gov/expapi/verbs/answered"
    assert wrong["result"]["success"] is False and right["result"]["success"] is True
    assert right["result"]["score"]["raw"] == points["why-socket"]

    tried = by[("alice", "run-broken", "attempted")]
    assert tried["verb"]["id"] == "http://adlnet.gov/expapi/verbs/attempted"
    assert tried["result"]["success"] is False
    reason = tried["result"]["extensions"][f"{ACTIVITY_BASE}/extensions/reason"]
    assert reason in {e.reason for e in events if e.step == "run-broken"}

    reset = by[("bob", "*", "reset")]
    assert reset["verb"]["id"] == f"{ACTIVITY_BASE}/verbs/reset"
    assert reset["object"]["id"] == f"{ACTIVITY_BASE}/nccl-bootstrap"

    for e in events:  # the grader's clock, as the API gives it
        s = got[statement_id("xapi", e.seq)]
        assert s["timestamp"].startswith(iso_utc(e.recorded or e.at)[:23])
    # bob: 11 completed/answered, then the reset; alice: every step once verified but the two
    # questions whose one counted answer she got wrong (wrong-answers.script)
    verified = Counter(e.learner for e in events if e.state == "verified")
    assert verified == {"alice": len(lab.steps) - 2, "bob": len(lab.steps)}
    alice = {e.step for e in events if e.learner == "alice" and e.state == "verified"}
    assert {s.id for s in lab.steps} - alice == {"why-socket", "why-gpus-first"}


def test_a_grader_killed_after_the_lrs_stored_loses_nothing_and_doubles_nothing(
    tmp_path: Path, lrs: Lrs, lab: Lab
) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ALICE)
    config = write_config(tmp_path, store.url, lrs_endpoint=lrs.endpoint, batch=2)
    lrs.start()
    # first grader: SIGKILLed right after the LRS acknowledged its third request, before the
    # cursor moved over those two statements
    first = crash_driver(config, kill_after=3)
    assert first.wait(60) == -9
    cursor = store.delivery_cursor("xapi")
    assert cursor.after_seq == 4  # two requests' worth advanced; the third's was lost
    assert len(lrs.statements()) == 6  # ... but the LRS has it
    # meanwhile bob works; a second grader starts on the same database and finishes
    honest.grade(store, lab, "bob", BOB)
    events = store.events_for_delivery(0, 1000)
    second = crash_driver(config, kill_after=0)
    try:
        end = time.monotonic() + 60
        while store.delivery_cursor("xapi").after_seq != events[-1].seq:
            assert second.poll() is None, "the second grader died"
            assert time.monotonic() < end, "not delivered in time"
            time.sleep(0.2)
    finally:
        second.terminate()
        second.wait(30)
    assert_once_each(lrs, events)


def test_an_lrs_down_at_first_gets_everything_once_it_is_up(
    tmp_path: Path, lrs: Lrs, lab: Lab
) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ["clean-run"])
    events = store.events_for_delivery(0, 1000)
    config = load(write_config(tmp_path, store.url, lrs_endpoint=lrs.endpoint))
    seen: list[tuple[int, str | None]] = []

    def done() -> bool:
        c = store.delivery_cursor("xapi")
        seen.append((c.attempts, c.last_error))
        if lrs.proc is None and c.attempts >= 3:  # refused three times: now the LRS comes up
            lrs.start()
        return c.after_seq == events[-1].seq

    deliver_until(store, config, {lab.id: lab}, done)
    failures = [err for attempts, err in seen if attempts]
    assert failures and all("ConnectError" in (err or "") for err in failures)
    final = store.delivery_cursor("xapi")
    assert (final.attempts, final.last_error) == (0, None)
    assert_once_each(lrs, events)
