"""`grader test-lab`: run a lab's self-tests, recorded sessions with the verdicts they must get.

A lab is only as good as its patterns, and patterns rot when NCCL or the tools change their
output. Each `labs/<lab>/tests/<name>.ts` is a captured session (honest or dishonest), and
`<name>.expect.yaml` says what grading it must give:

    description: echo of the warning must not verify run-broken
    learner: alice                 # optional
    steps:                         # every step not listed must stay pending
      run-broken: verified
      exit-code: {state: attempted, reason: "right after"}   # reason: a substring
    anomalies: [replayed_marker]   # optional: kinds that must be reported (at least these)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from grader.labs.errors import LabInvalid
from grader.labs.loader import load_lab
from grader.labs.model import Lab
from grader.matching.attest import add_key_option, key_from_option, not_enforced_note
from grader.matching.session_files import replay

TESTS_DIR = "tests"
EXPECT_SUFFIX = ".expect.yaml"


@dataclass(slots=True)
class Outcome:
    name: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "test-lab",
        help="grade a lab's recorded test sessions and compare with their expected verdicts",
        description=(
            "For each LABDIR, grade every tests/<name>.ts with the lab and compare each step's\n"
            "state (and optional reason substring) with tests/<name>.expect.yaml. Steps the\n"
            "expectation does not list must stay pending. Prints PASS/FAIL per transcript.\n"
            "Exit status: 0 when all pass, 1 on any mismatch, 2 when a lab does not load."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("labs", nargs="+", metavar="LABDIR", help="lab folders")
    add_key_option(parser)
    parser.set_defaults(func=run)


def _expected(spec: Any) -> tuple[str, str]:
    if isinstance(spec, str):
        return spec, ""
    if isinstance(spec, dict):
        return str(spec.get("state", "")), str(spec.get("reason", ""))
    return "", ""


def check_transcript(lab: Lab, ts: Path, attest_key: bytes | None = None) -> Outcome:
    out = Outcome(ts.name)
    expect_file = ts.with_name(ts.name.removesuffix(".ts") + EXPECT_SUFFIX)
    if not expect_file.is_file():
        out.problems.append(f"no {expect_file.name} beside it")
        return out
    try:
        spec = yaml.safe_load(expect_file.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        out.problems.append(f"{expect_file.name}: not valid YAML: {exc}")
        return out
    steps_spec = spec.get("steps") or {}
    unknown = [s for s in steps_spec if s not in {st.id for st in lab.steps}]
    out.problems.extend(f"{expect_file.name}: no step {s!r} in the lab" for s in unknown)
    result = replay(lab, [ts], spec.get("learner"), attest_key)
    g = result.grader
    for step_id, v in g.verdicts().items():
        want, reason = _expected(steps_spec.get(step_id, "pending"))
        if v.state.value != want:
            why = f" ({v.reason})" if v.reason else ""
            out.problems.append(f"{step_id}: got {v.state.value}{why}, expected {want}")
        elif reason and reason.lower() not in v.reason.lower():
            out.problems.append(f"{step_id}: reason {v.reason!r} does not mention {reason!r}")
    kinds = {a.kind for a in g.anomalies}
    for kind in spec.get("anomalies") or []:
        if kind not in kinds:
            out.problems.append(f"expected a {kind} anomaly, got {sorted(kinds) or 'none'}")
    return out


def test_lab(labdir: Path, attest_key: bytes | None = None) -> tuple[Lab, list[Outcome]]:
    lab = load_lab(labdir)
    transcripts = sorted((labdir / TESTS_DIR).glob("*.ts"))
    return lab, [check_transcript(lab, ts, attest_key) for ts in transcripts]


def run(args: argparse.Namespace) -> int:
    failed = 0
    key = key_from_option(getattr(args, "attest_key", None))
    for arg in args.labs:
        labdir = Path(arg)
        try:
            lab, outcomes = test_lab(labdir, key)
        except (LabInvalid, OSError) as exc:
            print(f"{arg}: the lab does not load: {exc}", file=sys.stderr)
            return 2
        note = not_enforced_note(lab, key)
        if note:
            print(note)
        if not outcomes:
            print(f"{arg}: no {TESTS_DIR}/*.ts transcripts to test")
            failed += 1
            continue
        for o in outcomes:
            print(f"{'PASS' if o.ok else 'FAIL'}  {lab.id}/{TESTS_DIR}/{o.name}")
            for p in o.problems:
                print(f"      {p}")
        bad = sum(1 for o in outcomes if not o.ok)
        failed += bad
        print(f"{lab.id}: {len(outcomes) - bad}/{len(outcomes)} transcripts pass")
    return 1 if failed else 0
