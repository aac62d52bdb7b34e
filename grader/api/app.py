"""The HTTP API: labs, nodes, learners' progress, verdict events (JSON poll and SSE), metrics.

`create_app(store, settings)` builds the FastAPI app; the daemon mounts it in its own process, or
`grader serve` runs it standalone against the same database. Handlers that touch the store are
plain `def`s, so FastAPI runs them in its thread pool and the sync store never blocks the loop.

Auth: every route but /healthz needs `Authorization: Bearer <token>` (auth.py). Operators see
everything; a learner's token sees only that learner (403 elsewhere; event lists and streams are
filtered to it). /metrics needs the operator token too: Prometheus scrape configs support
`authorization: {credentials: ...}`, and per-node lag and error counts are operator information.

No /docs or /redoc: FastAPI's pages load Swagger UI from a CDN, which a grader on an isolated
network cannot reach and should not trust; /openapi.json is served for any local tool.
"""

# No `from __future__ import annotations` here: FastAPI reads route annotations at runtime, and
# the Annotated aliases (Who, Operator) are local to create_app, out of reach of string lookups.
import dataclasses
import hashlib
import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from sse_starlette import EventSourceResponse, ServerSentEvent

from grader import metrics
from grader.api import dashboard, export
from grader.api.auth import Principal, TokenTable, token_digest
from grader.api.settings import ApiSettings
from grader.labs import Lab
from grader.ratelimit import RateLimits
from grader.store import EVENTS_PAGE_MAX, EventFeed, StepProgress, Store

SSE_PING_S = 15
"""Comment-line keepalive on idle streams: below the 30-60 s idle timeouts of common proxies."""

SEQ_MAX = 2**63 - 1
"""Largest event seq a client may name: the database's signed 64-bit integer. A larger ?after= or
Last-Event-ID is refused here (422 / 400): passed on, it would fail in the driver as a 500."""


def _event_json(event: Any, labs: Mapping[str, Lab] | None = None) -> dict[str, Any]:
    """An event as JSON, with the points its step is worth (0 for a step no loaded lab has)."""
    out = dataclasses.asdict(event)
    lab = (labs or {}).get(event.lab)
    out["points"] = next((s.points for s in lab.steps if s.id == event.step), 0) if lab else 0
    return out


def _etagged(request: Request, payload: Any) -> Response:
    """`payload` as JSON with a strong ETag (its SHA-256); 304 when the client's If-None-Match
    names it. A poller then gets an empty answer while nothing changed (RFC 9110 §13.1.2)."""
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    headers = {"ETag": tag, "Cache-Control": "private, no-cache"}
    wanted = request.headers.get("if-none-match", "")
    if tag in {t.strip().removeprefix("W/") for t in wanted.split(",")} or wanted.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


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


def _lab_json(lab: Lab) -> dict[str, Any]:
    return {
        "id": lab.id,
        "title": lab.title,
        "description": lab.description,
        "points": sum(s.points for s in lab.steps),
        "steps": [
            {"id": s.id, "n": i, "title": s.title, "type": s.type, "points": s.points}
            for i, s in enumerate(lab.steps, start=1)
        ],
    }


def _progress_json(lab: Lab, rows: list[StepProgress]) -> dict[str, Any]:
    by_step = {r.step: r for r in rows}
    steps = []
    for i, s in enumerate(lab.steps, start=1):
        r = by_step.get(s.id)
        steps.append(
            {
                "id": s.id,
                "n": i,
                "title": s.title,
                "points": s.points,
                "state": r.state if r else "pending",
                "reason": r.reason if r else "",
                "at": r.at if r else None,
                "evidence": r.evidence if r else None,
                "captures": r.captures if r else {},
            }
        )
    return {
        "id": lab.id,
        "title": lab.title,
        "points": sum(s.points for s in lab.steps),
        "score": sum(st["points"] for st in steps if st["state"] == "verified"),
        "steps": steps,
    }


def create_app(store: Store, settings: ApiSettings) -> FastAPI:
    tokens = TokenTable(settings.operator_tokens, settings.learner_tokens)
    limits = RateLimits(settings.rate_per_token, settings.failed_auth_per_client)
    feed = EventFeed(store)

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
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        dependencies=[Depends(_reject_unknown_query)],
    )

    def principal(
        request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Principal:
        client = request.client.host if request.client else "unknown"
        if (wait := limits.failed_already(client)) is not None:
            raise _too_many(wait, "too many requests without a valid token from this address")
        scheme, _, presented = (authorization or "").partition(" ")
        found = tokens.lookup(presented.strip()) if scheme.lower() == "bearer" else None
        if found is None:
            limits.failed(client)
            raise HTTPException(
                status_code=401,
                detail="a valid bearer token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )
        # keyed by the token's digest: each operator token and each learner has its own window
        if (wait := limits.token(token_digest(presented.strip()).hex())) is not None:
            raise _too_many(wait, "too many requests with this token")
        return found

    def operator(who: Annotated[Principal, Depends(principal)]) -> Principal:
        if not who.operator:
            raise HTTPException(status_code=403, detail="operator token required")
        return who

    def learner_scope(who: Principal, learner: str | None) -> str | None:
        """The learner filter for event queries: a learner token is always pinned to itself."""
        if who.operator:
            return learner
        if learner is not None and learner != who.learner:
            raise HTTPException(status_code=403, detail="this token may not see that learner")
        return who.learner

    Who = Annotated[Principal, Depends(principal)]
    Operator = Annotated[Principal, Depends(operator)]

    @app.get("/healthz", summary="Liveness: the database answers (no auth)")
    def healthz() -> JSONResponse:
        try:
            store.ping()
        except Exception as exc:  # any driver error means "not healthy"
            return JSONResponse({"ok": False, "error": type(exc).__name__}, status_code=503)
        return JSONResponse({"ok": True})

    @app.get("/metrics", summary="Prometheus metrics (operator token)")
    def metrics_endpoint(_: Operator) -> Response:
        nodes = store.nodes()
        metrics.NODES_CONNECTED.set(sum(1 for n in nodes if n.connected))
        for n in nodes:
            if n.lag_s is not None:
                metrics.NODE_LAG_SECONDS.labels(node=n.id).set(n.lag_s)
        return Response(metrics.render(), media_type=metrics.CONTENT_TYPE)

    @app.get(
        "/api/labs", summary="Loaded labs and their steps", response_model=list[dict[str, Any]]
    )
    def labs(request: Request, _: Who) -> Response:
        return _etagged(request, [_lab_json(lab) for lab in settings.labs.values()])

    @app.get(
        "/api/nodes",
        summary="Nodes: connection, lag, last error, the grader holding it (operator)",
        response_model=list[dict[str, Any]],
    )
    def nodes(request: Request, _: Operator) -> Response:
        return _etagged(request, [dataclasses.asdict(n) for n in store.nodes()])

    @app.get(
        "/api/learners",
        summary="Every learner with a score per lab (operator)",
        response_model=list[dict[str, Any]],
    )
    def learners(request: Request, _: Operator) -> Response:
        out = []
        for name in store.learners():
            labs = []
            for lab in settings.labs.values():
                p = _progress_json(lab, store.progress(name, lab.id))
                labs.append({"id": lab.id, "score": p["score"], "points": p["points"]})
            out.append({"learner": name, "labs": labs})
        return _etagged(request, out)

    @app.get(
        "/api/export.csv",
        summary="Grades as CSV: learner, lab, score, points, each step's state (operator)",
        response_class=Response,
    )
    def export_csv(_: Operator, lab: Annotated[str | None, Query()] = None) -> Response:
        try:
            chosen = export.chosen_labs(settings.labs, lab)
        except KeyError:
            raise HTTPException(status_code=404, detail=f"no lab {lab!r} is loaded") from None
        return Response(
            export.grades_csv(store, chosen, store.learners()),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="grades.csv"'},
        )

    @app.get(
        "/api/learners/{learner}/progress",
        summary="One learner's step states and evidence",
        response_model=dict[str, Any],
    )
    def learner_progress(
        request: Request, learner: str, who: Who, lab: Annotated[str | None, Query()] = None
    ) -> Response:
        if not who.may_see(learner):
            raise HTTPException(status_code=403, detail="this token may not see that learner")
        if learner not in tokens.learners and not store.knows_learner(learner):
            # not a silent zero grade: nobody by that name is on a node or has any record
            raise HTTPException(status_code=404, detail=f"no learner {learner!r}")
        if lab is not None and lab not in settings.labs:
            raise HTTPException(status_code=404, detail=f"no lab {lab!r} is loaded")
        chosen = [settings.labs[lab]] if lab else list(settings.labs.values())
        return _etagged(
            request,
            {
                "learner": learner,
                "labs": [_progress_json(lb, store.progress(learner, lb.id)) for lb in chosen],
            },
        )

    @app.get("/api/events", summary="Verdict events after a seq, oldest first (JSON poll)")
    def events(
        who: Who,
        after: Annotated[int, Query(ge=0, le=SEQ_MAX)] = 0,
        learner: Annotated[str | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=EVENTS_PAGE_MAX)] = EVENTS_PAGE_MAX,
    ) -> list[dict[str, Any]]:
        scope = learner_scope(who, learner)
        return [_event_json(e, settings.labs) for e in store.events_after(after, scope, limit)]

    @app.get("/api/events/stream", summary="Verdict events as Server-Sent Events (id = seq)")
    async def events_stream(
        request: Request,
        who: Who,
        after: Annotated[int | None, Query(ge=0, le=SEQ_MAX)] = None,
        learner: Annotated[str | None, Query()] = None,
        last_event_id: Annotated[str | None, Header()] = None,
    ) -> EventSourceResponse:
        """Resume point: the Last-Event-ID header (a reconnecting EventSource sends it) wins over
        ?after=; neither means from the start. Each event is sent once per stream, in seq order."""
        scope = learner_scope(who, learner)
        start = after or 0
        if last_event_id:
            try:
                start = max(0, int(last_event_id))
            except ValueError:
                start = -1
            if not 0 <= start <= SEQ_MAX:
                raise HTTPException(status_code=400, detail="Last-Event-ID must be a seq")

        async def stream() -> AsyncIterator[ServerSentEvent]:
            last = start
            while not await request.is_disconnected():
                floor = feed.high  # committed when the feed read it: a query now sees up to it
                batch = feed.after(last, scope)
                from_db = batch is None
                if batch is None:  # before the feed's tail (or no feed): page the database
                    batch = await run_in_threadpool(store.events_after, last, scope)
                for event in batch:
                    last = event.seq
                    yield ServerSentEvent(
                        data=json.dumps(_event_json(event, settings.labs)),
                        event="verdict",
                        id=str(event.seq),
                    )
                if from_db and len(batch) < EVENTS_PAGE_MAX:
                    # Nothing of this scope up to `floor` is left unsent: skip to the tail.
                    last = max(last, floor)
                    if not feed.live:
                        await feed.wait(scope)
                elif not batch:
                    await feed.wait(scope)  # no await since after(): nothing appended unseen

        return EventSourceResponse(stream(), ping=SSE_PING_S)

    dashboard.mount(app, store, settings, principal, operator)
    return app
