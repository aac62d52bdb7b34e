"""The instructor's announcements, on their way to the learners' terminals.

An announcement is added through the API (`POST /api/announcements`, Store.add_announcement),
possibly by another process than this daemon, so the daemon polls the store for the live ones:
one query every ANNOUNCE_POLL_S for the whole daemon, not one per node. When the live set
changes (a new one, one expired), every subscribed node's feedback loop rewrites its learners'
progress files, which carry the live announcements of each learner's labs; the capture hooks
show each one once, at the learner's next prompt (docs/node-protocol.md "Progress file").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from grader.store import Announcement, Store

log = logging.getLogger("grader.daemon")

# An announcement reaches the terminals within this (plus one progress write) of being made.
ANNOUNCE_POLL_S = 2.0

Listener = Callable[[], None]


class AnnouncementBoard:
    """The live announcements of one store, polled while any node's feedback loop listens."""

    def __init__(self, store: Store, poll_s: float = ANNOUNCE_POLL_S) -> None:
        self.store = store
        self.poll_s = poll_s
        self.live: tuple[Announcement, ...] = ()
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="announcements")

    def unsubscribe(self, listener: Listener) -> None:
        with contextlib.suppress(ValueError):
            self._listeners.remove(listener)
        if not self._listeners and self._task is not None:
            self._task.cancel()
            self._task = None

    async def refresh(self) -> bool:
        """Read the live set once; True when it changed (the listeners were told)."""
        try:
            live = tuple(await asyncio.to_thread(self.store.announcements, time.time()))
        except Exception as exc:  # the database is away: keep what we had, say so once
            if not self._failing:
                log.warning("event=announcements_unreadable detail=%s", exc)
            self._failing = True
            return False
        self._failing = False
        if [a.seq for a in live] == [a.seq for a in self.live]:
            return False
        self.live = live
        for listener in list(self._listeners):
            listener()
        return True

    async def _run(self) -> None:
        while True:
            await self.refresh()
            await asyncio.sleep(self.poll_s)


_BOARDS: dict[int, AnnouncementBoard] = {}


def board_for(store: Store) -> AnnouncementBoard:
    """The daemon's one board for `store` (its watchers share the store object)."""
    board = _BOARDS.get(id(store))
    if board is None or board.store is not store:
        board = _BOARDS[id(store)] = AnnouncementBoard(store)
    return board


def release(board: AnnouncementBoard, listener: Listener) -> None:
    """Unsubscribe; the last listener gone, the board is dropped (its poll stops)."""
    board.unsubscribe(listener)
    if not board._listeners and _BOARDS.get(id(board.store)) is board:
        del _BOARDS[id(board.store)]
