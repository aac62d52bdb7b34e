"""`grader record`: type a lab's script through the real capture shell and keep the transcript.

    grader record labs/nccl-bootstrap tests/clean-run.script          # on this machine's node
    grader record labs/nccl-bootstrap my-try.script --profile ib-nccl-2.26

The script (the recorder's language, grader/authoring/record.py, plus `@@copy` and `{{name}}`
placeholders, docs/lab-format.md) is typed on a sandbox node (grader/authoring/sandbox.py: the
simulated programs, the lab's environment, `lab`). The session becomes `tests/<name>.ts`, its
index entry goes to `tests/sessions.jsonl`, and, like a snapshot test, the verdicts it gets today
become `tests/<name>.expect.yaml` when there is none yet: the author reviews that file, it is the
claim `grader test-lab` holds the lab to from then on. An existing expectation is never rewritten
here; `grader test-lab --update` does that, showing the difference.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from grader.authoring.profile_matrix import (
    ProfileNotFound,
    placeholder_resolver,
    select_profiles,
)
from grader.authoring.record import RecorderError
from grader.authoring.sandbox import record_script
from grader.authoring.sandbox_attest import PUBLIC_KEY_FILE, sandbox_public_hex
from grader.authoring.selftest import (
    DEFAULT_PROFILE,
    EXPECT_SUFFIX,
    check_transcript,
    expectation_text,
)
from grader.authoring.session_files import replay
from grader.authoring.transcript_records import RECORDS_SUBDIR
from grader.labs import Lab, LabInvalid, load_lab
from grader.matching import read_key
from grader.node import simulator_missing

KEY_DELAY = 0.002
# A fixed, machine-neutral place: paths in a transcript (the cwd markers, script's header naming
# the hooks file) then say nothing about the checkout the recording was made from.
WORK_DIR = Path(tempfile.gettempdir()) / "labgrader-rec"
SCRIPT_SUFFIX = ".script"
INDEX = "sessions.jsonl"


class WorkDirTaken(RecorderError):
    """The fixed work folder, or its lock, is a link or another account's: refuse to use it."""


@contextlib.contextmanager
def _work_dir_held() -> Iterator[Path]:
    """WORK_DIR, for this recording alone.

    Why: the folder's name is fixed (see WORK_DIR) and each recording empties it, so two at once
    (two authors, or tests in parallel) would delete each other's node. An exclusive lock on a
    file beside it makes the second wait. The lock file and the folder must be this account's
    and no link: the temp folder is shared, and a name planted there by another account must not
    receive this recording's files or steer the emptying.
    """
    lock_path = WORK_DIR.with_name(WORK_DIR.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        if os.fstat(fd).st_uid != os.getuid():
            raise WorkDirTaken(f"{lock_path} belongs to another account: remove it")
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            st = os.lstat(WORK_DIR)
        except FileNotFoundError:
            pass
        else:
            if stat.S_ISLNK(st.st_mode) or st.st_uid != os.getuid():
                raise WorkDirTaken(f"{WORK_DIR} is a link or another account's: remove it")
        shutil.rmtree(WORK_DIR, ignore_errors=True)
        try:
            yield WORK_DIR
        finally:
            shutil.rmtree(WORK_DIR, ignore_errors=True)
    finally:
        os.close(fd)  # releases the lock


def record_transcript(
    lab: Lab,
    script: Path,
    tests: Path,
    *,
    bash_dir: Path | None = None,
    profile: Path | None = None,
    name: str | None = None,
) -> Path:
    """Type `script` on a sandbox node; store `tests/<name>.ts` and its index entry."""
    name = name or script.name.removesuffix(SCRIPT_SUFFIX)
    with _work_dir_held() as work:
        rec = record_script(
            work,
            script.read_text(encoding="utf-8").splitlines(),
            lab.environment,
            sim_profile=profile,
            bash_dir=bash_dir,
            copy_from=script.parent,
            resolve=placeholder_resolver(lab),
            key_delay=KEY_DELAY,
            attest_programs=lab.attest_programs,
        )
        entry = next(r for r in rec.sessions() if r["kind"] == "login")
        out = tests / f"{name}.ts"
        session = rec.session_file(entry)
        _keep_records(session, out, tests)
        shutil.copyfile(session, out)
    index = tests / INDEX
    kept = []
    if index.exists():
        kept = [
            line
            for line in index.read_text(encoding="utf-8").splitlines()
            if line and json.loads(line).get("file") != out.name
        ]
    entry = {**entry, "session": name, "file": out.name, "client": "recorded", "tty": "/dev/pts/0"}
    index.write_text("".join(f"{line}\n" for line in [*kept, json.dumps(entry)]))
    return out


#: A signed run's output record named in a transcript (grader/protocol/signed_run.py `r=`).
_RECORD_NAMED = re.compile(rb";r=([0-9A-Za-z_.-]+);rh=")


def _keep_records(session: Path, out: Path, tests: Path) -> None:
    """The output records the new transcript's signed runs name go to tests/runs/, the old
    transcript's go; and the sandbox key's public half, tests/attest.pub, which test-lab
    verifies with."""
    runs = tests / RECORDS_SUBDIR
    if out.exists():
        for old in _RECORD_NAMED.findall(out.read_bytes()):
            (runs / old.decode()).unlink(missing_ok=True)
    named = _RECORD_NAMED.findall(session.read_bytes())
    if named:
        runs.mkdir(exist_ok=True)
    for name in named:
        # only this session's runs: a marker the script printed again (a `cat` of an older
        # session, a pasted 133;T) names a record the sandbox never made
        found = session.parent / name.decode()
        if found.is_file():
            shutil.copyfile(found, runs / name.decode())
    if named:
        (tests / PUBLIC_KEY_FILE).write_text(sandbox_public_hex())


def tests_key(tests: Path) -> bytes | None:
    """The sandbox key's public half beside a lab's transcripts (None: the lab has none)."""
    path = tests / PUBLIC_KEY_FILE
    return read_key(path) if path.is_file() else None


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "record",
        help="type a script through the real capture shell; keep the transcript (and verdicts)",
        description=(
            "Type SCRIPT on a sandbox node (the capture shell, the simulated programs, the lab's\n"
            "environment) and store LABDIR/tests/<name>.ts. Without an expectation yet, the\n"
            "verdicts it gets become tests/<name>.expect.yaml, for the author to review;\n"
            "an existing expectation is checked, never rewritten (grader test-lab --update).\n"
            "Exit status: 0 recorded (and the expectation holds), 1 it does not hold or the\n"
            "script could not be typed, 2 bad arguments or a lab that does not load."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lab", metavar="LABDIR")
    parser.add_argument("script", metavar="SCRIPT", help="a script file, or a name in tests/")
    parser.add_argument(
        "--profile",
        help="a node profile (a name from the simulator's profiles/matrix, or a JSON "
        "file); default: the built-in one on this machine's own interfaces",
    )
    parser.add_argument("--name", help="the transcript's name (default: the script's)")
    parser.set_defaults(func=run)


def _script_path(labdir: Path, given: str) -> Path | None:
    for candidate in (
        Path(given),
        labdir / "tests" / given,
        labdir / "tests" / (given + SCRIPT_SUFFIX),
    ):
        if candidate.is_file():
            return candidate
    return None


def run(args: argparse.Namespace) -> int:
    labdir = Path(args.lab)
    try:
        lab = load_lab(labdir)
    except (LabInvalid, OSError) as exc:
        print(f"{args.lab}: the lab does not load: {exc}", file=sys.stderr)
        return 2
    script = _script_path(labdir, args.script)
    if script is None:
        print(f"{args.script}: no such script (a file, or a name in {labdir / 'tests'})")
        return 2
    missing = simulator_missing()
    if missing:
        print(f"grader record: {missing}", file=sys.stderr)
        return 2
    profile = None
    if args.profile:
        try:
            (profile,) = select_profiles([args.profile])
        except (ProfileNotFound, ValueError) as exc:
            print(f"--profile: {exc}", file=sys.stderr)
            return 2
    tests = labdir / "tests"
    tests.mkdir(exist_ok=True)
    try:
        ts = record_transcript(lab, script, tests, profile=profile, name=args.name)
    except (RecorderError, ValueError, OSError) as exc:
        print(f"{script}: the script could not be typed: {exc}")
        return 1
    print(f"recorded {ts}")
    expect = ts.with_name(ts.name.removesuffix(".ts") + EXPECT_SUFFIX)
    if not expect.exists():
        verdicts = replay(lab, [ts], attest_key=tests_key(tests)).grader.verdicts()
        expect.write_text(expectation_text("", verdicts), encoding="utf-8")
        print(f"wrote {expect} from today's verdicts: review it, it is what test-lab will hold")
        return 0
    on = profile.stem if profile is not None else DEFAULT_PROFILE
    outcome = check_transcript(lab, ts, tests_key(tests), expect, profile=on)
    for p in outcome.problems:
        print(f"      {p}")
    print(f"{'PASS' if outcome.ok else 'FAIL'}  {expect.name}")
    return 0 if outcome.ok else 1
