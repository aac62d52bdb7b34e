"""Event streams are capped per token and in all (grader/api/streams.py), against a real server.

Real concurrent SSE connections to a real uvicorn server over a real store: the token's cap + 1
stream is 429 with a JSON Problem that says why and a Retry-After; closing one of its streams
frees a slot; another token still gets its own; past the process's total every token is
refused; grader.yaml's api.rate_limits sets both caps.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from api.server import running
from api.test_openapi import Published
from grader.api import ApiSettings, create_app
from grader.api.streams import STREAM_RETRY_AFTER_S
from grader.config import DEFAULT_STREAMS_PER_TOKEN, ConfigError, load_config
from grader.store import Store

OPERATOR = "operator-token-0123456789"
ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdef00"
STREAM = "/api/events/stream"
FREED_WITHIN_S = 10.0  # a closed stream's slot is given back at once; this bounds a hang

SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""The caps are the API's, whatever database is behind it: the store fixture on SQLite only."""


def app_over(store: Store, **caps: int) -> FastAPI:
    settings = ApiSettings(
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE, "bob": BOB},
        rate_per_token="100000/second",  # the request limit is not what is tested here
        **caps,  # type: ignore[arg-type]
    )
    return create_app(store, settings)


class Streams:
    """Streams held open on one server: each its own connection, closed when asked."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        self.stack = ExitStack()
        self.open: list[tuple[str, ExitStack]] = []  # (token, its stream)

    def ask(self, token: str) -> httpx.Response:
        """Open a stream; a 200 stays open (until `close_one` or the end), any other is read."""
        own = ExitStack()
        answer = own.enter_context(
            self.client.stream("GET", STREAM, headers={"Authorization": f"Bearer {token}"})
        )
        if answer.status_code == 200:
            self.open.append((token, own))
            self.stack.callback(own.close)
        else:
            answer.read()
            own.close()
        return answer

    def hold(self, token: str, count: int) -> None:
        for i in range(count):
            answer = self.ask(token)
            assert answer.status_code == 200, (i, answer.status_code, answer.text)

    def close_one(self, token: str) -> None:
        """Close one of `token`'s streams, as a page closing does."""
        found = next(i for i, (t, _) in enumerate(self.open) if t == token)
        self.open.pop(found)[1].close()


@contextmanager
def serving(app: FastAPI) -> Iterator[tuple[httpx.Client, Streams, Published]]:
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=0)
    with (
        running(app) as base,
        httpx.Client(base_url=base, timeout=30, limits=limits) as client,
    ):
        streams = Streams(client)
        with streams.stack:
            yield client, streams, Published(client)


def refused(answer: httpx.Response, published: Published, says: str) -> None:
    """A stream refused as docs/api.md says: 429, a Problem naming why, a Retry-After."""
    assert answer.status_code == 429, (answer.status_code, answer.text)
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["Retry-After"] == str(STREAM_RETRY_AFTER_S)
    body = published.check("get", STREAM, answer)  # the document's 429: a Problem
    assert says in body["detail"], body


def opens_within(streams: Streams, token: str, seconds: float) -> httpx.Response:
    deadline = time.monotonic() + seconds
    while True:
        answer = streams.ask(token)
        if answer.status_code == 200 or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


@SQLITE_ONLY
def test_a_token_holds_its_cap_of_streams_and_no_more(store: Store) -> None:
    cap = DEFAULT_STREAMS_PER_TOKEN
    with serving(app_over(store)) as (client, streams, published):
        streams.hold(ALICE, cap)
        refused(streams.ask(ALICE), published, f"already holds {cap} event streams")
        # the refused request held nothing: the token's other requests are answered
        assert client.get("/api/events", headers={"Authorization": f"Bearer {ALICE}"}).is_success
        # another token gets its own streams, all of them
        streams.hold(BOB, cap)
        refused(streams.ask(BOB), published, "already holds")
        # closing one of alice's streams frees one slot, alice's: bob is still refused
        streams.close_one(ALICE)
        assert opens_within(streams, ALICE, FREED_WITHIN_S).status_code == 200
        refused(streams.ask(ALICE), published, "already holds")
        refused(streams.ask(BOB), published, "already holds")


@SQLITE_ONLY
def test_the_process_total_refuses_every_token_past_it(store: Store) -> None:
    with serving(app_over(store, streams_per_token=3, streams_total=5)) as (_, streams, pub):
        streams.hold(ALICE, 3)
        streams.hold(BOB, 2)
        for token in (BOB, OPERATOR):  # under their own cap, over the total
            refused(streams.ask(token), pub, "already serves 5 event streams")
        streams.close_one(BOB)
        assert opens_within(streams, OPERATOR, FREED_WITHIN_S).status_code == 200
        refused(streams.ask(BOB), pub, "already serves 5")


def grader_yaml(directory: Path, api: dict[str, object]) -> Path:
    """A grader.yaml with one node of alice's and this `api` section."""
    node = {
        "id": "n1",
        "host": "127.0.0.1",
        "key": "grader_key",
        "known_hosts": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFake",
        "learners": {"alice": ["nccl-bootstrap"]},
    }
    path = directory / "grader.yaml"
    path.write_text(json.dumps({"api": api, "nodes": [node]}))
    return path


@SQLITE_ONLY
def test_grader_yaml_sets_both_caps(store: Store, tmp_path: Path) -> None:
    api = {
        "tokens": {"operator": [OPERATOR], "learners": {"alice": ALICE}},
        "rate_limits": {"streams_per_token": 2, "streams_total": 3},
    }
    settings = ApiSettings.from_config(load_config(grader_yaml(tmp_path, api)), labs={})
    assert (settings.streams_per_token, settings.streams_total) == (2, 3)
    with serving(create_app(store, settings)) as (_, streams, published):
        streams.hold(ALICE, 2)
        refused(streams.ask(ALICE), published, "already holds 2")
        streams.hold(OPERATOR, 1)
        refused(streams.ask(OPERATOR), published, "already serves 3")


@pytest.mark.parametrize("bad", [0, -1, "8", 2.5])
def test_a_cap_that_is_not_a_positive_integer_is_refused(tmp_path: Path, bad: object) -> None:
    path = grader_yaml(tmp_path, {"rate_limits": {"streams_per_token": bad}})
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert any("streams_per_token" in p for p in err.value.problems), err.value.problems
