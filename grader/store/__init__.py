"""Verified progress and everything behind it: SQLite by default, PostgreSQL by URL.

`Store.open(url)` connects and migrates; the daemon writes with `ingest` (one transaction per
batch, idempotent), the API reads progress and events. See store.py for the exactly-once design.
"""

from typing import TYPE_CHECKING, Any

from grader.store.model import (
    AuditEntry,
    IngestBatch,
    LeaseLost,
    NodeStatus,
    StepProgress,
    StepState,
    VerdictEvent,
)

if TYPE_CHECKING:
    from grader.store.store import Store


def __getattr__(name: str) -> Any:
    """`Store` is imported on first use: the plain data types above (what the daemon's ingest
    builds, docs/architecture.md "Layers") load without SQLAlchemy."""
    if name == "Store":
        from grader.store.store import Store

        return Store
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
