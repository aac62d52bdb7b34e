"""The delivery loop: each sink follows the verdict-event log in seq order from its cursor.

One task per sink, in the daemon's loop (or any asyncio loop: the tests run it on its own).
A round: claim the sink's cursor (grader/store/delivery.py: nobody else sends for it meanwhile,
and not before its backoff ends), read the events after it, hand them to the sink, advance the
cursor over what the receiver acknowledged, and on an error count it and wait

    min(backoff.max_s, backoff.base_s * 2 ** (failures - 1)), jittered to 50-100 % of that

(or the receiver's Retry-After, if longer). The cursor moves only after an acknowledgement, and
the ids sent are the same for every retry (statement ids, webhook ids), so a crash between a
send and its acknowledgement re-sends what the receiver recognises: nothing lost across a
restart, and nothing stored twice.

A sink never steps over a hole in seq while the transaction that may fill it is still open
(PostgreSQL hands seqs out before commit; `Store.writers_in_flight`). New events wake the loop
through the store's commit listener; other processes' commits are found by polling.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Sequence

import httpx

from grader.config import Backoff
from grader.outbound.sinks import Sent, Sink
from grader.store import LoggedEvent, Store, VerdictEvent, call_on_loop

log = logging.getLogger("grader.outbound")

POLL_S = 2.0  # how often a sink looks for events committed by another process
HOLE_CHECK_S = 0.05  # how often an open transaction behind a hole is asked whether it ended


def retry_delay(backoff: Backoff, failures: int, rng: random.Random | None = None) -> float:
    """Seconds to wait after `failures` failures in a row (>= 1): doubling, capped, jittered."""
    step = min(backoff.max_s, backoff.base_s * 2 ** min(max(failures - 1, 0), 60))
    if backoff.jitter:
        step *= 0.5 + 0.5 * (rng or random).random()
    return step


class Delivery:
    """Every configured sink's loop over one store."""

    def __init__(
        self,
        store: Store,
        sinks: Sequence[Sink],
        backoff: Backoff,
        *,
        clock: Callable[[], float] = time.time,
        poll_s: float = POLL_S,
        client: httpx.AsyncClient | None = None,
    ):
        self.store = store
        self.sinks = list(sinks)
        self.backoff = backoff
        self.clock = clock
        self.poll_s = poll_s
        self._client = client
        self._news: dict[str, asyncio.Event] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    async def run(self) -> None:
        """Deliver until cancelled; a cancelled round gives its claim back (the events it was
        sending are sent again by whoever claims the sink next)."""
        self._loop = asyncio.get_running_loop()
        self._news = {s.name: asyncio.Event() for s in self.sinks}
        self.store.add_commit_listener(self._committed)
        client = self._client or httpx.AsyncClient()
        try:
            async with asyncio.TaskGroup() as group:
                for sink in self.sinks:
                    group.create_task(self._follow(client, sink), name=f"outbound:{sink.name}")
        finally:
            self.store.remove_commit_listener(self._committed)
            if self._client is None:
                await client.aclose()

    def _committed(self, events: list[VerdictEvent]) -> None:
        """The store's commit listener: called in the committing thread, or on our loop."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            for news in self._news.values():
                call_on_loop(loop, news.set)

    async def _follow(self, client: httpx.AsyncClient, sink: Sink) -> None:
        while True:
            try:
                wait = await self._round(client, sink)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again after a pause
                log.error("event=outbound_round_failed sink=%s detail=%r", sink.name, exc)
                wait = self.poll_s
            if wait > 0:
                await self._idle(sink.name, wait)

    async def _idle(self, sink: str, seconds: float) -> None:
        news = self._news[sink]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(news.wait(), seconds)
        news.clear()

    async def _round(self, client: httpx.AsyncClient, sink: Sink) -> float:
        """One claim-read-send-advance; how long to wait before the next (0: go on)."""
        hold_s = sink.timeout_s * 2 + 5  # the claim outlives the request it covers
        cursor = await asyncio.to_thread(self.store.claim_delivery, sink.name, self.clock(), hold_s)
        if cursor is None:  # backing off, or another grader sends for it now
            row = await asyncio.to_thread(self.store.delivery_cursor, sink.name)
            return min(max(row.next_at - self.clock(), 0.05), self.poll_s)
        after = cursor.after_seq
        sent: Sent | None = None
        try:
            events = await self._ready(after, sink.batch)
            if not events:
                return self.poll_s
            sent = await sink.deliver(client, events)
        finally:
            if sent is None:  # nothing sent, or cancelled mid-send: give the claim back
                await asyncio.shield(
                    asyncio.to_thread(self.store.release_delivery, sink.name, after, self.clock())
                )
        if sent.acked:
            to_seq = events[sent.acked - 1].seq
            await asyncio.to_thread(
                self.store.advance_delivery, sink.name, after, to_seq, self.clock()
            )
            log.info(
                "event=outbound_delivered sink=%s events=%d after_seq=%d",
                sink.name,
                sent.acked,
                to_seq,
            )
            after = to_seq
        if sent.error is None:
            return 0.0
        delay = retry_delay(self.backoff, cursor.attempts + 1)
        if sent.retry_after_s is not None:
            delay = max(delay, min(sent.retry_after_s, self.backoff.max_s))
        failures = await asyncio.to_thread(
            self.store.delivery_failed,
            sink.name,
            after,
            sent.error,
            self.clock() + delay,
            self.clock(),
        )
        log.warning(
            "event=outbound_failed sink=%s after_seq=%d failures=%d retry_s=%.1f detail=%r",
            sink.name,
            after,
            failures,
            delay,
            sent.error,
        )
        return delay

    async def _ready(self, after: int, limit: int) -> list[LoggedEvent]:
        """The events after `after` that may be sent now: consecutive seqs from after + 1.

        A missing seq is waited for while the transactions open when it was seen are still
        open; once they all ended and it is still missing, it stays missing (its insert rolled
        back, or PostgreSQL's ON CONFLICT used up a sequence value) and is stepped over."""
        events = await asyncio.to_thread(self.store.events_for_delivery, after, limit)
        if events and events[0].seq != after + 1:
            xids = await asyncio.to_thread(self.store.writers_in_flight)
            while not await asyncio.to_thread(self.store.writers_done, xids):
                await asyncio.sleep(HOLE_CHECK_S)
            events = await asyncio.to_thread(self.store.events_for_delivery, after, limit)
        return _consecutive(events, after)


def _consecutive(events: list[LoggedEvent], after: int) -> list[LoggedEvent]:
    """The first event (whatever its seq: a settled hole before it is stepped over), then those
    that follow it without a gap; a gap further on is looked at in the next round."""
    out: list[LoggedEvent] = []
    for e in events:
        if out and e.seq != out[-1].seq + 1:
            break
        out.append(e)
    return out
