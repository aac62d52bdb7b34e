"""Runs the coverage-guided fuzz targets (tests/reliability/fuzz/targets.py) under atheris.

    .venv/bin/python -m tests.reliability.fuzz.run --seconds 60            # CI: every target
    .venv/bin/python -m tests.reliability.fuzz.run --seconds 600 parser    # one target, longer
    .venv/bin/python -m tests.reliability.fuzz.run --seconds 3600 --keep-going --seed 0

`--seconds` is the whole run's budget, start-up included: each target, one after the other in
its own process, gets an equal share of what is left. A target starts from its committed seeds
(tests/reliability/fuzz/corpus/) and its committed crashes; what it discovers goes to a scratch
folder (`--corpus-out` keeps it). An input that breaks a target is written to
tests/reliability/fuzz/crashes/<target>/ (libFuzzer's `crash-`, `timeout-` or `oom-` file) and
the run exits 1 after the last target: commit the file, and test_fuzz_replay.py replays it in
the normal suite from then on. `--seed` fixes libFuzzer's random seed (CI uses 1, so two runs on
one commit try the same inputs first); `--keep-going` restarts a target after a crash, with the
crash's signature ignored, until its share of time is spent (the long run uses it to find more
than the first crash of each target); a hang or an out-of-memory input ends the target's turn, as
it has no signature to skip.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

FUZZ_DIR = Path(__file__).resolve().parent
CRASHES = FUZZ_DIR / "crashes"
CORPUS = FUZZ_DIR / "corpus"
# What one input may cost before libFuzzer calls it a hang (an input is at most a target's
# max_len: milliseconds each; a minute on a loaded CI core is a real hang, not noise).
INPUT_TIMEOUT_S = 60
# Memory one target's process may reach (Python, the labs, the corpus in memory: ~150 MiB).
RSS_LIMIT_MB = 2048
# A child's start-up (imports, instrumenting the grader's code) that its share must leave room
# for: a share shorter than this still fuzzes for one second.
MIN_FUZZ_S = 1
# What each target's process instruments for coverage (atheris rewrites every function of these
# packages as they are imported): the code under test, not the whole grader, since instrumenting
# costs seconds a package on a loaded CI core (bashlex alone ~6 s) out of the target's share.
INSTRUMENT = {
    "frames": ("grader.protocol.frames",),
    "markers": ("grader.protocol",),
    "parser": ("grader.capture", "grader.protocol"),
    "cmdline": ("grader.matching.cmdline", "bashlex"),
    "matcher": ("grader.matching", "grader.verdict"),
    "lab_loader": ("grader.labs", "yaml"),
    "api_models": ("grader.api.models", "grader.api.views"),
    "selfcheck": ("grader.node.selfcheck",),
    "run_record": (
        "grader.protocol.run_record",
        "grader.matching.signed_output",
        "grader.matching.road",
    ),
}
_STAT = re.compile(r"stat::(\w+):\s*(\d+)")


def signature(exc: BaseException) -> str:
    """Which bug an exception is: its type and the innermost frame that raised it."""
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}@{Path(frame.filename).name}:{frame.lineno}"


def _child(name: str, deadline: float, argv: list[str], ignore_file: Path, sig_file: Path) -> None:
    """Inside the target's process: instrument the grader, then hand over to libFuzzer."""
    import atheris

    with atheris.instrument_imports(include=list(INSTRUMENT[name])):
        from tests.reliability.fuzz import targets
    target = targets.TARGETS[name]
    ignored = set(ignore_file.read_text().split()) if ignore_file.exists() else set()

    def one(data: bytes) -> None:
        try:
            target.run(data)
        except Exception as exc:
            sig = signature(exc)
            if sig in ignored:
                return
            sig_file.write_text(sig)
            raise

    left = max(MIN_FUZZ_S, int(deadline - time.time()))
    atheris.Setup([sys.argv[0], f"-max_total_time={left}", *argv], one)
    atheris.Fuzz()


def _run_target(
    name: str, deadline: float, args: argparse.Namespace, work: Path, log: Callable[[str], None]
) -> dict[str, object]:
    """Fuzz one target until `deadline`: its stats and the crash files it wrote."""
    from tests.reliability.fuzz.targets import TARGETS

    target = TARGETS[name]
    crashes = CRASHES / name
    crashes.mkdir(parents=True, exist_ok=True)
    found = work / f"{name}.corpus"
    found.mkdir(exist_ok=True)
    if args.corpus_out:
        found = Path(args.corpus_out) / name
        found.mkdir(parents=True, exist_ok=True)
    seeds = [str(CORPUS / s) for s in target.seeds] + [str(crashes)]
    ignore_file, sig_file = work / f"{name}.ignore", work / f"{name}.sig"
    fuzzer_args = [
        f"-max_len={target.max_len}",
        f"-timeout={INPUT_TIMEOUT_S}",
        f"-rss_limit_mb={RSS_LIMIT_MB}",
        f"-artifact_prefix={crashes}/",
        "-print_final_stats=1",
        str(found),
        *seeds,
    ]
    executions = runs = 0
    crashed: list[dict[str, str | None]] = []
    started = time.time()
    while runs == 0 or time.time() < deadline - MIN_FUZZ_S:
        sig_file.unlink(missing_ok=True)
        before = set(os.listdir(crashes))
        cmd = [
            sys.executable,
            "-m",
            "tests.reliability.fuzz.run",
            "--child",
            name,
            "--deadline",
            str(deadline),
            "--ignore-file",
            str(ignore_file),
            "--sig-file",
            str(sig_file),
            "--",
            f"-seed={args.seed + runs}",
            *fuzzer_args,
        ]
        proc = subprocess.run(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace"
        )
        runs += 1
        executions += int(dict(_STAT.findall(proc.stdout)).get("number_of_executed_units", 0))
        with (work / f"{name}.log").open("a") as f:
            f.write(proc.stdout)
        new = sorted(set(os.listdir(crashes)) - before)
        if proc.returncode == 0 and not new:
            break
        sig = sig_file.read_text() if sig_file.exists() else "a hang, an OOM or a signal"
        tail = "\n".join(proc.stdout.splitlines()[-40:])
        for artifact in new:
            log(f"{name}: {artifact} ({sig}) -> {crashes / artifact}\n{tail}")
            crashed.append({"file": artifact, "signature": sig})
        if not new:
            log(f"{name}: the fuzzer exited {proc.returncode} without an input\n{tail}")
            crashed.append({"file": None, "signature": sig})
        if not args.keep_going or not sig_file.exists():
            break  # a hang or an OOM has no signature to skip: the next try would meet it again
        with ignore_file.open("a") as f:
            f.write(sig + "\n")
    return {
        "target": name,
        "executions": executions,
        "runs": runs,
        "crashes": crashed,
        "seconds": round(time.time() - started, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="target names (default: all)")
    parser.add_argument("--seconds", type=float, default=60.0, help="the whole run's budget")
    parser.add_argument("--seed", type=int, default=1, help="libFuzzer's -seed (0: random)")
    parser.add_argument("--keep-going", action="store_true", help="restart after a crash")
    parser.add_argument("--corpus-out", help="keep what the fuzzer discovers here")
    parser.add_argument("--stats", help="write the per-target results here (JSON)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--deadline", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--ignore-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--sig-file", type=Path, help=argparse.SUPPRESS)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    if args.child:
        _child(args.child, args.deadline, argv[cut + 1 :], args.ignore_file, args.sig_file)
        return 0
    from tests.reliability.fuzz.targets import TARGETS

    names = args.targets or list(TARGETS)
    unknown = set(names) - set(TARGETS)
    if unknown:
        parser.error(f"no target {sorted(unknown)}; the targets: {', '.join(TARGETS)}")
    start = time.time()
    results = []

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="labgrader-fuzz-") as work:
        for i, name in enumerate(names):
            share = (start + args.seconds - time.time()) / (len(names) - i)
            result = _run_target(name, time.time() + share, args, Path(work), log)
            results.append(result)
            log(
                f"fuzz {name}: {result['executions']} inputs in {result['seconds']} s, "
                f"{len(result['crashes'])} crash(es)"  # type: ignore[arg-type]
            )
    if args.stats:
        Path(args.stats).write_text(json.dumps(results, indent=1) + "\n")
    crashed = [r for r in results if r["crashes"]]
    log(f"fuzz: {len(names)} targets in {time.time() - start:.1f} s; {len(crashed)} crashed")
    if crashed:
        log("commit each crash file above: tests/reliability/fuzz/test_fuzz_replay.py replays it")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
