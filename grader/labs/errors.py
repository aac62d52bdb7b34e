"""LabError: one problem in a lab file, located where an author can fix it.

Every check (YAML reading, schema, semantic checks) reports through this one shape, so `grader
lint`, the daemon's start-up check and editors all print the same `file:line:col: [path] sentence`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class LabError:
    """A problem at a place in a lab file.

    `line` and `column` are 1-based and point at the offending value (or the mapping that lacks a
    required key). `schema_path` names the rule that failed: a location inside lab.schema.json
    (`#/$defs/step/required`) or, for checks the schema cannot express, `yaml/...` or `check/...`.
    """

    file: str
    line: int
    column: int
    schema_path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: [{self.schema_path}] {self.message}"


class LabInvalid(ValueError):
    """Raised by load_lab: carries every problem found, not just the first."""

    def __init__(self, errors: list[LabError]) -> None:
        self.errors = errors
        first = str(errors[0]) if errors else "invalid lab"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(first + more)
