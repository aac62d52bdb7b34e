"""One class, one truth: the daemon's API and `grader serve`, on one grader.yaml and one store,
answer every class route the same, and both leave out of a lab the learners who do not take it.

The daemon's side is the app `embedded_server` builds (what `grader run` serves), on labs loaded
as the daemon loads them; `grader serve` is the real command, in its own process, on the same
SQLite file. alice takes nccl-bootstrap only, bob both labs (grader.yaml's node says so).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser.classroom import OPERATOR, TOKENS, seed_pair, seed_transport
from browser.seed import LAB_DIR, LAB_ID, NODE, TRANSPORT_DIR, TRANSPORT_ID

from api.server import free_port, running
from grader.api import embedded_server
from grader.config import load_config
from grader.labs import load_lab
from grader.store import Store

# `grader serve` imports the web stack and migrates the store first: seconds on a loaded machine.
SERVE_STARTUP_TIMEOUT_S = 30.0


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "grader.yaml"
    path.write_text(
        json.dumps(
            {
                "db": f"sqlite:///{tmp_path / 'grader.db'}",
                "labs": [str(LAB_DIR), str(TRANSPORT_DIR)],
                "nodes": [
                    {
                        "id": NODE,
                        "host": "10.0.0.7",
                        "key": "k",
                        "known_hosts": ["ssh-ed25519 AAAA"],
                        "learners": {"alice": [LAB_ID], "bob": [LAB_ID, TRANSPORT_ID]},
                    }
                ],
                "api": {
                    "tokens": {"operator": [OPERATOR], "learners": TOKENS},
                    "rate_limits": {"per_token": "10000/minute"},
                },
            }
        )
    )
    return path


@pytest.fixture
def store(config: Path) -> Iterator[Store]:
    store = Store.open(load_config(config).db)
    seed_pair(store)  # alice and bob on nccl-bootstrap
    seed_transport(store)  # bob on nccl-transport
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def daemon_api(config: Path, store: Store) -> Iterator[str]:
    """The API as `grader run` serves it: embedded_server over the daemon's loaded labs."""
    loaded = load_config(config)
    labs = {lab.id: lab for lab in map(load_lab, loaded.labs)}
    with running(embedded_server(store, loaded, labs).app) as url:
        yield url


@pytest.fixture
def serve_api(config: Path, store: Store) -> Iterator[str]:
    """`grader serve --config`, a process of its own on the same database."""
    port = free_port()
    command = "import sys; from grader.cli import main; sys.exit(main(sys.argv[1:]))"
    args = ["serve", "--config", str(config), "--host", "127.0.0.1", "--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-c", command, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SERVE_STARTUP_TIMEOUT_S
    try:
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise RuntimeError(f"grader serve did not start:\n{out}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# Every class route, for each lab where it takes one; the grid's `now` is each server's clock.
CLASS_ROUTES = [
    "/api/learners",
    *(f"/api/learners?lab={lab}" for lab in (LAB_ID, TRANSPORT_ID)),
    *(f"/api/dashboard/grid?lab={lab}" for lab in (LAB_ID, TRANSPORT_ID)),
    "/api/export.csv",
    *(f"/api/export.csv?lab={lab}" for lab in (LAB_ID, TRANSPORT_ID)),
    "/api/nodes",
    "/api/labs",
    "/api/events",
]


def answer(url: str, route: str, token: str) -> Any:
    got = httpx.get(f"{url}{route}", headers=bearer(token), timeout=10.0)
    assert got.status_code == 200, (url, route, got.text)
    if got.headers["content-type"].startswith("text/csv"):
        return got.text
    body = got.json()
    if route.startswith("/api/dashboard/grid"):
        body.pop("now")
    return body


def test_the_daemon_api_and_grader_serve_answer_every_class_route_the_same(
    daemon_api: str, serve_api: str
) -> None:
    for route in CLASS_ROUTES:
        assert answer(daemon_api, route, OPERATOR) == answer(serve_api, route, OPERATOR), route

    # alice takes nccl-bootstrap only: in neither process is she in nccl-transport's views
    for url in (daemon_api, serve_api):
        grid = answer(url, f"/api/dashboard/grid?lab={TRANSPORT_ID}", OPERATOR)
        assert [row["learner"] for row in grid["rows"]] == ["bob"], url
        csv = answer(url, f"/api/export.csv?lab={TRANSPORT_ID}", OPERATOR).splitlines()
        assert [row.split(",")[0] for row in csv[1:]] == ["bob"], url
        listed = answer(url, f"/api/learners?lab={TRANSPORT_ID}", OPERATOR)
        assert [(s["learner"], [x["id"] for x in s["labs"]]) for s in listed] == [
            ("bob", [TRANSPORT_ID])
        ], url
        scores = {s["learner"]: s["labs"] for s in answer(url, "/api/learners", OPERATOR)}
        assert [x["id"] for x in scores["alice"]] == [LAB_ID], url
        assert [x["id"] for x in scores["bob"]] == [LAB_ID, TRANSPORT_ID], url
        assert (
            httpx.get(f"{url}/api/learners?lab=nope", headers=bearer(OPERATOR)).status_code == 404
        )


def test_each_learner_sees_the_announcements_of_their_labs_from_either_process(
    daemon_api: str, serve_api: str
) -> None:
    made = {}
    for text, lab in (
        ("Transport: step 5 reworded", TRANSPORT_ID),
        ("Bootstrap: node 7 is back", LAB_ID),
        ("Lunch at noon", None),
    ):
        posted = httpx.post(
            f"{daemon_api}/api/announcements",
            headers=bearer(OPERATOR),
            json={"text": text, "lab": lab},
        )
        assert posted.status_code == 201, posted.text
        made[text] = posted.json()["seq"]

    def texts(url: str, who: str) -> list[str]:
        return [a["text"] for a in answer(url, "/api/announcements", TOKENS[who])]

    for url in (daemon_api, serve_api):
        assert texts(url, "bob") == list(made), url  # bob takes both labs
        assert texts(url, "alice") == ["Bootstrap: node 7 is back", "Lunch at noon"], url
    for who in ("alice", "bob"):
        assert answer(daemon_api, "/api/announcements", TOKENS[who]) == answer(
            serve_api, "/api/announcements", TOKENS[who]
        )

    # withdrawn on one process, gone from both; a second withdrawal finds nothing live
    seq = made["Transport: step 5 reworded"]
    gone = httpx.delete(f"{serve_api}/api/announcements/{seq}", headers=bearer(OPERATOR))
    assert gone.status_code == 200 and gone.json()["text"] == "Transport: step 5 reworded"
    again = httpx.delete(f"{daemon_api}/api/announcements/{seq}", headers=bearer(OPERATOR))
    assert again.status_code == 404
    for url in (daemon_api, serve_api):
        assert texts(url, "bob") == ["Bootstrap: node 7 is back", "Lunch at noon"], url
    refused = httpx.delete(
        f"{daemon_api}/api/announcements/{made['Lunch at noon']}", headers=bearer(TOKENS["bob"])
    )
    assert refused.status_code == 403
