"""`grader test-lab`: run a lab's self-tests, recorded sessions with the verdicts they must get.

A lab is only as good as its patterns, and patterns rot when NCCL or the tools change their
output. Each `labs/<lab>/tests/<name>.ts` is a captured session (honest or dishonest), and
`<name>.expect.yaml` says what grading it must give:

    description: echo of the warning must not verify run-broken
    learner: alice                 # optional
    steps:                         # every step not listed must stay pending
      run-broken: verified
      exit-code: {state: attempted, reason: "right after"}   # reason: a substring
      topo: not verified           # pending or attempted (a dishonest transcript's fakes)
    attempts:                      # optional: one command's verdict on one step (`grader trace`)
      - {command: 2, step: run-broken, state: attempted, reason: "-g"}
    anomalies: [replayed_marker]   # optional: kinds that must be reported (at least these)
    on_profile:                    # optional: a profile's own steps:/attempts:
      ib-nccl-2.26: {steps: {socket-iface: attempted}}

docs/lab-format.md "What a transcript must get: `.expect.yaml`" says it all.

Then, unless `--no-forgeries`, it types forgeries of the honest transcripts on a sandbox node
(grader/authoring/forgeries.py: for each output-checked step an honest script verified, the
expected lines echoed after or instead of the run, catted from a file, edited in with sed, or
printed by a shell function named like the program) and fails the lab when one verifies its step.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path

import yaml

from grader.authoring.key_option import add_key_option, key_from_option, not_enforced_note
from grader.authoring.profile_matrix import (
    ProfileNotFound,
    forge_lab,
    prove_lab,
    select_profiles,
)
from grader.authoring.record_cmd import tests_key
from grader.authoring.selftest import EXPECT_SUFFIX, Outcome, check_transcript, expectation_text
from grader.authoring.session_files import replay
from grader.labs import Lab, LabInvalid, load_lab
from grader.node import simulator_missing

TESTS_DIR = "tests"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    parser.add_argument(
        "--profiles",
        metavar="NAMES",
        help=(
            "also type every tests/<name>.script through the real capture shell on simulated "
            "node profiles and check its expectation on each: all, or comma-separated names "
            "from the simulator's profiles/matrix or JSON files"
        ),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=max(2, 2 * (os.cpu_count() or 1)),
        help="sandbox nodes typing at once with --profiles (default: twice the CPUs)",
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="rewrite the steps: of each failing transcript's expectation to today's verdicts "
        "(entries that still hold are kept as written) and print the difference",
    )
    parser.add_argument(
        "--no-forgeries",
        action="store_true",
        help="skip typing forgeries of the honest transcripts (by default each output-checked "
        "step is faked with echo, cat, sed and a shell function, and must not verify)",
    )
    add_key_option(parser)
    parser.set_defaults(func=run)


def test_lab(labdir: Path, attest_key: bytes | None = None) -> tuple[Lab, list[Outcome]]:
    """Check each `tests/*.ts` against its expectation; without `attest_key`, with the sandbox
    key the lab's transcripts were recorded with (`tests/attest.pub`), as `grader test-lab`."""
    if attest_key is None:
        attest_key = tests_key(labdir / TESTS_DIR)
    lab = load_lab(labdir)
    transcripts = sorted((labdir / TESTS_DIR).glob("*.ts"))
    return lab, [check_transcript(lab, ts, attest_key) for ts in transcripts]


def run(args: argparse.Namespace) -> int:
    failed = 0
    key = key_from_option(getattr(args, "attest_key", None))
    profiles: list[Path] = []
    if args.profiles:
        missing = simulator_missing()
        if missing:
            print(f"grader test-lab --profiles: {missing}", file=sys.stderr)
            return 2
        try:
            profiles = select_profiles([n for n in args.profiles.split(",") if n])
        except ProfileNotFound as exc:
            print(f"--profiles: {exc}", file=sys.stderr)
            return 2
    for arg in args.labs:
        labdir = Path(arg)
        # without --attest-key, the sandbox key the lab's transcripts were recorded with
        lab_key = key if key is not None else tests_key(labdir / TESTS_DIR)
        try:
            lab, outcomes = test_lab(labdir, lab_key)
        except (LabInvalid, OSError) as exc:
            print(f"{arg}: the lab does not load: {exc}", file=sys.stderr)
            return 2
        note = not_enforced_note(lab, lab_key)
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
        if args.update and bad:
            for o in outcomes:
                if not o.ok:
                    _update(lab, labdir / TESTS_DIR / o.name, lab_key)
            print(f"{lab.id}: {bad} expectation(s) rewritten; review the difference above")
            bad = 0
        failed += bad
        print(f"{lab.id}: {len(outcomes) - bad}/{len(outcomes)} transcripts pass")
        if not args.no_forgeries:
            failed += _refuse_forgeries(lab, labdir, args.jobs, lab_key)
        if args.profiles:
            failed += _prove_on_profiles(lab, labdir, profiles, args.jobs, lab_key)
    return 1 if failed else 0


def _update(lab: Lab, ts: Path, key: bytes | None) -> None:
    """Snapshot-style: the expectation's steps become what the transcript gets today."""
    expect = ts.with_name(ts.name.removesuffix(".ts") + EXPECT_SUFFIX)
    old = expect.read_text(encoding="utf-8") if expect.is_file() else ""
    try:
        learner = (yaml.safe_load(old) or {}).get("learner") if old else None
    except (yaml.YAMLError, AttributeError):
        learner = None
    new = expectation_text(old, replay(lab, [ts], learner, key).grader.verdicts())
    if new == old:
        return
    expect.write_text(new, encoding="utf-8")
    sys.stdout.writelines(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            f"a/{expect.name}",
            f"b/{expect.name}",
        )
    )


def _refuse_forgeries(lab: Lab, labdir: Path, jobs: int, key: bytes | None) -> int:
    """Type the forgeries of the honest transcripts; 1 when one verifies its step."""
    missing = simulator_missing()
    if missing:
        print(f"{lab.id}: forgeries NOT tried ({missing}); --no-forgeries silences this")
        return 0
    results = forge_lab(lab, labdir, jobs=jobs, attest_key=key)
    bad = [r for r in results if not r.ok]
    for r in bad:
        print(f"FAIL  {lab.id}: {r.message()}")
    steps = len({r.forgery.step for r in results})
    print(f"{lab.id}: {len(results) - len(bad)}/{len(results)} forgeries of {steps} steps refused")
    return 1 if bad else 0


def _prove_on_profiles(
    lab: Lab, labdir: Path, profiles: list[Path], jobs: int, key: bytes | None
) -> int:
    results = prove_lab(lab, labdir, profiles, jobs=jobs, attest_key=key)
    for r in results:
        verdict = "PASS" if r.ok else "FAIL"
        print(f"{verdict}  {lab.id}/{TESTS_DIR}/{r.script}.script on {r.profile}")
        for p in r.problems:
            print(f"      {p}")
    bad = sum(1 for r in results if not r.ok)
    names = ", ".join(p.stem for p in profiles)
    print(f"{lab.id}: {len(results) - bad}/{len(results)} script runs pass on {names}")
    if not results:
        print(f"{lab.id}: no {TESTS_DIR}/*.script with an expectation to type on the profiles")
        return 1
    return bad
