"""A lesson's answers typed on every node profile: what each box's command prints there.

`grader import-lesson` proposes output patterns from the lesson's own output, which is one
node's (the seed lesson's ml-node-07: NCCL 2.30.7, nccl-tests v2.19.6, eth0). A lab claims every
node profile (`grader test-lab --profiles all`, docs/simulator.md "The node-profile matrix"),
so before a proposal goes into the draft it is held against what the same command prints on
each of them (grader.authoring.draft: generalised where that makes it hold, flagged where not).

Per profile, one bash runs the lesson's answers in order, as a learner types them (so `echo $?`
reads the exit of the box before it), with the simulated nvidia-smi and nccl-tests first on
PATH (the simulator's own install.sh, as a sandbox node has them), the profile in
LABGRADER_SIM_PROFILE (none for DEFAULT_PROFILE: the built-in ml-node-07 on this machine's own
interfaces), and the fake node's login environment (NODE_ENVIRONMENT). Both streams are kept,
as a terminal shows them. No capture shell is involved: only what the programs print matters
here, and the grading of the recorded runs is `grader test-lab --profiles`'s job.

An answer bash cannot parse (`bash -n`, grader.labs.bash_syntax_problem) is refused by
`import-lesson` before anything is typed, naming the box's line.

A lesson is text from elsewhere, and its answers run on the author's own machine: only answers
made of the simulated programs and read-only text tools (RUNNABLE) are run, with no command
substitution and no redirection but to /dev/null or another descriptor (`runnable`). Any other
box is typed as `:` (so a later `echo $?` reads 0, not its exit) and its patterns are left
unchecked ("not run" in the draft's review).
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

from grader.authoring.sandbox import install_simulator
from grader.authoring.selftest import DEFAULT_PROFILE
from grader.matching import simple_commands

# What a fake node's login shell has (docs/simulator.md "Install"): the seed lesson's cold open
# shows NCCL's WARN line without setting NCCL_DEBUG.
NODE_ENVIRONMENT: Mapping[str, str] = {"NCCL_DEBUG": "WARN"}
# One profile's whole lesson; a box that waits for input gets /dev/null and ends.
RUN_TIMEOUT_S = 120.0


#: Programs an answer may run here besides the simulator's own: text tools that read their input
#: and print (the stages of a lesson's pipelines), and builtins that only set or print.
RUNNABLE = frozenset(
    {"echo", "printf", "grep", "egrep", "fgrep", "head", "tail", "sort", "uniq", "wc", "tr",
     "cut", "true", "false", "export", "unset", "less", "more"}
)  # fmt: skip
# Command substitution and process substitution run what the program check cannot see; a `>`
# may write anywhere the author can.
_HIDDEN = re.compile(r"`|\$\(|[<>]\(")
_REDIRECT = re.compile(r"(?:>>?|&>>?)(&?)\s*([^\s;|&<>()]*)")


def runnable(answer: str, programs: frozenset[str]) -> str:
    """Empty when `answer` may run here (only `programs` and RUNNABLE, nothing hidden, nothing
    written); else why not, for the draft's review."""
    if _HIDDEN.search(answer):
        return "it has a command or process substitution"
    for m in _REDIRECT.finditer(answer):
        dup, target = m[1], m[2]
        if not (target == "/dev/null" or (dup and (target.isdigit() or target == "-"))):
            return f"it writes to {target or 'a file'}"
    try:
        names = {c.program for c in simple_commands(answer)}
    except ValueError:  # a line the parser refuses (shlex: an open quote) is not run
        return "its line could not be read"
    others = sorted(n for n in names if n not in programs and n not in RUNNABLE)
    return f"it runs {', '.join(others)}, which is not simulated" if others else ""


def _script(answers: Sequence[str], marker: str) -> str:
    """The answers one per line, each followed by a marker line that keeps `$?` for the next."""
    out = []
    for answer in answers:
        out.append(f"{answer}\n")
        out.append(f"__s=$?; printf '\\n%s\\n' '{marker}'; (exit $__s)\n")
    return "".join(out)


def _split(text: str, marker: str, n: int) -> list[str]:
    parts = text.split(f"\n{marker}\n")
    parts = [p.removeprefix("\n") if i else p for i, p in enumerate(parts)]
    return (parts + [""] * n)[:n]  # a run cut short printed nothing for the rest


def _run_profile(
    answers: Sequence[str], profile: Path | None, sim_bin: Path, environment: Mapping[str, str]
) -> list[str]:
    marker = f"@@labgrader-box-{secrets.token_hex(8)}@@"
    with tempfile.TemporaryDirectory(prefix="lesson-run-") as home:
        env = {
            "PATH": f"{sim_bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": home,
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            **environment,
        }
        if profile is not None:
            env["LABGRADER_SIM_PROFILE"] = str(profile)
        script = Path(home) / "lesson.sh"
        script.write_text(_script(answers, marker), encoding="utf-8")
        try:
            done = subprocess.run(
                ["bash", "--noprofile", "--norc", str(script)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=home,
                timeout=RUN_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            done = subprocess.CompletedProcess(exc.cmd, -1, exc.stdout or b"")
    return _split(done.stdout.decode("utf-8", "replace"), marker, len(answers))


class LessonRuns(NamedTuple):
    """What `answers_on_profiles` found: profile name -> one output per answer (None for an
    answer not run), and index -> why, for each answer not run (`runnable`)."""

    outputs: dict[str, list[str | None]]
    skipped: dict[int, str]


def answers_on_profiles(
    answers: Sequence[str],
    profiles: Sequence[Path],
    environment: Mapping[str, str] = NODE_ENVIRONMENT,
    jobs: int = 4,
) -> LessonRuns:
    """What each of `answers` prints, typed in order, on each profile (by name; DEFAULT_PROFILE
    first), and which answers were not run and why."""
    chosen: list[tuple[str, Path | None]] = [(DEFAULT_PROFILE, None)]
    chosen += [(p.stem, p) for p in profiles]
    with tempfile.TemporaryDirectory(prefix="lesson-sim-") as scratch:
        sim_bin = Path(scratch) / "bin"
        install_simulator(Path(scratch) / "sim", sim_bin)
        simulated = frozenset(p.name for p in sim_bin.iterdir())
        why = [runnable(a, simulated) for a in answers]
        typed = [":" if w else a for a, w in zip(answers, why, strict=True)]
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            outputs = list(
                pool.map(lambda c: _run_profile(typed, c[1], sim_bin, environment), chosen)
            )
    return LessonRuns(
        {
            name: [None if w else o for o, w in zip(out, why, strict=True)]
            for (name, _), out in zip(chosen, outputs, strict=True)
        },
        {i: w for i, w in enumerate(why) if w},
    )
