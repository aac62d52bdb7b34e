"""An LMS client made from /openapi.json alone: `openapi-python-client` generates it, and it
reads the API, the event stream included, from a real server over a real store.

The stream is declared a string body (text/event-stream) with each event described beside it
(`itemSchema`): the generated code reads it with its own httpx client, line by line, and parses
each event's data with the generated `Event` model.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from store.batches import LAB, NODE, batch

from api.server import running
from api.test_api import ALICE, OPERATOR, THE_LAB
from grader.api import ApiSettings, create_app
from grader.store import Store
from grader.verdict import State

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "labgrader_lms_client"  # the generated package's import name
# Generating the whole client renders a few dozen templates: seconds, not minutes.
GENERATE_TIMEOUT_S = 120
# How long the test waits for the stream's events: they are in the store before it connects.
STREAM_READ_TIMEOUT_S = 10.0


@pytest.fixture
def server(store: Store) -> Iterator[str]:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="alice", state=State.ATTEMPTED))
    settings = ApiSettings(
        labs={LAB: THE_LAB},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE},
        learner_labs={"alice": (LAB,)},
    )
    with running(create_app(store, settings)) as url:
        yield url


def generate(url: str, tmp: Path) -> ModuleType:
    """Fetch the document from the server, generate the client into `tmp`, import it."""
    spec = tmp / "openapi.json"
    spec.write_text(httpx.get(f"{url}/openapi.json").text)
    out = tmp / PACKAGE
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = ["generate", "--path", str(spec), "--output-path", str(out), "--meta", "none"]
    made = subprocess.run(
        [str(GENERATOR), *command],
        capture_output=True,
        text=True,
        env=env,
        timeout=GENERATE_TIMEOUT_S,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    # the generator says when it had to leave a piece of the document out
    assert "Warning" not in made.stdout + made.stderr, made.stdout + made.stderr
    sys.path.insert(0, str(tmp))
    importlib.invalidate_caches()
    return importlib.import_module(PACKAGE)


@pytest.fixture
def client_package(server: str, tmp_path: Path) -> Iterator[ModuleType]:
    package = generate(server, tmp_path)
    try:
        yield package
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def follow(stream: Any, wanted: int) -> list[dict[str, str]]:
    """The first `wanted` events of an open text/event-stream answer, each as its fields."""
    events: list[dict[str, str]] = []
    fields: dict[str, str] = {}
    for line in stream.iter_lines():
        if not line:
            if "data" in fields:
                events.append(fields)
                if len(events) == wanted:
                    break
            fields = {}
        elif not line.startswith(":"):  # a comment is the keepalive
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    return events


def test_a_generated_client_reads_the_api_and_follows_the_event_stream(
    server: str, client_package: ModuleType
) -> None:
    api = importlib.import_module(f"{PACKAGE}.api")
    labs_call = importlib.import_module(f"{PACKAGE}.api.labs.labs")
    stream_call = importlib.import_module(f"{PACKAGE}.api.events.events_stream")
    events_call = importlib.import_module(f"{PACKAGE}.api.events.events")
    models = importlib.import_module(f"{PACKAGE}.models")
    assert api and hasattr(models, "Event")
    client = client_package.AuthenticatedClient(
        base_url=server, token=OPERATOR, timeout=httpx.Timeout(STREAM_READ_TIMEOUT_S)
    )
    with client as c:
        # an ordinary route, through the generated function and its typed models
        labs = labs_call.sync(client=c)
        assert [lab.id for lab in labs] == [LAB]
        polled = events_call.sync(client=c, after=0)
        assert [e.state for e in polled] == ["verified", "attempted"]

        # the stream: the generated request, sent by the generated client's own httpx client
        kwargs = stream_call._get_kwargs(after=0)
        with c.get_httpx_client().stream(**kwargs) as answer:
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("text/event-stream")
            events = follow(answer, 2)
        parsed = [models.Event.from_dict(json.loads(e["data"])) for e in events]
        assert [e["event"] for e in events] == ["verdict", "verdict"]
        assert [p.seq for p in parsed] == [int(e["id"]) for e in events]
        assert [(p.learner, p.lab, p.state) for p in parsed] == [
            (e.learner, e.lab, e.state) for e in polled
        ]

        # what the generated code makes of a stream's body is its text (a str), not a model
        # it would wait for the end of to parse
        body = "".join(f"{k}: {v}\n" for k, v in events[0].items()) + "\n"
        assert (
            stream_call._parse_response(client=c, response=httpx.Response(200, text=body)) == body
        )

        # resumed from the last id, as a reconnecting EventSource does: only what came after
        kwargs = stream_call._get_kwargs(last_event_id=events[0]["id"])
        with c.get_httpx_client().stream(**kwargs) as answer:
            [resumed] = follow(answer, 1)
        assert resumed["id"] == events[1]["id"]

        # an error of the stream is a typed answer of the generated code
        bad = stream_call.sync_detailed(client=c, last_event_id="not-a-seq")
        assert bad.status_code == 400
        assert bad.parsed.detail == "Last-Event-ID must be a seq"
