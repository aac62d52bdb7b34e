"""Seeding a real store the way the daemon fills it: command records graded by the real engine.

Outputs are the seed lab's own practice outputs (what the simulated tools print), so the evidence
the dashboard shows has real excerpts, matched lines and reasons, not invented ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from grader.capture.events import CommandEnded, CommandRecord
from grader.labs.loader import load_lab
from grader.labs.model import Lab, OutputExpect, Pattern
from grader.matching.engine import LabGrader
from grader.store import IngestBatch

REPO = Path(__file__).resolve().parents[2]
LAB_DIR = REPO / "labs" / "nccl-bootstrap"
LAB_ID = "nccl-bootstrap"
NODE = "ml-node-07"
#: The second lab ("The Job That Runs Slow"): its steps compare the learner's own numbers.
TRANSPORT_DIR = REPO / "labs" / "nccl-transport"
TRANSPORT_ID = "nccl-transport"
#: Its steps that read a number from a run, in the order a learner types them.
TRANSPORT_NUMBER_STEPS = ("baseline", "shm-busbw", "socket-busbw", "report")

BROKEN_LINE = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"
#: Right program, no bad interface set: the engine marks run-broken attempted, with a reason.
CLOSE_LINE = "all_reduce_perf -b 8M -e 8M -g 2"
TOPO_LINE = "nvidia-smi topo -m"

#: (line, output, exit) of one command
Command = tuple[str, str, int]


def nccl_lab() -> Lab:
    return load_lab(LAB_DIR)


def transport_lab() -> Lab:
    return load_lab(TRANSPORT_DIR)


def transport_numbers(lab: Lab) -> list[Command]:
    """TRANSPORT_NUMBER_STEPS typed with the lab's practice answers and outputs; the SHM and
    socket runs' outputs show only the result row, so they get the baseline's table header (a
    real run prints it every time), without which no busbw column can be read."""
    header = "".join(practice_output(lab, "baseline").splitlines(keepends=True)[:2])
    out: list[Command] = []
    for step in TRANSPORT_NUMBER_STEPS:
        practice = lab.step(step).practice
        assert practice is not None
        output = practice.output
        if step in ("shm-busbw", "socket-busbw"):
            output = header + output
        out.append((practice.answer, output, 0))
    return out


def practice_output(lab: Lab, step: str) -> str:
    practice = lab.step(step).practice
    assert practice is not None
    return practice.output


def topo_wants_nvlink(lab: Lab) -> Lab:
    """The lab after an author's change: `topo` now wants an NVLink cell the seed output lacks
    (`grader regrade --allow-downgrade` with it lowers a verified `topo` to attempted)."""
    nv1 = OutputExpect(all=(Pattern("contains", "NV1"),))
    steps = tuple(replace(s, output=nv1) if s.id == "topo" else s for s in lab.steps)
    return replace(lab, steps=steps)


def broken_run(lab: Lab) -> Command:
    return (BROKEN_LINE, practice_output(lab, "run-broken"), 3)


def close_miss(lab: Lab) -> Command:
    return (CLOSE_LINE, practice_output(lab, "run-broken"), 3)


def topo(lab: Lab) -> Command:
    return (TOPO_LINE, practice_output(lab, "topo"), 0)


def hint_asked(lab: Lab, step: str, times: int) -> Command:
    """The learner's `times`-th `lab hint STEP`: the node prints the step's hints so far, in the
    format of grader/node/files/lab (tests/api/test_hints_shown.py runs the real one)."""
    n, found = next((i, s) for i, s in enumerate(lab.steps, start=1) if s.id == step)
    shown = found.hints[:times]
    lines = [f"Step {n}. {found.title}"]
    lines += [f"  hint {i}/{len(found.hints)}: {h}" for i, h in enumerate(shown, start=1)]
    if len(shown) < len(found.hints):
        lines.append("  (ask again for the next hint)")
    return (f"lab hint {step}", "\n".join(lines) + "\n", 0)


def graded_batch(
    lab: Lab,
    learner: str,
    commands: Sequence[Command],
    t0: float,
    *,
    node: str = NODE,
    spacing_s: float = 60.0,
    session: str = "20260729T072100-4242-0badc0de",
) -> IngestBatch:
    """One shell's commands, `spacing_s` apart from t0, graded by a fresh LabGrader."""
    grader = LabGrader(lab, learner)
    batch = IngestBatch(node_id=node)
    for n, (line, output, exit_) in enumerate(commands, start=1):
        start = t0 + (n - 1) * spacing_s
        rec = CommandRecord(
            session=session,
            aid=4242,
            n=n,
            line=line,
            exit=exit_,
            pipestatus=(exit_,),
            cwd=f"/home/{learner}",
            t0=start,
            t1=start + 3.0,
            output=output,
            output_chars=len(output),
        )
        batch.records.append((learner, rec))
        batch.verdicts += [(learner, v) for v in grader.feed(CommandEnded(rec))]
    return batch


def merge(batches: Sequence[IngestBatch], node: str = NODE) -> IngestBatch:
    """Many learners' batches as one transaction (seeding a class without 1,000 commits)."""
    out = IngestBatch(node_id=node)
    for b in batches:
        out.records += b.records
        out.verdicts += b.verdicts
    return out
