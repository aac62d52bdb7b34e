"""An announcement's life: made with an optional time to live, withdrawn by an operator, and
from then on (or once expired) shown neither by the API nor in the progress files the daemon
writes to the nodes (grader/daemon/announce_feed.py reads the live set from the same store)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from store.batches import LAB, NODE

from api.test_api import ALICE, OPERATOR, THE_LAB, op
from grader.api import ApiSettings, create_app
from grader.daemon import feedback
from grader.daemon.announce_feed import AnnouncementBoard
from grader.store import Store
from grader.store import schema as t
from grader.store.announcements import ANNOUNCEMENT_TTL_MAX_S

# The board's own poll reads once when subscribed to, then not again during the test: the test
# calls refresh() itself, so no read of the poll's races one of the test's.
POLL_NEVER_S = 3600.0
FIRST_READ_TIMEOUT_S = 10.0  # the poll's first read of a local SQLite file


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    settings = ApiSettings(
        labs={LAB: THE_LAB},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE},
        learner_labs={"alice": (LAB,)},
    )
    with TestClient(create_app(store, settings)) as c:
        yield c


def expire(store: Store, seq: int) -> None:
    """What the clock does to it: its expiry is now in the past."""
    with store._engine.begin() as conn:
        conn.execute(
            sa.update(t.announcements)
            .where(t.announcements.c.seq == seq)
            .values(expires_at=time.time() - 1)
        )


def texts(client: TestClient, token: str = ALICE) -> list[str]:
    return [a["text"] for a in client.get("/api/announcements", headers=op(token)).json()]


def test_a_time_to_live_sets_the_expiry_and_an_expired_one_is_not_shown(
    client: TestClient, store: Store
) -> None:
    before = time.time()
    made = client.post(
        "/api/announcements", headers=op(), json={"text": "Break: back at 10:30", "ttl_s": 900}
    )
    assert made.status_code == 201, made.text
    client.post("/api/announcements", headers=op(), json={"text": "Slides are online"})
    [stored] = [a for a in store.announcements(before) if a.seq == made.json()["seq"]]
    assert stored.expires_at is not None
    assert before + 900 <= stored.expires_at <= time.time() + 900
    assert made.json()["expires_at"].endswith("Z")
    assert texts(client) == ["Break: back at 10:30", "Slides are online"]
    expire(store, made.json()["seq"])
    assert texts(client) == ["Slides are online"]
    assert texts(client, OPERATOR) == ["Slides are online"]
    for ttl in (0, -5, ANNOUNCEMENT_TTL_MAX_S + 1, "soon"):
        bad = client.post("/api/announcements", headers=op(), json={"text": "x", "ttl_s": ttl})
        assert bad.status_code == 422, ttl
        assert bad.json()["detail"][0]["loc"] == ["body", "ttl_s"]


def test_an_operator_withdraws_an_announcement_and_nobody_sees_it_again(
    client: TestClient, store: Store
) -> None:
    seqs = [
        client.post("/api/announcements", headers=op(), json={"text": text}).json()["seq"]
        for text in ("Room 4 is closed", "Lunch at noon")
    ]
    _, ta = store.issue_token("ta", None, "assistant")
    for token in (ALICE, ta):  # only an operator withdraws
        assert client.delete(f"/api/announcements/{seqs[0]}", headers=op(token)).status_code == 403
    gone = client.delete(f"/api/announcements/{seqs[0]}", headers=op())
    assert gone.status_code == 200 and gone.json()["text"] == "Room 4 is closed"
    assert texts(client) == ["Lunch at noon"]
    for seq in (seqs[0], 999, 2**31 - 1):  # withdrawn already, never made, the largest seq
        missing = client.delete(f"/api/announcements/{seq}", headers=op())
        assert missing.status_code == 404, seq
        assert missing.json()["detail"] == f"no live announcement {seq}"
    for seq in ("0", str(2**31), "x"):
        assert client.delete(f"/api/announcements/{seq}", headers=op()).status_code == 422
    expire(store, seqs[1])  # an expired one is no longer live either
    assert client.delete(f"/api/announcements/{seqs[1]}", headers=op()).status_code == 404
    with store._engine.connect() as conn:  # the withdrawn row is kept, with who withdrew it
        who = conn.execute(
            sa.select(t.announcements.c.withdrawn_by).where(t.announcements.c.seq == seqs[0])
        ).scalar_one()
    assert who == "operator (grader.yaml)"


async def test_the_daemons_board_drops_a_withdrawn_or_expired_one_from_the_nodes_files(
    store: Store,
) -> None:
    kept = store.add_announcement("Lunch at noon", "op")
    withdrawn = store.add_announcement("Room 4 is closed", "op", LAB)
    expiring = store.add_announcement("Break until 10:30", "op", LAB, time.time() + 600)
    board = AnnouncementBoard(store, poll_s=POLL_NEVER_S)
    told: list[int] = []

    def listener() -> None:
        told.append(len(board.live))

    board.subscribe(listener)  # its poll reads the live set once, then sleeps POLL_NEVER_S
    try:
        deadline = time.monotonic() + FIRST_READ_TIMEOUT_S
        while not told and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert told == [3]
        assert [a.seq for a in board.live] == [kept.seq, withdrawn.seq, expiring.seq]

        def shown() -> list[str]:
            doc = feedback.progress_document("alice", [THE_LAB], {}, [], announcements=board.live)
            return [a["text"] for a in doc["announcements"]]

        assert shown() == ["Lunch at noon", "Room 4 is closed", "Break until 10:30"]
        assert store.withdraw_announcement(withdrawn.seq, "op") is not None
        assert await board.refresh() is True  # the listeners rewrite the learners' files
        assert shown() == ["Lunch at noon", "Break until 10:30"]
        expire(store, expiring.seq)
        assert await board.refresh() is True
        assert shown() == ["Lunch at noon"]
        assert told[-2:] == [2, 1]
    finally:
        board.unsubscribe(listener)
