"""`grader bench-store`: CPU per command end of the store's write path (Store.ingest / ingest_many).

Why: at 1,000 nodes the grader's bottleneck is what each finished command costs in the store: the
statements one IngestBatch turns into, built and executed in Python under the GIL. `grader bench`
shows it only through end-to-end latency on a busy farm; this drives the real Store alone, against
a real SQLite file opened as the daemon opens it (WAL, synchronous=NORMAL, BEGIN IMMEDIATE) or a
PostgreSQL URL, with the batches the daemon builds:

- command: one finished command with its verdict (offset, record, verdict, engine snapshot), one
  transaction each (Store.ingest), every batch fenced by its node's lease as in the daemon;
- echo: a frame of echoed keystrokes (new offset only, no command end): reported per batch;
- multi: one batch holding several finished commands (a pasted block), one transaction;
- group: the committer's path, one batch per node, --group of them per Store.ingest_many.

The figure is process CPU time (not wall) per command end, so a shared machine's load barely moves
it; statements per command end are counted in a separate pass (the counting hook costs CPU).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa

from grader.capture import CommandRecord
from grader.store import IngestBatch, Store
from grader.verdict import Evidence, State, StepVerdict

OWNER = "bench-store"
LAB = "nccl-bootstrap"
STEPS = ("run-broken", "why-socket", "topo", "exit-code", "why-gpus-first", "fix", "rerun", "bw")
NCCL_LINE = "node-a:4242:4253 [0] NCCL INFO Channel 00/02 : 0 1 via P2P/CUMEM/read\n"
OUTPUT = NCCL_LINE * 24  # ~1.7 KB: a typical NCCL_DEBUG=INFO command's rendered output


class Workload:
    """The daemon's batches for `nodes` nodes of one learner each, command numbers counting up."""

    def __init__(self, nodes: int) -> None:
        self.nodes = [f"node-{i:04d}" for i in range(nodes)]
        self.n = {node: 0 for node in self.nodes}
        self.offset = {node: 0 for node in self.nodes}
        self.steps: dict[str, dict[str, Any]] = {node: {} for node in self.nodes}

    def _learner(self, node: str) -> str:
        return f"learner-{node}"

    def _command(self, node: str, batch: IngestBatch) -> None:
        """Append the node's next finished command, its verdict and the new snapshot."""
        self.n[node] += 1
        n = self.n[node]
        self.offset[node] += 400 + len(OUTPUT)
        learner = self._learner(node)
        line = f"NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 128M -g 2  # try {n}"
        rec = CommandRecord(
            session="s1",
            aid=4242,
            n=n,
            line=line,
            exit=n % 3 and 1,
            pipestatus=(n % 3 and 1,),
            cwd="/home/learner/nccl-tests",
            t0=1_700_000_000.0 + 10 * n,
            t1=1_700_000_004.5 + 10 * n,
            output=OUTPUT,
            output_chars=len(OUTPUT),
        )
        # Steps are cycled; each comes back attempted, then verified: progress sees inserts,
        # attempted->attempted refreshes, upgrades, and verified steps that stay as they are.
        step = STEPS[n % len(STEPS)]
        state = State.VERIFIED if (n // len(STEPS)) % 2 else State.ATTEMPTED
        evidence = Evidence(
            "s1", 4242, n, line, rec.exit, rec.pipestatus, rec.cwd, rec.t0, rec.t1,
            excerpt=OUTPUT[:1024], matched=(NCCL_LINE.strip(),),
        )  # fmt: skip
        reason = "" if state is State.VERIFIED else "the run failed before the bootstrap"
        verdict = StepVerdict(LAB, step, state, reason, {"rank": "0"}, evidence)
        self.steps[node][step] = {
            "state": state.value,
            "reason": reason,
            "captures": {"rank": "0"},
            "evidence": {**asdict(evidence), "pipestatus": list(evidence.pipestatus)},
            "attempts": n,
            "anchor": None,
        }
        batch.offsets[f"{learner}/s1.ts"] = self.offset[node]
        batch.records.append((learner, rec))
        batch.verdicts.append((learner, verdict))
        batch.snapshots[(learner, LAB)] = self._snapshot(node)

    def _snapshot(self, node: str) -> dict[str, Any]:
        """What LabGrader.snapshot() holds for this learner now (shape of the real engine's)."""
        n = self.n[node]
        return {
            "v": 1,
            "lab": LAB,
            "learner": self._learner(node),
            "variables": {},
            "steps": dict(self.steps[node]),
            "shells": [
                {
                    "session": "s1",
                    "aid": 4242,
                    "env": {"cwd": "/home/learner/nccl-tests", "vars": {"NCCL_DEBUG": "INFO"}},
                    "last_n": n,
                    "ended_n": n,
                    "prev_cmd": "all_reduce_perf",
                    "last_exit": n % 3 and 1,
                    "broken": False,
                }
            ],
        }

    def command(self, node: str, commands: int = 1) -> IngestBatch:
        batch = IngestBatch(node_id=node, owner=OWNER)
        for _ in range(commands):
            self._command(node, batch)
        return batch

    def echo(self, node: str) -> IngestBatch:
        """Echoed keystrokes only: the resume offset moves, nothing ended."""
        self.offset[node] += 64
        return IngestBatch(
            node_id=node, owner=OWNER, offsets={f"{self._learner(node)}/s1.ts": self.offset[node]}
        )


Unit = tuple[IngestBatch | list[IngestBatch], int]
"""One Store call's argument (a batch for ingest, a list for ingest_many) and its command ends."""

Scenario = Callable[[Workload, int], list[Unit]]
"""Builds the calls for about `count` command ends (echo: batches), before the clock starts."""


def _command(work: Workload, count: int) -> list[Unit]:
    return [(work.command(work.nodes[i % len(work.nodes)]), 1) for i in range(count)]


def _echo(work: Workload, count: int) -> list[Unit]:
    return [(work.echo(work.nodes[i % len(work.nodes)]), 1) for i in range(count)]


def _multi(per_batch: int) -> Scenario:
    def build(work: Workload, count: int) -> list[Unit]:
        return [
            (work.command(work.nodes[i % len(work.nodes)], per_batch), per_batch)
            for i in range(max(1, count // per_batch))
        ]

    return build


def _group(size: int) -> Scenario:
    def build(work: Workload, count: int) -> list[Unit]:
        units: list[Unit] = []
        for i in range(max(1, count // size)):
            nodes = [work.nodes[(i * size + j) % len(work.nodes)] for j in range(size)]
            units.append(([work.command(node) for node in nodes], size))
        return units

    return build


def _ingest(store: Store, units: list[Unit]) -> int:
    """Write every unit as the daemon would; the number of command ends written."""
    ends = 0
    for arg, n in units:
        if isinstance(arg, list):
            results = store.ingest_many(arg)
            assert not any(isinstance(r, Exception) for r in results), results
        else:
            store.ingest(arg)
        ends += n
    return ends


def _open(url: str, work: Workload) -> Store:
    store = Store.open(url)
    for node in work.nodes:
        store.upsert_node(node, "127.0.0.1", 22, [f"learner-{node}"])
    store.acquire_nodes(OWNER, work.nodes, ttl_s=3600.0)
    return store


def _statements(store: Store, units: list[Unit]) -> float:
    """Statements sent to the database per command end (BEGIN/SAVEPOINT/COMMIT included)."""
    sent = [0]

    def hook(*_: Any) -> None:
        sent[0] += 1

    sa.event.listen(store.engine, "before_cursor_execute", hook)
    try:
        ends = _ingest(store, units)
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", hook)
    return sent[0] / ends


@contextmanager
def _database(url: str | None, tmp: Path, name: str) -> Iterator[str]:
    """A fresh, empty database per scenario: a SQLite file, or a PostgreSQL schema of its own
    (search_path in the URL, dropped afterwards) so nothing else in that database is touched."""
    if url is None:
        yield f"sqlite:///{tmp / f'{name}.db'}"
        return
    schema = f"bench_store_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url)
    try:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
        sep = "&" if "?" in url else "?"
        yield f"{url}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        admin.dispose()


def measure(url: str | None, commands: int, nodes: int, group: int, multi: int) -> dict[str, Any]:
    scenarios: dict[str, Scenario] = {
        "command": _command,
        "echo": _echo,
        f"multi{multi}": _multi(multi),
        f"group{group}": _group(group),
    }
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
        for name, scenario in scenarios.items():
            work = Workload(nodes)
            with _database(url, Path(tmp), name) as db_url:
                store = _open(db_url, work)
                try:
                    _ingest(store, scenario(work, max(nodes, commands // 10)))  # warm-up
                    units = scenario(work, commands)
                    cpu0, wall0 = time.process_time(), time.perf_counter()
                    ends = _ingest(store, units)
                    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
                    stmts = _statements(store, scenario(work, max(group, multi, 100)))
                finally:
                    store.close()
            results[name] = {
                "command_ends": ends,
                "cpu_us_per_end": round(cpu / ends * 1e6, 1),
                "wall_us_per_end": round(wall / ends * 1e6, 1),
                "statements_per_end": round(stmts, 2),
            }
    return results


def run(args: argparse.Namespace) -> int:
    runs = [
        measure(args.url, args.commands, args.nodes, args.group, args.multi)
        for _ in range(args.repeat)
    ]
    best = {
        name: min((r[name] for r in runs), key=lambda x: x["cpu_us_per_end"]) for name in runs[0]
    }
    database = "sqlite (temp file, WAL)" if args.url is None else sa.make_url(args.url).drivername
    if args.json:
        print(json.dumps({"database": database, "repeat": args.repeat, "scenarios": best}))
        return 0
    print(f"Store write path, {database}, best of {args.repeat} (CPU per command end):")
    print(f"{'scenario':<10} {'ends':>6} {'CPU us/end':>11} {'wall us/end':>12} {'stmts/end':>10}")
    for name, r in best.items():
        print(
            f"{name:<10} {r['command_ends']:>6} {r['cpu_us_per_end']:>11.1f} "
            f"{r['wall_us_per_end']:>12.1f} {r['statements_per_end']:>10.2f}"
        )
    print("(echo: per batch of echoed keystrokes, no command end)")
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench-store",
        help="measure the store's CPU per command end (Store.ingest / ingest_many)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--commands", type=int, default=2000, help="command ends per scenario")
    p.add_argument("--nodes", type=int, default=50, help="nodes (one learner each) taking turns")
    p.add_argument("--group", type=int, default=20, help="batches per ingest_many (group)")
    p.add_argument("--multi", type=int, default=4, help="commands in one batch (multi)")
    p.add_argument("--repeat", type=int, default=3, help="runs; the lowest CPU is reported")
    p.add_argument(
        "--url",
        help="PostgreSQL URL: each scenario runs in a schema of its own, dropped afterwards "
        "(default: a SQLite file in a temp directory)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)
