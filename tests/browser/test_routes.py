"""The dashboard's JSON routes against a real SQLite store, without a browser (run everywhere)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from grader.api import create_app
from grader.store import Store

from .classroom import OPERATOR, TOKENS, seed_pair, settings
from .seed import BROKEN_LINE, LAB_ID


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    seed_pair(store)
    with TestClient(create_app(store, settings())) as c:
        yield c
    store.close()


def practice(client: TestClient, step: str, body: dict[str, str], token: str = TOKENS["alice"]):
    return client.post(f"/api/labs/{LAB_ID}/practice/{step}", json=body, headers=auth(token))


def test_practice_accepts_the_step_command_and_rejects_echo(client: TestClient) -> None:
    ok = practice(client, "run-broken", {"command": BROKEN_LINE}).json()
    assert ok["ok"] and ok["reason"] == "" and ok["hints"] == []
    assert "NCCL WARN Bootstrap : no socket interface found" in ok["practice"]["output"]
    bad = practice(client, "run-broken", {"command": f"echo {BROKEN_LINE}"}).json()
    assert not bad["ok"] and "`all_reduce_perf`, not `echo`" in bad["reason"]
    assert "output" not in bad["practice"] and len(bad["hints"]) == 2
    close = practice(client, "run-broken", {"command": "all_reduce_perf -b 8M -e 8M -g 2"}).json()
    assert not close["ok"] and "NCCL_SOCKET_IFNAME" in close["reason"]


def test_practice_question_and_errors(client: TestClient) -> None:
    right = practice(client, "why-socket", {"choice": "a"}).json()
    assert right["ok"] and right["practice"]["record"] == "lab answer why-socket a"
    assert "Bootstrap always opens a socket" in right["practice"]["explanation"]
    assert not practice(client, "why-socket", {"choice": "b"}).json()["ok"]
    assert practice(client, "why-socket", {"command": "ls"}).status_code == 422
    assert practice(client, "no-such-step", {"command": "ls"}).status_code == 404
    assert practice(client, "run-broken", {"command": "ls"}, token="wrong").status_code == 401


def test_grid_is_operator_only_and_folds_progress(client: TestClient) -> None:
    assert (
        client.get(f"/api/dashboard/grid?lab={LAB_ID}", headers=auth(TOKENS["bob"])).status_code
        == 403
    )
    grid = client.get(f"/api/dashboard/grid?lab={LAB_ID}", headers=auth(OPERATOR)).json()
    rows = {r["learner"]: r for r in grid["rows"]}
    steps = [s["id"] for s in grid["lab"]["steps"]]
    assert [c and c[0] for c in rows["alice"]["cells"]][: steps.index("topo") + 1] == [
        "verified",
        None,
        "attempted",
    ]
    assert rows["bob"]["cells"][steps.index("topo")][0] == "verified"
    assert rows["alice"]["node"] == "ml-node-07" and grid["seq"] >= 4


def test_checklist_marks_the_matched_span_and_counts_hints(client: TestClient) -> None:
    data = client.get(
        f"/api/dashboard/checklist/alice?lab={LAB_ID}", headers=auth(TOKENS["alice"])
    ).json()
    steps = {s["id"]: s for s in data["steps"]}
    marked = [text for text, mark in steps["run-broken"]["excerpt"] if mark]
    assert marked == ["NCCL WARN Bootstrap : no socket interface found"]  # the span, not the line
    assert steps["topo"]["attempts"] == 1 and len(steps["topo"]["hints_seen"]) == 1
    assert steps["topo"]["evidence"]["line"] == "nvidia-smi -L"
    other = client.get(f"/api/dashboard/checklist/bob?lab={LAB_ID}", headers=auth(TOKENS["alice"]))
    assert other.status_code == 403


def test_pages_carry_a_strict_content_security_policy(client: TestClient) -> None:
    for path in ("/dashboard", "/dashboard/learner"):
        page = client.get(path)
        assert page.status_code == 200 and "{{" not in page.text
        csp = page.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "connect-src 'self'" in csp
        assert "http" not in page.text.replace('lang="en"', "").split("<main>")[0].lower()
    assert client.get("/dashboard/static/operator.js").status_code == 200
