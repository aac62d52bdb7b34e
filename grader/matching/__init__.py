"""Pure matching: command records against lab steps, giving verdicts.

The face others import from, each name loaded on first use from its module: the engine pulls in
bashlex and the attestation checks cryptography, which a caller of the lab model alone (the
daemon's ingest, the lab linter) need not load.
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names

if TYPE_CHECKING:
    from grader.matching.attest import (
        Attester,
        RecordShelf,
        enforced,
        read_key,
        verify_kept,
        verify_signature,
    )
    from grader.matching.cmdline import SimpleCommand, parse_line, simple_commands
    from grader.matching.command_check import check_command
    from grader.matching.course import current_lab, current_of, feed_course, grade_course
    from grader.matching.engine import LabGrader, grade_records
    from grader.matching.exit_check import check_exit
    from grader.matching.output_check import OutputMatcher
    from grader.matching.shellenv import ShellEnv, analyse_line
    from grader.matching.variables import substitute, unknown_variables

__getattr__ = lazy_names(
    __name__,
    {
        "Attester": ".attest",
        "LabGrader": ".engine",
        "OutputMatcher": ".output_check",
        "RecordShelf": ".attest",
        "ShellEnv": ".shellenv",
        "analyse_line": ".shellenv",
        "check_command": ".command_check",
        "check_exit": ".exit_check",
        "current_lab": ".course",
        "current_of": ".course",
        "enforced": ".attest",
        "feed_course": ".course",
        "grade_course": ".course",
        "grade_records": ".engine",
        "read_key": ".attest",
        "SimpleCommand": ".cmdline",
        "parse_line": ".cmdline",
        "simple_commands": ".cmdline",
        "substitute": ".variables",
        "unknown_variables": ".variables",
        "verify_kept": ".attest",
        "verify_signature": ".attest",
    },
)

__all__ = [
    "Attester",
    "LabGrader",
    "OutputMatcher",
    "RecordShelf",
    "ShellEnv",
    "SimpleCommand",
    "analyse_line",
    "check_command",
    "check_exit",
    "current_lab",
    "current_of",
    "enforced",
    "feed_course",
    "grade_course",
    "grade_records",
    "parse_line",
    "read_key",
    "simple_commands",
    "substitute",
    "unknown_variables",
    "verify_kept",
    "verify_signature",
]
