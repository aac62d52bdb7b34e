"""The progress document's head, progress counts and what the prompt shows, built from the real
seed lab (grader.daemon.feedback.progress_document; the shell side is tests/node)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from grader.config import load_config
from grader.daemon import feedback
from grader.labs.loader import load_lab
from grader.store import Announcement, StepState, VerdictEvent

LAB = load_lab(Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap")
# grader/node/files/hooks.bash __lg_head_re: what the shell checks before trusting the head
HEAD_RE = re.compile(r'^\{"v":[0-9]+,"seq":[0-9]+,')


def _event(seq: int, step: str, state: str, reason: str = "") -> VerdictEvent:
    return VerdictEvent(seq, "ana", LAB.id, step, state, reason, float(seq), None)


def _doc(events: list[VerdictEvent], **kw) -> dict:
    verified = {e.step for e in events if e.state == "verified"}
    states = [StepState(s.id, "verified", "", 1.0) for s in LAB.steps if s.id in verified]
    return feedback.progress_document("ana", [LAB], {LAB.id: states}, events, now=5.0, **kw)


def test_head_holds_numbers_and_shell_keys_up_to_the_first_brace() -> None:
    evil = 'x"}\x1b[2J'
    doc = _doc(
        [_event(4, "run-broken", "verified"), _event(9, "topo", "attempted", evil)],
        judged={"20261202T080000-11-aaaaaaaa/42": 7, "20261202T080100-12-bbbbbbbb/43": 2},
        announcements=[Announcement(3, 1.0, "op", "hello }", None, None)],
    )
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))  # as the reader writes it
    head = text.split("}", 1)[0]
    assert HEAD_RE.match(head), head
    assert head == (
        '{"v":1,"seq":9,"ann":3,"wait_ms":200,"judged":{'
        '"20261202T080000-11-aaaaaaaa/42":7,"20261202T080100-12-bbbbbbbb/43":2'
    )


def test_judged_keeps_the_newest_shells_and_wait_is_clamped() -> None:
    judged = {f"s-{i}/{i}": i for i in range(30)}
    doc = _doc([], judged=judged, wait_ms=5000)
    assert list(doc["judged"]) == [f"s-{i}/{i}" for i in range(30 - feedback.JUDGED_KEPT, 30)]
    assert doc["wait_ms"] == feedback.PROMPT_WAIT_MAX_MS
    assert _doc([], wait_ms=-3)["wait_ms"] == 0


def test_done_counts_the_lab_at_each_verified_event() -> None:
    """Step 6 verified while steps 1-4 were: "5/11 done · step 6"; the count is the lab's verified
    steps at that event, not the step's number."""
    ids = [s.id for s in LAB.steps]
    events = [_event(i, ids[k], "verified") for i, k in enumerate([0, 1, 2, 3], 1)]
    events += [_event(5, ids[5], "attempted", "not yet"), _event(6, ids[5], "verified")]
    events += [_event(7, ids[4], "verified")]
    doc = _doc(events)
    got = {(e["seq"], e["index"]): e.get("done") for e in doc["events"]}
    assert got == {(1, 1): 1, (2, 2): 2, (3, 3): 3, (4, 4): 4, (5, 6): None, (6, 6): 5, (7, 5): 6}
    assert {e["count"] for e in doc["events"]} == {len(LAB.steps)}
    attempted = next(e for e in doc["events"] if e["state"] == "attempted")
    assert attempted["reason"] == "not yet"


def test_announcements_for_the_learners_labs_only() -> None:
    notes = [
        Announcement(1, 1.0, "op", "everyone", None, None),
        Announcement(2, 1.0, "op", "other lab", "nccl-transport", None),
        Announcement(3, 1.0, "op", "this lab", LAB.id, None),
    ]
    doc = _doc([], announcements=notes)
    assert [a["text"] for a in doc["announcements"]] == ["everyone", "this lab"]
    assert doc["ann"] == 3


def test_the_learner_page_follows_the_node_after_the_head(tmp_path: Path) -> None:
    """grader.yaml's api.public_url reaches the file as the learner page's address (the login
    welcome names it), after the head the shell reads at every prompt; null when unset."""
    cfg = tmp_path / "grader.yaml"
    cfg.write_text(
        "api: {public_url: 'https://grader.example/'}\n"
        "nodes:\n"
        "  - {id: n1, host: h, key: k, known_hosts: ssh-ed25519 AAAA, learners: {ana: [l]}}\n"
    )
    page = load_config(cfg).api.learner_page
    doc = _doc([_event(1, "run-broken", "verified")], learner_page=page)
    assert doc["learner_page"] == "https://grader.example/dashboard/learner"
    keys = list(doc)
    assert keys.index("learner_page") == keys.index("node") + 1 > keys.index("learner")
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    assert "grader.example" not in text.split("}", 1)[0]
    assert _doc([])["learner_page"] is None
