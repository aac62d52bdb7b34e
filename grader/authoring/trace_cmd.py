"""`grader trace LAB SESSION.ts …`: every command of a session with what it did to each step.

`grader replay` shows where each step ended and the command that decided it; the trace shows
every command in order, with the verdict and reason it gave each step it touched
(grader/authoring/trace.py): which step a near miss was attributed to, and what each retry got.
The command numbers are the ones an expectation's `attempts:` pins name (docs/lab-format.md
"Lab self-tests").
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from grader.authoring.key_option import key_from_option, not_enforced_note
from grader.authoring.record_cmd import tests_key
from grader.authoring.replay_cmd import add_session_options, load_inputs
from grader.authoring.session_files import replay
from grader.authoring.testlab_cmd import TESTS_DIR
from grader.authoring.trace import render


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "trace",
        help="grade session files (.ts) and print every command with the verdicts it gave",
        description=(
            "Grade captured session files against a lab, as `grader replay` does, and print\n"
            "every command in order: its number, the line as typed (escaped where it holds\n"
            "control characters) and its exit status, then one line per step it touched: the\n"
            "state it left the step in and the reason. A command with no step line touched\n"
            "none. The numbers are what `attempts: [{command: N, …}]` in an .expect.yaml names.\n"
            "Without --attest-key, the lab's own transcripts (files in LAB/tests) are graded\n"
            "with the sandbox key beside them, as test-lab grades them; other files without\n"
            "enforcing attestation, as replay does."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("lab", metavar="LAB", help="lab folder or lab.yaml")
    parser.add_argument("--json", action="store_true", help="print JSON for tools")
    add_session_options(parser)
    parser.set_defaults(func=run)


def lab_dir(arg: str) -> Path:
    """The lab's folder, from LAB as given (a folder, or its lab.yaml)."""
    path = Path(arg)
    return path if path.is_dir() else path.parent


def _lab_tests_key(labdir: Path, paths: list[Path]) -> bytes | None:
    """The key test-lab grades the lab's own transcripts with, when every file is one of them."""
    tests = (labdir / TESTS_DIR).resolve()
    if all(p.resolve().parent == tests for p in paths):
        return tests_key(tests)
    return None


def run(args: argparse.Namespace) -> int:
    loaded = load_inputs(args.lab, args.sessions)
    if loaded is None:
        return 2
    lab, paths = loaded
    key = key_from_option(args.attest_key)
    if key is None:
        key = _lab_tests_key(lab_dir(args.lab), paths)
    result = replay(lab, paths, args.learner, key)
    if args.json:
        doc = {
            "lab": lab.id,
            "learner": result.grader.learner,
            "sessions": [i.session for i in result.sessions],
            "attestation": "enforced" if result.grader.enforce_attestation else "not enforced",
            "commands": [c.to_json() for c in result.commands],
        }
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    note = not_enforced_note(lab, key)
    if note:
        print(note)
    if result.commands:
        print(render(result.commands))
    else:
        print(f"no command in {len(paths)} session file(s)")
    return 0
