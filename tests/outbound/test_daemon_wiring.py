"""`grader run`'s daemon starts the delivery when grader.yaml has an `outbound:` section, and
stops it with everything else: the daemon itself, in this process, on a real store, with a
real webhook receiver (its one node is unreachable; the watcher retries it meanwhile)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from grader.daemon.service import Daemon
from grader.labs import Lab
from grader.outbound import message_id
from grader.store import Store

from . import honest
from .grading import load, write_config
from .receiver import SECRET, Receiver, Server


def test_the_daemon_delivers_and_stops_cleanly(
    tmp_path: Path, receiver: tuple[Receiver, Server], lab: Lab
) -> None:
    rec, server = receiver
    store = Store.open(f"sqlite:///{tmp_path / 'grader.db'}")
    honest.grade(store, lab, "alice", ["clean-run"])
    events = store.events_for_delivery(0, 1000)
    hooks = [{"name": "gb", "url": server.url, "secret": SECRET, "timeout_s": 2}]
    config = load(write_config(tmp_path, store.url, webhooks=hooks))

    async def main() -> None:
        daemon = Daemon(config, store, {lab.id: lab})
        task = asyncio.create_task(daemon.run())
        end = time.monotonic() + 60
        while len(rec.accepted) < len(events):
            assert not task.done(), task
            assert time.monotonic() < end, "not delivered in time"
            await asyncio.sleep(0.1)
        # the receiver records a delivery before it answers; a stop cancels a send cut
        # short (sent again by the next start), so the cursor is waited for, not raced
        last = events[-1].seq
        while (await asyncio.to_thread(store.delivery_cursor, "webhook:gb")).after_seq < last:
            assert time.monotonic() < end, "the cursor did not move in time"
            await asyncio.sleep(0.1)
        daemon.stop()
        await asyncio.wait_for(task, 30)

    asyncio.run(main())
    assert [d.msg_id for d in rec.accepted] == [message_id("webhook:gb", e.seq) for e in events]
    cursor = store.delivery_cursor("webhook:gb")
    assert cursor.after_seq == events[-1].seq
    assert cursor.next_at <= time.time()  # the claim was given back at the stop
