"""The HTTP API against a real store: auth, JSON routes, metrics, OpenAPI, and SSE over uvicorn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from store.batches import LAB, NODE, batch

from api.server import running
from grader.api import ApiSettings, create_app
from grader.api.auth import TokenTable, token_digest
from grader.labs.model import Lab, Step
from grader.store import Store
from grader.verdict import State

OPERATOR = "operator-token-0123456789"
ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdef00"

THE_LAB = Lab(
    id=LAB,
    title="Lab One",
    description="A test lab.",
    steps=(Step(id="step-1", title="First", points=2), Step(id="step-2", title="Second")),
)


def op(token: str = OPERATOR) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def seeded(store: Store) -> Store:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    store.set_node_status(NODE, connected=True, lag_s=1.5)
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="bob", path="bob/s1.ts"))
    return store


@pytest.fixture
def settings() -> ApiSettings:
    bob_hashed = "sha256:" + token_digest(BOB).hex()
    return ApiSettings(
        labs={LAB: THE_LAB},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE, "bob": bob_hashed},
    )


@pytest.fixture
def client(seeded: Store, settings: ApiSettings) -> Iterator[TestClient]:
    with TestClient(create_app(seeded, settings)) as c:
        yield c


def test_token_table_matches_plain_and_hashed_tokens(settings: ApiSettings) -> None:
    table = TokenTable(settings.operator_tokens, settings.learner_tokens)
    assert table.lookup(OPERATOR).operator
    assert table.lookup(BOB).learner == "bob"
    assert table.lookup("sha256:" + token_digest(BOB).hex()) is None  # the hash is not a token
    assert table.lookup("") is None


@pytest.mark.parametrize(
    "path",
    [
        "/api/labs",
        "/api/nodes",
        "/api/learners",
        "/api/learners/alice/progress",
        "/api/events",
        "/metrics",
    ],
)
def test_missing_or_wrong_token_is_401_with_bearer_challenge(client: TestClient, path: str) -> None:
    for headers in ({}, op("wrong-token-0123456789"), {"Authorization": f"Basic {OPERATOR}"}):
        r = client.get(path, headers=headers)
        assert r.status_code == 401, (path, headers)
        assert r.headers["www-authenticate"] == "Bearer"


def test_learner_sees_only_itself(client: TestClient) -> None:
    assert client.get("/api/learners/alice/progress", headers=op(ALICE)).status_code == 200
    assert client.get("/api/learners/bob/progress", headers=op(ALICE)).status_code == 403
    assert client.get("/api/learners", headers=op(ALICE)).status_code == 403
    assert client.get("/api/nodes", headers=op(ALICE)).status_code == 403
    assert client.get("/metrics", headers=op(ALICE)).status_code == 403
    assert client.get("/api/events?learner=bob", headers=op(ALICE)).status_code == 403
    events = client.get("/api/events", headers=op(ALICE)).json()
    assert [e["learner"] for e in events] == ["alice"]
    events = client.get("/api/events", headers=op(BOB)).json()
    assert [e["learner"] for e in events] == ["bob"]


def test_operator_sees_everything(client: TestClient) -> None:
    assert [e["learner"] for e in client.get("/api/events", headers=op()).json()] == [
        "alice",
        "bob",
    ]
    learners = client.get("/api/learners", headers=op()).json()
    assert learners == [
        {"learner": "alice", "labs": [{"id": LAB, "score": 2, "points": 3}]},
        {"learner": "bob", "labs": [{"id": LAB, "score": 1, "points": 3}]},
    ]
    [node] = client.get("/api/nodes", headers=op()).json()
    assert (node["id"], node["connected"], node["lag_s"]) == (NODE, True, 1.5)
    prog = client.get(f"/api/learners/bob/progress?lab={LAB}", headers=op()).json()
    steps = {s["id"]: s for s in prog["labs"][0]["steps"]}
    assert steps["step-1"]["state"] == "pending"
    assert steps["step-2"]["state"] == "verified"
    assert steps["step-2"]["evidence"]["n"] == 2
    assert client.get("/api/learners/bob/progress?lab=nope", headers=op()).status_code == 404


def test_an_unknown_learner_is_404_not_a_zero_grade(client: TestClient) -> None:
    missing = client.get("/api/learners/carol/progress", headers=op())
    assert missing.status_code == 404 and missing.json()["detail"] == "no learner 'carol'"
    # a learner token still learns nothing about who exists: another name is 403 either way
    assert client.get("/api/learners/carol/progress", headers=op(ALICE)).status_code == 403


@pytest.mark.parametrize(
    "path",
    [
        "/api/events?learnr=bob",
        "/api/learners/alice/progress?labb=x",
        "/api/labs?anything=1",
        "/api/events/stream?after=0&learnr=bob",
    ],
)
def test_an_unknown_query_parameter_is_422_naming_it(client: TestClient, path: str) -> None:
    r = client.get(path, headers=op())
    assert r.status_code == 422, r.text
    (problem,) = r.json()["detail"]
    name = path.rsplit("&", 1)[-1].split("?")[-1].split("=")[0]
    assert problem["loc"] == ["query", name] and problem["type"] == "extra_forbidden"
    assert problem["msg"].startswith("unknown query parameter; this route takes: ")


def test_events_carry_the_points_of_their_step(client: TestClient) -> None:
    events = client.get("/api/events", headers=op()).json()
    assert [(e["step"], e["points"]) for e in events] == [("step-1", 2), ("step-2", 1)]


def test_labs_lists_steps_with_titles_and_points(client: TestClient) -> None:
    [lab] = client.get("/api/labs", headers=op(ALICE)).json()
    assert lab["points"] == 3
    assert [(s["id"], s["title"], s["points"]) for s in lab["steps"]] == [
        ("step-1", "First", 2),
        ("step-2", "Second", 1),
    ]


def test_healthz_needs_no_token(client: TestClient) -> None:
    r = client.get("/healthz")
    assert (r.status_code, r.json()) == (200, {"ok": True})


def test_metrics_are_prometheus_text(client: TestClient) -> None:
    r = client.get("/metrics", headers=op())
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    families = {f.name: f for f in text_string_to_metric_families(r.text)}
    assert {
        "grader_nodes_connected",
        "grader_node_lag_seconds",
        "grader_verdicts",
        "grader_reconnects",
        "grader_parse_errors",
    } <= set(families)
    assert families["grader_nodes_connected"].samples[0].value >= 1
    lag = {s.labels["node"]: s.value for s in families["grader_node_lag_seconds"].samples}
    assert lag[NODE] == 1.5
    verified = [
        s
        for s in families["grader_verdicts"].samples
        if s.name == "grader_verdicts_total" and s.labels["state"] == "verified"
    ]
    assert verified and verified[0].value >= 2


def test_openapi_is_served_and_docs_are_not(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    assert {"/api/labs", "/api/events/stream", "/api/learners/{learner}/progress"} <= set(
        spec["paths"]
    )
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404


def read_events(base: str, headers: dict[str, str], count: int, query: str = "") -> list[dict]:
    """Read `count` SSE events from a real streaming connection, then hang up."""
    got: list[dict] = []
    event: dict = {}
    with httpx.stream("GET", f"{base}/api/events/stream{query}", headers=headers, timeout=10) as r:
        assert r.status_code == 200
        for line in r.iter_lines():
            if line.startswith("id:"):
                event["id"] = int(line[3:].strip())
            elif line.startswith("event:"):
                event["event"] = line[6:].strip()
            elif line.startswith("data:"):
                event["data"] = json.loads(line[5:].strip())
            elif line == "" and "id" in event:
                got.append(event)
                event = {}
                if len(got) == count:
                    break
    return got


def test_sse_delivers_each_event_once_and_resumes(seeded: Store, settings: ApiSettings) -> None:
    with running(create_app(seeded, settings)) as base:
        first = read_events(base, op(), 2)
        assert [e["data"]["learner"] for e in first] == ["alice", "bob"]
        assert [e["event"] for e in first] == ["verdict", "verdict"]
        assert [e["id"] for e in first] == [e["data"]["seq"] for e in first]
        last = first[-1]["id"]
        # New events arrive while nobody listens; a resumed stream gets exactly those.
        seeded.ingest(batch(3, learner="alice"))
        seeded.ingest(batch(4, learner="bob", path="bob/s1.ts"))
        resumed = read_events(base, {**op(), "Last-Event-ID": str(last)}, 2)
        assert [e["data"]["step"] for e in resumed] == ["step-3", "step-4"]
        # ?after= works too, and a learner's stream is filtered to that learner.
        mine = read_events(base, op(ALICE), 2)
        assert [e["data"]["step"] for e in mine] == ["step-1", "step-3"]
        after_first = read_events(base, op(ALICE), 1, query=f"?after={mine[0]['id']}")
        assert [e["data"]["step"] for e in after_first] == ["step-3"]


def test_sse_pushes_events_ingested_while_streaming(seeded: Store, settings: ApiSettings) -> None:
    import threading
    import time

    with running(create_app(seeded, settings)) as base:
        after = seeded.last_seq()

        def later() -> None:
            time.sleep(0.5)
            seeded.ingest(batch(5, learner="alice", step="late", state=State.ATTEMPTED))

        threading.Thread(target=later).start()
        started = time.monotonic()
        got = read_events(base, {**op(), "Last-Event-ID": str(after)}, 1)
        assert [(e["data"]["step"], e["data"]["state"]) for e in got] == [("late", "attempted")]
        assert time.monotonic() - started < 5  # pushed (LISTEN or 200 ms poll), not a long poll


def test_a_stream_from_before_the_tail_reads_the_database_once_then_follows_the_feed(
    seeded: Store, settings: ApiSettings
) -> None:
    """alice resumes after her first event, older than the feed's tail: one query of the
    database for her (nothing new), then her next event comes from the feed, not a query."""
    import threading
    import time

    import sqlalchemy as sa

    scoped: list[str] = []

    def count(_conn, _cursor, statement: str, *_args) -> None:
        if "FROM verdict_events" in statement and "verdict_events.learner =" in statement:
            scoped.append(statement)

    first = seeded.events_after(0, "alice")[0].seq
    sa.event.listen(seeded._engine, "before_cursor_execute", count)
    try:
        with running(create_app(seeded, settings)) as base:

            def later() -> None:
                time.sleep(0.5)
                seeded.ingest(batch(3, learner="alice"))

            threading.Thread(target=later).start()
            got = read_events(base, op(ALICE), 1, query=f"?after={first}")
    finally:
        sa.event.remove(seeded._engine, "before_cursor_execute", count)
    assert [(e["data"]["learner"], e["data"]["step"]) for e in got] == [("alice", "step-3")]
    assert len(scoped) == 1


def test_grades_export_as_csv_for_the_operator_only(client: TestClient) -> None:
    r = client.get("/api/export.csv", headers=op())
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.text.splitlines() == [
        "learner,lab,score,points,step-1,step-2",
        f"alice,{LAB},2,3,verified,pending",
        f"bob,{LAB},1,3,pending,verified",
    ]
    assert client.get("/api/export.csv", headers=op(ALICE)).status_code == 403
    assert client.get("/api/export.csv?lab=nope", headers=op()).status_code == 404


def test_grader_export_writes_the_same_csv_from_the_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from grader.cli import main

    db = tmp_path / "grades.db"
    store = Store.open(f"sqlite:///{db}")
    store.upsert_node(NODE, "10.0.0.7", 22, ["bob", "alice"])
    store.close()
    lab_dir = Path(__file__).resolve().parents[2] / "labs" / "nccl-bootstrap"
    config = tmp_path / "grader.yaml"
    config.write_text(
        json.dumps(
            {
                "db": f"sqlite:///{db}",
                "labs": [str(lab_dir)],
                "nodes": [
                    {
                        "id": NODE,
                        "host": "10.0.0.7",
                        "key": "k",
                        "known_hosts": ["ssh-ed25519 AAAA"],
                        "learners": {"alice": ["nccl-bootstrap"], "bob": ["nccl-bootstrap"]},
                    }
                ],
            }
        )
    )
    assert main(["export", "--config", str(config), "-o", str(tmp_path / "g.csv")]) == 0
    rows = (tmp_path / "g.csv").read_text().splitlines()
    assert rows[0].startswith("learner,lab,score,points,run-broken,why-socket,topo,")
    assert [r.split(",")[:4] for r in rows[1:]] == [
        ["alice", "nccl-bootstrap", "0", "11"],
        ["bob", "nccl-bootstrap", "0", "11"],
    ]
    assert main(["export", "--config", str(config), "--lab", "nope"]) == 2
    assert "no lab 'nope'" in capsys.readouterr().err


def test_grader_export_lists_only_the_learners_who_take_each_lab(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from grader.cli import main

    db = tmp_path / "grades.db"
    labs = Path(__file__).resolve().parents[2] / "labs"
    config = tmp_path / "grader.yaml"
    config.write_text(
        json.dumps(
            {
                "db": f"sqlite:///{db}",
                "labs": [str(labs / "nccl-bootstrap"), str(labs / "nccl-transport")],
                "nodes": [
                    {
                        "id": NODE,
                        "host": "10.0.0.7",
                        "key": "k",
                        "known_hosts": ["ssh-ed25519 AAAA"],
                        "learners": {"alice": ["nccl-bootstrap"], "bob": ["nccl-transport"]},
                    }
                ],
            }
        )
    )
    # the daemon has not run yet: the store knows nobody, grader.yaml names both
    assert main(["export", "--config", str(config)]) == 0
    rows = [r.split(",")[:2] for r in capsys.readouterr().out.splitlines()]
    assert rows == [
        ["learner", "lab"],
        ["alice", "nccl-bootstrap"],
        ["learner", "lab"],
        ["bob", "nccl-transport"],
    ]
    assert main(["export", "--config", str(config), "--lab", "nccl-transport"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [r.split(",")[0] for r in lines[1:]] == ["bob"]


@pytest.mark.parametrize(
    "path", ["/api/labs", "/api/nodes", "/api/learners", "/api/learners/bob/progress"]
)
def test_progress_and_lists_answer_304_while_nothing_changed(
    client: TestClient, seeded: Store, path: str
) -> None:
    first = client.get(path, headers=op())
    tag = first.headers["etag"]
    assert first.status_code == 200 and tag.startswith('"') and tag.endswith('"')
    same = client.get(path, headers={**op(), "If-None-Match": tag})
    assert same.status_code == 304 and same.content == b"" and same.headers["etag"] == tag
    assert client.get(path, headers={**op(), "If-None-Match": '"other"'}).status_code == 200
    if path != "/api/labs":  # labs change only with the config; the rest with the class
        seeded.set_node_status(NODE, connected=False, lag_s=None)
        seeded.ingest(batch(3, learner="bob", path="bob/s1.ts", step="step-1"))
        changed = client.get(path, headers={**op(), "If-None-Match": tag})
        assert changed.status_code == 200 and changed.headers["etag"] != tag
