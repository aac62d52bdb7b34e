"""Grades out: every verdict event, in seq order, to an xAPI Learning Record Store and to signed
webhooks, each sink with a cursor in the store (docs/grades-out.md).

statements.py (xAPI) and webhook.py (Standard Webhooks signatures) are pure; sinks.py speaks
HTTP (httpx); delivery.py is the loop the daemon runs (`Daemon.run` starts it when grader.yaml
has an `outbound:` section).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from grader.config import OutboundConfig
from grader.labs import Lab
from grader.outbound.delivery import Delivery, retry_delay
from grader.outbound.events import event_document, iso_utc
from grader.outbound.sinks import XAPI_SINK, Sent, Sink, WebhookSink, XapiSink
from grader.outbound.statements import statement, statement_id
from grader.outbound.webhook import message_id, signature, verify
from grader.store import Store


def sinks_for(
    config: OutboundConfig, labs: Mapping[str, Lab], clock: Callable[[], float] = time.time
) -> list[Sink]:
    sinks: list[Sink] = []
    if config.xapi is not None:
        sinks.append(XapiSink(config.xapi, labs))
    sinks.extend(WebhookSink(w, labs, clock) for w in config.webhooks)
    return sinks


def delivery_for(store: Store, config: OutboundConfig, labs: Mapping[str, Lab]) -> Delivery:
    """The daemon's delivery over every sink grader.yaml configures."""
    return Delivery(store, sinks_for(config, labs), config.backoff)


__all__ = [
    "XAPI_SINK",
    "Delivery",
    "Sent",
    "Sink",
    "WebhookSink",
    "XapiSink",
    "delivery_for",
    "event_document",
    "iso_utc",
    "message_id",
    "retry_delay",
    "signature",
    "sinks_for",
    "statement",
    "statement_id",
    "verify",
]
