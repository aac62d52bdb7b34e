"""Figures from the phases: percentiles, ratios, the stdout table, JSON and the PNG plot."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from grader.bench import profile

# Targets from the benchmark issue (one 2-core machine, loopback).
TARGET_P50_MS = 50.0
TARGET_P99_MS = 250.0
TARGET_RATIO = 10.0  # poller / grader, for CPU per verified step and for p50
TARGET_KIB_PER_NODE = 256.0
ISOLATION_MAX_DEGRADATION = 2.0


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def ms(values: list[float]) -> dict[str, float | None]:
    out = {}
    for q in (50, 95, 99):
        v = percentile(values, q)
        out[f"p{q}_ms"] = None if v is None else round(v * 1000, 1)
    return out


def _ratio(a: float | None, b: float | None) -> float | None:
    return None if not a or not b else round(a / b, 1)


#: The class the capacity figure is for: each learner types a command every this many seconds, on
#: a grader of this many cores (the benchmark issue: 10,000 learners, ~1,000 commands a second).
COMMAND_EVERY_S = 10.0
GRADER_CORES = 2


def capacity(grader) -> dict[str, float | None]:
    """CPU per command above idle, idle CPU per node-second, and the learners one GRADER_CORES
    grader holds at a command every COMMAND_EVERY_S: cores / (per command / every + idle)."""
    idle = grader.idle_cpu_s / (grader.idle_s * grader.nodes) if grader.idle_s else None
    per_command = None
    if grader.commands and idle is not None:
        busy = grader.cpu_s - idle * grader.nodes * grader.wall_s
        per_command = max(0.0, busy) / grader.commands
    learners = None
    if per_command is not None and idle is not None and per_command / COMMAND_EVERY_S + idle > 0:
        learners = GRADER_CORES / (per_command / COMMAND_EVERY_S + idle)
    return {
        "commands": grader.commands,
        "cpu_ms_per_command": None if per_command is None else round(per_command * 1000, 3),
        "idle_cpu_ms_per_node_s": None if idle is None else round(idle * 1000, 4),
        "learners_per_2_cores": None if learners is None else int(learners),
    }


def row(grader, poller, idle_rss_kib: int) -> dict[str, Any]:
    g = ms(grader.latencies)
    verified = len(grader.latencies)
    cpu_step = grader.cpu_s / verified if verified else None
    out: dict[str, Any] = {
        "nodes": grader.nodes,
        "grader": {
            **g,
            "verified": verified,
            "attempted_events": len(grader.attempted_latencies),
            "duplicate_events": grader.duplicates,
            "cpu_s": round(grader.cpu_s, 2),
            "cpu_ms_per_step": None if cpu_step is None else round(cpu_step * 1000, 2),
            **capacity(grader),
            "rss_kib": grader.rss_kib,
            "kib_per_node": round((grader.rss_kib - idle_rss_kib) / max(1, grader.nodes - 1), 1),
            "connect_s": round(grader.connect_s, 1),
            "pages": grader.pages,
            "page_events": grader.page_events,
            "page_expected": grader.page_expected,
            "graders": grader.graders,  # --graders N: each one's nodes and CPU seconds
            # the stream follower against a poll of the whole feed: both must be 0
            "feed": {
                "events": grader.feed_events,
                "missed": grader.feed_missed,
                "doubled": grader.feed_doubled,
            },
        },
        # --profile: where the CPU of a verified step went, by job (grader/bench/profile.py)
        "profile": None
        if grader.profile is None
        else profile.table(Counter(grader.profile), None if cpu_step is None else cpu_step * 1000),
        # Of the latency, the part spent on the (simulated) node before the grader could see
        # the command's end: measured by the farm, see farm.py.
        "node_side": ms(grader.node_side),
        # The rest of each verified step's latency: the grader's own share (runner.py).
        "grader_side": ms(grader.own),
    }
    if poller is not None:
        p = ms(poller.latencies)
        pv = len(poller.latencies)
        p_step = poller.cpu_s / pv if pv else None
        out["poller"] = {
            **p,
            "verified": pv,
            "cpu_s": round(poller.cpu_s, 2),
            "cpu_ms_per_step": None if p_step is None else round(p_step * 1000, 2),
            "polls": poller.polls,
            "errors": poller.errors,
            "last_error": poller.last_error,
        }
        out["ratios"] = {
            "p50": _ratio(p["p50_ms"], g["p50_ms"]),
            "p99": _ratio(p["p99_ms"], g["p99_ms"]),
            "cpu_per_step": _ratio(p_step, cpu_step),
        }
    return out


def isolation(base, with_cat, cat_bytes: int) -> dict[str, Any]:
    def others(by_learner: dict[str, list[float]]) -> list[float]:
        return [x for learner, v in by_learner.items() if learner != "l0000" for x in v]

    b, c = ms(others(base.by_learner)), ms(others(with_cat.by_learner))
    bo, co = ms(others(base.own_by_learner)), ms(others(with_cat.own_by_learner))
    return {
        "nodes": base.nodes,
        "cat_bytes": cat_bytes,
        "others_without": b,
        "others_with_cat": c,
        "p99_degradation": _ratio(c["p99_ms"], b["p99_ms"]),
        # the same, less the farm's delay per command: what the grader itself added
        "others_grader_side_without": bo,
        "others_grader_side_with_cat": co,
        "grader_side_p99_degradation": _ratio(co["p99_ms"], bo["p99_ms"]),
        "target_max": ISOLATION_MAX_DEGRADATION,
        "cat_node_cpu_s": round(with_cat.cpu_s, 2),
    }


def spread(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per node count: the least, median and most of each run's p50, p99 and CPU per step, and
    in how many runs each latency target was met. One run says little where the box's speed
    drifts by 10-15 % from run to run (measured, BENCHMARKS.md)."""
    out = []
    for n in sorted({r["nodes"] for r in rows}):
        runs = [r["grader"] for r in rows if r["nodes"] == n]
        entry: dict[str, Any] = {"nodes": n, "runs": len(runs)}
        for key in ("p50_ms", "p99_ms", "cpu_ms_per_step"):
            vals = [g[key] for g in runs if g.get(key) is not None]
            entry[key] = (
                {"min": min(vals), "median": round(statistics.median(vals), 2), "max": max(vals)}
                if vals
                else None
            )
        for key, target in (("p50_ms", TARGET_P50_MS), ("p99_ms", TARGET_P99_MS)):
            entry[f"{key[:3]}_target_met"] = sum(
                1 for g in runs if g.get(key) is not None and g[key] <= target
            )
        out.append(entry)
    return out


def _label(r: dict[str, Any], repeated: bool) -> str:
    return f"{r['nodes']}#{r.get('run', 1)}" if repeated else str(r["nodes"])


def _f(v: Any, width: int) -> str:
    return f"{'-' if v is None else v:>{width}}"


def table(result: dict[str, Any]) -> str:
    head = (
        f"{'nodes':>6} | {'grader p50/p95/p99 ms':>22} {'steps':>6} {'cpu ms/step':>11} "
        f"{'KiB/node':>8} | {'poller p50/p95/p99 ms':>24} {'steps':>6} {'cpu ms/step':>11} | "
        f"{'x p50':>6} {'x cpu':>6}"
    )
    lines = [head, "-" * len(head)]
    repeated = any(r.get("run", 1) > 1 for r in result["rows"])
    for r in result["rows"]:
        g, p, x = r["grader"], r.get("poller", {}), r.get("ratios", {})
        gl = "/".join(_f(g[k], 0) for k in ("p50_ms", "p95_ms", "p99_ms"))
        pl = "/".join(_f(p.get(k), 0) for k in ("p50_ms", "p95_ms", "p99_ms"))
        lines.append(
            f"{_label(r, repeated):>6} | {gl:>22} {g['verified']:>6} "
            f"{_f(g['cpu_ms_per_step'], 11)} "
            f"{g['kib_per_node']:>8} | {pl:>24} {_f(p.get('verified'), 6)} "
            f"{_f(p.get('cpu_ms_per_step'), 11)} | "
            f"{_f(x.get('p50'), 6)} {_f(x.get('cpu_per_step'), 6)}"
        )
    for f in result.get("failed", []):
        lines.append(f"{f['nodes']:>6} | FAILED: {f['error']}")
    for sp in result.get("spread", []):
        if sp["runs"] > 1 and sp["p50_ms"] and sp["p99_ms"] and sp["cpu_ms_per_step"]:
            p50, p99, cpu = sp["p50_ms"], sp["p99_ms"], sp["cpu_ms_per_step"]
            lines.append(
                f"{sp['nodes']:>6} nodes, {sp['runs']} runs: p50 {p50['min']}-{p50['max']} ms "
                f"(median {p50['median']}), p99 {p99['min']}-{p99['max']} ms (median "
                f"{p99['median']}), cpu/step {cpu['min']}-{cpu['max']} ms; p50 target met in "
                f"{sp['p50_target_met']} of {sp['runs']}, p99 in {sp['p99_target_met']}"
            )
    for r in result["rows"]:
        if (n := r.get("node_side")) and n.get("p50_ms") is not None:
            lines.append(
                f"{_label(r, repeated):>6} nodes: of that latency, on the simulated node before "
                f"its frame was sent: p50/p95/p99 {n['p50_ms']}/{n['p95_ms']}/{n['p99_ms']} ms"
            )
    for r in result["rows"]:
        if (o := r.get("grader_side")) and o.get("p50_ms") is not None:
            lines.append(
                f"{_label(r, repeated):>6} nodes: the rest, the grader's own share: "
                f"p50/p95/p99 {o['p50_ms']}/{o['p95_ms']}/{o['p99_ms']} ms"
            )
    for r in result["rows"]:
        if feed := r["grader"].get("feed"):
            lines.append(
                f"{_label(r, repeated):>6} nodes: the stream follower saw {feed['events']} "
                f"events of the feed: {feed['missed']} missed, {feed['doubled']} twice"
            )
    for r in result["rows"]:
        g = r["grader"]
        if g.get("cpu_ms_per_command") is not None:
            lines.append(
                f"{_label(r, repeated):>6} nodes: grader CPU {g['cpu_ms_per_step']} ms per "
                f"verified step, {g['cpu_ms_per_command']} ms per command above idle "
                f"({g['commands']} commands), {g['idle_cpu_ms_per_node_s']} ms per idle "
                f"node-second: {g['learners_per_2_cores']} learners per {GRADER_CORES}-core "
                f"grader at a command every {COMMAND_EVERY_S:.0f} s"
            )
    for r in result["rows"]:
        if r["grader"].get("pages"):
            lines.append(
                f"{_label(r, repeated):>6} nodes: {r['grader']['pages']} learners' pages open, "
                f"each on its own learner's stream; they received "
                f"{r['grader']['page_events']} events (their learners had "
                f"{r['grader']['page_expected']})"
            )
    if iso := result.get("isolation"):
        lines.append(
            f"isolation at {iso['nodes']} nodes, one node cats {iso['cat_bytes'] / 1e6:.0f} MB: "
            f"others' p99 {iso['others_without']['p99_ms']} -> {iso['others_with_cat']['p99_ms']} "
            f"ms ({iso['p99_degradation']}x, target <= {iso['target_max']}x); the grader's own "
            f"share of it {iso['others_grader_side_without']['p99_ms']} -> "
            f"{iso['others_grader_side_with_cat']['p99_ms']} ms "
            f"({iso['grader_side_p99_degradation']}x)"
        )
    for r in result["rows"]:
        if prof := r.get("profile"):
            busy = sum(int(j["samples"]) for j in prof)
            lines.append(
                f"{_label(r, repeated):>6} nodes: where a verified step's "
                f"{r['grader']['cpu_ms_per_step']} ms of CPU went (py-spy, {busy} busy samples):"
            )
            lines.extend(
                f"{'':>8}{_f(j['ms_per_step'], 7)} ms {100 * float(j['share']):5.1f} %  {j['job']}"
                for j in prof
            )
    if fl := result.get("floor"):
        lines.append(
            f"floor on this machine: one {fl['packet_bytes']}-byte SSH packet received "
            f"{fl['ssh_packet_ms']} ms, one SQLite commit of a command's rows {fl['commit_ms']} ms "
            f"(grader/bench/floor.py)"
        )
    if parser := result.get("parser"):
        lines.append(f"parser: {parser['mb_per_s']} MB/s (target {parser['target_mb_per_s']:.0f})")
    lines.append(
        f"targets: p50 <= {TARGET_P50_MS:.0f} ms, p99 <= {TARGET_P99_MS:.0f} ms, poller/grader "
        f">= {TARGET_RATIO:.0f}x (p50, cpu/step), <= {TARGET_KIB_PER_NODE:.0f} KiB/node"
    )
    return "\n".join(lines)


def plot(result: dict[str, Any], path: Path) -> bool:
    """Latency percentiles against node count (log-log); False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    rows = result["rows"]
    xs = sorted({r["nodes"] for r in rows})
    repeated = len(xs) < len(rows)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for who, style in (("grader", "-"), ("poller", "--")):
        for q, marker in (("p50_ms", "o"), ("p95_ms", "s"), ("p99_ms", "^")):
            # the median run per count on the line; with --repeat every run as a dot as well
            per: dict[int, list[float]] = {n: [] for n in xs}
            for r in rows:
                if (v := r.get(who, {}).get(q)) is not None:
                    per[r["nodes"]].append(v)
            ys: list[Any] = [statistics.median(per[n]) if per[n] else None for n in xs]
            if any(y is not None for y in ys):
                (line,) = ax.plot(xs, ys, style, marker=marker, label=f"{who} {q[:3]}")
                if repeated and who == "grader":
                    dots = [(n, v) for n in xs for v in per[n]]
                    dx, dy = zip(*dots, strict=True)
                    ax.scatter(dx, dy, s=10, alpha=0.4, color=line.get_color())
    ax.axhline(TARGET_P50_MS, color="grey", lw=0.8, ls=":")
    ax.axhline(TARGET_P99_MS, color="grey", lw=0.8, ls=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("active nodes")
    ax.set_ylabel("command end -> verdict on SSE (ms)")
    ax.set_title("labgrader verification latency (2 cores, loopback)")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
