"""Whatever the store holds, every route renders it: extreme rows in a real store, every route read.

Hypothesis writes rows of each kind the API reads into a real store (SQLite, and PostgreSQL with
GRADER_TEST_PG_URL): command records, verdicts (their events and progress), anomalies, node
states and leases, announcements, a regrade's downgrade and raw events of every state. Their
values are the extremes of their column types: times of any double (NaN, infinities, year 11476,
before year 1), integers up to a column's bound and, inside JSON documents, far past it, text
with control characters, U+2028, bidi controls, very long text, and lone surrogates (in JSON
documents: a text column refuses them). A value the database refuses (NUL in PostgreSQL text, a
surrogate in a text column) is not held, and is counted; the test asserts most writes are held.

Each example then reads every route of the real app, enumerated from `app.routes` (a route this
test does not know how to call fails it), over HTTP from a real uvicorn server, with the
operator's token and each learner's, and follows the SSE stream up to the newest event. No
answer is a 5xx; every JSON answer is strict UTF-8 JSON (no NaN, no surrogate) and, on a
documented route, valid against /openapi.json; every time in it is an ISO-8601 string within
years 1 to 9999 (docs/api.md "Times, numbers and text").

CI runs EXAMPLES_CI examples per database; LABGRADER_THOROUGH=1 runs EXAMPLES_THOROUGH.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability.access.conftest import FIRST_LAB
from reliability.profiles import THOROUGH
from starlette.routing import Mount, Route

from api.server import running
from api.test_openapi import Published
from grader.api import ApiSettings, create_app
from grader.capture.events import Anomaly, CommandRecord
from grader.labs import Lab
from grader.labs.loader import load_lab
from grader.labs.model import Step
from grader.store import EVENT_DOWNGRADED, EVENT_RESET, IngestBatch, Store
from grader.store import schema as t
from grader.store.database import create_engine
from grader.verdict import Evidence, State, StepVerdict

EXAMPLES_CI = 12  # each writes a dozen rows, reads every route with 3 tokens: ~2.5 s each here
EXAMPLES_THOROUGH = 300

OPERATOR = "operator-token-0123456789"
LEARNER_TOKENS = {"alice": "alice-token-0123456789abcdef", "bob": "bob-token-0123456789abcdef00"}
NODE = "node-extreme"
SMALL = Lab(
    id="lab-one",
    title="Lab One",
    description="A test lab.",
    steps=(Step(id="step-1", title="First", points=2), Step(id="step-2", title="Second")),
)
GHOST_LAB = "no-such-lab"  # events and progress of a lab the grader does not load

# --- values --------------------------------------------------------------------------------------

EDGE_TIMES = (
    math.nan,
    math.inf,
    -math.inf,
    300_000_000_000.5,  # year 11476: the redefined clock
    253_402_300_799.999_999_9,  # rounds into year 10000
    253_402_300_800.0,
    -62_135_596_800.0,  # 0001-01-01
    -62_135_596_801.0,
    1e300,
    -1e300,
    2.0**63,
    5e-324,
    -0.0,
    1.7e9,
)
times = st.one_of(st.sampled_from(EDGE_TIMES), st.floats(), st.floats(-1e13, 1e13))
maybe_times = st.none() | times

BIG = 2**63 - 1
column_ints = st.one_of(st.sampled_from((0, -1, BIG, -BIG - 1)), st.integers(-BIG - 1, BIG))
int32 = st.one_of(st.sampled_from((0, 2**31 - 1, -(2**31))), st.integers(-(2**31), 2**31 - 1))
# inside a JSON document: no column bounds them; Python writes up to 4,300 digits as text
json_ints = st.one_of(
    column_ints, st.sampled_from((2**64, -(2**64), 10**300, -(10**4000))), st.integers()
)

HOSTILE_TEXT = (
    "",
    " ",
    "\x00nul",
    "\x1b[31mred\x1b[0m",
    "line\u2028sep\u2029para",
    "\u202eevil\u202c",
    "\r\n\x85\x0b\x0c",
    "\ufeff\u200b",
    "é" * 5,
    "\U0001f600",
    "<script>alert(1)</script>",
)
SURROGATES = ("\udc80", "\ud800", "a\udfffb", "\ud83d")  # what a JSON document can bring back
big_text = st.builds(
    lambda ch, n: ch * n, st.sampled_from("xé\u202e\n"), st.sampled_from((5_000, 100_000))
)


@dataclass(frozen=True)
class Texts:
    """Text for a text column (`plain`), inside a JSON document (`json`: lone surrogates too),
    and short text. PostgreSQL holds no NUL in either and no surrogate in a JSON document
    (`for_dialect`): drawing them there would only make most writes refused."""

    plain: st.SearchStrategy[str]
    json: st.SearchStrategy[str]
    short: st.SearchStrategy[str]

    @classmethod
    def for_dialect(cls, dialect: str) -> Texts:
        plain = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=40), big_text)
        json_text = st.one_of(
            plain,
            st.sampled_from(SURROGATES),
            st.builds("".join, st.lists(st.sampled_from((*HOSTILE_TEXT, *SURROGATES)), max_size=4)),
        )
        short = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=40))
        if dialect == "postgresql":
            plain, json_text, short = (
                s.map(lambda x: SURROGATE.sub("", x.replace("\x00", "")))
                for s in (plain, json_text, short)
            )
        return cls(plain, json_text, short)


SURROGATE = re.compile("[\ud800-\udfff]")
LEARNERS = ("alice", "bob", "carol", "d\u2028ave", "\u202eeve", "x" * 200)
learners = st.sampled_from(LEARNERS)
labs = st.sampled_from((SMALL.id, "nccl-bootstrap", GHOST_LAB))
steps = st.sampled_from(("step-1", "step-2", "ghost-step"))
EVENT_STATES = (State.ATTEMPTED.value, State.VERIFIED.value, EVENT_RESET, EVENT_DOWNGRADED)


@dataclass
class Rows:
    """What one example writes: each part a row (or batch) of one kind."""

    batches: list[IngestBatch]
    node: dict[str, Any]
    lease_since: float
    announcements: list[dict[str, Any]]
    events: list[dict[str, Any]]
    recorded: list[tuple[str, float | None]]  # (learner, progress.recorded) for every row of one
    downgraded: tuple[str, str]  # (learner, lab) a regrade lowered: the grid re-reads it


_counter = itertools.count()


def command_fields(
    draw: st.DrawFn, text: st.SearchStrategy[str], exits: st.SearchStrategy[int]
) -> dict[str, Any]:
    """What a command record and a verdict's evidence both say of the command."""
    return {
        "line": draw(text),
        "exit": draw(st.none() | exits),
        "pipestatus": tuple(draw(st.lists(json_ints, max_size=3))),
        "cwd": draw(st.none() | text),
        "t0": draw(maybe_times),
        "t1": draw(maybe_times),
    }


@st.composite
def ingest_batches(draw: st.DrawFn, v: Texts) -> IngestBatch:
    """One command of a learner as the daemon commits it: record, verdict, anomaly, snapshot."""
    k = next(_counter)
    learner = draw(learners)
    session = f"s{k}"
    aid, n = draw(column_ints), draw(column_ints)
    record = CommandRecord(
        session=session,
        aid=aid,
        n=n,
        **command_fields(draw, v.plain, int32),  # exit: an INTEGER column
        output=draw(v.plain),
        output_chars=draw(column_ints),
        attestations=tuple(draw(st.lists(v.short, max_size=2))),
    )
    evidence = Evidence(
        session=session,
        aid=aid,
        n=n,
        # t1 (else t0) is the verdict's `at` and the progress row's
        **command_fields(draw, v.json, json_ints),  # a JSON document: no column bounds exit
        excerpt=draw(v.json),
        matched=tuple(draw(st.lists(v.json, max_size=3))),
        values=tuple(draw(st.lists(v.json, max_size=2))),
    )
    verdict = StepVerdict(
        draw(labs),
        draw(steps),
        draw(st.sampled_from((State.ATTEMPTED, State.VERIFIED))),
        draw(v.plain),
        draw(st.dictionaries(v.json, v.json, max_size=2)),
        evidence,
    )
    anomaly = Anomaly(
        session,
        draw(st.sampled_from(("replayed_marker", "malformed_marker", "unannounced_shell"))),
        draw(v.plain),
        offset=draw(column_ints),
        extra={"x": draw(v.json)},
    )
    return IngestBatch(
        node_id=NODE,
        offsets={f"{learner}/{session}.ts": draw(column_ints)},
        records=[(learner, record)],
        verdicts=[(learner, verdict)],
        anomalies=[(learner, anomaly)],
        snapshots={(learner, verdict.lab): {"last_n": draw(json_ints), "x": draw(v.json)}},
    )


@st.composite
def raw_events(draw: st.DrawFn, v: Texts) -> dict[str, Any]:
    """A verdict_events row as no writer of today makes it: any state, any time, any evidence of
    the state's shape (a reset's, a downgrade's, a command's, none)."""
    k = next(_counter)
    state = draw(st.sampled_from(EVENT_STATES))
    evidence: dict[str, Any] | None
    if state == EVENT_RESET:
        evidence = {
            "actor": draw(v.json),
            "cleared": draw(st.dictionaries(v.json, v.json, max_size=2)),
            "after_record": draw(json_ints),
        }
    elif state == EVENT_DOWNGRADED:
        evidence = {"from": draw(v.json), "to": draw(v.json), "reason": draw(v.json)}
    else:
        evidence = draw(
            st.none()
            | st.fixed_dictionaries(
                {
                    "session": v.json,
                    "aid": json_ints,
                    "n": json_ints,
                    "line": v.json,
                    "t0": times,
                    "t1": times,
                    "extra": st.one_of(v.json, json_ints, times),
                }
            )
        )
    return {
        "learner": draw(learners),
        "lab": draw(labs),
        "step": "*" if state == EVENT_RESET else draw(steps),
        "state": state,
        "reason": draw(v.plain),
        "at": draw(times),
        "evidence": evidence,
        "session": f"raw{k}",
        "aid": -1,
        "n": k,
        "recorded": draw(maybe_times),
    }


@st.composite
def rows(draw: st.DrawFn, v: Texts) -> Rows:
    return Rows(
        batches=draw(st.lists(ingest_batches(v), min_size=1, max_size=3)),
        node={
            "host": draw(v.short),
            "port": draw(int32),
            "learners": draw(st.lists(st.sampled_from((*LEARNERS, *SURROGATES)), max_size=4)),
            "lag_s": draw(maybe_times),
            "error": draw(st.none() | v.plain),
            "updated": draw(times),
        },
        lease_since=draw(times),
        announcements=draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "at": times,
                        "author": v.short,
                        "text": v.plain,
                        "lab": st.sampled_from((None, SMALL.id, GHOST_LAB)),
                        "expires_at": st.none() | times,
                    }
                ),
                max_size=2,
            )
        ),
        events=draw(st.lists(raw_events(v), max_size=3)),
        recorded=draw(st.lists(st.tuples(learners, maybe_times), max_size=2)),
        downgraded=(draw(learners), draw(labs)),
    )


# --- writing them --------------------------------------------------------------------------------

REFUSED = (sa.exc.SQLAlchemyError, UnicodeEncodeError, ValueError, OverflowError)
"""What a database or its driver raises for a value it cannot hold: NUL or a surrogate in text,
an integer past the column, a JSON number too long to write. Such a value is not held."""


@dataclass
class Held:
    """What was written: kinds of row held at least once, and each write refused."""

    kinds: set[str] = field(default_factory=set)
    held: int = 0
    refused: list[str] = field(default_factory=list)

    def write(self, what: str, action: Any) -> None:
        try:
            action()
        except REFUSED as exc:
            self.refused.append(f"{what}: {type(exc).__name__}: {str(exc)[:120]}")
        else:
            self.kinds.add(what)
            self.held += 1


def write(store: Store, engine: sa.Engine, r: Rows, held: Held) -> None:
    def raw(statement: Any) -> Any:
        def run() -> None:
            with engine.begin() as conn:
                conn.execute(statement)

        return run

    node = r.node
    held.write(
        "node",
        lambda: store.upsert_node(NODE, node["host"], node["port"], node["learners"]),
    )
    for batch in r.batches:  # after the node: a batch's offsets name it
        held.write("ingest", lambda batch=batch: store.ingest(batch))
    held.write(
        "node status",
        lambda: store.set_node_status(
            NODE, connected=True, lag_s=node["lag_s"], error=node["error"]
        ),
    )
    held.write("node updated", raw(t.nodes.update().values(updated=node["updated"])))
    held.write("lease", raw(t.leases.delete().where(t.leases.c.node_id == NODE)))
    lease = {"node_id": NODE, "owner": "grader-x", "expires_at": 1e15, "since": r.lease_since}
    held.write("lease", raw(t.leases.insert().values(**lease)))
    for a in r.announcements:
        held.write("announcement", raw(t.announcements.insert().values(**a)))
    for e in r.events:
        held.write(f"event {e['state']}", raw(t.verdict_events.insert().values(**e)))
    for learner, recorded in r.recorded:
        statement = t.progress.update().where(t.progress.c.learner == learner)
        held.write("progress recorded", raw(statement.values(recorded=recorded)))
    learner, lab = r.downgraded
    audit = {
        "at": time.time(),
        "kind": "regrade:downgrade",
        "learner": learner,
        "detail": {"lab": lab},
        "suspicious": False,
    }
    held.write("downgrade audit", raw(t.audit.insert().values(**audit)))


# --- reading every route -------------------------------------------------------------------------

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
TIME_KEYS = frozenset(
    {"at", "node_at", "node_t0", "node_t1", "updated", "held_since", "expires_at", "now"}
)
# (method, path) -> the JSON body a write route is called with (every other route is a GET)
BODIES: dict[tuple[str, str], Any] = {
    ("POST", "/api/learners/{learner}/labs/{lab}/reset"): {"reason": "property test"},
    ("POST", "/api/announcements"): {"text": "hello \u2028 class"},
    ("POST", "/api/labs/{lab}/practice/{step}"): {"command": "nvidia-smi -L"},
    ("DELETE", "/api/announcements/{seq}"): None,
}
# query parameters a route needs (or reads stored values through)
QUERIES: dict[str, dict[str, str]] = {
    "/api/dashboard/grid": {"lab": "{lab}"},
    "/api/dashboard/checklist/{learner}": {"lab": "{lab}"},
    "/api/events": {"after": "0"},
}
FREE_MAPS = frozenset({"captures", "cleared"})
STREAM = "/api/events/stream"
PATH_PARAM = re.compile(r"{(\w+)}")
STREAM_TIMEOUT_S = 30.0  # the stream sends what is stored at once; this only bounds a hang


def no_constants(name: str) -> Any:
    raise AssertionError(f"{name} in a JSON answer: not strict JSON")


def strict_json(body: bytes, where: str) -> Any:
    """The body as strict JSON, every string without surrogates, every time ISO in range."""
    value = json.loads(body.decode("utf-8"), parse_constant=no_constants)

    def walk(node: Any, key: str | None, named: bool) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(k, None, False)
                # a map of stored names (captures, a reset's cleared steps) names no time
                walk(v, k, key not in FREE_MAPS)
        elif isinstance(node, list):
            for v in node:
                walk(v, key, named)
        elif isinstance(node, str):
            assert not any("\ud800" <= c <= "\udfff" for c in node), (where, key, node[:80])
            if named and key in TIME_KEYS:
                assert ISO.match(node), (where, key, node)

    walk(value, None, True)
    return value


@dataclass
class Reader:
    """Reads every route of `app` over `client` and checks each answer."""

    app: FastAPI
    client: httpx.Client
    store: Store
    published: Published
    read: set[tuple[str, str]] = field(default_factory=set)

    def values(self, name: str) -> list[str]:
        if name == "learner":
            # the learners with tokens, one nobody knows, and two stored hostile names
            hostile = [n for n in self.store.learners() if _url_safe(n) and not n.isalpha()]
            return ["alice", "bob", "carol", *hostile[:2]]
        if name == "lab":
            return [SMALL.id, "nccl-bootstrap"]
        if name == "step":
            return ["step-1", "configure-first-rank"]
        if name == "seq":
            live = self.store.announcements(time.time())
            return [str(live[-1].seq)] if live else ["1"]
        raise AssertionError(f"a route takes {{{name}}}: teach this test a value for it")

    def calls(self, path: str) -> Iterator[str]:
        """A URL of `path` for each combination of the values its parameters take."""
        query = QUERIES.get(path, {})
        names = list(dict.fromkeys(PATH_PARAM.findall(path + "".join(query.values()))))
        for combo in itertools.product(*(self.values(n) for n in names)):
            given = {n: quote(v, safe="") for n, v in zip(names, combo, strict=True)}
            asked = "&".join(f"{k}={v.format(**given)}" for k, v in query.items())
            yield path.format(**given) + (f"?{asked}" if asked else "")

    def every_route(self) -> None:
        for route in self.app.routes:
            if isinstance(route, Mount):
                continue  # the pages' static files: no stored value reaches them
            assert isinstance(route, APIRoute | Route), route
            for method in sorted(route.methods or ()):
                if method == "HEAD":
                    continue
                for token in (OPERATOR, *LEARNER_TOKENS.values()):
                    self.route(method, route.path, token, isinstance(route, APIRoute))

    def route(self, method: str, path: str, token: str, documented: bool) -> None:
        if method != "GET" and (method, path) not in BODIES:
            raise AssertionError(f"{method} {path}: teach this test how to call it")
        headers = {"Authorization": f"Bearer {token}"}
        if path == STREAM:
            self.stream(headers)
            return
        for url in self.calls(path):
            answer = self.client.request(
                method, url, headers=headers, json=BODIES.get((method, path))
            )
            where = f"{method} {url}"
            assert answer.status_code < 500, (where, answer.status_code, answer.text[:500])
            self.read.add((method, path))
            if answer.headers.get("content-type", "").startswith("application/json"):
                strict_json(answer.content, where)
                if documented and path in self.published.spec["paths"]:
                    self.published.check(method.lower(), path, answer)

    def stream(self, headers: dict[str, str]) -> None:
        """The SSE stream from the start, read up to the newest event this token may see."""
        who = next(
            (k for k, v in LEARNER_TOKENS.items() if headers["Authorization"].endswith(v)), None
        )
        newest = max((e.seq for e in _all_events(self.store, who)), default=0)
        seen = 0
        deadline = time.monotonic() + STREAM_TIMEOUT_S
        with self.client.stream("GET", STREAM, headers=headers, timeout=STREAM_TIMEOUT_S) as answer:
            assert answer.status_code == 200, answer.status_code
            lines = sse_lines(answer) if newest else iter(())  # nothing to send: it waits
            for line in lines:
                if line.startswith("data:"):
                    event = strict_json(line[5:].strip().encode("utf-8"), STREAM)
                    seen = event["seq"]
                if seen >= newest or time.monotonic() > deadline:
                    break
        assert seen == newest, f"the stream stopped at {seen}, before {newest}"
        self.read.add(("GET", STREAM))


SSE_LINE_END = re.compile(r"\r\n|\r|\n")
"""Where the SSE format ends a line: CR, LF or both, nothing else (WHATWG HTML "Server-sent
events"); httpx's iter_lines would split on U+2028 inside an event's JSON too."""


def sse_lines(answer: httpx.Response) -> Iterator[str]:
    pending = ""
    for chunk in answer.iter_text():
        pending += chunk
        *done, pending = SSE_LINE_END.split(pending)
        yield from done


def _url_safe(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False  # a URL cannot name it
    return bool(name)


def _all_events(store: Store, learner: str | None) -> list[Any]:
    out: list[Any] = []
    while batch := store.events_after(out[-1].seq if out else 0, learner):
        out.extend(batch)
    return out


# --- the property --------------------------------------------------------------------------------


@pytest.fixture
def extreme_app(store: Store) -> FastAPI:
    api = ApiSettings(
        labs={SMALL.id: SMALL, "nccl-bootstrap": load_lab(FIRST_LAB)},
        operator_tokens=(OPERATOR,),
        learner_tokens=LEARNER_TOKENS,
        # hundreds of requests from one client: the rate limits would answer 429 instead
        rate_per_token="100000/second",
        failed_auth_per_client="100000/minute",
    )
    return create_app(store, api)


def test_every_route_renders_whatever_the_store_holds(
    store: Store, db_url: str, extreme_app: FastAPI
) -> None:
    engine = create_engine(db_url)
    held = Held()
    try:
        with running(extreme_app) as base, httpx.Client(base_url=base, timeout=60) as client:
            reader = Reader(extreme_app, client, store, Published(client))

            @settings(
                max_examples=EXAMPLES_THOROUGH if THOROUGH else EXAMPLES_CI,
                deadline=None,
                suppress_health_check=list(HealthCheck),
                derandomize=not THOROUGH,
                database=None,
            )
            @given(r=rows(Texts.for_dialect(engine.dialect.name)))
            def each(r: Rows) -> None:
                write(store, engine, r, held)
                reader.every_route()

            each()
    finally:
        engine.dispose()
    # not vacuous: rows of every kind were held, most writes were (the database refuses only a
    # few values), and every route of the app was read, the stream too
    kinds = {"ingest", "node", "node status", "node updated", "lease", "announcement"}
    kinds |= {"progress recorded", "downgrade audit"} | {f"event {s}" for s in EVENT_STATES}
    assert held.kinds == kinds, held.refused
    assert held.held > 3 * len(held.refused), held.refused
    routes = {
        (method, route.path)
        for route in extreme_app.routes
        if isinstance(route, APIRoute | Route)
        for method in route.methods or ()
        if method != "HEAD"
    }
    assert reader.read == routes
