"""Signed webhooks against a real HTTP server that checks each signature with its own HMAC
code: every event of an honest run arrives in seq order, 500s are retried, a grader killed
after the receiver acknowledged loses nothing, and two graders delivering at once (one
database) send each event once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from grader.labs import Lab
from grader.outbound import Delivery, iso_utc, message_id, sinks_for
from grader.store import Store

from . import honest
from .grading import crash_driver, deliver_until, load, write_config
from .receiver import SECRET, Receiver, Server

SINK = "webhook:gradebook"


def hook(server: Server) -> list[dict[str, object]]:
    return [{"name": "gradebook", "url": server.url, "secret": SECRET, "timeout_s": 2}]


def test_every_event_arrives_signed_and_in_order(
    tmp_path: Path, receiver: tuple[Receiver, Server], lab: Lab
) -> None:
    rec, server = receiver
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ["wrong-answers", "clean-run"])
    events = store.events_for_delivery(0, 1000)
    config = load(write_config(tmp_path, store.url, webhooks=hook(server)))
    last = events[-1].seq
    deliver_until(
        store, config, {lab.id: lab}, lambda: store.delivery_cursor(SINK).after_seq == last
    )
    assert rec.refused == []
    assert [d.body["data"]["seq"] for d in rec.accepted] == [e.seq for e in events]
    assert [d.msg_id for d in rec.accepted] == [message_id(SINK, e.seq) for e in events]
    points = {s.id: s.points for s in lab.steps}
    for d, e in zip(rec.accepted, events, strict=True):
        data = d.body["data"]
        assert d.body["type"] == f"verdict.{e.state}"
        assert (data["learner"], data["lab"], data["step"]) == ("alice", lab.id, e.step)
        assert data["points"] == points[e.step]
        assert data["time"] == d.body["timestamp"] == iso_utc(e.recorded or e.at)
        assert data["node_at"] == iso_utc(e.at)


def test_a_receiver_answering_500_is_retried_until_it_takes_them(
    tmp_path: Path, receiver: tuple[Receiver, Server], lab: Lab
) -> None:
    rec, server = receiver
    rec.fail_next = 4
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ["clean-run"])
    events = store.events_for_delivery(0, 1000)
    config = load(write_config(tmp_path, store.url, webhooks=hook(server)))
    errors: list[str | None] = []

    def done() -> bool:
        c = store.delivery_cursor(SINK)
        errors.append(c.last_error)
        return c.after_seq == events[-1].seq

    deliver_until(store, config, {lab.id: lab}, done)
    assert rec.answered_500 == 4
    assert any(e and e.startswith("HTTP 500") for e in errors)
    assert [d.body["data"]["seq"] for d in rec.accepted] == [e.seq for e in events]
    assert store.delivery_cursor(SINK).attempts == 0


def test_a_grader_killed_after_an_acknowledgement_loses_nothing(
    tmp_path: Path, receiver: tuple[Receiver, Server], lab: Lab
) -> None:
    rec, server = receiver
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ["clean-run"])
    config = write_config(tmp_path, store.url, webhooks=hook(server))
    first = crash_driver(config, kill_after=5)
    assert first.wait(60) == -9
    assert len(rec.accepted) == 5
    # a webhook round is 20 events, one request each; the cursor moves at the round's end
    assert store.delivery_cursor(SINK).after_seq == 0
    honest.grade(store, lab, "bob", ["clean-run"])
    events = store.events_for_delivery(0, 1000)
    second = crash_driver(config, kill_after=0)
    try:
        end = time.monotonic() + 60
        while store.delivery_cursor(SINK).after_seq != events[-1].seq:
            assert second.poll() is None, "the second grader died"
            assert time.monotonic() < end, "not delivered in time"
            time.sleep(0.2)
    finally:
        second.terminate()
        second.wait(30)
    # the first five came twice, with the same webhook-ids: a receiver deduping on them has
    # each event once
    ids = [d.msg_id for d in rec.accepted]
    assert len(ids) == len(events) + 5
    assert [ids.count(message_id(SINK, e.seq)) for e in events[:6]] == [2, 2, 2, 2, 2, 1]
    assert list(rec.unique()) == [message_id(SINK, e.seq) for e in events]


def test_two_graders_at_once_send_each_event_once(
    tmp_path: Path, receiver: tuple[Receiver, Server], lab: Lab
) -> None:
    """Two deliveries over one database (two graders on one PostgreSQL, or a restart that
    overlaps the old process): the claim lets one send at a time, and never the same event."""
    rec, server = receiver
    db = tmp_path / "grader.db"
    store = Store.open(f"sqlite:///{db}")
    honest.grade(store, lab, "alice", ["wrong-answers", "clean-run"])
    honest.grade(store, lab, "bob", ["clean-run"])
    events = store.events_for_delivery(0, 1000)
    config = load(write_config(tmp_path, store.url, webhooks=hook(server)))
    other = Store.open(f"sqlite:///{db}")
    labs = {lab.id: lab}

    async def main() -> None:
        runs = [
            Delivery(s, sinks_for(config.outbound, labs), config.outbound.backoff, poll_s=0.05)
            for s in (store, other)
        ]
        tasks = [asyncio.create_task(d.run()) for d in runs]
        end = time.monotonic() + 60
        while store.delivery_cursor(SINK).after_seq != events[-1].seq:
            assert time.monotonic() < end, "not delivered in time"
            await asyncio.sleep(0.05)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    assert [d.body["data"]["seq"] for d in rec.accepted] == [e.seq for e in events]
