"""Verified progress and everything behind it: SQLite by default, PostgreSQL by URL.

`Store.open(url)` connects and migrates; the daemon writes with `ingest` (one transaction per
batch, idempotent), the API reads progress and events. See store.py for the exactly-once design.
"""

from grader.store.model import (
    AuditEntry,
    IngestBatch,
    LeaseLost,
    NodeStatus,
    StepProgress,
    StepState,
    VerdictEvent,
)
from grader.store.store import Store

__all__ = [
    "AuditEntry",
    "IngestBatch",
    "LeaseLost",
    "NodeStatus",
    "StepProgress",
    "StepState",
    "Store",
    "VerdictEvent",
]
