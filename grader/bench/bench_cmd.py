"""`grader bench`: verification latency, grader cost and memory at class scale, against a poller.

For each node count: a farm of simulated nodes (asyncssh servers on loopback, each replaying a
real capture-shell recording of the seed lab with its typing pauses) is watched by the real
`grader run` (SQLite, API in-process) while a client on the SSE stream times every verdict from
the command's end on the node to its arrival. Then the same activity is graded by a check-script
poller (a new SSH connection per node every --poll-interval seconds). An isolation phase has one
node `cat` a big file while the others type. Parser throughput comes from `grader bench-parser`'s
code. See BENCHMARKS.md for how to read the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

DEFAULT_NODES = "10,100,1000"
DEFAULT_DURATION_S = 60.0
DEFAULT_POLL_S = 5.0
DEFAULT_CAT_MB = 100.0
# Nodes start typing spread over this window, as a class does, not all on the same keystroke.
DEFAULT_STAGGER_S = 10.0
ISOLATION_NODES_MAX = 100  # the isolation phase runs at the largest requested count up to this
QUICK = {"nodes": "10", "duration": 20.0, "speed": 4.0, "poll": 2.0, "cat_mb": 10.0, "stagger": 2.0}


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench",
        help="benchmark: verification latency, CPU per verified step, memory, vs a poller",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--nodes", default=DEFAULT_NODES, help=f"node counts (default {DEFAULT_NODES})")
    p.add_argument("--duration", type=float, default=DEFAULT_DURATION_S, help="activity seconds")
    p.add_argument("--speed", type=float, default=1.0, help="replay N times faster than recorded")
    p.add_argument("--poll-interval", type=float, default=DEFAULT_POLL_S, help="poller period")
    p.add_argument("--cat-mb", type=float, default=DEFAULT_CAT_MB, help="isolation cat size")
    p.add_argument("--stagger", type=float, default=DEFAULT_STAGGER_S, help="start spread (s)")
    p.add_argument(
        "--pages",
        type=int,
        default=0,
        help="learners' dashboard pages open: each follows its learner's SSE stream (default 0)",
    )
    p.add_argument(
        "--graders",
        type=int,
        default=1,
        help="grader processes sharing the nodes (default 1); more than one needs --db",
    )
    p.add_argument(
        "--db",
        help="PostgreSQL URL (needed for --graders N; default: SQLite); each phase gets a "
        "fresh schema, dropped after",
    )
    p.add_argument(
        "--profile",
        action="store_true",
        help="sample the grader with py-spy during each phase: its CPU per verified step by job, "
        "and the physical floor beside it (grader/bench/profile.py, floor.py); py-spy's stacks "
        "are kept in --out as profile-N.raw",
    )
    p.add_argument("--no-poller", action="store_true", help="skip the poller baseline")
    p.add_argument("--no-isolation", action="store_true", help="skip the isolation phase")
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="grader phases per node count (default 1): the table gives every run and, per "
        "count, the spread and in how many runs each latency target was met",
    )
    p.add_argument("--quick", action="store_true", help="smoke run: 10 nodes, 20 s, 4x speed")
    p.add_argument("--lab", type=Path, default=Path("labs/nccl-bootstrap"), help="seed lab dir")
    p.add_argument("--out", type=Path, default=Path("bench-results"), help="JSON + PNG go here")
    p.add_argument("--workdir", type=Path, help="keep farm/grader files here (default: temp)")
    p.add_argument(
        "--record",
        action="store_true",
        help="re-record the learner session (grader/bench/data) from the real capture shell",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.record:
        from grader.bench.recording import record

        rec = record(args.lab.parent)
        print(f"recorded {len(rec.data)} bytes over {rec.duration_s:.1f} s")
        return 0
    if args.quick:
        args.nodes, args.duration, args.speed = QUICK["nodes"], QUICK["duration"], QUICK["speed"]
        args.poll_interval, args.cat_mb, args.stagger = (
            QUICK["poll"],
            QUICK["cat_mb"],
            QUICK["stagger"],
        )
    if not (args.lab / "lab.yaml").exists():
        print(f"no lab at {args.lab} (run from the repository root or pass --lab)")
        return 2
    counts = [int(n) for n in str(args.nodes).split(",") if n.strip()]
    if args.repeat < 1:
        print(f"--repeat must be at least 1, not {args.repeat}")
        return 2
    if args.db and not args.db.startswith("postgresql"):
        print("--db takes a PostgreSQL URL (postgresql+psycopg://...)")
        return 2
    if args.graders < 1 or (args.graders > 1 and not args.db):
        print("--graders N (N > 1) shares one PostgreSQL: pass --db postgresql+psycopg://...")
        return 2
    work = args.workdir or Path(tempfile.mkdtemp(prefix="labgrader-bench-"))
    try:
        result = asyncio.run(_bench(args, counts, work))
    finally:
        if args.workdir is None:
            shutil.rmtree(work, ignore_errors=True)
    from grader.bench import report

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bench.json").write_text(json.dumps(result, indent=2))
    plotted = report.plot(result, args.out / "bench.png")
    print(report.table(result))
    print(
        f"wrote {args.out / 'bench.json'}" + (f" and {args.out / 'bench.png'}" if plotted else "")
    )
    return 0


async def _bench(args: argparse.Namespace, counts: list[int], work: Path) -> dict[str, Any]:
    from grader.bench import report, runner
    from grader.capture import TARGET_MB_S, build_stream, measure
    from grader.store import fresh_schema

    phase = {"duration_s": args.duration, "speed": args.speed, "stagger_s": args.stagger}
    result: dict[str, Any] = {
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "settings": {
            **phase,
            "poll_interval_s": args.poll_interval,
            "nodes": counts,
            "pages": args.pages,
            "repeat": args.repeat,
            "graders": args.graders,
            "profile": args.profile,
        },
        "rows": [],
    }
    idle = await runner.idle_grader_rss(work / "idle", args.lab)
    result["idle_grader_rss_kib"] = idle
    by_count = {}
    for n in counts:
        # The box's speed drifts from run to run (BENCHMARKS.md): --repeat shows by how much.
        runs = []
        for i in range(1, args.repeat + 1):
            of = f", run {i} of {args.repeat}" if args.repeat > 1 else ""
            print(
                f"[bench] {n} nodes: grader phase ({args.duration:.0f} s of activity{of})",
                flush=True,
            )
            suffix = f"-run{i}" if args.repeat > 1 else ""
            try:
                # Each phase on a fresh schema: it starts from an empty store.
                fresh = fresh_schema(args.db, prefix="bench") if args.db else None
                with fresh or contextlib.nullcontext(None) as db:
                    g = await runner.grader_phase(
                        work / f"grader-{n}{suffix}",
                        n,
                        args.lab,
                        pages=args.pages,
                        graders=args.graders,
                        db=db,
                        profile=args.profile,
                        **phase,
                    )
                raw = work / f"grader-{n}{suffix}" / "profile.raw"
                if raw.exists():  # py-spy's stacks, for a flame graph or a closer look
                    args.out.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(raw, args.out / f"profile-{n}{suffix}.raw")
                for each in g.graders:
                    print(
                        f"[bench] {n} nodes: {each['owner']} held {each['nodes']} nodes, "
                        f"{each['cpu_s']:.2f} s CPU",
                        flush=True,
                    )
            except RuntimeError as exc:  # one run failing must not lose the others' figures
                print(f"[bench] {n} nodes: {exc}", flush=True)
                result.setdefault("failed", []).append({"nodes": n, "run": i, "error": str(exc)})
                continue
            runs.append((i, g))
        if not runs:
            continue
        by_count[n] = runs[0][1]  # the isolation phase is compared with the first run
        p = None
        if not args.no_poller:  # once per count: its figures are seconds, not milliseconds
            print(f"[bench] {n} nodes: poller phase (every {args.poll_interval:g} s)", flush=True)
            p = await runner.poller_phase(
                work / f"poller-{n}",
                n,
                interval_s=args.poll_interval,
                verify_n=runs[0][1].verify_n,
                **phase,
            )
        for i, g in runs:
            result["rows"].append({**report.row(g, p, idle), "run": i})
    result["spread"] = report.spread(result["rows"])
    iso_counts = [n for n in by_count if n <= ISOLATION_NODES_MAX]
    if not args.no_isolation and iso_counts:
        n = max(iso_counts)
        cat = {"bytes": int(args.cat_mb * 1e6), "after_s": args.duration / 3}
        print(f"[bench] {n} nodes: isolation phase (one node cats {args.cat_mb:g} MB)", flush=True)
        c = await runner.grader_phase(work / f"isolation-{n}", n, args.lab, cat=cat, **phase)
        result["isolation"] = report.isolation(by_count[n], c, cat["bytes"])
    result["parser"] = {**measure(build_stream(20.0)), "target_mb_per_s": TARGET_MB_S}
    if args.profile:
        from grader.bench import floor

        # its own thread and loop: it measures one thread's CPU time
        result["floor"] = {
            **await asyncio.to_thread(floor.measure),
            "packet_bytes": floor.PACKET_BYTES,
        }
    return result
