"""A verdict event as grades-out sends it: its points from the lab, its times as ISO-8601 UTC.

Pure: the event from the store's log and the lab it belongs to in, plain values out. What the
webhooks POST (`event_document`) and what the xAPI statements are built from (statements.py).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from grader.labs import Lab, Step
from grader.store import LoggedEvent


def iso_utc(epoch: float) -> str:
    """ISO-8601 UTC with microseconds, "2026-12-02T08:15:00.123456Z": the API's time format."""
    return dt.datetime.fromtimestamp(epoch, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def grader_time(event: LoggedEvent) -> float:
    """When the grader recorded the event; the node's time only for events logged before the
    grader's clock was stored (migration 0005)."""
    return event.recorded if event.recorded is not None else event.at


def step_of(lab: Lab | None, step_id: str) -> Step | None:
    if lab is None:
        return None
    return next((s for s in lab.steps if s.id == step_id), None)


def event_document(event: LoggedEvent, lab: Lab | None) -> dict[str, Any]:
    """The webhook payload (Standard Webhooks' `{type, timestamp, data}` envelope)."""
    step = step_of(lab, event.step)
    data: dict[str, Any] = {
        "seq": event.seq,
        "learner": event.learner,
        "lab": event.lab,
        "step": event.step,
        "state": event.state,
        "reason": event.reason,
        "points": step.points if step is not None else None,
        "step_type": step.type if step is not None else None,
        "time": iso_utc(grader_time(event)),
        "node_at": iso_utc(event.at),
    }
    if event.state == "downgraded" and event.evidence:
        data["from"] = event.evidence.get("from")
        data["to"] = event.evidence.get("to")
    return {"type": f"verdict.{event.state}", "timestamp": data["time"], "data": data}
