"""The spread of repeated runs: least, median and most per node count, and targets met per run."""

from __future__ import annotations

from grader.bench.report import spread, table


def _row(nodes: int, run: int, p50: float, p99: float, cpu: float) -> dict:
    grader = {"p50_ms": p50, "p95_ms": p99, "p99_ms": p99, "verified": 100}
    grader.update(cpu_ms_per_step=cpu, kib_per_node=100.0)
    return {"nodes": nodes, "run": run, "grader": grader}


def test_spread_per_count_with_the_targets_met_run_by_run() -> None:
    rows = [
        _row(1000, 1, 57.3, 298.8, 8.41),
        _row(1000, 2, 45.0, 221.3, 8.63),
        _row(1000, 3, 61.2, 275.0, 8.55),
        _row(100, 1, 31.9, 56.9, 15.39),
    ]
    by_nodes = {s["nodes"]: s for s in spread(rows)}
    big = by_nodes[1000]
    assert big["runs"] == 3
    assert big["p50_ms"] == {"min": 45.0, "median": 57.3, "max": 61.2}
    assert big["p99_ms"] == {"min": 221.3, "median": 275.0, "max": 298.8}
    assert big["cpu_ms_per_step"] == {"min": 8.41, "median": 8.55, "max": 8.63}
    # p50 <= 50 ms in one run of three; p99 <= 250 ms in one
    assert (big["p50_target_met"], big["p99_target_met"]) == (1, 1)
    assert by_nodes[100]["runs"] == 1 and by_nodes[100]["p99_target_met"] == 1

    out = table({"rows": rows, "spread": spread(rows)})
    assert "1000#2 |" in out and " 100#1 |" in out  # with repeats, each row names its run
    assert "1000 nodes, 3 runs: p50 45.0-61.2 ms (median 57.3)" in out
    assert "p50 target met in 1 of 3, p99 in 1" in out
    assert "100 nodes, 1 runs" not in out  # a single run has no spread line


def test_a_run_without_verdicts_is_left_out_of_the_spread() -> None:
    rows = [_row(10, 1, 30.0, 55.0, 29.0), _row(10, 2, 31.0, 56.0, 30.0)]
    rows[1]["grader"].update(p50_ms=None, p99_ms=None, cpu_ms_per_step=None)
    (s,) = spread(rows)
    assert s["runs"] == 2 and s["p50_ms"] == {"min": 30.0, "median": 30.0, "max": 30.0}
    assert s["p50_target_met"] == 1  # the run with no figures met nothing
