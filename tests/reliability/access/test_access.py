"""Who may read what, route by route, taken from the app's own OpenAPI document.

Every GET operation the document lists needs a bearer token (401 without one, or with a malformed
Authorization header), a learner token never reads another learner (403), and operator-only
routes refuse learner tokens (403). Routes outside the document are listed explicitly below, so a
new public route fails here until someone decides it may be public.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from store.batches import LAB

from grader.api.app import SEQ_MAX
from reliability.access.conftest import ALICE, BOB, OPERATOR, bearer

# Public on purpose. /healthz: liveness for orchestrators. /openapi.json: the route list, no data.
# The dashboard pages and their static files are HTML/JS shells holding no data: the page asks
# for the token and fetches everything through the authenticated /api routes.
PUBLIC_IN_SCHEMA = {"/healthz"}
PUBLIC_OUTSIDE_SCHEMA = {
    "/openapi.json",
    "/",
    "/dashboard",
    "/dashboard/learner",
    "/dashboard/static",  # a mount: StaticFiles under this prefix
}
STREAM_PATH = "/api/events/stream"

MALFORMED_AUTHORIZATION: list[str | bytes] = [
    "",
    "Bearer",
    "Bearer ",
    "Basic " + "b3BlcmF0b3I6eA==",
    f"Basic {OPERATOR}",
    f"Token {OPERATOR}",
    f"Bearer {OPERATOR} extra",
    f"Bearer {OPERATOR}x",
    f"Bearer {OPERATOR[:-1]}",
    f"Bearer{OPERATOR}",
    "Bearer \x00",
    "Bearer " + "A" * 65536,  # a huge token is hashed like any other
    "Bearer sha256:" + "0" * 64,  # a configured hash is not a token
    b"Bearer \xff\xfe\xe9",  # not UTF-8
    "Bearer " + OPERATOR.upper(),
]


@pytest.fixture(scope="module")
def client(access_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(access_app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def gets(client: TestClient) -> list[tuple[str, dict[str, Any]]]:
    """(path template, operation) of every GET in the served OpenAPI document."""
    doc = client.get("/openapi.json").json()
    return [(path, item["get"]) for path, item in doc["paths"].items() if "get" in item]


def fill(path: str, op: dict[str, Any], learner: str = "alice") -> tuple[str, dict[str, str]]:
    """A concrete URL: path parameters and required query parameters from the seeded data."""
    values = {"learner": learner, "lab": LAB}
    url = re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)
    params = {
        p["name"]: values[p["name"]]
        for p in op.get("parameters", [])
        if p["in"] == "query" and p.get("required")
    }
    return url, params


def test_the_public_routes_are_exactly_the_listed_ones(
    access_app: FastAPI, client: TestClient
) -> None:
    documented = set(client.get("/openapi.json").json()["paths"])
    undocumented = {r.path for r in access_app.routes} - documented  # type: ignore[attr-defined]
    assert documented >= PUBLIC_IN_SCHEMA
    assert undocumented == PUBLIC_OUTSIDE_SCHEMA, "a route outside /openapi.json is public"


def test_public_routes_answer_without_a_token(client: TestClient) -> None:
    assert client.get("/healthz").status_code == 200
    assert client.get("/openapi.json").status_code == 200
    assert client.get("/", follow_redirects=False).status_code == 307
    for page in ("/dashboard", "/dashboard/learner"):
        r = client.get(page)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "alice" not in r.text and "bob" not in r.text  # a shell, no seeded data


def test_every_get_route_needs_a_token(
    client: TestClient, gets: list[tuple[str, dict[str, Any]]]
) -> None:
    checked = 0
    for path, op in gets:
        if path in PUBLIC_IN_SCHEMA:
            continue
        url, params = fill(path, op)
        r = client.get(url, params=params)
        assert r.status_code == 401, (path, r.status_code)
        assert r.headers["www-authenticate"] == "Bearer"
        assert "alice" not in r.text
        checked += 1
    assert checked >= 10  # labs, nodes, learners, progress, events, stream, metrics, dashboard x4


@pytest.mark.parametrize("header", MALFORMED_AUTHORIZATION, ids=range(len(MALFORMED_AUTHORIZATION)))
def test_a_malformed_authorization_header_is_401_never_5xx(
    client: TestClient, gets: list[tuple[str, dict[str, Any]]], header: str | bytes
) -> None:
    for path, op in gets:
        if path in PUBLIC_IN_SCHEMA:
            continue
        url, params = fill(path, op)
        r = client.get(url, params=params, headers={"Authorization": header})  # type: ignore[dict-item]
        assert r.status_code == 401, (path, header[:40], r.status_code)
    r = client.post(f"/api/labs/{LAB}/practice/step-1", json={}, headers={"Authorization": header})  # type: ignore[dict-item]
    assert r.status_code == 401


def learner_scoped(gets: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """Operations that name a learner: in the path, or as a ?learner= filter."""
    return [
        (path, op)
        for path, op in gets
        if "{learner}" in path or any(p["name"] == "learner" for p in op.get("parameters", []))
    ]


@pytest.mark.parametrize(("token", "me", "other"), [(ALICE, "alice", "bob"), (BOB, "bob", "alice")])
def test_a_learner_token_on_another_learner_is_403(
    client: TestClient, gets: list[tuple[str, dict[str, Any]]], token: str, me: str, other: str
) -> None:
    scoped = learner_scoped(gets)
    assert {p for p, _ in scoped} >= {
        "/api/learners/{learner}/progress",
        "/api/dashboard/checklist/{learner}",
        "/api/events",
        STREAM_PATH,
    }
    for path, op in scoped:
        url, params = fill(path, op, learner=other)
        if "{learner}" not in path:
            params["learner"] = other
        r = client.get(url, params=params, headers=bearer(token))
        assert r.status_code == 403, (path, r.status_code)
        assert other not in r.text
        if path == STREAM_PATH:
            continue  # the allowed stream waits for events: its 200 is covered in tests/api
        url, params = fill(path, op, learner=me)
        if "{learner}" not in path:
            params["learner"] = me
        assert client.get(url, params=params, headers=bearer(token)).status_code == 200, path


def test_operator_routes_refuse_learner_tokens(
    client: TestClient, gets: list[tuple[str, dict[str, Any]]]
) -> None:
    operator_only = [(p, op) for p, op in gets if "(operator" in op.get("summary", "")]
    assert {p for p, _ in operator_only} >= {
        "/metrics",
        "/api/nodes",
        "/api/learners",
        "/api/dashboard/grid",
    }
    for path, op in operator_only:
        url, params = fill(path, op)
        for token in (ALICE, BOB):
            assert client.get(url, params=params, headers=bearer(token)).status_code == 403, path
        assert client.get(url, params=params, headers=bearer(OPERATOR)).status_code == 200, path


@pytest.mark.parametrize("after", [SEQ_MAX + 1, 10**30])
def test_a_seq_beyond_the_database_integer_is_a_client_error(
    client: TestClient, after: int
) -> None:
    """Regression: ?after= or Last-Event-ID above 2**63-1 reached SQLite and was a 500."""
    r = client.get("/api/events", params={"after": after}, headers=bearer(OPERATOR))
    assert r.status_code == 422
    r = client.get(STREAM_PATH, params={"after": after}, headers=bearer(OPERATOR))
    assert r.status_code == 422
    headers = {**bearer(OPERATOR), "Last-Event-ID": str(after)}
    assert client.get(STREAM_PATH, headers=headers).status_code == 400
    assert (
        client.get("/api/events", params={"after": SEQ_MAX}, headers=bearer(OPERATOR)).json() == []
    )
