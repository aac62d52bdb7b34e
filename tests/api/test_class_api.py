"""The API of a class in session, against a real store with real (issued) tokens: times on the
grader's clock, events with the score after them, reset and announcements, the TA role."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from store.batches import LAB, NODE, batch

from api.server import running
from api.test_api import ALICE, OPERATOR, THE_LAB, op, read_events
from api.test_openapi import Published
from grader.api import ApiSettings, create_app
from grader.store import Store
from grader.store import schema as t
from grader.verdict import State

ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")

OTHER_LAB = "lab-two"


def seconds(iso: str) -> float:
    assert ISO_UTC.match(iso), iso
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


@pytest.fixture
def settings() -> ApiSettings:
    return ApiSettings(
        labs={LAB: THE_LAB},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE},
        learner_labs={"alice": (LAB,), "bob": (OTHER_LAB,)},
    )


@pytest.fixture
def client(store: Store, settings: ApiSettings) -> Iterator[TestClient]:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    with TestClient(create_app(store, settings)) as c:
        yield c


def test_times_are_iso_utc_on_the_grader_clock_node_time_kept(
    client: TestClient, store: Store
) -> None:
    before = time.time()
    store.ingest(batch(1, learner="alice"))  # the node's clock said 1001.5: 1970
    after = time.time()
    [event] = client.get("/api/events", headers=op()).json()
    assert before - 0.001 <= seconds(event["at"]) <= after + 0.001
    assert event["node_at"] == "1970-01-01T00:16:41.500000Z"
    assert event["evidence"]["node_t0"] == "1970-01-01T00:16:41.000000Z"
    assert "t0" not in event["evidence"] and "t1" not in event["evidence"]
    step = client.get("/api/learners/alice/progress", headers=op()).json()["labs"][0]["steps"][0]
    assert step["at"] == event["at"] and step["node_at"] == event["node_at"]
    [node] = client.get("/api/nodes", headers=op()).json()
    assert before - 60 <= seconds(node["updated"]) <= after + 0.001


def test_rows_from_before_migration_0005_fall_back_to_the_node_time(
    client: TestClient, store: Store
) -> None:
    store.ingest(batch(1, learner="alice"))
    with store._engine.begin() as conn:  # what a row written before 0005 holds
        conn.execute(sa.update(t.verdict_events).values(recorded=None))
        conn.execute(sa.update(t.progress).values(recorded=None))
    [event] = client.get("/api/events", headers=op()).json()
    assert event["at"] == event["node_at"] == "1970-01-01T00:16:41.500000Z"
    step = client.get("/api/learners/alice/progress", headers=op()).json()["labs"][0]["steps"][0]
    assert step["at"] == step["node_at"] == "1970-01-01T00:16:41.500000Z"


def test_events_carry_points_and_the_score_after_them(client: TestClient, store: Store) -> None:
    store.ingest(batch(1, learner="alice", step="step-2", state=State.ATTEMPTED))
    store.ingest(batch(2, learner="alice", step="step-1"))  # 2 points
    store.ingest(batch(3, learner="bob", path="bob/s1.ts", step="step-2"))  # bob's own 1
    store.ingest(batch(4, learner="alice", step="step-2"))  # 1 point
    events = client.get("/api/events", headers=op()).json()
    assert [
        (e["learner"], e["step"], e["points"], e["score"], e["lab_points"]) for e in events
    ] == [
        ("alice", "step-2", 1, 0, 3),
        ("alice", "step-1", 2, 2, 3),
        ("bob", "step-2", 1, 1, 3),
        ("alice", "step-2", 1, 3, 3),
    ]
    # a poll from the middle knows what came before it
    later = client.get(f"/api/events?after={events[2]['seq']}", headers=op(ALICE)).json()
    assert [(e["step"], e["score"]) for e in later] == [("step-2", 3)]
    # a reset brings the score to 0; the next verified step counts from there
    client.post(f"/api/learners/alice/labs/{LAB}/reset", headers=op(), json={"reason": "retake"})
    store.ingest(batch(5, learner="alice", step="step-2"))
    tail = client.get(f"/api/events?after={events[-1]['seq']}&learner=alice", headers=op()).json()
    assert [(e["state"], e["step"], e["points"], e["score"]) for e in tail] == [
        ("reset", "*", 0, 0),
        ("verified", "step-2", 1, 1),
    ]


def test_a_downgrade_is_an_event_that_lowers_the_score(client: TestClient, store: Store) -> None:
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="alice"))
    # a regrade that no longer verifies step-1, allowed to lower it
    [kept] = [v for _, v in batch(2, learner="alice").verdicts]
    store.apply_regrade("alice", LAB, [kept], allow_downgrade=True)
    answer = client.get("/api/events?learner=alice", headers=op())
    events = Published(client).check("get", "/api/events", answer)  # the published Event shape
    assert [(e["step"], e["state"], e["score"]) for e in events] == [
        ("step-1", "verified", 2),
        ("step-2", "verified", 3),
        ("step-1", "downgraded", 1),
    ]
    lowered = events[-1]
    assert (lowered["evidence"]["from"], lowered["evidence"]["to"]) == ("verified", "pending")
    assert lowered["node_at"] is None and ISO_UTC.match(lowered["at"])


def test_the_event_stream_carries_the_score_too(store: Store, settings: ApiSettings) -> None:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="alice"))
    first = store.events_after(0)[0].seq
    with running(create_app(store, settings)) as base:
        got = read_events(base, op(ALICE), 1, query=f"?after={first}")
    [event] = [e["data"] for e in got]
    assert (event["step"], event["points"], event["score"], event["lab_points"]) == (
        "step-2",
        1,
        3,
        3,
    )
    assert ISO_UTC.match(event["at"])


def test_an_operator_resets_a_learners_lab_with_a_reason(client: TestClient, store: Store) -> None:
    store.ingest(batch(1, learner="alice"))
    url = f"/api/learners/alice/labs/{LAB}/reset"
    r = client.post(url, headers=op(), json={"reason": "  asked to retake  "})
    assert r.status_code == 200, r.text
    event = r.json()
    assert (event["learner"], event["lab"], event["step"], event["state"]) == (
        "alice",
        LAB,
        "*",
        "reset",
    )
    assert event["reason"] == "asked to retake" and event["evidence"]["cleared"] == {
        "step-1": "verified"
    }
    prog = client.get("/api/learners/alice/progress", headers=op()).json()["labs"][0]
    assert prog["score"] == 0 and {s["state"] for s in prog["steps"]} == {"pending"}
    [audit] = [a for a in store.audit() if a.kind == "reset"]
    assert audit.detail["reason"] == "asked to retake" and audit.detail["actor"]
    # refused: unknown learner or lab (404), empty reason or a misspelt field (422)
    assert (
        client.post(
            "/api/learners/carol/labs/x/reset", headers=op(), json={"reason": "r"}
        ).status_code
        == 404
    )
    assert (
        client.post(
            "/api/learners/alice/labs/nope/reset", headers=op(), json={"reason": "r"}
        ).status_code
        == 404
    )
    for body in ({"reason": ""}, {"reason": "   "}, {}, {"reason": "r", "why": "x"}):
        assert client.post(url, headers=op(), json=body).status_code == 422, body
    assert client.post(url, headers=op(ALICE), json={"reason": "me"}).status_code == 403
    assert len([a for a in store.audit() if a.kind == "reset"]) == 1


def test_announcements_reach_the_learners_of_their_lab(client: TestClient, store: Store) -> None:
    for body in ({"text": "Lab one: step 3 is fixed", "lab": LAB}, {"text": "Lunch at noon"}):
        r = client.post("/api/announcements", headers=op(), json=body)
        assert r.status_code == 201, r.text
    made = r.json()
    assert made["lab"] is None and made["author"] and ISO_UTC.match(made["at"])
    assert made["expires_at"] is None
    _, bob = store.issue_token("learner", "bob", "bob's laptop")  # bob takes lab-two only
    texts = lambda token, q="": [  # noqa: E731
        a["text"] for a in client.get(f"/api/announcements{q}", headers=op(token)).json()
    ]
    assert texts(ALICE) == ["Lab one: step 3 is fixed", "Lunch at noon"]
    assert texts(bob) == ["Lunch at noon"]
    assert texts(OPERATOR) == ["Lab one: step 3 is fixed", "Lunch at noon"]
    assert texts(OPERATOR, f"?lab={LAB}&after={made['seq'] - 1}") == ["Lunch at noon"]
    assert client.get("/api/announcements?lab=nope", headers=op()).status_code == 404
    for body in ({"text": ""}, {"text": " \n "}, {"lab": LAB}, {"text": "x", "labb": LAB}):
        assert client.post("/api/announcements", headers=op(), json=body).status_code == 422
    assert (
        client.post(
            "/api/announcements", headers=op(), json={"text": "x", "lab": "nope"}
        ).status_code
        == 404
    )
    assert (
        client.post("/api/announcements", headers=op(ALICE), json={"text": "hi"}).status_code == 403
    )


def test_a_teaching_assistant_reads_the_class_and_changes_nothing(
    client: TestClient, store: Store
) -> None:
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="bob", path="bob/s1.ts"))
    _, ta = store.issue_token("ta", None, "assistant")
    for path in (
        "/api/learners",
        "/api/nodes",
        "/api/learners/bob/progress",
        "/api/learners/alice/progress",
        "/api/events",
        "/api/events?learner=bob",
        "/api/export.csv",
        "/api/announcements",
        "/api/labs",
    ):
        assert client.get(path, headers=op(ta)).status_code == 200, path
    assert {e["learner"] for e in client.get("/api/events", headers=op(ta)).json()} == {
        "alice",
        "bob",
    }
    assert client.get("/metrics", headers=op(ta)).status_code == 403
    reset = client.post(f"/api/learners/bob/labs/{LAB}/reset", headers=op(ta), json={"reason": "r"})
    assert reset.status_code == 403
    announce = client.post("/api/announcements", headers=op(ta), json={"text": "hi"})
    assert announce.status_code == 403
    assert store.announcements(time.time()) == [] and not [
        a for a in store.audit() if a.kind == "reset"
    ]
    # an issued learner token is still pinned to its learner
    _, bob = store.issue_token("learner", "bob", "")
    assert client.get("/api/learners/alice/progress", headers=op(bob)).status_code == 403
    assert {e["learner"] for e in client.get("/api/events", headers=op(bob)).json()} == {"bob"}
    assert client.get("/api/learners", headers=op(bob)).status_code == 403


def test_events_of_an_unknown_learner_are_404_not_an_empty_list(
    client: TestClient, store: Store
) -> None:
    store.ingest(batch(1, learner="alice"))
    assert len(client.get("/api/events?learner=alice", headers=op()).json()) == 1
    missing = client.get("/api/events?learner=alcie", headers=op())
    assert missing.status_code == 404 and missing.json()["detail"] == "no learner 'alcie'"
    stream = client.get("/api/events/stream?learner=alcie", headers=op())
    assert stream.status_code == 404
    # a learner token still learns nothing about who exists
    assert client.get("/api/events?learner=alcie", headers=op(ALICE)).status_code == 403


def test_announcements_answer_304_until_a_new_one(client: TestClient) -> None:
    first = client.get("/api/announcements", headers=op(ALICE))
    tag = first.headers["etag"]
    again = client.get("/api/announcements", headers={**op(ALICE), "If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    client.post("/api/announcements", headers=op(), json={"text": "Back in 5"})
    changed = client.get("/api/announcements", headers={**op(ALICE), "If-None-Match": tag})
    assert changed.status_code == 200 and [a["text"] for a in changed.json()] == ["Back in 5"]


def test_a_learner_grader_yaml_names_is_listed_before_the_daemon_has_run(
    store: Store, settings: ApiSettings
) -> None:
    """The class views, the scores and the CSV list the same learners as `grader export`:
    grader.yaml's, before any daemon recorded their node, not only the store's."""
    with TestClient(create_app(store, settings)) as c:  # no node recorded: the store knows nobody
        grid = c.get(f"/api/dashboard/grid?lab={LAB}", headers=op()).json()
        assert [r["learner"] for r in grid["rows"]] == ["alice"]
        csv_rows = c.get(f"/api/export.csv?lab={LAB}", headers=op()).text.splitlines()
        assert [r.split(",")[0] for r in csv_rows[1:]] == ["alice"]
        scores = {s["learner"]: s["labs"] for s in c.get("/api/learners", headers=op()).json()}
        assert sorted(scores) == ["alice", "bob"] and [x["id"] for x in scores["alice"]] == [LAB]


def test_a_lab_lists_only_the_learners_who_take_it(client: TestClient, store: Store) -> None:
    """bob takes another lab (grader.yaml): THE_LAB's grid, CSV and scores leave him out instead
    of showing him a silent 0; alice, who takes it, is listed before she starts."""
    grid = client.get(f"/api/dashboard/grid?lab={LAB}", headers=op()).json()
    assert [r["learner"] for r in grid["rows"]] == ["alice"]
    csv_rows = client.get(f"/api/export.csv?lab={LAB}", headers=op()).text.splitlines()
    assert [r.split(",")[0] for r in csv_rows[1:]] == ["alice"]
    scores = {s["learner"]: s["labs"] for s in client.get("/api/learners", headers=op()).json()}
    assert scores["bob"] == [] and [x["id"] for x in scores["alice"]] == [LAB]
    # progress in a lab counts as taking it (a store from an earlier config keeps its grades)
    store.ingest(batch(1, learner="bob"))
    grid = client.get(f"/api/dashboard/grid?lab={LAB}", headers=op()).json()
    assert [r["learner"] for r in grid["rows"]] == ["alice", "bob"]
