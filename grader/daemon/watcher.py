"""One leased node's watcher: its SSH stream, the commits of what it parsed, and their effects.

NodeWatcher streams the spool over a NodeLink, paces each frame against the node's budget and
feeds it to NodeIngest; its flusher commits the batches through the daemon's Committer (a batch
the database refused is kept and retried as it was). After each commit it tells the node's
feedback loop (feedback_loop.NodeFeedback: progress files) and runs the probes of the commands
that ended (probes.NodeProbes). The Daemon (service.py) starts and stops watchers as leases come
and go.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterator, Mapping

import asyncssh

from grader import metrics
from grader.config import GraderConfig, NodeConfig
from grader.daemon.committer import Committer
from grader.daemon.feedback_loop import NodeFeedback
from grader.daemon.ingest import BATCH_WINDOW_S, Ended, NodeIngest
from grader.daemon.lagboard import LagBoard
from grader.daemon.logbudget import LogBudget
from grader.daemon.pacing import OVER_BUDGET_WINDOW_S, PacedWindow, Pacer
from grader.daemon.probes import NodeProbes
from grader.daemon.selfcheck import NodeSelfCheck
from grader.daemon.transport import (
    NodeFault,
    NodeLink,
    fetch_attest_key,
    fetch_simulated,
    stream_spool,
    within,
)
from grader.labs import Lab
from grader.matching import enforced
from grader.protocol.frames import (
    KIND_DATA,
    KIND_ERROR,
    KIND_HEARTBEAT,
    KIND_HELLO,
    KIND_PROGRESS_FAILED,
    KIND_PROGRESS_OK,
    KIND_REFUSED,
    Frame,
)
from grader.store import IngestBatch, LeaseLost, Store

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
# other nodes' verdicts should not wait for a whole one (measured, BENCHMARKS.md).
FEED_SLICE_BYTES = 64 * 1024
# A slice should hold the loop about this long: after each, the loop turns (the API shares it,
# and answers within 100 ms while a node floods) and the node's loop budget is charged, so a
# big frame is paced while it is fed, not only after it. The next slice's size follows the
# node's last measured cost per byte, between MIN_SLICE_BYTES and FEED_SLICE_BYTES: what a byte
# costs depends on what it is (plain lines ~300 MB/s, a stack of announced shells far less).
SLICE_TURN_S = 0.003
# ... and about this many command ends: each one is judged and committed, so what a slice costs
# is per command as much as per byte (a frame of 50 short commands is 15 KiB). 3 ms and 4, not
# 5 ms and 8: under the hostile bench's command flood the others' p99 ratio was 2.18 / 2.09 /
# 1.81 with those, 2.23 / 1.56 / 1.17 with these (BENCHMARKS.md).
SLICE_COMMANDS = 4
MIN_SLICE_BYTES = 1024
# A batch the database refused is retried after this pause (it keeps its place: order matters).
INGEST_RETRY_S = 1.0
# Commands a node may have parsed and not yet committed: past this the reader waits for the
# flusher's commit before it feeds its next slice, and SSH flow control holds the rest on the
# node. So a node's batch is at most this many commands, and so is what another node's batch
# can wait behind in the committer: a node sending short commands as fast as it can (the
# hostile bench's command flood) made batches of ~200 commands whose commit (25-75 ms) every
# other node's verdict queued behind (others' p99 7x). A class's command end is one record per
# batch; a node catching up after an outage commits 8 at a time (several hundred a second).
PENDING_RECORDS_MAX = 8


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


def _slices(frame: Frame, size: int | Callable[[], int] = FEED_SLICE_BYTES) -> Iterator[Frame]:
    """The frame itself, or for a DATA frame above the slice size, consecutive frames of the
    same file that together are the same bytes (the ingest takes any split: offsets chain).
    `size` may be a function: asked before each slice, so a slice that took long makes the
    next ones of the same frame smaller."""
    size_of = size if callable(size) else (lambda: size)
    step = size_of()
    if frame.kind != KIND_DATA or len(frame.data) <= step:
        yield frame
        return
    view = memoryview(frame.data)
    start = 0
    while start < len(frame.data):
        part = bytes(view[start : start + step])
        yield Frame(frame.kind, frame.path, frame.offset + start, part)
        start += len(part)
        step = size_of()


def next_slice_bytes(size: int, took_s: float, commands: int = 0) -> int:
    """A slice of `size` bytes took `took_s` to feed and held `commands` command ends: the next
    slice's size, for SLICE_TURN_S at the same cost per byte and at most SLICE_COMMANDS at the
    same bytes per command, between MIN_SLICE_BYTES and FEED_SLICE_BYTES."""
    fit = FEED_SLICE_BYTES
    if took_s > 0:
        fit = min(fit, int(size * SLICE_TURN_S / took_s))
    if commands > 0:
        fit = min(fit, size * SLICE_COMMANDS // commands)
    return max(MIN_SLICE_BYTES, fit)


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
        self._committed = asyncio.Event()  # the flusher committed a batch (PENDING_RECORDS_MAX)
        self._last_status = 0.0
        self._log_budget = LogBudget()  # one budget for all the lines this node causes
        self.feedback = NodeFeedback(
            node,
            store,
            labs,
            self._log_budget,
            config.daemon.prompt_wait_ms,
            learner_page=config.api.learner_page,
        )
        self.probes = NodeProbes(node.id, node.learners, self._log_budget)
        self.self_check = NodeSelfCheck(
            node,
            config.attestation != "off",
            config.daemon.node_stall_s,
            self._degraded,
            config.daemon.node_check_every_s,
        )
        self._paced = PacedWindow()
        self._slice_bytes = FEED_SLICE_BYTES  # the next slice's size (SLICE_TURN_S)
        self._tasks: list[asyncio.Task] = []
        self.lease_lost = False
        self._unsent: tuple[IngestBatch, list[Ended]] | None = None
        # Commands whose probes ran: judged once the probes' verdicts are committed too.
        self._probed: list[Ended] = []
        self._probe_timer: asyncio.TimerHandle | None = None  # wakes the flusher for a round

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
            log_budget=self._log_budget,
        )
        await asyncio.to_thread(self.ingest.load_engines)
        self._tasks = [
            asyncio.create_task(self.link.run_forever(self._session), name=f"link-{self.node.id}"),
            asyncio.create_task(self._flusher(), name=f"flush-{self.node.id}"),
            asyncio.create_task(self.feedback.run(), name=f"feedback-{self.node.id}"),
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
        if self._probe_timer is not None:
            self._probe_timer.cancel()
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
        stall_s = self.config.daemon.node_stall_s
        await self._attestation_key(conn)  # before anything is parsed on this connection
        # Read at every connection: provisioning may have put the simulator in or taken it out.
        self.simulated = await within(stall_s, "reading nvidia-smi", fetch_simulated(conn))
        # In the background like a status write: a database that is away must not fail the
        # session (its batches wait and retry; this flag is written again at the next connect).
        task = asyncio.create_task(
            asyncio.to_thread(self.store.set_node_simulated, self.node.id, self.simulated)
        )
        task.add_done_callback(_log_failure)
        self.conn = conn
        self.feedback.connected(conn, self.simulated)  # progress files brought up to date
        self._wake.set()
        self.self_check.reset()  # the link wrote plain connected
        checks = asyncio.create_task(self.self_check.run(conn), name=f"check-{self.node.id}")
        try:
            offsets = self.ingest.start_offsets()
            hellos = 0
            idle_checked = time.monotonic()
            async for frame in stream_spool(
                conn,
                self.node.spool_root,
                offsets,
                self.reader_mode,
                self.feedback.reader_changed,
                learners=frozenset(self.node.learners),
                buffer_limit=self.config.daemon.node_buffer_bytes,
                stall_s=stall_s,
                log_budget=self._log_budget,
            ):
                began = time.monotonic()  # since the last loop turn: the node's time
                if frame.kind == KIND_HEARTBEAT:
                    self._heartbeat(frame.data)
                elif frame.kind == KIND_PROGRESS_FAILED:
                    self.feedback.failed(frame.path, frame.data.decode("utf-8", "replace"))
                elif frame.kind == KIND_PROGRESS_OK:
                    self.feedback.succeeded(frame.path)
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
                        self.feedback.route_known()
                        if hellos == 1:  # once per connection: a second HELLO is noise
                            _log_hello(self.node.id, frame.data)
                    for i, part in enumerate(_slices(frame, self._next_slice)):
                        if i:  # a big frame is fed in slices, other tasks running in between
                            # The slices so far are charged to the node's loop budget now: a
                            # frame that costs more than its share is paused between slices.
                            now = time.monotonic()
                            await asyncio.sleep(self._charge(0, now, now - began))
                            began = time.monotonic()
                        fed = time.monotonic()
                        pending = self.ingest.pending_records()
                        self.ingest.feed(part)
                        self._measured(
                            len(part),
                            time.monotonic() - fed,
                            self.ingest.pending_records() - pending,
                        )
                        while self.ingest.pending_records() >= PENDING_RECORDS_MAX:
                            self._committed.clear()
                            self._urgent.set()
                            self._wake.set()
                            await self._committed.wait()
                            began = time.monotonic()  # the wait is not the node's loop time
                    if self.ingest.key_wanted:  # a signed run no known key verifies
                        await self._attestation_key_again(conn)
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
                pause = self._charge(cost, now, now - began)
                if pause > 0:  # a flood: SSH flow control holds the rest on the node
                    await asyncio.sleep(pause)
        finally:
            checks.cancel()
            await asyncio.gather(checks, return_exceptions=True)
            self.conn = None
            self.feedback.disconnected()

    def _next_slice(self) -> int:
        return self._slice_bytes

    def _measured(self, size: int, took_s: float, commands: int) -> None:
        self._slice_bytes = next_slice_bytes(size, took_s, commands)

    def _charge(self, cost: int, now: float, busy_s: float) -> float:
        """Charge the node `cost` bytes and `busy_s` of the loop; how long to pause. Paced
        node_over_budget_s within the window: NodeFault, the node is dropped and retried with
        backoff."""
        pause = self._pacer.spend(cost, now, busy_s=busy_s)
        if pause > 0:
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
                raise NodeFault(f"over budget: paced {paced:.0f} s in {OVER_BUDGET_WINDOW_S:.0f} s")
        return pause

    async def _attestation_key(self, conn: asyncssh.SSHClientConnection) -> None:
        """Read the node's attestation key at every connect (provisioning may have added it)."""
        assert self.ingest is not None
        mode = self.config.attestation
        key = None
        if mode != "off":
            key = await self._read_key(
                conn, logging.WARNING if mode == "required" else logging.INFO
            )
        self.ingest.set_attestation(key, enforced(mode, key))  # type: ignore[arg-type]

    async def _attestation_key_again(self, conn: asyncssh.SSHClientConnection) -> None:
        """A marker none of the node's known keys verifies: read its key once more over this
        connection (the ingest asks at most every nodekeys.KEY_ASK_EVERY_S), since
        `grader provision --rotate-attest-key` may have changed it while learners worked."""
        assert self.ingest is not None
        self.ingest.key_read(await self._read_key(conn, logging.WARNING))

    async def _read_key(self, conn: asyncssh.SSHClientConnection, level: int) -> bytes | None:
        """The node's attestation public key, or None, logged at `level` with why."""
        key, why = await within(
            self.config.daemon.node_stall_s,
            "reading the attestation key",
            fetch_attest_key(conn, self.node.attest_key_path),
        )
        if key is None:
            log.log(
                level,
                "event=attestation_unavailable node=%s mode=%s detail=%s",
                self.node.id,
                self.config.attestation,
                json.dumps(why),
            )
        return key

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

    def _degraded(self, line: str) -> None:
        """The self-check's verdict changed: connected, degraded or not (NodeSelfCheck)."""
        if self.conn is not None:
            self._status(True, line or None)

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
            await self._probe_round([])  # a round that waited for its turn may be due
            return
        batch, ended = self._unsent
        events, states, cost_s = await self.committer.ingest_with_states(batch)
        self._unsent = None  # a failed batch stays and is retried as it was (idempotent)
        self._committed.set()
        # The node pays for its commit like for its parsing: the debt in the loop's bucket makes
        # the reader's next charge pause, so a flood of short commands (little to parse, a row
        # each to write) is paced by what it costs, not by its few bytes.
        self._pacer.spend(0, time.monotonic(), busy_s=cost_s)
        for ev in events:  # a node's learners cause these: within its log budget
            self._log_budget.log(
                log,
                logging.INFO,
                "event=verdict node=%s learner=%s lab=%s step=%s state=%s seq=%d",
                self.node.id,
                ev.learner,
                ev.lab,
                ev.step,
                ev.state,
                ev.seq,
            )
        self.probes.committed(events)
        self.feedback.committed(events, states)
        if self._probed:  # this batch held their probes' verdicts
            self.feedback.judged(self._probed)
            self._probed = []
        await self._probe_round(ended)

    async def _probe_round(self, ended: list[Ended]) -> None:
        """Probe for these commands (and those waiting for the node's next round); the shells
        of commands a probe verified a step for are told they are judged once its verdict is
        committed, the others now. A round that must wait wakes the flusher when it may run."""
        assert self.ingest is not None
        if self.conn is None:  # no channel to probe over: judged as they are
            self.feedback.judged([*self.probes.unprobed(), *ended])
            return
        probed, found = await self.probes.run(self.conn, self.ingest, ended)
        if found:
            self._probed = probed
            self._wake.set()
        else:
            self.feedback.judged(probed)
        delay = self.probes.due_in(time.monotonic())
        if delay is not None and self._probe_timer is None:
            self._probe_timer = asyncio.get_running_loop().call_later(delay, self._probe_due)

    def _probe_due(self) -> None:
        self._probe_timer = None
        self._wake.set()


def _log_failure(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("event=status_write_failed detail=%s", task.exception())
