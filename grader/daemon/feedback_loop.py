"""One node's feedback loop: which learners' progress files are due, and writing them.

A NodeWatcher owns one NodeFeedback. The watcher tells it what happened (a connection, the
stream's HELLO, a commit's verdict events, the commands whose verdicts are all committed, a
reader's PROGRESS_* frame); the loop (run) writes each dirty learner's progress.json, with a
backoff per learner after a failure. The document and the writers are in feedback.py.

Latency: the learner's prompt waits (at most feedback.PROMPT_WAIT_MS) for the file to say that
the command which just ended was judged, so a learner whose command was judged is written at
once, not after a coalescing window; one node's write rounds start at least
feedback.FEEDBACK_COALESCE_S apart, so a burst still gathers into few writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import asyncssh

from grader.config import NodeConfig
from grader.daemon import announce_feed, feedback
from grader.daemon.committer import States
from grader.daemon.ingest import Ended
from grader.daemon.logbudget import LogBudget
from grader.daemon.transport import ReaderInput
from grader.labs import Lab
from grader.matching import current_of
from grader.store import StepProgress, StepState, Store, VerdictEvent

log = logging.getLogger("grader.daemon")

# Verdicts of a learner page the store at most this many events back when first loaded.
EVENTS_PAGE = 500


class NodeFeedback:
    """The progress files of one node's learners, kept up to date."""

    def __init__(
        self,
        node: NodeConfig,
        store: Store,
        labs: Mapping[str, Lab],
        log_budget: LogBudget,
        prompt_wait_ms: int = feedback.PROMPT_WAIT_MS,
        learner_page: str | None = None,
    ) -> None:
        self.node = node
        self.store = store
        self.labs = labs
        self._log_budget = log_budget
        self._dirty: set[str] = set()
        self._wake = asyncio.Event()  # set whenever _dirty gains a learner
        self._recent = feedback.RecentEvents()
        # Step states as the watcher's last commit left them, per (learner, lab): the next
        # progress write uses them once instead of a read transaction; a write that failed, or a
        # new connection, reads the store again.
        self._fresh_states: dict[tuple[str, str], list[Any]] = {}
        # The states the last document of each (learner, lab) was built from: a write due only
        # because a command was judged (no new event, so no fresh states) reuses them instead of
        # a read transaction per command. Forgotten where the fresh ones are, and when the
        # announcements change (a write then reads the store, as after a connection).
        self._known_states: dict[tuple[str, str], Sequence[StepState | StepProgress]] = {}
        self._progress = feedback.ProgressWriter(node.spool_root, log_budget)
        self._retry = feedback.RetryBackoff()
        self._conn: asyncssh.SSHClientConnection | None = None  # the watcher's, while connected
        self._simulated = False
        self._written_conn: asyncssh.SSHClientConnection | None = None
        # Where progress goes on this connection: the spool reader's stdin, or SFTP (None).
        # Known at the stream's HELLO; until then no write starts (it would open SFTP for naught).
        self._reader: ReaderInput | None = None
        self._route_known = False
        self.prompt_wait_ms = prompt_wait_ms
        self.learner_page = learner_page  # grader.yaml api.public_url's page, for the welcome
        # learner -> {"<session>/<aid>": n of that shell's last judged command}, newest last
        self._judged: dict[str, dict[str, int]] = {}
        # learner -> the lab they are on, as the ingest said with their last judged command
        # (grader.matching.course); until one is judged, read from the stored snapshots
        self._current: dict[str, str | None] = {}
        self._board = announce_feed.board_for(store)

    # --- what the watcher reports ---------------------------------------------------------------

    def connected(self, conn: asyncssh.SSHClientConnection, simulated: bool) -> None:
        """A new connection: every learner's file is brought up to date once the route is known."""
        self._conn, self._simulated = conn, simulated
        self._reader, self._route_known = None, False
        self._dirty.update(self.node.learners)
        self._wake.set()

    def disconnected(self) -> None:
        self._conn = None
        self._reader, self._route_known = None, False
        self._progress.close()

    def route_known(self) -> None:
        """The stream's HELLO: the reader runs (progress goes on its stdin), or SFTP polling."""
        self._route_known = True
        self._wake.set()

    def reader_changed(self, reader: ReaderInput | None) -> None:
        self._reader = reader

    def committed(self, events: Sequence[VerdictEvent], states: States) -> None:
        """A batch was committed: its step states and verdict events; learners with new events
        are due."""
        self._fresh_states.update(states)
        self._recent.add(events)
        if events:
            self._dirty.update(ev.learner for ev in events)
            self._wake.set()

    def judged(self, ended: Iterable[Ended]) -> None:
        """These commands' verdicts (their probes' too) are committed: their shells may stop
        waiting. Their learners are due, with or without a new event."""
        for e in ended:
            if e.learner not in self.node.learners:
                continue
            if e.lab is not None:
                self._current[e.learner] = e.lab
            shells = self._judged.setdefault(e.learner, {})
            key = f"{e.record.session}/{e.record.aid}"
            n = max(e.record.n, shells.pop(key, 0))
            shells[key] = n  # newest last
            while len(shells) > feedback.JUDGED_KEPT:
                del shells[next(iter(shells))]
            self._dirty.add(e.learner)
            self._wake.set()

    def announced(self) -> None:
        """The live announcements changed: every learner's file shows the new set."""
        self._known_states.clear()
        self._dirty.update(self.node.learners)
        self._wake.set()

    def succeeded(self, learner: str) -> None:
        """The reader's PROGRESS_OK: the learner's write works again."""
        self._retry.succeeded(learner)

    def failed(self, learner: str, detail: str) -> None:
        """A progress write failed (over SFTP, or as the reader reported): retry with backoff."""
        if learner not in self.node.learners:  # a reader's refusal of a line not ours to retry
            self._log_budget.log(
                log,
                logging.WARNING,
                "event=feedback_refused node=%s detail=%s",
                self.node.id,
                json.dumps(detail[:500]),
            )
            return
        self._dirty.add(learner)
        self._fresh_states.clear()  # the retry reads the store: it may be much later
        self._known_states.clear()
        delay = self._retry.failed(learner, time.monotonic())
        self._wake.set()
        self._log_budget.log(
            log,
            logging.WARNING,
            "event=feedback_failed node=%s learner=%s retry_in_s=%.1f detail=%s",
            self.node.id,
            learner,
            delay,
            json.dumps(detail[:500]),
        )

    # --- the loop -------------------------------------------------------------------------------

    async def run(self) -> None:
        self._board.subscribe(self.announced)
        try:
            await self._loop()
        finally:
            announce_feed.release(self._board, self.announced)

    async def _loop(self) -> None:
        last_round = float("-inf")
        while True:
            await self._pending()
            # A burst (a pasted script, a class typing at once): its verdicts gather into one
            # write round; a lone command's round starts at once.
            gap = last_round + feedback.FEEDBACK_COALESCE_S - time.monotonic()
            if gap > 0:
                await asyncio.sleep(gap)
            conn = self._conn
            if not self._dirty or conn is None or not self._route_known:
                continue
            if conn is not self._written_conn:
                # Writes that failed on a dead connection (a cut, a node restart) are due at
                # once on the new one: a learner should not wait out the old link's backoff.
                self._retry.reset()
                self._written_conn = conn
                self._fresh_states.clear()
                self._known_states.clear()
            now = time.monotonic()
            for learner in sorted(self._dirty):
                if self._retry.due(learner, now) > now:
                    continue  # a recent write failed: wait out its backoff
                # Cleared before writing: verdicts landing during the write mark it dirty again.
                self._dirty.discard(learner)
                last_round = time.monotonic()
                try:
                    written = await self._write(conn, learner)
                except (OSError, asyncssh.Error) as exc:
                    self.failed(learner, str(exc))
                else:
                    if written:  # a reader's write reports its own outcome (PROGRESS_* frames)
                        self._retry.succeeded(learner)

    async def _pending(self) -> None:
        """Return when a progress write is due: a learner is dirty and not backing off.

        Event-driven rather than a 200 ms tick per node: 1,000 idle watchers ticking cost 5,000
        loop wake-ups a second on the loop that also has to receive every node's bytes.
        """
        while True:
            self._wake.clear()
            # The watcher's reports (a connection, the HELLO, a commit, a failure) set the event.
            if not self._dirty or self._conn is None or not self._route_known:
                await self._wake.wait()
                continue
            now = time.monotonic()
            if self._conn is not self._written_conn:
                return  # a new connection: writes are due at once (see run)
            next_try = min(self._retry.due(learner, now) for learner in self._dirty)
            if next_try <= now:
                return
            # asyncio.timeout, not wait_for: on 3.11 wait_for loses a cancel that lands as the
            # event is set (gh-86296), and stopping the watcher would wait on this task for ever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(next_try - now):
                    await self._wake.wait()

    async def _write(self, conn: asyncssh.SSHClientConnection, learner: str) -> bool:
        """True when the file is written (SFTP), False when handed to the reader (see write)."""
        labs = [self.labs[i] for i in self.node.learners.get(learner, ()) if i in self.labs]
        if not self._recent.loaded(learner):
            self._recent.load(learner, await asyncio.to_thread(self._all_events, learner))
        progress: dict[str, Sequence[StepState | StepProgress]] = {}
        for lab in labs:
            key = (learner, lab.id)
            fresh: Sequence[StepState | StepProgress] | None = self._fresh_states.pop(key, None)
            if fresh is None:
                fresh = self._known_states.get(key)
            if fresh is None:
                fresh = await asyncio.to_thread(self.store.step_states, learner, lab.id)
            progress[lab.id] = self._known_states[key] = fresh
        if learner not in self._current:
            self._current[learner] = await asyncio.to_thread(self.stored_current, learner, labs)
        doc = feedback.progress_document(
            learner,
            labs,
            progress,
            self._recent.get(learner),
            simulated=self._simulated,
            judged=self._judged.get(learner),
            announcements=self._board.live,
            wait_ms=self.prompt_wait_ms,
            learner_page=self.learner_page,
            current=self._current[learner],
        )
        return await self._progress.write(conn, learner, doc, self._reader)

    def stored_current(self, learner: str, labs: Sequence[Lab]) -> str | None:
        """The lab the learner is on by the stored engine snapshots (their `chosen` and step
        states): the course rule before this daemon judged one of the learner's commands."""
        chosen: dict[str, int] = {}
        done: dict[str, bool] = {}
        for lab in labs:
            snap = self.store.snapshot(learner, lab.id) or {}
            chosen[lab.id] = int(snap.get("chosen", 0))
            steps = snap.get("steps") or {}
            done[lab.id] = all(
                (steps.get(s.id) or {}).get("state") == "verified" for s in lab.steps
            )
        return current_of([lab.id for lab in labs], chosen, done)

    def _all_events(self, learner: str) -> list:
        out: list = []
        seq = 0
        while page := self.store.events_after(seq, learner, EVENTS_PAGE):
            out = (out + page)[-feedback.EVENTS_KEPT :]
            seq = page[-1].seq
        return out
