"""The `grader` command: every subcommand's --help is the first documentation.

Subcommands live next to the code they drive; each module exposes `register(subparsers)` which
adds its parser and sets `func` (a callable taking the parsed args, returning an exit code).
Add a module to SUBCOMMAND_MODULES to expose it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# module path -> imported lazily so `grader lint` does not import asyncssh or the web stack.
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "grader.labs.lint_cmd",
    "grader.authoring.replay_cmd",
    "grader.authoring.trace_cmd",
    "grader.authoring.testlab_cmd",
    "grader.authoring.record_cmd",
    "grader.authoring.new_cmd",
    "grader.authoring.import_lesson_cmd",
    "grader.capture.bench_cmd",
    "grader.bench.bench_cmd",
    "grader.bench.store_bench",
    "grader.api.regrade_cmd",
    "grader.api.serve_cmd",
    "grader.api.export",
    "grader.api.class_cmd",
    "grader.daemon.run_cmd",
    "grader.daemon.reload_cmd",
    "grader.provision.provision_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grader",
        description=(
            "labgrader: grade hands-on labs from what learners really typed and saw.\n"
            "Learners' shells on the nodes are captured; the grader matches each command and its\n"
            "own output against a lab's steps and records verified progress."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # not written yet; other subcommands still work
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
