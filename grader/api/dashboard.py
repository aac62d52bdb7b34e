"""The dashboard: an operator's live class view and a learner's own page, served by the API.

Pages (no auth: they hold no data; the browser asks for a token and keeps it in sessionStorage):
  /dashboard           class grid: learners x steps, node column, filters, evidence panel
  /dashboard/learner   one learner's checklist, hints, evidence and the Practice Zone
  /dashboard/static/…  the pages' CSS and JS, shipped in the package (no CDN, no network)

JSON for the pages (bearer token, like every /api route):
  GET  /api/dashboard/whoami                    Whoami: who the token is, and its role
  GET  /api/dashboard/grid?lab=                 ClassGridView: the class grid (operator, ta)
  GET  /api/dashboard/downgrades                Downgrades: a counter of regrade downgrades
  GET  /api/dashboard/labs/{lab}                LearnerLab: steps as a learner reads them
  GET  /api/dashboard/checklist/{learner}?lab=  Checklist: states, hints shown, marked evidence
  POST /api/labs/{lab}/practice/{step}          {command} or {choice} -> PracticeAnswer

Each answers a model of models.py, with the API's times: ISO-8601 UTC strings on the grader's
clock, and what the node's clock said under a `node_` prefix (a grid cell's `node_at`).

Live updates come from /api/events/stream. It takes the token only in the Authorization header
(a token in a URL ends up in logs and history), which EventSource cannot send, so the pages read
the stream with fetch() and a ReadableStream. `grader regrade --allow-downgrade` lowers progress
without an event, so the pages also poll /api/dashboard/downgrades and reload when it changes.

The pages run under a Content-Security-Policy that allows only this origin: no inline script, no
third-party request, even if some learner's output ever reached the DOM as markup.
"""

# No `from __future__ import annotations`: FastAPI reads these route annotations at runtime.
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, cast

from fastapi import Body, Depends, FastAPI, HTTPException, Query
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from grader.api import models as m
from grader.api import views
from grader.api.auth import Principal
from grader.api.evidence import evidence_view, marked_excerpt
from grader.api.grid import ClassGrid
from grader.api.hints import hints_shown
from grader.api.jsonout import SafeJSONResponse, model_response
from grader.api.practice import (
    PRACTICE_LINE_MAX_CHARS,
    PracticeResult,
    check_choice,
    check_command_line,
    practice_text,
)
from grader.api.settings import ApiSettings
from grader.config import LEARNER_PAGE_PATH
from grader.labs import Lab
from grader.store import EVENT_RESET, EVENTS_PAGE_MAX, Store
from grader.verdict import step_view

STATIC_DIR = Path(str(resources.files("grader.api").joinpath("static")))

PAGE_HEADERS = {
    # everything from this origin only; no inline script or style, no framing
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

LEARNER_EVENTS_SCAN_MAX = 50_000
"""Most of one learner's verdict events read to count attempts per step. A learner makes a few
hundred attempts in a lab; the cap bounds one request if a script floods a shell."""

HINT_RECORDS_MAX = 5_000
"""Most of one learner's newest command records read for their `lab hint` runs: a lab takes a
few hundred commands; the cap bounds one request if a script floods a shell."""


class PracticeRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")  # an unknown field is 422, as docs/api.md says

    command: str | None = Field(default=None, max_length=PRACTICE_LINE_MAX_CHARS * 4)
    choice: str | None = Field(default=None, max_length=64)


PAGES = {
    # path: (title, script, token label, view fragment)
    "operator": ("class view", "operator.js", "Operator token", "operator-view.html"),
    "learner": ("my lab", "learner.js", "Your token", "learner-view.html"),
}


def render_page(kind: str) -> str:
    """One page: the shared shell (header, sign-in form) around the page's own view."""
    title, script, token_label, view = PAGES[kind]
    shell = (STATIC_DIR / "page.html").read_text("utf-8")
    for key, value in (
        ("title", title),
        ("script", script),
        ("token_label", token_label),
        ("view", (STATIC_DIR / view).read_text("utf-8")),
    ):
        shell = shell.replace("{{" + key + "}}", value)
    return shell


PROBLEMS: dict[int | str, dict[str, Any]] = {
    403: {"model": m.Problem, "description": "this token may not read that"},
    404: {"model": m.Problem, "description": "no such learner, lab or step"},
}
"""The errors these routes give besides 401/422/429 (which app.py documents on every route)."""


def _problems(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: PROBLEMS[code] for code in codes}


def _missing(field: str, why: str) -> HTTPException:
    """422 in InvalidRequest's shape, as every 422 of the API."""
    return HTTPException(
        status_code=422, detail=[{"loc": ["body", field], "msg": why, "type": "missing"}]
    )


def mount(
    app: FastAPI,
    store: Store,
    settings: ApiSettings,
    principal: Callable[..., Principal],
    known_learner: Callable[[str], None],
) -> None:
    """Add the dashboard's pages and routes to `app`, with create_app's auth dependencies and
    its 404 for a learner nobody knows (`known_learner`)."""
    grid = ClassGrid.over(store)
    pages = {kind: render_page(kind) for kind in PAGES}
    Who = Annotated[Principal, Depends(principal)]

    def class_reader(who: Who) -> Principal:
        """Operators and teaching assistants read the class; learners only themselves."""
        if not who.reads_class:
            raise HTTPException(status_code=403, detail="operator or ta token required")
        return who

    ClassReader = Annotated[Principal, Depends(class_reader)]

    def lab_or_404(lab_id: str) -> Lab:
        lab = settings.labs.get(lab_id)
        if lab is None:
            raise HTTPException(status_code=404, detail=f"no lab {lab_id!r} is loaded")
        return lab

    def may_see(who: Principal, learner: str) -> None:
        if not who.may_see(learner):
            raise HTTPException(status_code=403, detail="this token may not see that learner")

    def variables(learner: str, lab: Lab) -> dict[str, str]:
        """Lab variables the learner captured so far (`${iface}`), from verified steps."""
        out: dict[str, str] = {}
        for p in store.progress(learner, lab.id):
            if p.state == "verified":
                for k, v in p.captures.items():
                    out.setdefault(k, v)
        return out

    def attempts(learner: str, lab: Lab) -> dict[str, int]:
        counts: dict[str, int] = {}
        seq = 0
        for _ in range(LEARNER_EVENTS_SCAN_MAX // EVENTS_PAGE_MAX):
            batch = store.events_after(seq, learner, EVENTS_PAGE_MAX)
            for e in batch:
                seq = e.seq
                if e.lab != lab.id:
                    continue
                if e.state == EVENT_RESET:  # the lab started over
                    counts.clear()
                elif e.state == "attempted":
                    counts[e.step] = counts.get(e.step, 0) + 1
            if len(batch) < EVENTS_PAGE_MAX:
                break
        return counts

    app.mount("/dashboard/static", StaticFiles(directory=STATIC_DIR), name="dashboard-static")

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse("/dashboard")

    @app.get("/dashboard", include_in_schema=False)
    def operator_page() -> HTMLResponse:
        return HTMLResponse(pages["operator"], headers=PAGE_HEADERS)

    @app.get(LEARNER_PAGE_PATH, include_in_schema=False)
    def learner_page() -> HTMLResponse:
        return HTMLResponse(pages["learner"], headers=PAGE_HEADERS)

    @app.get(
        "/api/dashboard/whoami",
        summary="Who this token is: operator, or which learner",
        response_model=m.Whoami,
    )
    def whoami(who: Who) -> m.Whoami:
        """`role`: operator (reads and changes), ta (reads the class, changes nothing) or
        learner; the pages show only the actions the role may take."""
        return m.Whoami(
            operator=who.operator,
            # auth.ROLES, checked by Principal; pydantic checks it against the Literal too
            role=cast(m.Role, who.role),
            learner=who.learner,
            labs=[m.LabTitle(id=lab.id, title=lab.title) for lab in settings.labs.values()],
        )

    @app.get(
        "/api/dashboard/grid",
        summary="Every learner's state per step of a lab (operator, ta)",
        response_model=m.ClassGridView,
        responses=_problems(403, 404),
    )
    def class_grid(_: ClassReader, lab: Annotated[str, Query()]) -> SafeJSONResponse:
        """`seq` is the last event the grid includes: stream from there and nothing is missed
        (applying an event twice changes nothing, the fold only moves up). A cell's `at` is
        when the grader recorded its state, on the same clock as `now`, and `node_at` what the
        node's clock said, as a verdict event's: the page judges "stuck" by `now - at`."""
        chosen = lab_or_404(lab)
        seq = grid.refresh()
        nodes = store.nodes()
        node_of = {name: n.id for n in nodes for name in n.learners}
        rows = [
            row
            for row in grid.rows(chosen, settings.class_learners(store), node_of)
            if settings.takes(row.learner, chosen.id, any(row.cells))
        ]
        answer = m.ClassGridView(
            lab=views.lab_info(chosen),
            seq=seq,
            downgrades=grid.downgrades,
            now=m.iso_time(time.time()),
            rows=rows,
            nodes=[views.node_info(n) for n in nodes],
        )
        # dumped here, once: a class of 1,000 is ten thousand cells, built through the model
        # above; FastAPI would dump, validate and dump them again
        return SafeJSONResponse(answer.model_dump(mode="json"))

    @app.get(
        "/api/dashboard/downgrades",
        summary="Changes when a regrade lowered progress",
        response_model=m.Downgrades,
    )
    def downgrades(_: Who) -> m.Downgrades:
        """A counter, not data: it moves when `grader regrade --allow-downgrade` lowered some
        learner's steps (no verdict event says so), and a page seeing it move reloads."""
        grid.refresh()
        return m.Downgrades(downgrades=grid.downgrades)

    @app.get(
        "/api/dashboard/labs/{lab}",
        summary="A lab's steps as a learner reads them",
        response_model=m.LearnerLab,
        response_model_exclude_none=True,  # PracticeText: a key is there only when it applies
        responses=_problems(404),
    )
    def lab_detail(lab: str, _: Who) -> m.LearnerLab:
        chosen = lab_or_404(lab)
        return m.LearnerLab(
            id=chosen.id,
            title=chosen.title,
            description=chosen.description,
            steps=[
                m.LearnerStep(
                    id=s.id,
                    n=i,
                    title=s.title,
                    type=s.type,
                    points=s.points,
                    attempts=s.attempts,
                    instructions=s.instructions,
                    question=s.question,
                    choices=[m.Choice(id=c.id, text=c.text) for c in s.choices],
                    practice=m.PracticeText.model_validate(practice_text(s)),
                    checkable=s.type == "question" or s.command is not None,
                )
                for i, s in enumerate(chosen.steps, start=1)
            ],
        )

    @app.get(
        "/api/dashboard/checklist/{learner}",
        summary="A learner's steps: state, reason, hints shown, evidence with the match marked",
        response_model=m.Checklist,
        responses=_problems(403, 404),
    )
    def checklist(learner: str, who: Who, lab: Annotated[str, Query()]) -> Response:
        """`hints_seen`: the hints the learner's own `lab hint` runs printed (grader/api/hints.py),
        not a guess from the attempts. `at`: when the grader recorded the state; `node_at`: the
        end of the command behind it on the node, as in a learner's progress."""
        may_see(who, learner)
        if who.reads_class:
            # a class reader may name anyone: nobody by that name is 404, not all-pending steps
            # (a learner token that got past may_see names itself)
            known_learner(learner)
        chosen = lab_or_404(lab)
        progress = {p.step: p for p in store.progress(learner, chosen.id)}
        tries = attempts(learner, chosen)
        records = store.command_records(learner)[-HINT_RECORDS_MAX:]
        shown = hints_shown(chosen, records)
        known = variables(learner, chosen)
        steps = []
        for i, s in enumerate(chosen.steps, start=1):
            p = progress.get(s.id)
            ev = p.evidence if p else None
            view = step_view(s, i, p)
            steps.append(
                m.ChecklistStep.model_validate(
                    {
                        **view,
                        # step_view's `at` is the standing's own: the node's clock
                        "at": views.recorded_at(p),
                        "node_at": m.iso(view["at"]),
                        "attempts": tries.get(s.id, 0),
                        "hints_seen": shown.get(s.id, []),
                        "evidence": evidence_view(ev),
                        "excerpt": marked_excerpt(
                            (ev or {}).get("excerpt", ""),
                            list((ev or {}).get("matched", ())),
                            s,
                            known,
                        ),
                    }
                )
            )
        return model_response(
            m.Checklist(learner=learner, lab=chosen.id, title=chosen.title, steps=steps)
        )

    @app.post(
        "/api/labs/{lab}/practice/{step}",
        summary="Practice Zone: check a command or answer",
        response_model=m.PracticeAnswer,
        response_model_exclude_none=True,  # PracticeText: a key is there only when it applies
        responses=_problems(404),
    )
    def practice(
        lab: str, step: str, who: Who, body: Annotated[PracticeRequest, Body()]
    ) -> m.PracticeAnswer:
        """Judges the command line only, with the real matcher; records nothing."""
        chosen = lab_or_404(lab)
        try:
            target = chosen.step(step)
        except KeyError:
            raise HTTPException(status_code=404, detail=f"no step {step!r} in {lab!r}") from None
        if target.type == "question":
            if body.choice is None:
                raise _missing("choice", "a question step takes a `choice`")
            return _practice_answer(check_choice(target, body.choice))
        if body.command is None:
            raise _missing("command", "a command step takes a `command`")
        known = variables(who.learner, chosen) if who.learner else {}
        return _practice_answer(check_command_line(chosen, target, body.command, known))


def _practice_answer(result: PracticeResult) -> m.PracticeAnswer:
    return m.PracticeAnswer(
        ok=result.ok,
        reason=result.reason,
        practice=m.PracticeText.model_validate(result.practice),
        hints=list(result.hints),
    )
