"""The HTTP API: labs, nodes, learners' progress, verdict events (JSON poll and SSE), metrics.

`create_app(store, settings)` builds the FastAPI app; the daemon mounts it in its own process, or
`grader serve` runs it standalone against the same database. Handlers that touch the store are
plain `def`s, so FastAPI runs them in its thread pool and the sync store never blocks the loop.

Auth: every route but /healthz needs `Authorization: Bearer <token>` (auth.py). Operators see
and change everything; a teaching assistant's (ta) token reads what an operator reads but
/metrics, and changes nothing (reset and announce are the operator's: 403); a learner's token
sees only that learner (403 elsewhere; event lists and streams are filtered to it). /metrics
needs the operator token: Prometheus scrape configs support `authorization: {credentials: ...}`,
and per-node lag and error counts are operator information.

Answers are the pydantic models of models.py, built from the store by views.py; the OpenAPI
document names each one, the bearer scheme, and every error a route can give (docs/api.md).

No /docs or /redoc: FastAPI's pages load Swagger UI from a CDN, which a grader on an isolated
network cannot reach and should not trust; /openapi.json is served for any local tool.
"""

# No `from __future__ import annotations` here: FastAPI reads route annotations at runtime, and
# the Annotated aliases (Who, Operator) are local to create_app, out of reach of string lookups.
import hashlib
import json
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel
from sse_starlette import EventSourceResponse, ServerSentEvent

from grader import metrics
from grader.api import dashboard, export, views
from grader.api import models as m
from grader.api.auth import Principal, TokenTable, token_digest
from grader.api.jsonout import json_bytes, model_json, model_response, text
from grader.api.settings import ApiSettings
from grader.api.streams import STREAM_RETRY_AFTER_S, HeldStream, StreamSlots
from grader.labs import Lab
from grader.ratelimit import RateLimits
from grader.store import EVENTS_PAGE_MAX, Announcement, EventFeed, Store

API_DESCRIPTION = """Learners' verified progress through hands-on labs, for dashboards and LMSs.

- Auth: `Authorization: Bearer <token>` on every route. Operator tokens read and change
  everything; teaching-assistant (ta) tokens read the class and change nothing; a learner's token
  reads that learner only.
- Times are ISO-8601 UTC strings on the grader's clock (`2026-12-02T08:15:00.123456Z`). Times
  read on a node keep a `node_` prefix (`node_at`, `node_t0`, `node_t1`): evidence, not the
  grader's record.
- Events: poll `GET /api/events?after=<last seq>` or follow `/api/events/stream` (SSE, resumable
  with Last-Event-ID). Each event carries the step's `points` and the learner's `score` in the
  lab after it, out of `lab_points`.
- Lists and progress answer with an ETag; send it back in If-None-Match for a 304 while nothing
  changed. Too many requests with one token: 429 with Retry-After.
"""

OPENAPI_TAGS = [
    {"name": "labs", "description": "The loaded labs, their steps and points."},
    {"name": "learners", "description": "One learner's progress (a learner token: its own)."},
    {"name": "events", "description": "The verdict-event log: poll or stream, by `seq`."},
    {"name": "class", "description": "The whole class (operator or ta token)."},
    {"name": "class actions", "description": "What changes a learner's record (operator)."},
    {
        "name": "announcements",
        "description": "Messages to the class (posting and withdrawing: operator).",
    },
    {"name": "service", "description": "Liveness and Prometheus metrics."},
    {
        "name": "dashboard pages",
        "description": "What the dashboard's own pages read; an LMS reads the routes above.",
    },
]

SSE_PING_S = 15
"""Comment-line keepalive on idle streams: below the 30-60 s idle timeouts of common proxies."""

SEQ_MAX = 2**63 - 1
"""Largest event seq a client may name: the database's signed 64-bit integer. A larger ?after= or
Last-Event-ID is refused here (422 / 400): passed on, it would fail in the driver as a 500."""

LAST_EVENT_ID_PATTERN = "^[0-9]{1,18}$"
"""A Last-Event-ID as the document states it: a seq of at most 18 digits, which is below SEQ_MAX
however it is written. Anything else is answered 400 by the route (not FastAPI's 422): an
EventSource resends whatever id it was given, and 400 says the request cannot be read."""

ANNOUNCEMENT_SEQ_MAX = 2**31 - 1
"""Largest announcement seq a client may name: the announcements table's 32-bit integer key."""

STREAM_EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One Server-Sent Event of the stream, as an EventSource hands it over.",
    "required": ["event", "id", "data"],
    "properties": {
        "event": {"type": "string", "enum": ["verdict"]},
        "id": {
            "type": "string",
            "pattern": "^[0-9]+$",
            "description": "the event's seq: a reconnecting client sends it as Last-Event-ID",
        },
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": "#/components/schemas/Event"},
            "description": "an Event, as JSON",
        },
    },
}
"""What each event of /api/events/stream is. The body itself is declared a string (what an
OpenAPI 3.1 client reads from a text/event-stream); this schema goes beside it as `itemSchema`,
OpenAPI 3.2's name for one item of a stream, which 3.1 tools ignore and stream-aware ones
(schemathesis) check each event against."""


def _etagged(request: Request, payload: Any) -> Response:
    """`payload` as JSON with a strong ETag (its SHA-256); 304 when the client's If-None-Match
    names it. A poller then gets an empty answer while nothing changed (RFC 9110 §13.1.2)."""
    body = json_bytes(payload, separators=(",", ":"), sort_keys=True)
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
    wanted = request.headers.get("if-none-match", "")
    if tag in {t.strip().removeprefix("W/") for t in wanted.split(",")} or wanted.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


ETAG_HEADER = {
    "description": "a strong validator of this answer: send it back as If-None-Match",
    "schema": {"type": "string"},
}

CONDITIONAL_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"headers": {"ETag": ETAG_HEADER}},
    304: {
        "description": "nothing changed since the ETag named in If-None-Match: no body",
        "headers": {"ETag": ETAG_HEADER},
    },
}
"""What `_etagged` routes answer besides their errors, for the document: a generated client
learns the ETag, and that a 304 without a body is a success, not an error."""


def _if_none_match(
    if_none_match: Annotated[
        str | None,
        Header(description="ETags from earlier answers: 304 while one still matches"),
    ] = None,
) -> None:
    """Declares If-None-Match in the document for `_etagged` routes; `_etagged` reads it off the
    request itself, so handlers need no argument for it."""


def _too_many(wait: int, why: str) -> HTTPException:
    return HTTPException(status_code=429, detail=why, headers={"Retry-After": str(wait)})


def _reject_unknown_query(request: Request) -> None:
    """422 for a query parameter the route does not take: a misspelt filter (`?learnr=bob`)
    would otherwise be ignored and answer for everyone. Only under /api/ (pages have none)."""
    if not request.url.path.startswith("/api/"):
        return
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None:
        return
    known: set[str] = set()
    todo = [dependant]
    while todo:  # the route's own parameters and those of its dependencies
        d = todo.pop()
        known.update(p.alias for p in d.query_params)
        todo.extend(d.dependencies)
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        takes = ", ".join(sorted(known)) or "none"
        raise HTTPException(
            status_code=422,
            detail=[
                {
                    "loc": ["query", name],
                    "msg": f"unknown query parameter; this route takes: {takes}",
                    "type": "extra_forbidden",
                }
                for name in unknown
            ],
        )


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error answers a route can give (each a typed body)."""
    table: dict[int, dict[str, Any]] = {
        400: {
            "model": m.Problem,
            "description": "a request that cannot be read: a Last-Event-ID that is not a seq, or "
            "a JSON body that is not UTF-8",
        },
        401: {
            "model": m.Problem,
            "description": "no valid bearer token",
            "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}},
        },
        403: {"model": m.Problem, "description": "this token may not do that"},
        404: {"model": m.Problem, "description": "no such learner or lab"},
        422: {
            "model": m.InvalidRequest,
            "description": "an unknown query parameter, or a parameter or body that is not valid",
        },
        429: {
            "model": m.Problem,
            "description": "too many requests with this token (or failed sign-ins from here, "
            "or, for the event stream, as many streams open as the token or the grader may hold)",
            "headers": {
                "Retry-After": {
                    "description": "whole seconds until the next request is let through",
                    "schema": {"type": "integer"},
                }
            },
        },
    }
    return {code: table[code] for code in sorted({401, 422, 429, *codes})}


def create_app(store: Store, settings: ApiSettings) -> FastAPI:
    tokens = TokenTable(settings.operator_tokens, settings.learner_tokens, store.token_for_digest)
    limits = RateLimits(settings.rate_per_token, settings.failed_auth_per_client)

    def reconfigure(new: ApiSettings) -> None:
        """grader.yaml read again (the daemon's reload): its tokens, labs and learners from the
        next request on. Rate limits and stream bounds are the ones the app started with."""
        tokens.configure(new.operator_tokens, new.learner_tokens)
        settings.adopt(new)

    streams = StreamSlots(settings.streams_per_token, settings.streams_total)
    feed = EventFeed(store)
    bearer = HTTPBearer(
        auto_error=False,
        description="An operator, teaching-assistant (ta) or learner token: `grader tokens "
        "create`, or grader.yaml's api.tokens.",
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await feed.start()
        try:
            yield
        finally:
            await feed.stop()

    app = FastAPI(
        title="labgrader",
        summary="Verified progress of learners through hands-on labs.",
        description=API_DESCRIPTION,
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        dependencies=[Depends(_reject_unknown_query)],
        generate_unique_id_function=_operation_id,
        openapi_tags=OPENAPI_TAGS,
    )
    app.state.reconfigure = reconfigure

    def principal(
        request: Request,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> Principal:
        # The token is judged before the address's failures: a class behind one NAT address
        # shares it, and one learner's stale or mistyped token must not lock the others out.
        # Only requests without a valid token are counted and, past the limit, answered 429.
        client = request.client.host if request.client else "unknown"
        presented = credentials.credentials.strip() if credentials else ""
        found = tokens.lookup(presented) if presented else None
        if found is None:
            if (wait := limits.failed(client)) is not None:
                raise _too_many(wait, "too many requests without a valid token from this address")
            raise HTTPException(
                status_code=401,
                detail="a valid bearer token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )
        # keyed by the token's digest: each operator token and each learner has its own window
        if (wait := limits.token(token_digest(presented).hex())) is not None:
            raise _too_many(wait, "too many requests with this token")
        return found

    def operator(who: Annotated[Principal, Depends(principal)]) -> Principal:
        if not who.operator:
            raise HTTPException(status_code=403, detail="operator token required")
        return who

    def class_reader(who: Annotated[Principal, Depends(principal)]) -> Principal:
        if not who.reads_class:
            raise HTTPException(
                status_code=403, detail="operator or teaching-assistant token required"
            )
        return who

    def learner_scope(who: Principal, learner: str | None) -> str | None:
        """The learner filter for event queries: a learner token is always pinned to itself."""
        if who.reads_class:
            return learner
        if learner is not None and learner != who.learner:
            raise HTTPException(status_code=403, detail="this token may not see that learner")
        return who.learner

    def known_learner_or_404(learner: str) -> None:
        if learner not in tokens.learners and not store.knows_learner(learner):
            # not a silent zero grade: nobody by that name is on a node or has any record
            raise HTTPException(status_code=404, detail=f"no learner {learner!r}")

    def lab_or_404(lab: str) -> Lab:
        found = settings.labs.get(lab)
        if found is None:
            raise HTTPException(status_code=404, detail=f"no lab {lab!r} is loaded")
        return found

    def actor(who: Principal) -> str:
        """Who did it, for the audit log: the issued token's id, or the configured role."""
        return f"{who.role} token {who.token_id}" if who.token_id else f"{who.role} (grader.yaml)"

    def learner_labs(learner: str) -> set[str]:
        """The labs a learner takes: grader.yaml's nodes, else the labs they have progress in."""
        if learner in settings.learner_labs:
            return set(settings.learner_labs[learner])
        return {lab for lab in settings.labs if store.step_states(learner, lab)}

    Who = Annotated[Principal, Depends(principal)]
    Operator = Annotated[Principal, Depends(operator)]
    ClassReader = Annotated[Principal, Depends(class_reader)]

    @app.get(
        "/healthz",
        summary="Liveness: the database answers (no auth)",
        response_model=m.Health,
        responses={503: {"model": m.Health, "description": "the database does not answer"}},
        tags=["service"],
    )
    def healthz() -> JSONResponse:
        try:
            store.ping()
        except Exception as exc:  # any driver error means "not healthy"
            return JSONResponse({"ok": False, "error": type(exc).__name__}, status_code=503)
        return JSONResponse({"ok": True})

    @app.get(
        "/metrics",
        summary="Prometheus metrics (operator token)",
        response_class=Response,
        responses={
            200: {
                "description": "Prometheus text exposition format",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            },
            **_errors(403),
        },
        tags=["service"],
    )
    def metrics_endpoint(_: Operator) -> Response:
        nodes = store.nodes()
        metrics.NODES_CONNECTED.set(sum(1 for n in nodes if n.connected))
        for n in nodes:
            if n.lag_s is not None:
                metrics.NODE_LAG_SECONDS.labels(node=n.id).set(n.lag_s)
        return Response(metrics.render(), media_type=metrics.CONTENT_TYPE)

    @app.get(
        "/api/labs",
        summary="Loaded labs and their steps",
        response_model=list[m.LabInfo],
        tags=["labs"],
        responses={**CONDITIONAL_RESPONSES, **_errors()},
        dependencies=[Depends(_if_none_match)],
    )
    def labs(request: Request, _: Who) -> Response:
        return _etagged(request, _dump(views.lab_info(lab) for lab in settings.labs.values()))

    @app.get(
        "/api/nodes",
        summary="Nodes: connection, lag, last error, the grader holding it (operator or ta)",
        response_model=list[m.NodeInfo],
        tags=["class"],
        responses={**CONDITIONAL_RESPONSES, **_errors(403)},
        dependencies=[Depends(_if_none_match)],
    )
    def nodes(request: Request, _: ClassReader) -> Response:
        return _etagged(request, _dump(views.node_info(n) for n in store.nodes()))

    @app.get(
        "/api/learners",
        summary="Every learner with a score per lab they take; ?lab=: that lab's learners "
        "(operator or ta)",
        response_model=list[m.LearnerScores],
        tags=["class"],
        responses={**CONDITIONAL_RESPONSES, **_errors(403, 404)},
        dependencies=[Depends(_if_none_match)],
    )
    def learners(
        request: Request, _: ClassReader, lab: Annotated[str | None, Query()] = None
    ) -> Response:
        chosen = [lab_or_404(lab)] if lab is not None else list(settings.labs.values())
        out = []
        for name in settings.class_learners(store):
            scores = []
            for each in chosen:
                done = store.progress(name, each.id)
                if not settings.takes(name, each.id, bool(done)):
                    continue  # not this learner's lab: no silent zero
                p = views.lab_progress(each, done)
                scores.append(m.LabScore(id=each.id, score=p.score, points=p.points))
            if scores or lab is None:  # asked for one lab: only those who take it
                out.append(m.LearnerScores(learner=name, labs=scores))
        return _etagged(request, _dump(out))

    @app.get(
        "/api/export.csv",
        summary="Grades as CSV: learner, lab, score, points, each step's state (operator or ta)",
        response_class=Response,
        tags=["class"],
        responses={
            200: {
                "description": "one header row per lab, then one row per learner",
                "content": {"text/csv": {"schema": {"type": "string"}}},
            },
            **_errors(403, 404),
        },
    )
    def export_csv(_: ClassReader, lab: Annotated[str | None, Query()] = None) -> Response:
        chosen = [lab_or_404(lab)] if lab is not None else list(settings.labs.values())
        return Response(
            text(export.grades_csv(store, chosen, settings.class_learners(store), settings.takes)),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="grades.csv"'},
        )

    @app.get(
        "/api/learners/{learner}/progress",
        summary="One learner's step states and evidence",
        response_model=m.LearnerProgress,
        tags=["learners"],
        responses={**CONDITIONAL_RESPONSES, **_errors(403, 404)},
        dependencies=[Depends(_if_none_match)],
    )
    def learner_progress(
        request: Request, learner: str, who: Who, lab: Annotated[str | None, Query()] = None
    ) -> Response:
        if not who.may_see(learner):
            raise HTTPException(status_code=403, detail="this token may not see that learner")
        known_learner_or_404(learner)
        chosen = [lab_or_404(lab)] if lab is not None else list(settings.labs.values())
        answer = m.LearnerProgress(
            learner=learner,
            labs=[views.lab_progress(lb, store.progress(learner, lb.id)) for lb in chosen],
        )
        return _etagged(request, answer.model_dump(mode="json"))

    @app.post(
        "/api/learners/{learner}/labs/{lab}/reset",
        summary="Start a learner's lab over: progress cleared, a `reset` event, audited (operator)",
        response_model=m.Event,
        tags=["class actions"],
        responses=_errors(403, 404),
    )
    def reset_lab(learner: str, lab: str, body: m.ResetRequest, who: Operator) -> Response:
        known_learner_or_404(learner)
        lab_or_404(lab)
        try:
            event = store.reset_lab(learner, lab, body.reason, actor(who))
        except ValueError as exc:  # the store's own checks on the reason
            raise _invalid(["body", "reason"], str(exc)) from None
        [answer] = views.ScoreFold(store, settings.labs).events([event])
        return model_response(answer)

    @app.get(
        "/api/announcements",
        summary="Live announcements, oldest first (a learner token: those for its labs)",
        response_model=list[m.Announcement],
        tags=["announcements"],
        responses={**CONDITIONAL_RESPONSES, **_errors(404)},
        dependencies=[Depends(_if_none_match)],
    )
    def announcements(
        request: Request,
        who: Who,
        lab: Annotated[str | None, Query()] = None,
        after: Annotated[int, Query(ge=0, le=SEQ_MAX)] = 0,
    ) -> Response:
        if lab is not None:
            lab_or_404(lab)
        found = store.announcements(time.time(), lab, after)
        if not who.reads_class:
            mine = learner_labs(who.learner or "")
            found = [a for a in found if a.lab is None or a.lab in mine]
        return _etagged(request, _dump(_announcement(a) for a in found))

    @app.post(
        "/api/announcements",
        summary="Announce to the class: shown at learners' next prompt and on their pages "
        "(operator)",
        status_code=201,
        response_model=m.Announcement,
        tags=["announcements"],
        responses=_errors(403, 404),
    )
    def announce(body: m.AnnouncementRequest, who: Operator) -> m.Announcement:
        if body.lab is not None:
            lab_or_404(body.lab)
        expires_at = None if body.ttl_s is None else time.time() + body.ttl_s
        try:
            made = store.add_announcement(body.text, actor(who), body.lab, expires_at)
        except ValueError as exc:  # the store's own checks on the text
            raise _invalid(["body", "text"], str(exc)) from None
        return _announcement(made)

    @app.delete(
        "/api/announcements/{seq}",
        summary="Withdraw a live announcement: no page or prompt shows it from now on (operator)",
        response_model=m.Announcement,
        tags=["announcements"],
        responses=_errors(403, 404),
    )
    def withdraw_announcement(
        seq: Annotated[int, Path(ge=1, le=ANNOUNCEMENT_SEQ_MAX)], who: Operator
    ) -> m.Announcement:
        withdrawn = store.withdraw_announcement(seq, actor(who))
        if withdrawn is None:
            raise HTTPException(status_code=404, detail=f"no live announcement {seq}")
        return _announcement(withdrawn)

    @app.get(
        "/api/events",
        summary="Verdict events after a seq, oldest first (JSON poll)",
        response_model=list[m.Event],
        tags=["events"],
        responses=_errors(403, 404),
    )
    def events(
        who: Who,
        after: Annotated[int, Query(ge=0, le=SEQ_MAX)] = 0,
        learner: Annotated[str | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=EVENTS_PAGE_MAX)] = EVENTS_PAGE_MAX,
    ) -> Response:
        scope = learner_scope(who, learner)
        if learner is not None:
            known_learner_or_404(learner)  # a misspelt name is not an empty class
        batch = store.events_after(after, scope, limit)
        return model_response(views.ScoreFold(store, settings.labs).events(batch))

    @app.get(
        "/api/events/stream",
        summary="Verdict events as Server-Sent Events (id = seq, data = an Event)",
        response_class=EventSourceResponse,
        tags=["events"],
        responses={
            200: {
                "description": "A stream that stays open: per event `event: verdict`, "
                "`id: <seq>`, `data: <an Event as JSON>` (`itemSchema` describes one event; "
                "its data is the `Event` schema), and a comment line as keepalive when idle.",
                "content": {
                    "text/event-stream": {
                        "schema": {
                            "type": "string",
                            "description": "Server-Sent Events (text/event-stream), read as "
                            "they arrive: the body never ends on its own",
                        },
                        "itemSchema": STREAM_EVENT_SCHEMA,
                    }
                },
            },
            **_errors(400, 403, 404),
        },
    )
    async def events_stream(
        who: Who,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
        after: Annotated[int | None, Query(ge=0, le=SEQ_MAX)] = None,
        learner: Annotated[str | None, Query()] = None,
        last_event_id: Annotated[
            str | None,
            Header(
                description="the last seq this client read: the stream resumes after it",
                json_schema_extra={"pattern": LAST_EVENT_ID_PATTERN},
            ),
        ] = None,
    ) -> EventSourceResponse:
        """Resume point: the Last-Event-ID header (a reconnecting EventSource sends it) wins over
        ?after=; neither means from the start. Each event is sent once per stream, in seq order."""
        scope = learner_scope(who, learner)
        if learner is not None:
            await run_in_threadpool(known_learner_or_404, learner)
        start = after or 0
        if last_event_id:
            try:
                start = max(0, int(last_event_id))
            except ValueError:
                start = -1
            if not 0 <= start <= SEQ_MAX:
                raise HTTPException(status_code=400, detail="Last-Event-ID must be a seq")
        scores = views.ScoreFold(store, settings.labs)

        async def stream() -> AsyncIterator[bytes]:
            # No disconnect poll here: EventSourceResponse listens for the client's disconnect
            # itself and cancels this generator wherever it waits.
            last = start
            while True:
                floor = feed.high  # committed when the feed read it: a query now sees up to it
                batch = feed.after(last, scope)
                from_db = batch is None
                if batch is None:  # before the feed's tail (or no feed): page the database
                    batch = await run_in_threadpool(store.events_after, last, scope)
                if scores.unread(batch):  # a learner's score before the batch: one query
                    await run_in_threadpool(scores.read_before, batch)
                # A batch's events go out in one body message: one send (and its timeout scope)
                # per batch, not per event, on the loop that also receives every node's bytes.
                chunk = []
                for event in scores.events(batch):
                    last = event.seq
                    sse = ServerSentEvent(data=model_json(event), event="verdict", id=str(last))
                    chunk.append(sse.encode())
                if chunk:
                    yield b"".join(chunk)
                if from_db and len(batch) < EVENTS_PAGE_MAX:
                    # Nothing of this scope up to `floor` is left unsent: skip to the tail.
                    last = max(last, floor)
                    if not feed.live:
                        await feed.wait(scope)
                elif not batch:
                    await feed.wait(scope)  # no await since after(): nothing appended unseen

        # the token's own slot (grader/api/streams.py), taken last: nothing after it can fail
        # before the response that gives it back when the stream ends
        key = token_digest(credentials.credentials.strip() if credentials else "").hex()
        if (refused := streams.take(key)) is not None:
            raise _too_many(STREAM_RETRY_AFTER_S, refused)
        return HeldStream(stream(), ping=SSE_PING_S, release=lambda: streams.give_back(key))

    dashboard.mount(app, store, settings, principal, known_learner_or_404)
    _document_common_errors(app)
    return app


def _operation_id(route: APIRoute) -> str:
    """The handler's name (`learner_progress`, `reset_lab`): what a generated client calls."""
    return route.name


def _document_common_errors(app: FastAPI) -> None:
    """Every route behind the bearer token answers 401 and 429, and 422 for an unknown query
    parameter, and a route with a JSON body 400 for one that is not UTF-8: say so on routes
    mounted from other modules too (the dashboard's), with the typed bodies, in place of
    FastAPI's generic 422."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = build()
        common = _errors()
        components = spec.setdefault("components", {}).setdefault("schemas", {})
        for model in (m.Problem, m.InvalidRequest, m.FieldProblem):
            if model.__name__ not in components:
                components.update(_component(model))
        for item in spec["paths"].values():
            for operation in item.values():
                if not operation.get("security"):
                    continue
                operation.setdefault("tags", ["dashboard pages"])
                responses = operation.setdefault("responses", {})
                for code, entry in _body_errors(operation, common).items():
                    if str(code) in responses and code != 422:
                        continue
                    ref = {"$ref": f"#/components/schemas/{entry['model'].__name__}"}
                    responses[str(code)] = {
                        "description": entry["description"],
                        "content": {"application/json": {"schema": ref}},
                        **({"headers": entry["headers"]} if "headers" in entry else {}),
                    }
        for unused in ("HTTPValidationError", "ValidationError"):
            if unused in components and unused not in json.dumps(spec["paths"]):
                del components[unused]
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]


def _body_errors(
    operation: dict[str, Any], common: dict[int | str, dict[str, Any]]
) -> dict[int | str, dict[str, Any]]:
    """`common`, and 400 where the operation reads a JSON body: FastAPI answers 400 to one it
    cannot decode (not UTF-8); JSON that does not parse is a 422."""
    if "requestBody" not in operation:
        return common
    return {**common, 400: _errors(400)[400]}


def _component(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    defs = schema.pop("$defs", {})
    return {model.__name__: schema, **defs}


def _dump(items: Iterable[BaseModel]) -> list[dict[str, Any]]:
    return [item.model_dump(mode="json") for item in items]


def _announcement(a: Announcement) -> m.Announcement:
    return m.Announcement(
        seq=a.seq,
        at=m.iso_time(a.at),
        author=a.author,
        text=a.text,
        lab=a.lab,
        expires_at=m.iso(a.expires_at),
    )


def _invalid(loc: list[str], why: str) -> HTTPException:
    """422 in the shape of FastAPI's own validation errors (InvalidRequest)."""
    return HTTPException(status_code=422, detail=[{"loc": loc, "msg": why, "type": "value_error"}])
