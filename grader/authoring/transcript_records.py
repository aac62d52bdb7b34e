"""The output records a lab's transcripts (or a copied node spool) carry, read from their folder.

A signed run names its output record (grader/protocol/run_record.py); on a node the daemon reads
it from the spool, offline it lies in a folder. `FolderRecords` is that folder as the
Attester's record shelf (grader/matching/attest.py), for `grader replay`, `trace` and
`test-lab`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from grader.protocol import run_record

#: Where a lab keeps its transcripts' output records: tests/runs/ (`grader record` puts them
#: there, out of the author's way); a copied node spool has them beside the sessions.
RECORDS_SUBDIR = "runs"


class FolderRecords:
    """The output records in a folder (a node's spool directory copied) or its RECORDS_SUBDIR
    (a lab's tests/), read when a signed run names one: what `grader replay` and `test-lab`
    give the Attester."""

    __slots__ = ("folder",)

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, name: str) -> bytes | None:
        if run_record.record_session(name) is None:
            return None  # (no path of ours: the name is a bare record name)
        for path in (self.folder / name, self.folder / RECORDS_SUBDIR / name):
            try:
                if path.stat().st_size <= run_record.RECORD_MAX:
                    return path.read_bytes()
            except OSError:
                continue
        return None

    def pop(self, name: str, default: Any = None) -> Any:
        return default  # the files stay: another replay reads them again
