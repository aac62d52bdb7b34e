"""`grader lint`: check lab files and print every problem as `file:line:col: [rule] sentence`.

The format is the one compilers use, so editors and CI annotate the exact spot. After a file's
problems come its warnings (grader.labs.fragile: patterns that some NCCL generations break), as
`file:line:col: warning: [warn/...] sentence`. Warnings are lint's alone: the daemon's check_lab
never reports them, so they never stop a lab from loading.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.labs.answer_syntax import answer_syntax_warnings
from grader.labs.document import read_document
from grader.labs.errors import LabError
from grader.labs.fragile import fragile_warnings
from grader.labs.loader import LAB_FILE, check_lab
from grader.labs.readable import readable_warnings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "lint",
        help="check lab files against the lab format and report every problem",
        description=(
            "Check lab files (labs/<id>/lab.yaml) against grader/labs/lab.schema.json and the\n"
            "checks the schema cannot express (step references, ${var} use, regexes, answers).\n"
            "Every problem is printed at once as FILE:LINE:COL: [RULE] SENTENCE.\n"
            "\n"
            "Then come warnings for fragile patterns, which real NCCL generations break (see\n"
            "docs/nccl-facts.md): a `none` pattern that also rejects a harmless NCCL warning, and\n"
            "prose or an all/any pattern that knows only one generation's text (`invalid usage`\n"
            "vs `internal error`, `via SHM/direct/direct` vs `via SHM/direct`, ...). Each is\n"
            "printed as FILE:LINE:COL: warning: [warn/RULE] SENTENCE.\n"
            "Also warned: what learners read that would not help them: a regex their reasons\n"
            "would show as written (no `description`), a step without hints, and a step named\n"
            'by its place ("the fourth step") instead of its title.\n'
            "\n"
            "Exit status: 0 when no problem was found (warnings alone keep 0, unless --strict),\n"
            "1 when any problem was found."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="a lab.yaml (or any .yaml file), or a folder: its lab.yaml and */lab.yaml are checked",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when there are warnings too, not only problems",
    )
    parser.set_defaults(func=run)


def lab_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The files to check for the given paths, and a sentence per path that names no lab."""
    files: list[Path] = []
    missing: list[str] = []
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            found = sorted({*path.glob(LAB_FILE), *path.glob(f"*/{LAB_FILE}")})
            if not found:
                missing.append(f"{arg}: no {LAB_FILE} in this folder or its subfolders.")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            missing.append(f"{arg}: no such file or folder.")
    return list(dict.fromkeys(files)), missing


def _warnings(file: Path) -> list[LabError]:
    """The warnings for `file` (fragile patterns, then what learners read: grader.labs.readable),
    read as check_lab reads it ([] when unreadable or not usable YAML: check_lab reports that as
    a problem)."""
    try:
        raw = file.read_bytes()
    except OSError:
        return []
    doc = read_document(str(file), raw)
    if not doc.usable:
        return []
    found = set(fragile_warnings(doc, file)) | set(readable_warnings(doc))
    return sorted(found | set(answer_syntax_warnings(doc)))


def warning_line(warning: LabError) -> str:
    """`file:line:col: warning: [warn/...] sentence`, the compiler format for a warning."""
    return (
        f"{warning.file}:{warning.line}:{warning.column}: warning: "
        f"[{warning.schema_path}] {warning.message}"
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def run(args: argparse.Namespace) -> int:
    files, missing = lab_files(args.paths)
    for sentence in missing:
        print(sentence, file=sys.stderr)
    problems = warnings = 0
    for file in files:
        for error in check_lab(file):
            print(error)
            problems += 1
        for warning in _warnings(file):
            print(warning_line(warning))
            warnings += 1
    labs = _count(len(files), "lab file")
    if problems or warnings or missing:
        found = _count(problems, "problem")
        if warnings:
            found += f", {_count(warnings, 'warning')}"
        print(f"{found} in {labs}.", file=sys.stderr)
        strict = bool(getattr(args, "strict", False))
        return 1 if problems or missing or (strict and warnings) else 0
    print(f"OK: {labs} checked, no problems.")
    return 0
