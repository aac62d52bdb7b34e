"""The daemon's side of `grader reset`: a reset learner's engine starts over, while it runs.

Store.reset_lab clears the learner's stored progress and engine snapshot for the lab, and may run
in another process (`grader reset`, or an API process of its own), so the daemon follows the
reset events in the store: two queries every RESET_POLL_S for the whole daemon, the newest event
seq and the resets up to it after the last seq looked at (a range of the events' primary key:
nothing to read when nothing happened, whatever the store holds). Events take their seq in commit
order (Writes.order_events), so a reset committed after the first query has a seq above it and
is read by the next poll. For each new
reset, every watcher whose node grades that learner on that lab replaces the learner's engine
with a fresh one (NodeIngest.reset_engine) and rewrites the learner's progress file, so the next
command is judged from the lab's start.

A command that ended in the moment between the reset's commit and its pick-up was judged by the
old engine; its verdict may still be recorded (at most RESET_POLL_S plus one commit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from grader.store import Store, VerdictEvent

if TYPE_CHECKING:
    from grader.daemon.watcher import NodeWatcher

log = logging.getLogger("grader.daemon")

RESET_POLL_S = 0.5
"""A reset reaches the daemon's engines within this long of its commit."""


class ResetFollower:
    """Follows the store's reset events and starts the reset learners' engines over."""

    def __init__(
        self,
        store: Store,
        watchers: Callable[[], Iterable[NodeWatcher]],
        poll_s: float = RESET_POLL_S,
    ) -> None:
        self.store = store
        self.watchers = watchers
        self.poll_s = poll_s
        self.seq = 0  # the newest event seq looked at
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    async def start(self) -> None:
        """Follow from now on: engines loaded after an older reset load its cleared snapshot."""
        self.seq = await asyncio.to_thread(self.store.last_seq)
        self._task = asyncio.create_task(self._run(), name="resets")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def poll_once(self) -> list[VerdictEvent]:
        """Read the resets after the last one seen and apply them; returns them."""
        try:
            newest, resets = await asyncio.to_thread(self._read_new)
        except Exception as exc:  # the database is away: try again next round, say so once
            if not self._failing:
                log.warning("event=resets_unreadable detail=%s", exc)
            self._failing = True
            return []
        self._failing = False
        for event in resets:
            self.apply(event)
        # everything up to `newest` has been looked at: the next poll reads only what is new
        self.seq = max(self.seq, newest)
        return resets

    def _read_new(self) -> tuple[int, list[VerdictEvent]]:
        """(the newest event seq, the resets after the last seq looked at up to it)."""
        newest = self.store.last_seq()
        return newest, self.store.resets_after(self.seq, newest)

    def apply(self, event: VerdictEvent) -> int:
        """Start the event's learner over on its lab on every node grading them; how many did."""
        done = 0
        for watcher in list(self.watchers()):
            ingest = watcher.ingest
            if ingest is None or not ingest.reset_engine(event.learner, event.lab):
                continue
            watcher.feedback.committed([event], {(event.learner, event.lab): []})
            done += 1
            log.info(
                "event=lab_reset node=%s learner=%s lab=%s seq=%d",
                watcher.node.id,
                event.learner,
                event.lab,
                event.seq,
            )
        return done

    async def _run(self) -> None:
        while True:
            await self.poll_once()
            await asyncio.sleep(self.poll_s)
