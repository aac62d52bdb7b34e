"""`grader lint`: check lab files and print every problem as `file:line:col: [rule] sentence`.

The format is the one compilers use, so editors and CI annotate the exact spot.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.labs.loader import LAB_FILE, check_lab


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "lint",
        help="check lab files against the lab format and report every problem",
        description=(
            "Check lab files (labs/<id>/lab.yaml) against grader/labs/lab.schema.json and the\n"
            "checks the schema cannot express (step references, ${var} use, regexes, answers).\n"
            "Every problem is printed at once as FILE:LINE:COL: [RULE] SENTENCE.\n"
            "Exit status: 0 when every lab is clean, 1 when any problem was found."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="a lab.yaml (or any .yaml file), or a folder: its lab.yaml and */lab.yaml are checked",
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


def run(args: argparse.Namespace) -> int:
    files, missing = lab_files(args.paths)
    for sentence in missing:
        print(sentence, file=sys.stderr)
    problems = 0
    for file in files:
        for error in check_lab(file):
            print(error)
            problems += 1
    if problems or missing:
        labs = f"{len(files)} lab file{'s' if len(files) != 1 else ''}"
        print(f"{problems} problem{'s' if problems != 1 else ''} in {labs}.", file=sys.stderr)
        return 1
    print(f"OK: {len(files)} lab file{'s' if len(files) != 1 else ''} checked, no problems.")
    return 0
