"""Group commit: the batches of many watchers written in one database transaction.

Why: at 1,000 nodes a transaction per finished command would be ~80 a second, each watcher's
worker thread queuing on the store's write lock while it pays a commit. Here watchers hand their
batch to one Committer; while a commit runs, the batches of other nodes queue, and the next
commit takes all of them at once (Store.ingest_many: one transaction, a SAVEPOINT per batch). A
single batch alone in the queue is committed at once: no batching window is added to anyone's
latency.

The commit listeners (the event feed, outbound delivery) are called on the loop once the group
is back (`Store.listeners_held`), not in the worker thread: they need not wake the loop
themselves, the commit's return already does (BENCHMARKS.md, issue 37).
"""

from __future__ import annotations

import asyncio
import logging
import time

from grader.store import IngestBatch, StepState, Store, VerdictEvent

log = logging.getLogger("grader.daemon")

States = dict[tuple[str, str], list[StepState]]  # (learner, lab) -> Store.step_states()
#: (events, states, cost_s): cost_s is the batch's share of its group's commit time, by rows.
Outcome = tuple[list[VerdictEvent], States, float]

# Most batches in one transaction: a group's commit holds SQLite's write lock (and delays the
# lease renewals and status writes queued on it), so keep each commit short.
GROUP_MAX_BATCHES = 200


class Committer:
    """Commits the batches of many watchers, a group per transaction, in one worker task.

    Each caller of ingest() gets exactly what Store.ingest would have given it: its events, or
    its own exception (LeaseLost for its node, a constraint), or the group's exception when the
    transaction itself failed. Batches are written in the order they arrived.
    """

    def __init__(self, store: Store, max_batches: int = GROUP_MAX_BATCHES) -> None:
        self.store = store
        self.max_batches = max_batches
        self._queue: asyncio.Queue[tuple[IngestBatch, asyncio.Future[Outcome]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="committer")

    async def stop(self) -> None:
        """Stop after the group in flight; call it once no watcher will ingest any more."""
        if self._task is None:
            return
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        while not self._queue.empty():  # nobody should be waiting; if so, do not hang them
            _, future = self._queue.get_nowait()
            if not future.done():
                future.set_exception(RuntimeError("the committer stopped"))

    async def ingest(self, batch: IngestBatch) -> list[VerdictEvent]:
        """Queue `batch` for the next group commit and wait for its own outcome."""
        events, _, _ = await self.ingest_with_states(batch)
        return events

    async def ingest_with_states(self, batch: IngestBatch) -> Outcome:
        """ingest(), plus the step states of each (learner, lab) that got a new event, as the
        commit left them (Store.ingest_many's `states`): what the progress file shows; and the
        batch's share of the group commit's time, which its node is charged (fairness: a node
        that sends a thousand commands a second pays for their commit, not the others)."""
        self.start()
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        await self._queue.put((batch, future))
        return await future

    async def _run(self) -> None:
        while True:
            group = [await self._queue.get()]
            while len(group) < self.max_batches and not self._queue.empty():
                group.append(self._queue.get_nowait())
            batches = [batch for batch, _ in group]
            states: States = {}
            began = time.monotonic()
            try:
                results, held = await asyncio.shield(
                    asyncio.to_thread(self._commit, batches, states)
                )
                self.store.deliver_committed(held)  # before any caller hears it committed
            except asyncio.CancelledError:
                # stop() while a group is in flight: its outcome is unknown to us, so the callers
                # get an error and keep their batches (a retry is idempotent).
                for _, future in group:
                    if not future.done():
                        future.set_exception(RuntimeError("the committer stopped"))
                raise
            except Exception as exc:  # the transaction failed: every batch of the group fails
                log.warning("event=group_commit_failed batches=%d detail=%s", len(group), exc)
                results = [exc] * len(group)
            took = time.monotonic() - began
            weights = [_rows(batch) for batch in batches]
            per_row = took / sum(weights)
            for (_, future), result, weight in zip(group, results, weights, strict=True):
                if future.done():  # its caller was cancelled meanwhile
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    keys = {(ev.learner, ev.lab) for ev in result}
                    kept = {k: states[k] for k in keys if k in states}
                    future.set_result((result, kept, per_row * weight))

    def _commit(
        self, batches: list[IngestBatch], states: States
    ) -> tuple[list[list[VerdictEvent] | Exception], list[list[VerdictEvent]]]:
        """In the worker thread: the group's results, and the events its commit holds for the
        listeners."""
        with self.store.listeners_held() as held:
            return self.store.ingest_many(batches, states), held


def _rows(batch: IngestBatch) -> int:
    """What a batch writes, in rows (one for its offsets): its weight in the group's time."""
    return (
        1 + len(batch.records) + len(batch.verdicts) + len(batch.anomalies) + len(batch.snapshots)
    )
