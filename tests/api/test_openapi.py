"""/openapi.json is enough to build a client: typed answers, the bearer scheme, typed errors; and
the running app's real answers, against a real store, validate against what it publishes."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import httpx
import jsonschema
import pytest
from browser.classroom import OPERATOR as ROOM_OPERATOR
from browser.classroom import TOKENS, seed_pair, seed_transport
from browser.classroom import settings as room_settings
from browser.seed import BROKEN_LINE, LAB_ID, TRANSPORT_ID, nccl_lab, transport_lab
from fastapi.testclient import TestClient
from store.batches import LAB, NODE, batch

from api.test_api import ALICE, OPERATOR, THE_LAB, op
from grader.api import ApiSettings, create_app
from grader.store import EVENT_DOWNGRADED, EVENT_RESET, Store
from grader.verdict import State

# Routes the dashboard's own pages read (grader/api/dashboard.py): not the LMS's interface.
PAGE_ROUTES = ("/api/dashboard/", "/api/labs/{lab}/practice/")

# (method, path) -> the error answers it can give besides 401/422/429, which every route can
EXPECTED_ERRORS = {
    ("get", "/api/labs"): set(),
    ("get", "/api/nodes"): {403},
    ("get", "/api/learners"): {403, 404},
    ("get", "/api/export.csv"): {403, 404},
    ("get", "/api/learners/{learner}/progress"): {403, 404},
    ("post", "/api/learners/{learner}/labs/{lab}/reset"): {400, 403, 404},
    ("get", "/api/announcements"): {404},
    ("post", "/api/announcements"): {400, 403, 404},
    ("delete", "/api/announcements/{seq}"): {403, 404},
    ("get", "/api/events"): {403, 404},
    ("get", "/api/events/stream"): {400, 403, 404},
}

NOT_JSON = {"/api/export.csv": "text/csv", "/api/events/stream": "text/event-stream"}

# The GET routes that answer with a strong ETag and an empty 304 to a matching If-None-Match
# (app._etagged), each with a URL to ask it
CONDITIONAL = {
    "/api/labs": "/api/labs",
    "/api/nodes": "/api/nodes",
    "/api/learners": "/api/learners",
    "/api/learners/{learner}/progress": "/api/learners/alice/progress",
    "/api/announcements": "/api/announcements",
}


@pytest.fixture
def seeded(store: Store) -> Store:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    store.set_node_status(NODE, connected=True, lag_s=1.5)
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="alice", state=State.ATTEMPTED))
    store.ingest(batch(3, learner="bob", path="bob/s1.ts", step="step-2"))
    return store


@pytest.fixture
def client(seeded: Store) -> Iterator[TestClient]:
    settings = ApiSettings(
        labs={LAB: THE_LAB},
        operator_tokens=(OPERATOR,),
        learner_tokens={"alice": ALICE},
        learner_labs={"alice": (LAB,)},
    )
    with TestClient(create_app(seeded, settings)) as c:
        yield c


def resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def success(operation: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    [code] = [c for c in operation["responses"] if c.startswith("2")]
    return code, operation["responses"][code]


def api_operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, item in spec["paths"].items()
        if path.startswith("/api/") and not path.startswith(PAGE_ROUTES)
        for method, operation in item.items()
    ]


def test_every_api_route_answers_a_named_model_with_properties(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    seen = set()
    for method, path, operation in api_operations(spec):
        seen.add((method, path))
        _, answer = success(operation)
        if path in NOT_JSON:
            assert set(answer["content"]) == {NOT_JSON[path]}, path
            continue
        schema = answer["content"]["application/json"]["schema"]
        if schema.get("type") == "array":
            schema = schema["items"]
        assert "$ref" in schema, (method, path, schema)  # a named model, not a bare object
        model = resolve(spec, schema)
        assert model["type"] == "object" and model["properties"], (method, path)
        assert model.get("additionalProperties") is not True, (method, path)
    assert seen == set(EXPECTED_ERRORS)


def test_the_event_stream_is_a_string_body_with_each_event_described_beside_it(
    client: TestClient,
) -> None:
    """A 3.1 client reads text/event-stream as a string (it must not wait for one JSON value
    that never ends); `itemSchema` says what each event is: `verdict`, its seq, an Event."""
    spec = client.get("/openapi.json").json()
    [(media, entry)] = spec["paths"]["/api/events/stream"]["get"]["responses"]["200"][
        "content"
    ].items()
    assert media == "text/event-stream"
    assert entry["schema"]["type"] == "string" and "$ref" not in json.dumps(entry["schema"])
    item = entry["itemSchema"]
    assert set(item["required"]) == {"event", "id", "data"}
    assert item["properties"]["event"]["enum"] == ["verdict"]
    data = item["properties"]["data"]
    assert data["contentMediaType"] == "application/json"
    assert data["contentSchema"] == {"$ref": "#/components/schemas/Event"}
    assert "Event" in spec["components"]["schemas"]
    # each real event of the stream validates against it
    events = read_stream_events(client, 2)
    for event in events:
        jsonschema.Draft202012Validator({**item, "components": spec["components"]}).validate(event)
        jsonschema.Draft202012Validator(
            {**data["contentSchema"], "components": spec["components"]},
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        ).validate(json.loads(event["data"]))
    assert [json.loads(e["data"])["seq"] for e in events] == [int(e["id"]) for e in events]


def read_stream_events(client: TestClient, count: int) -> list[dict[str, str]]:
    """The first `count` events of the operator's stream, each as its fields."""
    events: list[dict[str, str]] = []
    fields: dict[str, str] = {}
    with client.stream("GET", "/api/events/stream", headers=op()) as answer:
        assert answer.headers["content-type"].startswith("text/event-stream")
        for line in answer.iter_lines():
            if not line:
                if "data" in fields:
                    events.append(fields)
                    if len(events) == count:
                        break
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
    return events


def generic_objects(spec: dict[str, Any], schema: Any, where: str = "") -> list[str]:
    """Where, inside `schema` and the models it names, a value is typed as nothing in particular:
    an empty schema (any JSON), or an object with neither properties nor typed values."""
    found: list[str] = []
    seen: set[str] = set()

    def walk(node: Any, at: str) -> None:
        if node is True or node == {}:
            found.append(at or "/")
            return
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                walk(spec["components"]["schemas"][name], name)
            return
        if node.get("type") == "object" and not node.get("properties"):
            values = node.get("additionalProperties")
            if not isinstance(values, dict) or not values:
                found.append(at or "/")
        for key in ("properties", "$defs"):
            for name, sub in node.get(key, {}).items():
                walk(sub, f"{at}.{name}")
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for i, sub in enumerate(node.get(key, [])):
                walk(sub, f"{at}[{i}]")
        for key in ("items", "additionalProperties"):
            if isinstance(node.get(key), dict):
                walk(node[key], f"{at}.{key}")

    walk(schema, where)
    return found


def test_no_api_route_answers_a_generic_object(client: TestClient) -> None:
    """Every JSON /api route, the dashboard pages' too, answers a named model typed all the way
    down: a client generated from the document gets no `object` or `any` to guess at."""
    spec = client.get("/openapi.json").json()
    checked = set()
    for path, item in spec["paths"].items():
        if not path.startswith("/api/") or path in NOT_JSON:
            continue
        for method, operation in item.items():
            _, answer = success(operation)
            schema = answer["content"]["application/json"]["schema"]
            if schema.get("type") == "array":
                schema = schema["items"]
            assert "$ref" in schema, (method, path, schema)
            model = resolve(spec, schema)
            assert model["type"] == "object" and model["properties"], (method, path)
            assert model.get("additionalProperties") is not True, (method, path)
            assert generic_objects(spec, schema) == [], (method, path)
            checked.add((method, path))
    json_routes = {(mt, p) for mt, p in EXPECTED_ERRORS if p not in NOT_JSON}
    assert checked == json_routes | set(PAGE_ERRORS)


def test_the_bearer_scheme_is_declared_and_required_by_every_route(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    schemes = spec["components"]["securitySchemes"]
    [(name, scheme)] = schemes.items()
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if path == "/healthz":
                assert not operation.get("security")
            else:
                assert operation["security"] == [{name: []}], (method, path)


def test_each_error_a_route_can_give_is_documented_with_a_typed_body(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for method, path, operation in api_operations(spec):
        codes = {int(c) for c in operation["responses"] if c.startswith(("4", "5"))}
        assert codes == {401, 422, 429} | EXPECTED_ERRORS[(method, path)], (method, path)
        for code in codes:
            body = operation["responses"][str(code)]["content"]["application/json"]["schema"]
            want = "InvalidRequest" if code == 422 else "Problem"
            assert body == {"$ref": f"#/components/schemas/{want}"}, (method, path, code)
        retry = operation["responses"]["429"]["headers"]["Retry-After"]
        assert retry["schema"]["type"] == "integer"
    # the dashboard's routes answer 401/422/429 the same way, and say so
    grid = spec["paths"]["/api/dashboard/grid"]["get"]["responses"]
    assert {"401", "422", "429"} <= set(grid)


class Published:
    """Validates real answers against the schema /openapi.json names for them."""

    def __init__(self, client: httpx.Client) -> None:  # a TestClient, or one to a real server
        self.spec = client.get("/openapi.json").json()
        self.checked: list[tuple[str, str, int]] = []

    def check(self, method: str, path: str, response: Any) -> Any:
        code = response.status_code
        operation = self.spec["paths"][path][method]
        entry = operation["responses"][str(code)]
        for header in entry.get("headers", {}):  # WWW-Authenticate, Retry-After, ETag
            assert header in response.headers, (method, path, code, header)
        schema = entry["content"]["application/json"]["schema"]
        body = response.json()
        # OpenAPI 3.1 schemas are JSON Schema 2020-12; $refs resolve inside the document
        jsonschema.Draft202012Validator(
            {**schema, "components": self.spec["components"]},
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        ).validate(body)
        self.checked.append((method, path, code))
        return body


def test_real_answers_validate_against_the_published_schemas(
    client: TestClient, seeded: Store
) -> None:
    pub = Published(client)
    ta_id, ta = seeded.issue_token("ta", None, "assistant")
    get, post = client.get, client.post

    labs = pub.check("get", "/api/labs", get("/api/labs", headers=op(ALICE)))
    assert labs[0]["id"] == LAB
    nodes = pub.check("get", "/api/nodes", get("/api/nodes", headers=op(ta)))
    assert nodes[0]["updated"].endswith("Z")
    pub.check("get", "/api/learners", get("/api/learners", headers=op()))
    path = "/api/learners/{learner}/progress"
    progress = pub.check("get", path, get("/api/learners/alice/progress", headers=op()))
    assert progress["labs"][0]["steps"][0]["evidence"]["node_t1"].startswith("1970-01-01T00:16")
    events = pub.check("get", "/api/events", get("/api/events", headers=op()))
    assert [e["state"] for e in events] == ["verified", "attempted", "verified"]

    made = pub.check(
        "post",
        "/api/announcements",
        post("/api/announcements", headers=op(), json={"text": "Break until 10:30", "lab": LAB}),
    )
    assert made["lab"] == LAB
    listed = pub.check("get", "/api/announcements", get("/api/announcements", headers=op(ALICE)))
    assert [a["text"] for a in listed] == ["Break until 10:30"]

    path = "/api/learners/{learner}/labs/{lab}/reset"
    reset = pub.check(
        "post",
        path,
        post(f"/api/learners/alice/labs/{LAB}/reset", headers=op(), json={"reason": "retake"}),
    )
    assert (reset["state"], reset["step"], reset["score"]) == ("reset", "*", 0)
    after = pub.check(
        "get", "/api/events", get(f"/api/events?after={events[-1]['seq']}", headers=op())
    )
    assert after[0]["evidence"]["actor"].startswith("operator")

    # errors, each in the body the document names for it
    pub.check("get", "/api/labs", get("/api/labs"))  # 401
    pub.check("get", "/api/nodes", get("/api/nodes", headers=op(ALICE)))  # 403
    pub.check(
        "post",
        path,
        post(f"/api/learners/alice/labs/{LAB}/reset", headers=op(ta), json={"reason": "x"}),
    )  # 403 for a teaching assistant
    pub.check(
        "get", "/api/learners/{learner}/progress", get("/api/learners/carol/progress", headers=op())
    )
    pub.check("get", "/api/events", get("/api/events?learnr=bob", headers=op()))  # 422, unknown
    pub.check("get", "/api/events", get("/api/events?after=-1", headers=op()))  # 422, FastAPI's
    pub.check(
        "post",
        path,
        post(f"/api/learners/alice/labs/{LAB}/reset", headers=op(), json={"reason": " "}),
    )  # 422, an empty reason
    pub.check(
        "post",
        "/api/announcements",
        post("/api/announcements", headers=op(), json={"text": "hi", "lab": "nope"}),
    )  # 404
    not_utf8 = {**op(), "Content-Type": "application/json"}
    unreadable = pub.check(
        "post",
        "/api/announcements",
        post("/api/announcements", headers=not_utf8, content=b'"\xff"'),
    )  # 400: a JSON body that is not UTF-8
    assert unreadable == {"detail": "There was an error parsing the body"}
    path = "/api/announcements/{seq}"
    [live] = get("/api/announcements", headers=op()).json()
    pub.check("delete", path, client.delete(f"/api/announcements/{live['seq']}", headers=op(ta)))
    gone = pub.check(
        "delete", path, client.delete(f"/api/announcements/{live['seq']}", headers=op())
    )
    assert gone["seq"] == live["seq"]
    pub.check("delete", path, client.delete(f"/api/announcements/{live['seq']}", headers=op()))
    codes = {code for _, _, code in pub.checked}
    assert codes == {200, 201, 400, 401, 403, 404, 422}
    assert ta_id  # the TA token was a real issued one


def test_etag_if_none_match_and_304_are_in_the_document(client: TestClient) -> None:
    """A client generated from the document alone knows which routes take If-None-Match, reads
    the ETag they answer, and expects their bodiless 304; the real routes do what it says."""
    spec = client.get("/openapi.json").json()
    for method, path, operation in api_operations(spec):
        responses = operation["responses"]
        if (method, path) not in {("get", p) for p in CONDITIONAL}:
            assert "304" not in responses and "ETag" not in responses[success(operation)[0]].get(
                "headers", {}
            ), (method, path)
            continue
        asked = {(p["in"], p["name"].lower()) for p in operation.get("parameters", [])}
        assert ("header", "if-none-match") in asked, path
        assert responses["200"]["headers"]["ETag"]["schema"]["type"] == "string", path
        assert "content" not in responses["304"] and "ETag" in responses["304"]["headers"], path

        first = client.get(CONDITIONAL[path], headers=op())
        tag = first.headers["ETag"]
        again = client.get(CONDITIONAL[path], headers={**op(), "If-None-Match": tag})
        assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", tag)
    assert {path for _, path, _ in api_operations(spec)} >= set(CONDITIONAL)


# (method, path) of the dashboard's own routes -> the errors they give besides 401/422/429
PAGE_ERRORS = {
    ("get", "/api/dashboard/whoami"): set(),
    ("get", "/api/dashboard/grid"): {403, 404},
    ("get", "/api/dashboard/downgrades"): set(),
    ("get", "/api/dashboard/labs/{lab}"): {404},
    ("get", "/api/dashboard/checklist/{learner}"): {403, 404},
    ("post", "/api/labs/{lab}/practice/{step}"): {400, 404},
}


def test_the_dashboard_routes_document_their_errors_and_answer_in_them(
    client: TestClient,
) -> None:
    """The pages' routes are no LMS interface, but they are in the document: each error they
    give is listed there, in the body it names, and an unknown learner is 404 there too."""
    pub = Published(client)
    pages = {
        (method, path): operation
        for path, item in pub.spec["paths"].items()
        if path.startswith(PAGE_ROUTES)
        for method, operation in item.items()
    }
    assert set(pages) == set(PAGE_ERRORS)
    for key, operation in pages.items():
        codes = {int(c) for c in operation["responses"] if c.startswith(("4", "5"))}
        assert codes == {401, 422, 429} | PAGE_ERRORS[key], key

    get, post = client.get, client.post
    grid, checklist = "/api/dashboard/grid", "/api/dashboard/checklist/{learner}"
    pub.check("get", grid, get(f"{grid}?lab={LAB}", headers=op(ALICE)))  # 403
    pub.check("get", grid, get(f"{grid}?lab=nope", headers=op()))  # 404
    pub.check("get", "/api/dashboard/labs/{lab}", get("/api/dashboard/labs/nope", headers=op()))
    pub.check("get", checklist, get(f"/api/dashboard/checklist/bob?lab={LAB}", headers=op(ALICE)))
    nobody = get(f"/api/dashboard/checklist/carol?lab={LAB}", headers=op())
    assert pub.check("get", checklist, nobody) == {"detail": "no learner 'carol'"}
    practice = "/api/labs/{lab}/practice/{step}"
    pub.check("post", practice, post(f"/api/labs/{LAB}/practice/nope", headers=op(), json={}))
    # a command step asked with a choice: 422 in InvalidRequest's shape, like every 422
    wrong = pub.check(
        "post",
        practice,
        post(f"/api/labs/{LAB}/practice/step-1", headers=op(ALICE), json={"choice": "a"}),
    )
    assert wrong["detail"][0]["loc"] == ["body", "command"]
    assert {code for _, _, code in pub.checked} == {403, 404, 422}


def test_closed_sets_of_values_are_enums_in_the_document(client: TestClient) -> None:
    """A generated client gets a closed type for a step's type and a state, not a bare string
    whose values only a description names: the values the grader writes, and no others."""
    schemas = client.get("/openapi.json").json()["components"]["schemas"]

    def values(model: str, field: str) -> set[str]:
        return set(schemas[model]["properties"][field]["enum"])

    assert values("StepInfo", "type") == {"command", "question"}
    assert values("StepProgress", "state") == {s.value for s in State}
    assert values("Event", "state") == {
        State.ATTEMPTED,
        State.VERIFIED,
        EVENT_DOWNGRADED,
        EVENT_RESET,
    }


def test_a_rate_limited_answer_validates_too(seeded: Store) -> None:
    settings = ApiSettings(
        labs={LAB: THE_LAB}, operator_tokens=(OPERATOR,), rate_per_token="2/minute"
    )
    with TestClient(create_app(seeded, settings)) as client:
        pub = Published(client)
        answers = [client.get("/api/labs", headers=op()) for _ in range(3)]
        limited = answers[-1]
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
        assert pub.check("get", "/api/labs", limited)["detail"]


def iso_seconds(iso: str) -> float:
    assert iso.endswith("Z"), iso
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


@pytest.fixture
def classroom(store: Store) -> Iterator[TestClient]:
    """The browser tests' class (both labs, real graded commands) in the parametrized store."""
    seed_pair(store)
    seed_transport(store)
    with TestClient(create_app(store, room_settings(labs=[nccl_lab(), transport_lab()]))) as c:
        yield c


def test_the_dashboard_routes_answer_their_models_with_iso_times(
    classroom: TestClient, store: Store
) -> None:
    """Each page route's real answer validates against the model the document names for it;
    its times are ISO UTC strings, the grader's clock unless `node_` says the node's."""
    pub = Published(classroom)
    _, ta = store.issue_token("ta", None, "assistant")
    boss, alice, bob = op(ROOM_OPERATOR), op(TOKENS["alice"]), op(TOKENS["bob"])
    get, post = classroom.get, classroom.post

    whoami = "/api/dashboard/whoami"
    assert pub.check("get", whoami, get(whoami, headers=boss)) == {
        "operator": True,
        "role": "operator",
        "learner": None,
        "labs": [
            {"id": LAB_ID, "title": nccl_lab().title},
            {"id": TRANSPORT_ID, "title": transport_lab().title},
        ],
    }
    assert pub.check("get", whoami, get(whoami, headers=op(ta)))["role"] == "ta"
    mine = pub.check("get", whoami, get(whoami, headers=alice))
    assert (mine["operator"], mine["role"], mine["learner"]) == (False, "learner", "alice")

    before = time.time()
    grid = pub.check(
        "get", "/api/dashboard/grid", get(f"/api/dashboard/grid?lab={LAB_ID}", headers=boss)
    )
    after = time.time()
    assert before - 0.001 <= iso_seconds(grid["now"]) <= after + 0.001  # the grader's clock
    # the lab and the nodes are the API's own LabInfo and NodeInfo
    assert [grid["lab"]] == [
        lab for lab in get("/api/labs", headers=boss).json() if lab["id"] == LAB_ID
    ]
    assert grid["nodes"] == get("/api/nodes", headers=boss).json()
    # a cell carries both clocks of the verdict behind it: `at` the grader's (what the class
    # view judges "stuck" by, against `now`), `node_at` the node's
    events = get("/api/events", headers=boss).json()
    cells = 0
    for row in grid["rows"]:
        for step, cell in zip(grid["lab"]["steps"], row["cells"], strict=True):
            if cell is None:
                continue
            behind = [
                e
                for e in events
                if (e["learner"], e["lab"], e["step"], e["state"])
                == (row["learner"], LAB_ID, step["id"], cell["state"])
            ]
            clocks = {(e["at"], e["node_at"]) for e in behind}
            assert (cell["at"], cell["node_at"]) in clocks, (row["learner"], cell)
            assert cell["node_at"] not in {e["at"] for e in behind}, (row["learner"], cell)
            # the seed ran its commands half an hour ago on the node; the grader recorded them
            # as the test began: `at` is that, on the grader's clock
            assert before - 600 <= iso_seconds(cell["at"]) <= after, (row["learner"], cell)
            assert iso_seconds(cell["at"]) - iso_seconds(cell["node_at"]) > 1500, cell
            cells += 1
    assert cells == 4  # alice: verified, attempted; bob: verified, verified

    path = "/api/dashboard/downgrades"
    assert pub.check("get", path, get(path, headers=alice)) == {"downgrades": 0}

    path = "/api/dashboard/labs/{lab}"
    detail = pub.check("get", path, get(f"/api/dashboard/labs/{LAB_ID}", headers=alice))
    [info] = [lab for lab in get("/api/labs", headers=alice).json() if lab["id"] == LAB_ID]
    # the learner page's route leaves null keys out (response_model_exclude_none): `attempts`
    # of a command step is there only in /api/labs
    assert [{k: s.get(k) for k in info["steps"][0]} for s in detail["steps"]] == info["steps"]
    question = next(s for s in detail["steps"] if s["type"] == "question")
    assert question["practice"] == {"prompt": question["question"]} and question["choices"]

    # the checklist's times are the progress API's: `at` the grader's, `node_*` the node's
    path = "/api/dashboard/checklist/{learner}"
    for who, lab in (("alice", LAB_ID), ("bob", TRANSPORT_ID)):
        url = f"/api/dashboard/checklist/{who}?lab={lab}"
        mine = pub.check("get", path, get(url, headers=op(TOKENS[who])))
        [progress] = get(f"/api/learners/{who}/progress?lab={lab}", headers=boss).json()["labs"]
        assert [s["id"] for s in mine["steps"]] == [s["id"] for s in progress["steps"]]
        for step, want in zip(mine["steps"], progress["steps"], strict=True):
            assert (step["state"], step["at"], step["node_at"]) == (
                want["state"],
                want["at"],
                want["node_at"],
            ), step["id"]
            if want["evidence"] is None:
                assert step["evidence"] is None, step["id"]
                continue
            assert step["at"] != step["node_at"]  # graded half an hour after the node ran it
            for key in ("line", "exit", "pipestatus", "cwd", "node_t0", "node_t1", "values"):
                assert step["evidence"][key] == want["evidence"][key], (step["id"], key)
    assert pub.check("get", path, get(f"/api/dashboard/checklist/alice?lab={LAB_ID}", headers=boss))

    path = "/api/labs/{lab}/practice/{step}"
    url = f"/api/labs/{LAB_ID}/practice"
    right = pub.check(
        "post", path, post(f"{url}/run-broken", headers=bob, json={"command": BROKEN_LINE})
    )
    assert right["ok"] and right["practice"]["output"]
    wrong = pub.check("post", path, post(f"{url}/run-broken", headers=bob, json={"command": "ls"}))
    assert not wrong["ok"] and "output" not in wrong["practice"] and wrong["hints"]
    chose = pub.check("post", path, post(f"{url}/why-socket", headers=bob, json={"choice": "a"}))
    assert chose["practice"]["record"] == "lab answer why-socket a"

    answered = {(method, path) for method, path, code in pub.checked if code == 200}
    assert answered == set(PAGE_ERRORS)
