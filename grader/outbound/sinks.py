"""Where verdict events go: the xAPI LRS and each webhook, one sink each with its own cursor.

A sink is handed a run of consecutive events (oldest first) and says how many of them, from the
first, the receiver acknowledged, and why it stopped if it did not take them all. Only a 2xx
answer acknowledges; anything else (a refused connection, a timeout, a 5xx, a 4xx) is an error
the delivery loop retries with backoff, so nothing is dropped because a receiver misbehaved for
a while. `Retry-After` (429, 503) is honoured.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import httpx

from grader.config import WebhookConfig, XapiConfig
from grader.labs import Lab
from grader.outbound import statements, webhook
from grader.outbound.events import event_document
from grader.store import LoggedEvent

XAPI_SINK = "xapi"
WEBHOOK_SINK_PREFIX = "webhook:"


@dataclass(frozen=True)
class Sent:
    acked: int  # events acknowledged, counted from the first
    error: str | None = None  # why it stopped short (None: all acknowledged)
    retry_after_s: float | None = None  # the receiver's Retry-After, when it gave one


class Sink(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def batch(self) -> int: ...
    @property
    def timeout_s(self) -> float: ...

    async def deliver(self, client: httpx.AsyncClient, events: Sequence[LoggedEvent]) -> Sent: ...


class XapiSink:
    """POSTs the events' statements to `<endpoint>statements`, `batch` at a time."""

    def __init__(self, config: XapiConfig, labs: Mapping[str, Lab]):
        self.config = config
        self.labs = labs
        self.name = XAPI_SINK
        self.batch = config.batch
        self.timeout_s = config.timeout_s

    def statements(self, events: Sequence[LoggedEvent]) -> list[dict[str, object]]:
        out = []
        for e in events:
            s = statements.statement(
                e,
                self.labs.get(e.lab),
                sink=self.name,
                homepage=self.config.homepage,
                activity_base=self.config.activity_base,
            )
            if s is not None:
                out.append(s)
        return out

    async def deliver(self, client: httpx.AsyncClient, events: Sequence[LoggedEvent]) -> Sent:
        body = self.statements(events)
        if not body:  # nothing this LRS is sent: acknowledged as skipped
            return Sent(len(events))
        try:
            r = await client.post(
                self.config.endpoint + "statements",
                json=body,
                auth=(self.config.username, self.config.password),
                headers={"X-Experience-API-Version": statements.VERSION},
                timeout=self.timeout_s,
            )
        except httpx.HTTPError as exc:
            return Sent(0, _transport_error(exc))
        if r.is_success:
            return Sent(len(events))
        return Sent(0, _http_error(r), _retry_after(r))


class WebhookSink:
    """POSTs each event's JSON to one URL, signed (webhook.py), one event per request."""

    def __init__(self, config: WebhookConfig, labs: Mapping[str, Lab], clock: ClockFn):
        self.config = config
        self.labs = labs
        self.clock = clock
        self.name = WEBHOOK_SINK_PREFIX + config.name
        self.batch = 20  # events read per round; each is its own request
        self.timeout_s = config.timeout_s

    def request(self, event: LoggedEvent) -> tuple[bytes, dict[str, str]]:
        body = json.dumps(
            event_document(event, self.labs.get(event.lab)), separators=(",", ":")
        ).encode()
        msg_id = webhook.message_id(self.name, event.seq)
        return body, webhook.headers(self.config.secret, msg_id, int(self.clock()), body)

    async def deliver(self, client: httpx.AsyncClient, events: Sequence[LoggedEvent]) -> Sent:
        for i, event in enumerate(events):
            body, headers = self.request(event)
            try:
                r = await client.post(
                    self.config.url, content=body, headers=headers, timeout=self.timeout_s
                )
            except httpx.HTTPError as exc:
                return Sent(i, _transport_error(exc))
            if not r.is_success:
                return Sent(i, _http_error(r), _retry_after(r))
        return Sent(len(events))


class ClockFn(Protocol):
    def __call__(self) -> float: ...


def _transport_error(exc: httpx.HTTPError) -> str:
    return f"{type(exc).__name__}: {exc}"[:500]


def _http_error(r: httpx.Response) -> str:
    return f"HTTP {r.status_code}: {r.text[:300]}"


def _retry_after(r: httpx.Response) -> float | None:
    value = r.headers.get("retry-after", "")
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None
