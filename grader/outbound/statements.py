"""Verdict events as xAPI statements (xAPI 1.0.3), for a Learning Record Store.

Pure: an event from the store's log, the lab it belongs to and the sink's settings in, a
statement (a JSON-ready dict) or None out. docs/grades-out.md has the mapping as a table:

- a verified command step:  verb `completed`, result success, completion, score raw = points
- a question step answered: verb `answered`, success true (score raw = points) or false (0)
- a failed attempt:         verb `attempted`, success false, the reason in an extension
- a reset of the lab:       a verb of our own, <activity_base>/verbs/reset, on the lab
- a regrade's downgrade:    a verb of our own, <activity_base>/verbs/downgraded, on the step

`voided` is not used for either: it retracts a statement as if it had never been true, while a
reset or a downgrade happened later and the earlier statements stay true of their time.

The statement id is a UUID5 of (sink, event seq): the same event always makes the same id, so a
re-send after a crash is recognised by the LRS (xAPI: a statement id it already stores with the
same content is not stored again), never a second statement.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import quote

from grader.labs import Lab
from grader.outbound.events import grader_time, iso_utc, step_of
from grader.store import LoggedEvent

VERSION = "1.0.3"
# Namespace of the statement ids: uuid5(NAMESPACE_URL, "labgrader:xapi-statement") (fixed).
ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "labgrader:xapi-statement")

ADL = "http://adlnet.gov/expapi"
COMPLETED = {"id": f"{ADL}/verbs/completed", "display": {"en-US": "completed"}}
ANSWERED = {"id": f"{ADL}/verbs/answered", "display": {"en-US": "answered"}}
ATTEMPTED = {"id": f"{ADL}/verbs/attempted", "display": {"en-US": "attempted"}}
LAB_TYPE = f"{ADL}/activities/lesson"
COMMAND_TYPE = f"{ADL}/activities/performance"
QUESTION_TYPE = f"{ADL}/activities/cmi.interaction"


def statement_id(sink: str, seq: int) -> str:
    return str(uuid.uuid5(ID_NAMESPACE, f"{sink}/{seq}"))


def lab_iri(activity_base: str, lab: str) -> str:
    return f"{activity_base}/{quote(lab, safe='')}"


def step_iri(activity_base: str, lab: str, step: str) -> str:
    return f"{lab_iri(activity_base, lab)}/{quote(step, safe='')}"


def statement(
    event: LoggedEvent,
    lab: Lab | None,
    *,
    sink: str,
    homepage: str,
    activity_base: str,
) -> dict[str, Any] | None:
    """The statement for one event; None for a state this mapping does not send (none today
    but a state a newer grader may log, which an older one skips rather than mislabels)."""
    step = step_of(lab, event.step)
    question = step is not None and step.type == "question"
    points = step.points if step is not None else None
    ext = f"{activity_base}/extensions"
    result: dict[str, Any] | None
    if event.state == "verified":
        verb = ANSWERED if question else COMPLETED
        result = {"success": True, "completion": True}
        if points is not None:
            result["score"] = _score(points, points)
    elif event.state == "attempted":
        verb = ANSWERED if question else ATTEMPTED
        result = {"success": False, "completion": False}
        if question and points is not None:
            result["score"] = _score(0, points)
    elif event.state == "reset":
        verb = _own_verb(activity_base, "reset", "reset")
        result = None
    elif event.state == "downgraded":
        verb = _own_verb(activity_base, "downgraded", "was downgraded on")
        result = {"success": False, "completion": False}
        if event.evidence:
            result["extensions"] = {
                f"{ext}/from": str(event.evidence.get("from")),
                f"{ext}/to": str(event.evidence.get("to")),
            }
    else:
        return None
    if result is not None and event.reason:
        result.setdefault("extensions", {})[f"{ext}/reason"] = event.reason
    parent: dict[str, Any] = {"objectType": "Activity", "id": lab_iri(activity_base, event.lab)}
    if lab is not None:
        parent["definition"] = {"name": {"en-US": lab.title}, "type": LAB_TYPE}
    if event.step == "*":  # the lab as a whole (a reset)
        obj: dict[str, Any] = parent
        context: dict[str, Any] = {}
    else:
        obj = {"objectType": "Activity", "id": step_iri(activity_base, event.lab, event.step)}
        if step is not None:
            obj["definition"] = {
                "name": {"en-US": step.title},
                "type": QUESTION_TYPE if question else COMMAND_TYPE,
            }
        context = {"contextActivities": {"parent": [parent]}}
    context["platform"] = "labgrader"
    context["extensions"] = {f"{ext}/seq": event.seq, f"{ext}/node_at": iso_utc(event.at)}
    out: dict[str, Any] = {
        "id": statement_id(sink, event.seq),
        "actor": {"objectType": "Agent", "account": {"homePage": homepage, "name": event.learner}},
        "verb": verb,
        "object": obj,
        "context": context,
        "timestamp": iso_utc(grader_time(event)),
        "version": VERSION,
    }
    if result is not None:
        out["result"] = result
    return out


def _score(raw: int, points: int) -> dict[str, Any]:
    scaled = raw / points if points else 0.0
    return {"raw": raw, "min": 0, "max": points, "scaled": scaled}


def _own_verb(activity_base: str, name: str, display: str) -> dict[str, Any]:
    return {"id": f"{activity_base}/verbs/{name}", "display": {"en-US": display}}
