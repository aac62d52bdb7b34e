"""A learner's node on this machine, for typing a lab's scripts through the real capture shell.

Under one base folder: a copy of the node files (capture-shell, hooks, `lab`), the simulated
nvidia-smi and nccl-tests on PATH (simulator_dir(), optionally with a node profile), the
lab's `environment:` as the node's environment file, and a home to start in. Nothing needs root
and nothing outside the base folder changes, so several sandboxes can record at once.

Used by `grader test-lab --profiles` (a lab's scripts on every node profile) and by
tests/tools/record_transcripts.py (a lab's recorded self-tests).

Attested runs: each program the lab attests (`attest_programs`) is reached through a wrapper, as
on a learner's node, that runs it under the attestation helper's witness with the sandbox's own
key (grader/authoring/sandbox_attest.py): the transcripts carry signed runs and output records, and
a lab's self-tests exercise the grader's checks of them.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from grader.authoring.record import DEFAULT_KEY_DELAY, Recorder, play
from grader.node import node_files_dir, simulator_dir

# What the simulator's install.sh links into a bin folder: nvidia-smi and the eleven nccl-tests
# names.
SIM_INSTALL = "install.sh"
# A script line handled here, before the shell starts: `@@copy OTHER.ts DEST` copies a file from
# the script's folder into the learner's home (to replay an old session with `cat`).
COPY_DIRECTIVE = "@@copy "


def install_simulator(lib: Path, bin_dir: Path) -> None:
    """The simulated programs with their own installer (as on a fake node, without --attest)."""
    subprocess.run(
        ["sh", str(simulator_dir() / SIM_INSTALL), str(lib), str(bin_dir)],
        check=True,
        capture_output=True,
    )


def attest_wrappers(base: Path, bin_dir: Path, lib: Path, root: Path, names: Iterable[str]) -> None:
    """Put the witness in front of each attested program in `bin_dir` (the program itself moves
    to `base/attested/NAME`: nccl-tests reads its collective from the name it runs by). Outside
    a captured session the wrapper runs the program directly, as the node's does; `lab` is
    witnessed only for `lab answer`, as on a node."""
    moved = base / "attested"
    moved.mkdir(exist_ok=True)
    for name in names:
        link = bin_dir / name
        if name == "lab":
            real = lib / "lab"
        elif link.is_symlink() or link.is_file():
            real = moved / name
            link.rename(real)
        else:
            continue
        link.unlink(missing_ok=True)
        witness = shlex.join(
            [sys.executable, "-m", "grader.authoring.sandbox_attest", str(root), str(real), name]
        )
        when = '[ -n "${LABGRADER_NONCE-}" ]'
        if name == "lab":
            when += ' && [ "${1-}" = answer ]'
        real_q = shlex.quote(str(real))
        script = f'#!/bin/sh\nif {when}; then exec {witness} "$@"; fi\nexec {real_q} "$@"\n'
        link.write_text(script)
        link.chmod(0o755)


def record_script(
    base: Path,
    lines: list[str],
    environment: Mapping[str, str],
    *,
    sim_profile: Path | None = None,
    bash_dir: Path | None = None,
    copy_from: Path | None = None,
    resolve: Callable[[str, Recorder], str] | None = None,
    key_delay: float = DEFAULT_KEY_DELAY,
    attest_programs: Iterable[str] = (),
) -> Recorder:
    """Type `lines` (the recorder's script language, grader/authoring/script_steps.py) into a
    fresh sandbox under `base`, which must not exist yet; returns the closed Recorder, whose spool
    is under `base/root`."""
    lib, home, root, etc, bin_ = (base / d for d in ("lib", "home", "root", "etc", "bin"))
    shutil.copytree(node_files_dir(), lib, symlinks=True)
    for d in (home, root, etc, bin_):
        d.mkdir(parents=True)
    install_simulator(base / "sim", bin_)
    (bin_ / "lab").symlink_to(lib / "lab")
    attested = set(attest_programs)
    if attested:  # `lab answer` counts only signed where attestation is enforced (a node signs it)
        attest_wrappers(base, bin_, lib, root, sorted(attested | {"lab"}))
    (etc / "environment").write_text("".join(f"{k}={v}\n" for k, v in environment.items()))
    shell_dir = "" if bash_dir is None else f"{bash_dir}:"
    (home / ".profile").write_text(f'PATH="{bin_}:{shell_dir}$PATH"\n')
    typed: list[str] = []
    numbers: list[int] = []  # each typed line's number in the script, for messages
    for number, raw in enumerate(lines, 1):
        if raw.startswith(COPY_DIRECTIVE):
            if copy_from is None:
                raise ValueError(f"{raw!r}: no folder to copy from")
            src, dest = raw.split()[1:3]
            shutil.copyfile(copy_from / src, home / dest)
        else:
            typed.append(raw)
            numbers.append(number)
    env = {"HOME": str(home), "LABGRADER_ETC": str(etc)}
    if sim_profile is not None:
        env["LABGRADER_SIM_PROFILE"] = str(sim_profile)
    if bash_dir is not None:  # the capture shell execs the first bash on PATH
        env["PATH"] = f"{bash_dir}:{os.environ.get('PATH', '')}"
    return play(
        typed,
        root,
        key_delay,
        env=env,
        argv=["bash", str(lib / "capture-shell")],
        cwd=home,
        resolve=resolve,
        numbers=numbers,
    )
