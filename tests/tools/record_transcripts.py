"""Record a lab's self-test transcripts by typing scripts into the real capture shell.

    .venv/bin/python tests/tools/record_transcripts.py [--bash DIR] labs/nccl-bootstrap [NAME ...]

For every `labs/<lab>/tests/<name>.script` (or only the NAMEs given) this starts the real capture
shell (grader/node/files/capture-shell, `script -qf` + hooks) on a local pty through
grader.authoring.record, with the simulated nvidia-smi / nccl-tests first on PATH and the lab's
`environment:` as the node's environment file, types the script, and stores the session file as
`<name>.ts`, its sessions.jsonl entry (nonce included) in `tests/sessions.jsonl`. The
`<name>.expect.yaml` beside it is written by hand: it is the lab author's claim about the
transcript, which `grader test-lab` then checks.

`--bash DIR` records with the bash in DIR (a `bin` folder, e.g. one that scripts/ensure-shells.sh
built) instead of the first `bash` on PATH: the shell matrix (tests/shells) re-records a copy of
every lab's scripts on each release and grades them there.

Script lines are the recorder's (see grader/authoring/script_steps.py: typed lines and `@key`,
`@type`, `@sleep`, `@wait quiet`, `@env` directives) plus one of ours, handled before the shell
starts: `@@copy OTHER.ts DEST` copies an already recorded transcript into the learner's home as DEST
(to replay an old session with `cat`). `{{name}}` in a line is typed as the value the lab
captured for `name` so far (grader/authoring/profile_matrix.py), as a learner copies it from the
screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from grader.authoring.profile_matrix import covers  # noqa: E402
from grader.authoring.record_cmd import record_transcript  # noqa: E402
from grader.authoring.selftest import DEFAULT_PROFILE  # noqa: E402
from grader.labs.loader import load_lab  # noqa: E402 - the path above makes the package importable


def record(labdir: Path, script: Path, bash_dir: Path | None = None) -> Path:
    return record_transcript(load_lab(labdir), script, script.parent, bash_dir=bash_dir)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    bash_dir = None
    if argv[0] == "--bash":
        if len(argv) < 3 or not (Path(argv[1]) / "bash").is_file():
            print("--bash DIR: DIR must hold a bash binary", file=sys.stderr)
            return 2
        bash_dir, argv = Path(argv[1]).resolve(), argv[2:]
    labdir = Path(argv[0]).resolve()
    names = set(argv[1:])
    scripts = sorted((labdir / "tests").glob("*.script"))
    os.environ.pop("LABGRADER_ROOT", None)
    for script in scripts:
        name = script.name.removesuffix(".script")
        if names and name not in names:
            continue
        if not covers(script.with_name(name + ".expect.yaml"), DEFAULT_PROFILE):
            # its expectation holds on other node profiles only (grader test-lab --profiles)
            print(f"{script}: not for the default node, not recorded", file=sys.stderr)
            continue
        print(record(labdir, script, bash_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
