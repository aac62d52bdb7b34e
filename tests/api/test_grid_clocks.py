"""The class grid's cells carry the grader's clock (`at`, what the class view judges "stuck" by)
beside the node's (`node_at`), whether the grid folded them from verdict events or re-read them
from stored progress after a downgrade (grader/api/grid.py)."""

from __future__ import annotations

import time
from datetime import datetime

import sqlalchemy as sa
from store.batches import LAB, NODE, batch

from api.test_api import THE_LAB
from grader.api import models as m
from grader.api.grid import ClassGrid
from grader.store import Store
from grader.store import schema as t
from grader.verdict import State

# batches.record: command n ends at 1000.5 + n on the node's clock, in 1970
NODE_AT = {"step-1": "1970-01-01T00:16:41.500000Z", "step-2": "1970-01-01T00:16:42.500000Z"}


def cells(grid: ClassGrid) -> dict[str, m.GridCell | None]:
    grid.refresh()
    [row] = grid.rows(THE_LAB, ["alice"])
    return {s.id: c for s, c in zip(THE_LAB.steps, row.cells, strict=True)}


def seconds(iso: str | None) -> float:
    assert iso is not None
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def test_a_cell_is_on_the_grader_clock_folded_and_after_a_downgrade(store: Store) -> None:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    grid = ClassGrid(store)
    before = time.time()
    store.ingest(batch(1, learner="alice"))
    store.ingest(batch(2, learner="alice", state=State.ATTEMPTED))
    after = time.time()
    folded = cells(grid)
    for step, cell in folded.items():
        assert cell is not None and cell.node_at == NODE_AT[step], (step, cell)
        assert before - 0.001 <= seconds(cell.at) <= after + 0.001, (step, cell)
    # a regrade lowers step-1: the grid re-reads the learner's stored progress (no event says
    # what step-2 is now), and those cells keep the grader's time too
    [kept] = [v for _, v in batch(2, learner="alice", state=State.ATTEMPTED).verdicts]
    store.apply_regrade("alice", LAB, [kept], allow_downgrade=True)
    reread = cells(grid)
    assert grid.downgrades == 1 and reread["step-1"] is None
    assert reread["step-2"] == folded["step-2"]
    assert cells(ClassGrid(store)) == reread  # a grid started after the regrade reads the same


def test_a_cell_from_before_migration_0005_falls_back_to_the_node_time(store: Store) -> None:
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice"])
    store.ingest(batch(1, learner="alice"))
    with store._engine.begin() as conn:  # what a row written before 0005 holds
        conn.execute(sa.update(t.verdict_events).values(recorded=None))
        conn.execute(sa.update(t.progress).values(recorded=None))
    cell = cells(ClassGrid(store))["step-1"]
    assert cell is not None and cell.at == cell.node_at == NODE_AT["step-1"]
