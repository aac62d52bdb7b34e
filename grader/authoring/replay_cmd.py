"""`grader replay`: grade saved session files against a lab and show why each step stands.

The same parser and engine the daemon runs, on files: the way to check a lab against a real
learner's session, or to see why a step was not verified.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from grader.authoring.key_option import add_key_option, key_from_option, not_enforced_note
from grader.authoring.session_files import replay
from grader.authoring.trace import TracedCommand, render
from grader.capture import Anomaly
from grader.labs import Lab, LabInvalid, load_lab
from grader.printable import printable
from grader.verdict import StepVerdict

# Table columns are cut to these widths so a row stays on one terminal line; --json has it all.
REASON_WIDTH = 60
LINE_WIDTH = 50


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="grade saved session files (.ts) against a lab and print each step's verdict",
        description=(
            "Parse captured session files (what `script` wrote on the node) and grade them\n"
            "against a lab, exactly as the daemon would. Each file's nonce is read from the\n"
            "sessions.jsonl beside it when present; otherwise the first marker's nonce is\n"
            "trusted. Several files (a login shell and its tmux panes) are merged in time order.\n"
            "Prints one row per step: state, the reason a learner would see, and the command\n"
            "that decided it (numbered as `grader trace` numbers commands). Markers that look\n"
            "forged or replayed are listed as anomalies. --trace first lists every command."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--lab", required=True, metavar="LAB", help="lab folder or lab.yaml")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--trace",
        action="store_true",
        help="first list every command with the verdict it gave each step it touched "
        "(as `grader trace`; with --json, a `commands` list)",
    )
    add_session_options(parser)
    parser.set_defaults(func=run)


def add_session_options(parser: argparse.ArgumentParser) -> None:
    """The session files, --learner and --attest-key: what `replay` and `trace` grade."""
    parser.add_argument("sessions", nargs="+", metavar="SESSION.ts", help="session files")
    parser.add_argument(
        "--learner", metavar="NAME", help="learner name (default: from sessions.jsonl)"
    )
    add_key_option(parser)


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def table(verdicts: list[StepVerdict], commands: Sequence[TracedCommand] = ()) -> str:
    """One row per step; a command is numbered as `grader trace` numbers it (`commands`: the
    trace), or by its shell's own number when the trace does not have it."""
    numbers = {(c.session, c.aid, c.n): c.number for c in commands}
    rows = [("STEP", "STATE", "REASON", "COMMAND")]
    for v in verdicts:
        e = v.evidence
        cmd = f"#{numbers.get((e.session, e.aid, e.n), e.n)} {printable(e.line)}" if e else ""
        reason = _cut(printable(v.reason), REASON_WIDTH)
        rows.append((v.step, v.state.value, reason, _cut(cmd, LINE_WIDTH)))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join(
        "  ".join(cell.ljust(widths[i]) if i < 3 else cell for i, cell in enumerate(r)).rstrip()
        for r in rows
    )


def load_inputs(lab_arg: str, sessions: list[str]) -> tuple[Lab, list[Path]] | None:
    """The lab and the session files, or None after saying on stderr why not."""
    try:
        lab = load_lab(lab_arg)
    except LabInvalid as exc:
        print(f"{lab_arg}: the lab does not load:\n{exc}", file=sys.stderr)
        return None
    except OSError as exc:
        print(f"{lab_arg}: {exc.strerror or exc}", file=sys.stderr)
        return None
    paths = [Path(p) for p in sessions]
    missing = [p for p in paths if not p.is_file()]
    for p in missing:
        print(f"{p}: no such session file.", file=sys.stderr)
    return None if missing else (lab, paths)


def run(args: argparse.Namespace) -> int:
    loaded = load_inputs(args.lab, args.sessions)
    if loaded is None:
        return 2
    lab, paths = loaded
    key = key_from_option(args.attest_key)
    note = not_enforced_note(lab, key)
    result = replay(lab, paths, args.learner, key)
    g = result.grader
    verdicts = list(g.verdicts().values())
    if args.json:
        doc = {
            "lab": lab.id,
            "learner": g.learner,
            "sessions": [i.session for i in result.sessions],
            "steps": [v.to_json() | {"attempts": g.attempts(v.step)} for v in verdicts],
            "variables": g.variables,
            **({"commands": [c.to_json() for c in result.commands]} if args.trace else {}),
            "attestation": "enforced" if g.enforce_attestation else "not enforced",
            "anomalies": [
                {"session": a.session, "kind": a.kind, "detail": a.detail, "offset": a.offset}
                for a in g.anomalies
            ],
        }
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    if note:
        print(note)
    if args.trace:
        print(render(result.commands), end="\n\n")
    print(table(verdicts, result.commands))
    done = sum(1 for v in verdicts if v.state.value == "verified")
    print(f"\n{done}/{len(verdicts)} steps verified for {g.learner} ({result.events} events).")
    # one line per kind: a `cat` of an old session yields one anomaly per replayed marker
    first: dict[tuple[str, str], Anomaly] = {}
    count: Counter[tuple[str, str]] = Counter()
    for a in g.anomalies:
        first.setdefault((a.session, a.kind), a)
        count[(a.session, a.kind)] += 1
    for k, a in first.items():
        print(
            f"anomaly: {printable(a.session)}: {count[k]} x {a.kind}, first at byte {a.offset}: "
            f"{printable(a.detail)}"
        )
    return 0
