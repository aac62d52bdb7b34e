"""A lab proven on every node profile: its scripts typed through the real capture shell on each
simulated node shape, and graded against the same expectations.

A recorded transcript (`tests/<name>.ts`) proves the lab on the one node it was recorded on. Real
nodes differ: other NCCL generations print other texts, an InfiniBand node never prints a
NET/Socket line, the interface may be ens5 or bond0 (docs/nccl-facts.md). So `grader test-lab
--profiles` types each `tests/<name>.script` into a sandbox node (grader/authoring/sandbox.py) per
profile in the simulator's profiles/matrix/ (grader.node.paths.simulator_dir()) and checks its
`<name>.expect.yaml` there.

Scripts say what an honest learner would type on any node: `{{name}}` in a line is replaced, just
before it is typed, by the lab variable `name` as the lab captured it from the session so far
(the interface NCCL reported on *this* node), the way a learner copies it from the screen. An
expectation may limit itself to some profiles with `profiles: [name, ...]` (default: all, and
`default`: the built-in ml-node-07 profile on the recording machine's own interfaces, where
tests/tools/record_transcripts.py records the shipped `tests/<name>.ts`).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml

from grader.authoring.forgeries import Forgery, Target, forge, occurrence, script_index, target
from grader.authoring.record import Recorder, RecorderError
from grader.authoring.sandbox import record_script
from grader.authoring.sandbox_attest import sandbox_public_hex
from grader.authoring.selftest import EXPECT_SUFFIX, check_transcript, expected_profiles
from grader.authoring.session_files import merged_events, replay
from grader.capture import CommandEnded
from grader.labs import Lab
from grader.node import simulator_dir

MATRIX_DIR = "profiles/matrix"
SCRIPT_SUFFIX = ".script"
PLACEHOLDER = re.compile(r"\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}")
# Typing speed for these runs: readline still gets one key at a time.
KEY_DELAY = 0.002


class ScriptError(RuntimeError):
    """A script that cannot be typed as written on this profile (a placeholder with no value)."""


class ProfileNotFound(ValueError):
    """A --profiles name that is neither a matrix profile nor a JSON file."""


def matrix_profiles() -> list[Path]:
    """The node profiles a lab is proven on, by name."""
    return sorted((simulator_dir() / MATRIX_DIR).glob("*.json"))


def select_profiles(names: Sequence[str]) -> list[Path]:
    """`all`, a matrix profile's name (`ib-nccl-2.26`) or a profile JSON file, for each name."""
    known = {p.stem: p for p in matrix_profiles()}
    chosen: list[Path] = []
    for name in names:
        if name == "all":
            chosen += known.values()
        elif name in known:
            chosen.append(known[name])
        elif Path(name).is_file():
            chosen.append(Path(name))
        else:
            raise ProfileNotFound(
                f"no node profile {name!r}: use all, a file, or one of {', '.join(sorted(known))}"
            )
    return list(dict.fromkeys(chosen))


def placeholder_resolver(lab: Lab) -> Callable[[str, Recorder], str]:
    """Types `{{name}}` as the value the lab captured for `name` from the session so far."""

    def resolve(text: str, rec: Recorder) -> str:
        names = PLACEHOLDER.findall(text)
        if not names:
            return text
        login = next(r for r in rec.sessions() if r["kind"] == "login")
        graded = replay(lab, [rec.session_file(login)]).grader
        variables = graded.variables
        missing = [n for n in names if n not in variables]
        if missing and any(a.kind == "shell_unsupported" for a in graded.anomalies):
            # a shell that cannot capture (bash < 4.4) verifies and captures nothing: the line is
            # typed as written, and the transcript shows that this session cannot be graded
            return text
        if missing:
            found = ", ".join(sorted(variables)) or "nothing"
            raise ScriptError(
                f"{text!r} types {{{{{missing[0]}}}}}, but no step has captured {missing[0]} "
                f"by then on this node (captured so far: {found})"
            )
        return PLACEHOLDER.sub(lambda m: variables[m[1]], text)

    return resolve


def covers(expect_file: Path, profile: str) -> bool:
    """Whether the expectation in `expect_file` holds on `profile` (a name, or DEFAULT_PROFILE)."""
    try:
        spec = yaml.safe_load(expect_file.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return True  # the transcript check reports it
    limited = expected_profiles(spec)
    return limited is None or profile in limited


@dataclass(slots=True)
class ProfileOutcome:
    profile: str
    script: str
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def _typed(
    lab: Lab, lines: list[str], base: Path, copy_from: Path, profile: Path | None = None
) -> Path:
    """Type `lines` on a fresh sandbox node under `base`; the login session's file."""
    rec = record_script(
        base,
        lines,
        lab.environment,
        sim_profile=profile,
        copy_from=copy_from,
        resolve=placeholder_resolver(lab),
        key_delay=KEY_DELAY,
        attest_programs=lab.attest_programs,
    )
    login = next(r for r in rec.sessions() if r["kind"] == "login")
    return rec.session_file(login)


def prove_script(
    lab: Lab, script: Path, profile: Path, workdir: Path, attest_key: bytes | None = None
) -> ProfileOutcome:
    """Type one script on one profile's sandbox node and check its expectation there."""
    name = script.name.removesuffix(SCRIPT_SUFFIX)
    out = ProfileOutcome(profile.stem, name, [])
    base = workdir / f"{profile.stem}--{name}"
    try:
        lines = script.read_text(encoding="utf-8").splitlines()
        ts = _typed(lab, lines, base, script.parent, profile)
        expect = script.with_name(name + EXPECT_SUFFIX)
        out.problems = check_transcript(
            lab, ts, attest_key, expect_file=expect, profile=profile.stem
        ).problems
    except (RecorderError, ScriptError, OSError, StopIteration) as exc:
        out.problems.append(f"the script could not be typed: {exc}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return out


def scripts_for(labdir: Path, profile: Path) -> list[Path]:
    """The lab's scripts whose expectation covers `profile`."""
    chosen = []
    for script in sorted((labdir / "tests").glob("*" + SCRIPT_SUFFIX)):
        expect = script.with_name(script.name.removesuffix(SCRIPT_SUFFIX) + EXPECT_SUFFIX)
        if not expect.is_file():
            continue  # reported by the transcript check, which needs both
        if covers(expect, profile.stem):
            chosen.append(script)
    return chosen


def prove_lab(
    lab: Lab,
    labdir: Path,
    profiles: Sequence[Path],
    *,
    jobs: int = 4,
    attest_key: bytes | None = None,
) -> list[ProfileOutcome]:
    """Every script on every profile it covers, `jobs` sandboxes at a time, in a stable order."""
    tasks = [(profile, script) for profile in profiles for script in scripts_for(labdir, profile)]
    workdir = Path(tempfile.mkdtemp(prefix="labgrader-profiles-"))
    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(
                pool.map(lambda t: prove_script(lab, t[1], t[0], workdir, attest_key), tasks)
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


# ---------------------------------------------------------------- forgeries
@dataclass(slots=True)
class ForgeryOutcome:
    forgery: Forgery
    verified: bool = False
    problem: str = ""  # the forgery could not be typed
    verdict: str = ""  # the step's state and reason after the forgery

    @property
    def ok(self) -> bool:
        return not self.verified and not self.problem

    def message(self) -> str:
        f = self.forgery
        if self.problem:
            return f"step {f.step}: the forgery ({f.trick}) could not be typed: {self.problem}"
        return f"step {f.step} verified by a forgery (trick: {f.trick}): {f.line}"


def forgery_targets(lab: Lab, labdir: Path, attest_key: bytes | None) -> list[tuple[Path, Target]]:
    """Per output-checked step that an honest transcript (`tests/<name>.script` with its `.ts`)
    verified, the script and what to forge: the one whose verifying line comes earliest, so the
    forged session types the least before it."""
    best: dict[str, tuple[int, Path, Target]] = {}
    steps = {s.id: s for s in lab.steps}
    for script in sorted((labdir / "tests").glob("*" + SCRIPT_SUFFIX)):
        ts = script.with_suffix(".ts")
        if not ts.is_file():
            continue
        lines = script.read_text(encoding="utf-8").splitlines()
        _, events = merged_events([ts], attest_key)
        commands = [
            (e.record.session, e.record.aid, e.record.n, e.record.line)
            for e in events
            if isinstance(e, CommandEnded)
        ]
        for step_id, v in replay(lab, [ts], None, attest_key).grader.verdicts().items():
            if v.state.value != "verified" or v.evidence is None:
                continue
            nth = occurrence(commands, v.evidence)
            t = target(steps[step_id], v.evidence, nth) if nth is not None else None
            at = _index_of(lines, t)
            if t is not None and at is not None and (step_id not in best or at < best[step_id][0]):
                best[step_id] = (at, script, t)
    return [(script, t) for _, script, t in (best[s.id] for s in lab.steps if s.id in best)]


def _index_of(lines: list[str], t: Target | None) -> int | None:
    return None if t is None else script_index(lines, t.line, t.occurrence)


def forgery_key(lab: Lab) -> bytes | None:
    """What a forged session is judged with: the sandbox key where the lab attests programs (the
    sandbox signed their runs with it), else none, as a node without attestation."""
    return bytes.fromhex(sandbox_public_hex()) if lab.attest_programs else None


def try_forgery(
    lab: Lab, forgery: Forgery, copy_from: Path, workdir: Path, n: int
) -> ForgeryOutcome:
    """Type one forged script on the default sandbox node; whether it verified its step."""
    out = ForgeryOutcome(forgery)
    base = workdir / f"forgery-{n}"
    try:
        ts = _typed(lab, list(forgery.script), base, copy_from)
        verdict = replay(lab, [ts], None, forgery_key(lab)).grader.verdicts().get(forgery.step)
        if verdict is not None:
            out.verified = verdict.state.value == "verified"
            out.verdict = (
                f"{verdict.state.value}: {verdict.reason}"
                if verdict.reason
                else verdict.state.value
            )
    except (RecorderError, ScriptError, OSError, StopIteration, ValueError) as exc:
        out.problem = str(exc)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return out


def forge_lab(
    lab: Lab, labdir: Path, *, jobs: int = 4, attest_key: bytes | None = None
) -> list[ForgeryOutcome]:
    """Every forgery of every output-checked step the honest transcripts verify, typed `jobs` at
    a time; `attest_key` judges the honest transcripts (tests/attest.pub)."""
    tasks = [
        (script.parent, f)
        for script, t in forgery_targets(lab, labdir, attest_key)
        for f in forge(script.read_text(encoding="utf-8").splitlines(), t)
    ]
    workdir = Path(tempfile.mkdtemp(prefix="labgrader-forgeries-"))
    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            return list(
                pool.map(
                    lambda it: try_forgery(lab, it[1][1], it[1][0], workdir, it[0]),
                    enumerate(tasks),
                )
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
