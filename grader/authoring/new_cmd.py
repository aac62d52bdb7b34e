"""`grader new LAB-ID`: a lab skeleton that lints, with one honest and one dishonest self-test.

    grader new gpu-census                # labs/gpu-census/
    grader new gpu-census --dir mylabs   # mylabs/gpu-census/

It writes `lab.yaml` (with the schema hint editors read), one step, and two scripts in `tests/`:
an honest session that verifies the step and a dishonest one (the run's output thrown away and
the expected line printed with `echo`) that must not. Both are typed through the real capture
shell on a sandbox node (`grader record`), so `grader test-lab` and `grader test-lab --profiles
all` pass from the start; docs/lab-format.md explains every key to grow it from there.
"""

from __future__ import annotations

import argparse
import re
import sys
from importlib import resources
from pathlib import Path

from grader.labs import check_lab, load_lab

LAB_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")

LAB_YAML = """\
# yaml-language-server: $schema={schema}
#
# {title}: made by `grader new`. docs/lab-format.md explains every key; `grader lint` checks this
# file, `grader test-lab --profiles all {labdir}` proves it on every node profile.
schema_version: 1
id: {lab_id}
title: {title}
description: |
  What the learner will do, and why it matters. Written in Markdown.
requires:
  gpus: 2
# Programs the node signs runs of (docs/attestation.md): a step graded on one of them verifies
# only with a signed run where the grader enforces attestation.
attest:
  programs: [nvidia-smi]
steps:
  - id: list-gpus
    title: List the GPUs
    instructions: |
      Ask the driver which GPUs this node has: `nvidia-smi -L` prints one line per GPU.
    hints:
      - The driver's tool is `nvidia-smi`; `-L` lists the GPUs.
    command:
      program: nvidia-smi
      flags:
        -L: null
    output:
      all:
        - regex: '^GPU 0: .+ \\(UUID: GPU-[0-9a-f-]+\\)'
          description: "the first GPU's line, `GPU 0: <name> (UUID: GPU-…)`"
"""

HONEST = "nvidia-smi -L\nexit\n"
HONEST_EXPECT = """\
description: The step done honestly.
steps:
  list-gpus: verified
"""
DISHONEST = 'nvidia-smi -L > /dev/null && echo "GPU 0: NVIDIA A100 (UUID: GPU-0000)"\nexit\n'
DISHONEST_EXPECT = """\
description: >-
  The expected line printed with echo after the run, whose own output went to /dev/null: the
  signed output record shows nvidia-smi never printed it, so the step must not verify. Without
  nvidia-smi under attest.programs (or `only: true`) it would.
steps:
  list-gpus: not verified
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "new",
        help="create a lab skeleton with an honest and a dishonest self-test",
        description=(
            "Create DIR/LAB-ID/lab.yaml (one step) and tests/ with an honest and a dishonest\n"
            "script, each typed through the real capture shell on a sandbox node so that\n"
            "`grader lint` and `grader test-lab` pass from the start. Refuses an existing folder.\n"
            "Exit status: 0 created, 1 recording failed, 2 bad id or the folder exists."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lab_id", metavar="LAB-ID", help="lowercase letters, digits and -")
    parser.add_argument("--dir", default="labs", help="the folder of labs (default: labs)")
    parser.add_argument("--title", help="the lab's title (default: from its id)")
    parser.set_defaults(func=run)


def schema_hint(labdir: Path) -> str:
    """The schema for the editor hint atop a lab.yaml (`grader new`, `grader import-lesson`):
    relative to the lab when both lie under the current folder, else absolute."""
    schema = Path(str(resources.files("grader.labs") / "lab.schema.json")).resolve()
    here = Path.cwd().resolve()
    try:
        up = [".."] * len(labdir.resolve().relative_to(here).parts)
        return str(Path(*up, schema.relative_to(here)))
    except ValueError:  # the lab or the package lies outside this folder
        return str(schema)


def run(args: argparse.Namespace) -> int:
    from grader.authoring.record_cmd import record_transcript  # the capture shell: only here

    if not LAB_ID.match(args.lab_id):
        print(f"{args.lab_id!r}: a lab id is lowercase letters, digits and - (like gpu-census)")
        return 2
    labdir = Path(args.dir) / args.lab_id
    if labdir.exists():
        print(f"{labdir} exists already: nothing was written", file=sys.stderr)
        return 2
    tests = labdir / "tests"
    tests.mkdir(parents=True)
    title = args.title or args.lab_id.replace("-", " ").capitalize()
    (labdir / "lab.yaml").write_text(
        LAB_YAML.format(schema=schema_hint(labdir), title=title, lab_id=args.lab_id, labdir=labdir),
        encoding="utf-8",
    )
    for name, script, expect in (
        ("honest", HONEST, HONEST_EXPECT),
        ("echo-the-output", DISHONEST, DISHONEST_EXPECT),
    ):
        (tests / f"{name}.script").write_text(script, encoding="utf-8")
        (tests / f"{name}.expect.yaml").write_text(expect, encoding="utf-8")
    problems = check_lab(labdir / "lab.yaml")
    if problems:  # the template itself is wrong: a bug here, not the author's
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    lab = load_lab(labdir)
    for script in sorted(tests.glob("*.script")):
        try:
            record_transcript(lab, script, tests)
        except (OSError, ValueError, RuntimeError) as exc:  # reported; the files stay
            print(f"{script}: could not be recorded ({exc}); `grader record` retries it")
            return 1
    print(f"created {labdir}: lab.yaml, tests/honest and tests/echo-the-output (script, .ts,")
    print(f"expectation). Next: edit lab.yaml, then `grader lint {labdir}` and")
    print(f"`grader test-lab --profiles all {labdir}`.")
    return 0
