"""Smoke run of `grader bench --quick --repeat 2`: 10 simulated nodes, the real grader twice, the
poller, and five learners' pages on their own streams.

No timing assertions (the figures depend on the machine): the run must complete, every verified
step must reach the SSE stream exactly once, and the poller must see the same commands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_quick_bench_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "grader.cli",
            "bench",
            "--quick",
            "--no-isolation",
            "--repeat",
            "2",
            "--pages",
            "5",
            "--out",
            str(out),
            "--lab",
            str(REPO / "labs" / "nccl-bootstrap"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads((out / "bench.json").read_text())
    # --repeat 2: two grader runs, each a row of its own, and their spread
    first, second = result["rows"]
    assert (first["nodes"], first["run"], second["nodes"], second["run"]) == (10, 1, 10, 2)
    assert second["grader"]["verified"] >= 10 and second["grader"]["duplicate_events"] == 0
    (spread,) = result["spread"]
    assert spread["nodes"] == 10 and spread["runs"] == 2
    p50s = sorted(r["grader"]["p50_ms"] for r in result["rows"])
    assert (spread["p50_ms"]["min"], spread["p50_ms"]["max"]) == (p50s[0], p50s[1])
    assert "10 nodes, 2 runs: p50 " in proc.stdout and "  10#2 |" in proc.stdout
    row = first
    grader, poller = row["grader"], row["poller"]
    # every node typed the seed lab for a while: several steps each were verified over SSE
    assert grader["verified"] >= 10
    assert grader["duplicate_events"] == 0
    # five learners' pages followed their own streams: each got its learner's events, once
    assert grader["pages"] == 5
    assert grader["page_expected"] > 0 and grader["page_events"] == grader["page_expected"]
    assert "learners' pages open" in proc.stdout
    assert grader["p50_ms"] is not None and grader["cpu_s"] > 0
    # CPU split: per command above idle, per idle node-second, and the capacity derived from them
    assert grader["commands"] >= grader["verified"]
    assert grader["cpu_ms_per_command"] is not None and grader["cpu_ms_per_command"] >= 0
    assert grader["idle_cpu_ms_per_node_s"] is not None and grader["idle_cpu_ms_per_node_s"] >= 0
    assert grader["learners_per_2_cores"] is not None and grader["learners_per_2_cores"] > 0
    assert "learners per 2-core grader at a command every 10 s" in proc.stdout
    # the stream follower saw every event of the feed, once
    assert grader["feed"]["events"] >= grader["verified"]
    assert (grader["feed"]["missed"], grader["feed"]["doubled"]) == (0, 0), grader["feed"]
    # the poller graded the same recorded activity and found verified commands too
    assert poller["verified"] >= 10 and poller["polls"] > 0 and poller["errors"] == 0
    assert "grader p50/p95/p99 ms" in proc.stdout
    # the farm measured its own share of each command's latency, and it is a share of it
    node_side = row["node_side"]
    assert node_side["p50_ms"] is not None and 0 <= node_side["p50_ms"] <= grader["p99_ms"]
    assert "on the simulated node before its frame was sent" in proc.stdout
    # and the rest, matched command by command (learner, n), is the grader's own share
    own = row["grader_side"]
    assert own["p50_ms"] is not None and 0 <= own["p50_ms"] <= grader["p99_ms"]
    assert "the grader's own share" in proc.stdout
    assert (out / "bench.png").stat().st_size > 0


def test_repeat_below_one_is_refused_before_anything_starts(tmp_path: Path) -> None:
    lab = str(REPO / "labs" / "nccl-bootstrap")
    proc = subprocess.run(
        [sys.executable, "-m", "grader.cli", "bench", "--repeat", "0", "--lab", lab],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert "--repeat must be at least 1, not 0" in proc.stdout
    assert not (tmp_path / "bench-results").exists()  # nothing ran, nothing written
