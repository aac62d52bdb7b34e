"""A class in a real SQLite store, served by a real uvicorn: what the browser tests look at."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from api.server import running

from grader.api import ApiSettings, create_app
from grader.labs import Lab
from grader.store import Store
from grader.store import schema as t

from .seed import (
    NODE,
    broken_run,
    close_miss,
    graded_batch,
    merge,
    nccl_lab,
    topo,
    transport_lab,
    transport_numbers,
)

#: `nvidia-smi topo` without the matrix flag: the right program and sub-command for step 3, so
#: the step becomes attempted; its reason quotes the missing rows in backticks.
P2P_READS = (
    "nvidia-smi topo -p2p r",
    " \tGPU0\tGPU1\n GPU0\tX\tOK\n GPU1\tOK\tX\n\nLegend:\n\n  X    = Self\n  OK   = Status Ok\n",
    0,
)
OPERATOR = "operator-token-0123456789abcdef"
TOKENS = {"alice": "alice-token-0123456789abcdef", "bob": "bob-token-0123456789abcdef00"}


@dataclass
class Classroom:
    url: str
    store: Store


def settings(
    learner_tokens: dict[str, str] | None = None, labs: list[Lab] | None = None
) -> ApiSettings:
    """The API's settings for `labs` (in grader.yaml's order; the seed lab alone by default),
    with no learner -> labs map: every lab's views list every learner the store knows, as for
    a grader.yaml whose nodes name no labs (tests/api/test_one_class.py has the map)."""
    return ApiSettings(
        labs={lab.id: lab for lab in (labs or [nccl_lab()])},
        operator_tokens=(OPERATOR,),
        learner_tokens=dict(TOKENS if learner_tokens is None else learner_tokens),
    )


def seed_pair(store: Store) -> None:
    """alice verified step 1 and tried step 3 with the wrong sub-command; bob verified 1 and 3."""
    lab = nccl_lab()
    store.upsert_node(NODE, "10.0.0.7", 22, ["alice", "bob"])
    store.set_node_status(NODE, connected=True, lag_s=0.4)
    t0 = time.time() - 1800
    store.ingest(graded_batch(lab, "alice", [broken_run(lab), P2P_READS], t0))
    store.ingest(
        graded_batch(lab, "bob", [broken_run(lab), topo(lab)], t0, session="20260729T072100-77-1")
    )


def seed_transport(store: Store) -> None:
    """bob also takes the second lab: its four number steps verified from the lab's own
    practice runs (baseline, SHM, socket, the reported busbw)."""
    lab = transport_lab()
    t0 = time.time() - 900
    store.ingest(
        graded_batch(lab, "bob", transport_numbers(lab), t0, session="20260729T080000-78-2")
    )


def seed_class(store: Store, size: int) -> dict[str, int]:
    """`size` learners in four groups (by index mod 4), in one transaction; returns group sizes.

    0: never started; 1: verified step 1 an hour ago (stuck on step 2 for 60 min);
    2: verified step 1 two minutes ago; 3: verified steps 1 and 3 ten minutes ago. "Ago" on
    both clocks: the nodes' clocks are right and the grader recorded each verdict as its
    command ended (the class view judges "stuck" by the grader's `recorded`).
    """
    lab = nccl_lab()
    now = time.time()
    names = [f"learner{i:04d}" for i in range(size)]
    store.upsert_node(NODE, "10.0.0.7", 22, names)
    store.set_node_status(NODE, connected=True, lag_s=0.4)
    plans = {
        1: ([broken_run(lab)], now - 3600),
        2: ([broken_run(lab), close_miss(lab)], now - 120),
        3: ([broken_run(lab), topo(lab)], now - 600),
    }
    batches = [
        graded_batch(lab, name, *plans[i % 4]) for i, name in enumerate(names) if i % 4 in plans
    ]
    batch = merge(batches)
    batch.records = []  # the grid reads verdicts; 1,000 output records would only slow seeding
    store.ingest(batch)
    with store._engine.begin() as conn:  # recorded as each command ended, not at this ingest
        for table in (t.verdict_events, t.progress):
            conn.execute(sa.update(table).values(recorded=table.c.at))
    return {g: sum(1 for i in range(size) if i % 4 == g) for g in range(4)}


@contextmanager
def serve(db: Path, api: ApiSettings | None = None) -> Iterator[Classroom]:
    store = Store.open(f"sqlite:///{db}")
    try:
        with running(create_app(store, api or settings())) as url:
            yield Classroom(url, store)
    finally:
        store.close()
