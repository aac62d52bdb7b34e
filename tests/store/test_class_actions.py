"""Issued tokens, announcements and a lab's reset, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import time

import pytest
import sqlalchemy as sa

from grader.store import EVENT_RESET, Store, VerdictEvent, secret_digest
from grader.store import schema as t
from store.batches import LAB, NODE, batch

# -- tokens --------------------------------------------------------------------------------------


def test_an_issued_token_is_found_by_its_digest_and_only_the_digest_is_stored(
    store: Store,
) -> None:
    token_id, secret = store.issue_token("ta", None, "tuesday TA")
    digest = hashlib.sha256(secret.encode()).hexdigest()
    assert secret_digest(secret) == digest
    found = store.token_for_digest(digest)
    assert found is not None
    assert (found.id, found.role, found.learner, found.label) == (
        token_id,
        "ta",
        None,
        "tuesday TA",
    )
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(t.api_tokens)).mappings().all()
    assert [r["digest"] for r in rows] == [digest]
    assert all(secret not in str(v) for r in rows for v in r.values())
    assert store.token_for_digest(hashlib.sha256(b"guess").hexdigest()) is None


def test_a_revoked_token_is_not_found_and_listing_shows_it_revoked(store: Store) -> None:
    token_id, secret = store.issue_token("learner", "alice", "")
    other_id, other = store.issue_token("operator", None, "me")
    assert store.revoke_token(token_id) is True
    assert store.token_for_digest(secret_digest(secret)) is None
    assert store.token_for_digest(secret_digest(other)) is not None
    assert store.revoke_token(token_id) is False  # already revoked
    assert store.revoke_token("tok_unknown") is False
    listed = {tok.id: tok for tok in store.tokens()}
    assert listed[token_id].revoked_at is not None and listed[token_id].learner == "alice"
    assert listed[other_id].revoked_at is None


@pytest.mark.parametrize(
    ("role", "learner"),
    [("admin", None), ("learner", None), ("ta", "alice"), ("operator", "alice")],
)
def test_a_token_with_a_wrong_role_or_learner_is_refused(
    store: Store, role: str, learner: str | None
) -> None:
    with pytest.raises(ValueError):
        store.issue_token(role, learner, "")
    assert store.tokens() == []


# -- announcements -------------------------------------------------------------------------------


def test_announcements_are_live_until_they_expire_and_filtered_by_lab(store: Store) -> None:
    now = time.time()
    everyone = store.add_announcement("Break until 10:15", "instructor")
    lab_only = store.add_announcement("Step 6 is fixed", "instructor", lab=LAB)
    other = store.add_announcement("Other lab", "instructor", lab="lab-two")
    soon = store.add_announcement("Soon over", "instructor", expires_at=now + 60)
    assert [a.seq for a in store.announcements(now)] == [
        everyone.seq,
        lab_only.seq,
        other.seq,
        soon.seq,
    ]
    assert [a.text for a in store.announcements(now, lab=LAB)] == [
        "Break until 10:15",
        "Step 6 is fixed",
        "Soon over",
    ]
    assert [a.seq for a in store.announcements(now + 120, lab=LAB)] == [everyone.seq, lab_only.seq]
    assert [a.seq for a in store.announcements(now, after=other.seq)] == [soon.seq]
    assert soon.expires_at == now + 60 and soon.author == "instructor"


def test_an_announcement_carries_no_control_characters(store: Store) -> None:
    made = store.add_announcement("look\x1b]0;pwned\x07 here\nnow\r\n", "me")
    assert made.text == "look]0;pwned here now"
    assert [a.text for a in store.announcements(time.time())] == ["look]0;pwned here now"]
    with pytest.raises(ValueError):
        store.add_announcement(" \x1b\n", "me")
    with pytest.raises(ValueError):
        store.add_announcement("late", "me", expires_at=time.time() - 1)


# -- reset ---------------------------------------------------------------------------------------


def seeded(store: Store) -> Store:
    store.upsert_node(NODE, "h", 22, ["alice", "bob"])
    store.ingest(batch(1, step="first"))
    store.ingest(batch(2, step="second"))
    store.ingest(batch(3, learner="bob", step="first", path="bob/s1.ts"))
    return store


def test_reset_clears_the_learners_progress_and_snapshot_and_is_an_event(store: Store) -> None:
    seeded(store)
    heard: list[list[VerdictEvent]] = []
    store.add_commit_listener(heard.append)
    assert store.snapshot("alice", LAB) is not None
    before = store.last_seq()
    event = store.reset_lab("alice", LAB, "her node was rebuilt", "instructor")
    assert (event.learner, event.lab, event.step, event.state) == ("alice", LAB, "*", EVENT_RESET)
    assert event.reason == "her node was rebuilt" and event.seq > before
    assert event.evidence is not None and event.evidence["actor"] == "instructor"
    assert event.evidence["cleared"] == {"first": "verified", "second": "verified"}
    assert event.recorded is not None
    assert store.progress("alice", LAB) == [] and store.snapshot("alice", LAB) is None
    assert [p.step for p in store.progress("bob", LAB)] == ["first"]  # nobody else
    [(seq, state)] = [(e.seq, e.state) for e in store.events_after(before)]
    assert (seq, state) == (event.seq, EVENT_RESET)
    assert heard == [[event]]
    [audit] = [a for a in store.audit() if a.kind == "reset"]
    assert audit.learner == "alice"
    assert (
        audit.detail["reason"] == "her node was rebuilt" and audit.detail["actor"] == "instructor"
    )
    assert [e.seq for e in store.resets_after(0)] == [event.seq]
    assert store.resets_after(event.seq) == []
    # the grid re-reads a reset learner's progress, as after a downgrade
    pairs, _ = store.downgrades_after(0)
    assert ("alice", LAB) in pairs


def test_after_a_reset_the_same_step_is_verified_again_by_a_new_command(store: Store) -> None:
    seeded(store)
    store.reset_lab("alice", LAB, "start over", "op")
    [again] = store.ingest(batch(4, step="first"))
    assert (again.step, again.state) == ("first", "verified")
    assert [(p.step, p.state) for p in store.progress("alice", LAB)] == [("first", "verified")]
    second = store.reset_lab("alice", LAB, "and again", "op")  # a second reset is its own event
    assert [e.seq for e in store.resets_after(0)][1:] == [second.seq]


def test_a_reset_without_a_reason_changes_nothing(store: Store) -> None:
    seeded(store)
    seq = store.last_seq()
    with pytest.raises(ValueError, match="reason"):
        store.reset_lab("alice", LAB, "  \n", "op")
    assert store.last_seq() == seq
    assert len(store.progress("alice", LAB)) == 2
