"""`grader bench-parser` runs end to end and reports what it parsed."""

from __future__ import annotations

import json

import pytest

from grader.capture.bench_cmd import build_stream
from grader.capture.events import CommandEnded
from grader.capture.parser import SessionParser
from grader.cli import main


def test_bench_parser_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-parser", "--mb", "1", "--repeat", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["bytes"] >= 1_000_000
    assert result["commands"] > 50 and result["output_lines"] > 1000
    assert result["mb_per_s"] > 0 and result["mb_per_cpu_s"] > 0


def test_generated_stream_parses_into_the_commands_it_holds() -> None:
    data = build_stream(0.5, seed=7)
    parser = SessionParser("bench")
    events = parser.feed(data) + parser.close()
    records = [ev.record for ev in events if isinstance(ev, CommandEnded)]
    assert len(records) == data.count(b"\x1b]133;C;")
    nccl = [r for r in records if "all_reduce_perf" in r.line]
    assert nccl and all(r.exit in (0, 3) for r in nccl)
    assert any("NCCL WARN Bootstrap : no socket interface found" in r.output for r in nccl)
    fetch = [r for r in records if r.line == "./fetch.sh"]
    assert all("100%" in r.output.splitlines()[1] for r in fetch)
    assert not [ev for ev in events if type(ev).__name__ == "Anomaly"]
