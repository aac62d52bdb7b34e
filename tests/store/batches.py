"""Building ingest batches the way the daemon does: one record and its verdicts per command."""

from __future__ import annotations

from grader.capture.events import Anomaly, CommandRecord
from grader.store import IngestBatch
from grader.verdict import Evidence, State, StepVerdict

NODE = "node-a"
LAB = "lab-one"


def record(n: int, *, session: str = "s1", aid: int = 100, line: str = "true") -> CommandRecord:
    return CommandRecord(
        session=session,
        aid=aid,
        n=n,
        line=line,
        exit=0,
        pipestatus=(0,),
        cwd="/home/alice",
        t0=1000.0 + n,
        t1=1000.5 + n,
        output=f"out {n}\n",
        output_chars=6,
    )


def verdict(
    rec: CommandRecord, step: str, state: State = State.VERIFIED, reason: str = ""
) -> StepVerdict:
    evidence = Evidence(
        session=rec.session,
        aid=rec.aid,
        n=rec.n,
        line=rec.line,
        exit=rec.exit,
        pipestatus=rec.pipestatus,
        cwd=rec.cwd,
        t0=rec.t0,
        t1=rec.t1,
        excerpt=rec.output,
    )
    return StepVerdict(LAB, step, state, reason, {"n": str(rec.n)}, evidence)


def batch(
    n: int,
    *,
    learner: str = "alice",
    step: str | None = None,
    state: State = State.VERIFIED,
    node: str = NODE,
    owner: str | None = None,
    path: str = "alice/s1.ts",
) -> IngestBatch:
    """Command number n of `learner`: its offset, its record, one verdict, an engine snapshot."""
    rec = record(n)
    return IngestBatch(
        node_id=node,
        offsets={path: 100 * n},
        records=[(learner, rec)],
        verdicts=[(learner, verdict(rec, step or f"step-{n}", state))],
        anomalies=[(learner, Anomaly("s1", "replayed_marker", f"n={n} replayed", offset=7 * n))],
        snapshots={(learner, LAB): {"last_n": n}},
        owner=owner,
    )
