"""Numeric captures and comparisons across steps, on the simulated nccl-tests' own output.

The runs are real: the fake node's simulator, installed by the sandbox helper, prints the
tables (with its jitter), so the expected values are read back from each run's own rows.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from matching_helpers import Shell

from grader.authoring.sandbox import install_simulator
from grader.capture.events import CommandEnded, Event
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.engine import LabGrader, grade_records
from grader.matching.numbers import numbers_problem
from grader.verdict import State

LAB = """\
schema_version: 1
id: slow-job
title: The Job That Runs Slow
description: Three transports, one table each.
steps:
  - id: run-p2p
    title: Run it over P2P
    command:
      program: all_reduce_perf
      env: {NCCL_P2P_DISABLE: {absent: true}}
    exit: zero
    captures:
      - {name: busbw_p2p, from: {column: busbw}, label: "the P2P run's busbw"}
      - {name: sweep_p2p, from: {column: busbw}, as: numbers, label: "the P2P table's busbw"}
  - id: run-shm
    title: Run it over shared memory
    command:
      program: all_reduce_perf
      env: {NCCL_P2P_DISABLE: "1", NCCL_SHM_DISABLE: {absent: true}}
    exit: zero
    captures: [{name: avg_shm, from: {footer: Avg bus bandwidth}}]
  - id: run-socket
    title: Run it over sockets
    command:
      program: all_reduce_perf
      env: {NCCL_P2P_DISABLE: "1", NCCL_SHM_DISABLE: "1"}
    exit: zero
    captures:
      - name: busbw_socket
        from: {column: busbw, in_place: true}
        label: "your socket run's busbw"
    compare:
      - {left: busbw_socket, op: "<", right: busbw_p2p, times: 0.5}
      - {left: busbw_socket, op: "<", right: avg_shm, description: "slower than SHM's ${avg_shm}"}
  - id: report
    title: Report the P2P bandwidth
    command: {program: echo}
    captures: [{name: reported, from: {regex: 'busbw=(\\S+)'}, unit: GB/s}]
    compare: [{left: reported, within: sweep_p2p}]
"""

P2P = "all_reduce_perf -b 8 -e 128M -f 4 -g 2"
SHM = f"NCCL_P2P_DISABLE=1 {P2P}"
SOCKET = f"NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 {P2P}"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("sim")
    install_simulator(base / "lib", base / "bin")
    return base / "bin"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Lab:
    folder = tmp_path_factory.mktemp("labs") / "slow-job"
    folder.mkdir()
    (folder / "lab.yaml").write_text(LAB)
    return load_lab(folder)


def run(sim: Path, line: str, profile: str | None = None) -> str:
    """What the simulator prints for `line` (assignments in front, then the program)."""
    words = line.split()
    env = {"PATH": f"{sim}:{os.environ['PATH']}", "NCCL_DEBUG": "WARN"}
    while "=" in words[0]:
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    if profile is not None:
        env["LABGRADER_SIM_PROFILE"] = str(sim.parent / "lib/profiles/matrix" / profile)
    done = subprocess.run(words, env=env, capture_output=True, text=True, check=False)
    return done.stdout


def rows(output: str) -> list[list[str]]:
    return [ln.split() for ln in output.splitlines() if ln.strip()[:1].isdigit()]


def footer(output: str) -> str:
    line = next(ln for ln in output.splitlines() if "Avg bus bandwidth" in ln)
    return line.split(":")[1].strip()


@pytest.fixture(scope="module")
def outputs(sim: Path) -> dict[str, str]:
    return {"p2p": run(sim, P2P), "shm": run(sim, SHM), "socket": run(sim, SOCKET)}


def session(outputs: dict[str, str], report: str) -> list[Event]:
    sh = Shell()
    return [
        *sh.run(P2P, outputs["p2p"]),
        *sh.run(SHM, outputs["shm"]),
        *sh.run(SOCKET, outputs["socket"]),
        *sh.run(f"echo busbw={report}", f"busbw={report}\n"),
    ]


def test_captures_and_comparisons_on_simulated_runs(lab: Lab, outputs: dict[str, str]) -> None:
    p2p, socket = rows(outputs["p2p"]), rows(outputs["socket"])
    reported = p2p[-1][7]
    g = LabGrader(lab, "alice")
    g.feed_all(session(outputs, reported))
    v = g.verdicts()
    assert {s: x.state for s, x in v.items()} == dict.fromkeys(v, State.VERIFIED)
    assert v["run-p2p"].captures["busbw_p2p"] == p2p[-1][7]  # out-of-place, last row
    # as: numbers reads the column family: both blocks of every row (out-of-place, in-place)
    assert v["run-p2p"].captures["sweep_p2p"] == " ".join(x for r in p2p for x in (r[7], r[11]))
    assert v["run-shm"].captures == {"avg_shm": footer(outputs["shm"])}
    assert v["run-socket"].captures == {"busbw_socket": socket[-1][11]}  # in-place
    assert g.variables["reported"] == reported
    evidence = v["run-socket"].evidence
    assert evidence is not None
    assert evidence.values[0] == f"busbw_socket = {socket[-1][11]} GB/s"
    assert evidence.values[1].startswith(f"busbw_socket {socket[-1][11]} < busbw_p2p ")
    assert evidence.values[1].endswith(": holds")
    assert any(socket[-1][0] in line for line in evidence.matched)  # the row it read
    assert v["report"].evidence is not None
    assert v["report"].evidence.values[-1].endswith(": holds")


def test_a_comparison_that_fails_says_so_in_words(lab: Lab, outputs: dict[str, str]) -> None:
    socket = rows(outputs["socket"])[-1][11]
    slow_p2p = outputs["p2p"].replace(rows(outputs["p2p"])[-1][7], "3.10")
    sh = Shell()
    g = LabGrader(lab, "alice")
    g.feed_all([*sh.run(P2P, slow_p2p), *sh.run(SHM, outputs["shm"])])
    (out,) = g.feed_all(sh.run(SOCKET, outputs["socket"]))
    assert out.state is State.ATTEMPTED
    assert out.reason == (
        f"Your socket run's busbw ({socket} GB/s) is not below half of the P2P run's busbw "
        "(3.10 GB/s)"
    )
    assert out.captures == {}  # an attempt saves nothing
    assert "busbw_socket" not in g.variables


def test_the_authors_description_replaces_the_sentence(lab: Lab, outputs: dict[str, str]) -> None:
    fast_shm = outputs["shm"].replace(footer(outputs["shm"]), "0.5")
    sh = Shell()
    g = LabGrader(lab, "alice")
    g.feed_all([*sh.run(P2P, outputs["p2p"]), *sh.run(SHM, fast_shm)])
    (out,) = g.feed_all(sh.run(SOCKET, outputs["socket"]))
    assert out.reason == "Slower than SHM's 0.5"


def test_a_value_not_captured_yet_names_the_step_to_run(lab: Lab, outputs: dict[str, str]) -> None:
    g = LabGrader(lab, "alice")
    (out,) = g.feed_all(Shell().run(SOCKET, outputs["socket"]))
    assert out.state is State.ATTEMPTED
    assert out.reason == (
        "Do the step “Run it over P2P” first: this step compares with the P2P run's busbw, "
        "which it captures; do the step “Run it over shared memory” first: this step compares "
        "with `avg_shm`, which it captures"
    )


def test_a_reported_number_outside_the_table(lab: Lab, outputs: dict[str, str]) -> None:
    sh = Shell()
    g = LabGrader(lab, "alice")
    g.feed_all(sh.run(P2P, outputs["p2p"]))
    (out,) = g.feed_all(sh.run("echo busbw=99.5", "busbw=99.5\n"))
    printed = [x for r in rows(outputs["p2p"]) for x in (r[7], r[11])]
    low, high = min(printed, key=float), max(printed, key=float)
    quoted = list(dict.fromkeys(printed))
    assert len(quoted) > 8  # a sweep: the reason quotes the first eight, then "…"
    assert out.reason == (
        f"`reported` (99.5 GB/s) is not within the range of the P2P table's busbw "
        f"({low} to {high} GB/s: {', '.join(quoted[:8])}, …)"
    )
    (out,) = g.feed_all(sh.run("echo busbw=fast", "busbw=fast\n"))
    assert out.reason == "The output showed `fast` where `reported` should be a number"


def test_output_without_a_table(lab: Lab, sim: Path) -> None:
    failed = run(sim, "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -g 2")
    g = LabGrader(lab, "alice")
    (out,) = g.feed_all(Shell().run(P2P, failed, exit=0))
    assert out.state is State.ATTEMPTED
    # one clause for both captures of the table that never came
    clause = (
        "no nccl-tests results table to read the P2P run's busbw and the P2P table's busbw from"
    )
    assert clause in out.reason
    assert out.reason.count("results table") == 1, out.reason


def test_an_old_nccl_tests_table_reads_the_same(lab: Lab, sim: Path) -> None:
    old = run(sim, "all_reduce_perf -b 8M -e 8M -g 2", "pcie-nccl-2.9.json")
    (row,) = rows(old)
    g = LabGrader(lab, "alice")
    (out,) = g.feed_all(Shell().run(P2P, old))
    assert out.captures == {"busbw_p2p": row[7], "sweep_p2p": f"{row[7]} {row[11]}"}


def test_snapshot_and_restore_carry_the_captures(lab: Lab, outputs: dict[str, str]) -> None:
    sh = Shell()
    g = LabGrader(lab, "alice")
    g.feed_all([*sh.run(P2P, outputs["p2p"]), *sh.run(SHM, outputs["shm"])])
    socket = sh.run(SOCKET, outputs["socket"])
    g.feed_all(socket[:2])  # the socket run in flight at the snapshot
    saved = json.loads(json.dumps(g.snapshot()))
    assert saved["variables"]["busbw_p2p"] == rows(outputs["p2p"])[-1][7]
    restored = LabGrader.restore(lab, "alice", saved)
    (out,) = restored.feed_all(socket[-1:])  # judged from the final record
    assert out.state is State.VERIFIED, out.reason
    live = LabGrader(lab, "alice")
    live.feed_all(session(outputs, rows(outputs["p2p"])[0][7]))
    restored.feed_all(sh.run("echo busbw=0.00", "busbw=0.00\n"))
    assert restored.variables == {**live.variables, "reported": "0.00"}


def test_a_regrade_from_records_gives_the_same_verdicts(lab: Lab, outputs: dict[str, str]) -> None:
    events = session(outputs, rows(outputs["p2p"])[-3][7])
    live = LabGrader(lab, "alice")
    live.feed_all(events)
    records = [e.record for e in events if isinstance(e, CommandEnded)]
    regraded = grade_records(lab, records, "alice")
    assert regraded.verdicts() == live.verdicts()
    assert regraded.variables == live.variables


@pytest.mark.parametrize(
    "line",
    [
        "all_reduce_perf -b 128M -e 128M -g 2",
        "NCCL_P2P_DISABLE=1 all_reduce_perf -g 2 | tee run.txt",
        "all_reduce_perf -g 2 2>&1 | grep -i 'avg bus' | head -1",
        "export NCCL_DEBUG=WARN && all_reduce_perf -g 2 |& egrep busbw",
        "time -p all_reduce_perf -g 2",
    ],
)
def test_numbers_are_read_after_stages_that_pass_lines_through(line: str) -> None:
    assert numbers_problem(line, ["all_reduce_perf"]) == ""


@pytest.mark.parametrize(
    ("line", "culprit"),
    [
        ("all_reduce_perf -g 2 | sed 's/2\\.2/22.2/'", "`sed` after it"),
        ("all_reduce_perf -g 2 | awk '{print}'", "`awk` after it"),
        ("all_reduce_perf -g 2 | grep -c busbw", "`grep` after it"),
        ("all_reduce_perf -g 2 | cat -n", "`cat` after it"),
        ("all_reduce_perf -g 2; printf '1 2 3\\n'", "`printf` on the same line"),
        ("all_reduce_perf -g 2 && echo row", "`echo` on the same line"),
        ("(sleep 1; echo row) & all_reduce_perf -g 2", "on the same line"),
        ("printf row | tee /dev/stderr | all_reduce_perf -g 2", "before it"),
    ],
)
def test_numbers_after_a_stage_that_could_write_them_are_not_read(line: str, culprit: str) -> None:
    problem = numbers_problem(line, ["all_reduce_perf"])
    assert problem.startswith("the numbers are read only from what all_reduce_perf itself printed")
    assert culprit in problem


def test_any_busbw_the_run_printed_is_accepted(lab: Lab, outputs: dict[str, str]) -> None:
    """The issue's socket table: out-of-place 2.30, in-place 2.27. `echo busbw=2.27` is a
    busbw the run printed; a value outside the two is refused with both quoted."""
    table = (
        "#       size         count      type   redop    root     time   algbw   busbw  #wrong"
        "     time   algbw   busbw  #wrong\n"
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)"
        "             (us)  (GB/s)  (GB/s)\n"
        "   134217728      33554432     float     sum      -1  58400.1    2.30    2.30       0"
        "  59100.2    2.27    2.27       0\n"
        "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 2.285\n"
    )
    sh = Shell()
    g = LabGrader(lab, "alice")
    g.feed_all(sh.run(P2P, table))
    assert g.variables["sweep_p2p"] == "2.30 2.27"
    (out,) = g.feed_all(sh.run("echo busbw=2.27", "busbw=2.27\n"))
    assert out.state is State.VERIFIED, out.reason
    g = LabGrader(lab, "alice")
    g.feed_all(sh.run(P2P, table))
    (out,) = g.feed_all(sh.run("echo busbw=2.2", "busbw=2.2\n"))
    assert out.reason == (
        "`reported` (2.2 GB/s) is not within the range of the P2P table's busbw "
        "(2.27 to 2.30 GB/s: 2.30, 2.27)"
    )
