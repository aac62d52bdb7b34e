"""The daemon process: leases nodes, watches each one, serves the API, shuts down cleanly.

One asyncio loop runs everything. Per leased node a NodeWatcher streams the spool over a
NodeLink, feeds NodeIngest, commits batches through the daemon's Committer (many nodes' batches
in one transaction, in a worker thread: the Store is synchronous), writes progress files back
and runs probes. Leases are renewed every ttl/3 on a thread of their own (LeaseKeeper); the
lease loop starts or stops watchers as leases are won or lost, so several graders can share one
PostgreSQL (docs/architecture.md "Scale"). SIGTERM/SIGINT: stop the watchers, flush their
batches, release the leases, exit 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import logging
import signal
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Any

import asyncssh

from grader import metrics
from grader.config import GraderConfig, NodeConfig
from grader.daemon import feedback, probes
from grader.daemon.committer import Committer
from grader.daemon.ingest import BATCH_WINDOW_S, Ended, NodeIngest
from grader.daemon.logbudget import LogBudget
from grader.daemon.pacing import OVER_BUDGET_WINDOW_S, PacedWindow, Pacer
from grader.daemon.transport import (
    NodeLink,
    ReaderInput,
    fetch_attest_key,
    fetch_simulated,
    stream_spool,
)
from grader.labs.model import Lab
from grader.matching.attest import enforced
from grader.protocol.frames import (
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_PROGRESS_FAILED,
    KIND_PROGRESS_OK,
    KIND_REFUSED,
    Frame,
    StreamError,
)
from grader.store import IngestBatch, LeaseLost, StepProgress, StepState, Store
from grader.store.leases import LeaseRound
from grader.verdict import State

log = logging.getLogger("grader.daemon")

# Node status rows are for humans and dashboards: one write per node per 10 s is plenty and keeps
# 500 nodes' heartbeats from becoming 500 writes a second.
STATUS_WRITE_EVERY_S = 10.0
# How often a watcher looks for sessions that went quiet (ingest.close_idle walks the open ones).
CLOSE_IDLE_EVERY_S = 1.0
# What a frame costs against the node's byte budget besides its bytes: the decode, the dispatch
# and the loop's turn are per frame, so a flood of tiny frames is paced like one of big ones.
FRAME_COST_BYTES = 16384
# A DATA frame is fed to the ingest this many bytes at a time, the loop turning in between: one
# 1 MiB frame of index lines is ~4,000 JSON parses (~60 ms), of bare-CR output ~30 ms, and the
# other nodes' verdicts should not wait for a whole one (BENCHMARKS.md, twelfth round).
FEED_SLICE_BYTES = 64 * 1024
# Balanced leases (docs/scaling.md): a grader over its fair share hands nodes over only after
# this many renewal rounds in a row over it (graders starting together settle first), then
# half its excess a round (at least one, at most MOVE_PER_ROUND_MAX): 500 nodes over the share
# are handed over in 15 rounds (50 x 8, then 50, 25, 13, 6, 3, 2, 1), each round's flushes
# bounded.
OVER_SHARE_ROUNDS = 2
MOVE_PER_ROUND_MAX = 50
# The daemon writes the lags its watchers noted since the last write this often (LagBoard).
LAG_FLUSH_S = 1.0
# A batch the database refused is retried after this pause (it keeps its place: order matters).
INGEST_RETRY_S = 1.0
# Verdicts of a learner page the store at most this many events back when first loaded.
EVENTS_PAGE = 500


def _log_hello(node: str, data: bytes) -> None:
    """Say how the node's stream runs: the reader's wake mode (inotify, or a 50 ms poll where
    the node has no inotify: ~25 ms more per verdict) or the SFTP fallback. Operators find
    slow nodes by it; a HELLO that is not the expected JSON is logged as it came."""
    try:
        hello = json.loads(data)
        via = "sftp" if hello.get("sftp") else hello.get("wake", "poll")
        python = hello.get("python", "-")
    except (ValueError, AttributeError):
        via, python = "unknown", data[:80].decode("utf-8", "replace")
    log.info("event=reader_started node=%s wake=%s python=%s", node, via, python)


def _slices(frame: Frame) -> Iterator[Frame]:
    """The frame itself, or for a DATA frame above FEED_SLICE_BYTES, consecutive frames of the
    same file that together are the same bytes (the ingest takes any split: offsets chain)."""
    if frame.kind != KIND_DATA or len(frame.data) <= FEED_SLICE_BYTES:
        yield frame
        return
    view = memoryview(frame.data)
    for start in range(0, len(frame.data), FEED_SLICE_BYTES):
        part = bytes(view[start : start + FEED_SLICE_BYTES])
        yield Frame(frame.kind, frame.path, frame.offset + start, part)


class LagBoard:
    """The watchers' heartbeat lags, written for all nodes in one transaction per LAG_FLUSH_S.

    WHY: each watcher wrote its lag in a transaction of its own every STATUS_WRITE_EVERY_S: ~100
    a second at 1,000 nodes, each a hop to a worker thread and SQLite's write lock. The newest lag
    per node wins; a failed write is dropped (the next heartbeat brings a newer one).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None

    def note(self, node_id: str, lag: float) -> None:
        self._pending[node_id] = lag
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="lag-board")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(LAG_FLUSH_S)
            if not self._pending:
                continue
            lags, self._pending = self._pending, {}
            try:
                await asyncio.to_thread(self.store.set_node_lags, lags)
            except Exception as exc:  # the database is away: the next heartbeats bring new lags
                log.warning("event=lag_write_failed nodes=%d detail=%s", len(lags), exc)


class NodeWatcher:
    """Everything the daemon does for one leased node."""

    def __init__(
        self,
        node: NodeConfig,
        config: GraderConfig,
        store: Store,
        labs: Mapping[str, Lab],
        handshakes: asyncio.Semaphore,
        reader_mode: str = "auto",
        committer: Committer | None = None,
        lags: LagBoard | None = None,
    ):
        self.node = node
        self.config = config
        self.store = store
        self.labs = labs
        self.reader_mode = reader_mode
        #: The node's nvidia-smi is the GPU simulator (read at each connection).
        self.simulated = False
        # Shared by the daemon's watchers (group commit); a watcher on its own gets its own.
        self.committer = committer if committer is not None else Committer(store)
        self._own_committer = committer is None
        # Shared likewise (one transaction a second for every node's heartbeat lag).
        self._lags = lags if lags is not None else LagBoard(store)
        self._own_lags = lags is None
        self.link = NodeLink(node, config.daemon, handshakes, self._status)
        self._pacer = Pacer(
            rate=config.daemon.node_rate_bytes_s, share=config.daemon.node_loop_share
        )
        self.ingest: NodeIngest | None = None
        self.conn: asyncssh.SSHClientConnection | None = None
        self._wake = asyncio.Event()
        self._urgent = asyncio.Event()  # the batch holds an ended command: skip the window
        self._dirty: set[str] = set()
        self._feedback_wake = asyncio.Event()  # set whenever _dirty gains a learner
        self._recent = feedback.RecentEvents()
        # Step states as this watcher's last commit left them, per (learner, lab): the next
        # progress write uses them once instead of a read transaction; a write that failed, or a
        # new connection, reads the store again.
        self._fresh_states: dict[tuple[str, str], list[Any]] = {}
        self._progress = feedback.ProgressWriter(node.spool_root)
        self._feedback_retry = feedback.RetryBackoff()
        self._feedback_conn: asyncssh.SSHClientConnection | None = None
        # Where progress goes on this connection: the spool reader's stdin, or SFTP (None).
        # Known at the stream's HELLO; until then no write starts (it would open SFTP for naught).
        self._reader: ReaderInput | None = None
        self._route_known = False
        self._probe_verified: set[tuple[str, str, str]] = set()
        self._last_status = 0.0
        self._log_budget = LogBudget()
        self._paced = PacedWindow()
        self._tasks: list[asyncio.Task] = []
        self.lease_lost = False
        self._unsent: tuple[IngestBatch, list[Ended]] | None = None

    # --- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        offsets = await asyncio.to_thread(self.store.offsets, self.node.id)
        self.ingest = NodeIngest(
            self.node.id,
            self.node.learners,
            self.labs,
            offsets,
            self.store.snapshot,
            owner=self.config.daemon.owner,
            max_sessions=self.config.daemon.max_sessions_per_learner,
            log_budget=self._log_budget,  # one budget for all the lines this node causes
        )
        await asyncio.to_thread(self.ingest.load_engines)
        self._tasks = [
            asyncio.create_task(self.link.run_forever(self._session), name=f"link-{self.node.id}"),
            asyncio.create_task(self._flusher(), name=f"flush-{self.node.id}"),
            asyncio.create_task(self._feedback_loop(), name=f"feedback-{self.node.id}"),
        ]

    async def stop(self) -> None:
        """Stop streaming, then commit what was already parsed (never lose a finished command)."""
        link = self._tasks[0] if self._tasks else None
        if link:
            link.cancel()
            await asyncio.gather(link, return_exceptions=True)
        for task in self._tasks[1:]:
            task.cancel()
        await asyncio.gather(*self._tasks[1:], return_exceptions=True)
        try:
            await self._flush_once()
        except LeaseLost:
            pass
        except Exception:  # never let one node's last batch stop the others' shutdown
            log.exception("event=final_flush_failed node=%s", self.node.id)
        if self._own_committer:
            await self.committer.stop()
        if self._own_lags:
            await self._lags.stop()
        self._status(False, "stopped")

    # --- streaming ------------------------------------------------------------------------------

    async def _session(self, conn: asyncssh.SSHClientConnection) -> None:
        assert self.ingest is not None
        await self._attestation_key(conn)  # before anything is parsed on this connection
        # Read at every connection: provisioning may have put the simulator in or taken it out.
        self.simulated = await fetch_simulated(conn)
        # In the background like a status write: a database that is away must not fail the
        # session (its batches wait and retry; this flag is written again at the next connect).
        task = asyncio.create_task(
            asyncio.to_thread(self.store.set_node_simulated, self.node.id, self.simulated)
        )
        task.add_done_callback(_log_failure)
        self.conn = conn
        self._reader, self._route_known = None, False
        self._dirty.update(self.node.learners)  # bring progress files up to date on (re)connect
        self._feedback_wake.set()
        self._wake.set()
        try:
            offsets = self.ingest.start_offsets()
            hellos = 0
            idle_checked = time.monotonic()
            async for frame in stream_spool(
                conn,
                self.node.spool_root,
                offsets,
                self.reader_mode,
                self._reader_changed,
                learners=frozenset(self.node.learners),
                buffer_limit=self.config.daemon.node_buffer_bytes,
            ):
                began = time.monotonic()
                awaited = 0.0  # time other tasks ran between a big frame's slices: not ours
                if frame.kind == KIND_HEARTBEAT:
                    self._heartbeat(frame.data)
                elif frame.kind == KIND_PROGRESS_FAILED:
                    self._feedback_failed(frame.path, frame.data.decode("utf-8", "replace"))
                elif frame.kind == KIND_PROGRESS_OK:
                    self._feedback_retry.succeeded(frame.path)
                elif frame.kind == KIND_ERROR:
                    self._log_budget.log(
                        log,
                        logging.WARNING,
                        "event=spool_read_error node=%s path=%s detail=%s",
                        self.node.id,
                        json.dumps(frame.path[:200]),
                        json.dumps(frame.data.decode("utf-8", "replace")[:500]),
                    )
                elif frame.kind == KIND_REFUSED:
                    self.ingest.refused(frame.path, frame.data.decode("utf-8", "replace"))
                    self._wake.set()
                else:
                    if frame.kind == KIND_HELLO:  # the reader runs, or SFTP polling does
                        hellos += 1
                        self._route_known = True
                        self._feedback_wake.set()
                        if hellos == 1:  # once per connection: a second HELLO is noise
                            _log_hello(self.node.id, frame.data)
                    for i, part in enumerate(_slices(frame)):
                        if i:  # a big frame is fed in slices, other tasks running in between
                            turned = time.monotonic()
                            await asyncio.sleep(0)
                            awaited += time.monotonic() - turned
                        self.ingest.feed(part)
                    self._wake.set()
                    if self.ingest.has_ended():
                        self._urgent.set()
                now = time.monotonic()
                # Heartbeats keep this ticking while files are quiet: idle sessions close here,
                # once a second (a walk of the open sessions, never one per frame).
                if now - idle_checked >= CLOSE_IDLE_EVERY_S:
                    idle_checked = now
                    if self.ingest.close_idle(now):
                        self._wake.set()
                    now = time.monotonic()
                # Every frame is paced, whatever its kind: a flood of heartbeats, errors or
                # progress answers costs the node its own time, not the loop's.
                cost = FRAME_COST_BYTES + len(frame.path) + len(frame.data)
                pause = self._pacer.spend(cost, now, busy_s=now - began - awaited)
                if pause > 0:  # a flood: SSH flow control holds the rest on the node
                    metrics.PACED_SECONDS.labels(node=self.node.id).inc(pause)
                    paced = self._paced.add(now, pause)
                    budget = self.config.daemon.node_over_budget_s
                    if budget > 0 and paced >= budget:
                        log.warning(
                            "event=node_over_budget node=%s paced_s=%.1f window_s=%.0f",
                            self.node.id,
                            paced,
                            self._paced.window_s,
                        )
                        self._paced = PacedWindow()
                        raise StreamError(
                            f"over budget: paced {paced:.0f} s in {OVER_BUDGET_WINDOW_S:.0f} s"
                        )
                    await asyncio.sleep(pause)
        finally:
            self.conn = None
            self._reader, self._route_known = None, False
            self._progress.close()

    def _reader_changed(self, reader: ReaderInput | None) -> None:
        self._reader = reader

    async def _attestation_key(self, conn: asyncssh.SSHClientConnection) -> None:
        """Read the node's attestation key at every connect (provisioning may have added it)."""
        assert self.ingest is not None
        mode = self.config.attestation
        key: bytes | None = None
        if mode != "off":
            key, why = await fetch_attest_key(conn, self.node.attest_key_path)
            if key is None:
                log.log(
                    logging.WARNING if mode == "required" else logging.INFO,
                    "event=attestation_unavailable node=%s mode=%s detail=%s",
                    self.node.id,
                    mode,
                    json.dumps(why),
                )
        self.ingest.set_attestation(key, enforced(mode, key))  # type: ignore[arg-type]

    def _heartbeat(self, data: bytes) -> None:
        try:
            sent = float(json.loads(data)["t"])
        except (ValueError, KeyError, TypeError):
            return
        # Includes clock skew between node and grader; NTP keeps that to milliseconds.
        lag = max(0.0, time.time() - sent)
        metrics.NODE_LAG_SECONDS.labels(node=self.node.id).set(lag)
        if time.monotonic() - self._last_status >= STATUS_WRITE_EVERY_S:
            self._last_status = time.monotonic()
            self._lags.note(self.node.id, lag)

    def _status(self, connected: bool, error: str | None) -> None:
        """A connect or disconnect, written at once (lags go through the LagBoard)."""
        task = asyncio.create_task(
            asyncio.to_thread(
                self.store.set_node_status, self.node.id, connected=connected, error=error
            )
        )
        task.add_done_callback(_log_failure)

    # --- batches --------------------------------------------------------------------------------

    async def _flusher(self) -> None:
        while True:
            await self._wake.wait()
            if not self._urgent.is_set():  # let the frames of this burst join the batch
                # asyncio.timeout, not wait_for: on 3.11 wait_for loses a cancel that lands as
                # the event is set (gh-86296), and stop() would wait on this task for ever.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(BATCH_WINDOW_S):
                        await self._urgent.wait()
            # Frames that came with the same read from the channel are already fed: the session
            # task yields to us at its next read, or between the 64 KiB slices of a big frame
            # (each slice ends where a frame could: a batch taken there is a valid restart point).
            self._wake.clear()
            self._urgent.clear()
            try:
                await self._flush_once()
            except LeaseLost as exc:
                log.error("event=lease_lost node=%s detail=%s", self.node.id, exc)
                self.lease_lost = True
                return
            except Exception:  # the database is down or refused the batch: keep it, retry
                log.exception(
                    "event=ingest_failed node=%s retry_in_s=%.1f", self.node.id, INGEST_RETRY_S
                )
                await asyncio.sleep(INGEST_RETRY_S)
                self._wake.set()

    async def _flush_once(self) -> None:
        """Commit what is parsed. A batch kept from a failed try goes first, as it was; what
        arrived while it waited is in the next batch, committed right after it: no frame may
        come to wake us for it (a learner who stopped typing during a database outage saw
        nothing more verified until they typed again)."""
        retried = self._unsent is not None
        await self._commit_next()
        if retried:
            await self._commit_next()

    async def _commit_next(self) -> None:
        assert self.ingest is not None
        if self._unsent is None:
            self._unsent = self.ingest.take_batch()
        if self._unsent is None:
            return
        batch, ended = self._unsent
        events, states = await self.committer.ingest_with_states(batch)
        self._fresh_states.update(states)
        self._unsent = None  # a failed batch stays and is retried as it was (idempotent)
        for ev in events:
            log.info(
                "event=verdict node=%s learner=%s lab=%s step=%s state=%s seq=%d",
                self.node.id,
                ev.learner,
                ev.lab,
                ev.step,
                ev.state,
                ev.seq,
            )
            if ev.state == State.VERIFIED:
                self._probe_verified.add((ev.learner, ev.lab, ev.step))
        self._recent.add(events)
        if events:
            self._dirty.update(ev.learner for ev in events)
            self._feedback_wake.set()
        if ended and self.conn is not None:
            await self._run_probes(self.conn, ended)

    async def _run_probes(self, conn: asyncssh.SSHClientConnection, ended: list[Ended]) -> None:
        assert self.ingest is not None
        last: dict[str, Ended] = {e.learner: e for e in ended}  # one probe round per learner
        found = False
        for learner, e in last.items():
            for lab_id in self.node.learners.get(learner, ()):
                grader = self.ingest.grader(learner, lab_id)
                if grader is None:
                    continue
                states = {sid: v.state for sid, v in grader.verdicts().items()}
                for sid in list(states):
                    if (learner, lab_id, sid) in self._probe_verified:
                        states[sid] = State.VERIFIED
                for step in probes.due_probes(grader.lab, states):
                    try:
                        verdict = await probes.run_probe(
                            conn, grader.lab, step, grader.variables, e.record
                        )
                    except (OSError, asyncssh.Error) as exc:
                        log.warning("event=probe_failed node=%s detail=%s", self.node.id, exc)
                        continue
                    if verdict is not None:
                        self._probe_verified.add((learner, lab_id, step.id))
                        self.ingest.add_verdict(learner, verdict)
                        found = True
        if found:
            self._wake.set()

    # --- feedback -------------------------------------------------------------------------------

    async def _feedback_loop(self) -> None:
        while True:
            await self._feedback_pending()
            await asyncio.sleep(feedback.FEEDBACK_COALESCE_S)  # verdicts of a burst: one write
            conn = self.conn
            if not self._dirty or conn is None or not self._route_known:
                continue
            if conn is not self._feedback_conn:
                # Writes that failed on a dead connection (a cut, a node restart) are due at
                # once on the new one: a learner should not wait out the old link's backoff.
                self._feedback_retry.reset()
                self._feedback_conn = conn
                self._fresh_states.clear()
            now = time.monotonic()
            for learner in sorted(self._dirty):
                if self._feedback_retry.due(learner, now) > now:
                    continue  # a recent write failed: wait out its backoff
                # Cleared before writing: verdicts landing during the write mark it dirty again.
                self._dirty.discard(learner)
                try:
                    written = await self._write_feedback(conn, learner)
                except (OSError, asyncssh.Error) as exc:
                    self._feedback_failed(learner, str(exc))
                else:
                    if written:  # a reader's write reports its own outcome (PROGRESS_* frames)
                        self._feedback_retry.succeeded(learner)

    def _feedback_failed(self, learner: str, detail: str) -> None:
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
        delay = self._feedback_retry.failed(learner, time.monotonic())
        self._feedback_wake.set()
        self._log_budget.log(
            log,
            logging.WARNING,
            "event=feedback_failed node=%s learner=%s retry_in_s=%.1f detail=%s",
            self.node.id,
            learner,
            delay,
            json.dumps(detail[:500]),
        )

    async def _feedback_pending(self) -> None:
        """Return when a progress write is due: a learner is dirty and not backing off.

        Event-driven rather than a 200 ms tick per node: 1,000 idle watchers ticking cost 5,000
        loop wake-ups a second on the loop that also has to receive every node's bytes.
        """
        while True:
            self._feedback_wake.clear()
            # _session (connect, stream HELLO) and _flush_once set the event.
            if not self._dirty or self.conn is None or not self._route_known:
                await self._feedback_wake.wait()
                continue
            now = time.monotonic()
            if self.conn is not self._feedback_conn:
                return  # a new connection: writes are due at once (see _feedback_loop)
            next_try = min(self._feedback_retry.due(learner, now) for learner in self._dirty)
            if next_try <= now:
                return
            with contextlib.suppress(TimeoutError):  # asyncio.timeout: see _flusher
                async with asyncio.timeout(next_try - now):
                    await self._feedback_wake.wait()

    async def _write_feedback(self, conn: asyncssh.SSHClientConnection, learner: str) -> bool:
        """True when the file is written (SFTP), False when handed to the reader (see write)."""
        labs = [self.labs[i] for i in self.node.learners.get(learner, ()) if i in self.labs]
        if not self._recent.loaded(learner):
            self._recent.load(learner, await asyncio.to_thread(self._all_events, learner))
        progress: dict[str, Sequence[StepState | StepProgress]] = {}
        for lab in labs:
            fresh = self._fresh_states.pop((learner, lab.id), None)
            if fresh is None:
                progress[lab.id] = await asyncio.to_thread(self.store.step_states, learner, lab.id)
            else:
                progress[lab.id] = fresh
        doc = feedback.progress_document(
            learner, labs, progress, self._recent.get(learner), simulated=self.simulated
        )
        return await self._progress.write(conn, learner, doc, self._reader)

    def _all_events(self, learner: str) -> list:
        out: list = []
        seq = 0
        while page := self.store.events_after(seq, learner, EVENTS_PAGE):
            out = (out + page)[-feedback.EVENTS_KEPT :]
            seq = page[-1].seq
        return out


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("event=status_write_failed detail=%s", task.exception())


#: Upper bound on waiting for in-flight HTTP requests at shutdown; event streams end at once.
API_GRACEFUL_SHUTDOWN_S = 5


class _ApiServer:
    """uvicorn in our loop, without its own signal handling (the daemon owns SIGTERM/SIGINT)."""

    def __init__(self, app, host: str, port: int):
        import uvicorn

        class Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield

        # An open SSE stream (a dashboard tab) would otherwise hold shutdown open forever:
        # uvicorn waits for it, and sse-starlette only notices an exit through uvicorn's own
        # signal handlers, which this server does not install (see stop()).
        self.server = Server(
            uvicorn.Config(
                app,
                host=host,
                port=port,
                log_level="warning",
                timeout_graceful_shutdown=API_GRACEFUL_SHUTDOWN_S,
            )
        )

    async def serve(self) -> None:
        await self.server.serve()

    def stop(self) -> None:
        from sse_starlette.sse import AppStatus

        AppStatus.should_exit = True  # ends every open event stream now
        self.server.should_exit = True


def dump_stacks() -> None:
    """`kill -USR1 <pid>`: every task's and thread's stack into the log. A daemon that stopped
    making progress (a node whose batches no longer commit) shows what it is waiting on without
    a debugger on the grader host: a task's await chain is not visible to py-spy."""
    out = io.StringIO()
    tasks = asyncio.all_tasks()
    for task in tasks:
        out.write(f"--- task {task.get_name()}\n")
        task.print_stack(file=out)
    frames = sys._current_frames()
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or -1)
        if frame is not None:
            out.write(f"--- thread {thread.name}\n{''.join(traceback.format_stack(frame))}")
    log.warning("event=stack_dump tasks=%d\n%s", len(tasks), out.getvalue())


class Daemon:
    """Leases, watchers and the API in one process."""

    def __init__(
        self, config: GraderConfig, store: Store, labs: Mapping[str, Lab], reader_mode="auto"
    ):
        self.config = config
        self.store = store
        self.labs = labs
        self.reader_mode = reader_mode
        self.handshakes = asyncio.Semaphore(config.daemon.max_handshakes)
        self.watchers: dict[str, NodeWatcher] = {}
        # Handed over, with when (time.monotonic()): a renewal round that began before the
        # release may still list the node as held; only a round that began after it counts.
        self._released: dict[str, float] = {}
        self._over_share_rounds = 0
        self.stopping = asyncio.Event()
        self.committer = Committer(store)
        self.lags = LagBoard(store)

    async def run(self) -> None:
        for node in self.config.nodes:
            await asyncio.to_thread(
                self.store.upsert_node, node.id, node.host, node.port, sorted(node.learners)
            )
        api_task = None
        api = self._api()
        if api is not None:
            api_task = asyncio.create_task(api.serve(), name="api")
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.stop)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGUSR1, dump_stacks)
        log.info(
            "event=daemon_started owner=%s nodes=%d",
            self.config.daemon.owner,
            len(self.config.nodes),
        )
        try:
            await self._lease_loop()
        finally:
            await self._shut_down(api, api_task)

    async def _shut_down(self, api: _ApiServer | None, api_task: asyncio.Task | None) -> None:
        """Every step runs whatever the one before it raised: one node's failure must not leave
        the others' batches uncommitted or their leases held (issue: an exception escaped
        Daemon.run, exit 1, no daemon_stopped, leases kept)."""
        watchers = list(self.watchers.items())
        results = await asyncio.gather(*(w.stop() for _, w in watchers), return_exceptions=True)
        for (node_id, _), result in zip(watchers, results, strict=True):
            if isinstance(result, BaseException):
                log.error("event=watcher_stop_failed node=%s detail=%s", node_id, result)
        self.watchers.clear()
        steps: list[tuple[str, Callable[[], Awaitable[object]]]] = [
            ("committer", self.committer.stop),  # after the watchers: their final flushes
            ("lags", self.lags.stop),
            (
                "release",
                lambda: asyncio.to_thread(self.store.release_nodes, self.config.daemon.owner),
            ),
        ]
        for name, step in steps:
            try:
                await step()
            except Exception:
                log.exception("event=shutdown_step_failed step=%s", name)
        if api is not None and api_task is not None:
            api.stop()
            await asyncio.gather(api_task, return_exceptions=True)
        log.info("event=daemon_stopped owner=%s", self.config.daemon.owner)

    def stop(self) -> None:
        log.info("event=shutdown_requested")
        self.stopping.set()

    def _api(self) -> _ApiServer | None:
        if not self.config.api.enabled:
            return None
        # Integration point with grader.api (the store/API engineer's create_app).
        from grader.api.app import create_app
        from grader.api.settings import ApiSettings

        settings = ApiSettings(
            labs=dict(self.labs),
            operator_tokens=self.config.api.operator_tokens,
            learner_tokens=self.config.api.learner_tokens,
            rate_per_token=self.config.api.rate_per_token,
            failed_auth_per_client=self.config.api.failed_auth_per_client,
        )
        app = create_app(self.store, settings)
        return _ApiServer(app, self.config.api.host, self.config.api.port)

    async def _lease_loop(self) -> None:
        ids = [n.id for n in self.config.nodes]
        owner = self.config.daemon.owner
        results: asyncio.Queue[LeaseRound | Exception] = asyncio.Queue()
        keeper = LeaseKeeper(
            self.store,
            owner,
            ids,
            self.config.daemon.lease_ttl_s,
            results.put_nowait,
            self.config.daemon.capacity,
        )
        keeper.start()
        stopping = asyncio.create_task(self.stopping.wait())
        try:
            while not self.stopping.is_set():
                got = asyncio.create_task(results.get())
                await asyncio.wait({got, stopping}, return_when=asyncio.FIRST_COMPLETED)
                if not got.done():
                    got.cancel()
                    break
                found = [got.result()]
                while not results.empty():  # the loop was busy: act on the newest round only
                    found.append(results.get_nowait())
                newest: LeaseRound | None = None
                for result in found:
                    if isinstance(result, Exception):
                        self._renew_failed(owner, result)
                    else:
                        newest = result
                if newest is not None:
                    await self._reconcile(set(newest.held), newest.started)
                    await self._rebalance(newest)
        finally:
            stopping.cancel()
            await asyncio.to_thread(keeper.stop)  # before release: no renewal may follow it

    @staticmethod
    def _renew_failed(owner: str, exc: Exception) -> None:
        # The database is away: watchers keep streaming and their batches retry; a lease another
        # grader took meanwhile shows as LeaseLost at the next commit, which stops that watcher.
        first = (str(exc).splitlines() or [""])[0]
        log.error(
            "event=lease_renew_failed owner=%s error=%s detail=%r",
            owner,
            type(exc).__name__,
            first,
        )

    async def _rebalance(self, lease: LeaseRound) -> None:
        """Hand nodes over while this grader holds more than its fair share (another grader
        joined): each one's watcher is stopped (its batch flushed and committed), then its
        lease freed, so the grader under its share takes it at its next round and resumes from
        the stored offsets. Damped: only after OVER_SHARE_ROUNDS rounds in a row over the share
        (graders starting together settle first), then half the excess a round."""
        # Nodes handed over after this round began are not ours any more.
        held = [n for n in lease.held if not self._released.get(n, float("-inf")) > lease.started]
        metrics.NODES_HELD.labels(kind="held").set(len(held))
        metrics.NODES_HELD.labels(kind="share").set(lease.share)
        excess = len(held) - lease.share
        self._over_share_rounds = self._over_share_rounds + 1 if excess > 0 else 0
        if self._over_share_rounds < OVER_SHARE_ROUNDS or self.stopping.is_set():
            return
        owner = self.config.daemon.owner
        move = min(excess, max(1, (excess + 1) // 2), MOVE_PER_ROUND_MAX)
        for node_id in sorted(held, reverse=True)[:move]:
            began = time.monotonic()
            try:
                w = self.watchers.pop(node_id, None)
                if w is not None:
                    await w.stop()  # flushes and commits its batch first
                await asyncio.to_thread(self.store.release_nodes, owner, [node_id])
            except Exception as exc:  # the next round tries again (or the lease expires)
                log.error("event=handover_failed node=%s detail=%s", node_id, exc)
                continue
            self._released[node_id] = time.monotonic()
            metrics.HANDOVERS.inc()
            log.info(
                "event=handover node=%s owner=%s share=%d graders=%d duration_s=%.3f",
                node_id,
                owner,
                lease.share,
                lease.graders,
                time.monotonic() - began,
            )

    async def _reconcile(self, owned: set[str], started: float = float("inf")) -> None:
        """Start watchers for the nodes this grader now holds; stop those it lost. `started`:
        when the renewal round that found `owned` began (a node handed over after that is not
        restarted)."""
        owner = self.config.daemon.owner
        for node_id in list(self.watchers):
            w = self.watchers[node_id]
            if node_id not in owned or w.lease_lost:
                log.warning("event=lease_dropped node=%s", node_id)
                del self.watchers[node_id]
                await w.stop()
        stale = {n for n, at in self._released.items() if at > started}
        for node_id in list(self._released):
            if node_id in owned and node_id not in stale:  # a newer round says it is ours again
                del self._released[node_id]
            elif node_id not in owned and self._released[node_id] <= started:
                del self._released[node_id]  # a round after the release saw it gone: done
        for node_id in sorted(owned - set(self.watchers) - stale):
            log.info("event=lease_acquired node=%s owner=%s", node_id, owner)
            w = NodeWatcher(
                self.config.node(node_id),
                self.config,
                self.store,
                self.labs,
                self.handshakes,
                self.reader_mode,
                self.committer,
                self.lags,
            )
            try:
                await w.start()
            except Exception:  # the database went away after the lease: next round retries
                log.exception("event=watcher_start_failed node=%s", node_id)
                continue
            self.watchers[node_id] = w


class LeaseKeeper:
    """Acquires and renews this grader's leases every ttl/3 on a thread of its own.

    Renewing from the asyncio loop (through the shared executor) made ownership depend on the
    loop's load: at 1,000 nodes the loop was CPU-bound, renewals ran late, leases expired and
    watchers were stopped and restarted. On this thread an overloaded loop costs latency, not
    ownership: the GIL still gives the thread its turn within milliseconds. Each round's result
    (the node ids held, or the exception) goes to `deliver`, called in the loop's thread.
    """

    def __init__(
        self,
        store: Store,
        owner: str,
        node_ids: list[str],
        ttl_s: float,
        deliver: Callable[[LeaseRound | Exception], None],
        capacity: float = 1.0,
    ):
        self.store = store
        self.owner = owner
        self.node_ids = node_ids
        self.ttl_s = ttl_s
        self.capacity = capacity
        self._deliver = deliver
        self._loop = asyncio.get_running_loop()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lease-keeper", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Blocks until the thread is out of any renewal (call it off the loop)."""
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            result: LeaseRound | Exception
            started = time.monotonic()
            try:
                result = dataclasses.replace(
                    self.store.lease_round(self.owner, self.node_ids, self.ttl_s, self.capacity),
                    started=started,
                )
            except Exception as exc:  # delivered and logged in the loop; renew next round
                result = exc
            if self._stop.is_set():
                return
            try:
                self._loop.call_soon_threadsafe(self._deliver, result)
            except RuntimeError:  # the loop is closed: the daemon is gone
                return
            self._stop.wait(self.ttl_s / 3)
