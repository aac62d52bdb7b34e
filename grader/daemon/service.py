"""The daemon process: leases nodes, watches each one, serves the API, shuts down cleanly.

One asyncio loop runs everything. Per leased node a NodeWatcher (watcher.py) streams its spool,
commits what it parsed through the daemon's Committer (many nodes' batches in one transaction, in
a worker thread: the Store is synchronous), writes progress files back and runs probes. Leases
are renewed every ttl/3 on a thread of their own (leasekeeper.LeaseKeeper); the lease loop here
starts or stops watchers as leases are won or lost, so several graders can share one PostgreSQL
(docs/architecture.md "Scale"). The HTTP API runs in the same loop (grader.api.server).
SIGTERM/SIGINT: stop the watchers, flush their batches, release the leases, exit 0.
SIGHUP (`grader reload`): read grader.yaml again and apply it live (reload.py plans the change).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import signal
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

from grader import metrics
from grader.config import GraderConfig
from grader.daemon.committer import Committer
from grader.daemon.lagboard import LagBoard
from grader.daemon.leasekeeper import LeaseKeeper
from grader.daemon.reload import ReloadPlan, plan_reload, read_config
from grader.daemon.resets import ResetFollower
from grader.daemon.watcher import NodeWatcher
from grader.labs import Lab
from grader.store import LeaseRound, Store

if TYPE_CHECKING:
    from grader.api import EmbeddedServer

log = logging.getLogger("grader.daemon")

# Balanced leases (docs/scaling.md): a grader over its fair share hands nodes over only after
# this many renewal rounds in a row over it (graders starting together settle first), then
# half its excess a round (at least one, at most MOVE_PER_ROUND_MAX): 500 nodes over the share
# are handed over in 15 rounds (50 x 8, then 50, 25, 13, 6, 3, 2, 1), each round's flushes
# bounded.
OVER_SHARE_ROUNDS = 2
MOVE_PER_ROUND_MAX = 50


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
        self._outbound: asyncio.Task[None] | None = None
        # `grader reset` from any process: the reset learner's engine starts over (resets.py)
        self.resets = ResetFollower(store, lambda: list(self.watchers.values()))
        # One change of the watchers at a time: a lease round's, or a reload's.
        self._watchers_lock = asyncio.Lock()
        self._keeper: LeaseKeeper | None = None
        self._api_server: EmbeddedServer | None = None
        self._reloading: asyncio.Task[None] | None = None
        self._reload_again = False

    async def run(self) -> None:
        for node in self.config.nodes:
            await asyncio.to_thread(
                self.store.upsert_node, node.id, node.host, node.port, sorted(node.learners)
            )
        await self.resets.start()
        api_task = None
        api = self._api_server = self._api()
        if api is not None:
            api_task = asyncio.create_task(api.serve(), name="api")
        self._start_outbound()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.stop)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGUSR1, dump_stacks)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGHUP, self.request_reload)
        for warning in self.config.warnings:
            log.warning("event=config_warning detail=%s", warning)
        log.info(
            "event=daemon_started owner=%s nodes=%d",
            self.config.daemon.owner,
            len(self.config.nodes),
        )
        try:
            await self._lease_loop()
        finally:
            await self._shut_down(api, api_task)

    async def _shut_down(self, api: EmbeddedServer | None, api_task: asyncio.Task | None) -> None:
        """Every step runs whatever the one before it raised: one node's failure must not leave
        the others' batches uncommitted or their leases held (issue: an exception escaped
        Daemon.run, exit 1, no daemon_stopped, leases kept)."""
        if self._reloading is not None:  # a reload half done finishes first: it commits
            await asyncio.gather(self._reloading, return_exceptions=True)
        try:
            await self.resets.stop()
        except Exception:
            log.exception("event=shutdown_step_failed step=resets")
        if self._outbound is not None:  # a send cut short is sent again by the next start
            self._outbound.cancel()
            await asyncio.gather(self._outbound, return_exceptions=True)
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

    # --- reload (SIGHUP, `grader reload`) -------------------------------------------------------

    def request_reload(self) -> None:
        """SIGHUP: read grader.yaml again. A signal during a reload runs one more after it."""
        if self.stopping.is_set():
            return
        if self._reloading is not None and not self._reloading.done():
            self._reload_again = True
            return
        self._reloading = asyncio.create_task(self._reload_loop(), name="reload")

    async def _reload_loop(self) -> None:
        while True:
            self._reload_again = False
            try:
                await self.reload()
            except Exception:  # never the daemon's end: the config it runs stays
                log.exception("event=reload_failed")
            if not self._reload_again or self.stopping.is_set():
                return

    async def reload(self) -> None:
        """Apply grader.yaml as it is now, without a restart: nodes and learners added and
        removed, labs, tokens. An invalid file is refused, one line per problem, and the config
        running stays. A node whose entry (its learners, its address, its labs) changed is
        handed to a new watcher: the old one commits what it parsed first, the new one resumes
        from the stored offsets, so no record is lost or doubled. Nodes that did not change keep
        their connection, and the API its listening socket and open streams."""
        found = await asyncio.to_thread(read_config, self.config.path)
        if isinstance(found, list):
            for problem in found:
                log.error("event=reload_refused detail=%s", problem)
            log.error("event=reload_refused problems=%d kept=running_config", len(found))
            return
        new, labs = found
        plan = plan_reload(self.config, self.labs, new, labs)
        for line in plan.kept_settings:
            log.warning("event=reload_needs_restart detail=%s", line)
        for warning in plan.config.warnings:
            log.warning("event=config_warning detail=%s", warning)
        async with self._watchers_lock:
            await self._apply(plan)
        log.info(
            "event=config_reloaded nodes=%d added=%s removed=%s restarted=%s "
            "learners_added=%s learners_removed=%s",
            len(plan.config.nodes),
            ",".join(plan.added) or "-",
            ",".join(plan.removed) or "-",
            ",".join(plan.restarted) or "-",
            ",".join(plan.learners_added) or "-",
            ",".join(plan.learners_removed) or "-",
        )

    async def _apply(self, plan: ReloadPlan) -> None:
        owner = self.config.daemon.owner
        for node_id in (*plan.removed, *plan.restarted):
            w = self.watchers.pop(node_id, None)
            if w is not None:
                await w.stop()  # flushes and commits its batch first
        self.config, self.labs = plan.config, plan.labs
        for node in self.config.nodes:
            if node.id in plan.added or node.id in plan.restarted:
                await asyncio.to_thread(
                    self.store.upsert_node, node.id, node.host, node.port, sorted(node.learners)
                )
        if self._keeper is not None:  # its next round leases the new list (one assignment)
            self._keeper.node_ids = [n.id for n in self.config.nodes]
        if plan.removed:
            await asyncio.to_thread(self.store.release_nodes, owner, list(plan.removed))
        for node_id in plan.restarted:  # still ours: streamed again at once, with the new entry
            await self._start_watcher(node_id)
        if self._api_server is not None:
            self._api_server.reconfigure(self.config, self.labs)

    def _start_outbound(self) -> None:
        """Grades out (docs/grades-out.md): the xAPI LRS and the webhooks grader.yaml names
        follow the event log from their stored cursors."""
        if self.config.outbound.enabled:
            from grader.outbound import delivery_for

            delivery = delivery_for(self.store, self.config.outbound, self.labs)
            self._outbound = asyncio.create_task(delivery.run(), name="outbound")

    def _api(self) -> EmbeddedServer | None:
        if not self.config.api.enabled:
            return None
        # Imported here: a daemon without the API never loads the web stack.
        from grader.api import embedded_server

        return embedded_server(self.store, self.config, self.labs)

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
        self._keeper = keeper
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
                    async with self._watchers_lock:
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
        owned = owned & {n.id for n in self.config.nodes}  # a round older than a reload
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
            log.info("event=lease_acquired node=%s owner=%s", node_id, self.config.daemon.owner)
            await self._start_watcher(node_id)

    async def _start_watcher(self, node_id: str) -> None:
        """A watcher for a node this grader holds, as the config says now."""
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
            return
        self.watchers[node_id] = w
